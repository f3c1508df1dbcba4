"""#23 Reformulating Raid's MOD (SC-REF-23, A-42): at the start of Resolution the Current Player picks one of
their Commands X, may swap up to 2 of their Bots in X for Bots from the Reserve (any Size, no Energy; the
swapped-out Bot goes to the Reserve and its Weapon is discarded), then may move some, all or none of the Bots
put into X this way, each to a Command adjacent to X (``rules.command_adjacency``: Lead is adjacent to none).

One effect walks the three stages: ``pick`` (X or no swap), ``swap`` (old Bot → new Size, or done),
``move`` (a swapped-in Bot → an adjacent Command, or done)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import board, virus
from .fight import battle, bot_words, distinct, on_board
from .support import player

HOOK, REFORM = "battle.reformulate", "reformulate"


def start(g: Game, seat: int) -> dict[str, Any]:
    """The effect queued at the start of Resolution."""
    params = battle(g)["mods"][HOOK]
    return effects.effect(REFORM, seat, stage="pick", cmd=None, left=int(params.get("max_swaps", 2)), new=[])


def _commands(g: Game, seat: int) -> list[str]:
    boards = battle(g)["boards"]
    return sorted({boards[bid] for bid in on_board(g, seat)})


def _sizes(g: Game, seat: int) -> list[int]:
    return [s for s in (1, 2, 3) if board.reserve(g, seat, s) and not board.forbidden_size(g, seat, s)]


def run_reform(g: Game, item: dict[str, Any]) -> list[Any] | None:
    seat, b = item["owner"], battle(g)
    if item["stage"] == "pick":
        options = [f"c{cmd}" for cmd in _commands(g, seat)]
        return ["skip", *options] if options and _sizes(g, seat) else None
    if item["stage"] == "swap":
        olds = [bid for bid in distinct(g, on_board(g, seat, item["cmd"])) if bid not in item["new"]]
        options = [f"s{bid}-{size}" for bid in olds for size in _sizes(g, seat)] if item["left"] > 0 else []
        if options:
            return ["done", *options]
        item["stage"] = "move"
    near = g.data.rules["command_adjacency"][item["cmd"]]
    movers = [bid for bid in item["new"] if b["boards"].get(bid) == item["cmd"]]
    options = [f"m{bid}-{cmd}" for bid in distinct(g, movers) for cmd in near]
    return ["done", *options] if options else None


def pick_reform(g: Game, item: dict[str, Any], token: Any) -> None:
    seat, b = item["owner"], battle(g)
    if token == "skip":
        return
    if token.startswith("c"):
        effects.push_front(g, {**item, "stage": "swap", "cmd": token[1:]})
    elif token == "done":
        if item["stage"] == "swap":
            effects.push_front(g, {**item, "stage": "move"})
    elif token.startswith("s"):
        old, size = token[1:].rsplit("-", 1)
        new = board.reserve(g, seat, int(size))[0]
        g.log(f"{{seat{seat}}} swaps {bot_words(g, old)} for {label_size(g, seat, int(size))} from the Reserve.")
        if b["equipped"].pop(old, None) is not None:  # SC-REF-23: its Weapon is discarded
            g.g["supply"]["weapons"] += 1
            g.log("Its Weapon is discarded.")
        g.g["bots"][new].update(at=g.g["bots"][old]["at"], stunned=g.g["bots"][old]["stunned"])
        g.g["bots"][old].update(at=None, stunned=False)
        b["boards"][new] = b["boards"].pop(old)
        virus.follow(g, old, new)
        effects.push_front(g, {**item, "left": item["left"] - 1, "new": [*item["new"], new]})
    else:
        bid, cmd = token[1:].rsplit("-", 1)
        b["boards"][bid] = cmd
        g.log(f"{{seat{seat}}} moves {bot_words(g, bid)} to {cmd.capitalize()}.")
        effects.push_front(g, {**item, "stage": "move", "new": [x for x in item["new"] if x != bid]})


def label_size(g: Game, seat: int, size: int) -> str:
    name = g.data.intelligences[player(g, seat)["intel"]].bot(size).name
    return ("an " if name[0] in "AEIOU" else "a ") + name


def label_reform(g: Game, item: dict[str, Any], token: Any) -> str:
    seat = item["owner"]
    if token == "skip":
        return "Reformulate nothing"
    if token == "done":
        return "Swap no more Bots" if item["stage"] == "swap" else "Move no more Bots"
    if token.startswith("c"):
        return f"Reformulate your {token[1:].capitalize()} Command"
    if token.startswith("s"):
        old, size = token[1:].rsplit("-", 1)
        return f"Swap your {bot_words(g, old, whose=False)} for {label_size(g, seat, int(size))}"[:80]
    bid, cmd = token[1:].rsplit("-", 1)
    return f"Move your {bot_words(g, bid, whose=False)} to {cmd.capitalize()}"[:80]


EFFECTS = {REFORM: Handler(run_reform, pick=pick_reform, label=label_reform,
                           prompt="Reformulating Raid: change a Command?", auto_single=False,
                           default=lambda g, item, options: options[0])}
"""The Reformulating Raid handler."""
