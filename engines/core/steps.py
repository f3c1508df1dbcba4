"""The pending-prompt stack: steps, frames and the mutable context an action runs in.

A game waits on the frame at the top of ``state["stack"]``: a JSON dict ``{"step": name, ...}``.
Each step name maps to a :class:`Step` that says who acts, which actions are legal, what they do
and how to ask. ``call`` pushes a sub-prompt, ``goto`` replaces the current one, ``end`` pops it
and hands a result to the caller's :meth:`Step.resume`. Everything lives in the state, so a game
can be saved after any click.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from .action import Action
from .errors import EngineBug
from .rng import Rng

Event = dict[str, Any]
"""``{"text": str, "to": [seat, ...] | None}``; ``to=None`` is public, else only those seats."""


class Rules(Protocol):
    """What a :class:`Game` needs of its engine (an ``Engine`` is one): the content and the steps."""

    data: Any

    def step(self, name: str) -> Step:
        """The step called ``name``."""
        ...

    def actors(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        """Non-seat participants, ``{"key", "name", "color"}`` each."""
        ...

    def steered(self, state: dict[str, Any]) -> dict[int, int]:
        """Participants a seat decides for, ``{who: seat}``."""
        ...

    def participant_name(self, state: dict[str, Any], who: int) -> str:
        """How texts name participant ``who`` (``{seatN}`` for a seat)."""
        ...


class Game:
    """The context one ``apply`` mutates: a private copy of the state plus the core's bookkeeping."""

    def __init__(self, engine: Rules, state: dict[str, Any], actor: int | None) -> None:
        self.engine = engine
        self.state = state
        self.actor = actor
        self.rng = Rng(state)
        self.events: list[Event] = []
        self.revealed = False

    # -- what the game reads -------------------------------------------------------------
    @property
    def g(self) -> dict[str, Any]:
        """The game's own part of the state."""
        return self.state["g"]

    @property
    def seats(self) -> int:
        """Number of seats (seats are ``0 .. seats-1``)."""
        return self.state["seats"]

    @property
    def options(self) -> dict[str, Any]:
        """The validated lobby options."""
        return self.state["options"]

    @property
    def data(self) -> Any:
        """The game's content loaded from ``data/<game>/``."""
        return self.engine.data

    @property
    def frame(self) -> dict[str, Any]:
        """The pending prompt at the top of the stack."""
        stack = self.state["stack"]
        if not stack:
            raise EngineBug("no pending prompt")
        return stack[-1]

    @property
    def rules_version(self) -> int:
        """The rules version this game was set up under (``Engine.version`` when it began)."""
        return int(self.state["engine_version"])

    @property
    def finished(self) -> bool:
        """True once :meth:`finish` has been called."""
        return self.state["result"] is not None

    # -- the prompt stack ----------------------------------------------------------------
    def call(self, step: str, **args: Any) -> None:
        """Push a sub-prompt; when it ends, the current step's ``resume`` receives its result."""
        self.engine.step(step)
        self.state["stack"].append({"step": step, **args})

    def goto(self, step: str, **args: Any) -> None:
        """Replace the current prompt (or start one if the stack is empty)."""
        self.engine.step(step)
        if self.state["stack"]:
            self.state["stack"].pop()
        self.state["stack"].append({"step": step, **args})

    def end(self, result: Any = None) -> None:
        """Pop the current prompt and resume the one below it with ``result``."""
        self.state["stack"].pop()
        if self.state["stack"] and not self.finished:
            self.engine.step(self.frame["step"]).resume(self, result)

    # -- information ----------------------------------------------------------------------
    def name(self, who: int) -> str:
        """How a text names participant ``who``: ``{seatN}`` for a seat (the host fills in the player's
        name), or a steered participant's own name (``Engine.participant_name``)."""
        return self.engine.participant_name(self.state, who)

    def log(self, text: str, to: list[int] | None = None) -> None:
        """Record an event; ``to`` limits it to those seats (a private event)."""
        self.events.append({"text": text, "to": None if to is None else sorted(set(to))})

    def reveal(self) -> None:
        """Say that new information appeared (e.g. a card drawn from a hidden deck): undo stops here."""
        self.revealed = True

    def draw(self, deck: list[Any], count: int = 1) -> list[Any]:
        """Take ``count`` items from the front of a hidden pile (fewer if it runs out); marks a reveal."""
        taken = deck[:count]
        del deck[:count]
        if taken:
            self.reveal()
        return taken

    def finish(self, winners: list[int], scores: dict[str, Any] | None = None, reason: str = "",
               placings: list[list[str]] | None = None, score_text: dict[str, str] | None = None) -> None:
        """End the game. ``winners`` are seats (several on a shared win; empty when only a non-seat actor
        won); ``placings`` ranks every participant key (seat strings ``"0"``…, actor keys) best first, ties
        in one group (default: the winners, then everyone else together); ``scores`` and ``score_text``
        (the score in the game's words) are by participant key."""
        everyone = [str(s) for s in range(self.seats)] + [a["key"] for a in self.engine.actors(self.state)]
        if placings is None:
            first = [str(s) for s in sorted(winners)]
            placings = [first, [k for k in everyone if k not in first]]
        placings = [list(group) for group in placings if group]
        check_placings(placings, everyone, winners)
        self.state["result"] = {"winners": sorted(winners), "scores": scores or {}, "reason": reason,
                                "placings": placings, "score_text": dict(score_text or {})}
        self.state["stack"] = []


