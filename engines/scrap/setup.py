"""Setup by player count (SC-SETUP-*): the map, Ruins, Relics, supplies, Consoles; then the setup prompts.

The shuffles run in the spec's fixed order (§6.6): Intelligences (when random), Area tiles, Relics,
Fragments, the Warped Mode ring. Seats are the host's; the turn order is ascending POWER (SC-SETUP-13).
"""

from __future__ import annotations

from typing import Any

from engines.core import Game, OptionError

from .content import DOMAINS, Content

RANDOM, DRAFT = "random", "draft"
"""The ``intelligences`` option's words besides a comma list of Intelligence ids in seat order."""
FIRST_GAME_OUT = ("entropy", "olympus")
"""Left out of a random choice with ``first_game`` (SC-SETUP-12's recommendation)."""


def chosen(c: Content, seats: int, text: str) -> list[str] | None:
    """The fixed Intelligences a comma list names (seat order), None for random or draft; raises on a bad list."""
    words = [w.strip().lower() for w in text.replace(";", ",").split(",") if w.strip()]
    if words in ([RANDOM], [DRAFT]):
        return None
    known = list(c.intelligences)
    bad = [w for w in words if w not in known]
    if bad or len(words) != seats or len(set(words)) != seats:
        raise OptionError(f"Intelligences: say random, draft, or {seats} different ones of {', '.join(known)} "
                          "separated by commas, in seat order.")
    return words


def check_options(c: Content, seats: int, options: dict[str, Any]) -> None:
    """Reject options that do not fit the player count (SC-VARIANT-01: Energised is for 2–3 players)."""
    chosen(c, seats, options["intelligences"])
    if options["energised"] and seats not in c.rules["variants"]["energised"]["players"]:
        raise OptionError("Energised Mode is for 2 or 3 players.")


def start(g: Game) -> None:
    """Fill ``g.g`` and push the first setup prompt."""
    c, n, opts = g.data, g.seats, g.options
    fixed = chosen(c, n, opts["intelligences"])
    intel: dict[str, str | None] = {str(s): None for s in range(n)}
    if fixed is not None:
        intel = {str(s): fixed[s] for s in range(n)}
    elif opts["intelligences"].strip().lower() == RANDOM:  # SC-SETUP-12: the Randomisers
        pool = [i for i in c.intelligences if not (opts["first_game"] and i in FIRST_GAME_OUT)]
        g.rng.shuffle(pool)
        intel = {str(s): pool[s] for s in range(n)}
    g.g.update(players={}, bots={}, order=[], round=1, turn=None, setup=[])
    build_map(g)
    build_supply(g)
    if opts["warped"]:  # SC-VARIANT-02: Domain Boards in a seeded random ring on the colourless side
        ring = list(DOMAINS)
        g.rng.shuffle(ring)
        g.g["ring"] = ring
    else:
        g.g["ring"] = list(c.raw["mode_board"]["ring"])
    g.g["intel"] = intel
    draft = [s for s in range(n) if intel[str(s)] is None]
    if draft or opts["energised"]:
        g.goto("draft", **draft_frame(g))
    else:
        seat_players(g)


def draft_frame(g: Game) -> dict[str, Any]:
    """The picking order (SC-SETUP-12; Energised: two rounds, the second reversed, SC-VARIANT-01)."""
    seats = list(range(g.seats))
    picks = seats + seats[::-1] if g.options["energised"] else seats
    if g.options["energised"]:
        g.g["energiser_offer"] = [next(e for e, d in g.data.energisers if d == dom) for dom in DOMAINS]
    g.g["energisers_picked"] = {}
    return {"seat": picks[0], "picks": picks[1:]}


def build_map(g: Game) -> None:
    """Areas into the formation, Ruins on their Links, a Relic on every Area but the Heart (SC-SETUP-01..06)."""
    c, n = g.data, g.seats
    tiles = sorted(a for a in c.areas if a != c.heart)
    g.rng.shuffle(tiles)  # SC-SETUP-02
    positions = c.positions_for(n)
    areas = {positions[0]: c.heart, **dict(zip(positions[1:], tiles, strict=False))}
    ruins = set(c.ruins_for(n))
    links = {lk.id: (["ruins"] if lk.id in ruins else []) for lk in c.links_for(n)}  # SC-SETUP-03
    relics = list(c.relics)
    if n < 4:  # SC-SETUP-04: 1 of each Domain back to the box
        for dom in DOMAINS:
            for _ in range(c.relics_removed_per_domain):
                relics.remove(max(r for r in relics if r[1] == dom))
    ids = [r for r, _ in relics]
    g.rng.shuffle(ids)  # SC-SETUP-05
    placed = {areas[p]: ids[i] for i, p in enumerate(positions[1:])}  # SC-SETUP-06: never the Heart
    g.g.update(areas=areas, links=links, relics=placed)


def build_supply(g: Game) -> None:
    """Celestium and Weapons in a general supply, the Fragments shuffled, Energisers by Domain (SC-SETUP-07/08/10)."""
    c = g.data
    deck = list(c.fragment_values)
    g.rng.shuffle(deck)  # SC-SETUP-08
    g.g["fragments"] = deck
    g.g["supply"] = {"celestium": c.supplies["celestium"]["count"], "weapons": c.supplies["weapons"]["count"],
                     "energisers": {d: [e for e, dom in c.energisers if dom == d] for d in DOMAINS}}  # SC-SETUP-10


