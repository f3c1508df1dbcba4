"""Game end and winners (EU-END-01..03, A-09)."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .tableau import name


def rank_key(p: dict[str, Any]) -> tuple[int, int, int, int]:
    """Stars, then morale, then LOWER knowledge (EU-END-03); a tied human beats a tied Automa (A-09)."""
    if p["kind"] == "automa":
        return (p["stars"], 0, 0, 0)
    return (p["stars"], 1, p["morale"], -p["knowledge"])


def winners(players: list[dict[str, Any]]) -> list[int]:
    """Player ids sharing the best rank (several = shared victory)."""
    best = max(rank_key(p) for p in players)
    return [pid for pid, p in enumerate(players) if rank_key(p) == best]


def finish_game(g: Game, reason: str) -> None:
    """Score and end the game; Automa winners are reported in the log (seats list only humans)."""
    players = g.g["players"]
    top = winners(players)
    scores = {(str(pid) if p["kind"] == "human" else f"Automa {p['colour']}"): p["stars"]
              for pid, p in enumerate(players)}
    g.log("Game over (" + reason + "): " + ", ".join(f"{name(pid, g)} {players[pid]['stars']}★"
                                                      for pid in range(len(players))) + ".")
    g.log("Winner(s): " + ", ".join(name(pid, g) for pid in top) + ".")
    g.finish([pid for pid in top if players[pid]["kind"] == "human"], scores, reason)
