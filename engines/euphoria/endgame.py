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


def placings(players: list[dict[str, Any]]) -> list[list[int]]:
    """Player ids grouped by rank, best first (equal rank keys share a place)."""
    keys = sorted({rank_key(p) for p in players}, reverse=True)
    return [[pid for pid, p in enumerate(players) if rank_key(p) == key] for key in keys]


def participant(pid: int, p: dict[str, Any]) -> str:
    """The outcome key of a player: the seat string for humans, ``automa:<colour>`` for Automas."""
    return str(pid) if p["kind"] == "human" else f"automa:{p['colour']}"


def score_words(p: dict[str, Any]) -> str:
    """The score as the rules count it: stars, then morale and knowledge for the tie-break (EU-END-03)."""
    stars = f"{p['stars']} star" + ("" if p["stars"] == 1 else "s")
    return stars if p["kind"] == "automa" else f"{stars} · morale {p['morale']} · knowledge {p['knowledge']}"


def finish_game(g: Game, reason: str) -> None:
    """Score and end the game: humans and Automas placed together, Automas by name (A-09)."""
    players = g.g["players"]
    top = winners(players)
    keys = [participant(pid, p) for pid, p in enumerate(players)]
    g.log("Game over (" + reason + "): " + ", ".join(f"{name(pid, g)} {players[pid]['stars']}★"
                                                      for pid in range(len(players))) + ".")
    g.log("Winner(s): " + ", ".join(name(pid, g) for pid in top) + ".")
    g.finish([pid for pid in top if players[pid]["kind"] == "human"],
             {keys[pid]: p["stars"] for pid, p in enumerate(players)}, reason,
             placings=[[keys[pid] for pid in group] for group in placings(players)],
             score_text={keys[pid]: score_words(p) for pid, p in enumerate(players)})
