"""The four Action decks: drawing, rebuilding from the discard pile and the Deck End Events
(SB-P2-PROG-01, SB-P2-PROG-03, SB-P2-PROG-04, SB-P2-PROG-09, SB-P2-PROG-10, AMB-43)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import alphabot
from .batteries import add_battery, room
from .content import CARD_TYPES
from .planet import active_vault
from .robots import called, hand_of, is_delta, seat_of
from .stress import player
from .words import card as card_words


def available(g: Game, kind: str) -> int:
    """Cards of a type that can still be drawn (deck plus discard pile)."""
    return len(g.g["decks"][kind]) + len(g.g["discards"][kind]) + bool(g.g["tops"][kind])


def deck_end_event(g: Game, kind: str, ask: bool = False) -> None:
    """The event of a deck whose last card was just drawn (SB-P2-PROG-04/10, AMB-43). With ``ask`` the
    choices (pushed BetaBots' squares, the battery types) go on the effect queue for their owners;
    otherwise the defaults of spec 6.4/6.5 apply."""
    on_shuttle = not g.g["alphabot"]["mv"]
    g.log(f"The {kind} deck runs out: its Deck End Event.")
    if kind == "MOVE" and not on_shuttle:
        alphabot.to_exit(g, ask)
    elif kind == "MINE" and not on_shuttle:
        alphabot.hatch_resources(g)
    elif kind == "INTERACT" and not on_shuttle:
        alphabot.repair(g, 2)
    elif kind == "CONNECT":
        for seat in g.g["order"]:
            p = player(g, seat)
            if p["mini"] != active_vault(g):
                continue
            if ask:
                effects.push(g, effects.effect("deck_battery", seat))
            else:
                add_battery(g, p, fewest(g, p))


def fewest(g: Game, p: dict[str, Any]) -> str:
    """The battery type a player has fewest of on the track, ties bC > bTi > bSi (spec 6.5)."""
    return min(g.data["vaults"]["resources"]["batteries"], key=p["track"].count)


def _battery_options(g: Game, item: dict[str, Any]) -> list[str] | None:
    p = player(g, item["owner"])
    return list(g.data["vaults"]["resources"]["batteries"]) if room(g, p) > 0 else None


def _bonus_options(g: Game, item: dict[str, Any]) -> list[str] | None:
    return [k for k in CARD_TYPES if available(g, k)] or None


def _bonus_pick(g: Game, item: dict[str, Any], kind: Any) -> None:
    draw_card(g, item["owner"], str(kind))
    if item["left"] > 1:
        effects.push_front(g, effects.effect("bonus_draw", item["owner"], left=item["left"] - 1))


EFFECTS = {
    "bonus_draw": Handler(
        run=_bonus_options, pick=_bonus_pick,
        label=lambda g, item, k: f"Draw {'an' if k[0] in 'AEIOU' else 'a'} {k} card",
        prompt="You emptied the Secondary Tunnel: draw an Action card of any type.", auto_single=True,
        default=lambda g, item, options: min(options, key=lambda k: (
            [g.data.cards[c]["type"] for c in hand_of(g, item["owner"])].count(k), CARD_TYPES.index(k)))),
    "deck_battery": Handler(
        run=_battery_options, pick=lambda g, item, b: add_battery(g, player(g, item["owner"]), str(b)),
        label=lambda g, item, b: f"Take a {g.data.res_name(str(b))}",
        prompt="The CONNECT deck ran out: choose the battery you gain.",
        default=lambda g, item, options: fewest(g, player(g, item["owner"]))),
}
"""The CONNECT Deck End Event's battery, chosen by its receiver (AMB-43), and the Secondary Tunnel's two
cards of any types (SB-MINE-07)."""


def refill(g: Game, kind: str) -> None:
    """An empty deck is rebuilt face down from its discard pile (SB-P2-PROG-01)."""
    if not g.g["decks"][kind] and not g.g["tops"][kind] and g.g["discards"][kind]:
        g.g["decks"][kind] = sorted(g.g["discards"][kind])
        g.g["discards"][kind] = []
        g.rng.shuffle(g.g["decks"][kind])


def turn_up(g: Game, kind: str) -> None:
    """A face-up deck shows its top card to everyone (rulebook 2.1 and p.37: "place the new deck face up")."""
    deck = g.g["decks"][kind]
    if deck:
        g.g["tops"][kind] = g.draw(deck)[0]
        g.log(f"The {kind} deck lies face up: {card_words(g, g.g['tops'][kind])} on top.")


def draw_card(g: Game, seat: int, kind: str, ask: bool = False) -> bool:
    """One card of ``kind`` into ``seat``'s hand; False when none is left (SB-P2-PROG-03/04). Taking the
    last card fires the Deck End Event; the discard pile then becomes a new deck, face up."""
    refill(g, kind)
    deck, tops = g.g["decks"][kind], g.g["tops"]
    if tops[kind]:
        card, tops[kind] = tops[kind], None
        turn_up(g, kind)
    elif deck:
        card = g.draw(deck)[0]
    else:
        return False
    hand_of(g, seat).append(card)
    g.log(f"You draw {card_words(g, card)}" + (f" for {called(g, seat)}" if is_delta(g, seat) else "") + ".",
          to=[seat_of(g, seat)])
    if not deck and not tops[kind]:
        deck_end_event(g, kind, ask)
        refill(g, kind)
        if g.options["reshuffled_decks"] == "face_up":
            turn_up(g, kind)
    return True


def draw_default(g: Game, seat: int, n: int) -> None:
    """Draw ``n`` cards of any types, the types least represented in hand first (spec 6.5)."""
    for _ in range(n):
        hand = [g.data.cards[c]["type"] for c in hand_of(g, seat)]
        kinds = [k for k in CARD_TYPES if available(g, k)]
        if not kinds:
            return
        draw_card(g, seat, min(kinds, key=lambda k: (hand.count(k), CARD_TYPES.index(k))))
