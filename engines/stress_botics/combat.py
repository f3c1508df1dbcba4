"""A BetaBot against the threats (rules version 2): the Attack sub-action on a Cylindroid (capture, scrap,
disintegrate) or on AlphaBot, CONNECT → Disarm/Arm, and the captured Cylindroids' extra actions
(SB-MINE-10..17, SB-CONNECT-09/10, SB-P3-ACT-09, AMB-18, AMB-55).

Attack tokens: ``alphabot``, or ``<where>.<kind>.<mode>`` with ``kind`` MIN/LAS/EXP/EXPA (EXPA = armed)
and ``mode`` capture/scrap/disintegrate. Disarm/Arm tokens: ``<where>.disarm`` / ``<where>.arm``.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from engines.core import Action, Game, Step, act

from . import aggression, cylindroids, elite, threats
from .batteries import take_gains
from .item_cards import passive, reach, store_put, store_targets, stored_totals, take_stored
from .planet import TOP
from .robots import called
from .stress import change_stress, damage, player

MODES = ("capture", "scrap", "disintegrate")


def position(g: Game, seat: int) -> str | None:
    """Where this BetaBot attacks from: its E/P Vault node, or its Main Vault square (AlphaBot's while on
    top of it); None in the hull, the Neutral Zone or elsewhere."""
    p, a = player(g, seat), g.g["alphabot"]
    if p["mini"] in g.g["vaults"]:
        return p["mini"]
    if not a["mv"] or p["mini"] != f"MV{a['mv']}":
        return None
    if p["square"] == TOP:
        return a["square"]
    return p["square"] if p["square"] in g.data.squares else None


def reachable(g: Game, seat: int, scope: str = "attack") -> list[tuple[str, list[str]]]:
    """(location, its Cylindroids) this BetaBot can reach: its E/P Vault, or its square and the adjacent
    ones (SB-MINE-11, SB-CONNECT-09)."""
    where = position(g, seat)
    if where is None:
        return []
    if where in g.g["vaults"]:
        return [(where, g.g["vaults"][where].get("cylindroids", []))]
    area = reach(g, seat, where, scope)  # items may add the diagonals (version 3)
    return [(sq, g.g["cyl"][sq]) for sq in threats.COMBAT if sq in area and g.g["cyl"][sq]]


def code(cyl: str) -> str:
    return "EXPA" if cyl == threats.ARMED else cyl


def uncode(text: str) -> str:
    return threats.ARMED if text == "EXPA" else text


def fits(g: Game, held: list[str], new: str) -> bool:
    """A free container space allows ``new`` after rearranging (SB-MINE-13, spec 4.18.5)."""
    spaces = [s["accepts"] for s in g.data["boards"]["player_board"]["container"]]
    items = [*held, new]
    if len(items) > len(spaces):
        return False
    return any(all(k in spaces[i] for k, i in zip(items, order, strict=False))
               for order in permutations(range(len(spaces)), len(items)))


def attack_options(g: Game, seat: int) -> list[str]:
    """Every Cylindroid target with each allowed mode, then AlphaBot (SB-MINE-11..13, SB-MINE-17)."""
    out = []
    p = player(g, seat)
    for where, cyls in reachable(g, seat):
        for cyl in sorted(set(cyls)):
            for mode in MODES:
                if mode == "capture" and not can_capture(g, seat, cyl):
                    continue
                out.append(f"{where}.{code(cyl)}.{mode}")
    where, a = position(g, seat), g.g["alphabot"]
    if where is not None and where not in g.g["vaults"] and p["square"] != "HULL" and a["square"] in (
            reach(g, seat, where, "attack")):
        out.append("alphabot")
    if where in g.data.squares[elite.HATCH]["adjacent"] and p["square"] != "HULL" and elite.on_hatch(g):
        out.append("elite")  # SB-ELITE-05, SB-MINE-18: the Attack is boosted (MUST_BOOST)
    return out


def can_capture(g: Game, seat: int, cyl: str) -> bool:
    """Room in the container or on a Cylindroid storage item; an armed Explosive only with Capture Net
    (SB-MINE-13, spec 4.13 AB09)."""
    if cyl == threats.ARMED and not passive(g, seat, "capture_armed_explosive"):
        return False
    kind = threats.kind(cyl)
    return fits(g, player(g, seat)["container"], kind) or bool(store_targets(g, seat, kind))


def store_capture(g: Game, seat: int, kind: str) -> None:
    """Into the container if it fits, otherwise onto a Cylindroid storage item."""
    p = player(g, seat)
    if fits(g, p["container"], kind):
        p["container"].append(kind)
    else:
        store_put(g, seat, store_targets(g, seat, kind)[0], kind)


def place_words(g: Game, where: str) -> str:
    """A vault by its tile's name, a Main Vault square by its code."""
    return g.data.vaults[g.g["vaults"][where]["tile"]]["name"] if where in g.g["vaults"] else where


def attack_label(g: Game, token: str) -> str:
    if token == "alphabot":
        return "Attack AlphaBot: it loses a shield, you gain 2 stress"
    if token == "elite":
        return f"Attack {elite.name(g)}: it loses a shield, you get {elite.reward_words(g, elite.next_reward(g))}"
    where, cyl, mode = token.split(".")
    what = threats.name(uncode(cyl))
    place = place_words(g, where)
    cost = ", it explodes: −2 shields" if cyl == "EXPA" else ""
    return f"{mode.capitalize()} the {what} on {place}{cost}"


