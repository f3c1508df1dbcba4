"""#4 Perilous Scavenge's MOD (SC-REF-04, EX-25h): one Area where you have Bots but no Control may also give
Rewards in this Search. Each cost-1 Reward there costs Destroying your own Bots there of total Size ≥ 2, each
cost-2 Reward Size ≥ 4, paid when the Reward is chosen; those Bots go to Errorful Learning as usual and give no
Data (A-19). A Reward taken this Phase stays unavailable even if Control changes (SC-ACT-SEARCH-03).

The MOD marks the Search atom ``perilous`` (the Size per Reward cost); the Search item keeps the Area once
chosen in ``perilous_area``."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import board
from .combat import destroy
from .support import player

HOOK, DESTROY_OWN = "search.perilous_area", "destroy_own"


def mark(tree: Any, mods: list[dict[str, Any]]) -> Any:
    """The Core with every SEARCH atom marked by the MOD's Size per Reward cost."""
    hook = next((m for m in mods if m.get("name") == HOOK), None)
    if hook is None:
        return tree
    need = {int(k): int(v["spec"]["min_total_size"]) for k, v in hook["params"]["cost"].items()}
    return _mark(tree, need)


def _mark(tree: Any, need: dict[int, int]) -> Any:
    if isinstance(tree, list):
        return [_mark(x, need) for x in tree]
    if not isinstance(tree, dict):
        return tree
    out = {k: _mark(v, need) for k, v in tree.items()}
    return {**out, "perilous": {str(k): v for k, v in need.items()}} if out.get("op") == "search" else out


def own_size(g: Game, seat: int, area: str) -> int:
    return sum(b["size"] for b in g.g["bots"].values() if b["owner"] == seat and b["at"] == area)


def areas(g: Game, item: dict[str, Any]) -> list[str]:
    """The Area 'there': the chosen one, or any where you have Bots but another player (or no one) Controls."""
    seat = item["owner"]
    if item.get("perilous_area"):
        return [item["perilous_area"]]
    return [a for a in g.g["areas"].values() if own_size(g, seat, a) > 0 and board.controller(g, a) != seat]


def options(g: Game, item: dict[str, Any], used: list[str]) -> list[str]:
    """Rewards 'there' within the Value whose Size cost your Bots there can still pay."""
    if not item.get("perilous"):
        return []
    out = []
    for aid in areas(g, item):
        for r in g.data.areas[aid].rewards:
            need = item["perilous"].get(str(r.cost))
            covered = r.right_hand and aid in g.g["relics"]
            if need is not None and not covered and r.id not in used and r.id not in item["chosen"] \
                    and r.cost <= item["left"] and own_size(g, item["owner"], aid) >= need:
                out.append(r.id)
    return out


def chosen(g: Game, item: dict[str, Any], rid: str, cost: int) -> list[dict[str, Any]]:
    """A Reward 'there' was picked: the Area is fixed and its Size cost is paid first (effects to queue)."""
    aid = rid.split(".")[0]
    if not item.get("perilous") or board.controller(g, aid) == item["owner"] or \
            (item.get("perilous_area") not in (None, aid)):
        return []
    item["perilous_area"] = aid
    need = int(item["perilous"][str(cost)])
    g.log(f"{{seat{item['owner']}}} pays for the Reward with Bots of total Size {need} in {g.data.areas[aid].name}.")
    return [effects.effect(DESTROY_OWN, item["owner"], area=aid, left=need)]


def _groups(g: Game, seat: int, area: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for bid, b in sorted(g.g["bots"].items()):
        if b["owner"] == seat and b["at"] == area:
            out.setdefault(f"{b['size']}{'s' if b['stunned'] else 'a'}", bid)
    return out


def run_destroy_own(g: Game, item: dict[str, Any]) -> list[Any] | None:
    if item["left"] <= 0:
        return None
    return sorted(_groups(g, item["owner"], item["area"])) or None


def pick_destroy_own(g: Game, item: dict[str, Any], token: Any) -> None:
    seat = item["owner"]
    bid = _groups(g, seat, item["area"])[token]
    bot = g.g["bots"][bid]
    g.log(f"{{seat{seat}}} Destroys their own {label_bot(g, seat, token)} in {g.data.areas[item['area']].name}.")
    size = bot["size"]
    destroy(g, bot)  # no Data for your own Bots; Cerebrum's go to Errorful Learning
    if item["left"] > size:
        effects.push_front(g, {**item, "left": item["left"] - size})


def label_bot(g: Game, seat: int, token: str) -> str:
    name = g.data.intelligences[player(g, seat)["intel"]].bot(int(token[0])).name
    return name + (" (Stunned)" if token.endswith("s") else "")


def label_destroy_own(g: Game, item: dict[str, Any], token: Any) -> str:
    return f"Destroy your {label_bot(g, item['owner'], token)} in {g.data.areas[item['area']].name} " \
           f"({item['left']} Size still to pay)"


EFFECTS = {DESTROY_OWN: Handler(run_destroy_own, pick=pick_destroy_own, label=label_destroy_own,
                                prompt="Perilous Scavenge: Destroy which of your Bots?")}
"""The Size cost's handler."""
