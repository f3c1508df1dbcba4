"""Access the Control and Access the Server: the options of the tiles' current sides, one unboosted or two
different ones boosted in the order the player picks, and the Ti track's free Direction Change
(SB-INTERACT-05..08, 10..12; the items options go through alpha_items.py).

The options are the data's (alphabot.json ``control_tile`` / ``server_tile``); each is a list of ops, and an
option's action carries one token per op that needs a choice (``ti`` sources, a direction, take-or-calm, a
card type), joined by ``.``. Frame of ``interact``: ``{"seat", "card", "slot", "sub", "side", "left",
"done", "free"}``; ``ab_take``: ``{"seat", "slot", "left", "got"}``.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from engines.core import Action, Game, Step, act, effects

from . import alpha_items, alpha_tracks, alphabot, hull, items
from .alpha_items import Call
from .alphabot import ACTOR, DIRECTIONS
from .content import CARD_TYPES
from .decks import available, draw_card
from .placing import offer
from .robots import called
from .stress import change_stress, damage, player, repair
from .tanks import add
from .words import amount

CHOOSING = {"alphabot_direction_change", "alphabot_ti_repair", "one_of", "server_draw", "equip_standby_item",
            "server_equip_available_item"}
"""Ops whose action token is a choice (a supply repair's Ti needs none)."""


def name(op: dict[str, Any]) -> str:
    return op.get("name") or op["op"]


def chooses(op: dict[str, Any]) -> bool:
    return name(op) in CHOOSING and op.get("params", {}).get("ti_from") != "supply"


def options(g: Game, sub: str, side: str) -> list[dict[str, Any]]:
    return g.data["alphabot"]["control_tile" if sub == "control" else "server_tile"][side]


def short(option: dict[str, Any]) -> str:
    """``CTRL-A3`` → ``A3``."""
    return option["id"].split("-")[1]


def empty_shield_spaces(g: Game) -> int:
    return g.data["alphabot"]["shield_track"]["spaces"] - g.g["alphabot"]["shields"]


def ti_sources(g: Game, seat: int, n: int) -> list[str]:
    """Ways to pay ``n`` Titanium from AlphaBot's tank (``ab``) and/or your tanks (``t1``..``t4``) onto AlphaBot's
    empty shield spaces; none when there are not ``n`` empty spaces (SB-INTERACT-06/07)."""
    if empty_shield_spaces(g) < n:
        return []
    held = {"ab": g.g["alphabot"]["tank"].get("Ti", 0)}
    for tank, contents in sorted(player(g, seat)["tanks"].items()):
        held[f"t{tank}"] = contents.get("Ti", 0)
    names = [k for k, v in held.items() if v]
    return ["+".join(c) for c in combinations_with_replacement(names, n) if all(c.count(k) <= held[k] for k in c)]


def takeable(g: Game) -> list[str]:
    """Resources in AlphaBot's tank a BetaBot may take (batteries are not resources)."""
    batteries = g.data["vaults"]["resources"]["batteries"]
    return [r for r, n in sorted(g.g["alphabot"]["tank"].items()) if n > 0 and r not in batteries]


def draw_tokens(g: Game, seat: int, params: dict[str, Any]) -> list[str]:
    """A Server draw: 1 card of any type; with the Carbon track full 2, MOVE+INTERACT or MINE+CONNECT
    (SB-INTERACT-11, SB-ALPHA-14); a visible Server Uplink adds cards of any type (spec 4.13 AB06)."""
    kinds = [k for k in CARD_TYPES if available(g, k)]
    out = kinds
    if alpha_tracks.full(g, "C"):
        pairs = ["+".join(pair) for pair in params["full_c_track_pairs"] if all(available(g, k) for k in pair)]
        out = pairs or kinds
    for _ in range(items.passive(g, seat, "server_draw_bonus")):
        out = [f"{t}+{k}" for t in out for k in kinds]
    return out


def tokens(g: Game, seat: int, op: dict[str, Any]) -> list[str]:
    """The choices one op offers now; [] when it cannot be carried out."""
    params = op.get("params", {})
    kind = name(op)
    if kind == "alphabot_direction_change":
        return [d for d in g.data["alphabot"]["direction"]["settings"] if d != g.g["alphabot"]["direction"]]
    if kind == "alphabot_ti_repair":
        return [""] if params.get("ti_from") == "supply" else ti_sources(g, seat, params["n"])
    if kind == "one_of":
        return (["take"] if takeable(g) else []) + ["calm"]
    if kind == "server_draw":
        return draw_tokens(g, seat, params)
    if kind == "equip_standby_item":
        return alpha_items.standby_tokens(g, seat, params)
    if kind == "server_equip_available_item":
        return alpha_items.available_tokens(g, seat, params)
    if kind == "repair":
        top = g.data["boards"]["player_board"]["shield_track"]["max"]
        return [""] if player(g, seat)["shields"] < top else []  # SB-INTERACT-07 B3
    return [""]


def option_tokens(g: Game, seat: int, option: dict[str, Any]) -> list[str]:
    """Every way to carry out an option now, as joined tokens (the cross product of its choosing ops)."""
    combos = [""]
    first = True
    for op in option["effect"]:
        found = tokens(g, seat, op)
        if not found:
            return []
        if not chooses(op):
            continue
        combos = [t if first else f"{c}.{t}" for c in combos for t in found]
        first = False
    return combos


class Interact(Step):
    """The options of Access the Control / Access the Server (SB-INTERACT-05..12)."""

    name = "interact"
    verbs = ("opt", "refresh", "turn", "done")
    deciding = "use AlphaBot's Control or Server"

    def open(self, g: Game, seat: int) -> list[dict[str, Any]]:
        f = g.frame
        if f["left"] <= 0 or hull.space(g, seat) != f["sub"]:
            return []
        return [o for o in options(g, f["sub"], f["side"]) if short(o) not in f["done"]]

    def actions_opt(self, g: Game, seat: int) -> list[Action]:
        return [act("opt", short(o), t) if t else act("opt", short(o)) for o in self.open(g, seat)
                for t in option_tokens(g, seat, o)]

    def act_opt(self, g: Game, seat: int, code: str, token: str = "") -> None:
        f = g.frame
        option = next(o for o in options(g, f["sub"], f["side"]) if short(o) == code)
        f["done"].append(code)
        f["left"] -= 1
        calls = run_option(g, seat, option, str(token))
        self.after(g, seat, calls)

    def label_opt(self, g: Game, seat: int, code: str, token: str = "") -> str:
        option = next(o for o in options(g, g.frame["sub"], g.frame["side"]) if short(o) == code)
        return option_label(g, seat, option, str(token))

    def actions_refresh(self, g: Game, seat: int) -> list[Action]:
        f = g.frame
        server_a1 = f["sub"] == "server" and f["side"] == "A" and "A1" not in f["done"] and f["left"] > 0
        return [act("refresh")] if server_a1 and not f.get("refreshed") and alpha_items.can_refresh(g) else []

    def act_refresh(self, g: Game, seat: int) -> None:
        g.frame["refreshed"] = True
        alpha_items.refresh(g, seat)

    def label_refresh(self, g: Game, seat: int) -> str:
        return alpha_items.refresh_label(g)

    def actions_turn(self, g: Game, seat: int) -> list[Action]:
        if not g.frame["free"] or hull.space(g, seat) != "control":
            return []
        return [act("turn", d) for d in g.data["alphabot"]["direction"]["settings"]
                if d != g.g["alphabot"]["direction"]]

    def act_turn(self, g: Game, seat: int, direction: str) -> None:
        g.frame["free"] = False
        set_direction(g, seat, direction)
        self.after(g, seat, [])

    def label_turn(self, g: Game, seat: int, direction: str) -> str:
        return f"Free Direction Change (Titanium track): AlphaBot faces {DIRECTIONS[direction]}"

    def actions_done(self, g: Game, seat: int) -> list[Action]:
        return [act("done")] if g.frame["done"] or not self.actions_opt(g, seat) else []

    def act_done(self, g: Game, seat: int) -> None:
        g.frame.update(left=0, free=False)
        self.after(g, seat, [])

    def label_done(self, g: Game, seat: int) -> str:
        if g.frame["free"] and g.frame["left"] == 0:
            return "Skip the free Direction Change"
        return "Stop here (no second option)" if g.frame["done"] else "Do nothing: no option is possible"

    def finished(self, g: Game, seat: int) -> bool:
        return not self.actions_opt(g, seat) and not self.actions_turn(g, seat)

    def check(self, g: Game, seat: int) -> None:
        """Keep or discard once nothing is left to choose (or the BetaBot left the hull with AlphaBot)."""
        f = g.frame
        if f.get("step") == "interact" and self.finished(g, seat):
            g.goto("keep", seat=seat, card=f["card"], slot=f["slot"])

    def after(self, g: Game, seat: int, calls: list[Call]) -> None:
        """Run what the option queued (a Standard card's steps and pushes), then keep or discard once done;
        sub-prompts (taking, placing, equipping) go on top."""
        if effects.run(g):
            self.check(g, seat)
        for call in reversed(calls):
            call()

    def prompt(self, g: Game, seat: int) -> str:
        f = g.frame
        what = hull.NAMES[f["sub"]]
        if f["left"] == 0:
            return f"{what}: you may still take the free Direction Change."
        n = "an option" if f["left"] == 1 and not f["done"] else "a second, different option" if f["done"] \
            else "2 different options, in the order you like"
        return f"{what} (side {f['side']}): choose {n}."

    def default(self, g: Game, seat: int) -> Action:
        moves = self.actions(g, seat)
        return next((a for a in moves if a.verb == "done"), moves[0])

    def resume(self, g: Game, result: Any) -> None:
        if effects.run(g):
            self.check(g, g.frame["seat"])


def set_direction(g: Game, seat: int, direction: str) -> None:
    g.g["alphabot"]["direction"] = direction
    g.log(f"{called(g, seat)} turns AlphaBot to face {DIRECTIONS[direction]}.")


def pay_ti(g: Game, seat: int, sources: str) -> None:
    """Titanium from AlphaBot's tank and/or your tanks onto AlphaBot's lowest empty shield spaces."""
    for src in sources.split("+"):
        if src == "ab":
            add(g.g["alphabot"]["tank"], "Ti", -1)
        else:
            add(player(g, seat)["tanks"][src[1:]], "Ti", -1)
        alphabot.repair(g, 1)
    g.log(f"{called(g, seat)} repairs AlphaBot: {g.g['alphabot']['shields']} shields.")


def run_option(g: Game, seat: int, option: dict[str, Any], token: str) -> list[Call]:
    """Carry out an option's ops in order; returns the sub-prompts to ask (taking resources, equipping)."""
    picks = iter(token.split(".")) if token else iter(())
    calls: list[Call] = []
    slot = g.frame["slot"]
    for op in option["effect"]:
        kind, params = name(op), op.get("params", {})
        pick = next(picks, "") if chooses(op) else ""
        if kind == "alphabot_standard_reaction":
            card = alphabot.reveal_standard(g)  # SB-INTERACT-06 A1: resolved like Phase 5.2, pushes asked
            g.g["alphabot"]["deferred"] = True
            effects.push(g, *alphabot.card_steps(g, card), effects.effect("alphabot_done", ACTOR, card=card),
                         effects.effect("alphabot_after", ACTOR))
        elif kind == "alphabot_direction_change":
            set_direction(g, seat, pick)
            change_stress(g, seat, params.get("stress", 0))
        elif kind == "alphabot_ti_repair":
            if params.get("ti_from") == "supply":
                alphabot.repair(g, params["n"])
            else:
                pay_ti(g, seat, pick)
        elif kind == "one_of":
            if pick == "take":
                calls.append(take_call(g, seat, op["of"][0]["params"]["max"], slot))
            else:
                change_stress(g, seat, op["of"][1]["n"])
        elif kind == "take_from_alphabot_tank":
            if takeable(g):
                calls.append(take_call(g, seat, params["max"], slot))
        elif kind == "stress":
            change_stress(g, seat, op["n"])
        elif kind == "repair":
            repair(g, seat, op["n"])
        elif kind == "lose_shields":
            damage(g, seat, params["n"])
        elif kind == "server_draw":
            for k in pick.split("+"):
                draw_card(g, seat, k, ask=True)
            g.log(f"{called(g, seat)} draws {len(pick.split('+'))} Action card(s) from the Server.")
        elif kind == "equip_standby_item":
            calls += alpha_items.equip_standby(g, seat, pick, params)
        elif kind == "server_equip_available_item":
            calls += alpha_items.equip_available(g, seat, pick, params)
    return calls


def take_call(g: Game, seat: int, most: int, slot: str | None) -> Call:
    """The prompt taking up to ``most`` resources from AlphaBot's tank."""
    return lambda: g.call("ab_take", seat=seat, slot=slot, left=most, got={})


OP_WORDS = {"alphabot_standard_reaction": "a Standard AI card moves AlphaBot", "lose_shields": "−{n} shield for you",
            "take_from_alphabot_tank": "take up to {max} from AlphaBot"}


def ti_words(pick: str) -> str:
    """``ab+t2`` → ``its tank + tank 2``."""
    return " + ".join("its tank" if s == "ab" else f"tank {s[1:]}" for s in pick.split("+"))


def option_label(g: Game, seat: int, option: dict[str, Any], token: str) -> str:
    """An option in words with its choices, e.g. ``A3 De-stressing Repair: repair AlphaBot (tank 2); -1
    stress``."""
    picks = iter(token.split(".")) if token else iter(())
    parts = []
    for op in option["effect"]:
        kind, params = name(op), op.get("params", {})
        pick = next(picks, "") if chooses(op) else ""
        if kind == "alphabot_direction_change":
            parts.append(f"face {DIRECTIONS[pick]}" + (f", +{params['stress']} stress" if params.get("stress") else ""))
        elif kind == "alphabot_ti_repair":
            n = params["n"]
            where = "" if params.get("ti_from") == "supply" else f" ({ti_words(pick)})"
            parts.append(f"repair AlphaBot{' twice' if n > 1 else ''}{where}")
        elif kind == "one_of":
            parts.append(f"take up to {op['of'][0]['params']['max']} from AlphaBot" if pick == "take"
                         else f"{op['of'][1]['n']:+d} stress")
        elif kind == "stress":
            parts.append(f"{op['n']:+d} stress")
        elif kind == "repair":
            parts.append(f"repair yourself {op['n']}")
        elif kind == "server_draw":
            parts.append("draw " + " + ".join(pick.split("+")))
        elif kind in ("equip_standby_item", "server_equip_available_item"):
            parts.append(alpha_items.token_words(g, seat, pick))
        elif kind in OP_WORDS:
            parts.append(OP_WORDS[kind].format(**params))
    return f"{short(option)} {option['name']}: " + "; ".join(parts)


class AbTake(Step):
    """Take up to ``left`` resources of your choice from AlphaBot's tank, one per click, then place them
    (SB-INTERACT-06 A3, SB-INTERACT-07 B4, SB-ALPHADELIVER-05)."""

    name = "ab_take"
    verbs = ("take", "done")
    deciding = "take resources from AlphaBot's tank"

    def actions_take(self, g: Game, seat: int) -> list[Action]:
        return [act("take", r) for r in takeable(g)] if g.frame["left"] > 0 else []

    def act_take(self, g: Game, seat: int, res: str) -> None:
        add(g.g["alphabot"]["tank"], res, -1)
        got = g.frame["got"]
        got[res] = got.get(res, 0) + 1
        g.frame["left"] -= 1
        if not self.actions_take(g, seat):
            self.act_done(g, seat)

    def label_take(self, g: Game, seat: int, res: str) -> str:
        return f"Take 1 {g.data.res_name(res)} ({g.g['alphabot']['tank'].get(res, 0)} in AlphaBot's tank)"

    def act_done(self, g: Game, seat: int) -> None:
        got, slot = dict(g.frame["got"]), g.frame["slot"]
        g.log(f"{called(g, seat)} takes {amount(g, got)} from AlphaBot's tank.")
        g.end()
        offer(g, seat, got, slot)

    def label_done(self, g: Game, seat: int) -> str:
        return "Take nothing more"

    def prompt(self, g: Game, seat: int) -> str:
        return f"Take up to {g.frame['left']} more resources from AlphaBot's tank."

    def default(self, g: Game, seat: int) -> Action:
        return act("done")


def possible(g: Game, seat: int, sub: str) -> bool:
    """The INTERACT sub-action can be performed: this BetaBot can be on its space and one option of the tile's
    side is possible (SB-INTERACT-01..03, SB-INTERACT-15, SB-P3-ACT-04)."""
    if not hull.can_take(g, seat, sub):
        return False
    return any(option_tokens(g, seat, o) for o in options(g, sub, g.g["alphabot"][sub]))
