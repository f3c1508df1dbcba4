"""Item effects in players' words (spec 4.11 vocabulary; the first-item bonuses of spec 4.18.6)."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .words import amount

OPS = {
    "mp_bonus": "+{n} MP per MOVE", "boost_any_battery": "boost {action} with any battery type",
    "phase2_extra_draw": "draw {n} more Action card in Phase 2", "hand_limit_bonus": "hand limit +{n}",
    "extract_bonus_unit": "each Extract in an Extraction Vault gives 1 more of a type it gave",
    "shield_vault_bonus": "+{n} shield when producing in the Shields Vault",
    "diagonal_adjacent": "diagonal squares count as adjacent ({scope})",
    "reduce_stress_gain_once_per_round": "once per round, a stress gain is {n} less",
    "core_exit_shield_discount": "leaving the Core without a tunnel costs {n} shield less",
    "sector_counts_as_vault_for_draw": "your sector counts as AlphaBot's Main Vault for drawing",
    "replicate_limit": "the Battery Producer replicates up to {n}",
    "delivery_base_stress_discount": "arriving at a Delivery Base costs {n} stress less",
    "load_limit_bonus": "containers hold {n} more units", "hull_entry_anywhere": "enter the hull from any square",
    "server_draw_bonus": "Access the Server draws {n} more card",
    "ignore_first_damage_phase5": "ignore the first {n} damage in Phase 5",
    "capture_armed_explosive": "you may capture armed Explosives (the 2 shields still apply)",
    "extract_pressure_shift": "extract in an Extraction Vault as if the pressure were 1 higher or lower",
    "laser_damage_ignore_once_per_round": "once per round, ignore a Laser Cylindroid's damage",
    "free_first_vault_step": "your first square change in the Main Vault each turn costs 0 MP",
    "stress": "{n:+d} stress", "repair": "repair {n}", "capture_eligible": "capture a Cylindroid you could attack",
    "pressure_shift": "pressure +1 or −1", "lava_move": "move up to {n} Lava between your tanks",
    "lava_dump": "return up to {n} Lava from a tank to the supply",
}
"""Effect ops in players' words (spec 4.11)."""
SCOPES = {"all_main_vault": "everything you do in the Main Vault", "open_box": "Open a Box",
          "disarm_arm": "Disarm/Arm"}


def op_words(g: Game, op: dict[str, Any]) -> str:
    kind = op["op"]
    if kind == "convert":
        stress = f", +{op['stress']} stress" if op.get("stress") else ""
        where = " in the same tank" if op.get("same_tank") else " stored here" if op.get("source") else ""
        return f"{amount(g, op['in'])}{where} → {amount(g, op['out'])}{stress}"
    if kind == "one_of":
        return " or ".join(op_words(g, o) for o in op["of"])
    if kind == "gain":
        return f"gain {amount(g, op['res'])}"
    if kind == "gain_battery":
        return "gain a battery of your choice" if op["type"] == "choice" else f"gain a {g.data.res_name(op['type'])}"
    text = OPS[kind]
    args = dict(op)
    if "scope" in args:
        args["scope"] = " and ".join(SCOPES[s] for s in args["scope"])
    if kind == "stress" and op.get("once_per_round"):
        text += " (once per round)"
    return text.format(**args)


def effect_words(g: Game, card: dict[str, Any]) -> str:
    """A card's effects: ``Activate: 1 Betamatter → 2 Carbon, +1 stress``."""
    parts = []
    for eff in card["effects"]:
        kind = eff["op"]
        if kind == "storage":
            parts.append("Storage: " + storage_words(g, eff))
        else:
            head = {"passive": "Passive", "activate": "Activate", "on_equip": "When equipped"}[kind]
            parts.append(f"{head}: " + "; ".join(op_words(g, o) for o in eff["do"]))
    return ". ".join(parts)


def storage_words(g: Game, rec: dict[str, Any]) -> str:
    if "batteries" in rec:
        return f"{rec['batteries']} batteries off the track"
    if "cylindroids" in rec:
        return f"{rec['cylindroids']} captured Cylindroid" + ("s" if rec["cylindroids"] > 1 else "")
    what = ", ".join(g.data.res_name(r) for r in rec["allowed"])
    keep = "; its Lava never liquefies or solidifies" if rec.get("preserve_lava") else ""
    return f"{rec['cap']} {rec['unit']} of {what}{keep}"
