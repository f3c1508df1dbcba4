"""Delivering AlphaBot from its Shuttle to the Scout or the Freighter, manual or automatic: the conditions,
the reward with its choices, the Delivery Marker and the stress by delivery count (SB-ALPHADELIVER-01..05,
SB-ALPHA-12, SB-SCORE-04; the 1-2p Shuttle track, spec 4.19.6).

The ``deliver`` prompt (delivery.py) offers it next to the resource deliveries; ``alpha_deliver`` picks the
reward, ``ab_free_item`` equips the free items. The deliverer's board records ``alphabot`` = ``{"ship",
"reward", "vp"}`` (scoring, tie-break, Secondary Objectives) and AlphaBot ``delivered``/``delivered_by``.
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step, act

from . import alpha_items, alpha_tracks, threats
from .interact import take_call, takeable
from .robots import called, is_delta
from .stress import change_stress, player, repair

SHIPS_WORDS = {"scout": "the Scout", "freighter": "the Freighter"}


def rule(g: Game) -> dict[str, Any]:
    return g.data["boards"]["delivery_board"]["alphabot_delivery"]


def on_shuttle(g: Game) -> bool:
    """AlphaBot has left Main Vault 6 and waits on its Shuttle (SB-ALPHADELIVER-01)."""
    a = g.g["alphabot"]
    return threats.full(g) and not a["mv"] and not a.get("delivered")


def unlocked(g: Game) -> set[str]:
    """Ships AlphaBot may go to: both, or in 1-2p those its Shuttle track unlocks (spec 4.19.6)."""
    if not alpha_tracks.shuttle_on(g):
        return set(rule(g)["ships"])
    filled = g.data["alphabot"]["shuttle_track"]["space_effects"][:alpha_tracks.shuttle_count(g)]
    return {e["unlocks"] for e in filled if e.get("unlocks")}


def stress_waived(g: Game) -> bool:
    """1-2p: a full Shuttle track waives the stress condition."""
    return alpha_tracks.shuttle_on(g) and alpha_tracks.shuttle_full(g)


def ships(g: Game, seat: int) -> list[str]:
    """Ships this BetaBot may deliver AlphaBot to now (SB-ALPHADELIVER-03, SB-ALPHA-12)."""
    if not on_shuttle(g):
        return []
    r, p = rule(g), player(g, seat)
    info = g.data.nodes[p["mini"]]
    if info["kind"] != "delivery_base" or info["sector"] != r["sector"]:
        return []
    if p["stress"] > r["max_stress"] and not stress_waived(g):
        return []
    if p["shields"] < r["min_own_shields"] or alpha_tracks.shields_for_delivery(g) < r["min_alphabot_shields"]:
        return []
    if is_delta(g, seat) or len(p["track"]) < r["min_track_batteries"] or p["markers"] < 1:
        return []
    where = r["sector"]
    return [s for s in r["ships"] if s in unlocked(g) and not g.g["ships"][s]["left"]
            and g.g["ships"][s]["pos"] == g.data.ships[s]["reception"][where]]


def possible(g: Game, seat: int) -> bool:
    return bool(ships(g, seat))


def rewards(g: Game, ship: str) -> list[dict[str, Any]]:
    """The ship's reward options open now (Freighter b needs AlphaBot at 7 shields, Ti batteries counted)."""
    need = alpha_tracks.shields_for_delivery(g)
    return [r for r in rule(g)["rewards"][ship] if need >= r.get("requires_alphabot_shields", 0)]


def reward_words(g: Game, reward: dict[str, Any]) -> str:
    """``3 free AlphaBot Items and 10 VP``, ``8 of AlphaBot's resources, 1 free item, shields to the leftmost``."""
    n = reward["equip_free"]
    items = f"{n} free AlphaBot Item{'s' if n > 1 else ''}"
    if reward.get("vp"):
        return f"{items} and {reward['vp']} VP"
    parts = [f"up to {reward['take_from_tank']} of AlphaBot's resources", items.replace(" AlphaBot", "")]
    if reward.get("shield_to_leftmost"):
        parts.append("your shields to the leftmost space")
    if reward.get("repair"):
        parts.append(f"repair {reward['repair']}")
    return ", ".join(parts)


