"""Setting up the table and the recruit draft (EU-SETUP-*, EU-AUTOMA-01..09)."""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Simultaneous

from .artifacts import refill_bazaar
from .automa.state import choose_factions, setup_automa
from .queue import pending
from .tableau import data, name, query
from .turns import start_turn


def automa_game(seats: int, options: dict[str, Any]) -> bool:
    """Automa plays with 1 human always, with 2 humans when chosen (EU-AUTOMA-01)."""
    return seats == 1 or (seats == 2 and bool(options.get("automa")))


def start(g: Game) -> None:
    """Lay out the board, shuffle everything, deal recruits, then the draft (EU-SETUP-01..09)."""
    c = data(g)
    automa = automa_game(g.seats, g.options)
    count = g.seats + (2 if automa else 0)
    tiles = [m.id for m in c.markets.values() if not (automa and m.automa_excluded)]  # EU-AUTOMA-02
    g.rng.shuffle(tiles)
    deck = [t for t in c.artifact_types for _ in range(c.artifact_copies)]
    g.rng.shuffle(deck)
    pool = [r.id for r in c.recruits.values() if not (automa and r.automa_excluded)  # EU-AUTOMA-03
            and g.options.get("recruit_pool", "all") in ("all", r.pool)]
    g.rng.shuffle(pool)
    g.g.update(
        players=[], built={}, stars={}, ran_away=[], placing=None, skips=0, turn_pid=0, once=[],
        ignored=None, activated=False,
        final={"triggered": False, "remaining": None},
        site_tiles=[[tiles.pop()] for _ in c.sites],  # EU-SETUP-02: face down
        tile_box=tiles, tracks={a: 0 for a in c.areas},  # EU-SETUP-04
        miners={a: c.tunnel_track["start_by_players"][str(count)] for a in c.tunnels},  # EU-SETUP-05
        art_deck=deck, art_discard=[], bazaar=[], recruit_deck=pool, recruit_box=[], automa=None,
    )
    pending(g)  # the core's effect queue, state["effects"]
    refill_bazaar(g)  # EU-SETUP-06
    colours = [x for x in c.c["colours"] if not (automa and x in c.automa["colours"])]
    for seat in range(g.seats):
        g.g["players"].append(new_player(g, colours[seat]))
    for seat in range(g.seats):
        deal(g, seat)
    if automa:
        setup_automa(g)
    g.goto("draft", **Draft.frame_for(list(range(g.seats))))


def new_player(g: Game, colour: str) -> dict[str, Any]:
    """A fresh player board (EU-SETUP-07/08)."""
    c = data(g).c
    return {
        "kind": "human", "colour": colour, "morale": c["morale"]["start"], "knowledge": c["knowledge"]["start"],
        "goods": {x: 0 for x in (*c["commodities"], *c["resources"])}, "artifacts": [], "active": [],
        "hidden": [], "dealt": [], "dormant": [], "starred": [], "stars": 0,
        "dice": [{"pips": 1, "at": "avail"} for _ in range(c["start_dice"])],
    }


def deal(g: Game, seat: int) -> None:
    """Four recruits; a hand of only factionless ones is redealt (EU-SETUP-09/10, R-28)."""
    p = g.g["players"][seat]
    n = data(g).c["recruits_dealt"]
    while True:
        p["dealt"] = g.draw(g.g["recruit_deck"], n)
        if any(data(g).recruits[r].faction for r in p["dealt"]):
            return
        g.log(f"{{seat{seat}}} was dealt only factionless recruits: a new deal.")
        g.g["recruit_deck"] += p["dealt"]
        g.rng.shuffle(g.g["recruit_deck"])


def keep_options(g: Game, seat: int) -> list[tuple[str, str]]:
    """(active, hidden) pairs: a factionless recruit is never hidden (EU-SETUP-10)."""
    dealt = g.g["players"][seat]["dealt"]
    return [(a, h) for a in dealt for h in dealt if a != h and data(g).recruits[h].faction]


class Draft(Simultaneous):
    """Everyone keeps one active and one hidden recruit in secret; actives are revealed together."""

    name = "draft"
    verbs = ("keep",)
    deciding = "choose which recruits to keep"

    def actions_keep(self, g: Game, seat: int) -> list[Action]:
        return [Action("keep", a, h) for a, h in keep_options(g, seat)]

    def act_keep(self, g: Game, seat: int, active: str, hidden: str) -> None:
        self.mine(g, seat)["keep"] = [active, hidden]
        self.lock(g, seat)

    def prompt(self, g: Game, seat: int) -> str:
        return "Keep two recruits: one active (face up) and one hidden (face down)."

    def label_keep(self, g: Game, seat: int, active: str, hidden: str) -> str:
        r = data(g).recruits
        return f"Active: {r[str(active)].name}; hidden: {r[str(hidden)].name}"

    def default(self, g: Game, seat: int) -> Action:
        dealt = g.g["players"][seat]["dealt"]
        options = keep_options(g, seat)
        factionless = [a for a, _ in options if not data(g).recruits[a].faction]
        first = [(a, h) for a, h in options if dealt.index(a) + dealt.index(h) == 1]
        pick = next(((a, h) for a, h in options if a in factionless), None) or (first[0] if first else options[0])
        return Action("keep", *pick)

    def resolve(self, g: Game, choices: dict[int, dict[str, Any]]) -> None:
        """Reveal actives together, roll the start dice, pick the first player (EU-SETUP-09/12)."""
        for seat, choice in sorted(choices.items()):
            p = g.g["players"][seat]
            active, hidden = choice["keep"]
            p["active"], p["hidden"] = [active], [hidden]
            g.g["recruit_box"] += [r for r in p["dealt"] if r not in (active, hidden)]
            p["dealt"] = []
            g.log(f"{{seat{seat}}} reveals {data(g).recruits[active].name} as active recruit.")
        for seat in range(g.seats):
            dice = g.g["players"][seat]["dice"]
            g.g["players"][seat]["dice"] = dice[:query(g, "start_dice", seat, len(dice))]
        sums = {}
        for seat in range(g.seats):
            p = g.g["players"][seat]
            for d in p["dice"]:
                d["pips"] = g.rng.roll(6)
            sums[seat] = sum(d["pips"] for d in p["dice"])
            g.log(f"{{seat{seat}}} rolls {', '.join(str(d['pips']) for d in p['dice'])}.")
        best = max(sums.values())
        tied = [s for s, v in sums.items() if v == best]
        first = tied[0] if len(tied) == 1 else g.rng.choice(tied)
        if len(tied) > 1:
            g.log("Tie for the highest roll: the first player is drawn at random.")
        if g.g["automa"] is not None:
            choose_factions(g)
        g.g["first"] = first
        g.log(f"{name(first, g)} goes first.")
        start_turn(g, first)
