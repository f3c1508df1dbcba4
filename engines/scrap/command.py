"""The Command Step (SC-BATTLE-10..14): every participant, in secret and at the same time, gives each of its
Active Bots in the Battle Area one Command, then each Weapon of its Console to one Bot or to nobody, and
locks in. The drafts live in the frame's private part (hidden from the others by the core) until everyone
has locked in; then all Battle Boards are revealed together and the Resolution Step starts."""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Simultaneous, act

from .battle import COMMAND_STEP, after_command
from .fight import assignable, battle, command_name, in_area
from .support import player
from .words import article

KEEP = "none"


def own_bots(g: Game, seat: int) -> list[str]:
    """The seat's Bots behind its screen: its Active Bots in the Battle Area (SC-BATTLE-10), largest first."""
    bids = in_area(g, battle(g)["area"], seat, active=True)
    return sorted(bids, key=lambda bid: (-g.g["bots"][bid]["size"], bid))


def weapons(g: Game, seat: int) -> list[str]:
    """The seat's Weapons behind its screen, Advanced first."""
    kinds = g.data.supplies["weapons"]["kinds"]
    return sorted(player(g, seat)["weapons"], key=lambda k: -kinds[k]["strength"])


def bot_name(g: Game, bid: str) -> str:
    bot = g.g["bots"][bid]
    return g.data.intelligences[player(g, bot["owner"])["intel"]].bot(bot["size"]).name


class Command(Simultaneous):
    """SC-BATTLE-11/12: one Bot at a time to a Command, then one Weapon at a time to a Bot, then lock in."""

    name = COMMAND_STEP
    deciding = "assign their Bots in secret"

    def _next(self, g: Game, seat: int) -> tuple[str | None, int | None]:
        """The next Bot to command, else the index of the next Weapon to place, else (None, None)."""
        mine = self.mine(g, seat)
        cmds = mine.get("cmd", {})
        bot = next((b for b in own_bots(g, seat) if b not in cmds), None)
        if bot is not None:
            return bot, None
        w = mine.get("w", 0)
        return None, (w if w < len(weapons(g, seat)) else None)

    def _armable(self, g: Game, seat: int) -> list[str]:
        """Bots without a Weapon yet, one per (type, Command)."""
        mine = self.mine(g, seat)
        seen: dict[tuple[int, str], str] = {}
        for bid in own_bots(g, seat):
            if bid not in mine.get("wpn", {}):
                seen.setdefault((g.g["bots"][bid]["size"], mine["cmd"][bid]), bid)
        return list(seen.values())

    def actions(self, g: Game, seat: int) -> list[Action]:
        mine = self.mine(g, seat)
        bot, w = self._next(g, seat)
        redo = [act("redo")] if mine.get("cmd") else []
        if bot is not None:
            return [*(act("assign", c) for c in assignable(g)), *redo]
        if w is not None:
            return [*(act("arm", b) for b in self._armable(g, seat)), act("arm", KEEP), *redo]
        return [act("lock"), *redo]

    def act(self, g: Game, seat: int, action: Action) -> None:
        mine = self.mine(g, seat)
        if action.verb == "redo":
            mine.clear()
        elif action.verb == "assign":
            bot, _ = self._next(g, seat)
            mine.setdefault("cmd", {})[bot] = action.args[0]
        elif action.verb == "arm":
            _, w = self._next(g, seat)
            if action.args[0] != KEEP:
                mine.setdefault("wpn", {})[action.args[0]] = weapons(g, seat)[w]
            mine["w"] = (w or 0) + 1
        else:
            self.lock(g, seat)

    def label(self, g: Game, seat: int, action: Action) -> str | None:
        if action.verb == "redo":
            return "Start your Battle Board over"
        if action.verb == "lock":
            return "Lock in your Battle Board"
        bot, w = self._next(g, seat)
        if action.verb == "assign":
            return f"{bot_name(g, bot)} to {command_name(action.args[0])}"
        kind = g.data.supplies["weapons"]["kinds"][weapons(g, seat)[w]]["name"]
        if action.args[0] == KEEP:
            return f"Keep the {kind} Weapon under the Battle Board"
        bid = action.args[0]
        return f"{kind} Weapon to your {bot_name(g, bid)} in {command_name(self.mine(g, seat)['cmd'][bid])}"

    def prompt(self, g: Game, seat: int) -> str:
        bot, w = self._next(g, seat)
        area = g.data.areas[battle(g)["area"]].name
        if bot is not None:
            done = len(self.mine(g, seat).get("cmd", {}))
            return f"Battle in {area}: give your {bot_name(g, bot)} a Command (Bot {done + 1} of " \
                   f"{len(own_bots(g, seat))}; secret until everyone locks in)."
        if w is not None:
            kind = g.data.supplies["weapons"]["kinds"][weapons(g, seat)[w]]["name"]
            return f"Battle in {area}: give your {kind} Weapon to a Bot?"
        return f"Battle in {area}: lock in your Battle Board."

    def default(self, g: Game, seat: int) -> Action:
        """§6.7: every Bot to Bolster, Weapons on the largest Bots (Advanced first), then lock in."""
        bot, w = self._next(g, seat)
        if bot is not None:
            return act("assign", "bolster")
        if w is not None:
            armable = self._armable(g, seat)
            return act("arm", armable[0] if armable else KEEP)
        return act("lock")

    def resolve(self, g: Game, choices: dict[int, dict[str, Any]]) -> None:
        """SC-BATTLE-14: all boards revealed at once; equipped Weapons leave the Consoles for the Bots."""
        b = battle(g)
        kinds = g.data.supplies["weapons"]["kinds"]
        for seat in b["participants"]:
            mine = choices.get(seat, {})
            b["boards"].update(mine.get("cmd", {}))
            for bid, kind in sorted(mine.get("wpn", {}).items()):
                b["equipped"][bid] = kind
                player(g, seat)["weapons"].remove(kind)
            parts = []
            for cmd in assignable(g):
                names = [bot_name(g, bid) + (f" with {article(kinds[b['equipped'][bid]]['name'])} Weapon"
                                             if bid in b["equipped"] else "")
                         for bid in own_bots(g, seat) if mine.get("cmd", {}).get(bid) == cmd]
                if names:
                    parts.append(f"{command_name(cmd)}: {', '.join(names)}")
            g.log(f"{{seat{seat}}} reveals: {'; '.join(parts)}.")
        rest = g.frame["rest"]
        after_command(g, rest)
        g.end()
