"""The stored plan of a round-robin season: the rounds not yet paired, as JSON on the season row."""

from __future__ import annotations

import json

from .pairing import Round


def encode_plan(rounds: dict[int, Round]) -> str | None:
    """``{round number: Round}`` → the season's ``plan`` column (None when nothing is left)."""
    if not rounds:
        return None
    return json.dumps({str(n): {"tables": [list(t) for t in r.tables], "byes": list(r.byes)}
                       for n, r in sorted(rounds.items())})


def decode_plan(text: str | None) -> dict[int, Round]:
    """The season's ``plan`` column → ``{round number: Round}``."""
    if not text:
        return {}
    return {int(n): Round([tuple(t) for t in r["tables"]], list(r["byes"])) for n, r in json.loads(text).items()}


def everyone_in(paired: Round) -> list[str]:
    """Everyone a round places: at its tables and on byes."""
    return [p for t in paired.tables for p in t] + list(paired.byes)
