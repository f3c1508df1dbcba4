"""A purposeful bot: Commands that end on rewarding spaces, useful actions, cables along a route.

It is deterministic per state: each call re-plans from the state and returns the next small action.
"""

from __future__ import annotations

import random
from typing import Any

from engines.core import Action, Game

from .board import xy
from .cable_plan import CableRanker, cable_choice, cable_key, canonical, remaining_route
from .movement import Blocked, copy_world, run_position, world_of
from .player_board import player
from .program import cards_needed, command_exists, movement_counts, params_for, token_sources

ACTION_VALUE = {"BONUS": 2.6, "POWER": 3.0, "DICE": 2.2, "OIL": 2.0, "COMMAND": 1.0}
STANDBY_VALUE = 1.2


def _space_value(g: Game, seat: int, space: str, taken: list[str], limit: int) -> tuple[float, list[str]]:
    """Best actions at ``space`` within the limit, skipping types already planned this turn."""
    p, c = player(g, seat), g.data
    vals = []
    tokens = g.g["tokens"].get(space, [])
    for kind in ("BONUS", "DICE", "OIL"):
        if kind in tokens and kind not in taken:
            v = ACTION_VALUE[kind]
            if kind == "OIL" and min(p["tanks"]) >= c.rules["oil_tank_size"]:
                v = 0.1
            vals.append((v, kind))
    if g.g["power"].get(space) and "POWER" not in taken:
        vals.append((ACTION_VALUE["POWER"] if p["chips"] < c.rules["chips_max"] else 1.5, "POWER"))
    if "COMMAND" not in taken and len(g.g["hands"][str(seat)]) < 7:
        vals.append((ACTION_VALUE["COMMAND"], "COMMAND"))
    vals.sort(reverse=True)
    best = vals[:limit]
    return sum(v for v, _ in best), [k for _, k in best]


def _score(g: Game, seat: int, cmd: dict[str, Any]) -> float | None:
    """Simulate a complete Command and value where each card ends."""
    c = g.data
    w = world_of(g.g, seat)
    taken: list[str] = []
    total = -0.4 * len(cmd["mods"])
    try:
        for p in c.positions[cmd["kind"]]:
            result = run_position(w, c, cmd, p)
            if p.kind == "card":
                limit = c.rules["actions_per_card"][cmd["kind"]][p.card - 1]
                value, kinds = _space_value(g, seat, w["robots"][w["me"]][0], taken, limit)
                total += value
                taken += kinds
                total += 0.3 * sum(1 for s in result["moved"] if s in c.switches)
            elif result.get("blast") == "box":
                total += 3.0
            elif result.get("blast") == "energy":
                total += 5.0
    except Blocked:
        return None
    return total + 0.1 * _nearby(g, w["robots"][w["me"]][0])


def _nearby(g: Game, space: str) -> int:
    """Action tokens within two spaces: a hint to drift toward resources."""
    x, y = xy(space)
    return sum(len(v) for k, v in g.g["tokens"].items() if abs(xy(k)[0] - x) + abs(xy(k)[1] - y) <= 2)


def _plans(g: Game, seat: int, kind: str, fixed: list[str]) -> list[dict[str, Any]]:
    """Card choices (extending ``fixed``) with no token or one token, as complete Commands."""
    counts = movement_counts(g, seat)
    need = cards_needed(g.data, kind)
    combos: list[list[str]] = [list(fixed)]
    for _ in range(need - len(fixed)):
        combos = [[*cs, k] for cs in combos for k in sorted(counts) if counts[k] > cs.count(k)]
    avail = sorted(token_sources(g, seat))
    plans = []
    for cards in combos:
        base = {"kind": kind, "cards": cards, "mods": {}}
        plans.append(base)
        for p in g.data.positions[kind]:
            for token in p.accepts:
                if token in avail:
                    for param in params_for(g.data, world_of(g.g, seat), token, cards[p.card - 1]):
                        plans.append({**base, "mods": {str(p.pos): {"type": token, "param": param}}})
    return plans


def best_plan(g: Game, seat: int, kind: str, fixed: list[str], mods: dict[str, Any]) -> tuple[float, Any]:
    best: tuple[float, Any] = (-1e9, None)
    for plan in _plans(g, seat, kind, fixed):
        if mods:
            used = {m["type"] for m in mods.values()}
            extra = {k: m for k, m in plan["mods"].items() if k not in mods and m["type"] not in used}
            plan = {**plan, "mods": {**mods, **extra}}
        score = _score(g, seat, plan)
        if score is not None and score > best[0]:
            best = (score, plan)
    return best


ITEM_VALUE = {"OIL": 1.0, "COMMAND": 0.7, "STRAIGHT": 1.1, "BEND": 1.4, "TURBO": 1.0, "ROT90": 0.8,
              "ROT180": 0.8, "ONESTEP": 0.7, "LEVITATE": 0.7, "PORTAL": 0.5}


def _half_value(g: Game, seat: int, items: Any) -> float:
    """What one half of a Bonus card is worth to this seat now."""
    p = player(g, seat)
    room = sum(g.data.rules["oil_tank_size"] - t for t in p["tanks"])
    total = 0.0
    for it in items:
        if it.kind == "OIL":
            total += min(it.n, room) * ITEM_VALUE["OIL"]
        elif it.kind == "COMMAND":
            total += it.n * ITEM_VALUE["COMMAND"] * (len(g.g["hands"][str(seat)]) < 8)
        else:
            total += it.n * ITEM_VALUE[it.type]
    return total


