"""Ability cards: gaining, start-of-turn abilities and discarding spent cards (RR-ABIL)."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from . import decks, gains
from .gains import give
from .player_board import player, return_supply, take_supply


def can_gain(g: Game, seat: int, card_id: str) -> bool:
    """RR-ABIL-05 (3 cards, one per type) and RR-ABIL-19 (its tokens are in the supply)."""
    c, p = g.data, player(g, seat)
    ab = c.abilities[card_id]
    if len(p["abilities"]) >= c.rules["max_ability_cards"]:
        return False
    if any(c.abilities[a["id"]].ability == ab.ability for a in p["abilities"]):
        return False
    need: dict[str, int] = {}
    for token in ab.tokens:
        need[token] = need.get(token, 0) + 1
    return all(g.g["supply"]["modifiers"][t] >= n for t, n in need.items())


def gain_ability(g: Game, seat: int, card_id: str) -> None:
    """RR-ABIL-01/02: the card comes with its die at the printed value and its tokens on it."""
    ab = g.data.abilities[card_id]
    for token in ab.tokens:
        take_supply(g, token, 1, "modifiers")
    player(g, seat)["abilities"].append({"id": card_id, "die": ab.die, "tokens": list(ab.tokens)})
    g.log(f"{{seat{seat}}} gains the {ab.name} ability (die {ab.die}).")


def take_from_supply(g: Game, seat: int, card_id: str) -> None:
    """RR-CONV-05, RR-ABIL-06: take a face-up ability and refill its slot."""
    supply = g.g["ability_supply"]
    supply[supply.index(card_id)] = None
    gain_ability(g, seat, card_id)
    decks.refill_ability_supply(g)


def take_master_coder(g: Game, seat: int) -> None:
    """REC-07: a Master Coder from its own stack."""
    gain_ability(g, seat, g.g["master_coders"].pop(0))


def owned(g: Game, seat: int, ability: str) -> dict[str, Any] | None:
    for card in player(g, seat)["abilities"]:
        if g.data.abilities[card["id"]].ability == ability:
            return card
    return None


def start_abilities(g: Game, seat: int) -> list[str]:
    """RR-TURN-02, RR-STANDBY-05: start-of-turn abilities the seat may activate now."""
    c, used = g.data, g.g["turn"]["abilities_used"]
    out = []
    for card in player(g, seat)["abilities"]:
        ab = c.abilities[card["id"]]
        if ab.timing != "START_OF_TURN" or card["die"] <= 0 or ab.ability in used:
            continue
        if ab.ability == "CARD_SUPPLIER" and len(g.g["hands"][str(seat)]) >= c.rules["hand_limit"]:
            continue  # RR-ABIL-11
        out.append(card["id"])
    return out


def use_start_ability(g: Game, seat: int, card_id: str) -> bool:
    """Activate Card Supplier, Jerry Can or Cable Guy; False if a placement decision is pending."""
    c = g.data
    card = next(a for a in player(g, seat)["abilities"] if a["id"] == card_id)
    ab = c.abilities[card_id]
    card["die"] -= 1
    g.g["turn"]["abilities_used"].append(ab.ability)
    g.log(f"{{seat{seat}}} activates {ab.name} (die {card['die']}).")
    if ab.ability == "CARD_SUPPLIER":
        decks.draw_commands(g, seat, c.rules["card_supplier_draw"])  # RR-ABIL-11
        return True
    if ab.ability == "JERRY_CAN":
        return give(g, seat, [{"kind": "OIL", "type": None, "n": c.rules["jerry_can_oil"]}])  # RR-ABIL-12
    faces = [gains.roll_cable_die(g) for _ in range(c.rules["cable_guy_dice"])]  # RR-ABIL-13
    g.log(f"{{seat{seat}}} rolls a Cable Die: {', '.join(f.lower() for f in faces)}.")
    return give(g, seat, [{"kind": "CABLE", "type": f, "n": 1} for f in faces])


def discard_spent(g: Game, seat: int) -> None:
    """RR-ABIL-04, RR-TURN-04(c): cards at 0 go to the deck bottom (Master Coder to its stack), tokens to supply."""
    c, p = g.data, player(g, seat)
    refill = False
    for card in [a for a in p["abilities"] if a["die"] <= 0]:
        p["abilities"].remove(card)
        for token in card["tokens"]:
            return_supply(g, token, 1, "modifiers")
        if c.abilities[card["id"]].ability == "MASTER_CODER":
            g.g["master_coders"].append(card["id"])
        else:
            g.g["ability_deck"].append(card["id"])
            refill = True
        g.log(f"{{seat{seat}}}'s {c.abilities[card['id']].name} is used up and discarded.")
    if refill and None in g.g["ability_supply"]:
        decks.refill_ability_supply(g)  # AMB-45: retry an empty slot
