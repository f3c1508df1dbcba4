"""The SCRAP bot's Call, Load and Run Phase choices: which Domain, which Functions to Queue, Expend, Power-Up,
Progress and Celestium."""

from __future__ import annotations

import random

from engines.core import Action, Game

from . import bot_eval as ev
from .support import player

LEVEL_WORTH = {"S": 1, "1": 2, "2": 3}
"""A Function's rough worth by its level: the Box's Level-2 Functions are the strongest."""
GAPS = (3, 6, 9)
"""Knowledge spaces whose next step passes a Track bonus (a Function or a Fragment)."""
UNLOCKS = (2, 4, 7)
"""Knowledge spaces whose next step unlocks a stronger Subroutine row."""


def fn_worth(g: Game, ref: int) -> int:
    """A Function's worth: its level, +1 when it has a Power-Up."""
    fn = g.data.functions[ref]
    return LEVEL_WORTH.get(fn.level, 1) + (1 if fn.power_up else 0)


def domain_need(g: Game, seat: int, dom: str) -> int:
    """The board's need: Create with a Reserve, Innovate when short, Terminate beside enemies, Explore for Data."""
    p = player(g, seat)
    if dom == "C":
        return 3 if ev.reserve_sizes(g, seat) and p["energy"] >= 2 else 1 if ev.reserve_sizes(g, seat) else 0
    if dom == "I":
        return 3 if p["energy"] < ev.ENERGY_RESERVE + 2 else 1
    if dom == "T":
        return 3 if ev.enemy_beside(g, seat) else 0
    return 2 + min(3, ev.searchable(g, seat) // 2)


def domain_score(g: Game, seat: int, dom: str) -> tuple[int, int]:
    """Call toward Data: the best Subroutine row unlocked after the step, a Track bonus passed, the board's need."""
    k = player(g, seat)["knowledge"][dom]
    after = min(k + 1, 10)
    row = max((s.row for s in g.data.domains[dom].subroutines if s.unlock <= after), default=0)
    bonus = 2 if k in GAPS else 0
    return (row + bonus + domain_need(g, seat, dom), -k)


def call_domain(g: Game, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """The adjacent Domain scoring best (never a Reset: Celestium is kept for Power-Ups); ties by the PRNG."""
    calls = [a for a in legal if a.verb == "domain"] or legal
    best = max(domain_score(g, seat, a.args[0]) for a in calls)
    return rnd.choice([a for a in calls if domain_score(g, seat, a.args[0]) == best])


def load_fill(g: Game, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """Queue the strongest Function; keep weak ones in hand to Expend or discard for Power-Ups."""
    best = max(fn_worth(g, a.args[0]) for a in legal)
    return rnd.choice([a for a in legal if fn_worth(g, a.args[0]) == best])


def choose_active(g: Game, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """An empty Queue: run the strongest Function in hand."""
    return load_fill(g, seat, legal, rnd)


def power_up(g: Game, seat: int, legal: list[Action]) -> Action:
    """Always Power-Up: an Energiser (+1 Data) first, then the weakest same-Domain card, then a Celestium."""
    by_verb: dict[str, list[Action]] = {}
    for a in legal:
        by_verb.setdefault(a.verb, []).append(a)
    if "energiser" in by_verb:
        return by_verb["energiser"][0]
    if "discard" in by_verb:
        return min(by_verb["discard"], key=lambda a: (fn_worth(g, a.args[0]), a.args[0]))
    for verb in ("celestium", "chronoflux"):
        if verb in by_verb:
            return by_verb[verb][0]
    return legal[0]


def expend(g: Game, seat: int, legal: list[Action]) -> Action:
    """Pay an Expend with the weakest card in hand (an Action is worth more than a weak card)."""
    cards = [a for a in legal if a.args and isinstance(a.args[0], int)]
    if not cards:
        return legal[0]
    return min(cards, key=lambda a: (fn_worth(g, a.args[0]), a.args[0]))


def progress(g: Game, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """Progress where the step passes a Track bonus, else unlocks a Subroutine row, else the lowest Knowledge."""
    know = player(g, seat)["knowledge"]

    def score(a: Action) -> tuple[int, int]:
        k = know[a.args[0]]
        return (3 if k in GAPS else 2 if k in UNLOCKS else 0, -k)
    best = max(score(a) for a in legal)
    return rnd.choice([a for a in legal if score(a) == best])


def celestium(g: Game, seat: int, legal: list[Action]) -> Action:
    """Take the Celestium into an empty slot (it pays Power-Ups and Resets), Energy's slot first when short."""
    p = player(g, seat)
    actions = g.data.intelligences[p["intel"]].celestium_slots
    slots = [a for a in legal if isinstance(a.args[0], int) and a.args[0] < len(actions)]
    empty = [a for a in slots if not p["celestium"][a.args[0]]]
    if not empty:
        return (slots or legal)[0]
    short = p["energy"] < ev.ENERGY_RESERVE + 2
    return min(empty, key=lambda a: (0 if short and actions[a.args[0]].get("op") == "energy" else 1, a.args[0]))


def pay_any(g: Game, seat: int, legal: list[Action]) -> Action:
    """'-? Energy': pay all but the Energy kept back for Power-Ups (at least 1 when anything is paid)."""
    most = max(a.args[0] for a in legal)
    want = max(min(most, 1), most - ev.ENERGY_RESERVE)
    return next(a for a in legal if a.args[0] == want)
