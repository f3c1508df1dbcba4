"""What happens when a deadline passes (the game's policy), plus the admin tools extend and replace.

Policies: ``default`` plays the engine's default action for the seat; ``bot`` lets a bot play the seat
until the player comes back (``/pace back``); ``skip`` plays the default too but counts strikes and
forfeits the seat (a bot plays it to the end) after N of them. The table is always told.

A timeout plays one *decision* (``turns.ends_decision``): the decision that timed out and its sub-prompts,
never the seat's next one, which gets its own deadline.

Away from the keyboard: under ``default`` and ``skip``, after ``afk_after`` timeouts in a row the
seat's later turns are defaulted at once (its deadline is its start), until the player moves again.
A player who left the server is played the same way by the policy (no strikes), until the seat is handed
over with ``/pace replace`` (the host may do it for a departed player) or the player comes back.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from engines.core import Action, State

from .deadlines import start_turn
from .errors import LobbyError, NotAllowed
from .lobby import clean_name
from .models import GameRow
from .naming import fill, host_mention, seat_names
from .pace_store import PaceStore
from .pacing import HOUR
from .service import GameService
from .turns import ends_decision

log = logging.getLogger("turnkeeper.timeouts")
DEFAULT_TRIES = 5
"""Default actions tried before the bot finishes a decision the defaults do not end."""
FORFEIT_BOT = "A bot plays their seat to the end of the game."
"""What a forfeit on strikes says, unless the game ended with it (a league duel)."""
MAX_AUTO_MOVES = 200


class Timeouts:
    """The timeout part of the sweep and the seat-management commands."""

    def __init__(self, service: GameService, store: PaceStore) -> None:
        self.service = service
        self.store = store

    async def expire_due(self, now: float) -> int:
        """Apply the policy to every expired seat (users on vacation wait); returns how many."""
        away = await self.store.on_vacation()
        count = 0
        for clock in await self.store.due_clocks(before=now):
            game = await self.service.game_by_id(clock.game_id)
            if not self.service.games.shards.owns(game.guild_id):  # the process running its guild does it
                continue
            player = game.player_at(clock.seat)
            if player is None or player.user_id is None or (player.user_id in away and not clock.stand_in):
                continue
            try:
                count += await self.expire(clock.game_id, clock.seat, now)
            except Exception:  # one broken game must not stop the sweep
                log.exception("timeout of game %s seat %s failed", clock.game_id, clock.seat)
        return count

    async def expire(self, game_id: int, seat: int, now: float) -> bool:
        """Apply the policy to one seat if its deadline has passed (re-checked under the game lock)."""
        service = self.service
        async with service.lock(game_id):
            game = await service.game_by_id(game_id)
            clock = (await self.store.clocks(game_id)).get(seat)
            player = game.player_at(seat)
            if game.status != "running" or clock is None or clock.deadline is None or clock.deadline > now \
                    or player is None or player.user_id is None:
                return False
            engine = service.engine(game.engine)
            settings = await self.store.settings(game_id)
            if clock.stand_in:
                game, _ = await self._play_for(game, seat, engine.bot_action, tries=MAX_AUTO_MOVES)
                await service.run_bots(game)
                return True
            if player.user_id in await self.store.departed(game.guild_id):
                await self._play_departed(game, seat, settings.policy, now)
                return True
            clock.strikes += 1
            clock.missed += 1
            await self.store.save_clocks([clock])
            name = player.name
            if settings.policy == "skip" and clock.strikes >= settings.strikes:
                await self.store.seat_to_bot(game_id, seat, clean_name(f"{name} (forfeited)"))
                text = f"🏳️ {name} ran out of time {clock.strikes} times and forfeits. {FORFEIT_BOT}"
                clock.due_since = clock.deadline = clock.reminded = None  # a bot seat has no clock
                await self.store.save_clocks([clock])
                game = await service.game_by_id(game_id)
            elif settings.policy == "bot":
                clock.stand_in = True
                await self.store.save_clocks([clock])
                game, labels = await self._play_for(game, seat, engine.bot_action, tries=MAX_AUTO_MOVES)
                text = (f"⌛ {name} ran out of time. A bot plays their seat until they return with `/pace back` "
                        f"or a move of their own (it played: {_list(labels)}).")
            else:
                game, labels = await self._play_for(game, seat, engine.default_action, tries=DEFAULT_TRIES)
                text = _timeout_text(name, labels, clock.missed, settings.afk_after if settings.afk else 0)
                if settings.policy == "skip":
                    text += f" Strike {clock.strikes} of {settings.strikes}."
            await service.run_bots(game)
            if (await service.game_by_id(game_id)).status != "running":  # a league duel ends as a forfeit
                text = text.replace(FORFEIT_BOT, "The game ends here.")
            await self.store.add_notices([self.store.notice_statement("table", text, now,
                                                                      channel_id=game.channel_id)])
        return True

    async def _play_departed(self, game: GameRow, seat: int, policy: str, now: float) -> None:
        """One decision of a seat whose player left the server, by the policy (a bot, or the default)."""
        engine = self.service.engine(game.engine)
        choose, tries = (engine.bot_action, MAX_AUTO_MOVES) if policy == "bot" else (engine.default_action,
                                                                                     DEFAULT_TRIES)
        game, labels = await self._play_for(game, seat, choose, tries)
        name = seat_names(game).get(seat, "A player")
        text = f"🚪 {name} has left the server; {'a bot' if policy == 'bot' else 'the default'} played for them: " \
               f"{_list(labels)}."
        await self.store.add_notices([self.store.notice_statement("table", text, now, channel_id=game.channel_id)])
        await self.service.run_bots(game)

    async def _play_for(self, game: GameRow, seat: int, choose: Callable[[State, int], Action],
                        tries: int) -> tuple[GameRow, list[str]]:
        """Play one decision for ``seat`` (``turns.ends_decision``): ``tries`` choices of ``choose`` (the
        defaults), then the bot's choices, until the decision is complete or the game stops waiting for the
        seat. Returns the game and the labels of what was played."""
        engine = self.service.engine(game.engine)
        labels: list[str] = []
        for n in range(MAX_AUTO_MOVES):
            state = game.state
            if game.status != "running" or state is None or seat not in engine.active(state):
                break
            action = choose(state, seat) if n < tries else engine.bot_action(state, seat)
            labels.append(fill(engine.label(state, seat, action), seat_names(game)))
            new_state, events = engine.apply(state, seat, action)
            game = await self.service.commit(game, seat, action, new_state, events, None, None)
            if ends_decision(engine, state, new_state, seat, action, events):
                break
        return game, labels

    # -- seat management ---------------------------------------------------------------------
    async def back(self, channel_id: str, user_id: str) -> str:
        """The player takes their seat back from the stand-in bot (or from being away); a fresh deadline if
        it is their turn."""
        game = await self.service.running_game(channel_id)
        seat = self.service.seat_of(game, user_id)
        async with self.service.lock(game.id):
            if not await self.take_back(game, seat):
                raise NotAllowed("No bot is playing your seat and your turns are not being defaulted; "
                                 "you are in charge.")
        return "Welcome back: you play your seat again."

    async def take_back(self, game: GameRow, seat: int) -> bool:
        """End the stand-in of ``seat`` (the caller holds the game lock); False if there was none.

        Also the ``on_move`` hook: a player who moves by themselves is back in charge."""
        clock = (await self.store.clocks(game.id)).get(seat)
        if clock is None or not (clock.stand_in or clock.missed):
            return False
        settings = await self.store.settings(game.id)
        away = clock.stand_in or settings.is_away(clock.missed)
        clock.stand_in, clock.missed = False, 0
        if away and clock.deadline is not None:
            start_turn(clock, self.service.clock(), game.version, settings)
        await self.store.save_clocks([clock])
        return True

    async def extend(self, channel_id: str, user_id: str, is_admin: bool, hours: float,
                     target: str | None = None) -> str:
        """An admin moves the deadlines of the game's waiting seats (or one player's) by ``hours``."""
        if not is_admin:
            raise NotAllowed("Only a server admin can extend deadlines.")
        if not 0 < hours <= 24 * 90:
            raise LobbyError("Extend by more than 0 and at most 2160 hours.")
        game = await self.service.running_game(channel_id)
        seats = [self.service.seat_of(game, target)] if target else None
        async with self.service.lock(game.id):
            clocks = [c for c in (await self.store.clocks(game.id)).values()
                      if c.deadline is not None and (seats is None or c.seat in seats)]
            if not clocks:
                raise LobbyError("No deadline to extend: the game is not waiting for that player.")
            for clock in clocks:
                assert clock.deadline is not None
                clock.deadline += hours * HOUR
            await self.store.save_clocks(clocks)
        names = seat_names(game)
        shown = ", ".join(f"{names.get(c.seat)} (now due <t:{int(c.deadline or 0)}:R>)" for c in clocks)
        return f"⏳ Deadline extended by {hours:g} h for {shown}."

    async def replace(self, channel_id: str, user_id: str, is_admin: bool, old: str | None, new: str,
                      name: str) -> str:
        """An admin gives a player's seat to someone else (strikes and stand-in are reset); the host may too when
        the player left the server. Without ``old``, the seat of the one player who left is meant."""
        game = await self.service.running_game(channel_id)
        departed = {p.user_id for p in game.players if p.user_id} & await self.store.departed(game.guild_id)
        if old is None:
            if len(departed) != 1:
                raise LobbyError("Name the player whose seat is handed over (`player:`)." if departed else
                                 "Nobody in this game has left the server: name the player to replace (`player:`).")
            old = next(iter(departed))
        if not is_admin and not (user_id == game.host_id and old in departed):
            raise NotAllowed("Only a server admin can replace a player (the host can hand over the seat of a "
                             "player who left the server).")
        seat = self.service.seat_of(game, old) if game.seat_of(old) is not None else None
        if seat is None:
            raise LobbyError("That user is not playing in this game.")
        if any(p.user_id == new for p in game.players):
            raise LobbyError("The new player is already in this game.")
        async with self.service.lock(game.id):
            await self.store.replace_user(game.id, old, new, clean_name(name))
            clock = (await self.store.clocks(game.id)).get(seat)
            if clock is not None:
                clock.strikes, clock.stand_in, clock.missed = 0, False, 0
                if clock.deadline is not None:
                    start_turn(clock, self.service.clock(), game.version, await self.store.settings(game.id))
                await self.store.save_clocks([clock])
        old_name = seat_names(game).get(seat, "a player")
        return f"🔁 {clean_name(name)} takes over {old_name}'s seat (<@{new}>, it is yours now)."

    # -- members who leave the server --------------------------------------------------------
    async def member_left(self, guild_id: str, user_id: str, now: float) -> int:
        """A member left a server: every running game there with their seat is told (and its host how to hand
        the seat over); the seat is played by its timeout policy, due at once, without strikes. Returns how
        many games."""
        await self.store.set_departed(guild_id, user_id, now)
        games = [g for g in await self.service.storage.games_of_user(user_id, ("running",)) if g.guild_id == guild_id]
        for game in games:
            seat = game.seat_of(user_id)
            async with self.service.lock(game.id):
                clock = (await self.store.clocks(game.id)).get(seat) if seat is not None else None
                if clock is not None and clock.deadline is not None and clock.deadline > now:
                    clock.deadline = now  # the running decision goes to the policy at the next sweep
                    await self.store.save_clocks([clock])
            settings = await self.store.settings(game.id)
            name = seat_names(game).get(seat, "A player") if seat is not None else "A player"
            text = _departure_text(name, game.host_id if game.host_id != user_id else None, settings.policy)
            await self.store.add_notices([self.store.notice_statement("table", text, now, channel_id=game.channel_id)])
        return len(games)

    async def member_returned(self, guild_id: str, user_id: str, now: float) -> int:
        """A member who had left came back: they play their seats again (a fresh deadline if it is their turn)."""
        if user_id not in await self.store.departed(guild_id):
            return 0
        await self.store.set_departed(guild_id, user_id, None)
        games = [g for g in await self.service.storage.games_of_user(user_id, ("running",)) if g.guild_id == guild_id]
        for game in games:
            seat = game.seat_of(user_id)
            async with self.service.lock(game.id):
                fresh = await self.service.game_by_id(game.id)
                clock = (await self.store.clocks(game.id)).get(seat) if seat is not None else None
                if clock is not None and clock.deadline is not None:
                    start_turn(clock, now, fresh.version, await self.store.settings(game.id))
                    await self.store.save_clocks([clock])
            name = seat_names(game).get(seat, "A player") if seat is not None else "A player"
            await self.store.add_notices([self.store.notice_statement(
                "table", f"👋 {name} is back in the server and plays their seat again.", now,
                channel_id=game.channel_id)])
        return len(games)


def _departure_text(name: str, host_id: str | None, policy: str) -> str:
    """The table's notice that a seated player left the server (names only: nobody who left is pinged)."""
    played = "a bot plays it" if policy == "bot" else "the game's default is played for it (no strikes)"
    who = f"{host_mention(host_id)} or a server admin" if host_id else "A server admin"
    return (f"🚪 {name} left the server. Until their seat is handed over, {played} at each of its decisions. "
            f"{who}: `/pace replace new_player:@member` gives the seat to someone else.")


def _timeout_text(name: str, labels: list[str], missed: int, afk_after: int) -> str:
    """The table's notice of a defaulted turn; says when the player starts to count as away."""
    if afk_after and missed > afk_after:
        return f"⏭️ {name} is away; their turn was defaulted at once: {_list(labels)}."
    text = f"⌛ {name} ran out of time; the default was played for them: {_list(labels)}."
    if afk_after and missed == afk_after:
        text += (f" That is {missed} timeouts in a row: from now on their turns are defaulted at once until they "
                 "make a move themselves.")
    return text


def _list(labels: list[str]) -> str:
    return "; ".join(labels[:6]) + (f" (+{len(labels) - 6} more)" if len(labels) > 6 else "") if labels else "nothing"
