"""Effect trees in the players' words, for labels and log lines ('Expend 1 → Create 4')."""

from __future__ import annotations

from typing import Any

NAMES = {"pay_e": "Pay Energy", "pay_c": "Pay Celestium", "extra_run_step": "an extra Run Step",
         "call_phase": "a Call Phase", "destroy_own": "Destroy your own Bot", "disable_at": "Disable",
         "crush_at": "Crush", "smite_push": "Smite", "xp": "XP"}
WEAPONS = {"B": "Basic Weapon", "A": "Advanced Weapon"}


def article(name: str) -> str:
    """``name`` with "a" or "an" before it, by its first letter ("an Axon", "a Blade")."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def amount(v: Any) -> str:
    """A Value: a number, '?' or 'X' for an expression."""
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    return "?" if v == "?" else "all" if v == "*" else "X"


def describe(tree: Any) -> str:
    """A tree in words; unknown shapes become 'a special effect'."""
    if not hasattr(tree, "get"):
        return "a special effect"
    if "op" in tree:
        return atom(tree)
    for key, joiner in (("plus", " + "), ("seq", ", then ")):
        if key in tree:
            return joiner.join(describe(c) for c in tree[key])
    if "cost" in tree:
        return f"{describe(tree['cost'])} → {describe(tree['then'])}"
    if "if" in tree:
        return f"if able: {describe(tree['then'])}"
    if "repeat" in tree:
        return f"{amount(tree['repeat'])} × ({describe(tree['do'])})"
    return "a special effect"


def atom(node: Any) -> str:
    """One atom in words."""
    op = node["op"]
    if op == "weapon":
        return f"{WEAPONS[node['kind']]} {amount(node['v'])}"
    if op in ("crush", "disable"):
        k = node.get("k", 0)
        return f"{op.capitalize()} (Strength{f' +{k}' if isinstance(k, int) and k else ''})"
    if op == "expend":
        return f"Expend {amount(node['n'])}"
    if op == "reset":
        return "Reset"
    if op == "hook":
        return "a special effect"
    name = NAMES.get(op, op.replace("_", " ").capitalize())
    return f"{name} {amount(node['v'])}" if "v" in node else name
