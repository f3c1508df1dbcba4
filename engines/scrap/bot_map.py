"""The SCRAP bot's Map choices: Create, Mobilise, Upgrade, Crush and Disable, Search and Fly."""

from __future__ import annotations

import random
from collections.abc import Callable

from engines.core import Action, Game

from . import board
from . import bot_eval as ev
from .combat import crush_value
from .map_actions import deploy_areas, weapon_energy
from .support import player

Score = Callable[[Action], float]


def best(legal: list[Action], score: Score, rnd: random.Random) -> Action:
    """The best-scoring action; ties broken by the seeded PRNG."""
    top = max(score(a) for a in legal)
    return rnd.choice([a for a in legal if score(a) == top])


def token(a: Action) -> str:
    """The pick's token as text."""
    return str(a.args[0]) if a.args else ""


def area_pull(g: Game, area: str, seat: int, added: int) -> float:
    """Why add ``added`` Active Strength to ``area``: winning Control (x3), its worth, a contested Area first."""
    swing = ev.control_swing(g, area, seat, added)
    contested = ev.enemy_strength(g, area, seat) > 0
    mine = board.controller(g, area) == seat
    return 3 * max(swing, 0) + ev.area_worth(g, area) * (0.5 if mine else 1.0) + (1 if contested else 0)


def create_area(g: Game, item: dict, tok: str) -> str:
    """The Area a Create token deploys into."""
    if "-" in tok:
        return tok.split("-", 1)[1]
    return deploy_areas(g, item)[0 if tok[2] == "a" else 1]


def create(g: Game, seat: int, item: dict, legal: list[Action], rnd: random.Random) -> Action:
    """Deploy the largest Bot it can pay for, where it wins Control or Control is contested; never stop early."""
    deploys = [a for a in legal if token(a)[:1] == "s"]
    if not deploys:
        return next((a for a in legal if token(a) == "done"), legal[0])
    intel = g.data.intelligences[player(g, seat)["intel"]]
    weapons = weapon_energy(g, seat, item)

    def score(a: Action) -> float:
        size = int(token(a)[1])
        bot = intel.bot(size)
        paid_with_weapons = max(0, bot.cost - player(g, seat)["energy"]) if weapons else 0
        return 4 * size + area_pull(g, create_area(g, item, token(a)), seat, bot.strength) - paid_with_weapons
    return best(deploys, score, rnd)


def move_score(g: Game, seat: int, tok: str) -> float:
    """A Move: the Control it wins where it goes minus the Control it loses where it leaves (Recover: arrive)."""
    kind, parts = tok[0], tok[1:].split("-")
    size = int(parts[0])
    strength = g.data.intelligences[player(g, seat)["intel"]].bot(size).strength
    if kind == "r":
        return area_pull(g, parts[1], seat, strength) + size
    here, there = parts[1], parts[2]
    leave = 3 * max(-ev.control_swing(g, here, seat, -strength), 0) + (
        ev.area_worth(g, here) if board.controller(g, here) == seat and ev.control_swing(
            g, here, seat, -strength) < 0 else 0)
    return area_pull(g, there, seat, strength) - leave + size * 0.5


