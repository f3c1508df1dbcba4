"""What each seat may see (§6.2): the map, Consoles and tracks are public; hands, Queues, Discard Piles and
Fragments are their owner's; the Fragment deck's order is nobody's."""

from __future__ import annotations

from typing import Any

from engines.core import Game
from engines.core.zones import Zones, frame, nobody, owner, public

from . import board
from .fight import bot_words, command_name

PUBLIC_CONSOLE = ("intel", "energy", "data", "box", "knowledge", "mode", "celestium", "weapons", "relics",
                  "queue_limit", "active", "status", "played", "unique")

ZONES = Zones(
    public("g.order", "g.round", "g.turn", "g.areas", "g.links", "g.relics", "g.bots", "g.supply", "g.ring",
           "g.intel", "g.setup", "g.energiser_offer", "g.energisers_picked", "g.battle"),
    public(*(f"g.players.*.{key}" for key in PUBLIC_CONSOLE)),
    owner("g.players.{seat}.hand"),
    owner("g.players.{seat}.queue"),  # SC-LOAD-05: face-down to others, its owner may peek
    owner("g.players.{seat}.discard"),  # §6.2 ruling: the face-down pile is the owner's
    owner("g.players.{seat}.fragments"),  # SC-ACT-FRAGMENT-03
    owner("g.players.{seat}.drawn"),  # the Fragments just drawn (SC-REF-05), as secret
    nobody("g.fragments"),  # the face-down deck: only its size shows
    frame("choose", owner("options", seat="seat", when="op.secret")),  # an Expend or Refresh lists hidden cards
)
"""SCRAP's secrecy, declared once."""


def card_words(g: Game, card: Any) -> str:
    """A hand card in words (a Function by name, an Energiser by Domain); '?' when hidden."""
    if isinstance(card, int):
        return g.data.functions[card].name
    if isinstance(card, str):
        return f"{g.data.domains[dict(g.data.energisers)[card]].name} Energiser"
    return "?"


def private_text(g: Game, seat: int) -> list[str]:
    """The seat's own secrets in sentences (for /hand)."""
    p = g.g["players"][str(seat)]
    hand = ", ".join(card_words(g, c) for c in p["hand"]) or "nothing"
    lines = [f"Your hand ({len(p['hand'])}): {hand}."]
    if p["queue"]:
        lines.append("Your Queue, next to run last: " + ", ".join(card_words(g, c) for c in p["queue"]) + ".")
    if p["fragments"]:
        lines.append(f"Your Fragments: {', '.join(str(v) for v in p['fragments'])} Data.")
    return lines


def table_view(g: Game, seat: int | None) -> dict[str, Any]:
    """The table for ``seat`` (the state is already redacted for it)."""
    t, c = g.g, g.data
    reserve: dict[tuple[int, int], int] = {}
    held: dict[int, int] = {}
    here_by_area: dict[str, dict[str, dict[str, int]]] = {}
    for b in t["bots"].values():
        if b["at"] is None:
            reserve[(b["owner"], b["size"])] = reserve.get((b["owner"], b["size"]), 0) + 1
        elif b["at"] == board.ERRORFUL:
            held[b["owner"]] = held.get(b["owner"], 0) + 1
        else:
            key = f"{b['size']}{'s' if b['stunned'] else ''}"
            mine = here_by_area.setdefault(b["at"], {}).setdefault(str(b["owner"]), {})
            mine[key] = mine.get(key, 0) + 1
    players = {}
    for s, p in t["players"].items():
        intel = c.intelligences[p["intel"]]
        players[s] = {
            "intelligence": intel.name, "power": intel.power, "energy": p["energy"], "data": p["data"],
            "knowledge": p["knowledge"], "mode": p["mode"], "celestium": p["celestium"], "weapons": p["weapons"],
            "relics": p["relics"], "queue_limit": p["queue_limit"], "unique": p["unique"],
            "active": None if p["active"] is None else c.functions[p["active"]].name,
            "hand_count": len(p["hand"]), "queue_count": len(p["queue"]), "discard_count": len(p["discard"]),
            "fragment_count": len(p["fragments"]), "box": [c.functions[r].name for r in p["box"]],
            "reserve": {str(b.size): reserve.get((int(s), b.size), 0) for b in intel.bots},
            "errorful": held.get(int(s), 0),
        }
    areas = {}
    for pos, aid in t["areas"].items():
        relic = t["relics"].get(aid)
        areas[aid] = {"name": c.areas[aid].name, "position": pos, "hex": list(c.positions[pos]),
                      "relic": None if relic is None else c.domains[dict(c.relics)[relic]].name,
                      "bots": here_by_area.get(aid, {})}
    view: dict[str, Any] = {
        "round": t["round"], "order": t["order"], "turn": t["turn"], "areas": areas,
        "links": {lk: link_view(g, lk, stack) for lk, stack in t["links"].items()},
        "supply": {"celestium": t["supply"]["celestium"], "weapons": t["supply"]["weapons"],
                   "energisers": {d: len(v) for d, v in t["supply"]["energisers"].items()},
                   "fragments": len(t["fragments"])},
        "ring": t["ring"], "players": players, "intelligences": t["intel"],
    }
    if t.get("battle"):
        view["battle"] = battle_view(g)
    if seat is not None:
        view["private_text"] = []
    if seat is not None and str(seat) in t["players"]:
        p = t["players"][str(seat)]
        view["hand"] = [card_words(g, x) for x in p["hand"]]
        view["queue"] = [card_words(g, x) for x in p["queue"]]
        view["fragments"] = list(p["fragments"])
        view["private_text"] = private_text(g, seat)
    return view


def battle_view(g: Game) -> dict[str, Any]:
    """The running Battle in words: where, who started it, the step, and each revealed Battle Board."""
    b = g.g["battle"]
    boards: dict[str, dict[str, list[str]]] = {}
    for bid, cmd in sorted(b["boards"].items()):
        owner = str(g.g["bots"][bid]["owner"])
        words = bot_words(g, bid, whose=False).replace(f" in {command_name(cmd)}", "")
        boards.setdefault(owner, {}).setdefault(command_name(cmd), []).append(words)
    return {"area": g.data.areas[b["area"]].name, "current": b["current"], "stage": b["stage"],
            "participants": b["participants"], "boards": boards}


def link_view(g: Game, link: str, stack: list[str]) -> dict[str, Any]:
    """A Link: its two Areas, its stack bottom first (also in words) and whose piece is on top."""
    between = list(board.link_areas(g, link))
    words = []
    for piece in stack:
        kind, _, who = piece.partition(":")
        owner = g.data.intelligences[g.g["players"][who]["intel"]].name if who else ""
        words.append("Ruins" if kind == "ruins" else f"{owner} {kind.capitalize()}")
    top = stack[-1].partition(":")[2] if stack else ""
    return {"between": between, "between_names": [g.data.areas[a].name for a in between], "stack": stack,
            "stack_words": words, "top_seat": int(top) if top else None}