def check_placings(placings: list[list[str]], everyone: list[str], winners: list[int]) -> None:
    """Every participant exactly once, and the winners are exactly the seats placed first."""
    placed = [key for group in placings for key in group]
    if sorted(placed) != sorted(everyone):
        raise EngineBug(f"placings {placings} must list each of {everyone} exactly once")
    first = sorted(int(k) for k in placings[0] if k.isdigit()) if placings else []
    if first != sorted(winners):
        raise EngineBug(f"winners {sorted(winners)} are not the seats placed first in {placings}")


class Step:
    """One kind of pending prompt: who acts, which actions are legal, what they do and how to ask.

    The default step is taken by one seat, ``frame["seat"]``. A step either implements ``actions``
    and ``act`` itself, or declares its verbs and writes one small handler per verb::

        class Pick(Step):
            name = "pick"
            verbs = ("card", "pass")           # the order legal actions are listed in

            def actions_card(self, g, seat):   # the legal ``card:*`` actions
                return [act("card", c) for c in g.g["hand"]]

            def act_card(self, g, seat, card): # the action's arguments, unpacked
                ...

            def label_card(self, g, seat, card):
                return f"Play {card}"

            def act_pass(self, g, seat): ...   # no ``actions_pass``: a plain ``pass`` button, always offered

    Then ``actions`` lists every verb's actions in the declared order and ``allows``, ``act`` and
    ``label`` go to the handler of ``action.verb``; a verb not declared is never allowed.
    """

    name = ""
    verbs: ClassVar[tuple[str, ...]] = ()
    """The step's verbs, in the order their actions are listed (empty: the step writes ``actions``/``act``)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.verbs:
            return
        handlers = {n.split("_", 1)[1] for n in dir(cls) if n.startswith(("act_", "actions_", "label_"))}
        missing = [f"act_{v}" for v in cls.verbs if not callable(getattr(cls, f"act_{v}", None))]
        stray = sorted(handlers - set(cls.verbs))
        if missing or stray:
            raise TypeError(f"{cls.__name__}: missing handlers {missing}; handlers of undeclared verbs {stray}")

    def active(self, g: Game) -> list[int]:
        """Seats that must act on this prompt."""
        return [g.frame["seat"]]

    def actions(self, g: Game, seat: int) -> list[Action]:
        """Every legal action of ``seat`` here (it is active): by default each verb's, in ``verbs`` order."""
        if not self.verbs:
            raise NotImplementedError
        return [a for verb in self.verbs for a in self.verb_actions(g, seat, verb)]

    def verb_actions(self, g: Game, seat: int, verb: str) -> list[Action]:
        """The legal actions of one declared verb: ``actions_<verb>``, or the plain ``verb`` button."""
        method = getattr(self, f"actions_{verb}", None)
        return [Action(verb)] if method is None else method(g, seat)

    def allows(self, g: Game, seat: int, action: Action) -> bool:
        """Is ``action`` among :meth:`actions`? Override only with an exactly equivalent, faster check
        (``apply`` validates every move with it; the fuzz kit compares the two)."""
        if not self.verbs:
            return action in self.actions(g, seat)
        return action.verb in self.verbs and action in self.verb_actions(g, seat, action.verb)

    def act(self, g: Game, seat: int, action: Action) -> None:
        """Carry out a legal action (already validated) by mutating ``g``: by default ``act_<verb>(g, seat, *args)``."""
        if not self.verbs:
            raise NotImplementedError
        getattr(self, f"act_{action.verb}")(g, seat, *action.args)

    def prompt(self, g: Game, seat: int) -> str:
        """What the seat is asked, in one short sentence."""
        return "Choose an action."

    deciding = ""
    """What the table is told this seat is deciding, as a short public phrase completing "Waiting for
    Alice: …" (e.g. "program a move"); never private information. Empty: just "Waiting for Alice"."""

    def public_prompt(self, g: Game, seat: int) -> str:
        """The public phrase for ``seat`` on this prompt (default: :attr:`deciding`)."""
        return self.deciding

    def label(self, g: Game, seat: int, action: Action) -> str | None:
        """A human label for one of this step's actions (None: the engine's default); by default
        ``label_<verb>(g, seat, *args)`` when the step declares it."""
        method = getattr(self, f"label_{action.verb}", None) if action.verb in self.verbs else None
        return None if method is None else method(g, seat, *action.args)

    def forced(self, g: Game, seat: int) -> Action | None:
        """A move ``seat`` would have to make anyway, played for it right after its own action (one click
        less): e.g. the only way left to pay. ``None`` (the default): ask. Deterministic, from the state
        alone; the core checks the move is legal. Change it only with a new rules version (old replays
        must replay: read ``g.rules_version``)."""
        return None

    def resume(self, g: Game, result: Any) -> None:
        """A sub-prompt this step called has ended; by default this prompt simply asks again."""

    def default(self, g: Game, seat: int) -> Action:
        """The safe action taken for a seat that timed out (defaults to the first legal one)."""
        return self.actions(g, seat)[0]

    def hidden(self, g: Game, viewer: int | None) -> list[str]:
        """Dotted paths (relative to this frame) that ``viewer`` may not see."""
        return []


