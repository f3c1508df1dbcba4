"""What the service returns to adapters: plain data, ready to present."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Choice:
    """One legal action with its human label."""

    action: str
    label: str


@dataclass
class Post:
    """A public table update: one message in the game's channel."""

    game_id: int
    channel_id: str
    title: str
    summary: str
    """What just happened, one short paragraph (public events with names filled in)."""
    prompt: str
    """What the table waits for now."""
    version: int
    active_users: list[str] = field(default_factory=list)
    """Users who must act now (to mention)."""
    image: bytes | None = None
    more_images: list[tuple[str, bytes]] = field(default_factory=list)
    """Images that go with the board in the same post, ``(title, PNG bytes)`` each (Stress Botics' robots)."""
    finished: bool = False
    result_text: str = ""
    scores: str = ""
    """The running scores by name ("Alice 3 · Black Automa 7"), when the game keeps them."""
    deadline: float | None = None
    """UTC timestamp of the current deadline, if the game has one."""
    deadlines: dict[str, float] = field(default_factory=dict)
    """Each user the game waits for → their own deadline (simultaneous phases have several)."""
    deadline_notes: dict[str, str] = field(default_factory=dict)
    """Each user with a deadline → how its time is made up ("48 h turn + 48 h time bank")."""
    kind: str = "board"
    """``board`` (a new public post), ``status`` (edit the phase's status message) or ``quiet`` (a
    sub-decision: nothing public; see ``engines/core/moments.py``)."""
    mentions: list[str] = field(default_factory=list)
    """Users to ping: those a decision just became theirs (never the mover), everyone at the end."""
    waiting: str = ""
    """"Waiting for Alice: program your command" (names filled in; the prompt only when public)."""
    footer: str = ""
    """"Round 3 · Alice's turn" (or "Turn 12 · Alice's turn" when the game has no rounds)."""
    alt_text: str = ""
    """The board image's description: whose turn, scores, the last move."""


def image_slug(title: str) -> str:
    """A file-name stem from an image's title ("Robots' boards" → ``robots-boards``)."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:40].strip("-") or "board"


@dataclass
class MoveResult:
    """A committed move (or an idempotent replay of one)."""

    post: Post
    private: list[str] = field(default_factory=list)
    """Private event texts for the acting user (shown ephemerally)."""
    story: list[tuple[str, bool]] = field(default_factory=list)
    """What the acting user saw happen in this call, in order: ``(text, only for them)`` — their own
    lines and private ones ("You drew …") where they happened, then the bots' moves."""
    duplicate: bool = False
    """True when this interaction had already been applied; nothing changed."""
    moves: int = 1
    """Actions committed by this call (bot seats may have moved after the user)."""


@dataclass
class Panel:
    """A seat's turn panel: the prompt and the choices, for buttons / menus."""

    game_id: int
    version: int
    seat: int
    prompt: str
    choices: list[Choice]
    can_undo: bool


@dataclass
class PrivateView:
    """What only one seat may see (``/hand``)."""

    game_id: int
    seat: int
    text: str
    image: bytes | None
    private_log: list[str] = field(default_factory=list)


@dataclass
class Lobby:
    """A lobby's state for the lobby message."""

    game_id: int
    channel_id: str
    engine: str
    title: str
    host_id: str
    players: list[str]
    """Display names in join order (bots marked)."""
    min_players: int
    max_players: int
    options: dict[str, Any]
    status: str
    message: str = ""
    notes: list[str] = field(default_factory=list)
    """Extra lines from the host's features (the pace and timeout policy)."""
    plays: list[str] = field(default_factory=list)
    """What the game will be with these options, in the engine's sentences (``Engine.setup_text``)."""
