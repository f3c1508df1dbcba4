"""The setup prompts (§6.9): the Intelligence draft (and Energised picks), Attribute SETUP choices,
Ships and START Bots, each in ascending POWER order."""

from __future__ import annotations

from engines.core import Action, Game, Step, act, effects

from . import asking, board
from .setup import next_setup, seat_players


class Draft(Step):
    """Pick an Intelligence (SC-SETUP-12), or in Energised Mode an Energiser instead (SC-VARIANT-01)."""

    name = "draft"
    verbs = ("intel", "energiser")
    deciding = "pick an Intelligence"

    def actions_intel(self, g: Game, seat: int) -> list[Action]:
        if g.g["intel"][str(seat)] is not None:
            return []
        taken = set(g.g["intel"].values())
        return [act("intel", i) for i, iid in enumerate(g.data.intelligences) if iid not in taken]

    def act_intel(self, g: Game, seat: int, index: int) -> None:
        iid = list(g.data.intelligences)[index]
        g.g["intel"][str(seat)] = iid
        g.log(f"{{seat{seat}}} picks {g.data.intelligences[iid].name}.")
        advance(g)

    def label_intel(self, g: Game, seat: int, index: int) -> str:
        intel = g.data.intelligences[list(g.data.intelligences)[index]]
        return f"Play {intel.name} (POWER {intel.power})"

    def actions_energiser(self, g: Game, seat: int) -> list[Action]:
        if str(seat) in g.g["energisers_picked"]:
            return []
        return [act("energiser", i) for i, e in enumerate(g.g.get("energiser_offer", [])) if e is not None]

    def act_energiser(self, g: Game, seat: int, index: int) -> None:
        offer = g.g["energiser_offer"]
        card, offer[index] = offer[index], None
        g.g["energisers_picked"][str(seat)] = card
        g.g["supply"]["energisers"][card_domain(g, card)].remove(card)
        g.log(f"{{seat{seat}}} picks the {energiser_name(g, card)}.")
        advance(g)

    def label_energiser(self, g: Game, seat: int, index: int) -> str:
        return f"Take the {energiser_name(g, g.g['energiser_offer'][index])}"

    def prompt(self, g: Game, seat: int) -> str:
        return "Pick your Intelligence" + (" or an Energiser." if g.options["energised"] else ".")

    def default(self, g: Game, seat: int) -> Action:
        return self.actions(g, seat)[0]


def card_domain(g: Game, card: str) -> str:
    """The Domain of an Energiser card id."""
    return dict(g.data.energisers)[card]


def energiser_name(g: Game, card: str) -> str:
    """An Energiser in words: 'Creation Energiser'."""
    return f"{g.data.domains[card_domain(g, card)].name} Energiser"


def advance(g: Game) -> None:
    """The next seat in the picking order that still has something to pick; else seat everyone."""
    picks = g.frame["picks"]
    energised = g.options["energised"]
    while picks:
        seat = picks.pop(0)
        needs = g.g["intel"][str(seat)] is None or (energised and str(seat) not in g.g["energisers_picked"])
        if needs:
            g.frame["seat"] = seat
            return
    seat_players(g)


class SetupFissure(Step):
    """Vulkanos' SETUP (ATT-VUL-1): one Fissure into a Link without Ruins (no Ships are placed yet)."""

    name = "setup_fissure"
    verbs = ("link",)
    deciding = "place a Fissure"

    def actions_link(self, g: Game, seat: int) -> list[Action]:
        return [act("link", i) for i, lk in enumerate(g.g["links"]) if board.fissure_allowed(g, lk, seat)]

    def act_link(self, g: Game, seat: int, index: int) -> None:
        link = list(g.g["links"])[index]
        board.place_fissure(g, link, seat)
        g.log(f"{{seat{seat}}} places a Fissure between {board.link_words(g, link)}.")
        next_setup(g)

    def label_link(self, g: Game, seat: int, index: int) -> str:
        return f"Fissure between {board.link_words(g, list(g.g['links'])[index])}"

    def prompt(self, g: Game, seat: int) -> str:
        return "SETUP (Vulkanos): place a Fissure in a Link without Ruins."


