"""Support-action primitives shared by the interpreter and the phases (SC-ACT-ENERGY/DATA/FRAGMENT)."""

from __future__ import annotations

from typing import Any

from engines.core import Game


def player(g: Game, seat: int) -> dict[str, Any]:
    """A seat's Console in the state."""
    return g.g["players"][str(seat)]


def rule_params(g: Game, seat: int, name: str) -> dict[str, Any] | None:
    """The params of the seat's Attribute rule (a standing named hook) ``name``; None when it has none."""
    for att in g.data.intelligences[player(g, seat)["intel"]].attributes:
        for rule in att.rules:
            if rule.get("name") == name:
                return dict(rule.get("params", {}))
    return None


def vow_params(g: Game, seat: int, hook: str) -> list[dict[str, Any]]:
    """The params of the seat's face-up Vow-card rules named ``hook`` (Olympus' Vows, §4.7; none for others)."""
    faces = player(g, seat)["unique"].get("vows", {})
    return [dict(rule["params"]) for vow in g.data.raw["vows"]["vows"] if vow["id"] in faces
            for rule in vow[faces[vow["id"]]]["rules"] if rule.get("name") == hook]


def energy_cap(g: Game, seat: int) -> int:
    """SC-ACT-ENERGY-01: at most 9; Vow of Temperance (ATT-OLY-2) lowers the cap while it shows its Vow side."""
    return min([g.data.rules["energy"]["max"], *(int(v["max"]) for v in vow_params(g, seat, "vow.energy_cap"))])


def gain_energy(g: Game, seat: int, n: int) -> None:
    """SC-ACT-ENERGY-01: between 0 and 9 (Temperance: 4), any excess is lost."""
    p = player(g, seat)
    p["energy"] = max(g.data.rules["energy"]["min"], min(energy_cap(g, seat), p["energy"] + n))
    g.log(f"{{seat{seat}}} gains {n} Energy (now {p['energy']}).")


def gain_data(g: Game, seat: int, n: int) -> None:
    """SC-ACT-DATA-01 (no upper limit, SC-END-06)."""
    player(g, seat)["data"] += n
    g.log(f"{{seat{seat}}} gains {n} Data.")


def draw_fragments(g: Game, seat: int, n: int) -> None:
    """SC-ACT-FRAGMENT-01/02: draw face-down; 1 Data for each Fragment the empty deck cannot give."""
    p = player(g, seat)
    drawn = g.draw(g.g["fragments"], n)
    p["fragments"] += drawn
    p["drawn"] = list(drawn)  # SC-REF-05: "one of those" Scores (secret like the Fragments)
    missing = n - len(drawn)
    p["data"] += missing * g.data.rules["fragment_empty_data"]
    g.log(f"{{seat{seat}}} draws {len(drawn)} Fragment{'s' * (len(drawn) != 1)}"
          + (f" and gains {missing} Data for the empty deck." if missing else "."))
    if drawn:
        g.log(f"Your new Fragment{'s' * (len(drawn) != 1)}: {', '.join(map(str, drawn))} Data.", to=[seat])


def advance(g: Game, seat: int, dom: str) -> None:
    """SC-CALL-05..11: one space up a Knowledge Track; passing a gap gives its bonus (once, markers never go
    back); no Function left for it gives nothing; space 10 is the last."""
    p = player(g, seat)
    track = g.data.rules["knowledge_track"]
    here = p["knowledge"][dom]
    if here >= track["spaces"]:
        return
    p["knowledge"][dom] = here + 1
    g.log(f"{{seat{seat}}} advances in {g.data.domains[dom].name} to {here + 1}.")
    for bonus in track["bonuses"]:
        if bonus["gap"][0] != here:
            continue
        level = bonus["gain"].get("function_level")
        if level is None:
            draw_fragments(g, seat, bonus["gain"]["v"])  # SC-CALL-08
            continue
        card = next((r for r in p["box"] if g.data.functions[r].domain == dom
                     and g.data.functions[r].level == str(level)), None)
        if card is None:  # SC-CALL-10
            g.log(f"{{seat{seat}}} passes a bonus with no Function left for it.")
            continue
        p["box"].remove(card)  # SC-CALL-06/07
        p["hand"].append(card)
        g.log(f"{{seat{seat}}} takes {g.data.functions[card].name} from their Function Box.")


CHRONOFLUX = "chronoflux.energy_for_phase_celestium"


def chronoflux(g: Game, seat: int) -> int | None:
    """ATT-TAC-1: the Energy the seat may pay instead of 1 Celestium on a Phase effect, if it can pay it."""
    for att in g.data.intelligences[player(g, seat)["intel"]].attributes:
        for rule in att.rules:
            if rule.get("name") == CHRONOFLUX and player(g, seat)["energy"] >= rule["params"]["energy"]:
                return rule["params"]["energy"]
    return None


def pay_chronoflux(g: Game, seat: int) -> None:
    """Pay Chronoflux's Energy (checked by :func:`chronoflux`)."""
    cost = chronoflux(g, seat)
    assert cost is not None
    player(g, seat)["energy"] -= cost
    g.log(f"{{seat{seat}}} pays {cost} Energy instead of a Celestium (Chronoflux).")