def _turn_start(g: Game, seat: int, legal: list[Action]) -> Action:
    uses = [a for a in legal if a.verb == "use"]
    if uses:
        return uses[0]
    options = []
    if Action("single") in legal:
        options.append((best_plan(g, seat, "single", [], {})[0], Action("single")))
    for a in legal:
        if a.verb == "combi":
            options.append((best_plan(g, seat, "combi", [], {})[0] + 0.5, a))
    hand = len(g.g["hands"][str(seat)])
    standby = STANDBY_VALUE if hand < 6 else (0.0 if hand < g.data.rules["hand_limit"] else -5.0)
    options.append((standby, Action("standby")))
    return max(options, key=lambda o: o[0])[1]


def _program(g: Game, seat: int, legal: list[Action]) -> Action:
    f = g.frame
    _, plan = best_plan(g, seat, f["kind"], f["cards"], f["mods"])
    if plan is not None:
        need = cards_needed(g.data, f["kind"])
        if len(f["cards"]) < need:
            want = Action("card", plan["cards"][len(f["cards"])])
            if want in legal:
                return want
        else:
            for a in legal:
                if a.verb == "mod":
                    m = plan["mods"].get(str(a.args[0]))
                    if m and m["type"] == a.args[1] and m["param"] == a.args[2]:
                        return a
    for verb in ("confirm", "skip", "card", "mod"):
        for a in legal:
            if a.verb == verb:
                return a
    return legal[0]


def _place(g: Game, seat: int, legal: list[Action]) -> Action:
    """A gain prompt: oil into the fuller tank (D-OIL), cable tokens by H-CABLE."""
    if legal[0].verb != "place":
        tanks = player(g, seat)["tanks"]
        return legal[-1] if tanks[0] >= tanks[1] else legal[0]
    return cable_choice(g, seat, legal)


def _conversions(g: Game, seat: int, legal: list[Action]) -> Action:
    f = g.frame
    p = player(g, seat)
    hand = len(g.g["hands"][str(seat)])
    if not f.get("reward"):
        rank = CableRanker(g, seat)
        moves = sum(movement_counts(g, seat).values())
        stuck = not command_exists(g, seat, "single") and not command_exists(g, seat, "combi")
        wanted = []
        for a in legal:
            if a.verb != "buy":
                continue
            kind, ty = a.args[1], a.args[2]
            if kind == "MOVEMENT_CARD" and moves < 2:
                wanted.append((4, a))
            elif kind == "MODIFIER" and ty in ("ROT90", "ROT180") and stuck:
                wanted.append((5, a))
            elif kind == "ABILITY" and hand >= 6:
                wanted.append((3, a))
            elif kind == "CABLE" and rank.useful(str(ty)):
                wanted.append((2, a))
            elif kind == "MODIFIER" and ty == "TURBO" and hand >= 6:
                wanted.append((1, a))
        return max(wanted, key=lambda w: w[0])[1] if wanted else Action("done")
    if not f.get("resource"):
        order = ["CARDS", "TOKENS", "OIL"] if hand >= 4 else ["TOKENS", "OIL", "CARDS"]
        whole = {"CARDS": "cards", "OIL": "oils"}  # rules version 2: the payment itself chooses the resource
        for res in order:
            if Action("pay", res) in legal:
                return Action("pay", res)
            sets = [a for a in legal if a.verb == "spend" and a.args[0] == whole.get(res)]
            if sets:
                legal = sets
                break
    if legal[0].args[0] == "cards":  # a whole payment: the cards the hand has most of
        types = [g.data.card_type(x) for x in g.g["hands"][str(seat)]]
        return max(legal, key=lambda a: sorted((types.count(k) for k in str(a.args[1]).split("+")), reverse=True))
    if legal[0].args[0] == "oils":  # a whole payment of oil: from the emptier tank first
        return legal[-1] if p["tanks"][0] <= p["tanks"][1] else legal[0]
    rank = CableRanker(g, seat)
    spend = [a for a in legal if not (a.args[0] == "cable" and rank.needed(str(a.args[1])))]
    if spend and spend[0].args[0] == "oil":
        return min(spend, key=lambda a: p["tanks"][int(a.args[1]) - 1])
    if spend and spend[0].args[0] == "card":
        types = [g.data.card_type(x) for x in g.g["hands"][str(seat)]]
        return max(spend, key=lambda a: types.count(str(a.args[1])))
    return (spend or legal)[-1]


def choose(g: Game, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """The bot's next action among ``legal``."""
    name = g.frame["step"]
    if name == "turn_start":
        return _turn_start(g, seat, legal)
    if name == "program":
        return _program(g, seat, legal)
    if name == "board_actions":
        kinds = [a for a in legal if a.verb == "act"]
        if not kinds:
            return Action("done")
        _, best = _space_value(g, seat, g.g["robots"][str(seat)]["at"],
                               [k for k in g.g["turn"]["actions"]], 1)
        for a in kinds:
            if best and a.args[0] == best[0]:
                return a
        return Action("done")
    if name == "bonus_choice":
        card = g.data.bonus_cards[g.frame["card"]]
        return max(legal, key=lambda a: _half_value(g, seat, card.top if a.args[0] == "top" else card.bottom))
    if name == "gain":
        return _place(g, seat, legal)
    if name == "conversions":
        return _conversions(g, seat, legal)
    step = g.engine.step(name)
    return step.default(g, seat)


__all__ = ["CableRanker", "cable_choice", "cable_key", "canonical", "choose", "copy_world", "remaining_route"]
