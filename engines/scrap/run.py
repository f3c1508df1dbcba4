"""The Run Phase (SC-RUN): the Active Function chosen or revealed, the optional Power-Up, resolution."""

from __future__ import annotations

from engines.core import Action, Game, Step, act

from . import interpreter
from .flow import fn_words, reveal, start_run
from .support import chronoflux, energy_cap, pay_chronoflux, player
from .vows import BROKEN, VOW, vow_names


class ChooseActive(Step):
    """SC-RUN-03/04: an empty Queue: pick any Function from hand (on the first turn, not a Raid)."""

    name = "choose_active"
    verbs = ("play",)
    deciding = "choose their Active Function"

    def actions_play(self, g: Game, seat: int) -> list[Action]:
        first = g.g["turn"].get("first")
        banned = g.data.rules["first_turn_forbidden_family"]
        refs = sorted(c for c in player(g, seat)["hand"] if isinstance(c, int))
        return [act("play", r) for r in refs if not (first and g.data.functions[r].family == banned)]

    def act_play(self, g: Game, seat: int, ref: int) -> None:
        player(g, seat)["hand"].remove(ref)
        reveal(g, seat, ref)

    def label_play(self, g: Game, seat: int, ref: int) -> str:
        return f"Run {fn_words(g, ref)}"

    def prompt(self, g: Game, seat: int) -> str:
        extra = " (not a Raid on your first turn)" if g.g["turn"].get("first") else ""
        return f"Your Queue is empty: choose your Active Function from hand{extra}."


class PowerUp(Step):
    """SC-RUN-06: Power-Up by discarding a same-Domain card, 1 Celestium, or a same-Domain Energiser (+1 Data)."""

    name = "power_up"
    verbs = ("no", "discard", "celestium", "chronoflux", "energiser")
    deciding = "decide on a Power-Up"

    def _domain(self, g: Game, seat: int) -> str:
        return g.data.functions[player(g, seat)["active"]].domain

    def actions_discard(self, g: Game, seat: int) -> list[Action]:
        dom = self._domain(g, seat)
        return [act("discard", c) for c in sorted(c for c in player(g, seat)["hand"] if isinstance(c, int))
                if g.data.functions[c].domain == dom]

    def act_discard(self, g: Game, seat: int, ref: int) -> None:
        p = player(g, seat)
        p["hand"].remove(ref)
        p["discard"].append(ref)
        g.log(f"{{seat{seat}}} discards a card to Power-Up.")
        self._resolve(g, seat, True)

    def label_discard(self, g: Game, seat: int, ref: int) -> str:
        return f"Power-Up: discard {fn_words(g, ref)}"

    def actions_celestium(self, g: Game, seat: int) -> list[Action]:
        return [act("celestium", i) for i, full in enumerate(player(g, seat)["celestium"]) if full]

    def act_celestium(self, g: Game, seat: int, slot: int) -> None:
        player(g, seat)["celestium"][slot] = False  # SC-ACT-CELESTIUM-04: back to the supply
        g.g["supply"]["celestium"] += 1
        g.log(f"{{seat{seat}}} spends a Celestium to Power-Up.")
        self._resolve(g, seat, True)

    def label_celestium(self, g: Game, seat: int, slot: int) -> str:
        return f"Power-Up: spend the Celestium in slot {slot + 1}"

    def actions_chronoflux(self, g: Game, seat: int) -> list[Action]:
        return [act("chronoflux")] if chronoflux(g, seat) is not None else []

    def act_chronoflux(self, g: Game, seat: int) -> None:  # ATT-TAC-1
        pay_chronoflux(g, seat)
        self._resolve(g, seat, True)

    def label_chronoflux(self, g: Game, seat: int) -> str:
        return f"Power-Up: pay {chronoflux(g, seat)} Energy (Chronoflux)"

    def actions_energiser(self, g: Game, seat: int) -> list[Action]:
        dom = self._domain(g, seat)
        cards = sorted(c for c in player(g, seat)["hand"] if isinstance(c, str) and dict(g.data.energisers)[c] == dom)
        return [act("energiser", cards[0])] if cards else []

    def act_energiser(self, g: Game, seat: int, card: str) -> None:
        p = player(g, seat)
        p["hand"].remove(card)
        p["discard"].append(card)
        p["data"] += g.data.rules["energiser_powerup_data"]  # SC-ENERGISER-03
        g.log(f"{{seat{seat}}} discards an Energiser to Power-Up and gains 1 Data.")
        self._resolve(g, seat, True)

    def label_energiser(self, g: Game, seat: int, card: str) -> str:
        return f"Power-Up: discard the {g.data.domains[dict(g.data.energisers)[card]].name} Energiser (+1 Data)"

    def act_no(self, g: Game, seat: int) -> None:
        self._resolve(g, seat, False)

    def label_no(self, g: Game, seat: int) -> str:
        return "No Power-Up"

    def _resolve(self, g: Game, seat: int, powered: bool) -> None:
        interpreter.run_function(g, seat, player(g, seat)["active"], powered)

    def resume(self, g: Game, result: object) -> None:
        interpreter.drain(g)

    def prompt(self, g: Game, seat: int) -> str:
        return f"Power-Up {g.data.functions[player(g, seat)['active']].name}?"

    def default(self, g: Game, seat: int) -> Action:
        return act("no")  # §6.7: decline


class SacredVows(Step):
    """Start of Olympus' Run Phase: flip one Vow either way, or keep them (once per turn)."""

    name = "sacred_vows"
    verbs = ("keep", "flip")
    deciding = "consider their Vows"

    def actions_flip(self, g: Game, seat: int) -> list[Action]:
        return [act("flip", vid) for vid in sorted(player(g, seat)["unique"]["vows"])]

    def act_flip(self, g: Game, seat: int, vid: str) -> None:
        vows = player(g, seat)["unique"]["vows"]
        vows[vid] = BROKEN if vows[vid] == VOW else VOW
        vow, broken = vow_names(g, vid)
        g.log(f"{{seat{seat}}} turns {vow if vows[vid] == VOW else broken} face-up.")
        p, cap = player(g, seat), energy_cap(g, seat)
        if p["energy"] > cap:  # Vow of Temperance sworn again: the excess is lost
            g.log(f"{{seat{seat}}} loses {p['energy'] - cap} Energy over the cap of {cap}.")
            p["energy"] = cap
        start_run(g, seat)

    def label_flip(self, g: Game, seat: int, vid: str) -> str:
        vow, broken = vow_names(g, vid)
        shown = player(g, seat)["unique"]["vows"][vid]
        return f"Break the {vow} ({broken} face-up)" if shown == VOW else f"Swear the {vow} again (not {broken})"

    def act_keep(self, g: Game, seat: int) -> None:
        start_run(g, seat)

    def label_keep(self, g: Game, seat: int) -> str:
        return "Keep your Vows as they are"

    def prompt(self, g: Game, seat: int) -> str:
        return "Sacred Vows: flip one Vow before your Run Phase?"
