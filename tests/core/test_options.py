"""Lobby options: defaults, coercion of typed text, readable errors, player-count checks."""

from __future__ import annotations

import json

import pytest

from engines.core import Option, OptionError, OptionsSchema
from tests.fixtures.tiny import TINY, TinyDuel

SCHEMA = TINY.options_schema


def test_defaults() -> None:
    assert SCHEMA.defaults() == {"rounds": 2, "dice": True, "speed": "normal"}
    assert SCHEMA.validate(None) == SCHEMA.defaults()
    assert SCHEMA.validate({}) == SCHEMA.defaults()
    assert OptionsSchema().defaults() == {} and OptionsSchema().validate(None) == {}


def test_kinds() -> None:
    assert [o.kind for o in SCHEMA.options] == ["int", "bool", "choice"]
    assert Option("name", "Name", "x").kind == "str"
    assert Option("flag", "Flag", False, choices=(True, False)).kind == "choice"


@pytest.mark.parametrize(("text", "value"), [
    ("yes", True), ("YES", True), (" on ", True), ("true", True), ("1", True), (1, True), (True, True),
    ("no", False), ("No", False), ("off", False), ("false", False), ("0", False), (0, False), (False, False),
])
def test_bool_coercion(text: object, value: bool) -> None:
    assert SCHEMA.validate({"dice": text})["dice"] is value


@pytest.mark.parametrize(("text", "value"), [("3", 3), (" 7 ", 7), (9, 9), ("1", 1), ("+4", 4)])
def test_int_coercion(text: object, value: int) -> None:
    result = SCHEMA.validate({"rounds": text})
    assert result["rounds"] == value and type(result["rounds"]) is int


@pytest.mark.parametrize(("text", "value"), [("fast", "fast"), ("FAST", "fast"), (" Normal ", "normal")])
def test_choice_is_case_insensitive(text: str, value: str) -> None:
    assert SCHEMA.validate({"speed": text})["speed"] == value


def test_choice_returns_the_declared_value_not_the_text() -> None:
    option = Option("size", "Board size", 2, choices=(2, 3, 4))
    assert option.coerce("3") == 3 and type(option.coerce("3")) is int
    with pytest.raises(OptionError, match="Board size: choose one of 2, 3, 4"):
        option.coerce("5")


def test_text_option_is_stripped_and_bounded() -> None:
    option = Option("name", "League name", "")
    assert option.coerce("  Autumn cup ") == "Autumn cup"
    assert option.coerce("x" * 100) == "x" * 100
    with pytest.raises(OptionError, match="League name: at most 100 characters"):
        option.coerce("x" * 101)


def test_unknown_option_names_the_known_ones() -> None:
    with pytest.raises(OptionError) as err:
        SCHEMA.validate({"turbo": True})
    assert str(err.value) == "Unknown option 'turbo'; this game's options: rounds, dice, speed."
    with pytest.raises(OptionError, match="this game's options: none"):
        OptionsSchema().validate({"x": 1})


@pytest.mark.parametrize(("given", "message"), [
    ({"rounds": "0"}, "Rounds: at least 1."),
    ({"rounds": 10}, "Rounds: at most 9."),
    ({"rounds": "-3"}, "Rounds: at least 1."),
    ({"rounds": "three"}, "Rounds: expected a whole number, not 'three'."),
    ({"rounds": "2.5"}, "Rounds: expected a whole number, not '2.5'."),
    ({"dice": "maybe"}, "Dice: say yes or no, not 'maybe'."),
    ({"speed": "slow"}, "Speed: choose one of normal, fast."),
])
def test_bad_values_give_readable_errors(given: dict, message: str) -> None:
    with pytest.raises(OptionError) as err:
        SCHEMA.validate(given)
    assert str(err.value) == message
    assert isinstance(err.value, ValueError)


def test_validate_does_not_touch_its_argument() -> None:
    given = {"rounds": "3", "speed": "FAST"}
    assert SCHEMA.validate(given) == {"rounds": 3, "dice": True, "speed": "fast"}
    assert given == {"rounds": "3", "speed": "FAST"}
    defaults = SCHEMA.defaults()
    defaults["rounds"] = 99
    assert SCHEMA.defaults()["rounds"] == 2


def test_describe_is_json_for_menus() -> None:
    described = SCHEMA.describe()
    assert json.loads(json.dumps(described)) == described
    assert described[0] == {"name": "rounds", "label": "Rounds", "kind": "int", "default": 2,
                            "choices": [], "min": 1, "max": 9, "help": ""}
    assert described[2]["choices"] == ["normal", "fast"] and described[2]["kind"] == "choice"


def test_get_returns_the_option() -> None:
    assert SCHEMA.get("dice").label == "Dice"
    with pytest.raises(OptionError, match="Unknown option 'nope'"):
        SCHEMA.get("nope")


@pytest.mark.parametrize("seats", [0, 5, -1, 12])
def test_engine_rejects_player_counts_outside_its_range(seats: int) -> None:
    with pytest.raises(OptionError) as err:
        TINY.validate_options(seats, None)
    assert str(err.value) == f"Tiny Duel takes 1–4 players, not {seats}."
    with pytest.raises(OptionError, match="takes 1–4 players"):
        TINY.setup(seats, 0)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_engine_accepts_its_player_counts_and_fills_defaults(seats: int) -> None:
    assert TINY.validate_options(seats, {"rounds": "5"}) == {"rounds": 5, "dice": True, "speed": "normal"}
    state = TINY.setup(seats, 0, {"dice": "no"})
    assert state["options"] == {"rounds": 2, "dice": False, "speed": "normal"}
    assert state["seats"] == seats


def test_setup_rejects_bad_options() -> None:
    with pytest.raises(OptionError, match="Rounds: at most 9"):
        TINY.setup(2, 0, {"rounds": 12})


class SoloNeedsDice(TinyDuel):
    """A game whose check_options hook rejects a combination for one player."""

    id = "tiny_solo_dice"

    def check_options(self, seats: int, options: dict) -> None:
        if seats == 1 and not options["dice"]:
            raise OptionError("Solo games need dice.")


def test_check_options_hook_sees_validated_options() -> None:
    engine = SoloNeedsDice()
    with pytest.raises(OptionError, match="Solo games need dice"):
        engine.validate_options(1, {"dice": "off"})
    assert engine.validate_options(2, {"dice": "off"})["dice"] is False
    assert engine.validate_options(1, {"dice": "on"})["dice"] is True


def test_a_huge_bad_value_is_clipped_in_the_error_message() -> None:
    option = Option("rounds", "Rounds", 2, minimum=1, maximum=9)
    try:
        option.coerce("x" * 5000)
    except OptionError as err:
        assert len(str(err)) < 120 and "…" in str(err)
    else:
        raise AssertionError("a non-number must be refused")
