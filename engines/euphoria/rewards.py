"""What a placement gives, by kind of space (EU-PLACE-02, EU-ICARUS-*, EU-TANK-*, EU-LOST-*, EU-ARTMARKET-02)."""

from __future__ import annotations

from engines.core import Game, effects

from .allegiance import advance
from .artifacts import can_spend_types, spend_type
from .construction import check_completion, visit_market
from .knowledge import roll_workers
from .production import produce
from .queue import Op, Token, in_front, push
from .tableau import (
    RUNAWAY,
    change_knowledge,
    change_morale,
    data,
    dice_at,
    fire,
    is_automa,
    name,
    penalty_params,
    place_star,
    player,
    query,
)
from .tunnels import dig, exclusive


def give_reward(g: Game, pid: int, space_id: str, die: int, star_site: str | None = None) -> None:
    """Dispatch on the space's kind (``star_site``: the Automa's star goes on that penalty market, EU-AUTOMA-24)."""
    space = data(g).spaces[space_id]
    kind = space.kind
    if kind == "production":
        before: list[Op] = []
        fire(g, "producing", pid, space=space_id, die=die, before=before)
        if before:  # abilities used before the yield is counted: the yield waits for them
            push(g, *before, {"effect": "produce", "pid": pid, "space": space_id, "die": die})
        else:
            produce(g, pid, space_id, die)
    elif kind == "tunnel":
        dig(g, pid, space.area, die, space_id)
    elif kind == "exclusive":
        exclusive(g, pid, space_id)
    elif kind == "artmarket":
        advance(g, icarus_track(g, pid) if space.area == "icarus" else space.area)  # EU-ARTMARKET-02
        if star_site:
            place_star(g, pid, f"market:{star_site}", area=space.area)
        else:
            place_star(g, pid, f"artmarket:{space.area}", area=space.area)
    elif kind == "breeze_bar":
        advance(g, icarus_track(g, pid))  # EU-ICARUS-02
        if not is_automa(g, pid):
            push(g, {"effect": "artifact", "pid": pid})
    elif kind == "sky_lounge":
        advance(g, icarus_track(g, pid))  # EU-ICARUS-03
        if not is_automa(g, pid):
            push(g, *({"effect": "choose_good", "pid": pid, "kind": "resource"}
                      for _ in range(space.extra["resources"])))
    elif kind == "nimbus_loft":
        advance(g, icarus_track(g, pid))  # EU-ICARUS-04
        place_star(g, pid, "nimbus_loft", area="icarus")
    elif kind == "tank":
        tank(g, pid, space_id)
    elif kind == "lost_found":
        lost_and_found(g, pid, space_id)
    elif kind == "site":
        fire(g, "site_placed", pid)
        check_completion(g, space.extra["site"])
    elif kind == "market":
        visit_market(g, pid, space_id)


def icarus_track(g: Game, pid: int) -> str:
    """The Icarite track, or the one a stand-in good that paid here points to (Brian: the Wastelander track)."""
    placing = g.g.get("placing")
    if placing and placing["pid"] == pid and placing.get("stand_in"):
        return query(g, "substitute_track", pid, "icarus")
    return "icarus"


def owned_dice(g: Game, pid: int) -> int:
    """Dice a player owns, runaway ones included, sacrificed ones not (R-26)."""
    return sum(1 for d in player(g, pid)["dice"] if d["at"] != "gone" and not d.get("sac"))


def tank(g: Game, pid: int, space_id: str) -> None:
    """A new worker if fewer than 4 are owned, plus the printed track changes (EU-TANK-02..05, R-13)."""
    space = data(g).spaces[space_id]
    lab = penalty_params(g, pid, "no_new_worker_at_2_3")
    owned = owned_dice(g, pid)
    gains = owned < data(g).c["max_dice"] and not (lab and owned in lab["owned"])
    if not gains:
        g.log(f"{name(pid, g)} gains no new worker.")
    change_knowledge(g, pid, space.extra["knowledge"])  # EU-TANK-04: the changes come first ("Daarna" the roll)
    change_morale(g, pid, space.extra["morale"])
    advance(g, space.extra["track"])
    if gains:
        dice = player(g, pid)["dice"]
        gone = [i for i, d in enumerate(dice) if d["at"] == "gone"]
        if gone:
            dice[gone[0]]["at"] = "avail"  # a sacrificed die is back in the supply
        else:
            dice.append({"pips": 1, "at": "avail"})
        g.log(f"{name(pid, g)} gains a new worker.")
        fire(g, "new_worker", pid)
        roll_workers(g, pid, [gone[0] if gone else len(dice) - 1], "new worker")


def lost_and_found(g: Game, pid: int, space_id: str) -> None:
    """One die back from Runaway Workers, rolled and checked; never a new die (EU-LOST-02/03, R-07/08)."""
    space = data(g).spaces[space_id]
    runaways = dice_at(g, pid, RUNAWAY)
    change_knowledge(g, pid, space.extra["knowledge"])
    advance(g, space.extra["track"])
    if runaways:
        g.log(f"{name(pid, g)} takes a worker back from Runaway Workers.")
        roll_workers(g, pid, [runaways[0]], "Lost & Found")
    else:
        g.log(f"{name(pid, g)} has no runaway worker to take back.")


def _reward_run(g: Game, op: Op) -> None:
    in_front(g, give_reward, g, op["pid"], op["space"], op["die"], op.get("star_site"))


def _placed_run(g: Game, op: Op) -> None:
    """The placement is over (its consequences ran first); recruits may answer ``placement_done``."""
    placing = g.g.get("placing")
    if placing and placing["pid"] == op["pid"] and placing["space"] == op.get("space", placing["space"]):
        g.g["placing"] = None
    ignored = g.g.get("ignored")
    if ignored and ignored["pid"] == op["pid"]:
        g.g["ignored"] = None
    if "space" in op:
        fire(g, "placement_done", op["pid"], die=op["die"], space=op["space"])


def _produce_run(g: Game, op: Op) -> None:
    in_front(g, produce, g, op["pid"], op["space"], op["die"])


def _pay_type_run(g: Game, op: Op) -> list[Token] | None:
    return ["ok"] if op["kind"] in player(g, op["pid"])["artifacts"] or player(g, op["pid"])["artifacts"] else None


def _pay_type_pick(g: Game, op: Op, token: Token) -> None:
    if can_spend_types(g, op["pid"], {op["kind"]: 1}):
        spend_type(g, op["pid"], op["kind"])
        g.log(f"{name(op['pid'], g)} hands in a {data(g).artifact_names[op['kind']]}.")


EFFECTS: dict[str, effects.Handler] = {
    "reward": effects.Handler(_reward_run),
    "placed": effects.Handler(_placed_run),
    "produce": effects.Handler(_produce_run),
    "pay_type": effects.Handler(_pay_type_run, pick=_pay_type_pick),
}
"""The effects this module handles, by the name their records carry."""
