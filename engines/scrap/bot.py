"""A simple SCRAP bot: legal, purposeful moves, deterministic per state.

Out of Battle it takes Search Rewards, Relics and Data when offered and acts rather than passes; it resolves
the highest unlocked Subroutine row, Refreshes its Active Function first and Mobilises its largest Bots. In a
Battle it Raids where it is strong, Reinforces when it can bring Bots, Strikes when ahead, sends its
largest Bot to Brawl and the next to Fire, arms the largest Bot, Destroys what it can and claims the Relic.
Everywhere else it reasons too (issue 14): the Domain it Calls and the Functions it Queues (``bot_call``), where
it Creates, Moves, Crushes and Flies (``bot_map``), the parts of plus-joined Actions and other players' prompts
(``bot_plus``); the seeded PRNG only breaks ties. Issue 14: it beats random-legal players in >= 90 % of games
at 2, 3 and 4 players (``python -m bench.bots``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engines.core import Action, Game, State

from . import bot_call, bot_map, bot_plus, bot_setup, fragments
from .bot_eval import enemy_strength, strength_at

PASSIVE = frozenset({"done", "decline", "skip", "stay", "herculean", "pause", "nojoin"})
"""Choice tokens that decline something."""
PASSIVE_VERBS = frozenset({"no", "keep", "redo"})


def is_reward(action: Action) -> bool:
    """A Search Reward pick (its token is '<Area id>.<letter>')."""
    token = action.args[0] if action.verb == "pick" and action.args else None
    return isinstance(token, str) and len(token) == 5 and token[3] == "."


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
    step_choice = STEPS.get(frame["step"])
    if step_choice is not None:
        return step_choice(g, seat, legal, rnd)
    effect = frame["op"]["effect"] if frame["step"] == "choose" else None
    item = frame["op"] if frame["step"] == "choose" else {}
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
    if "pause" in tokens and effect in ("create", "mobilise", "fly") \
            and (bot_plus.should_pause(g, item) or (set(tokens) <= {"done", "pause", "herculean"}
                                                     and int(item.get("left") or 0) > 0)):
        return tokens["pause"]  # another part first, or nothing to do yet: come back after the other parts
    legal_now = [a for a in legal if not (a.args and a.args[0] in ("pause", "herculean"))] or legal
    if effect in EFFECTS:
        return EFFECTS[effect](g, seat, item, legal_now, rnd)
    if effect in ("brawl_alloc", "fire_pick", "probe_pick", "bolster_pick", "lead_pick"):
        return g.engine.default_action(state, seat)
    rewards = [a for a in legal if is_reward(a)]
    acting = [a for a in legal if a.verb not in PASSIVE_VERBS
              and not (a.verb == "pick" and a.args and a.args[0] in PASSIVE)]
    calm = [a for a in legal if not (a.verb == "pick" and a.args and a.args[0] == "pause")]
    return rnd.choice(rewards or acting or calm or legal)


Chooser = Callable[[Game, int, list[Action], random.Random], Action]
ItemChooser = Callable[[Game, int, dict[str, Any], list[Action], random.Random], Action]

STEPS: dict[str, Chooser] = {
    "call_domain": bot_call.call_domain,
    "load_fill": bot_call.load_fill,
    "choose_active": bot_call.choose_active,
    "power_up": lambda g, seat, legal, rnd: bot_call.power_up(g, seat, legal),
    "place_ship": bot_setup.place_ship,
    "place_bots": bot_setup.place_bots,
}
"""Steps whose choice a reasoned function makes."""
EFFECTS: dict[str, ItemChooser] = {
    "create": bot_map.create,
    "mobilise": lambda g, seat, item, legal, rnd: bot_map.mobilise(g, seat, legal, rnd),
    "upgrade": lambda g, seat, item, legal, rnd: bot_map.upgrade(g, seat, legal, rnd),
    "crush": bot_map.crush,
    "search": lambda g, seat, item, legal, rnd: bot_map.search(g, seat, legal, rnd),
    "fly": bot_map.fly,
    "deploy_any": lambda g, seat, item, legal, rnd: bot_map.deploy_any(g, seat, legal, rnd),
    "expend": lambda g, seat, item, legal, rnd: bot_call.expend(g, seat, legal),
    "progress": lambda g, seat, item, legal, rnd: bot_call.progress(g, seat, legal, rnd),
    "celestium": lambda g, seat, item, legal, rnd: bot_call.celestium(g, seat, legal),
    "pay_any": lambda g, seat, item, legal, rnd: bot_call.pay_any(g, seat, legal),
    "plus": lambda g, seat, item, legal, rnd: bot_plus.plus_order(item, legal),
    "trigger_order": lambda g, seat, item, legal, rnd: bot_plus.trigger_order(legal),
    "choice_side": bot_plus.choose_side,
    "name_player": lambda g, seat, item, legal, rnd: bot_plus.name_player(g, seat, legal),
    "virus": lambda g, seat, item, legal, rnd: bot_map.virus(g, seat, legal, rnd),
    "victory_prize": lambda g, seat, item, legal, rnd: bot_map.victory_prize(g, seat, legal, rnd),
    "weapon": lambda g, seat, item, legal, rnd: bot_plus.weapon(g, seat, item, legal),
}
"""Choose prompts (by effect) whose choice a reasoned function makes."""