class AlphaDeliver(Step):
    """Frame ``{"seat", "ship"}``: the reward, then the marker and the stress (SB-ALPHADELIVER-04/05)."""

    name = "alpha_deliver"
    verbs = ("reward",)
    deciding = "pick AlphaBot's delivery reward"

    def actions_reward(self, g: Game, seat: int) -> list[Action]:
        return [act("reward", r["id"]) for r in rewards(g, g.frame["ship"])]

    def act_reward(self, g: Game, seat: int, reward_id: str) -> None:
        ship = g.frame["ship"]
        reward = next(r for r in rewards(g, ship) if r["id"] == reward_id)
        deliver(g, seat, ship, reward)
        calls = []
        if reward.get("take_from_tank") and takeable(g):
            calls.append(take_call(g, seat, reward["take_from_tank"], None))
        if reward["equip_free"] and free_items(g):
            g.goto("ab_free_item", seat=seat, left=reward["equip_free"])
        else:
            g.end()
        for call in reversed(calls):
            call()

    def label_reward(self, g: Game, seat: int, reward_id: str) -> str:
        reward = next(r for r in rewards(g, g.frame["ship"]) if r["id"] == reward_id)
        return reward_words(g, reward).capitalize()

    def prompt(self, g: Game, seat: int) -> str:
        return f"You deliver AlphaBot to {SHIPS_WORDS[g.frame['ship']]}: choose your reward."


def deliver(g: Game, seat: int, ship: str, reward: dict[str, Any]) -> None:
    """AlphaBot under your board, its reward's fixed parts, your Delivery Marker on the ship's C space, and
    −10 / −5 / +5 stress for your 1st / 2nd / 3rd delivery (SB-ALPHADELIVER-04/05)."""
    p, a, r = player(g, seat), g.g["alphabot"], rule(g)
    a["delivered"], a["delivered_by"] = True, seat
    p["alphabot"] = {"ship": ship, "reward": reward["id"], "vp": reward.get("vp", 0)}
    g.log(f"{called(g, seat)} delivers AlphaBot to {SHIPS_WORDS[ship]}: {reward_words(g, reward)}.")
    if reward.get("shield_to_leftmost"):
        p["shields"] = g.data["boards"]["player_board"]["shield_track"]["max"]
    repair(g, seat, reward.get("repair", 0))
    p["markers"] -= 1
    p["spots"].append({"ship": ship, "sector": r["sector"], "alphabot": True})
    change_stress(g, seat, r["stress_by_delivery_number"][str(len(p["spots"]))])


def free_items(g: Game) -> list[str]:
    """Items a reward may equip: the Available ones, or the Standby when none is left (SB-ALPHADELIVER-05)."""
    s = alpha_items.server(g)
    return list(s["available"]) or ([s["standby"]] if s["standby"] else [])


class FreeItem(alpha_items.ItemRun):
    """Frame ``{"seat", "left"}``: equip the reward's AlphaBot Items one by one, costs waived (AMB-24)."""

    name = "ab_free_item"
    deciding = "equip free AlphaBot Items"

    def actions_item(self, g: Game, seat: int) -> list[Action]:
        return [act("item", c) for c in alpha_items.distinct(g, free_items(g))] if g.frame["left"] > 0 else []

    def equip(self, g: Game, seat: int, item: str) -> list[Any]:
        s = alpha_items.server(g)
        if item not in s["available"]:  # the Standby, with the Available row empty
            s["available"].append(item)
            s["standby"] = None
        return alpha_items.equip_free(g, seat, item)

    def label_item(self, g: Game, seat: int, item: str) -> str:
        info = alpha_items.card(g, item)
        return f"Equip {info['name']} for free ({info['vp']} VP)"

    def label_done(self, g: Game, seat: int) -> str:
        return "Equip no more items"

    def prompt(self, g: Game, seat: int) -> str:
        return f"Equip up to {g.frame['left']} more Available AlphaBot Items for free."
