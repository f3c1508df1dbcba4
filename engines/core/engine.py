"""The engine contract every game implements, and the core's half of it.

A game subclasses :class:`Engine`, declares its metadata, steps and secrecy (``zones``, see
``zones.py``), and writes two hooks: ``start(g)`` (set up ``g.g`` and the first prompt) and
``table_view(state, seat)``, which sees the state with everything hidden from ``seat`` already
redacted. The core provides validated ``apply``, undo, views, prompts, labels, outcome, defaults
for timeouts, the hidden paths the kit's leak check perturbs, and a simple bot.

State envelope (plain JSON)::

    {"engine", "engine_version", "seats", "seed", "options", "rng", "step",
     "stack": [frames], "undo": [{"seat", "state"}], "result": None | {...}, "g": {...}}

Undo rule (enforced here, not by games): after an action, the undo history is cleared if the
PRNG was used, the game called ``g.reveal()``/``g.draw()``, an event was private to another seat,
the set of active seats changed, or the game ended. A different seat acting also starts a fresh
history. Free actions (``free_actions``: moves a seat may make at any time, such as scoring a
Fragment) are applied between anyone's decisions and end every undo history. Texts (events,
prompts, labels) may name seats as ``{seat0}``, ``{seat1}``… for the host to replace with player
names.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from .action import UNDO, Action
from .errors import EngineBug, IllegalAction, OptionError
from .jsonstate import State, copy_state
from .options import OptionsSchema
from .rng import seed_state
from .rules_guide import GAME_OVER, Entry, Guide
from .steps import Event, Game, Simultaneous, Step
from .zones import Zones, frame, owner

UNDO_LIMIT = 30
"""Most actions one seat can take back in a row."""
FORCED_LIMIT = 200
"""Most forced moves (``Step.forced``) one action may set off; more is an engine bug."""


class Engine:
    """Base class of every game engine. Instances are stateless and shared."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    version: ClassVar[int] = 1
    """The rules version new games are set up with (stored in the state as ``engine_version``)."""
    oldest_version: ClassVar[int] = 1
    """The oldest rules version this engine still plays, so games and replays recorded under it go on
    exactly as they were (steps read ``g.rules_version`` where the rules changed)."""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    options_schema: ClassVar[OptionsSchema] = OptionsSchema()
    steps: ClassVar[tuple[type[Step], ...]] = ()
    rules_summary: ClassVar[str] = ""
    rules_topics: ClassVar[dict[str, str]] = {}
    """A game without ``data/<game>/guide.json`` (``load_guide``) shows these for ``/rules``."""
    effects: ClassVar[Any] = None
    """An ``effects.Registry``: handlers of the pending-effect queue, for games that queue effects."""
    zones: ClassVar[Zones | None] = None
    """Which parts of the state each seat sees, declared once (``zones.py``). ``None`` only for games
    that still use the older ``hidden_paths``/``Step.hidden`` hooks (and get no redaction)."""

    def __init__(self) -> None:
        self._steps = {cls.name: cls() for cls in self.steps}
        if len(self._steps) != len(self.steps) or "" in self._steps:
            raise EngineBug(f"{self.id}: every step needs a unique name")
        self._zones = None if self.zones is None else self.zones.extended(
            *(frame(name, owner("private.{seat}")) for name, step in self._steps.items()
              if isinstance(step, Simultaneous)))
        if self._zones is not None and type(self).hidden_paths is not Engine.hidden_paths:
            raise EngineBug(f"{self.id}: declare hidden parts once, in zones, not also in hidden_paths")
        self.data = self.load_data()
        self.guide = self.load_guide()
        self.guide.check(self.steps, self.effects.names() if self.effects is not None else ())

    # -- hooks a game writes ---------------------------------------------------------------
    def load_data(self) -> Any:
        """Load ``data/<game>/`` once per process (the only I/O an engine does)."""
        return None

    def load_guide(self) -> Guide:
        """The rules guide (``rules_guide.load(game_dir("<game>"))``); by default only ``rules_summary`` and
        ``rules_topics``, without entries."""
        return Guide.plain(self.rules_summary, self.rules_topics)

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        """Reject option combinations that do not fit the player count (raise ``OptionError``)."""

    def start(self, g: Game) -> None:
        """Fill ``g.g`` and push the first prompt."""
        raise NotImplementedError

    def table_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None = spectator) may see of ``state["g"]``; never another seat's secrets."""
        raise NotImplementedError

    def hidden_paths(self, state: State, seat: int | None) -> list[str]:
        """Dotted state paths ``seat`` may not see (hands, deck order…), for the leak check: derived from
        ``zones``; a game without a declaration may override this (the older hook)."""
        return [] if self._zones is None else self._zones.hidden(state, seat, self.steered(state))

    def setup_text(self, seats: int, options: dict[str, Any]) -> list[str]:
        """What a lobby with these options will play, in sentences for the lobby message (optional)."""
        return []

    def actors(self, state: State) -> list[dict[str, Any]]:
        """Non-seat participants (an Automa, AlphaBot…): ``{"key", "name", "color"}`` each. Keys are never
        digits (seat keys are ``"0"``, ``"1"``…); outcomes place and score actors by their key."""
        return []

    def scores(self, state: State) -> dict[str, Any]:
        """Current scores by seat string, for status lines (optional)."""
        return {}

    def free_actions(self, state: State, seat: int) -> list[Action]:
        """Actions ``seat`` may take at any moment of a running game, whether or not the table waits on it
        (SCRAP's "Score a Fragment at any time"). The table never waits for them and they do not change
        whose decision it is; their verbs must differ from every step's. None by default."""
        return []

    def act_free(self, g: Game, seat: int, action: Action) -> None:
        """Carry out one of :meth:`free_actions` (``g`` is the new state, its events are the action's)."""
        raise EngineBug(f"{self.id}: free_actions is declared without act_free")

    def free_label(self, state: State, seat: int, action: Action) -> str:
        """The label of a free action (what its button or autocomplete entry shows)."""
        return _plain_label(action)

    # -- the contract ---------------------------------------------------------------------
    def step(self, name: str) -> Step:
        """The step called ``name``."""
        try:
            return self._steps[name]
        except KeyError:
            raise EngineBug(f"{self.id}: unknown step {name!r}") from None

    def validate_options(self, seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Check the player count and options; returns the full option dict."""
        if not self.min_players <= seats <= self.max_players:
            raise OptionError(
                f"{self.title} takes {self.min_players}–{self.max_players} players, not {seats}."
            )
        valid = self.options_schema.validate(options)
        self.check_options(seats, valid)
        return valid

    def setup(self, seats: int, seed: int, options: dict[str, Any] | None = None,
              version: int | None = None) -> State:
        """A new game for ``seats`` players, under the current rules or an older ``version`` (a replay's)."""
        version = self.version if version is None else version
        if not self.oldest_version <= version <= self.version:
            raise OptionError(f"{self.title} plays rules versions {self.oldest_version}–{self.version}, "
                              f"not {version}.")
        valid = self.validate_options(seats, options)
        state: State = {
            "engine": self.id, "engine_version": version, "seats": seats, "seed": seed,
            "options": valid, "rng": seed_state(seed), "step": 0, "stack": [], "undo": [],
            "result": None, "g": {},
        }
        g = Game(self, state, actor=None)
        self.start(g)
        state["setup_events"] = g.events
        return state

    def _context(self, state: State) -> Game:
        return Game(self, state, actor=None)

    def steered(self, state: State) -> dict[int, int]:
        """Participants a seat decides for although they are not seats, ``{who: seat}``: a step may name
        ``who`` as its acting participant (``frame["seat"]``), and that seat answers for it (Stress Botics'
        DeltaBot, robot 1 of a solo game, is steered by seat 0). Default: none, every participant is a seat."""
        return {}

    def participant_name(self, state: State, who: int) -> str:
        """How texts name participant ``who``: the ``{seatN}`` placeholder the host fills with a player's name,
        or a steered participant's own name (override with :meth:`steered`)."""
        return f"{{seat{who}}}"

    def controller(self, state: State, who: int) -> int:
        """The seat that decides for participant ``who`` (itself, for a seat)."""
        return self.steered(state).get(who, who)

    def _who(self, g: Game, seat: int) -> int:
        """The participant ``seat`` acts for on the current prompt: the first active one it steers (a step
        sees participants; with nothing steered, simply ``seat``)."""
        steered = self.steered(g.state)
        if not steered:
            return seat
        for who in self.step(g.frame["step"]).active(g):
            if steered.get(who, who) == seat:
                return who
        return seat

    def active(self, state: State) -> list[int]:
        """Seats that must act now (several in simultaneous phases); empty when the game is over."""
        if state["result"] is not None or not state["stack"]:
            return []
        g = self._context(state)
        return sorted({self.controller(state, who) for who in self.step(g.frame["step"]).active(g)})

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (undo is separate: see :meth:`can_undo`)."""
        if seat not in self.active(state):
            return []
        g = self._context(state)
        return self.step(g.frame["step"]).actions(g, self._who(g, seat))

    def allows(self, state: State, seat: int, action: Action) -> bool:
        """Is ``action`` legal for ``seat`` now? The same as ``action in legal_actions(...)``, often cheaper."""
        if state["result"] is not None or seat not in self.active(state):
            return False
        g = self._context(state)
        return self.step(g.frame["step"]).allows(g, self._who(g, seat), action)

    def can_undo(self, state: State, seat: int) -> bool:
        """True when ``seat`` may take back its last action."""
        undo = state.get("undo") or []
        return bool(undo) and undo[-1]["seat"] == seat and state["result"] is None

    def apply(self, state: State, seat: int, action: Action | str) -> tuple[State, list[Event]]:
        """Validate and carry out one action; returns a new state (the input is untouched)."""
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except ValueError:
                raise IllegalAction(f"{action!r} is not a move in this game.") from None
        if action == UNDO:
            return self._undo(state, seat)
        if self.is_free(state, seat, action):
            return self._apply_free(state, seat, action)
        self._check_legal(state, seat, action)
        before = self.active(state)
        new = copy_state({k: v for k, v in state.items() if k != "undo"})
        g = Game(self, new, actor=seat)
        self.step(g.frame["step"]).act(g, self._who(g, seat), action)
        self._play_forced(g, seat)
        new["step"] = state["step"] + 1
        new["undo"] = self._next_undo(state, new, g, seat, before)
        return new, g.events

    def is_free(self, state: State, seat: int, action: Action) -> bool:
        """Is ``action`` one of ``seat``'s :meth:`free_actions` now?"""
        return state["result"] is None and bool(state["stack"]) and action in self.free_actions(state, seat)

    def _apply_free(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """A free action: carried out at once; it is public news for the table, so it ends every seat's
        undo history (an undo must never take back somebody else's action)."""
        new = copy_state({k: v for k, v in state.items() if k != "undo"})
        g = Game(self, new, actor=seat)
        self.act_free(g, seat, action)
        if new["result"] is None and self.active(new) != self.active(state):
            raise EngineBug(f"{self.id}: the free action {action} changed whose decision it is")
        new["step"] = state["step"] + 1
        new["undo"] = []
        return new, g.events

    def _play_forced(self, g: Game, seat: int) -> None:
        """Play the moves ``seat`` would have to make anyway (``Step.forced``) as part of its action."""
        for _ in range(FORCED_LIMIT):
            if g.finished or self.active(g.state) != [seat]:
                return
            step = self.step(g.frame["step"])
            who = self._who(g, seat)
            forced = step.forced(g, who)
            if forced is None:
                return
            if not step.allows(g, who, forced):
                raise EngineBug(f"{self.id}: {step.name} forced an illegal move {forced}")
            step.act(g, who, forced)
        raise EngineBug(f"{self.id}: forced moves did not stop after {FORCED_LIMIT}")

    def _check_legal(self, state: State, seat: int, action: Action) -> None:
        if state["result"] is not None:
            raise IllegalAction("The game is over.")
        if seat not in self.active(state):
            raise IllegalAction("It is not your turn.")
        if not self.allows(state, seat, action):
            legal = self.legal_actions(state, seat)
            # Step labels describe legal actions only; an illegal one is named plainly.
            raise IllegalAction(
                f"“{_plain_label(action)}” is not possible now.",
                alternatives=[str(a) for a in legal[:25]],
            )

    def _next_undo(self, old: State, new: State, g: Game, seat: int, before: list[int]) -> list[dict]:
        reveal = (
            g.rng.used or g.revealed or new["result"] is not None
            or any(e["to"] is not None and set(e["to"]) - {seat} for e in g.events)
            or self.active(new) != before
        )
        if reveal:
            return []
        history = old["undo"] if old["undo"] and old["undo"][-1]["seat"] == seat else []
        snapshot = {k: v for k, v in old.items() if k != "undo"}
        return [*history, {"seat": seat, "state": snapshot}][-UNDO_LIMIT:]

    def _undo(self, state: State, seat: int) -> tuple[State, list[Event]]:
        if not self.can_undo(state, seat):
            raise IllegalAction("Nothing to undo: new information has appeared or it is not your move.")
        entry = state["undo"][-1]
        restored = copy_state(entry["state"])
        restored["undo"] = state["undo"][:-1]
        restored["step"] = state["step"] + 1
        return restored, [{"text": f"{{seat{seat}}} took back an action.", "to": None}]

    # -- texts and views ------------------------------------------------------------------
    def rules_for(self, state: State, seat: int | None) -> list[Entry]:
        """The rule entries of the decision ``seat`` faces now: its step, the effect a choice asks about and
        the verbs among its legal actions. A seat not deciding (or None) gets the table's current decision,
        with every verb the step declares (legal actions could tell what it may not see), and the effect only
        when the table may be told what is being decided (:meth:`public_prompt`)."""
        if state["result"] is not None or not state["stack"]:
            return self.guide.lookup([GAME_OVER])
        g = self._context(state)
        step = self.step(g.frame["step"])
        if seat is not None and seat in self.active(state):
            return self.guide.for_decision(g.frame, [a.verb for a in step.actions(g, self._who(g, seat))])
        public = any(self.public_prompt(state, s) is not None for s in self.active(state))
        return self.guide.for_decision(g.frame if public else {"step": step.name}, step.verbs)

    def prompt(self, state: State, seat: int | None) -> str:
        """What ``seat`` is asked now, or what the table waits for."""
        if state["result"] is not None:
            return "The game is over."
        active = self.active(state)
        g = self._context(state)
        if seat is not None and seat in active:
            who = self._who(g, seat)
            text = self.step(g.frame["step"]).prompt(g, who)
            return text if who == seat else f"{self.participant_name(state, who)}: {text}"  # a steered robot
        step = self.step(g.frame["step"])
        phrases = {s: step.public_prompt(g, self._who(g, s)) for s in active}
        if len(set(phrases.values())) <= 1:
            names = ", ".join(f"{{seat{s}}}" for s in active)
            phrase = phrases[active[0]] if active else ""
            return f"Waiting for {names}: {phrase}." if phrase else f"Waiting for {names}."
        parts = (f"{{seat{s}}}: {p}" if p else f"{{seat{s}}}" for s, p in phrases.items())
        return "Waiting for " + "; ".join(parts) + "."

    def public_prompt(self, state: State, seat: int) -> str | None:
        """What the table may be told ``seat`` is deciding ("program their Command"), or None when that
        would give something away. The step's own phrase (``Step.deciding``/``public_prompt``) comes first;
        else the seat's prompt when the step writes the same text from the state as a spectator knows it
        (every zone hidden from the table redacted), so that it depends on public information only."""
        if state["result"] is not None or seat not in self.active(state):
            return None
        step = self.step(self._context(state).frame["step"])
        who = self._who(self._context(state), seat)
        try:
            phrase = step.public_prompt(self._context(state), who)
            if phrase:
                return phrase
            own = step.prompt(self._context(state), who)
            redacted = self._context(self.visible_state(state, None))
            return own if self.step(redacted.frame["step"]).prompt(redacted, who) == own else None
        except Exception:  # noqa: BLE001 - a step that cannot prompt from the redacted state is not public
            return None

    def label(self, state: State, seat: int, action: Action) -> str:
        """A human label for ``action`` (what a button or autocomplete entry shows)."""
        if action == UNDO:
            return "Undo your last action"
        if self.is_free(state, seat, action):
            return self.free_label(state, seat, action)
        if state["stack"]:
            g = self._context(state)
            text = self.step(g.frame["step"]).label(g, self._who(g, seat), action)
            if text:
                return text
        return _plain_label(action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` (None = spectator) may see: the core's envelope plus ``table``."""
        return {
            "engine": self.id, "title": self.title, "seat": seat, "seats": state["seats"],
            "step": state["step"], "active": self.active(state), "result": state["result"],
            "prompt": self.prompt(state, seat), "options": state["options"],
            "actors": self.actors(state), "table": self.table_view(self.visible_state(state, seat), seat),
        }

    def visible_state(self, state: State, seat: int | None) -> State:
        """``state`` as ``seat`` may know it: every zone hidden from it redacted (read-only, shares parts)."""
        return state if self._zones is None else self._zones.redact(state, seat, self.steered(state))

    def undeclared_paths(self, state: State) -> list[str]:
        """Parts of ``state["g"]`` the zones declaration does not classify (the kit fails on any)."""
        return [] if self._zones is None else self._zones.undeclared(state)

    def outcome(self, state: State) -> dict[str, Any] | None:
        """``None`` while running, else ``{"winners", "placings", "scores", "score_text", "reason"}``:
        winners are seats; placings rank participant keys (seats as ``"0"``…, actors by key) best first."""
        return state["result"]

    def all_hidden_paths(self, state: State, seat: int | None) -> list[str]:
        """Every path hidden from ``seat``: from ``zones`` (frames included), or, for a game without a
        declaration, its ``hidden_paths`` plus each stack frame's ``Step.hidden``."""
        if self._zones is not None:
            return self._zones.hidden(state, seat, self.steered(state))
        paths = list(self.hidden_paths(state, seat))
        g = self._context(state)
        for index, entry in enumerate(state["stack"]):
            step = self.step(entry["step"])
            paths += [f"stack.{index}.{p}" for p in step.hidden(_FrameGame(g, entry), seat)]
        return paths

    # -- automatic players ----------------------------------------------------------------
    def default_action(self, state: State, seat: int) -> Action:
        """The safe action applied when ``seat`` times out."""
        g = self._context(state)
        return self.step(g.frame["step"]).default(g, self._who(g, seat))

    def bot_action(self, state: State, seat: int) -> Action:
        """A bot's choice; games override with something purposeful. Deterministic per state."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise EngineBug(f"seat {seat} has no legal action")
        return random.Random(f"{state['seed']}:{state['step']}:{seat}").choice(legal)


def _plain_label(action: Action) -> str:
    """The default label: the verb in words, then the arguments (``mark:2`` → ``Mark 2``)."""
    return " ".join([action.verb.replace("_", " ").capitalize(), *(str(a) for a in action.args)])


class _FrameGame(Game):
    """A read-only context whose ``frame`` is a given stack entry (for per-frame queries)."""

    def __init__(self, g: Game, frame: dict[str, Any]) -> None:
        super().__init__(g.engine, g.state, None)
        self._frame = frame

    @property
    def frame(self) -> dict[str, Any]:
        return self._frame
