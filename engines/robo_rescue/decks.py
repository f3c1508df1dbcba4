"""Decks: drawing with reshuffle, Movement-card search, the face-up Ability supply (RR-GEN-01/02, RR-ABIL-06)."""

from __future__ import annotations

from engines.core import Game


def draw(g: Game, deck: str, n: int) -> list[str]:
    """Draw ``n`` cards; an empty deck is rebuilt from its discard when a draw needs it (RR-GEN-01/02)."""
    taken: list[str] = []
    while len(taken) < n:
        pile = g.g[deck]
        if not pile:
            discard = g.g[deck.replace("_deck", "_discard")]
            if not discard:
                break  # RR-GEN-02: draw what exists
            pile.extend(sorted(discard))
            discard.clear()
            g.rng.shuffle(pile)
            g.log(f"The {deck.split('_')[0].capitalize()} deck is reshuffled from its discard pile.")
        taken += g.draw(pile, n - len(taken))
    return taken


def draw_commands(g: Game, seat: int, n: int) -> list[str]:
    """Draw Command cards into ``seat``'s hand; the cards are told only to that seat."""
    cards = draw(g, "command_deck", n)
    g.g["hands"][str(seat)].extend(cards)
    g.log(f"{{seat{seat}}} draws {len(cards)} Command card{'s' * (len(cards) != 1)}.")
    if cards:
        names = ", ".join(g.data.card_names[g.data.card_type(c)] for c in cards)
        g.log(f"You drew: {names}.", to=[seat])
    return cards


def movement_available(g: Game, kind: str) -> bool:
    """RR-CONV-11: a Movement card of that type exists in the discard or the deck."""
    types = g.data.command_cards
    return any(types[x] == kind for x in g.g["command_discard"]) or any(types[x] == kind for x in g.g["command_deck"])


def take_movement_card(g: Game, seat: int, kind: str) -> None:
    """RR-CONV-11: from the discard if there, else search the deck and reshuffle it."""
    c = g.data
    for pile in ("command_discard", "command_deck"):
        match = [x for x in g.g[pile] if c.card_type(x) == kind]
        if match:
            g.g[pile].remove(match[0])
            g.g["hands"][str(seat)].append(match[0])
            if pile == "command_deck":
                g.g["command_deck"].sort()
                g.rng.shuffle(g.g["command_deck"])
                g.reveal()
                g.log("The Command deck is searched and reshuffled.")
            g.log(f"{{seat{seat}}} takes a {c.card_names[kind]} card from the {pile.split('_')[1]}.")
            return


def refill_ability_supply(g: Game) -> None:
    """RR-ABIL-06: fill empty slots with abilities not already face up; duplicates go to the bottom."""
    c, supply, deck = g.data, g.g["ability_supply"], g.g["ability_deck"]
    for slot in range(len(supply)):
        if supply[slot] is not None:
            continue
        for _ in range(len(deck)):
            card = g.draw(deck, 1)[0]
            showing = {c.abilities[x].ability for x in supply if x is not None}
            if c.abilities[card].ability in showing:
                deck.append(card)
                continue
            supply[slot] = card
            g.log(f"{c.abilities[card].name} ({c.abilities[card].die}) is added to the Ability supply.")
            break
