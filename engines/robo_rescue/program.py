"""Programming a Command, one small choice at a time (RR-PROG, RR-MOD position rules, RR-ABIL-17).

The ``program`` frame is the draft: ``{"kind": "single"|"combi", "source": combi card or Master
Coder id, "cards": [types], "mods": {pos: {"type", "param", "src"}}, "pos": index}``. Every option
offered has at least one legal completion (RR-PROG-13), found by a depth-first search that
simulates the Command with ``movement``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

from engines.core import Action, Game, Step, act

from .board import xy
from .command import confirm_command
from .content import Content, Position, position_words
from .movement import Blocked, World, blast_uses, copy_world, run_position, world_of
from .player_board import player

NONE = "x"


def cards_needed(c: Content, kind: str) -> int:
    """Movement cards in a Single (1) or Combi (2) Command: its on-card positions (RR-PROG-01)."""
    return sum(p.kind == "card" for p in c.positions[kind])


def movement_counts(g: Game, seat: int) -> dict[str, int]:
    """Movement cards in hand by type."""
    counts: dict[str, int] = {}
    for card in g.g["hands"][str(seat)]:
        kind = g.data.card_type(card)
        if kind in g.data.programs:
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def token_sources(g: Game, seat: int) -> dict[str, list[str]]:
    """Modifier types usable now and where each comes from: ``own`` or an Ability card id (RR-PROG-12)."""
    c, p = g.data, player(g, seat)
    used = g.g["turn"]["abilities_used"]
    sources: dict[str, list[str]] = {t: ["own"] for t, n in p["modifiers"].items() if n > 0}
    for card in p["abilities"]:
        ab = c.abilities[card["id"]]
        if ab.timing != "PROGRAM" or card["die"] <= 0 or ab.ability in used:
            continue  # RR-ABIL-03: once per turn
        for token in card["tokens"]:
            sources.setdefault(token, []).append(card["id"])
    return sources


def params_for(c: Content, w: World, token: str, card: str) -> list[str]:
    """The choices fixed at programming (RR-PROG-15)."""
    if token == "ROT90":
        return ["L", "R"]
    if token == "ONESTEP" and card != "FORWARD":
        return ["keep", "turn"]
    if token == "BLAST":
        uses = blast_uses(w, c)
        return uses if len(uses) > 1 else [NONE]  # RR-MOD-06
    return [NONE]


def choices_at(c: Content, w: World, cmd: dict[str, Any], p: Position, avail: set[str]) -> list[tuple[str, str] | None]:
    """Token choices for position ``p``: none first, then each admissible type and parameter."""
    used = {m["type"] for m in cmd["mods"].values()}
    out: list[tuple[str, str] | None] = [None]
    if len(used) >= c.rules["max_modifiers_per_command"]:  # RR-PROG-07
        return out
    card = cmd["cards"][p.card - 1]
    for token in p.accepts:  # RR-PROG-10
        if token in avail and token not in used:  # RR-PROG-09
            out += [(token, param) for param in params_for(c, w, token, card)]
    return out


def _with(cmd: dict[str, Any], p: Position, choice: tuple[str, str] | None, src: str = "own") -> dict[str, Any]:
    if choice is None:
        return cmd
    mods = dict(cmd["mods"])
    mods[str(p.pos)] = {"type": choice[0], "param": choice[1], "src": src}
    return {**cmd, "mods": mods}


def completable(c: Content, w: World, cmd: dict[str, Any], i: int, avail: set[str]) -> bool:
    """Some choice of tokens for positions ``i..`` makes the Command legal (RR-PROG-13/14).

    Only Movement cards can block (RR-MOVE-04): once the last card is resolved any rest is legal,
    and an empty non-card position leaves the world as it is (no copy needed).
    """
    positions = c.positions[cmd["kind"]]
    if i > last_card_index(c, cmd["kind"]):
        return True
    p = positions[i]
    for choice in choices_at(c, w, cmd, p, avail):
        if choice is None and p.kind != "card" and str(p.pos) not in cmd["mods"]:
            if completable(c, w, cmd, i + 1, avail):
                return True
            continue
        nxt, w2 = _with(cmd, p, choice), copy_world(w)
        try:
            run_position(w2, c, nxt, p)
        except Blocked:
            continue
        if completable(c, w2, nxt, i + 1, avail):
            return True
    return False


def last_card_index(c: Content, kind: str) -> int:
    """Index of the last Movement-card position of a Single or Combi Command."""
    key = ("last_card", kind)
    if key not in c.memo:
        c.memo[key] = max(i for i, p in enumerate(c.positions[kind]) if p.kind == "card")
    return int(c.memo[key])


def prefix_world(c: Content, w: World, cmd: dict[str, Any], upto: int) -> tuple[World, list[dict[str, Any]]]:
    """The world after positions ``0..upto-1`` of a draft (legal by construction), with traces."""
    w = copy_world(w)
    traces = [run_position(w, c, cmd, p) for p in c.positions[cmd["kind"]][:upto]]
    return w, traces


def cards_completable(g: Game, seat: int, cmd: dict[str, Any]) -> bool:
    """Some choice of the remaining cards and tokens is legal (memoised on what the search reads)."""
    c = g.data
    counts = movement_counts(g, seat)
    for kind in cmd["cards"]:
        counts[kind] = counts.get(kind, 0) - 1
    if min(counts.values(), default=0) < 0:
        return False
    w = world_of(g.g, seat)
    avail = set(token_sources(g, seat))
    key = (cmd["kind"], tuple(cmd["cards"]), _mods_key(cmd["mods"]), _world_key(w),
           tuple(sorted(counts.items())), tuple(sorted(avail)))
    memo = c.memo.setdefault("commands", {})
    found = memo.get(key)
    if found is None:
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        missing = cards_needed(c, cmd["kind"]) - len(cmd["cards"])
        found = memo[key] = any(completable(c, w, {**cmd, "cards": [*cmd["cards"], *rest]}, 0, avail)
                                for rest in _fillings(counts, missing))
    return bool(found)


MEMO_LIMIT = 4096
"""Searches remembered in ``c.memo["commands"]`` before it is cleared (a small memo keeps GC cheap)."""


def _mods_key(mods: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(sorted((pos, m["type"], m.get("param"), m.get("src")) for pos, m in mods.items()))


def _world_key(w: World) -> tuple[Any, ...]:
    robots = tuple(sorted((s, at, facing) for s, (at, facing) in w["robots"].items()))
    return robots, tuple(w["boxes"]), w["me"], w["energy"], w["portal"]


def _fillings(counts: dict[str, int], n: int) -> Iterator[tuple[str, ...]]:
    """Every ordered choice of ``n`` more Movement cards from ``counts`` (card 1 resolves first)."""
    if n <= 0:
        yield ()
        return
    for kind, left in sorted(counts.items()):
        if left > 0:
            rest = {**counts, kind: left - 1}
            for tail in _fillings(rest, n - 1):
                yield (kind, *tail)


def command_exists(g: Game, seat: int, kind: str) -> bool:
    """RR-PROG-16: is any legal Single (or Combi) Move possible?"""
    return cards_completable(g, seat, {"kind": kind, "cards": [], "mods": {}})


PARAM_NAMES = {"L": " (turn left)", "R": " (turn right)", "keep": " (keep facing)", "turn": " (face the turn)",
               "box": " (destroy box)", "energy": " (charge energy)", NONE: ""}


def card_slot(kind: str, n: int) -> str:
    """The n-th Movement card of a draft in words: "Movement card", "First card", "Second card"."""
    return "Movement card" if kind == "single" else ("First card" if n == 1 else "Second card")


def unplayable(g: Game, seat: int, offered: list[Action]) -> list[str]:
    """Movement cards in hand that cannot go in the next slot, each with why (RR-PROG-13)."""
    f, names = g.frame, g.data.card_names
    offered_kinds = {a.args[0] for a in offered}
    out = []
    for kind, n in sorted(movement_counts(g, seat).items()):
        if kind in offered_kinds:
            continue
        why = "your only one is already chosen" if n <= f["cards"].count(kind) else "no legal path with it from here"
        out.append(f"{names[kind]} ({why})")
    return out


class Program(Step):
    """D-03..D-06: choose the card(s), then a token (or none) for each position, then confirm."""

    name = "program"
    deciding = "program their Command"
    verbs = ("card", "confirm", "skip", "mod", "back")

    def _cmd(self, g: Game) -> dict[str, Any]:
        f = g.frame
        return {"kind": f["kind"], "cards": f["cards"], "mods": f["mods"]}

    def _choosing_cards(self, g: Game) -> bool:
        return len(g.frame["cards"]) < cards_needed(g.data, g.frame["kind"])

    def _next_choices(self, g: Game, seat: int, tokens: bool) -> list[tuple[str, str] | None]:
        """The legal token choices at the next position: none (``tokens=False``) or each token."""
        c, f = g.data, g.frame
        positions = c.positions[f["kind"]]
        i = f["pos"]
        if self._choosing_cards(g) or i >= len(positions):
            return []
        cmd, avail, p = self._cmd(g), set(token_sources(g, seat)), positions[i]
        w, _ = prefix_world(c, world_of(g.g, seat), cmd, i)
        out = []
        for choice in choices_at(c, w, cmd, p, avail):
            if (choice is not None) != tokens:
                continue
            w2 = copy_world(w)
            nxt = _with(cmd, p, choice)
            try:
                run_position(w2, c, nxt, p)
            except Blocked:
                continue
            if completable(c, w2, nxt, i + 1, avail):
                out.append(choice)
        return out

    # -- card: a Movement card type for the next slot (RR-PROG-13: only completable ones) ----------
    def actions_card(self, g: Game, seat: int) -> list[Action]:
        f = g.frame
        if not self._choosing_cards(g):
            return []
        cmd = self._cmd(g)
        return [act("card", kind) for kind, n in sorted(movement_counts(g, seat).items())
                if n > f["cards"].count(kind) and cards_completable(g, seat, {**cmd, "cards": [*f["cards"], kind]})]

    def act_card(self, g: Game, seat: int, kind: str) -> None:
        g.frame["cards"].append(str(kind))

    def label_card(self, g: Game, seat: int, kind: str) -> str:
        return f"{card_slot(g.frame['kind'], len(g.frame['cards']) + 1)}: {g.data.card_names[str(kind)]}"

    # -- confirm: the rest of the draft is legal with no more tokens ------------------------------
    def actions_confirm(self, g: Game, seat: int) -> list[Action]:
        if self._choosing_cards(g):
            return []
        c, cmd = g.data, self._cmd(g)
        w, _ = prefix_world(c, world_of(g.g, seat), cmd, g.frame["pos"])
        return [act("confirm")] if self._rest_empty_legal(c, w, cmd, g.frame["pos"]) else []

    @staticmethod
    def _rest_empty_legal(c: Content, w: World, cmd: dict[str, Any], i: int) -> bool:
        w = copy_world(w)
        try:
            for p in c.positions[cmd["kind"]][i:]:
                run_position(w, c, cmd, p)
        except Blocked:
            return False
        return True

    def act_confirm(self, g: Game, seat: int) -> None:
        confirm_command(g, seat)

    def label_confirm(self, g: Game, seat: int) -> str:
        warnings = preview_warnings(g, seat, g.frame)
        return "Confirm the Command" + (f" (warning: {'; '.join(warnings)})" if warnings else "")

    # -- skip: no token at the next position ------------------------------------------------------
    def actions_skip(self, g: Game, seat: int) -> list[Action]:
        pos = g.data.positions[g.frame["kind"]][g.frame["pos"]].pos if self._next_choices(g, seat, False) else None
        return [] if pos is None else [act("skip", pos)]

    def act_skip(self, g: Game, seat: int, pos: int) -> None:
        g.frame["pos"] += 1

    def label_skip(self, g: Game, seat: int, pos: int) -> str:
        return f"No token {self._where(g, pos)}"

    @staticmethod
    def _where(g: Game, pos: int) -> str:
        kind = g.frame["kind"]
        return position_words(kind, next(p for p in g.data.positions[kind] if p.pos == pos))

    # -- mod: a token (type, parameter, source) at the next position ------------------------------
    def actions_mod(self, g: Game, seat: int) -> list[Action]:
        choices = self._next_choices(g, seat, True)
        if not choices:
            return []
        sources = token_sources(g, seat)
        pos = g.data.positions[g.frame["kind"]][g.frame["pos"]].pos
        return [act("mod", pos, token, param, src) for token, param in choices for src in sources[token]]

    def act_mod(self, g: Game, seat: int, pos: int, token: str, param: str, src: str) -> None:
        g.frame["mods"][str(pos)] = {"type": token, "param": param, "src": src}
        g.frame["pos"] += 1

    def label_mod(self, g: Game, seat: int, pos: int, token: str, param: str, src: str) -> str:
        c = g.data
        ability = "" if src == "own" else f" (from {c.abilities[str(src)].name})"
        name = c.modifier_types[str(token)]["name"]
        return f"{name} {self._where(g, pos)}{PARAM_NAMES.get(str(param), '')}{ability}"

    # -- back: another turn type ------------------------------------------------------------------
    def act_back(self, g: Game, seat: int) -> None:
        g.goto("turn_start", seat=seat)

    def label_back(self, g: Game, seat: int) -> str:
        return "Back: choose another turn type"

    def prompt(self, g: Game, seat: int) -> str:
        f = g.frame
        need = cards_needed(g.data, f["kind"])
        if len(f["cards"]) < need:
            n = len(f["cards"]) + 1
            slot = {1: "the Movement card"} if need == 1 else {1: "the first card (it resolves first)",
                                                               2: "the second card"}
            text = f"Choose {slot[n]}."
            missing = unplayable(g, seat, self.actions_card(g, seat))
            return text + (f" Not playable now: {'; '.join(missing)}." if missing else "")
        positions = g.data.positions[f["kind"]]
        if f["pos"] < len(positions):
            where = position_words(f["kind"], positions[f["pos"]])
            text = f"Add a modifier token {where} (or none), or confirm the Command."
        else:
            text = "Confirm the Command."
        warnings = preview_warnings(g, seat, f)
        return text + (f" Warning: {'; '.join(warnings)}." if warnings else "")

    def default(self, g: Game, seat: int) -> Action:
        """§6.4: an unconfirmed Command times out into Standby (via Back)."""
        return act("back")


def simulate_draft(g: Game, seat: int, frame: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]] | None:
    """Run the draft with no further tokens: the per-position traces and the warnings (D-06), or None.

    None while cards are missing or when the draft is not yet legal without more tokens.
    """
    c = g.data
    if len(frame["cards"]) < cards_needed(c, frame["kind"]):
        return None
    cmd = {"kind": frame["kind"], "cards": frame["cards"], "mods": frame["mods"]}
    w = world_of(g.g, seat)
    traces, warnings = [], []
    combi = frame["kind"] == "combi"
    try:
        for p in c.positions[frame["kind"]]:
            armed = w["portal"]
            trace = run_position(w, c, cmd, p)
            traces.append(trace)
            if "blast" in trace and trace["blast"] is None:
                warnings.append("Blast! has no target")  # RR-MOD-04/05
            if p.kind != "card":
                continue
            if armed and not _jumped(trace["path"]):
                warnings.append("Portal unused")  # RR-MOD-08: it only affects the next card
            if trace["stopped"]:
                card = f" (card {p.card})" if combi else ""
                warnings.append(f"Turbo push will fail at step {len(trace['path'])}{card}")  # RR-MOVE-08
    except Blocked:
        return None
    return traces, warnings


def _jumped(path: list[str]) -> bool:
    """Whether a card's path crosses the board through a Portal (RR-MOVE-11): two entered spaces not adjacent."""
    return any(abs(x1 - x2) + abs(y1 - y2) > 1 for (x1, y1), (x2, y2) in pairwise(map(xy, path)))


def preview(g: Game, seat: int, frame: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The path the draft would take with no further tokens (for the programming seat's view)."""
    sim = simulate_draft(g, seat, frame)
    return None if sim is None else [t for t in sim[0] if "path" in t]


def preview_warnings(g: Game, seat: int, frame: dict[str, Any]) -> list[str]:
    """D-06 warnings for the draft as it stands: "Blast! has no target", "Portal unused", a failing Turbo push."""
    sim = simulate_draft(g, seat, frame)
    return [] if sim is None else sim[1]


def draft_preview(g: Game, seat: int, frame: dict[str, Any]) -> dict[str, Any]:
    """``{"path": preview traces or None, "warnings": [...]}`` for the programming seat's view."""
    sim = simulate_draft(g, seat, frame)
    if sim is None:
        return {"path": None, "warnings": []}
    return {"path": [t for t in sim[0] if "path" in t], "warnings": sim[1]}
