"""Building Robo Rescue positions for rules tests: a ready game whose pieces tests move by hand."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import Action, Game, copy_state
from engines.robo_rescue import ENGINE, gains
from engines.robo_rescue.turn import new_turn

C = ENGINE.data


def ready(players: int = 3, seed: int = 1, version: int | None = None) -> dict[str, Any]:
    """A game at the first turn of seat 0, with seat order 0, 1, 2… and default facings (current rules,
    or rules ``version``)."""
    state = ENGINE.setup(players, seed, version=version)
    while state["stack"][-1]["step"] == "choose_facing":
        seat = state["stack"][-1]["seat"]
        state, _ = ENGINE.apply(state, seat, ENGINE.default_action(state, seat))
    g = state["g"]
    g["order"] = list(range(players))
    corners = C.seat_corners[players]
    for i in range(players):
        g["robots"][str(i)] = {"at": corners[i], "facing": C.corner_facings[corners[i]][0]}
    return at_turn_start(state, 0)


def at_turn_start(state: dict[str, Any], seat: int) -> dict[str, Any]:
    state["g"]["turn"] = new_turn(seat)
    state["stack"] = [{"step": "turn_start", "seat": seat}]
    state["undo"] = []
    return state


def put(state: dict[str, Any], seat: int, spec: str) -> None:
    """Place a robot: ``put(state, 0, "F2:S")``."""
    at, facing = spec.split(":")
    state["g"]["robots"][str(seat)] = {"at": at, "facing": facing}


def set_hand(state: dict[str, Any], seat: int, kinds: list[str]) -> None:
    """Give ``seat`` exactly these card types (taken from the deck; the old hand goes back)."""
    g = state["g"]
    g["command_deck"] += g["hands"][str(seat)]
    g["hands"][str(seat)] = []
    for kind in kinds:
        card = next(x for x in g["command_deck"] if C.card_type(x) == kind)
        g["command_deck"].remove(card)
        g["hands"][str(seat)].append(card)


def hand_types(state: dict[str, Any], seat: int) -> list[str]:
    return sorted(C.card_type(x) for x in state["g"]["hands"][str(seat)])


def me(state: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    return state["g"]["players"][str(seat)]


def robot(state: dict[str, Any], seat: int = 0) -> str:
    r = state["g"]["robots"][str(seat)]
    return f"{r['at']}:{r['facing']}"


def give_ability(state: dict[str, Any], seat: int, card_id: str, die: int | None = None) -> None:
    ab = C.abilities[card_id]
    for pile in ("ability_deck", "ability_supply", "master_coders"):
        if card_id in state["g"][pile]:
            state["g"][pile][state["g"][pile].index(card_id)] = None
            state["g"][pile] = [x for x in state["g"][pile] if x] if pile != "ability_supply" else state["g"][pile]
    me(state, seat)["abilities"].append({"id": card_id, "die": ab.die if die is None else die,
                                         "tokens": list(ab.tokens)})


def play(state: dict[str, Any], *moves: str, seat: int | None = None) -> dict[str, Any]:
    """Apply moves in their string form for the active seat (or ``seat``)."""
    for move in moves:
        who = seat if seat is not None else ENGINE.active(state)[0]
        state, _ = ENGINE.apply(state, who, move)
    return state


def legal(state: dict[str, Any], seat: int | None = None) -> list[str]:
    who = seat if seat is not None else ENGINE.active(state)[0]
    return [str(a) for a in ENGINE.legal_actions(state, who)]


def step(state: dict[str, Any]) -> str:
    return state["stack"][-1]["step"]


def game(state: dict[str, Any]) -> Game:
    """A context over a copy, for calling rules helpers directly."""
    return Game(ENGINE, copy_state(state), None)


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch):
    """Inject Cable Die results: ``dice(["STRAIGHT", "BEND"])``."""
    def inject(faces: list[str]) -> None:
        queue = list(faces)
        monkeypatch.setattr(gains, "roll_cable_die", lambda g: queue.pop(0))
    return inject


def action(text: str) -> Action:
    return Action.parse(text)
