"""The pending-effect queue: an action's consequences resolve in order; a choice pauses them.

``state["effects"]`` is a list of small JSON dicts, each ``{"effect": name, "owner": owner, ...}``.
The owner is a seat (int) or a non-seat actor (a string such as ``"automa:black"``). Each effect
name maps to a :class:`Handler` in the engine's :class:`Registry` (``Engine.effects``), built
explicitly by the engine from tables its modules export. ``run`` pops effects from the front:
``handler.run(g, effect)`` does the work and returns the options of a choice, if there is one; a
single option resolves itself when the handler allows it, otherwise the queue pauses on the
:class:`Choice` prompt (a sub-prompt of the step that ran the queue, which calls :func:`run` again
in its ``resume``). Consequences of the effect being resolved go first (:func:`push_front`).

Undo: resolving an effect owned by someone other than the acting seat ends the undo history (it
may show what only its owner knew), so ``run`` marks a reveal then.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .action import Action, act
from .errors import EngineBug
from .steps import Game, Step

Effect = dict[str, Any]
"""``{"effect": name, "owner": seat | actor, ...parameters}`` (plain JSON)."""
Owner = int | str
"""A seat number, or a non-seat actor's key (``"automa:black"``)."""
Token = str | int
"""One option of a choice (the argument of ``pick:<token>``)."""
KEY = "effects"
"""Where the queue lives in the state envelope."""
CHOICE = "choose"
"""The name of the core's choice step (games list :class:`Choice` in ``Engine.steps``)."""


@dataclass(frozen=True)
class Handler:
    """How one kind of effect resolves, asks and is labelled.

    ``run(g, effect)`` returns None (done) or the options of a choice; ``pick(g, effect, token)``
    carries out the chosen one. ``default`` picks for a timed-out seat (and for a non-seat owner,
    which never gets a prompt); ``auto_single`` lets a lone option resolve without asking.
    ``secret`` names keys of the effect that only its owner may see while it asks (cards looked at).
    ``prompt`` is a text or ``prompt(g, effect)`` (to name whom the effect concerns).
    """

    run: Callable[[Game, Effect], list[Token] | None]
    pick: Callable[[Game, Effect, Token], None] | None = None
    label: Callable[[Game, Effect, Token], str] | None = None
    prompt: str | Callable[[Game, Effect], str] = "Choose."
    default: Callable[[Game, Effect, list[Token]], Token] | None = None
    auto_single: bool = True
    secret: tuple[str, ...] = ()

    def choose_default(self, g: Game, effect: Effect, options: list[Token]) -> Token:
        """The default pick among ``options``."""
        return self.default(g, effect, options) if self.default else options[0]


class Registry:
    """Effect name → :class:`Handler`, merged from the tables an engine's modules export."""

    def __init__(self, *tables: Mapping[str, Handler]) -> None:
        self._handlers: dict[str, Handler] = {}
        for table in tables:
            for name, handler in table.items():
                if name in self._handlers:
                    raise EngineBug(f"effect {name!r} has two handlers")
                self._handlers[name] = handler

    def __getitem__(self, name: str) -> Handler:
        try:
            return self._handlers[name]
        except KeyError:
            raise EngineBug(f"no handler for effect {name!r}") from None

    def __contains__(self, name: object) -> bool:
        return name in self._handlers

    def names(self) -> list[str]:
        """Every registered effect name."""
        return sorted(self._handlers)


def registry(g: Game) -> Registry:
    """The engine's effect registry."""
    found = getattr(g.engine, "effects", None)
    if not isinstance(found, Registry):
        raise EngineBug(f"{g.engine.id}: effects need Engine.effects = Registry(...)")
    return found


def pending(g: Game) -> list[Effect]:
    """The queue itself (front first); created empty on first use."""
    queue = g.state.get(KEY)
    if queue is None:
        queue = g.state[KEY] = []
    return queue


def effect(name: str, owner: Owner, **params: Any) -> Effect:
    """A new effect record."""
    return {"effect": name, "owner": owner, **params}


