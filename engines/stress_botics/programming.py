"""Phase 2: drawing Action cards by position relative to AlphaBot, then secret simultaneous programming
(SB-P2-PROG-01..10, SB-SETUP-23).

Both are core ``Simultaneous`` steps: each seat builds its request or program in its private area and
locks in; draws resolve in turn order so Deck End Events land where they belong (spec 6.2).
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Simultaneous, act, effects

from . import flow
from .batteries import slots
from .content import CARD_TYPES
from .decks import available, draw_card
from .item_cards import passive
from .planet import active_vault, draw_sector
from .robots import called, hand_key, hand_of, is_delta, seat_of
from .sheets import DELTA_TANK
from .stress import player
from .words import card as card_words


def entitlement(g: Game, seat: int) -> list[dict[str, Any]]:
    """The draw patterns open to ``seat``: ``{"n", "types": same|different|any}`` each (SB-P2-PROG-02); a
    Signal Amplifier adds ``extra`` cards of any type (version 3 items)."""
    extra = passive(g, seat, "phase2_extra_draw")
    patterns = base_entitlement(g, seat)
    return [pt | {"n": pt["n"] + extra, "extra": extra} for pt in patterns] if extra else patterns


def base_entitlement(g: Game, seat: int) -> list[dict[str, Any]]:
    rules = g.data["rules"]["draw"]
    a, p = g.g["alphabot"], player(g, seat)
    if a.get("delivered"):
        return [rules["delivered"] | {"types": "any"}]
    if not a["mv"]:
        return [rules["shuttle"] | {"types": "any"}]
    mv = active_vault(g)
    sector = draw_sector(g, p["mini"])
    relay = passive(g, seat, "sector_counts_as_vault_for_draw") and sector == draw_sector(g, mv)  # Quantum Relay
    if p["mini"] == mv or (relay and sector != "core"):
        return list(rules["same_main_vault"])
    if sector == "core" or sector == draw_sector(g, mv):
        return [rules["same_sector_or_core"]]
    return [rules["other"] | {"types": "any"}]


def fits(request: list[str], pattern: dict[str, Any]) -> bool:
    """A (partial) request keeps to one pattern."""
    if len(request) > pattern["n"]:
        return False
    extra = pattern.get("extra", 0)  # cards of any type beyond the pattern (Signal Amplifier)
    if pattern["types"] == "same":
        return len(set(request)) <= 1 + extra
    if pattern["types"] == "different":
        return len(request) - len(set(request)) <= extra
    return True


class Draw(Simultaneous):
    """2.1: everyone asks for cards within their entitlement; resolved in turn order."""

    name = "draw"
    verbs = ("draw", "done")
    deciding = "choose which Action cards to draw"

    def actions_draw(self, g: Game, seat: int) -> list[Action]:
        request = self.mine(g, seat).get("request", [])
        out = []
        for kind in CARD_TYPES:
            asked = [*request, kind]
            if available(g, kind) >= asked.count(kind) and any(fits(asked, p) for p in entitlement(g, seat)):
                out.append(act("draw", kind))
        return out

    def act_draw(self, g: Game, seat: int, kind: str) -> None:
        mine = self.mine(g, seat)
        mine["request"] = [*mine.get("request", []), kind]
        if not self.actions_draw(g, seat):
            self.lock(g, seat)

    def label_draw(self, g: Game, seat: int, kind: str) -> str:
        return f"Draw {'an' if kind[0] in 'AEIOU' else 'a'} {kind} card"

    def act_done(self, g: Game, seat: int) -> None:
        self.lock(g, seat)

    def label_done(self, g: Game, seat: int) -> str:
        return "Done drawing" if self.mine(g, seat).get("request") else "Draw nothing"

    def prompt(self, g: Game, seat: int) -> str:
        request = self.mine(g, seat).get("request", [])
        options = " or ".join(f"{p['n']} card{'s' if p['n'] > 1 else ''}"
                              + {"same": " of one type", "different": " of different types", "any": ""}[p["types"]]
                              for p in entitlement(g, seat))
        asked = f" So far: {', '.join(request)}." if request else ""
        return f"Draw Action cards: {options}.{asked}"

    def default(self, g: Game, seat: int) -> Action:
        """Spec 6.5: the full entitlement, the types least represented in hand first."""
        options = self.actions_draw(g, seat)
        if not options:
            return act("done")
        hand = [g.data.cards[c]["type"] for c in hand_of(g, seat)]
        return min(options, key=lambda a: (hand.count(a.args[0]), CARD_TYPES.index(a.args[0])))

    def resolve(self, g: Game, choices: dict[int, dict[str, Any]]) -> None:
        for seat in g.g["order"]:
            request = choices[seat].get("request", [])
            drawn = 0
            for kind in request:
                if draw_card(g, seat, kind, ask=True):
                    drawn += 1
                else:  # the players before took the last ones (spec 6.2: fewer cards)
                    g.log(f"No {kind} card is left for you to draw.", to=[seat_of(g, seat)])
            g.log(f"{called(g, seat)} draws {drawn} card{'s' if drawn != 1 else ''}.")
        g.goto("program", **Simultaneous.frame_for(list(g.g["order"])))
        effects.run(g)  # Deck End Event choices, if any, before programming (Program.resume runs the rest)


def kinds(g: Game, cards: list[str]) -> dict[str, str]:
    """One representative card per distinct kind (type, free boost, keep cost) among ``cards``."""
    out: dict[str, str] = {}
    for card in sorted(cards):
        out.setdefault(card_words(g, card), card)
    return out


class Program(Simultaneous):
    """2.2: cards face down into slots 1..n in order, at the same time, then locked (SB-P2-PROG-05..07)."""

    name = "program"
    verbs = ("slot", "unslot", "lock")
    deciding = "program their Action cards"

    def left(self, g: Game, seat: int) -> list[str]:
        """The hand less the cards slotted so far (in solo, by both bots from the shared hand, SB-SOLO-07)."""
        hand = list(hand_of(g, seat))
        for robot, mine in g.frame["private"].items():
            if hand_key(g, int(robot)) == hand_key(g, seat):
                for card in mine.get("cards", []):
                    hand.remove(card)
        return hand

    def actions_slot(self, g: Game, seat: int) -> list[Action]:
        if len(self.mine(g, seat).get("cards", [])) >= slots(g, player(g, seat)):
            return []
        left = self.left(g, seat)
        if is_delta(g, seat) and player(g, seat)["ai"] == "comp":  # SB-SOLO-15: no INTERACT while Competitive
            left = [c for c in left if g.data.cards[c]["type"] != "INTERACT"]
        return [act("slot", c) for c in kinds(g, left).values()]

    def act_slot(self, g: Game, seat: int, card: str) -> None:
        mine = self.mine(g, seat)
        mine["cards"] = [*mine.get("cards", []), card]

    def label_slot(self, g: Game, seat: int, card: str) -> str:
        n = len(self.mine(g, seat).get("cards", [])) + 1
        return f"Slot {n}: {card_words(g, card)}"

    def actions_unslot(self, g: Game, seat: int) -> list[Action]:
        return [act("unslot")] if self.mine(g, seat).get("cards") else []

    def act_unslot(self, g: Game, seat: int) -> None:
        self.mine(g, seat)["cards"] = self.mine(g, seat)["cards"][:-1]

    def label_unslot(self, g: Game, seat: int) -> str:
        return "Take back the last programmed card"

    def act_lock(self, g: Game, seat: int) -> None:
        self.lock(g, seat)

    def label_lock(self, g: Game, seat: int) -> str:
        n = len(self.mine(g, seat).get("cards", []))
        return f"Lock in {n} programmed card{'s' if n != 1 else ''}"

    def prompt(self, g: Game, seat: int) -> str:
        n = slots(g, player(g, seat))
        chosen = self.mine(g, seat).get("cards", [])
        done = ", ".join(f"slot {i + 1}: {g.data.cards[c]['type']}" for i, c in enumerate(chosen)) or "nothing yet"
        return f"Program up to {n} cards face down, slot 1 first ({done})."

    def default(self, g: Game, seat: int) -> Action:
        """Spec 6.5: a timeout programs nothing — cards slotted but not locked in go back, then the seat locks."""
        return act("unslot") if self.mine(g, seat).get("cards") else act("lock")

    def resume(self, g: Game, result: Any) -> None:
        effects.run(g)

    def resolve(self, g: Game, choices: dict[int, dict[str, Any]]) -> None:
        for seat in g.g["order"]:
            cards = choices[seat].get("cards", [])
            hand = hand_of(g, seat)
            for card in cards:
                hand.remove(card)
            g.g["programmed"][str(seat)] = list(cards)
            player(g, seat)["slot"] = -1 if DELTA_TANK in player(g, seat)["tanks"] else 0  # slot "0" first
            g.log(f"{called(g, seat)} programmed {len(cards)} card{'s' if len(cards) != 1 else ''}.")
        flow.start_actions(g)
