"""Per-seat deadlines, recomputed by the service hooks after every committed change.

A seat becomes due when the engine lists it as active (each pending seat of a simultaneous phase
has its own clock); its deadline is ``due_since + turn + bank``. When it stops being due, or its own
action completes its decision while it stays active (``turns.ends_decision``: a solo game's next turn),
its bank is settled with the pace the turn started under (see :mod:`pacing`) and a new decision gets
its own deadline. A seat played by a stand-in bot gets the stand-in's grace; an away seat, or one whose
player left the server, is due at once. Bot seats and games with the pace ``off`` have no deadlines.
"""

from __future__ import annotations

from dataclasses import replace

from .errors import LobbyError, NotAllowed
from .models import GameRow
from .naming import host_mention, seat_names
from .pace_store import Clock, PaceStore
from .pacing import (
    Pace,
    PaceSettings,
    bank_after_turn,
    custom_pace,
    deadline,
    hours,
    pace_code,
    pace_of_code,
    preset,
    with_policy,
)
from .results import Lobby, Post
from .service import GameService


def start_turn(clock: Clock, now: float, version: int, settings: PaceSettings, *, at_once: bool = False) -> None:
    """Start a new decision on ``clock`` under the game's current pace (its bank capped by that pace): due
    now, by its deadline; a stand-in gets its grace; ``at_once`` (away, left the server) is due now."""
    pace = settings.pace
    clock.turn += 1
    clock.bank = min(clock.bank, pace.cap) if pace.cap else clock.bank
    clock.due_since, clock.reminded, clock.since_version, clock.turn_pace = now, None, version, pace_code(pace)
    clock.deadline = now if at_once else now + settings.stand_in_grace if clock.stand_in \
        else deadline(now, clock.bank, pace)


def turn_note(allowed: float, pace: Pace) -> str:
    """How a deadline ``allowed`` seconds after the turn began is made up: "48 h turn + 48 h time bank"."""
    bank = max(0.0, allowed - pace.turn)
    return f"{hours(pace.turn)} turn + {hours(bank)} time bank" if bank >= 60 else f"{hours(pace.turn)} turn"


def jump_link(game: GameRow) -> str:
    """A link to the game's channel (its latest board when known)."""
    link = f"https://discord.com/channels/{game.guild_id or '@me'}/{game.channel_id}"
    return f"{link}/{game.board_message_id}" if game.board_message_id else link


