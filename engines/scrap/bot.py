"""A simple SCRAP bot: legal, purposeful moves, deterministic per state.

Out of Battle it takes Search Rewards, Relics and Data when offered and acts rather than passes; it resolves
the highest unlocked Subroutine row, Refreshes its Active Function first and Mobilises its largest Bots. In a
Battle it Raids where it is strong, Reinforces when it can bring Bots, Strikes when ahead, sends its
largest Bot to Brawl and the next to Fire, arms the largest Bot, Destroys what it can and claims the Relic.
Issue 14: it beats random-legal players in >= 90 % of games at 2, 3 and 4 players (``python -m bench.bots``)."""

from __future__ import annotations

import random

from engines.core import Action, Game, State

from . import board, fragments
from .fight import in_area

PASSIVE = frozenset({"done", "decline", "skip", "stay", "herculean", "pause", "nojoin"})
"""Choice tokens that decline something."""
PASSIVE_VERBS = frozenset({"no", "keep", "redo"})


def is_reward(action: Action) -> bool:
    """A Search Reward pick (its token is '<Area id>.<letter>')."""
    token = action.args[0] if action.verb == "pick" and action.args else None
    return isinstance(token, str) and len(token) == 5 and token[3] == "."


def strength_at(g: Game, area: str, seat: int, *, reach: bool = False) -> int:
    """Active Strength of ``seat`` in ``area`` (with ``reach``: also in Areas it can Move in from)."""
    here = sum(board.strength(g, g.g["bots"][b]) for b in in_area(g, area, seat, active=True))
    if not reach:
        return here
    near = [a for a in g.g["areas"].values() if a != area and area in board.linked(g, a, seat)]
    return here + sum(strength_at(g, a, seat) for a in near)


def enemy_strength(g: Game, area: str, seat: int) -> int:
    """The strongest enemy's Active Strength in ``area``."""
    return max((strength_at(g, area, s) for s in range(g.seats) if s != seat), default=0)


def pick_area(g: Game, seat: int, legal: list[Action]) -> Action:
    """A Battle Area: where a Relic lies and its reach beats the enemy there."""
    def score(a: Action) -> tuple[int, str]:
        area = a.args[0]
        lead = strength_at(g, area, seat, reach=True) - enemy_strength(g, area, seat)
        return (lead + (4 if area in g.g["relics"] else 0) + (0 if lead > 0 else -10), area)
    return max(legal, key=score)


def reinforce(g: Game, seat: int, legal: list[Action]) -> Action:
    """Strike when ahead, bring Bots when possible (at most 3 Energy), else pass."""
    b = g.g["battle"]
    tokens = {a.args[0]: a for a in legal}
    mine, theirs = strength_at(g, b["area"], seat), enemy_strength(g, b["area"], seat)
    if "strike" in tokens and mine > theirs:
        return tokens["strike"]
    spend = [t for t in tokens if isinstance(t, str) and t.startswith("e") and int(t[1:]) <= 3]
    wants = seat == b["current"] or mine > 0
    if spend and wants:
        return tokens[max(spend, key=lambda t: int(t[1:]))]
    return tokens.get("strike") if "strike" in tokens and mine > 0 else tokens["pass"]


COMMAND_PLAN = ("brawl", "fire", "probe")
"""The Commands of the largest, second and third Bot; the rest Bolster."""


def command(state: State, seat: int, legal: list[Action]) -> Action:
    """Largest Bot to Brawl, then Fire, then Probe, the rest Bolster; Weapons on the largest; lock in."""
    verbs = {a.verb for a in legal}
    if "assign" in verbs:
        done = len(state["stack"][-1]["private"][str(seat)].get("cmd", {}))
        want = COMMAND_PLAN[done] if done < len(COMMAND_PLAN) else "bolster"
        return next(a for a in legal if a.verb == "assign" and a.args[0] == want)
    if "arm" in verbs:
        return next(a for a in legal if a.verb == "arm")
    return next(a for a in legal if a.verb == "lock")


def choose(g: Game, state: State, seat: int, legal: list[Action]) -> Action:
    """One purposeful legal action; ties broken by a PRNG seeded from the game seed and step."""
    rnd = random.Random(f"{state['seed']}:{state['step']}:{seat}")
    frame = state["stack"][-1]
    if frame["step"] == "battle_command":
        return command(state, seat, legal)
    if frame["step"] == "sacred_vows":  # keep Peace broken so it may Battle and Crush; keep the others sworn
        peace = g.g["players"][str(seat)]["unique"]["vows"].get("peace")
        return next((a for a in legal if a.verb == "flip" and a.args[0] == "peace"), legal[0]) \
            if peace == "vow" else next(a for a in legal if a.verb == "keep")
    if frame["step"] == "subroutine":  # the highest unlocked row is the strongest
        return max(legal, key=lambda a: a.args[0])
    if frame["step"] == "load_return":  # Score Fragments only to reach the end's Data now
        p = g.g["players"][str(seat)]
        if p["data"] < g.data.rules["end"]["data"] <= p["data"] + sum(p["fragments"]):
            return next(a for a in legal if a.verb == fragments.VERB)
        return next(a for a in legal if a.verb == "keep")
    effect = frame["op"]["effect"] if frame["step"] == "choose" else None
    tokens = {a.args[0]: a for a in legal if a.verb == "pick" and a.args}
    if effect == "choose_area" and frame["op"]["do"].get("seq", [{}])[-1].get("op") == "battle":
        return pick_area(g, seat, legal)
    if effect == "battle":
        return pick_area(g, seat, legal)
    if effect == "reinforce":
        return reinforce(g, seat, legal)
    for want in ("relic", "all"):
        if want in tokens:
            return tokens[want]
    if effect == "refresh":  # options run done, Discard Pile, Queue, Active: take the Active Function first
        return legal[-1]
    if effect == "mobilise":  # options run by Bot Size: Move the largest Bot (Hijacks last), never stop early
        moves = [a for a in legal if a.args and a.args[0] not in PASSIVE]
        return moves[-1] if moves else legal[-1]
    if effect in ("brawl_alloc", "fire_pick", "probe_pick", "bolster_pick", "lead_pick"):
        return g.engine.default_action(state, seat)
    rewards = [a for a in legal if is_reward(a)]
    acting = [a for a in legal if a.verb not in PASSIVE_VERBS
              and not (a.verb == "pick" and a.args and a.args[0] in PASSIVE)]
    calm = [a for a in legal if not (a.verb == "pick" and a.args and a.args[0] == "pause")]
    return rnd.choice(rewards or acting or calm or legal)
