"""Other players in a Function: a Ship landing on an enemy Ship (#15, #35; SC-ACT-FLY-04), a private look at
a Queue (PEEK, #21, #35), a named player (#21 Hosted Forge) and a named opponent's choice (#14, #25).

Stacked Ships: the lander goes on top; the Link's top piece decides who may cross it (SC-ACT-MOBILISE-02), so
the covered player's Bots are blocked while the covered Ship may still Fly away and Deploy (SC-REF-15). With
several Ships stacked, the topmost one under yours is the one affected."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from .support import player
from .words import describe

PEEK, NAME, SIDE = "peek", "name_player", "choice_side"
LAND_HOOK, NAME_HOOK = "fly.land_on_enemy_ship", "mod.name_player"


def covered(g: Game, link: str, seat: int) -> int | None:
    """The topmost Ship of another player on ``link`` (the one a landing affects)."""
    for piece in reversed(g.g["links"][link]):
        if piece.startswith("ship:") and int(piece[5:]) != seat:
            return int(piece[5:])
    return None


def bind_player(tree: Any, var: str, seat: int) -> Any:
    """``tree`` with the player variable ``var`` set to ``seat`` ('ship_of:p' too)."""
    if isinstance(tree, list):
        return [bind_player(x, var, seat) for x in tree]
    if tree == f"ship_of:{var}":
        return f"ship_of:{seat}"
    if not isinstance(tree, dict):
        return tree
    return {k: (seat if k in ("player", "who") and v == var else bind_player(v, var, seat)) for k, v in tree.items()}


def on_land(g: Game, item: dict[str, Any], link: str, under: int | None) -> None:
    """After a landing on an enemy Ship: the Function's follow-up aimed at that Ship's owner."""
    if under is None or not item.get("land"):
        return
    tree = bind_player(item["land"], "covered_owner", under)
    tree = {**tree, "link": link} if tree.get("op") == "virus" else tree
    if tree.get("op") == "virus":
        tree["player"] = under
    effects.push_front(g, effects.effect("node", item["owner"], node=tree))


def build(tree: Any, mods: list[dict[str, Any]]) -> Any:
    """The MOD's parts written here: a named player (#21) and what it also does (``also``: the peek)."""
    also = [m["also"] for m in mods if "also" in m]
    if also:
        tree = {"seq": [tree, *also]}
    for m in mods:
        if m.get("name") == NAME_HOOK:
            tree = {"choose_player": m["params"].get("who", "other"), "as": m["params"]["as"], "do": tree}
    return tree


def handle(g: Game, seat: int, node: dict[str, Any]) -> bool:
    """PEEK atoms, named players and opponents' choices; False for anything else."""
    if node.get("op") == "peek" and isinstance(node.get("player"), int):
        queue = player(g, node["player"])["queue"]
        if not queue:
            g.log(f"{{seat{node['player']}}}'s Queue is empty: nothing to look at.")
        elif node.get("zone") == "queue_leftmost" or len(queue) == 1:
            _look(g, seat, node["player"], 0)
        else:
            effects.push_front(g, effects.effect(PEEK, seat, player=node["player"]))
        return True
    if "choose_player" in node or node.get("choice") == "named_opponent":
        effects.push_front(g, effects.effect(NAME, seat, node=node))
        return True
    return False


def _look(g: Game, seat: int, other: int, index: int) -> None:
    """SC-REF-21/35: you may describe it, not show it."""
    ref = player(g, other)["queue"][index]
    g.reveal()
    g.log(f"{{seat{seat}}} looks at a face-down Function in {{seat{other}}}'s Queue.")
    g.log(f"It is {g.data.functions[ref].name} (#{ref}).", to=[seat])


def run_peek(g: Game, item: dict[str, Any]) -> list[Any] | None:
    return list(range(len(player(g, item["player"])["queue"])))


def pick_peek(g: Game, item: dict[str, Any], token: Any) -> None:
    _look(g, item["owner"], item["player"], token)


def label_peek(g: Game, item: dict[str, Any], token: Any) -> str:
    n = len(player(g, item["player"])["queue"])
    where = "leftmost" if token == 0 else "rightmost" if token == n - 1 else f"number {token + 1} from the left"
    return f"Look at the {where} face-down Function"


def run_name(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """Name another player (#21) or an opponent who then chooses (#14, #25)."""
    seat = item["owner"]
    return [s for s in g.g["order"] if s != seat] or None


def pick_name(g: Game, item: dict[str, Any], token: Any) -> None:
    seat, node = item["owner"], item["node"]
    g.log(f"{{seat{seat}}} names {{seat{token}}}.")
    if "choose_player" in node:
        effects.push_front(g, effects.effect("node", seat, node=bind_player(node["do"], node["as"], token)))
        return
    options = {k: bind_player(v, node["as"], token) for k, v in node["options"].items()}
    effects.push_front(g, effects.effect(SIDE, token, by=seat, options=options))


def label_name(g: Game, item: dict[str, Any], token: Any) -> str:
    intel = g.data.intelligences[player(g, token)["intel"]].name
    return f"Name {intel}"


def run_side(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-REF-14/25: the named opponent picks an option; its label has no effect of its own."""
    return list(item["options"])


def pick_side(g: Game, item: dict[str, Any], token: Any) -> None:
    g.log(f"{{seat{item['owner']}}} chooses {token.capitalize()}.")
    effects.push_front(g, effects.effect("node", item["by"], node=item["options"][token]))


def label_side(g: Game, item: dict[str, Any], token: Any) -> str:
    """'Succumb: you gain Energy 2; Entropy Infects one of your Bots' (the named player reads it)."""
    tree = item["options"][token]
    them = g.data.intelligences[player(g, item["by"])["intel"]].name
    words = []
    for part in tree.get("seq", [tree]):
        if part.get("op") == "virus":
            words.append(f"{them} Infects one of your Bots")
        elif part.get("who") == item["owner"]:
            words.append(f"you gain {describe(part)}")
        else:
            words.append(f"{them} gains {describe(part)}")
    return f"{token.capitalize()}: {'; '.join(words)}"[:80]


EFFECTS = {
    PEEK: Handler(run_peek, pick=pick_peek, label=label_peek, prompt="Look at which face-down Function?",
                  secret=()),
    NAME: Handler(run_name, pick=pick_name, label=label_name, prompt="Name which player?"),
    SIDE: Handler(run_side, pick=pick_side, label=label_side, prompt="You were named: Succumb or Resist?",
                  auto_single=False, default=lambda g, item, options: options[-1]),
}
"""The effects written here."""