class Simultaneous(Step):
    """Several seats choose privately, then all choices resolve together.

    Frame: ``{"step", "seats": [...], "locked": {seat: bool}, "private": {seat: {...}}}``.
    A seat works on its own ``private`` entry (hidden from others), calls :meth:`lock` when done,
    and :meth:`resolve` runs once every seat has locked in.
    """

    @staticmethod
    def frame_for(seats: list[int], **args: Any) -> dict[str, Any]:
        """Arguments for ``g.call``/``g.goto`` that start a simultaneous prompt."""
        return {"seats": list(seats), "locked": {}, "private": {str(s): {} for s in seats}, **args}

    def active(self, g: Game) -> list[int]:
        locked = g.frame["locked"]
        return [s for s in g.frame["seats"] if not locked.get(str(s))]

    def mine(self, g: Game, seat: int) -> dict[str, Any]:
        """The seat's private working area in this frame."""
        return g.frame["private"][str(seat)]

    def lock(self, g: Game, seat: int) -> None:
        """Lock in ``seat``'s choice; resolves when it was the last one."""
        g.frame["locked"][str(seat)] = True
        g.log(f"{g.name(seat)} is locked in.")
        if not self.active(g):
            g.reveal()
            choices = {int(k): v for k, v in g.frame["private"].items()}
            self.resolve(g, choices)

    def resolve(self, g: Game, choices: dict[int, dict[str, Any]]) -> None:
        """Every seat has locked in: reveal and apply the choices."""
        raise NotImplementedError

    def hidden(self, g: Game, viewer: int | None) -> list[str]:
        return [f"private.{s}" for s in g.frame["seats"] if s != viewer]
