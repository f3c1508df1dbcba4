"""Crush and Disable outside Battle (SC-ACT-CRUSH-01..06, SC-ACT-DISABLE-01..06).

One effect walks through the choices: the performing Bot (an Active Bot of yours in an Area with enemy
Bots), then one point of Damage at a time onto enemy Bots in its Area, then the result: Destroyed (Crush,
Data equal to their base Strength) or Stunned (Disable). Damage is cleared when the Action ends."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import board, virus
from .support import player, rule_params
from .words import article

CRUSH = "crush"
BOMBARD_WEAPON, BOMBARD_AIM = "crush.discard_weapon_bonus", "crush.bombardment"
"""Bombardment's hooks: discard 1 Weapon to add its Strength to a Crush; aim a Crush at an adjacent Area."""


def _name(g: Game, bot: dict[str, Any]) -> str:
    intel = g.data.intelligences[player(g, bot["owner"])["intel"]]
    return f"{intel.name} {intel.bot(bot['size']).name}"


def vow_bonus(g: Game, seat: int, hook: str) -> int:
    """What a face-up Vow side (Olympus) adds through ``hook`` (Wrath: +1 Crush Value, +1 Brawl total)."""
    faces = player(g, seat)["unique"].get("vows", {})
    return sum(int(rule["params"]["add"]) for vow in g.data.raw["vows"]["vows"] if vow["id"] in faces
               for rule in vow[faces[vow["id"]]]["rules"] if rule.get("name") == hook)


def crush_value(g: Game, seat: int, kind: str, size: int, k: int) -> int:
    """SC-ACT-CRUSH-01: the Bot's Size plus the printed modifier (Wrath: Crush +1)."""
    return max(0, size + k + (vow_bonus(g, seat, "vow.crush_bonus") if kind == CRUSH else 0))


def forbidden(g: Game, seat: int, kind: str) -> bool:
    """SC-GOLDEN-04: a Vow showing its Vow side skips the Actions it forbids (Peace: Battle and Crush, Olympus)."""
    faces = player(g, seat)["unique"].get("vows", {})
    for vow in g.data.raw["vows"]["vows"]:
        if faces.get(vow["id"]) == "vow":
            for rule in vow["vow"]["rules"]:
                if rule.get("name") == "vow.forbid_actions" and kind in rule["params"]["ops"]:
                    return True
    return False


def run_crush(g: Game, item: dict[str, Any]) -> list[Any] | None:
    seat = item["owner"]
    if item["bot"] is None and item.get("aim") is None:
        options = []
        for (size, area, stunned), _ in sorted(_own(g, seat).items()):
            reach = {area, *aims(g, seat, item["kind"], size, area)}
            if not stunned and any(b["owner"] != seat and b["at"] in reach for b in g.g["bots"].values()):
                options.append(f"b{size}-{area}")
        for bid in virus.hijackable(g, seat, []):  # ATT-ENT-1 Hijack: an Infected Bot performs for you
            at = g.g["bots"][bid]["at"]
            if any(b["owner"] != seat and b["at"] == at and k != bid for k, b in g.g["bots"].items()):
                options.append(f"h{bid}")
        if not options:
            g.log(f"{{seat{seat}}} has no Bot that can {item['kind'].capitalize()}.")
        return options or None
    targets = _targets(g, item)
    if item["left"] <= 0 or (item.get("pool") and not targets):
        _finish(g, item)
        return None
    can_boost = item["kind"] == "crush" and not item.get("boosted") and has_rule(g, seat, BOMBARD_WEAPON)
    boost = [f"w{k}" for k in sorted(set(player(g, seat)["weapons"]))] if can_boost else []
    bot = g.g["bots"].get(item["bot"] or "")
    aim = [] if item["damage"] or item.get("aim") or item.get("pool") or bot is None \
        else [f"a{a}" for a in aims(g, seat, item["kind"], bot["size"], bot["at"])]
    return [*targets, *aim, *boost, "done"]


def bombardment(g: Game, seat: int) -> dict[str, Any] | None:
    """The params of the seat's ``crush.bombardment`` rule (Vulkanos), if any."""
    return rule_params(g, seat, BOMBARD_AIM)


def aims(g: Game, seat: int, kind: str, size: int, area: str) -> list[str]:
    """ATT-VUL-2 Bombardment: a Crush by a Bot of Size >= min_size may aim at enemy Bots in an adjacent Area
    (sharing any Link, Obstacles ignored)."""
    rule = bombardment(g, seat) if kind == CRUSH else None
    if rule is None or size < int(rule["min_size"]):
        return []
    near = sorted(board.neighbours(g, area))
    return [a for a in near if any(b["owner"] != seat and b["at"] == a for b in g.g["bots"].values())]


def has_rule(g: Game, seat: int, name: str) -> bool:
    """The seat's Intelligence has an Attribute rule (a named hook) ``name``."""
    return any(rule.get("name") == name for att in g.data.intelligences[player(g, seat)["intel"]].attributes
               for rule in att.rules)