class PlaceShip(Step):
    """SC-SETUP-20: your Ship on any Link in play without a Ship (Ruins allowed, the Ship on top)."""

    name = "place_ship"
    verbs = ("link",)
    deciding = "place their Ship"

    def actions_link(self, g: Game, seat: int) -> list[Action]:
        return [act("link", i) for i, lk in enumerate(g.g["links"]) if board.ship_on(g, lk) is None]

    def act_link(self, g: Game, seat: int, index: int) -> None:
        link = list(g.g["links"])[index]
        g.g["links"][link].append(f"ship:{seat}")
        g.log(f"{{seat{seat}}} lands their Ship between {board.link_words(g, link)}.")
        next_setup(g)

    def label_link(self, g: Game, seat: int, index: int) -> str:
        link = list(g.g["links"])[index]
        ruins = " (on Ruins)" if "ruins" in g.g["links"][link] else ""
        return f"Ship between {board.link_words(g, link)}{ruins}"

    def prompt(self, g: Game, seat: int) -> str:
        return "Place your Ship on a Link (the space between two Areas)."


class PlaceBots(Step):
    """SC-SETUP-21: the START Bots, split any way between the two Areas of your Ship's Link.

    Frame: ``{"seat", "sizes": [Bot sizes still to place]}``; one prompt per Bot type: how many go to
    the first Area (the rest go to the second)."""

    name = "place_bots"
    verbs = ("split",)
    deciding = "place their starting Bots"

    def actions_split(self, g: Game, seat: int) -> list[Action]:
        start = self._bot(g, seat).start
        return [act("split", k) for k in range(start, -1, -1)]

    def act_split(self, g: Game, seat: int, first: int) -> None:
        bot = self._bot(g, seat)
        a, b = board.ship_areas(g, seat)
        ids = board.reserve(g, seat, bot.size)[:bot.start]
        for i, bid in enumerate(ids):
            g.g["bots"][bid]["at"] = a if i < first else b
        g.log(f"{{seat{seat}}} deploys {self._words(g, seat, first)}.")
        g.frame["sizes"].pop(0)
        if not g.frame["sizes"]:
            next_setup(g)

    def label_split(self, g: Game, seat: int, first: int) -> str:
        return self._words(g, seat, first)

    def _bot(self, g: Game, seat: int):
        return g.data.intelligences[g.g["intel"][str(seat)]].bot(g.frame["sizes"][0])

    def _words(self, g: Game, seat: int, first: int) -> str:
        bot = self._bot(g, seat)
        a, b = board.ship_areas(g, seat)
        parts = [f"{k} {board.bot_name(bot, k)} to {g.data.areas[area].name}"
                 for k, area in ((first, a), (bot.start - first, b)) if k]
        return " and ".join(parts)

    def prompt(self, g: Game, seat: int) -> str:
        bot = self._bot(g, seat)
        return f"Place your {bot.start} starting {board.bot_name(bot, bot.start)} next to your Ship."


class SetupCelestium(Step):
    """Tachyon's SETUP (ATT-TAC-2): 1 Celestium from the supply into a slot of its choice, whose Action may then
    be used (SC-ACT-CELESTIUM-01; the Fly slot does nothing before the Ship is placed)."""

    name = "setup_celestium"
    verbs = ("slot",)
    deciding = "place a Celestium"

    def actions_slot(self, g: Game, seat: int) -> list[Action]:
        slots = g.g["players"][str(seat)]["celestium"]
        return [act("slot", i) for i, full in enumerate(slots) if not full]

    def act_slot(self, g: Game, seat: int, index: int) -> None:
        if g.g["supply"]["celestium"] > 0:  # SC-ACT-CELESTIUM-05
            g.g["supply"]["celestium"] -= 1
            g.g["players"][str(seat)]["celestium"][index] = True
            g.log(f"{{seat{seat}}} puts a Celestium in slot {index + 1}.")
            effects.push(g, effects.effect(asking.SLOT, seat, slot=index))
        self.resume(g, None)

    def resume(self, g: Game, result: object) -> None:
        if effects.run(g):
            next_setup(g)

    def label_slot(self, g: Game, seat: int, index: int) -> str:
        intel = g.data.intelligences[g.g["intel"][str(seat)]]
        return f"Celestium into slot {index + 1} ({board.effect_words(intel.celestium_slots[index])})"

    def prompt(self, g: Game, seat: int) -> str:
        return "SETUP (Tachyon): put your Celestium into a slot."
