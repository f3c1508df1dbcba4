"""User-chosen text made safe to show (:func:`clean_name`), and seat placeholders (``{seat0}``) in
engine texts filled with player names."""

from __future__ import annotations

import re
import unicodedata

from engines.core.history import fill_seats

from .models import GameRow

MAX_NAME = 32
_MARKDOWN = re.compile(r"([*_~`|\[\]<>#])")
"""Characters Discord markdown acts on: emphasis, code, spoilers, masked links, mentions, emoji and
timestamps (``<…>``), headings. Backslashes are dropped from names first, so cleaning is idempotent."""
_DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
"""Unicode categories removed from names: control (NUL, newlines…), format (bidi overrides and marks,
zero-width characters, BOM), surrogates, private use, unassigned, line and paragraph separators."""


def clean_text(text: object, limit: int = MAX_NAME) -> str:
    """A user-chosen text safe to show anywhere (embeds, images, logs, league tables): control,
    bidi-override and zero-width characters and NUL removed, whitespace folded to single spaces,
    ``@`` and ``\\`` removed (no mentions), at most ``limit`` characters, then Discord markdown escaped so a
    name like ``[Nitro](https://e.vil)`` shows as typed and never as a link."""
    kept = "".join(" " if ch.isspace() else ch for ch in str(text)
                   if ch.isspace() or (unicodedata.category(ch) not in _DROPPED and ch != "@"))
    folded = " ".join(kept.replace("\\", "").split())[:limit].strip()
    return _MARKDOWN.sub(r"\\\1", folded)


def clean_name(name: object) -> str:
    """A display name safe to show (see :func:`clean_text`); "Player" when nothing is left. Every
    name that enters the host (lobbies, seats, imports, leagues, substitutes) goes through here."""
    return clean_text(name) or "Player"


def plain(text: str) -> str:
    """A cleaned text without its markdown escapes (for places that do not read markdown: images)."""
    return re.sub(r"\\(.)", r"\1", text)


def host_mention(host_id: str) -> str:
    """How refusals name a game's host: a mention for a member, words for a league's match games
    (their host id is ``league-N``, which is nobody to mention)."""
    if host_id.startswith("league-"):
        return "the league's organisers"
    return f"<@{host_id}>"


def seat_names(game: GameRow) -> dict[int, str]:
    """Seat → display name (bots are called "Bot N")."""
    return {p.seat: p.name for p in game.players if p.seat is not None}


def fill(text: str, names: dict[int, str]) -> str:
    """Replace ``{seatN}`` with names; unknown seats become "Seat N+1"."""
    return fill_seats(text, names)


def visible(event: dict, seat: int | None) -> bool:
    """Whether a seat (None = public) may read an event."""
    return event.get("to") is None or (seat is not None and seat in event["to"])
