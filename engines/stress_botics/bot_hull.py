"""The bot's INTERACT and AlphaBot delivery (rules version 3): it draws and programs an INTERACT while it
stands by AlphaBot, enters the side whose best option is worth most (free items and stress relief first,
never a pointless Direction Change), boosts with the battery inside its BetaBot onto AlphaBot's tracks (in
1-2p the Shuttle track first, which unlocks AlphaBot's delivery), and heads for sector C to deliver AlphaBot
once it waits on its Shuttle, taking the VP reward."""

from __future__ import annotations

from engines.core import Action, Game

from . import alpha_delivery, alpha_items, alpha_tracks, hull, interact, threats
from .robots import hand_of
from .stress import player

VALUE = {"A4": 9.0, "SRV-A1": 7.0, "B1": 5.0, "A3": 4.0, "B3": 3.0, "B4": 3.0, "SRV-B2": 3.0, "SRV-A2": 2.0,
         "SRV-B1": 1.0, "A1": -1.0, "A2": -2.0, "B2": -3.0}
"""What an option is worth to the bot (its id on the Control, ``SRV-`` + id on the Server)."""
ALPHA_DELIVERY_WORTH = 40.0
"""How much a sector-C base is worth while AlphaBot can be delivered (−10 stress, items, 10 VP)."""
BY_ALPHABOT = 6.0
"""Bonus for a Main Vault square from which the hull can be entered, while the bot holds an INTERACT."""


def on(g: Game) -> bool:
    return threats.full(g)


def option_value(g: Game, seat: int, sub: str, code: str, token: str) -> float:
    key = code if sub == "control" else f"SRV-{code}"
    value = VALUE.get(key, 0.0)
    p = player(g, seat)
    if key == "B3" and p["shields"] >= 10:
        value = 0.5
    if key == "SRV-B2" and p["shields"] <= 4:
        value = -1.0
    if key in ("A4", "SRV-A1") and token:
        item = token.split(".")[-1]
        value += alpha_items.card(g, item)["vp"]
    if key == "A3" and token.endswith("take"):
        value += 0.5
    return value


def best_option(g: Game, seat: int, sub: str) -> float:
    """The best option's worth on ``sub``'s current side (−inf when none is possible)."""
    side = g.g["alphabot"][sub]
    found = [option_value(g, seat, sub, interact.short(o), t) for o in interact.options(g, sub, side)
             for t in interact.option_tokens(g, seat, o)]
    return max(found, default=float("-inf"))


def wants_interact(g: Game, seat: int) -> bool:
    """An INTERACT is worth holding: the BetaBot's Mini is in AlphaBot's Main Vault."""
    return on(g) and bool(g.g["alphabot"]["mv"]) and player(g, seat)["mini"] == f"MV{g.g['alphabot']['mv']}"


def holds_interact(g: Game, seat: int) -> bool:
    cards = hand_of(g, seat) + g.g["programmed"][str(seat)]
    return any(g.data.cards[c]["type"] == "INTERACT" for c in cards)


def draw_types(g: Game, seat: int) -> tuple[str, ...]:
    """INTERACT comes first in the bot's draw preference by AlphaBot (it is programmed at once) while it holds
    none."""
    near = wants_interact(g, seat) and hull.can_enter(g, seat)
    return ("INTERACT",) if near and not holds_interact(g, seat) else ()


def square_value(g: Game, seat: int, node: str, square: str | None) -> float:
    """A Main Vault square by AlphaBot is worth more while the bot holds an INTERACT (the hull is in reach)."""
    a = g.g["alphabot"]
    if not on(g) or not a["mv"] or node != f"MV{a['mv']}" or square is None or not holds_interact(g, seat):
        return 0.0
    by = square == "TOP" or square in g.data.squares[a["square"]]["adjacent"]
    return BY_ALPHABOT if by else 0.0


def alpha_soon(g: Game, seat: int) -> dict[str, float]:
    """Sector C while AlphaBot waits on its Shuttle and the Scout or the Freighter is 1-2 spaces from its sector-C
    space, if the bot's stress would allow the automatic delivery (waiting one move away pays)."""
    if not on(g) or not alpha_delivery.on_shuttle(g):
        return {}
    rule = alpha_delivery.rule(g)
    p = player(g, seat)
    arrival = g.data["boards"]["delivery_board"]["base_arrival_stress"]["automatic"]
    if p["markers"] < 1 or (p["stress"] + arrival > rule["max_stress"] and not alpha_delivery.stress_waived(g)):
        return {}
    sector = rule["sector"]
    for ship in rule["ships"]:
        state = g.g["ships"][ship]
        ahead = g.data.ships[ship]["reception"][sector] - (state["pos"] or 0)
        if not state["left"] and ahead in (1, 2) and ship in alpha_delivery.unlocked(g):
            return {sector: 2.0}
    return {}


