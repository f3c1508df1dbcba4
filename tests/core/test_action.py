"""Action: the stable string form every button, select option and log row uses."""

from __future__ import annotations

import dataclasses
import re
import string

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from engines.core import MAX_ACTION_LEN, UNDO, Action, act

TOKEN_CHARS = string.ascii_letters + string.digits + "_.+-"
VERBS = st.text(TOKEN_CHARS, min_size=1, max_size=12).filter(lambda v: v[0] not in string.digits + "-")
TOKENS = st.text(TOKEN_CHARS, min_size=1, max_size=12).filter(lambda t: not re.fullmatch(r"-?[0-9]+", t))
ARGS = st.one_of(st.integers(-10**9, 10**9), TOKENS)


@given(VERBS, st.lists(ARGS, max_size=5))
def test_string_form_round_trips(verb: str, args: list) -> None:
    action = Action(verb, *args)
    text = str(action)
    assert text == ":".join([verb, *(str(a) for a in args)])
    parsed = Action.parse(text)
    assert parsed == action
    assert hash(parsed) == hash(action)
    assert str(parsed) == text
    assert [type(a) for a in parsed.args] == [type(a) for a in args]
    assert parsed.verb == verb and parsed.args == tuple(args)


@given(VERBS, st.lists(st.one_of(st.integers(), st.text(TOKEN_CHARS, min_size=1, max_size=40)), max_size=4))
def test_long_actions_are_rejected_not_truncated(verb: str, args: list) -> None:
    args = [a for a in args if not (isinstance(a, str) and re.fullmatch(r"-?[0-9]+", a))]
    length = len(":".join([verb, *(str(a) for a in args)]))
    if length > MAX_ACTION_LEN:
        with pytest.raises(ValueError, match="longer than"):
            Action(verb, *args)
    else:
        assert Action.parse(str(Action(verb, *args))) == Action(verb, *args)


@given(st.text(max_size=90))
@example("a\n")
@example("mark\n:1")
@example("mark:1\n:2")
@example("mark:١٢")
@example("mark:٣")
@example("x:007")
def test_parse_of_any_text_is_an_error_or_a_canonical_action(text: str) -> None:
    try:
        action = Action.parse(text)
    except ValueError:
        return
    canonical = str(action)
    assert set(canonical) <= set(TOKEN_CHARS + ":"), canonical
    assert len(canonical) <= MAX_ACTION_LEN
    assert Action.parse(canonical) == action


def test_ints_and_tokens_are_told_apart() -> None:
    action = Action.parse("place:3:generator:-2:1.5:+1")
    assert action.verb == "place"
    assert action.args == (3, "generator", -2, "1.5", "+1")
    assert [type(a) for a in action.args] == [int, str, int, str, str]
    assert Action("place", 3) != Action("place", "three")
    assert str(Action("place", 3, "generator")) == "place:3:generator"


def test_a_token_that_looks_like_an_int_is_rejected() -> None:
    with pytest.raises(ValueError, match="bad action argument"):
        Action("mark", "3")
    with pytest.raises(ValueError, match="bad action argument"):
        Action("mark", "-12")


@pytest.mark.parametrize("arg", [True, False, None, 1.5, [1], ("a",), b"x"])
def test_only_ints_and_strings_are_arguments(arg: object) -> None:
    with pytest.raises(ValueError, match="ints or tokens"):
        Action("mark", arg)  # type: ignore[arg-type]


@pytest.mark.parametrize("verb", ["", "1up", "-x", "a b", "a:b", "märk", "x\n", "tab\t", "a/b", "ü"])
def test_bad_verbs_are_rejected(verb: str) -> None:
    with pytest.raises(ValueError, match="bad action verb"):
        Action(verb)


@pytest.mark.parametrize("arg", ["", "a b", "a:b", "é", "x\n", "1\n", "\t", "a,b", "١"])
def test_bad_token_arguments_are_rejected(arg: str) -> None:
    with pytest.raises(ValueError, match="bad action argument"):
        Action("mark", arg)


def test_max_length_is_80() -> None:
    assert MAX_ACTION_LEN == 80
    assert len(str(Action("a" * 80))) == 80
    assert len(str(Action("a", "b" * 78))) == 80
    with pytest.raises(ValueError, match="longer than 80"):
        Action("a" * 81)
    with pytest.raises(ValueError, match="longer than 80"):
        Action("a", "b" * 79)
    with pytest.raises(ValueError, match="longer than 80"):
        Action("a", *range(40))
    assert Action.parse("a:" + "b" * 78) == Action("a", "b" * 78)
    with pytest.raises(ValueError):
        Action.parse("a:" + "b" * 79)


def test_actions_are_hashable_values() -> None:
    a, b = Action("mark", 1), Action.parse("mark:1")
    assert a == b and a is not b
    assert {a, b, Action("mark", 2)} == {Action("mark", 1), Action("mark", 2)}
    assert {a: "x"}[b] == "x"
    assert a != Action("mark", 1, 2)
    assert a != Action("mark")
    assert a != Action("Mark", 1)
    assert a != "mark:1"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.verb = "other"  # type: ignore[misc]
    assert repr(a) == "Action('mark:1')"


def test_undo_is_a_plain_action() -> None:
    assert UNDO == Action("undo") == Action.parse("undo")
    assert str(UNDO) == "undo"
    assert UNDO.args == ()


def test_parse_trims_surrounding_whitespace() -> None:
    assert Action.parse("  mark:2 \n") == Action("mark", 2)


@pytest.mark.parametrize("text", [
    "", "   ", "\n", "a" * 81, "x:" + "1" * 79, "mark 1", "mark: 1", "mark :1", "::", ":", ":mark",
    "mark:", "mark::1", "mark:1:", "märk", "mark:ü", "mark:١", "ماركة", "mark\n:1", "mark:1\n:2",
    "mark:\t1", "1mark", "-mark", "mark;1", "mark,1", "mark:1/2", "😀", "mark:😀", "\x00",
])
def test_parse_rejects_garbage(text: str) -> None:
    with pytest.raises(ValueError):
        Action.parse(text)


def test_cached_actions_equal_fresh_ones() -> None:
    # Actions are immutable values: a cached one equals, hashes and prints like a new one
    a = act("buy", 2, "MODIFIER", "TURBO")
    assert a is act("buy", 2, "MODIFIER", "TURBO")
    assert a == Action("buy", 2, "MODIFIER", "TURBO") and hash(a) == hash(Action.parse("buy:2:MODIFIER:TURBO"))
    assert act("oil", 1) == Action("oil", 1) and str(act("oil", 1)) == "oil:1"
    assert act("oil", 1) is not act("oil", "1x")  # typed: an int and a token never share an entry
    with pytest.raises(ValueError):
        act("bad verb")
