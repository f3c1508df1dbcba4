"""Messages a game keeps editing, remembered in the database so a restart changes nothing: the status message
of a simultaneous phase (edited as players lock in; forgotten when the next board is posted) and the lobby
messages (closed when the game starts)."""

from __future__ import annotations

from .storage import Storage

STATUS, LOBBY = "status", "lobby"


class PostMessages:
    """The ``post_messages`` table."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def remember(self, game_id: int, kind: str, message_id: int | str, *, only: bool = False) -> None:
        """Keep ``message_id`` as one of the game's ``kind`` messages (``only``: instead of any before)."""
        statements = [("DELETE FROM post_messages WHERE game_id = ? AND kind = ?", (game_id, kind))] if only else []
        statements.append(("INSERT INTO post_messages (game_id, kind, message_id) VALUES (?, ?, ?)"
                           " ON CONFLICT DO NOTHING", (game_id, kind, str(message_id))))
        await self.storage.write(statements)

    async def of(self, game_id: int, kind: str) -> list[int]:
        """The game's ``kind`` messages, oldest first."""
        rows = await self.storage.fetch("SELECT message_id FROM post_messages WHERE game_id = ? AND kind = ?",
                                        (game_id, kind))
        return sorted(int(r[0]) for r in rows)  # snowflakes grow with time

    async def forget(self, game_id: int, kind: str) -> list[int]:
        """Forget the game's ``kind`` messages; returns them."""
        found = await self.of(game_id, kind)
        if found:
            await self.storage.write([("DELETE FROM post_messages WHERE game_id = ? AND kind = ?", (game_id, kind))])
        return found
