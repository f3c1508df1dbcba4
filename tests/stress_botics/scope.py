"""Which rule IDs of the Stress Botics spec each part of the game covers (issue 15: part 1 = stages 0–2 of
spec §7; part 2 = the threats layer, AlphaBot's aggression, INTERACT, items, Deck End Events, AlphaBot
delivery; part 3 = solo DeltaBot).

The table gives, per rule area, the rule numbers of each part as ranges ("01-08 13"), so that this file
does not itself name any rule ID (the coverage count looks for names under tests/). ``test_scope.py``
checks that every part-1 ID is named by another test file. ``COUNT`` is how many rules the spec lists
in each area; every number 1..COUNT sits in exactly one part.

Reading notes: hatch damage on BetaBots (P1-EVENT 25, MOVE 13) and the Standard AI deck's setup
(SETUP 09) are done in part 1 with the Standard-deck AlphaBot. Attacks, captures and the hatch's
extract/produce are stage 3, so part 2; part 1 offers none of them. SETUP 22 (bag and unlimited supply)
is part 1 for the supply.
"""

from __future__ import annotations

COUNT: dict[str, int] = {
    "SETUP": 37, "BASIC": 21, "P1-EVENT": 26, "P2-PROG": 10, "P3-ACT": 11, "MOVE": 21, "MINE": 18,
    "CONNECT": 13, "DELIVER": 9, "ALPHADELIVER": 6, "INTERACT": 15, "P4-MAINT": 11, "BATTRACK": 4,
    "P5-CYL": 11, "ELITE": 13, "ALPHA": 34, "P6-STATUS": 5, "STRESS": 9, "SHIELD": 9, "ITEMS": 9,
    "END": 2, "SCORE": 8, "SOLO": 22, "EX": 33,
}

SCOPE: dict[str, dict[int, str]] = {
    "SETUP": {1: "01-10 13-15 22-37", 2: "11-12 16-21"},
    "BASIC": {1: "02-16 18 20", 2: "01 17 19 21"},
    "P1-EVENT": {1: "01-12 23-25", 2: "13-22 26"},
    "P2-PROG": {1: "01-03 05-08", 2: "04 09-10"},
    "P3-ACT": {1: "01-08 10-11", 2: "09"},
    "MOVE": {1: "01-16 18-21", 2: "17"},
    "MINE": {1: "01-08", 2: "09-18"},
    "CONNECT": {1: "01-04 07 13", 2: "05-06 08-12"},
    "DELIVER": {1: "01-09"},
    "ALPHADELIVER": {2: "01-06"},
    "INTERACT": {2: "01-15"},
    "P4-MAINT": {1: "01-11"},
    "BATTRACK": {1: "01-04"},
    "P5-CYL": {2: "01-11"},
    "ELITE": {2: "01-13"},
    "ALPHA": {1: "01 04 06 17-20 26-27 29-30", 2: "02-03 05 07-16 21-25 28 31-34"},
    "P6-STATUS": {1: "01-05"},
    "STRESS": {1: "01-09"},
    "SHIELD": {1: "01-09"},
    "ITEMS": {2: "01-09"},
    "END": {1: "01-02"},
    "SCORE": {1: "01-03 06-08", 2: "04-05"},
    "SOLO": {3: "01-22"},
    "EX": {1: "01-07 11-14 16-17 19-23 25-26 29 33", 2: "08-10 15 18 27-28 30-32", 3: "24"},
}
"""Area → part → rule numbers."""

AMB: dict[str, str] = {
    "01": "option end_timing",
    "02": "data boards.json battery_bonuses (2-3p row 8 = slot 4, 4p row 8 none)",
    "03": "data action_cards.json (seven CONNECT sub-actions)",
    "07": "option reshuffled_decks (Deck End Events: part 2, the option is declared already)",
    "08": "rule planet.can_end (never end on AlphaBot's square by choice)",
    "09": "rule planet._steps (leaving from a square costs the route only; the hull is part 2)",
    "10": "data vaults.json core.flip_with_section_tile",
    "14": "option aggressive_orbit; data ships.json orbit columns",
    "15": "rule events.draw_event (reshuffle the Event discard)",
    "16": "rule events.auto_produce (resources stay on an enhanced vault)",
    "19": "rule turns.Keep (keep costs from the slot's tank only)",
    "20": "rule extract.production / extract_yield (no work beside Cylindroids)",
    "22": "rule delivery.loadable (only types with VP)",
    "25": "rule maintenance (4.1.1 → 4.1.5 order)",
    "26": "rule tanks (overflowing Lava goes to the supply)",
    "31": "data rules.json rulings (hand threshold per mode)",
    "32": "rule batteries.cap (placement cap)",
    "36": "rule scoring.finish (ranking by final score)",
    "37": "rule planet.mantle_locations (Core → any Mantle location)",
    "39": "rule delivery.Deliver decline (automatic delivery optional)",
    "40": "rule moving.end_of_move / hatch damage on BetaBots",
    "44": "naming only (Orbit End tile)",
    "45": "data rules.json start_locations (inner Crust C vault)",
    "47": "data main_vault.json on_top_of_alphabot (2)",
    "50": "option turn_order",
    "53": "rule events.auto_produce (the Core never auto-produces)",
}
"""The §5 rulings that bear on part 1 and where each lives: a lobby option, a data value or a rule in code.
The others (04, 05, 06, 11–13, 17, 18, 21, 23, 24, 27–30, 33–35, 38, 41–43, 46, 48, 49, 51, 52, 54–57) are
about parts 2 and 3."""


def numbers(ranges: str) -> list[int]:
    """"01-03 07" → [1, 2, 3, 7]."""
    out: list[int] = []
    for chunk in ranges.split():
        low, _, high = chunk.partition("-")
        out += list(range(int(low), int(high or low) + 1))
    return out


def ids(part: int) -> list[str]:
    """Every rule ID of one part, in table order."""
    return [f"SB-{area}-{n:02d}" for area, parts in SCOPE.items() for n in numbers(parts.get(part, ""))]