def _own(g: Game, seat: int) -> dict[tuple[int, str, bool], str]:
    out: dict[tuple[int, str, bool], str] = {}
    for bid, b in g.g["bots"].items():
        if b["owner"] == seat and board.in_play(b):
            out.setdefault((b["size"], b["at"], b["stunned"]), bid)
    return out


def _targets(g: Game, item: dict[str, Any]) -> list[str]:
    """One Bot id per kind of enemy Bot still alive to the Damage, strongest first."""
    area, seat, dmg = item.get("aim") or g.g["bots"][item["bot"]]["at"], item["owner"], item["damage"]
    seen: dict[tuple[int, int, bool, int], str] = {}
    for bid, b in g.g["bots"].items():
        if b["at"] == area and b["owner"] != seat and bid != item["bot"] \
                and dmg.get(bid, 0) < board.current_strength(g, b):  # a Hijacked Bot never targets itself
            if item["kind"] == "disable" and b["stunned"]:
                continue  # SC-ACT-DISABLE-06: no effect
            seen.setdefault((b["owner"], b["size"], b["stunned"], dmg.get(bid, 0)), bid)
    ordered = sorted(seen.items(), key=lambda kv: (-board.strength(g, g.g["bots"][kv[1]]), kv[0]))
    return [f"t{bid}" for _, bid in ordered]


def pick_crush(g: Game, item: dict[str, Any], token: Any) -> None:
    seat = item["owner"]
    if token.startswith("b"):
        size, area = token[1:].split("-")
        bid = next(b for (sz, at, st), b in _own(g, seat).items() if sz == int(size) and at == area and not st)
        value = crush_value(g, seat, item["kind"], int(size), item["k"])
        g.log(f"{{seat{seat}}}'s {_name(g, g.g['bots'][bid])} will {item['kind'].capitalize()} {value}.")
        effects.push_front(g, {**item, "bot": bid, "left": value})
    elif token.startswith("h"):
        bid, bot = token[1:], g.g["bots"][token[1:]]
        value = crush_value(g, seat, item["kind"], bot["size"], item["k"])
        g.log(f"{{seat{seat}}} Hijacks {virus.bot_text(g, bid)}: it will {item['kind'].capitalize()} {value} for them.")
        virus.remove(g, bid, "Hijack used it")
        effects.push_front(g, {**item, "bot": bid, "left": value})
    elif token == "done":
        _finish(g, item)
    elif token.startswith("a"):  # Bombardment: the Damage goes to the adjacent Area at Value + value_mod
        value = max(0, item["left"] + int(bombardment(g, seat)["value_mod"]))
        g.log(f"{{seat{seat}}} bombards {g.data.areas[token[1:]].name}: Crush {value}.")
        effects.push_front(g, {**item, "aim": token[1:], "left": value})
    elif token.startswith("w"):  # Bombardment (Vulkanos): discard a Weapon, its Strength joins the Value
        kind = token[1:]
        player(g, seat)["weapons"].remove(kind)
        g.g["supply"]["weapons"] += 1
        extra = int(g.data.supplies["weapons"]["kinds"][kind]["strength"])
        g.log(f"{{seat{seat}}} discards a Weapon: Crush +{extra}.")
        effects.push_front(g, {**item, "left": item["left"] + extra, "boosted": True})
    else:
        bid = token[1:]
        points = incision(g, seat) if g.g["bots"][bid]["stunned"] and item["kind"] == "crush" else 1
        damage = {**item["damage"], bid: item["damage"].get(bid, 0) + points}
        effects.push_front(g, {**item, "left": item["left"] - 1, "damage": damage})


def incision(g: Game, seat: int) -> int:
    """Precise Incision (Kirurgeon): each point of its Crush Damage on a Stunned enemy Bot counts this many times."""
    for att in g.data.intelligences[player(g, seat)["intel"]].attributes:
        for rule in att.rules:
            if rule.get("name") == "crush.damage_to_stunned_multiplier":
                return int(rule["params"]["factor"])
    return 1


def _finish(g: Game, item: dict[str, Any]) -> None:
    """The Crush or Disable is over: settle its Damage, or hand it back to the Mobilise it follows (pooled)."""
    queue = effects.pending(g)
    if item.get("pool") and queue and queue[0]["effect"] == "mobilise":
        queue[0]["pooled"] = item["damage"]  # SC-ACT-MOBILISE-05: add up every Bot's Damage first
        return
    settle(g, item)