def mobilise(g: Game, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """Move (or Recover) where Control is won and not lost; others' Bots (Hijack, Bait) after that; never stop."""
    moves = [a for a in legal if token(a)[:1] in "mr" and token(a) not in ("done",)]
    if moves:
        return best(moves, lambda a: move_score(g, seat, token(a)), rnd)
    others = [a for a in legal if token(a)[:1] in "jeo"]
    return rnd.choice(others) if others else legal[-1]


def upgrade(g: Game, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """Upgrade an Active Bot where the extra Strength wins or holds Control."""
    intel = g.data.intelligences[player(g, seat)["intel"]]

    def score(a: Action) -> float:
        size, area, state = token(a)[1:].split("-")
        gain = intel.bot(int(size) + 1).strength - intel.bot(int(size)).strength
        return area_pull(g, area, seat, gain) + (0 if state == "s" else 2)
    return best(legal, score, rnd)


def target_score(g: Game, seat: int, item: dict, bid: str) -> float:
    """A target: one the Damage can Destroy, breaking Control, the leader's, strong, already hit (finish it)."""
    bot = g.g["bots"][bid]
    need = board.current_strength(g, bot) - item["damage"].get(bid, 0)
    lethal = need <= item["left"]
    lead = 2 if bot["owner"] == ev.leader(g, seat) else 0
    breaks = 4 if ev.breaks_control(g, bid) else 0
    hit = 2 if item["damage"].get(bid, 0) else 0
    return (10 if lethal else 0) + board.strength(g, bot) + lead + breaks + hit


def performer_score(g: Game, seat: int, item: dict, tok: str) -> float:
    """Which Bot Crushes: the one whose Value Destroys the most valuable enemy Bot in its Area."""
    size, area = tok[1:].split("-")
    value = crush_value(g, seat, item["kind"], int(size), item["k"])
    probe = {**item, "left": value}
    scores = [target_score(g, seat, probe, bid) for bid, b in g.g["bots"].items()
              if b["owner"] != seat and b["at"] == area and not (item["kind"] == "disable" and b["stunned"])]
    return max(scores, default=0) + int(size) * 0.1


def crush(g: Game, seat: int, item: dict, legal: list[Action], rnd: random.Random) -> Action:
    """Crush or Disable: pick the Bot that kills the best target, then focus Damage on it until it falls."""
    toks = {token(a): a for a in legal}
    performers = [a for t, a in toks.items() if t[:1] == "b"]
    if performers:
        return best(performers, lambda a: performer_score(g, seat, item, token(a)), rnd)
    targets = [a for t, a in toks.items() if t[:1] == "t"]
    if targets:
        return best(targets, lambda a: target_score(g, seat, item, token(a)[1:]), rnd)
    aims = [a for t, a in toks.items() if t[:1] == "a"]
    return aims[0] if aims else toks.get("done", legal[0])


def search(g: Game, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """Search the Reward worth the most Data for its Cost; resolve when nothing is left."""
    rewards = [a for a in legal if token(a) != "done" and "." in token(a)]
    if not rewards:
        return next((a for a in legal if token(a) == "done"), legal[0])

    def score(a: Action) -> float:
        area = g.data.areas[token(a).split(".")[0]]
        reward = next(r for r in area.rewards if r.id == token(a))
        return ev.reward_worth(reward.effect) * 2 - reward.cost + (2 if reward.effect.get("op") == "data" else 0)
    return best(rewards, score, rnd)


def link_score(g: Game, seat: int, item: dict, link: str) -> float:
    """A Link beside Areas worth holding near our Bots (Creates deploy there); the leader's Ship if landing pays."""
    a, b = board.link_areas(g, link)
    under = board.ship_on(g, link)
    land = 4 if item.get("land") and under is not None and under != seat else 0
    lead = 2 if land and under == ev.leader(g, seat) else 0
    near = sum(area_pull(g, x, seat, 1) + 0.5 * ev.strength_at(g, x, seat) for x in (a, b))
    return near + land + lead


def fly(g: Game, seat: int, item: dict, legal: list[Action], rnd: random.Random) -> Action:
    """Fly to the Link scoring best (see :func:`link_score`)."""
    links = [a for a in legal if token(a) in g.g["links"]]
    if not links:
        return legal[0]
    return best(links, lambda a: link_score(g, seat, item, token(a)), rnd)


def deploy_any(g: Game, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """Deploy the largest Bot into the Area where it pulls most ('d<Size>-<Area>')."""
    deploys = [a for a in legal if token(a)[:1] == "d" and "-" in token(a)]
    if not deploys:
        return legal[0]

    def score(a: Action) -> float:
        size, area = token(a)[1:].split("-", 1)
        return 4 * int(size) + area_pull(g, area, seat, int(size))
    return best(deploys, score, rnd)


def infect_score(g: Game, seat: int, bid: str) -> float:
    """A Virus target: a Bot whose Infection turns Control (Plague counts it as ours), the leader's, the strongest."""
    bot = g.g["bots"][bid]
    beside = 2 if ev.strength_at(g, bot["at"], seat) > 0 else 0
    lead = 2 if bot["owner"] == ev.leader(g, seat) else 0
    return board.strength(g, bot) + beside + lead + (3 if ev.breaks_control(g, bid) else 0)


def virus(g: Game, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """Infect the Bot scoring best (see :func:`infect_score`); never stop while a target is left."""
    bots = [a for a in legal if token(a) in g.g["bots"]]
    if not bots:
        return legal[0]
    return best(bots, lambda a: infect_score(g, seat, token(a)), rnd)


def victory_prize(g: Game, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """A won Battle's prize: the Relic, else the Reward worth the most Data."""
    toks = {token(a): a for a in legal}
    if "relic" in toks:
        return toks["relic"]
    area = g.g["battle"]["area"]
    worth = {r.id: ev.reward_worth(r.effect) for r in g.data.areas[area].rewards}
    return best(legal, lambda a: worth.get(token(a), 0), rnd)
