"""Entropy's Virus tokens (ATT-ENT-1 Hijack, ATT-ENT-2 Infection, ATT-ENT-3 Contagion).

An enemy Bot carrying an Entropy Virus token is *Infected*. The tokens sit in the state as
``players.<seat>.unique.infected`` (Bot ids; the supply count is ``unique.virus``). VIRUS(N) asks for one
enemy Bot at a time (at most 1 token per Bot, ``virus.one_per_bot``); a token follows its Bot through an
Upgrade (``virus.follow_upgrade_and_swap``) and returns when the Bot leaves play
(``virus.return_on_leave_play``), Contagion paying Entropy when that was a Destroy. The end-of-turn sweep is
``virus.remove_where_no_own_active``; ``virus.remove`` takes one token off."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import board
from .support import player
from .vows import triggers

VIRUS = "virus"
END_OF_RUN, CONTAGION = "end_of_own_run_phase", "infected_enemy_bot_destroyed_by_anyone"
TARGETS = ("enemy_bot_sharing_area_with_own_active", "enemy_bot_in_area_with_own_active", "enemy_bot_any_area",
           "enemy_bot_in_area_linked_to", "any_bot_of", "bot_of_covered_owner_in_bordering_areas")
"""The VIRUS target selectors written so far (the others are logged as skipped)."""


def carriers(g: Game) -> dict[str, int]:
    """Infected Bot id → the seat whose token it carries."""
    return {bid: int(s) for s, p in g.g["players"].items() for bid in p["unique"].get("infected", [])}


def infected_by(g: Game, seat: int) -> list[str]:
    return list(player(g, seat)["unique"].get("infected", []))


def _own_active_areas(g: Game, seat: int) -> set[str]:
    return {b["at"] for b in g.g["bots"].values()
            if b["owner"] == seat and board.in_play(b) and not b["stunned"]}


def targets(g: Game, seat: int, node: dict[str, Any]) -> list[str] | None:
    """Enemy Bots in play the selector allows and that carry no token, one per look; None: not written."""
    sel = node.get("target")
    if sel not in TARGETS:
        return None
    only = node.get("player") if sel in ("any_bot_of", "bot_of_covered_owner_in_bordering_areas") else None
    if only is not None and not isinstance(only, int):
        return []
    if sel == "any_bot_of":  # #14/#25: any Bot in play of the named player
        areas = None
    elif sel == "bot_of_covered_owner_in_bordering_areas":  # #15: beside the Link the Ship landed on
        areas = set(board.link_areas(g, node["link"])) if node.get("link") in g.g["links"] else set()
    elif sel == "enemy_bot_any_area":
        areas = None
    elif sel == "enemy_bot_in_area_linked_to":
        areas = set(board.linked(g, node["area"], seat)) if node.get("area") in g.g["areas"].values() else set()
    else:
        areas = _own_active_areas(g, seat)
    taken = carriers(g)
    seen: dict[tuple[int, int, str, bool], str] = {}
    for bid, b in sorted(g.g["bots"].items()):
        if b["owner"] != seat and board.in_play(b) and bid not in taken and (areas is None or b["at"] in areas) \
                and only in (None, b["owner"]):
            seen.setdefault((b["owner"], b["size"], b["at"], b["stunned"]), bid)
    return [seen[k] for k in sorted(seen)]


def hijackable(g: Game, seat: int, moved: list[str]) -> list[str]:
    """ATT-ENT-1 Hijack: in your turn, Active Infected Bots (yours to use) in Areas where you have an Active Bot;
    one per (owner, Size, Area)."""
    turn = g.g.get("turn") or {}
    if turn.get("seat") != seat or "infected" not in player(g, seat)["unique"]:
        return []
    mine = _own_active_areas(g, seat)
    seen: dict[tuple[int, int, str], str] = {}
    for bid in sorted(infected_by(g, seat)):
        b = g.g["bots"][bid]
        if board.in_play(b) and not b["stunned"] and b["at"] in mine and bid not in moved:
            seen.setdefault((b["owner"], b["size"], b["at"]), bid)
    return [seen[k] for k in sorted(seen)]


def bot_text(g: Game, bid: str) -> str:
    bot = g.g["bots"][bid]
    intel = g.data.intelligences[player(g, bot["owner"])["intel"]]
    state = " (Stunned)" if bot["stunned"] else ""
    return f"{intel.name}'s {intel.bot(bot['size']).name}{state} in {g.data.areas[bot['at']].name}"


def queue_virus(g: Game, seat: int, node: dict[str, Any], optional: bool = False) -> bool:
    """VIRUS(v): queue the placing in front; False when its selector is not written yet."""
    if node.get("target") not in TARGETS or "unique" not in player(g, seat) or "virus" not in player(g, seat)["unique"]:
        return False
    extra = {k: node[k] for k in ("player", "link", "tag") if k in node}
    effects.push_front(g, effects.effect(VIRUS, seat, left=node["v"], target=node["target"], area=node.get("area"),
                                         optional=optional, immune=bool(node.get("ignore_hijack_removal")), **extra))
    return True


def run_virus(g: Game, item: dict[str, Any]) -> list[Any] | None:
    seat = item["owner"]
    if item["left"] <= 0:
        return None
    if player(g, seat)["unique"]["virus"] <= 0:
        g.log(f"{{seat{seat}}} has no Virus token left.")
        return None
    options = targets(g, seat, item) or []
    if not options:
        g.log(f"{{seat{seat}}} has no enemy Bot to Infect.")
        return None
    return [*options, "done"] if item["optional"] or item.get("placed") else options


def pick_virus(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "done":
        return
    seat = item["owner"]
    unique = player(g, seat)["unique"]
    unique["virus"] -= 1
    unique.setdefault("infected", []).append(token)
    if item["immune"]:
        unique.setdefault("immune", []).append(token)
    if item.get("tag") and g.g.get("turn") is not None:  # #26: the newly Infected Bots, for what follows
        g.g["turn"].setdefault("tagged", {}).setdefault(item["tag"], []).append(token)
    g.log(f"{{seat{seat}}} Infects {bot_text(g, token)} with a Virus token.")
    effects.push_front(g, {**item, "left": item["left"] - 1, "placed": True})


def label_virus(g: Game, item: dict[str, Any], token: Any) -> str:
    return "Place no more Virus tokens" if token == "done" else f"Infect {bot_text(g, token)}"[:80]


def end_of_run(g: Game, seat: int) -> list[dict[str, Any]]:
    """ATT-ENT-2, end of your Run Phase (once a turn): the optional VIRUS(1) to queue."""
    if "virus" not in player(g, seat)["unique"] or g.g["turn"].get("infection_done"):
        return []
    g.g["turn"]["infection_done"] = True
    out = []
    for tree in triggers(g, seat, END_OF_RUN):
        if tree.get("op") == VIRUS and tree.get("target") in TARGETS:
            out.append(effects.effect(VIRUS, seat, left=tree["v"], target=tree["target"], area=None, optional=True,
                                      immune=False))
    return out


def remove(g: Game, bid: str, why: str) -> None:
    """virus.remove: the token of ``bid`` back to its Entropy's supply."""
    seat = carriers(g).get(bid)
    if seat is None:
        return
    unique = player(g, seat)["unique"]
    unique["infected"].remove(bid)
    unique["virus"] += 1
    if bid in unique.get("immune", []):
        unique["immune"].remove(bid)
    g.log(f"{{seat{seat}}}'s Virus token returns ({why}).")


