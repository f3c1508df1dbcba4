"""Tachyon's STATUS cards (SC-TERM-03, SC-RUN-01; #54 Evasive Manoeuvre's Evade, SC-EX-31).

A STATUS Power-Up lies face-up on the Discard Pile until the start of its owner's next Run Phase; the state
keeps those Function refs in ``players.<seat>.status``. Written so far: #54's trigger — when another player
starts a Battle in an Area holding your Bots you may first Mobilise only your Bots out of it, before
Reinforcement (``battle.evade_check`` then skips to the Victory Step when one player is left there); #57's
delayed Call Phase — the turn skips its Call Phase, and at the start of the owner's next Run Phase a full Call
Phase runs before the STATUS cards turn face-down (SC-REF-57, §4.10)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects

from .content import thaw
from .fight import battle, in_area
from .map_actions import MOBILISE
from .support import player

EVADE_TRIGGER = "other_player_battle_starts_in_area_with_own_bots"
DELAYED_CALL = "start_of_own_next_run_phase_before_flip"
TRIGGERS = (EVADE_TRIGGER, DELAYED_CALL)
MUSTER, REINFORCE = "battle_muster", "reinforce"


def face_up(g: Game, seat: int) -> list[int]:
    return list(player(g, seat).get("status") or [])


def lay_face_up(g: Game, seat: int, node: dict[str, Any]) -> bool:
    """SC-TERM-03: the Active Function's STATUS goes face-up; False when its trigger is not written yet."""
    p = player(g, seat)
    ref = p["active"]
    if ref is None or node["status"].get("trigger") not in TRIGGERS:
        return False
    p["status"] = [*face_up(g, seat), ref]
    g.log(f"{{seat{seat}}}'s {g.data.functions[ref].name} lies face-up: it works until their next Run Phase.")
    return True


def trigger(g: Game, ref: int) -> str | None:
    """The trigger of Function ``ref``'s STATUS node (alone or inside a ``seq``), if it has one."""
    effect = thaw(g.data.functions[ref].power_up.get("effect")) or {}
    for part in [effect, *(effect.get("seq") or [])]:
        if isinstance(part, dict) and isinstance(part.get("status"), dict):
            return part["status"].get("trigger")
    return None


def delayed_call(g: Game, seat: int) -> bool:
    """#57: a face-up Anachronistic Spark whose delayed Call Phase has not run yet this turn."""
    return not g.g["turn"].get("delayed_call_done") and any(trigger(g, r) == DELAYED_CALL for r in face_up(g, seat))


def turn_face_down(g: Game, seat: int) -> None:
    """SC-RUN-01: at the start of your Run Phase every face-up STATUS Function turns face-down."""
    p = player(g, seat)
    for ref in face_up(g, seat):
        g.log(f"{{seat{seat}}}'s {g.data.functions[ref].name} turns face-down.")
    p["status"] = None


def _evade_value(g: Game, ref: int) -> int | None:
    """The Mobilise Value of #54's Evade (its ``action`` ``out_of: battle_area`` node)."""
    do = thaw(g.data.functions[ref].power_up["effect"]["status"]["do"])
    for part in do.get("seq", [do]):
        if isinstance(part, dict) and part.get("action", {}).get("out_of") == "battle_area" \
                and part["do"].get("op") == "mobilise":
            return int(part["do"]["v"])
    return None


def offer_evade(g: Game) -> None:
    """#54: the others' face-up Evade, in turn order, in front of Reinforcement (SC-EX-31)."""
    b = battle(g)
    queued = []
    for seat in b["order"]:
        if seat == b["current"] or not in_area(g, b["area"], seat):
            continue
        for ref in face_up(g, seat):
            if trigger(g, ref) != EVADE_TRIGGER:
                continue
            v = _evade_value(g, ref)
            if v is not None:
                queued += [effects.effect(MOBILISE, seat, left=v, moved=[], out_of=b["area"]),
                           effects.effect("node", seat, node={"op": "hook", "name": "battle.evade_check"})]
    if queued:
        effects.push_front(g, *queued)


def evade_check(g: Game, seat: int, params: dict[str, Any]) -> None:
    """battle.evade_check: when only one player has Bots left in the Battle Area, skip to the Victory Step."""
    b = battle(g)
    owners = {g.g["bots"][bid]["owner"] for bid in in_area(g, b["area"])}
    if len(owners) > 1:
        return
    queue = effects.pending(g)
    i = next((k for k, e in enumerate(queue) if e["effect"] == REINFORCE), None)
    if i is None:
        return
    del queue[i]
    g.log(f"Only one player has Bots in {g.data.areas[b['area']].name}: straight to the Victory Step.")
    queue.insert(i, effects.effect(MUSTER, b["current"]))


HOOKS = {"battle.evade_check": evade_check}
"""Named hooks run here."""