def new_player(c: Content, intel_id: str, seat_index: int, casual: bool) -> dict[str, Any]:
    """A Console at the start (SC-SETUP-14..19, 22): hand, box, Knowledge, Mode Marker, Energy and Data by seat."""
    intel = c.intelligences[intel_id]
    start = c.rules["seats"][seat_index]
    rules_q = c.rules["queue"]
    p: dict[str, Any] = {
        "intel": intel_id, "energy": start["energy"], "data": start["data"],  # SC-SETUP-22
        "hand": list(intel.start_hand), "box": [r for r in intel.functions if r not in intel.start_hand],  # SC-SETUP-17
        "queue": [], "discard": [], "fragments": [], "active": None, "status": None, "played": [],
        "knowledge": {d: intel.start_knowledge[d] for d in DOMAINS},  # SC-SETUP-18
        "mode": c.centre,  # SC-SETUP-19
        "celestium": [False] * len(intel.celestium_slots), "weapons": [], "relics": [],
        "queue_limit": rules_q["casual_limit"] if casual else rules_q["limit"],
        "unique": {},
    }
    u = intel.unique
    if "xp_marker" in u:  # ATT-CER-1 SETUP: XP Marker on 4
        p["unique"]["xp"] = u["xp_marker"]["start"]
        p["unique"]["errorful"] = True  # ATT-CER-1: Destroyed Bots wait on this card
    if "vows" in u:  # ATT-OLY-2/3 SETUP: Vows Vow-side up, Divinity 0
        p["unique"]["vows"] = {v: "vow" for v in c.vows}
        p["unique"]["divinity"] = 0
    if "virus_tokens" in u:
        p["unique"]["virus"] = u["virus_tokens"]["count"]
        p["unique"]["infected"] = []
        p["unique"]["infection"] = u["infection_markers"]["count"]
    if "fissures" in u:
        p["unique"]["fissures"] = u["fissures"]["count"]
    return p


def seat_players(g: Game) -> None:
    """Every seat has an Intelligence: turn order by POWER, Consoles, Bots, then the setup prompts."""
    c = g.data
    order = sorted(range(g.seats), key=lambda s: c.intelligences[g.g["intel"][str(s)]].power)  # SC-SETUP-13
    g.g["order"] = order
    for index, seat in enumerate(order):
        iid = g.g["intel"][str(seat)]
        p = new_player(c, iid, index, g.options["casual"])
        energiser = g.g.get("energisers_picked", {}).get(str(seat))
        if energiser:  # SC-VARIANT-01: the picked Energiser starts in hand
            p["hand"].append(energiser)
        g.g["players"][str(seat)] = p
        for bot in c.intelligences[iid].bots:  # SC-SETUP-15: every Bot starts in the Reserve
            for k in range(bot.count):
                g.g["bots"][f"{seat}.{bot.size}.{k + 1}"] = {"owner": seat, "size": bot.size, "at": None,
                                                             "stunned": False}
        g.log(f"{{seat{seat}}} plays {c.intelligences[iid].name} (POWER {c.intelligences[iid].power}).")
    g.g.pop("energiser_offer", None)
    g.g.pop("energisers_picked", None)
    queue: list[dict[str, Any]] = []
    for seat in order:  # SC-SETUP-16: Attribute SETUP abilities, before Ships, in POWER order
        intel = c.intelligences[g.g["intel"][str(seat)]]
        for att in intel.attributes:
            setup = att.setup
            if setup is None or setup.get("op") == "hook":
                continue  # XP, Vows and Divinity are placed with the Console (new_player)
            queue.append({"step": setup["op"], "seat": seat, "left": setup["v"]})
    queue += [{"step": "place_ship", "seat": s} for s in order]  # SC-SETUP-20
    queue += [{"step": "place_bots", "seat": s} for s in order]  # SC-SETUP-21
    g.g["setup"] = queue
    next_setup(g)


def next_setup(g: Game) -> None:
    """Go to the next setup prompt, or start the first turn (SC-SETUP-23)."""
    queue = g.g["setup"]
    while queue:
        item = queue.pop(0)
        kind = item["step"]
        if kind == "celestium":
            g.goto("setup_celestium", seat=item["seat"])
            return
        if kind == "fissure":
            g.goto("setup_fissure", seat=item["seat"])
            return
        if kind == "place_ship":
            g.goto("place_ship", seat=item["seat"])
            return
        if kind == "place_bots":
            sizes = [b.size for b in g.data.intelligences[g.g["intel"][str(item["seat"])]].bots if b.start]
            g.goto("place_bots", seat=item["seat"], sizes=sizes)
            return
    first_turn(g)


def first_turn(g: Game) -> None:
    """The lowest-POWER player starts (SC-SETUP-23): their Run Phase asks for an Active Function (SC-RUN-03)."""
    g.g["turn"] = {"seat": g.g["order"][0], "number": 1, "phase": "run", "first": True}
    g.g.pop("setup", None)
    g.log(f"Setup is complete. {{seat{g.g['order'][0]}}} takes the first turn.")
    g.goto("choose_active", seat=g.g["order"][0])
