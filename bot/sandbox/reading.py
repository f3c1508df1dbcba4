"""Read-only sandbox commands: status, who, hand, board, log, rules, export."""

from __future__ import annotations

import json
from pathlib import Path

from bot.service.errors import ServiceError
from bot.service.rules_now import more_line, topic_text

from .base import CHANNEL, ShellBase, plain


class ReadingCommands(ShellBase):
    """Commands that look at the game without changing it."""

    def cmd_status(self, arg: str) -> None:
        game = self.game()
        post = self.run(self.service.status(CHANNEL))
        self.say(f"{post.title} #{game.id}: {game.status}, version {post.version}, seed {game.seed}")
        if post.scores:
            self.say(f"Scores: {plain(post.scores)}")
        self.where(game)

    def cmd_who(self, arg: str) -> None:
        game = self.game()
        active = self.engine(game).active(game.state) if game.state and game.status == "running" else []
        for player in sorted(game.players, key=lambda p: (p.seat is None, p.seat or 0)):
            seat = "-" if player.seat is None else str(player.seat + 1)
            marks = (["to act"] if player.seat in active else []) + (["<- you"] if player.user_id == self.user else [])
            who = "bot" if player.is_bot else player.user_id or "vacant"
            self.say(f"  seat {seat}: {player.name} ({who}){'  ' + ', '.join(marks) if marks else ''}")

    def cmd_hand(self, arg: str) -> None:
        game = self.game()
        if game.status != "running":
            raise ServiceError("The game is over, so hands are closed; `board`, `log` and `export` still work.")
        view = self.run(self.service.hand(CHANNEL, self.user))
        for line in plain(view.text).splitlines():
            self.say(line)
        if view.private_log:
            self.say("Only you saw:")
            for line in view.private_log:
                self.say(f"  {plain(line).replace('`', '')}")
        path = self.save(f"hand-{view.seat + 1}-{game.version}.png", view.image)
        if path:
            self.say(f"Hand image: {path}")

    def cmd_board(self, arg: str) -> None:
        post = self.run(self.service.board(CHANNEL))
        path = self.save_post(post)
        self.say(f"Board: {path}" if path else "Board images are off (--no-images).")
        self.where()

    def cmd_log(self, arg: str) -> None:
        if arg and not arg.isdigit():
            raise ServiceError("Usage: log [N], e.g. `log 50`.")
        lines = self.run(self.service.log(CHANNEL, self.user, int(arg) if arg else 20))
        for line in lines:
            self.say(plain(line).replace("`", ""))
        if not lines:
            self.say("(the log is empty)")

    def cmd_rules(self, arg: str) -> None:
        """The rules of the decision the acting player faces now (as `/rules`), or one topic or rule ID."""
        engine = self.engine(self.game())
        if arg:
            text = topic_text(engine, arg)
        else:
            answer = self.run(self.service.rules(CHANNEL, self.user))
            answer.more = more_line(engine, "rules TOPIC")
            text = answer.text(limit=10_000)
        for line in plain(text).replace("*", "").replace("`", "").splitlines():
            self.say(line)

    def cmd_replay(self, arg: str) -> None:
        parts = arg.split()
        if parts == ["since"]:
            film = self.run(self.service.replay(CHANNEL, self.user, since_last=True))
        elif len(parts) <= 2 and all(p.isdigit() for p in parts):
            numbers = [int(p) for p in parts]
            film = self.run(self.service.replay(CHANNEL, self.user, *numbers))
        else:
            raise ServiceError("Usage: replay [FROM [TO]] or `replay since` (the turns since your last move).")
        path = self.save(film.filename, film.data)
        self.say(f"{plain(film.text)}\nReplay: {path}")

    def cmd_export(self, arg: str) -> None:
        document = self.run(self.service.export(game_id=self.game_id))
        if arg == "-":
            self.say(json.dumps(document))
            return
        text = json.dumps(document, indent=2)
        game = self.game()
        path = Path(arg) if arg else self.images / f"replay-{game.engine}-{game.version}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
        self.say(f"Replay written to {path} ({len(document['actions'])} actions).")
