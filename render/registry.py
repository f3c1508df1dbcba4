"""Game id → renderer registry, with lazy import of ``render.<game_id>`` and a generic fallback."""

from __future__ import annotations

import importlib
import importlib.util
import keyword
import logging
from collections.abc import Callable, Mapping
from typing import Any

from .core.generic import humanize, render_generic

Renderer = Callable[[dict[str, Any]], bytes]
MoreImages = Callable[[dict[str, Any]], list[tuple[str, bytes]]]
"""``fn(view) -> [(title, PNG bytes), …]``: images posted with the board (e.g. the players' boards)."""

log = logging.getLogger(__name__)

_RENDERERS: dict[str, Renderer] = {}
_MORE: dict[str, MoreImages] = {}
_TRIED: set[str] = set()
_RESERVED = frozenset({"core", "registry"})


def register(game_id: str, fn: Renderer, more: MoreImages | None = None) -> Renderer:
    """Register ``fn(view) -> PNG bytes`` for ``game_id`` (replacing any previous one); returns ``fn``.

    ``more(view)`` gives the images that go with the board in the same post, each with its title (a game
    whose board is too big for one legible image: Stress Botics draws its robots' boards apart)."""
    _RENDERERS[game_id] = fn
    if more is None:
        _MORE.pop(game_id, None)
    else:
        _MORE[game_id] = more
    return fn


def unregister(game_id: str) -> None:
    """Forget a game's renderer (mainly for tests)."""
    _RENDERERS.pop(game_id, None)
    _MORE.pop(game_id, None)
    _TRIED.discard(game_id)


def registered() -> list[str]:
    """Ids of games with a renderer loaded so far."""
    return sorted(_RENDERERS)


def _module_name(game_id: str) -> str | None:
    if not game_id.isidentifier() or keyword.iskeyword(game_id) or game_id in _RESERVED:
        return None
    if game_id.startswith("_"):
        return None
    return f"{__package__}.{game_id}"


def get_renderer(game_id: str) -> Renderer | None:
    """The game's renderer, importing ``render.<game_id>`` on first use; None if there is none.

    Import errors inside an existing renderer package propagate.
    """
    if game_id in _RENDERERS:
        return _RENDERERS[game_id]
    name = _module_name(game_id)
    if name is None or game_id in _TRIED:
        return None
    _TRIED.add(game_id)
    if importlib.util.find_spec(name) is None:
        return None
    importlib.import_module(name)  # the package calls register() on import
    return _RENDERERS.get(game_id)


def _default_title(game_id: str, view: Mapping[str, Any]) -> str:
    t = view.get("title") if isinstance(view, Mapping) else None
    return t if isinstance(t, str) and t else humanize(game_id)


def render_view(
    game_id: str, view: dict[str, Any], *, title: str | None = None, strict: bool = False
) -> bytes:
    """PNG bytes for ``view`` using the game's renderer, or the generic one.

    Unless ``strict``, a failing game renderer is logged and the generic renderer is used instead,
    so a drawing bug never blocks a game.
    """
    try:
        fn = get_renderer(game_id)
        if fn is not None:
            return fn(view)
    except Exception:
        if strict:
            raise
        log.exception("renderer for %r failed; using the generic renderer", game_id)
    return render_generic(view, title or _default_title(game_id, view))


def render_more(game_id: str, view: dict[str, Any], *, strict: bool = False) -> list[tuple[str, bytes]]:
    """The images that go with ``view``'s board in one post, ``(title, PNG bytes)`` each; none for most
    games. Unless ``strict``, a failing drawer is logged and the post goes out with the board alone."""
    get_renderer(game_id)  # the game's package registers both on its first import
    fn = _MORE.get(game_id)
    if fn is None:
        return []
    try:
        return [(str(title), bytes(data)) for title, data in fn(view)]
    except Exception:
        if strict:
            raise
        log.exception("the extra images of %r failed; posting the board alone", game_id)
        return []


def render_images(game_id: str, view: dict[str, Any], *, strict: bool = False) -> list[tuple[str, bytes]]:
    """Every image of one post: the board first (titled ""), then :func:`render_more`'s."""
    return [("", render_view(game_id, view, strict=strict)), *render_more(game_id, view, strict=strict)]
