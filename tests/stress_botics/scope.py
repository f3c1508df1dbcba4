"""Which rule IDs of the Stress Botics spec the game implements now (part 1 = the implemented set: stages
0-2 of spec §7 from issue 15, plus from issue 16 stage 3, the threats, under rules version 2 and stages 4-5,
items, the hull, AlphaBot's delivery and the Elite, under rules version 3), which are still to come (part 2:
nothing) and part 3 (solo DeltaBot, issue 17: done, so now in part 1 with SB-EX-24; nothing is left there).

The table gives, per rule area, the rule numbers of each part as ranges ("01-08 13"), so that this file
does not itself name any rule ID (the coverage count looks for names under tests/). ``test_scope.py``
checks that every part-1 ID is named by another test file. ``COUNT`` is how many rules the spec lists
in each area; every number 1..COUNT sits in exactly one part.

Stage 5 (issue 16), the Elite under rules version 3, is part 1 too: SETUP 17-19, P1-EVENT 20-22, ELITE,
MINE 18, ALPHA 24, EX 27-28.

Reading notes: hatch damage on BetaBots (P1-EVENT 25, MOVE 13) and the Standard AI deck's setup
(SETUP 09) are done in part 1 with the Standard-deck AlphaBot. Stage 3 added the belt and spawns
(SETUP 16, P1-EVENT 13-19), Phase 5 (P5-CYL), AlphaBot's shields, aggression and run-overs (ALPHA 02-03,
05, 07-11, 21-23, 25, 28, 31, 33-34), attacks and captures (MINE 09-17, P3-ACT 09), Disarm/Arm
(CONNECT 09-10); the Deck End Events (P2-PROG 04, 09-10) were already played. Stage 4's items (rules
version 3) added SETUP 20-21, BASIC 01/17/19/21, CONNECT 05-06/08/11, ITEMS, SCORE 05 and EX 08/10; its hull
added AlphaBot's item server and the Items hatch (SETUP 11-12, P1-EVENT 26, CONNECT 12), INTERACT and leaving
the hull (INTERACT, MOVE 17, ALPHA 12-16, 32), AlphaBot's delivery and its scoring (ALPHADELIVER, SCORE 04,
EX 18, EX 32). SETUP 22 is part 1 for the supply. Nothing of the multiplayer game is left in part 2.
"""

from __future__ import annotations

COUNT: dict[str, int] = {
    "SETUP": 37, "BASIC": 21, "P1-EVENT": 26, "P2-PROG": 10, "P3-ACT": 11, "MOVE": 21, "MINE": 18,
    "CONNECT": 13, "DELIVER": 9, "ALPHADELIVER": 6, "INTERACT": 15, "P4-MAINT": 11, "BATTRACK": 4,
    "P5-CYL": 11, "ELITE": 13, "ALPHA": 34, "P6-STATUS": 5, "STRESS": 9, "SHIELD": 9, "ITEMS": 9,
    "END": 2, "SCORE": 8, "SOLO": 22, "EX": 33,
}

SCOPE: dict[str, dict[int, str]] = {
    "SETUP": {1: "01-37"},
    "BASIC": {1: "01-21"},
    "P1-EVENT": {1: "01-26"},
    "P2-PROG": {1: "01-10"},
    "P3-ACT": {1: "01-11"},
    "MOVE": {1: "01-21"},
    "MINE": {1: "01-18"},
    "CONNECT": {1: "01-13"},
    "DELIVER": {1: "01-09"},
    "ALPHADELIVER": {1: "01-06"},
    "INTERACT": {1: "01-15"},
    "P4-MAINT": {1: "01-11"},
    "BATTRACK": {1: "01-04"},
    "P5-CYL": {1: "01-11"},
    "ELITE": {1: "01-13"},
    "ALPHA": {1: "01-34"},
    "P6-STATUS": {1: "01-05"},
    "STRESS": {1: "01-09"},
    "SHIELD": {1: "01-09"},
    "ITEMS": {1: "01-09"},
    "END": {1: "01-02"},
    "SCORE": {1: "01-08"},
    "SOLO": {1: "01-22"},
    "EX": {1: "01-33"},
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
    "18": "rule combat.extra_key (one captured extra action per turn)",
    "30": "rule waves.return_waves (waves back before the lowest occupied segment)",
    "38": "rule waves.spawn (a block never enters AlphaBot's square)",
    "41": "rule cylindroids.explode (no chain explosions)",
    "42": "rule aggressive_cards._loop (the Z1 penalty is the end-of-Phase-5 loop)",
    "54": "option phase5_move_pushes_betabots",
    "55": "option attacked_explosive_blast",
    "05": "option elite_spawn_on_x",
    "04": "option server_refresh_stress_delta; data alphabot.json SRV-A1 refresh_stress (the printed -2)",
    "56": "option box_option_keeps_discount",
    "06": "rule elite.spawn (Cylindroids already in the vault stay)",
    "27": "rule elite_cards.reshuffle (the Ending card stays; a re-formed deck shows the Starting card's hatch side)",
    "28": "rule elite.give (the 1-2p third shield: 2 Elite AI cards at once)",
    "48": "rule stress.change_stress (solo: the two bots' markers push each other like players')",
    "51": "rule batteries.slots (DeltaBot's slot 0 by its AI tile)",
    "52": "naming only (the solo reminder and turn-order tiles are display; the order is derived state)",
    "57": "option solo_win_threshold",
}
"""The §5 rulings that bear on part 1 and where each lives: a lobby option, a data value or a rule in code.
The others (11–13, 17, 21, 23, 24, 29, 33–35, 43, 46, 49) were settled where the items, the hull and the Deck
End Events were built (43, the CONNECT Deck End Event's battery choice)."""


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
