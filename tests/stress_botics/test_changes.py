"""What changed since a seat's last action (spec 6.6: the image outlines it in yellow): the engine notes the
public view's elements after every action (engines/stress_botics/changes.py) and each view carries
``table.changed``; nothing hidden enters it."""

from __future__ import annotations

import copy
from typing import Any

from engines.core import Simultaneous
from engines.stress_botics import changes
from render.stress_botics import draw, more_images
from render.stress_botics.layout import CHANGED_INK
from tests.render._support import decode
from tests.stress_botics.engine_helpers import ENGINE


def first_move(players: int = 3, seed: int = 2) -> tuple[dict[str, Any], dict[str, Any], int, str]:
    """(state before, state after, seat, action) of the first bot MOVE whose robot goes somewhere, once every
    seat has acted at least once."""
    state = ENGINE.setup(players, seed, {})
    acted: set[int] = set()
    while True:
        seat = ENGINE.active(state)[0]
        action = ENGINE.bot_action(state, seat)
        new, _ = ENGINE.apply(state, seat, action)
        moved = new["g"]["players"][str(seat)]["mini"] != state["g"]["players"][str(seat)]["mini"]
        if moved and len(acted) == players:
            return state, new, seat, str(action)
        acted.add(seat)
        state = new


def test_a_move_is_changed_for_the_other_seats_and_the_public() -> None:
    """SB-MOVE: after a MOVE the robot's old and new locations and the 'where' of its board are outlined for
    every other seat and in the public view."""
    before, after, seat, _ = first_move()
    old, new = (s["g"]["players"][str(seat)]["mini"] for s in (before, after))
    expected = {f"planet:{old}", f"planet:{new}", f"board:{seat}:where"}
    assert expected <= set(ENGINE.view(after, None)["table"]["changed"])
    for other in range(after["seats"]):
        if other != seat:
            assert expected <= set(ENGINE.view(after, other)["table"]["changed"]), other
    assert ENGINE.view(after, seat)["table"]["changed"] == []  # the mover saw its own move


def simultaneous(state: dict[str, Any]) -> bool:
    return isinstance(ENGINE.step(state["stack"][-1]["step"]), Simultaneous)


def test_a_seats_changes_are_gone_after_its_own_next_action() -> None:
    """After the seat's own next action, what changed before it is no longer outlined for it (drawing,
    programming and maintenance, everyone's at once, are no one's own turn)."""
    _, state, mover, _ = first_move()
    viewer = next(s for s in range(state["seats"]) if s != mover)
    assert ENGINE.view(state, viewer)["table"]["changed"]
    while viewer not in ENGINE.active(state) or simultaneous(state):  # a turn of its own, not a phase for all
        seat = ENGINE.active(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
    state, _ = ENGINE.apply(state, viewer, ENGINE.bot_action(state, viewer))
    assert ENGINE.view(state, viewer)["table"]["changed"] == []
    while ENGINE.active(state) == [viewer]:  # the rest of its turn
        state, _ = ENGINE.apply(state, viewer, ENGINE.bot_action(state, viewer))
    seat = ENGINE.active(state)[0]
    if seat != viewer:  # the next seat's first action: the viewer sees only what that one changed
        after, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
        assert ENGINE.view(after, viewer)["table"]["changed"] == ENGINE.view(after, None)["table"]["changed"]


def test_nothing_hidden_enters_the_changes() -> None:
    """Spec 6.1: two states that differ only in hidden information (hands, Secondary Objectives, deck orders)
    note the same changes after the same action, and their digests are the same."""
    state, _, seat, action = first_move()
    other = copy.deepcopy(state)
    g = other["g"]
    a, b = [s for s in range(state["seats"]) if s != seat][:2]
    g["hands"][str(a)], g["hands"][str(b)] = g["hands"][str(b)], g["hands"][str(a)]
    g["secondary"][str(a)], g["secondary"][str(b)] = g["secondary"][str(b)], g["secondary"][str(a)]
    for deck in g["decks"].values():
        deck.reverse()
    assert changes.digests(ENGINE, other) == changes.digests(ENGINE, state)
    one, _ = ENGINE.apply(state, seat, action)
    two, _ = ENGINE.apply(other, seat, action)
    assert one["g"]["changes"] == two["g"]["changes"]
    for viewer in (None, *range(state["seats"])):
        assert ENGINE.view(one, viewer)["table"]["changed"] == ENGINE.view(two, viewer)["table"]["changed"]


def test_changes_are_digests_of_the_public_view_only() -> None:
    """The notes hold short digests by element, never the view's words or any hidden zone."""
    _, state, seat, _ = first_move()
    notes = state["g"]["changes"]
    assert set(notes) == {"actor", "before", "seen"} and notes["actor"] == seat
    before = changes.unpack(notes["before"])
    assert all(isinstance(d, str) and len(d) == 8 for d in before.values())
    assert all(set(changes.unpack(seen)) == set(before) for seen in notes["seen"].values())
    keys = set(before)
    assert {"stress", "alphabot", "facts", "belt", "elite", "items", "hull"} <= keys
    assert any(k.startswith("planet:") for k in keys) and any(k.startswith("ship:") for k in keys)
    assert any(k.startswith("square:") for k in keys)


def changed_pixels(v: dict[str, Any]) -> int:
    """Yellow pixels in the public post's images (the table, then the robots' boards)."""
    total = 0
    for data in (draw(v), *(data for _, data in more_images(v))):
        im = decode(data).convert("RGB")
        total += sum(n for n, col in im.getcolors(im.width * im.height) or []
                     if all(abs(x - y) <= 24 for x, y in zip(col, CHANGED_INK, strict=True)))
    return total


def test_the_image_outlines_what_changed_in_yellow() -> None:
    """Spec 6.6: every changed element gets a yellow outline, on the table or on the robots' boards; none
    without changes."""
    _, state, seat, _ = first_move()
    v = ENGINE.view(state, None)
    v["table"]["last_turn"] = None
    v["table"]["changed"] = []
    quiet = changed_pixels(v)
    one = copy.deepcopy(v)
    one["table"]["changed"] = [f"board:{seat}:where"]
    many = copy.deepcopy(v)
    many["table"]["changed"] = [f"board:{seat}:where", "stress", "facts", "items", "ship:probe",
                                *(k for k in changes.unpack(state["g"]["changes"]["before"])
                                  if k.startswith("planet:"))]
    assert quiet < changed_pixels(one) < changed_pixels(many)
    v["table"]["changed"] = ["no such element"]
    assert changed_pixels(v) == quiet


def test_every_element_the_image_outlines_has_a_digest() -> None:
    """The digests are read from the state, keyed as the image draws: every location and Main Vault square of
    the view, every ship, every section of every board (solo: DeltaBot's too)."""
    for players in (4, 1):
        _, state, _, _ = first_move(players, 3)
        table = ENGINE.view(state, None)["table"]
        keys = set(changes.digests(ENGINE, state))
        assert {f"planet:{n}" for n in table["planet"]["nodes"]} <= keys
        assert {f"square:{sq}" for row in table["planet"]["squares"] for sq in row} <= keys
        assert {f"ship:{s}" for s in table["ships"]} <= keys
        assert {f"board:{r}:{section}" for r in table["players"]
                for section in ("where", "tracks", "tanks", "facts", "items")} <= keys
