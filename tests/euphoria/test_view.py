"""Hidden information, undo, Automa turns in the log, the bot."""

from __future__ import annotations

from engines.core import UNDO, Game
from engines.euphoria.queue import push, run_ops

from .helpers import E, dice, drafted, pl, play, table, turn


def test_views_hide_hands_hidden_recruits_and_decks():
    state = drafted(3, 4)
    pl(state, 1)["artifacts"] = ["book", "bat"]
    view = E.view(state, 0)["table"]
    other = view["players"][1]
    assert "artifacts" not in other and "hidden" not in other and other["artifact_count"] == 2
    assert other["hidden_count"] == 1 and isinstance(view["artifact_deck"], int)
    assert all(s["market"] == "?" for s in view["sites"].values())
    mine = E.view(state, 1)["table"]["players"][1]
    assert mine["artifacts"] == ["bat", "book"] and len(mine["hidden"]) == 1
    paths = E.hidden_paths(state, 0)
    assert "g.players.1.artifacts" in paths and "g.players.2.hidden" in paths and "g.art_deck" in paths
    assert "g.players.0.artifacts" not in paths and "g.site_tiles" in paths


def test_undo_until_a_roll():
    state = table(2)
    dice(state, 0, (2, "avail"), (2, "avail"))
    pl(state, 0)["morale"] = 3
    state, _ = play(turn(state, 0), 0, "place:2:wa.farm")
    assert E.can_undo(state, 0)
    back, _ = E.apply(state, 0, UNDO)
    assert pl(back, 0)["goods"]["food"] == 0
    bump = table(2)
    dice(bump, 0, (2, "avail"), (2, "avail"))
    dice(bump, 1, (4, "ic.nimbus_loft"))
    pl(bump, 0).update(morale=3)
    pl(bump, 0)["goods"]["gold"] = 3
    bump, _ = play(turn(bump, 0), 0, "place:2:ic.nimbus_loft")
    assert not E.can_undo(bump, 0)  # the bumped die was rolled: new information


def test_automa_turns_run_without_input_and_are_logged():
    state = drafted(1, 6)
    dice(state, 0, (2, "avail"), (3, "avail"))
    pl(state, 0)["morale"] = 1
    state = turn(state, 0)
    state, events = E.apply(state, 0, "place:2:wa.farm")
    texts = [e["text"] for e in events]
    assert any(t.startswith("The Automas turn over a new card pair") for t in texts)
    assert any("Black Automa" in t for t in texts) and any("White Automa" in t for t in texts)
    assert E.active(state) == [0] or state["result"] is not None


def test_bot_plays_a_legal_purposeful_game():
    state = E.setup(3, 12)
    steps = 0
    while state["result"] is None and steps < 3000:
        seat = E.active(state)[0]
        action = E.bot_action(state, seat)
        assert action in E.legal_actions(state, seat)
        state, _ = E.apply(state, seat, action)
        steps += 1
    assert state["result"] is not None and max(p["stars"] for p in state["g"]["players"]) >= 9


def test_view_reports_the_last_move_for_the_board_highlight() -> None:
    """The renderer highlights ``table.last``: who moved, place or retrieve, and the spaces."""
    from random import Random

    from engines.euphoria import ENGINE

    state = ENGINE.setup(3, 11, {})
    rnd = Random(11)
    for _ in range(200):
        active = ENGINE.active(state)
        if not active:
            break
        seat = active[0]
        state, _ = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))
        last = ENGINE.view(state, None)["table"]["last"]
        if last is not None:
            assert last["action"] in ("place", "retrieve") and isinstance(last["pid"], int)
            assert all(isinstance(s, str) for s in last["spaces"])
    assert ENGINE.view(state, None)["table"]["last"] is not None


def test_resolving_another_players_effects_ends_the_undo_history():
    # Found by the 2,000-game playout (5 players, seed 173): Amanda's owner chose her bumped worker's face,
    # and the bumper's pending artifact payment then showed a pair from their hidden hand. An action that
    # resolves another player's pending effects is a reveal (the core's undo stops there).
    state = table(3)
    pl(state, 1)["artifacts"] = ["book", "book"]
    own = Game(E, state, actor=0)
    push(own, {"effect": "morale", "pid": 0, "n": 1})
    assert run_ops(own) and not own.revealed
    other = Game(E, state, actor=0)
    push(other, {"effect": "morale", "pid": 1, "n": 1})
    assert run_ops(other) and other.revealed