def program_first(g: Game, seat: int, slots: dict[str, Action], chosen: list[str]) -> Action | None:
    """Program an INTERACT first when the hull is in reach and an option is worth it."""
    if not wants_interact(g, seat) or not hull.can_enter(g, seat):
        return None
    if any(g.data.cards[c]["type"] == "INTERACT" for c in chosen):
        return None
    if max(best_option(g, seat, "control"), best_option(g, seat, "server")) < 3.0:
        return None
    return next((a for c, a in sorted(slots.items()) if g.data.cards[c]["type"] == "INTERACT"), None)


def boost_rank(g: Game, a: Action) -> float:
    """Free boost first, then the battery inside (onto the Shuttle track in 1-2p until Freighter is unlocked),
    then unboosted; never a track battery or a shield."""
    source = a.args[1]
    where = a.args[2] if len(a.args) > 2 else "track"
    if source == "free":
        return 0.0
    if source == "inside":
        if where == alpha_tracks.SHUTTLE:
            return 0.5 if alpha_tracks.shuttle_count(g) < 2 else 3.0
        return 1.0
    return 2.0 if source == "none" else 9.0


def subaction(g: Game, seat: int, legal: list[Action]) -> Action:
    """The hull space with the better option, boosted as :func:`boost_rank` prefers."""
    worth = {sub: best_option(g, seat, sub) for sub in hull.SUBS}
    return min(legal, key=lambda a: (-worth.get(str(a.args[0]), float("-inf")), boost_rank(g, a), str(a)))


def refresh_worth(g: Game, seat: int) -> float:
    """Refreshing the Server's Available items before Server A1: the stress it takes off (AMB-04: the printed
    −2, or +2 with ``costs_stress``), plus what fresh items are worth on average (public: the AlphaBot Items
    of this player count) over the best affordable one given up (none affordable: nothing given up)."""
    server_a1 = next(o for o in interact.options(g, "server", "A") if interact.short(o) == "A1")
    now = [alpha_items.card(g, t.split(".")[-1])["vp"] for t in interact.option_tokens(g, seat, server_a1) if t]
    pool = [c["vp"] for c in alpha_items.in_play(g)]
    return -alpha_items.refresh_stress(g) + sum(pool) / len(pool) - max(now, default=0)


def option(g: Game, seat: int, legal: list[Action]) -> Action:
    """The most valuable option, after a refresh of the Server's items when that is worth it; stop (or skip
    the free Direction Change) when what is left is worth nothing."""
    refresh = next((a for a in legal if a.verb == "refresh"), None)
    if refresh is not None and refresh_worth(g, seat) > 0:
        return refresh
    sub = g.frame["sub"]
    opts = [a for a in legal if a.verb == "opt"]
    done = next((a for a in legal if a.verb == "done"), None)
    if opts:
        best = max(opts, key=lambda a: (option_value(g, seat, sub, str(a.args[0]), str(a.args[1]) if len(a.args) > 1
                                                     else ""), str(a)))
        code = str(best.args[0])
        if done is None or option_value(g, seat, sub, code, str(best.args[1]) if len(best.args) > 1 else "") > 0:
            return best
    return done or legal[0]


def alpha_bases(g: Game, seat: int, manual: bool) -> dict[str, float]:
    """Sector C's bases while AlphaBot waits on its Shuttle and a ship it may go to is in place, if the BetaBot
    would meet the conditions there (the +5 of the Automatic base counted)."""
    if not on(g) or not alpha_delivery.on_shuttle(g):
        return {}
    rule = alpha_delivery.rule(g)
    p = player(g, seat)
    sector = rule["sector"]
    ready = [s for s in rule["ships"] if s in alpha_delivery.unlocked(g) and not g.g["ships"][s]["left"]
             and g.g["ships"][s]["pos"] == g.data.ships[s]["reception"][sector]]
    if not ready or p["markers"] < 1 or len(p["track"]) < rule["min_track_batteries"] or p["shields"] < 1:
        return {}
    if alpha_tracks.shields_for_delivery(g) < rule["min_alphabot_shields"]:
        return {}
    arrival = g.data["boards"]["delivery_board"]["base_arrival_stress"]
    out = {}
    for base, prefix in (("automatic", "DBA"), ("manual", "DBM")):
        if base == "manual" and not manual:
            continue
        if p["stress"] + arrival[base] <= rule["max_stress"] or alpha_delivery.stress_waived(g):
            out[f"{prefix}_{sector}"] = ALPHA_DELIVERY_WORTH
    return out


def reward(g: Game, seat: int, legal: list[Action]) -> Action:
    """The VP option (10 or 5 VP and the most items)."""
    return max(legal, key=lambda a: (str(a.args[0]).endswith("_a"), str(a)))


def free_item(g: Game, seat: int, legal: list[Action]) -> Action:
    items = [a for a in legal if a.verb == "item"]
    if not items:
        return legal[0]
    return max(items, key=lambda a: (alpha_items.card(g, str(a.args[0]))["vp"], str(a)))
