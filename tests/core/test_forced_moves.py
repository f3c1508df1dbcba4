"""``Step.forced``: a move with only one way to go is played with the action before it (one click less),
inside the same apply — one logged action, one undo, exact replay — and only under the rules version
that introduced it, so older games and replays go on as recorded."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import Action, Engine, EngineBug, Game, Step, act
from engines.core.replay import replay


class Pay(Step):
    """Buy a prize for 2 coins, paying coin by coin (gold or silver); then stop."""

    name = "pay"
    verbs = ("buy", "coin", "stop")

    def actions_buy(self, g: Game, seat: int) -> list[Action]:
        return [] if g.frame.get("owed") else [act("buy")]

    def act_buy(self, g: Game, seat: int) -> None:
        g.frame["owed"] = 2

    def actions_coin(self, g: Game, seat: int) -> list[Action]:
        purse = g.g["purse"]
        return [act("coin", c) for c in sorted(set(purse))] if g.frame.get("owed") else []

    def act_coin(self, g: Game, seat: int, coin: str) -> None:
        g.g["purse"].remove(coin)
        g.frame["owed"] -= 1
        g.log(f"{{seat{seat}}} pays a {coin} coin.")

    def actions_stop(self, g: Game, seat: int) -> list[Action]:
        return [] if g.frame.get("owed") else [act("stop")]

    def act_stop(self, g: Game, seat: int) -> None:
        g.finish([seat], {"0": len(g.g["purse"])})

    def forced(self, g: Game, seat: int) -> Action | None:
        if g.rules_version < 2 or not g.frame.get("owed"):
            return None
        coins = self.actions_coin(g, seat)
        return coins[0] if len(coins) == 1 else None


class Shop(Engine):
    id = "shop_test"
    title = "Shop"
    version = 2
    min_players, max_players = 1, 1
    steps = (Pay,)

    def start(self, g: Game) -> None:
        g.g["purse"] = ["gold", "silver", "silver", "silver"]
        g.goto("pay", seat=0)

    def table_view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return dict(state["g"])


E = Shop()


def test_the_only_way_to_pay_is_played_with_the_choice_before_it() -> None:
    s = E.setup(1, 0)
    s, _ = E.apply(s, 0, "buy")
    assert [str(a) for a in E.legal_actions(s, 0)] == ["coin:gold", "coin:silver"], "two ways: ask"
    s, events = E.apply(s, 0, "coin:gold")  # only silver is left: the second coin pays itself
    assert [e["text"] for e in events] == ["{seat0} pays a gold coin.", "{seat0} pays a silver coin."]
    assert s["g"]["purse"] == ["silver", "silver"] and [str(a) for a in E.legal_actions(s, 0)] == ["buy", "stop"]
    s, events = E.apply(s, 0, "buy")  # silver only: both coins pay themselves at once
    assert s["g"]["purse"] == [] and len(events) == 2


def test_one_action_one_undo_and_an_exact_replay() -> None:
    s0 = E.setup(1, 0)
    s1, _ = E.apply(s0, 0, "buy")
    s2, _ = E.apply(s1, 0, "coin:gold")
    undone, _ = E.apply(s2, 0, "undo")
    assert undone["g"] == s1["g"] and undone["stack"] == s1["stack"], "undo takes back the forced coin too"
    assert replay(E, 1, 0, {}, [(0, "buy"), (0, "coin:gold")]) == s2


def test_an_older_rules_version_still_asks() -> None:
    s = E.setup(1, 0, version=1)
    s, _ = E.apply(s, 0, "buy")
    s, events = E.apply(s, 0, "coin:gold")
    assert len(events) == 1 and [str(a) for a in E.legal_actions(s, 0)] == ["coin:silver"]
    rebuilt = replay(E, 1, 0, {}, [(0, "buy"), (0, "coin:gold"), (0, "coin:silver")], version=1)
    assert rebuilt["engine_version"] == 1 and rebuilt["g"]["purse"] == ["silver", "silver"]


def test_a_forced_move_that_is_not_legal_is_an_engine_bug() -> None:
    class Broken(Pay):
        def forced(self, g: Game, seat: int) -> Action | None:
            return act("coin", "copper") if g.frame.get("owed") else None

    class BrokenShop(Shop):
        id = "broken_shop_test"
        steps = (Broken,)

    s = BrokenShop().setup(1, 0)
    with pytest.raises(EngineBug, match="forced an illegal move"):
        BrokenShop().apply(s, 0, "buy")