class Deadlines:
    """Keeps ``seat_clocks`` in step with the games."""

    def __init__(self, service: GameService, store: PaceStore) -> None:
        self.service = service
        self.store = store

    async def describe_lobby(self, game: GameRow, lobby: Lobby) -> None:
        """The lobby shows the pace and what happens on timeout (``/pace set`` and ``/pace timeout`` change them)."""
        lobby.notes.append((await self.store.settings(game.id)).describe())

    async def on_change(self, game: GameRow) -> None:
        """Start clocks of seats that became due, settle clocks of seats that are done."""
        now = self.service.clock()
        clocks = await self.store.clocks(game.id)
        settings = await self.store.settings(game.id)
        pace = settings.pace
        active: set[int] = set()
        if game.status == "running" and game.state is not None:
            active = set(self.service.engine(game.engine).active(game.state))
        commit = self.service.turns.last_commit(game)
        departed = await self.store.departed(game.guild_id)
        changed = []
        for player in game.players:
            if player.seat is None:
                continue
            clock = clocks.get(player.seat)
            fresh = clock is None
            if clock is None:
                clock = Clock(game.id, player.seat, pace.bank)
            due = player.seat in active and player.user_id is not None and not player.is_bot and pace.timed
            if due and clock.deadline is not None and commit is not None and commit.ended \
                    and commit.seat == player.seat and (clock.since_version or 0) < commit.version:
                await self._settle(clock, player.user_id, now, pace)  # its decision is complete: a new one
            if due and clock.deadline is None:
                start_turn(clock, now, game.version, settings,
                           at_once=settings.is_away(clock.missed) or player.user_id in departed)
            elif not due and clock.deadline is not None:
                await self._settle(clock, player.user_id, now, pace)
            elif not fresh:
                continue
            changed.append(clock)
        if changed:
            await self.store.save_clocks(changed)

    async def _settle(self, clock: Clock, user_id: str | None, now: float, pace: Pace) -> None:
        """End a seat's turn: pay overtime from its bank under the pace the turn started with (a pace changed
        meanwhile applies from the next turn; the time away on vacation is not counted)."""
        since = clock.due_since if clock.due_since is not None else now
        used = now - since - await self._paused(user_id, since, now)
        started = pace_of_code(clock.turn_pace, pace)
        if not clock.stand_in and pace.timed and started.timed:
            clock.bank = bank_after_turn(clock.bank, used, started)
        clock.due_since = clock.deadline = clock.reminded = clock.turn_pace = None

    async def _paused(self, user_id: str | None, since: float, now: float) -> float:
        """Seconds of ``[since, now]`` the user spent on a vacation that is still running."""
        vacation = await self.store.open_vacation(user_id) if user_id else None
        if vacation is None:
            return 0.0
        return max(0.0, now - max(since, vacation.started_at))

    async def decorate(self, game: GameRow, post: Post) -> None:
        """Put each waited-for user's deadline on the public post (users on vacation have none)."""
        if game.status != "running":
            return
        away = await self.store.on_vacation()
        departed = await self.store.departed(game.guild_id)
        post.mentions = [u for u in post.mentions if u not in departed]  # nobody pinged in a server they left
        clocks = await self.store.clocks(game.id)
        pace = (await self.store.settings(game.id)).pace
        for seat, clock in clocks.items():
            player = game.player_at(seat)
            if clock.deadline is not None and not clock.stand_in and player and player.user_id \
                    and player.user_id not in away and player.user_id not in departed:
                post.deadlines[player.user_id] = clock.deadline
                if clock.due_since is not None and clock.deadline > clock.due_since:
                    post.deadline_notes[player.user_id] = turn_note(clock.deadline - clock.due_since, pace)
        if post.deadlines:
            post.deadline = min(post.deadlines.values())

    # -- host settings -----------------------------------------------------------------------
    async def set_pace(self, channel_id: str, user_id: str, is_admin: bool, name: str,
                       custom: tuple[float, float, float, float | None] | None = None) -> str:
        """The host picks a pace in the lobby; an admin may pick ``custom`` (hours) or change a running game."""
        game = await self._settable(channel_id, user_id, is_admin)
        if name == "custom":
            if not is_admin:
                raise NotAllowed("Only a server admin can set a custom pace.")
            if custom is None:
                raise LobbyError("A custom pace needs `turn_hours` (and optionally the bank hours).")
            pace = custom_pace(*custom)
        else:
            pace = preset(name)
        settings = replace(await self.store.settings(game.id), pace=pace)
        await self.store.set_settings(game.id, settings)
        if game.status == "running":  # pace off clears the deadlines; a new pace applies from the next turn
            async with self.service.lock(game.id):
                await self.on_change(await self.service.game_by_id(game.id))
        return settings.describe()

    async def set_policy(self, channel_id: str, user_id: str, is_admin: bool, policy: str,
                         strikes: int | None = None, afk_after: int | None = None,
                         grace_hours: float | None = None) -> str:
        """The host picks what happens on timeout (after how many in a row a player counts as away, and how
        long a stand-in bot waits before each decision)."""
        game = await self._settable(channel_id, user_id, is_admin)
        settings = with_policy(await self.store.settings(game.id), policy, strikes, afk_after, grace_hours)
        await self.store.set_settings(game.id, settings)
        return settings.describe()

    async def _settable(self, channel_id: str, user_id: str, is_admin: bool) -> GameRow:
        game = await self.service.open_game(channel_id)
        if user_id != game.host_id and not is_admin:
            raise NotAllowed(f"Only the host ({host_mention(game.host_id)}) or a server admin can change the pace.")
        if game.status != "lobby" and not is_admin:
            raise LobbyError("The pace is chosen in the lobby; once the game runs only an admin can change it.")
        return game

    async def describe(self, channel_id: str) -> str:
        """The game's pace, policy and every seat's clock."""
        game = await self.service.open_game(channel_id)
        settings: PaceSettings = await self.store.settings(game.id)
        lines = [settings.describe()]
        names = seat_names(game)
        away = await self.store.on_vacation()
        departed = await self.store.departed(game.guild_id)
        for seat, clock in sorted((await self.store.clocks(game.id)).items()):
            player = game.player_at(seat)
            user = player.user_id if player else None
            state = _seat_state(clock, settings, gone=user in departed, on_vacation=user in away)
            lines.append(f"{names.get(seat, seat)}: {state}, time bank {hours(clock.bank)}, strikes {clock.strikes}")
        return "\n".join(lines)


def _seat_state(clock: Clock, settings: PaceSettings, *, gone: bool, on_vacation: bool) -> str:
    """What ``/pace show`` says of one seat's clock."""
    if gone:
        return "🚪 left the server: played by the timeout policy (`/pace replace`)"
    if clock.stand_in:
        return f"🤖 bot stand-in, plays <t:{int(clock.deadline)}:R> unless they move first" if clock.deadline \
            else "🤖 bot stand-in"
    if on_vacation:
        return "🏖️ on vacation"
    if settings.is_away(clock.missed):
        return "💤 away: turns defaulted at once (`/pace back`)"
    return f"due <t:{int(clock.deadline)}:R>" if clock.deadline else "not due"
