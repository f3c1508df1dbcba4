"""A purposeful bot: stars first, then building (sites that near completion), goods and workers; safe
payments; Taed's clay trade, Samuel's free morale and paid extra placements when the space is worth it."""

from __future__ import annotations

from engines.core import Action, Engine, Game, State

from .construction import needed, site_workers
from .tableau import player

BONUS_WORTH = 6000
"""A paid extra placement is taken for a space scoring at least this (a site being built, or better)."""
WORTH = {"artmarket": 1000, "nimbus_loft": 950, "market": 900, "site": 300, "exclusive": 300, "tunnel": 350,
         "breeze_bar": 400, "sky_lounge": 300, "tank": 450, "lost_found": 500, "production": 100}
"""What a placement is worth to the bot by the kind of space (when it is useful at all)."""
SITE_COMPLETES = 1150
"""A placement that completes a market scores above every other star (it also frees the builders)."""
PRODUCTION_SHORT = 40
"""A production space gains this for each unit of its commodity the bot is short of."""
SITE_PER_BUILDER = 120
"""A site is worth more the closer it is to completion (each builder already there)."""


def _score_place(g: Game, pid: int, pips: int, space_id: str) -> int:
    """Stars first, then building and the goods that lead to them; scarce commodities; low pips."""
    space = g.data.spaces[space_id]
    p = player(g, pid)
    goods = p["goods"]
    kind = space.kind
    w = WORTH
    score = {"artmarket": w["artmarket"], "nimbus_loft": w["nimbus_loft"], "market": w["market"], "site": w["site"],
             "exclusive": w["exclusive"], "tunnel": w["tunnel"],
             "breeze_bar": w["breeze_bar"] if len(p["artifacts"]) < p["morale"] else 50,
             "sky_lounge": w["sky_lounge"] if sum(goods[r] for r in g.data.c["resources"]) < 3 else 40,
             "tank": w["tank"] if len(p["dice"]) < 3 else 0,
             "lost_found": w["lost_found"] if any(d["at"] == "runaway" for d in p["dice"]) else 0,
             "production": w["production"]}[kind]
    if kind == "site":
        builders = len(site_workers(g, space.extra["site"]))
        if builders + 1 >= needed(g):
            score = SITE_COMPLETES  # this worker builds the market: a star now and the builders come back
        else:
            score += SITE_PER_BUILDER * builders
        free = sum(1 for d in p["dice"] if d["at"] == "avail")
        if free <= 1 and not score > 600:
            score = 90  # a lone worker on an empty site only comes back unbuilt
    if kind == "production":
        good = g.data.area_info[space.area]["commodity"]
        short = len(p["dice"]) < 3 and good in ("energy", "water")
        want = 2 if good == "bliss" else 5 if short else 3
        score += PRODUCTION_SHORT * max(0, want - goods[good])
    return score * 10 - pips


def _site_of(g: Game, p: dict, die: int) -> str:
    """The construction site a worker stands on."""
    return g.data.spaces[p["dice"][die]["at"]].extra["site"]


def _only_builders_out(g: Game, pid: int) -> bool:
    """Are all of ``pid``'s workers on the board standing on construction sites?"""
    out = [d["at"] for d in player(g, pid)["dice"] if d["at"] in g.data.spaces]
    return bool(out) and all(g.data.spaces[at].kind == "site" for at in out)


def choose(engine: Engine, state: State, seat: int) -> Action:
    """The bot's move for ``seat`` (deterministic per state)."""
    legal = engine.legal_actions(state, seat)
    g = Game(engine, state, None)
    frame = g.frame
    step = engine.step(frame["step"])
    if frame["step"] == "turn":
        pid = frame["pid"]
        clay = player(g, pid)["goods"]["clay"]
        if clay >= 2 and Action("clay", clay - 1) in legal:
            return Action("clay", clay - 1)  # Taed: each clay beyond one becomes water and another resource
        places = [a for a in legal if a.verb == "place"]
        scored = sorted(places, key=lambda a: -_score_place(g, pid, int(a.args[0]), str(a.args[1])))
        if frame["value"] is not None:
            if scored and _score_place(g, pid, int(scored[0].args[0]), str(scored[0].args[1])) >= 3000:
                return scored[0]
            # One more worker for morale (Jadwiga, Spiros): only for a space worth the price.
            bonus = sorted((a for a in legal if a.verb == "bonus"),
                           key=lambda a: -_score_place(g, pid, int(a.args[1]), str(a.args[2])))
            if bonus and _score_place(g, pid, int(bonus[0].args[1]), str(bonus[0].args[2])) >= BONUS_WORTH:
                return bonus[0]
            return Action("end")
        if scored and (_score_place(g, pid, int(scored[0].args[0]), str(scored[0].args[1])) >= 1200
                       or Action("retrieve") not in legal):
            return scored[0]
        return Action("retrieve") if Action("retrieve") in legal else legal[0]
    if frame["step"] == "retrieve":
        p = player(g, frame["pid"])
        for a in legal:
            if a.verb == "take" and g.data.spaces[p["dice"][int(a.args[0])]["at"]].kind != "site":
                return a  # leave builders on their sites
        if not frame["picked"]:
            return Action("all") if Action("all") in legal else legal[0]
        if Action("zap") in legal:
            return Action("zap")  # Samuel the Zapper: morale for nothing
        for good in ("bliss", "food"):
            if Action("pay", good) in legal and p["morale"] < 5:
                return Action("pay", good)
        return Action("free") if Action("free") in legal else legal[0]
    if frame["step"] == "choose" and frame["op"]["effect"] == "ask":
        return Action("pick", "yes")
    return step.default(g, seat)
