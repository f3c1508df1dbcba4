"""Relics (SC-RELIC-01..08, SC-ENERGISER-01/02): a claimed Relic goes into an empty Console slot of the
player's choice; the install sequence of ``data/scrap/relics.json`` then runs with its Domain bound: advance
and 1 Data, every installed slot's bonus in the order the player chooses, one at a time (default slot order,
SC-RELIC-08; the new Relic's Domain each time), face-down. A
fifth Relic resolves every bonus and leaves the game.

``players.N.relics`` is a list of ``{"id", "slot", "domain"}``."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from .content import thaw
from .support import player
from .words import article, describe

INSTALL, EXECUTE, ORDER = "relic_install", "relic_execute", "relic_order"
DOMAIN_VAR = "X"
"""The Domain variable of the Relic trees in the data."""


def bind(tree: Any, dom: str, **params: Any) -> Any:
    """``tree`` with every ``"domain": "X"`` set to ``dom`` and ``params`` added to its hooks."""
    if isinstance(tree, list):
        return [bind(x, dom, **params) for x in tree]
    if not isinstance(tree, dict):
        return tree
    out = {k: (dom if k == "domain" and v == DOMAIN_VAR else bind(v, dom, **params)) for k, v in tree.items()}
    if out.get("op") == "hook":
        out["params"] = {**out.get("params", {}), **params}
    return out


def domain_of(g: Game, relic: str) -> str:
    return dict(g.data.relics)[relic]


def free_slots(g: Game, seat: int) -> list[int]:
    used = {r["slot"] for r in player(g, seat)["relics"]}
    return [s for s in range(1, g.data.rules["relic_slots"] + 1) if s not in used]


def run_install(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-RELIC-07: choose the empty slot; with none free it is a fifth Relic (SC-RELIC-05)."""
    slots = free_slots(g, item["owner"])
    if not slots:
        install(g, item["owner"], item["relic"], None)
        return None
    return slots


def pick_install(g: Game, item: dict[str, Any], token: Any) -> None:
    install(g, item["owner"], item["relic"], token)


def install(g: Game, seat: int, relic: str, slot: int | None) -> None:
    """SC-RELIC-01/02: into the slot at once, then the install sequence with the Relic's Domain."""
    dom = domain_of(g, relic)
    if slot is not None:
        player(g, seat)["relics"].append({"id": relic, "slot": slot, "domain": dom})
        g.log(f"{{seat{seat}}} installs the {g.data.domains[dom].name} Relic in slot {slot}.")
    else:
        g.log(f"{{seat{seat}}} has no free Relic slot: this {g.data.domains[dom].name} Relic resolves the "
              "bonuses and leaves the game.")
    tree = bind(thaw(g.data.raw["relics"]["install"]), dom, domain=dom, relic=relic, fifth=slot is None)
    effects.push_front(g, effects.effect("node", seat, node=tree))


def label_install(g: Game, item: dict[str, Any], token: Any) -> str:
    bonus = next(b for b in g.data.raw["relics"]["bonuses"] if b["slot"] == token)
    return f"Install it in slot {token} ({bonus['name']})"


def resolve_installed(g: Game, seat: int, params: dict[str, Any]) -> None:
    """SC-RELIC-02/04/08: every installed slot's bonus (the new one included), the new Relic's Domain, in the
    order the player chooses (A-48)."""
    slots = sorted(r["slot"] for r in player(g, seat)["relics"])
    if slots:
        effects.push_front(g, effects.effect(ORDER, seat, domain=params["domain"], left=slots))


def _bonus(g: Game, slot: int) -> dict[str, Any]:
    return next(b for b in g.data.raw["relics"]["bonuses"] if b["slot"] == slot)


def run_order(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-RELIC-08: the next installed bonus to resolve (one left: it resolves without asking)."""
    return list(item["left"]) or None


def pick_order(g: Game, item: dict[str, Any], token: Any) -> None:
    seat, dom = item["owner"], item["domain"]
    g.log(f"Relic bonus {_bonus(g, token)['name']} in {g.data.domains[dom].name}.")
    rest = [s for s in item["left"] if s != token]
    more = [{**item, "left": rest}] if rest else []
    effects.push_front(g, effects.effect("node", seat, node=bind(thaw(_bonus(g, token)["effect"]), dom)), *more)


def label_order(g: Game, item: dict[str, Any], token: Any) -> str:
    name = g.data.domains[item["domain"]].name
    what = {"advance": f"Progress in {name} and 1 Data", "theorise": f"Expend {article(name)} card for 4 Data",
            "energise": f"gain {article(name)} Energiser", "execute": f"resolve {article(name)} Subroutine row"}
    bonus = _bonus(g, token)
    return f"{bonus['name']} next (slot {token}): {what.get(bonus['id'], describe(bonus['effect']))}"[:80]


def flip(g: Game, seat: int, params: dict[str, Any]) -> None:
    """SC-RELIC-02 (4), SC-RELIC-05: the new Relic turns face-down; a fifth one is removed from the game."""
    if params.get("fifth"):
        g.log("The extra Relic is removed from the game.")


def energise(g: Game, seat: int, params: dict[str, Any]) -> None:
    """SC-RELIC-03 Energise, SC-ENERGISER-01/02: 1 Energiser of the Domain into hand, if any is left."""
    dom = params["domain"]
    pile = g.g["supply"]["energisers"][dom]
    if not pile:
        g.log(f"No {g.data.domains[dom].name} Energiser is left.")
        return
    player(g, seat)["hand"].append(pile.pop(0))
    g.log(f"{{seat{seat}}} gains {article(g.data.domains[dom].name)} Energiser.")


def execute(g: Game, seat: int, params: dict[str, Any]) -> None:
    """SC-RELIC-03 Execute: resolve any Subroutine row of the Domain, whatever the Knowledge."""
    effects.push_front(g, effects.effect(EXECUTE, seat, domain=params["domain"]))


def run_execute(g: Game, item: dict[str, Any]) -> list[Any]:
    return [s.row for s in g.data.domains[item["domain"]].subroutines]


def pick_execute(g: Game, item: dict[str, Any], token: Any) -> None:
    sub = g.data.domains[item["domain"]].subroutines[token - 1]
    g.log(f"{{seat{item['owner']}}} executes {g.data.domains[item['domain']].name} row {token}: "
          f"{describe(sub.effect)}.")
    effects.push_front(g, effects.effect("node", item["owner"], node=thaw(sub.effect)))


def label_execute(g: Game, item: dict[str, Any], token: Any) -> str:
    sub = g.data.domains[item["domain"]].subroutines[token - 1]
    return f"Execute row {token}: {describe(sub.effect)}"[:80]


HOOKS = {"relic.resolve_installed_bonuses": resolve_installed, "relic.flip_face_down": flip,
         "relic.energise": energise, "relic.execute": execute}
"""Named hooks of ``data/scrap/hooks.json`` run here: ``fn(g, seat, params)``."""

EFFECTS = {
    INSTALL: Handler(run_install, pick=pick_install, label=label_install, prompt="Relic: into which empty slot?"),
    EXECUTE: Handler(run_execute, pick=pick_execute, label=label_execute, prompt="Execute: which Subroutine row?",
                     auto_single=False, default=lambda g, item, options: options[0]),
    ORDER: Handler(run_order, pick=pick_order, label=label_order, prompt="Relic bonuses: which one next?",
                   default=lambda g, item, options: min(options)),
}
"""Relic effects."""
