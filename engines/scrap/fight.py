"""The Battle in the state (SC-BATTLE-*): who fights, each Bot's Strength, Damage and kills, words for Bots.

``g.battle`` while a Battle runs: ``{"area", "current", "order", "at", "passes", "stage", "boards": {bot id:
Command}, "equipped": {bot id: Weapon kind}, "bonus": {bot id: +n}, "damage": {bot id: {seat: n}},
"protected": [bot ids], "lead": bot id | None, "participants": [seats], "sole": bool, "left": Battles
still to fight after this one, "mods": {hook name: params}}``. Boards hold the Bots still on the Battle
Boards: a Destroyed Bot leaves them. Everything here is public once the Command Step is revealed.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game

from . import board
from .combat import destroy, vow_bonus
from .support import player
from .words import article

LEAD = "lead"


def battle(g: Game) -> dict[str, Any]:
    """The running Battle."""
    return g.g["battle"]


def command_number(g: Game, cmd: str) -> int:
    """1 Probe, 2 Bolster, 3 Lead, 4 Fire, 5 Brawl (the Battle Board's numbers)."""
    return next(c["n"] for c in g.data.rules["commands"] if c["id"] == cmd)


def command_name(cmd: str) -> str:
    """'Probe'."""
    return cmd.capitalize()


def assignable(g: Game) -> list[str]:
    """SC-BATTLE-11: the four Commands a Bot may be given (Lead never directly)."""
    return [c["id"] for c in g.data.rules["commands"] if c.get("assignable", True)]


def weapon_strength(g: Game, seat: int, kind: str) -> int:
    """SC-BATTLE-12: Basic +1, Advanced +2 (Loaded Raid: the Current Player's own +2/+3)."""
    loaded = battle(g)["mods"].get("battle.weapon_bonus")
    if loaded and seat == battle(g)["current"]:
        return int(loaded[kind])
    return int(g.data.rules["weapon_strength"][kind])


def strength(g: Game, bid: str) -> int:
    """A Bot's current Strength in the Battle: base + Weapon + Bolster/Lead bonuses (SC-BATTLE-22)."""
    b = battle(g)
    bot = g.g["bots"][bid]
    kind = b["equipped"].get(bid)
    extra = weapon_strength(g, bot["owner"], kind) if kind else 0
    return board.current_strength(g, bot) + extra + b["bonus"].get(bid, 0)


def on_board(g: Game, seat: int, cmd: str | None = None) -> list[str]:
    """The seat's Bots still on its Battle Board (in ``cmd`` only, if given), in id order."""
    b = battle(g)
    return sorted(bid for bid, c in b["boards"].items()
                  if g.g["bots"][bid]["owner"] == seat and (cmd is None or c == cmd))


def total(g: Game, seat: int, cmd: str) -> int:
    """SC-BATTLE-15: the seat's total Strength in ``cmd`` now (Swarming Raid: +1 where the Current Player has a Bot)."""
    bots = on_board(g, seat, cmd)
    extra = 1 if bots and "battle.command_total_bonus" in battle(g)["mods"] and seat == battle(g)["current"] else 0
    if bots and cmd == "brawl":
        extra += vow_bonus(g, seat, "battle.brawl_total_bonus")  # Wrath
    return sum(strength(g, bid) for bid in bots) + extra


def most(g: Game, cmd: str) -> int | None:
    """SC-BATTLE-16, SC-BATTLE-30: the seat with the highest total in ``cmd`` among those with a Bot there;
    ties to the higher POWER; None when nobody has a Bot there."""
    seats = [s for s in battle(g)["participants"] if on_board(g, s, cmd)]
    if not seats:
        return None
    return max(seats, key=lambda s: (total(g, s, cmd), board.power(g, s)))


def bot_words(g: Game, bid: str, *, whose: bool = True, armed: bool = True) -> str:
    """'Cerebrum's Neurite in Fire (Strength 2)'; on the map: 'Cerebrum's Neurite'."""
    bot = g.g["bots"][bid]
    intel = g.data.intelligences[player(g, bot["owner"])["intel"]]
    name = intel.bot(bot["size"]).name
    text = f"{intel.name}'s {name}" if whose else name
    b = g.g.get("battle")
    if b and bid in b["boards"]:
        kind = b["equipped"].get(bid)
        gear = f" with {article(g.data.supplies['weapons']['kinds'][kind]['name'])} Weapon" if kind and armed else ""
        hurt = sum(b["damage"].get(bid, {}).values())
        text += f" in {command_name(b['boards'][bid])}{gear} (Strength {strength(g, bid)}" \
                + (f", {hurt} Damage)" if hurt else ")")
    return text


def equipped_count(g: Game, seat: int) -> int:
    """Weapons of ``seat`` on its Bots in the running Battle (they still fill Console slots, A-30)."""
    b = g.g.get("battle")
    return sum(1 for bid in b["equipped"] if g.g["bots"][bid]["owner"] == seat) if b else 0


def signature(g: Game, bid: str) -> tuple[Any, ...]:
    """Bots that look the same to a player (owner, type, Command, Strength, Damage, Weapon, state)."""
    b, bot = battle(g), g.g["bots"][bid]
    dmg = sum(b["damage"].get(bid, {}).values())
    return (bot["owner"], bot["size"], b["boards"].get(bid), strength(g, bid) if bid in b["boards"] else 0, dmg,
            b["equipped"].get(bid), bot["stunned"])


def distinct(g: Game, bids: list[str]) -> list[str]:
    """One Bot id per look (the first id), keeping the order given."""
    seen: dict[tuple[Any, ...], str] = {}
    for bid in bids:
        seen.setdefault(signature(g, bid), bid)
    return list(seen.values())


def damage(g: Game, bid: str, by: int, amount: int) -> bool:
    """SC-BATTLE-22: ``by`` deals ``amount`` Damage to a Bot on a Battle Board; True when it is Destroyed."""
    if amount <= 0:
        return False  # Damage 0 does nothing
    b = battle(g)
    ledger = b["damage"].setdefault(bid, {})
    ledger[str(by)] = ledger.get(str(by), 0) + amount
    if sum(ledger.values()) < strength(g, bid):
        return False
    contributors = sorted(int(s) for s, n in ledger.items() if n > 0)
    kill(g, bid, contributors)
    return True


def kill(g: Game, bid: str, contributors: list[int]) -> None:
    """Destroy a Bot in the Battle: its base Strength in Data to the destroyer, half (rounded up) to each of
    several (SC-BATTLE-22, SC-EX-20); its Weapon back to the supply; the Bot leaves the Battle Board."""
    b, bot = battle(g), g.g["bots"][bid]
    base = board.strength(g, bot)
    share = base if len(contributors) == 1 else -(-base // 2)
    words = bot_words(g, bid)
    g.log(f"{words} is Destroyed.")
    for seat in contributors:
        if seat == bot["owner"]:
            continue  # SC-ACT-CRUSH-06
        gained = kill_share(g, seat, share)
        player(g, seat)["data"] += gained
        g.log(f"{{seat{seat}}} gains {gained} Data.")
    if b["equipped"].pop(bid, None) is not None:
        g.g["supply"]["weapons"] += 1
    b["boards"].pop(bid, None)
    b["damage"].pop(bid, None)
    destroy(g, bot)


def kill_share(g: Game, seat: int, share: int) -> int:
    """Lobotomising Raid: the Current Player gains a flat amount for each Bot it Destroys or helps Destroy."""
    mod = battle(g)["mods"].get("battle.kill_data")
    return int(mod["data"]) if mod and seat == battle(g)["current"] else share


def in_area(g: Game, area: str, seat: int | None = None, *, active: bool | None = None) -> list[str]:
    """Bot ids in ``area`` (of ``seat``; only Active or only Stunned ones when ``active`` is given)."""
    return sorted(bid for bid, bot in g.g["bots"].items()
                  if bot["at"] == area and (seat is None or bot["owner"] == seat)
                  and (active is None or bot["stunned"] != active))
