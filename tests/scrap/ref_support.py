"""Shared pieces of the Card Reference tests (SC-REF-*): seats, Intelligence line-ups and state readers."""

from __future__ import annotations

from .battles import labels, options
from .helpers import ENGINE

CER, TAC, KIR = 0, 1, 2
ENT, VUL, CER3 = 0, 1, 2
OL, TA, KI = 0, 1, 2  # OLY seats: Olympus, Tachyon, Kirurgeon
EVC = {"intelligences": "entropy,vulkanos,cerebrum"}
OLY = {"intelligences": "olympus,tachyon,kirurgeon"}


def eff(state):
    """The effect a choose prompt asks for, or None."""
    return state["stack"][-1]["op"]["effect"] if state["stack"][-1]["step"] == "choose" else None


def by_label(state, text):
    """The option whose label contains ``text``."""
    return next(t for t, lab in zip(options(state), labels(state), strict=True) if text in lab)


def p(state, seat):
    return state["g"]["players"][str(seat)]


def link_ends():
    """Every Link's two Areas, by Link id."""
    return dict(ENGINE.data.link_ends)
