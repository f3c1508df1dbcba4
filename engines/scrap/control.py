"""Who Controls an Area when a Function changes it (spec §4.10 PLAGUE; #24, #56) and the Plague's end-of-Phase
trigger, ordered with Infection by the Current Player when both happen at once (SC-GOLDEN-03, SC-ATTR-04).

The changes live in the turn (``turn.control``): a Plague in an Area (#19, #26: Infected enemy Bots there count
as your Active Bots; until the end of the Run Phase, or of the turn with #19's MOD), Metastatic Scavenge (#24:
the same in every Area, for its Search) and Swooping Scavenge (#56: you Control each Area beside your Ship where
you have an Active Bot, for the rest of the Function)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from .board import controller
from .control_mods import mods
from .support import gain_data
from .virus import targets

PLAGUE_CHECK, ORDER = "plague_check", "trigger_order"
FUNCTION_SCOPED = ("metastatic", "swoop")
"""Changes that end with the Function that made them."""


def _add(g: Game, mod: dict[str, Any]) -> None:
    g.g["turn"].setdefault("control", []).append(mod)


def plague(g: Game, seat: int, node: dict[str, Any]) -> bool:
    """PLAGUE(X): from now on until ``until``; False when the Area is not bound."""
    if node.get("area") not in g.g["areas"].values():
        return False
    _add(g, {"kind": "plague", "seat": seat, "area": node["area"], "until": node.get("until", "end_of_run_phase")})
    g.log(f"{{seat{seat}}} spreads a Plague in {g.data.areas[node['area']].name}: Infected enemy Bots there "
          "count as theirs.")
    return True


def metastatic(g: Game, seat: int, params: dict[str, Any]) -> None:
    """#24 (SC-REF-24): Infected enemy Bots count as yours for Control in every Area, no Bot of yours needed."""
    _add(g, {"kind": "metastatic", "seat": seat})


def swoop(g: Game, seat: int, params: dict[str, Any]) -> None:
    """#56 (SC-REF-56): you Control each Area beside your Ship holding your Active Bot, for the Function."""
    _add(g, {"kind": "swoop", "seat": seat})
    g.log(f"{{seat{seat}}} counts as Controlling the Areas beside their Ship where they have an Active Bot.")


HOOKS = {"control.ship_bordering_areas": swoop}
"""Hooks run as atoms."""
START_HOOKS = {"control.infected_count_as_own": metastatic}
"""MOD hooks that act when the Powered-Up Function starts."""


def end_function(g: Game) -> None:
    """The Function is over: its Metastatic and Swooping changes end."""
    turn = g.g.get("turn")
    if turn and turn.get("control"):
        turn["control"] = [m for m in turn["control"] if m["kind"] not in FUNCTION_SCOPED]


def checks(g: Game, seat: int) -> list[dict[str, Any]]:
    """One PLAGUE_CHECK effect per Plague of the seat active now."""
    return [effects.effect(PLAGUE_CHECK, seat, area=m["area"]) for m in mods(g)
            if m["kind"] == "plague" and m["seat"] == seat]


def check_now(g: Game, seat: int) -> None:
    """The end of the Call or Load Phase: each Plague's trigger (nothing to choose)."""
    for item in checks(g, seat):
        run_check(g, item)


def end_of_run(g: Game, seat: int, infection: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The end of the Run Phase: Infection (an Attribute) and the Plague trigger happen together. When the
    Infection could change who Controls a Plague Area, the Current Player orders them (SC-GOLDEN-03, narrowed
    per spec §6.5); otherwise Attributes come first. Then Run-Phase Plagues end."""
    turn = g.g["turn"]
    if turn.get("plague_run_done"):
        return infection
    turn["plague_run_done"] = True
    pending = checks(g, seat)
    expire = effects.effect(PLAGUE_CHECK, seat, area=None, expire=True) if pending else None
    if infection and pending and _conflict(g, seat, infection, pending):
        return [effects.effect(ORDER, seat, infection=infection, checks=pending), expire]
    return [*infection, *pending, *([expire] if expire else [])]


def _conflict(g: Game, seat: int, infection: list[dict[str, Any]], pending: list[dict[str, Any]]) -> bool:
    areas = {item["area"] for item in pending}
    return any(g.g["bots"][b]["at"] in areas for item in infection for b in targets(g, seat, item) or [])


def run_check(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """PLAGUE trigger: gain DATA(1) if you Control X (or, the last one, end the Run-Phase Plagues)."""
    seat = item["owner"]
    if item.get("expire"):
        g.g["turn"]["control"] = [m for m in mods(g) if not (m["kind"] == "plague"
                                                            and m["until"] == "end_of_run_phase")]
        return None
    if controller(g, item["area"]) == seat:
        g.log(f"{{seat{seat}}} Controls the Plague Area {g.data.areas[item['area']].name}.")
        gain_data(g, seat, 1)
    return None


def run_order(g: Game, item: dict[str, Any]) -> list[Any] | None:
    return ["infection", "plague"]


def pick_order(g: Game, item: dict[str, Any], token: Any) -> None:
    """SC-GOLDEN-03: the chosen effect first, then the other."""
    first, second = (item["infection"], item["checks"]) if token == "infection" else (item["checks"],
                                                                                       item["infection"])
    effects.push_front(g, *first, *second)


def label_order(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "infection":
        return "Infection first, then the Plague's Data check"
    return "The Plague's Data check first, then Infection"


EFFECTS = {
    PLAGUE_CHECK: Handler(run_check),
    ORDER: Handler(run_order, pick=pick_order, label=label_order, prompt="Both happen now: which first?",
                   auto_single=False, default=lambda g, item, options: options[0]),
}
"""The effects written here."""
