"""Values in effect trees: '?' and 'XP' bound to numbers, and arithmetic on plain numbers worked out."""

from __future__ import annotations

from typing import Any


def evaluate(tree: Any, chosen: int | None = None, xp: int | None = None) -> Any:
    """``tree`` with '?' bound to ``chosen``, 'XP' to Cerebrum's XP, and arithmetic on plain numbers worked out
    (SC-ACTGEN-06; effect trees below a Cost stay unbound until it is paid)."""
    if tree == "?" and chosen is not None:
        return chosen
    if tree == "XP" and xp is not None:
        return xp
    if isinstance(tree, list):
        return [evaluate(x, chosen, xp) for x in tree]
    if not isinstance(tree, dict):
        return tree
    out = {k: evaluate(v, chosen, xp) for k, v in tree.items()}
    if len(out) == 1:
        (key, args), = out.items()
        if key in ARITHMETIC and isinstance(args, list) and all(isinstance(a, int) for a in args):
            return ARITHMETIC[key](args)
    return out


ARITHMETIC = {"add": sum, "min": min, "max": max,
              "sub": lambda xs: xs[0] - sum(xs[1:]),
              "mul": lambda xs: xs[0] * (ARITHMETIC["mul"](xs[1:]) if len(xs) > 1 else 1)}