def follow(g: Game, old: str, new: str) -> None:
    """virus.follow_upgrade_and_swap: the token moves onto the replacement Bot."""
    seat = carriers(g).get(old)
    if seat is not None:
        infected = player(g, seat)["unique"]["infected"]
        infected[infected.index(old)] = new


def left_play(g: Game, bid: str, destroyed: bool) -> None:
    """virus.return_on_leave_play, and ATT-ENT-3 Contagion when the Infected Bot was Destroyed (by anyone)."""
    seat = carriers(g).get(bid)
    if seat is None:
        return
    remove(g, bid, "its Bot left play")
    if destroyed and seat != g.g["bots"][bid]["owner"]:
        for tree in triggers(g, seat, CONTAGION):
            effects.push_front(g, effects.effect("node", seat, node=tree))


def end_of_turn(g: Game, seat: int) -> None:
    """virus.remove_where_no_own_active (ATT-ENT-1): tokens off Infected Bots in Areas without your Active Bot;
    tokens placed to ignore this (#20) do so this turn only."""
    unique = player(g, seat)["unique"]
    if "infected" not in unique:
        return
    mine = _own_active_areas(g, seat)
    for bid in list(unique["infected"]):
        if g.g["bots"][bid]["at"] not in mine and bid not in unique.get("immune", []):
            remove(g, bid, "no Entropy Bot is Active beside it")
    unique["immune"] = []


EFFECTS = {
    VIRUS: Handler(run_virus, pick=pick_virus, label=label_virus, prompt="Place a Virus token on which enemy Bot?",
                   auto_single=False, default=lambda g, item, options: options[0]),
}
"""The VIRUS placing."""