def attack(g: Game, seat: int, token: str) -> dict[str, int]:
    """Carry out an attack; returns the resources gained (to place)."""
    if token == "alphabot":
        g.log(f"{called(g, seat)} attacks AlphaBot.")
        if aggression.lose(g, g.data["rules"]["damage"]["attack_alphabot"], "a BetaBot's attack"):
            aggression.react(g)
        change_stress(g, seat, g.data["rules"]["stress"]["attack_alphabot"])
        return {}
    if token == "elite":
        g.log(f"{called(g, seat)} attacks {elite.name(g)}.")
        return elite.hurt(g, seat, elite.data(g)["attack"]["damage"])  # SB-ELITE-05/06: its reward
    where, text, mode = token.split(".")
    cyl = uncode(text)
    here = g.g["vaults"][where]["cylindroids"] if where in g.g["vaults"] else g.g["cyl"][where]
    here.remove(cyl)
    rules = g.data["cylindroids"]["player_actions"]
    g.log(f"{called(g, seat)} attacks a {threats.name(cyl)} and chooses to {mode} it.")
    if cyl == threats.ARMED:
        damage(g, seat, rules["armed_explosive_attack_shields"])  # SB-MINE-12
        if g.options.get("attacked_explosive_blast", True):  # AMB-55
            cylindroids.explode(g, where, attacker=seat)
    gains: dict[str, int] = {}
    if mode == "capture":
        store_capture(g, seat, threats.kind(cyl))
        change_stress(g, seat, rules["capture_stress"])
        return gains
    threats.to_bag(g, [cyl])
    if mode == "scrap":
        change_stress(g, seat, rules["scrap_stress"])
        yields = {t["id"]: t["scrap"] for t in g.data["cylindroids"]["types"]}[threats.kind(cyl)]
        gains = take_gains(g, player(g, seat), yields)
    else:
        change_stress(g, seat, rules["disintegrate_stress"])
    return gains


def explosive_ops(g: Game, seat: int) -> list[str]:
    """Disarm an armed Explosive or arm a disarmed one within reach (SB-CONNECT-09)."""
    out = []
    for where, cyls in reachable(g, seat, "disarm_arm"):
        if threats.ARMED in cyls:
            out.append(f"{where}.disarm")
        if "EXP" in cyls:
            out.append(f"{where}.arm")
    return out


class Disarm(Step):
    """CONNECT → Disarm/Arm, one operation or two when boosted (SB-CONNECT-09); frame
    ``{"seat", "card", "slot", "left"}``."""

    name = "disarm"
    verbs = ("op", "done")
    deciding = "disarm or arm Explosives"

    def actions_op(self, g: Game, seat: int) -> list[Action]:
        return [act("op", t) for t in explosive_ops(g, seat)] if g.frame["left"] > 0 else []

    def act_op(self, g: Game, seat: int, token: str) -> None:
        where, op = token.split(".")
        here = g.g["vaults"][where]["cylindroids"] if where in g.g["vaults"] else g.g["cyl"][where]
        old, new = (threats.ARMED, "EXP") if op == "disarm" else ("EXP", threats.ARMED)
        here[here.index(old)] = new
        g.log(f"{called(g, seat)} {op}s an Explosive.")
        g.frame["left"] -= 1
        if not self.actions_op(g, seat):
            self.finish(g, seat)

    def label_op(self, g: Game, seat: int, token: str) -> str:
        where, op = token.split(".")
        place = place_words(g, where)
        return f"{op.capitalize()} an Explosive on {place}"

    def act_done(self, g: Game, seat: int) -> None:
        self.finish(g, seat)

    def label_done(self, g: Game, seat: int) -> str:
        return "Stop"

    def finish(self, g: Game, seat: int) -> None:
        g.goto("keep", seat=seat, card=g.frame["card"], slot=g.frame["slot"])

    def prompt(self, g: Game, seat: int) -> str:
        return f"Disarm or arm an Explosive ({g.frame['left']} left)."


def extra_key(g: Game, seat: int) -> str:
    """This turn's mark: one captured extra action per turn (SB-P3-ACT-09, AMB-18)."""
    return f"{g.g['round']}.{player(g, seat)['slot']}"


def extras(g: Game, seat: int, possible: Any) -> list[tuple[str, str]]:
    """(Cylindroid type, sub-action) the container offers now; ``possible(sub)`` says if a sub-action can
    be carried out."""
    p = player(g, seat)
    if not threats.on(g) or p.get("captured_used") == extra_key(g, seat):
        return []
    subs = {t["id"]: t["captured_action"] for t in g.data["cylindroids"]["types"]}
    held = set(p["container"]) | {k for k in stored_totals(g, seat) if k in subs}  # storage items too (v3)
    return [(k, subs[k]) for k in sorted(held) if possible(subs[k])]


def spend_captured(g: Game, seat: int, kind: str) -> None:
    p = player(g, seat)
    if kind in p["container"]:
        p["container"].remove(kind)
    else:
        take_stored(g, seat, kind)
    threats.to_bag(g, [kind])
    p["captured_used"] = extra_key(g, seat)
    g.log(f"{called(g, seat)} returns a captured {threats.NAMES[kind]} to the bag for an extra action.")


def boxes_within_reach(g: Game, seat: int) -> list[str]:
    """Squares holding a Box on or next to this BetaBot's square: the hook for CONNECT → Open a Box
    (SB-CONNECT-11, stage 4 — it draws Box Items, which come with the items). Boxes are placed, pushed to
    the corners and lost already (SB-P1-EVENT-16, SB-ALPHA-23, SB-ALPHA-27)."""
    where = position(g, seat)
    if where is None or where in g.g["vaults"]:
        return []
    area = reach(g, seat, where, "open_box")
    return sorted(sq for sq, n in g.g["boxes"].items() if n and sq in area)