def push(g: Game, *effects: Effect) -> None:
    """Queue effects after everything pending."""
    pending(g).extend(effects)


def push_front(g: Game, *effects: Effect) -> None:
    """Queue effects before everything pending (consequences of the effect just resolved)."""
    pending(g)[0:0] = list(effects)


def in_front(g: Game, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call ``fn``; effects it queued at the back move to the front (they belong to what resolves now)."""
    queue = pending(g)
    mark = len(queue)
    out = fn(*args, **kwargs)
    if len(queue) > mark:
        queue[:] = queue[mark:] + queue[:mark]
    return out


def run(g: Game) -> bool:
    """Resolve pending effects in order; False when paused on a seat's choice."""
    queue = pending(g)
    handlers = registry(g)
    while queue and not g.finished:
        item = queue.pop(0)
        owner = item["owner"]
        if g.actor is not None and owner != g.actor:
            g.reveal()  # another owner's effect may show what only they knew (their hand)
        handler = handlers[item["effect"]]
        options = handler.run(g, item)
        if not options:
            continue
        if (len(options) == 1 and handler.auto_single) or not _is_seat(g, owner):
            _pick(handler, g, item, handler.choose_default(g, item, options) if len(options) > 1 else options[0])
            continue
        g.call(CHOICE, seat=owner, op=item, options=options)
        return False
    return True


def _is_seat(g: Game, owner: Owner) -> bool:
    """A seat, or a participant a seat steers (``Engine.steered``): someone who is asked."""
    if not isinstance(owner, int) or isinstance(owner, bool):
        return False
    return 0 <= owner < g.seats or owner in g.engine.steered(g.state)


def _pick(handler: Handler, g: Game, item: Effect, token: Token) -> None:
    if handler.pick is None:
        raise EngineBug(f"effect {item['effect']!r} asks but has no pick")
    handler.pick(g, item, token)


def problems(names: Iterable[str], state: dict[str, Any]) -> str | None:
    """What is wrong with ``state``'s queue (unknown effect, owner that is no seat or actor), if anything."""
    known = set(names)
    for index, item in enumerate(state.get(KEY) or []):
        if not isinstance(item, dict) or item.get("effect") not in known:
            return f"effects.{index}: unknown effect {item!r:.80}"
        owner = item.get("owner")
        seat = isinstance(owner, int) and not isinstance(owner, bool) and 0 <= owner < state["seats"]
        if not (seat or (isinstance(owner, str) and owner)):
            return f"effects.{index}: owner {owner!r} is neither a seat nor an actor"
    return None


class Choice(Step):
    """The prompt an effect pauses on: its owner picks one option (``pick:<token>``).

    Frame: ``{"step": "choose", "seat": owner, "op": {...the effect...}, "options": [...]}``.
    """

    name = CHOICE

    def actions(self, g: Game, seat: int) -> list[Action]:
        return [act("pick", t) for t in g.frame["options"]]

    def act(self, g: Game, seat: int, action: Action) -> None:
        item = g.frame["op"]
        _pick(registry(g)[item["effect"]], g, item, action.args[0])
        g.end()

    def prompt(self, g: Game, seat: int) -> str:
        text = registry(g)[g.frame["op"]["effect"]].prompt
        return text(g, g.frame["op"]) if callable(text) else text

    def label(self, g: Game, seat: int, action: Action) -> str | None:
        handler = registry(g)[g.frame["op"]["effect"]]
        return handler.label(g, g.frame["op"], action.args[0]) if handler.label else None

    def hidden(self, g: Game, viewer: int | None) -> list[str]:
        item = g.frame["op"]
        if viewer == item["owner"]:
            return []
        keys = [k for k in registry(g)[item["effect"]].secret if k in item]
        return [*(f"op.{k}" for k in keys), "options"] if keys else []

    def default(self, g: Game, seat: int) -> Action:
        item, options = g.frame["op"], g.frame["options"]
        return act("pick", registry(g)[item["effect"]].choose_default(g, item, options))