def settle(g: Game, item: dict[str, Any]) -> None:
    """SC-ACT-CRUSH-03/04, SC-ACT-DISABLE-01: Damage ≥ Strength Destroys (Data) or Stuns; the rest is cleared."""
    seat, gained, destroyed, stunned_size, survivors = item["owner"], 0, 0, 0, []
    for bid, dmg in sorted(item["damage"].items()):
        bot = g.g["bots"][bid]
        if dmg < board.current_strength(g, bot):
            if dmg > 0:
                survivors.append(bid)  # SC-REF-45: damaged and alive, Smite pushes it
            continue
        if item["kind"] == "crush":
            gained += board.strength(g, bot)
            destroyed += 1
            stunned_size += bot["size"] if bot["stunned"] else 0
            g.log(f"{_name(g, bot)} in {g.data.areas[bot['at']].name} is Destroyed.")
            if bot["stunned"]:
                dissect(g, seat)
            destroy(g, bot)
        else:
            bot["stunned"] = True
            g.log(f"{_name(g, bot)} in {g.data.areas[bot['at']].name} is Stunned.")
    if g.g.get("turn") is not None:  # read by "if it Destroyed any" (destroyed_any, bots_destroyed), #32, #45, #78
        performer = g.g["bots"].get(item.get("bot") or "")
        area = item.get("aim") or (performer["at"] if performer else None)
        g.g["turn"].update(destroyed=destroyed, destroyed_stunned_size=stunned_size, damaged=survivors,
                           crush_area=area)
    if gained:
        player(g, seat)["data"] += gained
        g.log(f"{{seat{seat}}} gains {gained} Data for Destroyed Bots.")


def dissect(g: Game, seat: int) -> None:
    """Dissect (Kirurgeon): Destroying a Stunned enemy Bot, by any means, also gives 1 Basic Weapon."""
    if any(a.name == "Dissect" for a in g.data.intelligences[player(g, seat)["intel"]].attributes):
        effects.push_front(g, effects.effect("weapon", seat, kind="B", left=1))


def destroy(g: Game, bot: dict[str, Any]) -> None:
    """A Bot leaves play to its owner's Reserve, or onto Errorful Learning for Cerebrum (ATT-CER-1)."""
    held = "errorful" in player(g, bot["owner"])["unique"]
    bid = next(k for k, b in g.g["bots"].items() if b is bot)
    bot.update(at=board.ERRORFUL if held else None, stunned=False)
    virus.left_play(g, bid, destroyed=True)  # ATT-ENT-2/3


def stun(g: Game, seat: int, params: dict[str, Any]) -> None:
    """bot.stun (#71): Stun the bound Bot, whatever else happened (nothing when it has left play)."""
    bot = g.g["bots"].get(params.get("bot")) if isinstance(params.get("bot"), str) else None
    if bot is not None and board.in_play(bot) and not bot["stunned"]:
        bot["stunned"] = True
        g.log(f"{{seat{seat}}}'s {_name(g, bot)} in {g.data.areas[bot['at']].name} is Stunned.")


HOOKS = {"bot.stun": stun}
"""Named hooks run here."""


def errorful_learning(g: Game, seat: int) -> None:
    """ATT-CER-1, end of your Load Phase: Bots held here give XP +1 (at most 9) and go back to the Reserve."""
    held = [b for b in g.g["bots"].values() if b["owner"] == seat and b["at"] == board.ERRORFUL]
    unique = player(g, seat)["unique"]
    if not held or "xp" not in unique:
        return
    unique["xp"] = min(9, unique["xp"] + 1)
    for b in held:
        b["at"] = None
    g.log(f"{{seat{seat}}} learns from their losses: XP {unique['xp']}.")


def label_crush(g: Game, item: dict[str, Any], token: Any) -> str:
    seat = item["owner"]
    if token == "done":
        return "Stop assigning Damage"
    if token.startswith("w"):
        kind = g.data.supplies["weapons"]["kinds"][token[1:]]
        return f"Discard {article(kind['name'])} Weapon: Crush +{kind['strength']} (Bombardment)"
    if token.startswith("h"):
        bot = g.g["bots"][token[1:]]
        value = crush_value(g, seat, item["kind"], bot["size"], item["k"])
        return f"Hijack {virus.bot_text(g, token[1:])}: {item['kind'].capitalize()} {value} with it"[:80]
    if token.startswith("a"):
        value = max(0, item["left"] + int(bombardment(g, seat)["value_mod"]))
        return f"Bombard {g.data.areas[token[1:]].name} instead: Crush {value} (Bombardment)"
    if token.startswith("b"):
        size, area = token[1:].split("-")
        bot = g.data.intelligences[player(g, seat)["intel"]].bot(int(size))
        return f"{item['kind'].capitalize()} with {article(bot.name)} in {g.data.areas[area].name}"
    bot = g.g["bots"][token[1:]]
    dmg = item["damage"].get(token[1:], 0)
    state = " (Stunned)" if bot["stunned"] else ""
    points = incision(g, seat) if bot["stunned"] and item["kind"] == "crush" else 1
    return f"1 Damage to {article(_name(g, bot))}{state} ({dmg + points}/{board.current_strength(g, bot)})"


EFFECTS = {
    CRUSH: Handler(run_crush, pick=pick_crush, label=label_crush, prompt="Crush or Disable: choose.",
                   auto_single=False),
}
"""Crush and Disable."""
