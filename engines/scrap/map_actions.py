"""Map actions run by the interpreter: Create, Mobilise, Fly, Search and Upgrade (SC-ACT-*, SC-TERM-01)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import board, landing, perilous, plus, swap, virus
from .combat import CRUSH, crush_value, forbidden, settle
from .content import thaw
from .support import player
from .words import article, describe

CREATE, MOBILISE, FLY, SEARCH, UPGRADE = "create", "mobilise", "fly", "search", "upgrade"


def weapon_energy(g: Game, seat: int, item: dict[str, Any] | None = None) -> int:
    """What the seat's Weapons are worth towards a Create cost (SC-ACT-WEAPONS-03; #27: more)."""
    return sum(_weapon_value(g, item or {}, k)[0] for k in player(g, seat)["weapons"])


def _weapon_value(g: Game, item: dict[str, Any], kind: str) -> tuple[int, int]:
    """A Weapon's Energy towards a Create and the Data it gives (SC-REF-27 Experimental Forge: 2/4 and 1/2)."""
    pay = (item.get("weapon_pay") or {}).get(kind)
    if pay:
        return int(pay["energy"]), int(pay["data"])
    return int(g.data.supplies["weapons"]["kinds"][kind]["energy"]), 0


def deploy_areas(g: Game, item: dict[str, Any]) -> list[str]:
    """Where a Create Deploys: beside the Ship (SC-ACT-CREATE-01), beside a named player's Ship (#21), also
    beside your Fissures (#73), or in Areas holding your Bots (#63)."""
    seat, at = item["owner"], item.get("at")
    if isinstance(at, str) and at.startswith("ship_of:") and at[8:].isdigit():
        seat = int(at[8:])
    if board.ship_link(g, seat) is None and at != "areas_with_own_bots":
        return []
    if at == "areas_with_own_bots":  # SC-REF-63: none in play, no Deploy
        return sorted({b["at"] for b in g.g["bots"].values() if b["owner"] == seat and board.in_play(b)})
    areas = list(board.ship_areas(g, seat))
    if at == "ship_or_fissure_areas":  # SC-REF-73: the Ship counts as a Fissure
        for lk, stack in g.g["links"].items():
            if f"fissure:{seat}" in stack:
                areas += [a for a in board.link_areas(g, lk) if a not in areas]
    return areas


def _token_area(g: Game, item: dict[str, Any], token: str) -> str:
    if "-" in token:
        return token.split("-", 1)[1]
    return deploy_areas(g, item)[0 if token[2] == "a" else 1]


def run_create(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """Create N: Bots of total Size ≤ N from the Reserve, each paid, into an Area beside the Ship; 'done' ends."""
    seat, left = item["owner"], item["left"]
    areas = deploy_areas(g, item)
    if not areas:
        return None
    intel = g.data.intelligences[player(g, seat)["intel"]]
    budget = player(g, seat)["energy"] + weapon_energy(g, seat, item)
    options: list[Any] = ["done"]
    for bot in intel.bots:
        if bot.size <= left and bot.cost <= budget and board.reserve(g, seat, bot.size) \
                and not board.forbidden_size(g, seat, bot.size):  # SC-ACT-CREATE-04, Humility
            options += [f"s{bot.size}a", f"s{bot.size}b"] if item.get("at") is None \
                else [f"s{bot.size}-{a}" for a in areas]
    options += plus.pause_option(g, item)  # SC-CORE-01: e.g. gain the Weapon first
    return options if len(options) > 1 else None


def pick_create(g: Game, item: dict[str, Any], token: Any) -> None:
    """Deploy one Bot: pay its cost with Energy first, then Weapons (Basic first), back to the supply."""
    if token == "done":
        return
    if token == plus.PAUSE:
        plus.pause(g, item)
        return
    seat = item["owner"]
    p = player(g, seat)
    size = int(token[1])
    bot = g.data.intelligences[p["intel"]].bot(size)
    due = bot.cost
    paid = min(due, p["energy"])
    p["energy"] -= paid
    due -= paid
    kinds = g.data.supplies["weapons"]["kinds"]
    for kind in sorted(kinds, key=lambda k: kinds[k]["energy"]):
        while due > 0 and kind in p["weapons"]:
            p["weapons"].remove(kind)
            g.g["supply"]["weapons"] += 1
            energy, data = _weapon_value(g, item, kind)
            due -= energy  # an overpaying Weapon's excess is lost
            if data:
                p["data"] += data
                g.log(f"{{seat{seat}}} gains {data} Data for the Weapon spent (Experimental Forge).")
    area = _token_area(g, item, token)
    bid = board.reserve(g, seat, size)[0]
    g.g["bots"][bid].update(at=area, stunned=False)
    g.log(f"{{seat{seat}}} deploys {article(bot.name)} into {g.data.areas[area].name}.")
    if item["left"] - size > 0:
        effects.push_front(g, {**item, "left": item["left"] - size})


def label_create(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "done":
        return "Stop deploying"
    if token == plus.PAUSE:
        return plus.PAUSE_LABEL
    seat = item["owner"]
    bot = g.data.intelligences[player(g, seat)["intel"]].bot(int(token[1]))
    area = _token_area(g, item, token)
    cost = f", pay {bot.cost} Energy" if bot.cost else ""
    return f"Deploy {article(bot.name)} (Size {bot.size}) into {g.data.areas[area].name}{cost}"


def default_create(g: Game, item: dict[str, Any], options: list[Any]) -> Any:
    """§6.7: the cheapest Bots, paid with Energy only, first Area first."""
    seat = item["owner"]
    bots = g.data.intelligences[player(g, seat)["intel"]].bots
    cheap = [t for t in options if t not in ("done", plus.PAUSE)
             and bots[int(t[1]) - 1].cost <= player(g, seat)["energy"]]
    return min(cheap, key=lambda t: (bots[int(t[1]) - 1].cost, t)) if cheap else "done"


HERCULEAN = "herculean.spend_celestium"


def herculean(g: Game, seat: int, key: str) -> int:
    """Herculean (Olympus): the Value one Celestium adds to a Mobilise or Fly now (0: not possible)."""
    return herculean_value(g, seat, key) if any(player(g, seat)["celestium"]) else 0


def spend_for(g: Game, item: dict[str, Any], key: str) -> None:
    """Spend one Celestium for Herculean's extra Value, then go on with the same Action."""
    seat = item["owner"]
    slots = player(g, seat)["celestium"]
    slots[slots.index(True)] = False
    g.g["supply"]["celestium"] += 1
    extra = herculean_value(g, seat, key)
    g.log(f"{{seat{seat}}} spends a Celestium: +{extra} (Herculean).")
    effects.push_front(g, {**item, "left": item["left"] + extra})


def herculean_value(g: Game, seat: int, key: str) -> int:
    """Herculean's printed bonus, whatever the Celestium held."""
    for att in g.data.intelligences[player(g, seat)["intel"]].attributes:
        for rule in att.rules:
            if rule.get("name") == HERCULEAN:
                return int(rule["params"][key])
    return 0


def run_fly(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-ACT-FLY-01/02: N times to any other Link in play without an enemy Ship; the Ship goes on top."""
    seat = item["owner"]
    here = board.ship_link(g, seat)
    if item["left"] <= 0 or here is None:
        return None
    options: list[Any] = [lk for lk in g.g["links"] if lk != here
                          and (board.ship_on(g, lk) in (None, seat) or item.get("land"))]  # SC-ACT-FLY-04
    if options and herculean(g, seat, "fly_per_celestium"):
        options.append("herculean")
    return [*options, *plus.pause_option(g, item)] if options else None


def pick_fly(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "herculean":
        spend_for(g, item, "fly_per_celestium")
        return
    if token == plus.PAUSE:
        plus.pause(g, item)
        return
    seat = item["owner"]
    g.g["links"][board.ship_link(g, seat)].remove(f"ship:{seat}")
    under = landing.covered(g, token, seat)
    g.g["links"][token].append(f"ship:{seat}")
    g.log(f"{{seat{seat}}} flies their Ship between {board.link_words(g, token)}"
          + (f", on top of {{seat{under}}}'s Ship." if under is not None else "."))
    landing.on_land(g, item, token, under)  # #15: a Virus token; #35: a look at their Queue
    if item["left"] > 1:
        effects.push_front(g, {**item, "left": item["left"] - 1})


def label_fly(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == plus.PAUSE:
        return plus.PAUSE_LABEL
    if token.startswith("e"):
        return f"Bait {virus.bot_text(g, token[1:])} into {g.data.areas[item['bait']].name}"
    if token == "herculean":
        return f"Spend a Celestium: Fly +{herculean_value(g, item['owner'], 'fly_per_celestium')} (Herculean)"
    under = landing.covered(g, token, item["owner"])
    onto = f", onto {g.data.intelligences[player(g, under)['intel']].name}'s Ship" if under is not None else ""
    return f"Fly between {board.link_words(g, token)}{onto}"


def _groups(g: Game, seat: int, moved: list[str]) -> dict[tuple[int, str, bool], str]:
    """One Bot id per (Size, Area, Stunned) among the seat's Bots in play that have not moved this Action."""
    out: dict[tuple[int, str, bool], str] = {}
    for bid, b in g.g["bots"].items():
        if b["owner"] == seat and board.in_play(b) and bid not in moved:
            out.setdefault((b["size"], b["at"], b["stunned"]), bid)
    return out


def mark_mobilise(tree: Any, mods: list[dict[str, Any]]) -> Any:
    """#28/#48/#29: the MOD's ``mobilise.moves_per_bot`` / ``ignore_obstacles`` / ``move_enemy_bots`` on every
    MOBILISE atom."""
    marks = {}
    for m in mods:
        if m.get("name") == "mobilise.moves_per_bot":
            marks["max_moves"] = m["params"]["max_moves"]
        elif m.get("name") == "mobilise.ignore_obstacles":
            marks["ignore_obstacles"] = True
        elif m.get("name") == "mobilise.move_enemy_bots":  # #29: enemy Bots too, only into the Area
            marks["bait"] = m["params"]["to"]
        elif m.get("name") == "mobilise.after_each_move":  # #22: each moved Bot may be swapped
            marks["morph"] = m["params"]["do"]["size_rule"]
    if not marks or not isinstance(tree, (dict, list)):
        return tree
    if isinstance(tree, list):
        return [mark_mobilise(x, mods) for x in tree]
    out = {k: mark_mobilise(v, mods) for k, v in tree.items()}
    return {**out, **marks} if out.get("op") == "mobilise" else out


def exhausted(item: dict[str, Any]) -> list[str]:
    """Bots that may not Move again in this Mobilise: once each (SC-ACT-MOBILISE-01), or ``max_moves`` times
    (#28/#48 ``mobilise.moves_per_bot``; None: no limit)."""
    limit = item.get("max_moves", 1)
    if limit is None:
        return []
    return sorted({b for b in item["moved"] if item["moved"].count(b) >= limit})


def reach(g: Game, item: dict[str, Any], area: str) -> list[str]:
    """The Areas a Move may go to: Linked for you, or every neighbour (#48 ``mobilise.ignore_obstacles``)."""
    return board.neighbours(g, area) if item.get("ignore_obstacles") else board.linked(g, area, item["owner"])


def run_mobilise(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-ACT-MOBILISE-01..06: Moves of total Size ≤ N, each Bot once, to a Linked Area; a Stunned Bot Recovers."""
    seat, left, only, out_of = item["owner"], item["left"], item.get("to"), item.get("out_of")
    if isinstance(item.get("only"), list):  # #26/#78: only these Bots Move, by their owner's Links
        return only_options(g, item)
    options: list[Any] = [] if item.get("must") and not item["moved"] else ["done"]
    for (size, area, stunned), _ in sorted(_groups(g, seat, exhausted(item)).items()):
        if size > left or (out_of is not None and (stunned or area != out_of)):
            continue  # #54 Evade: only Active Bots, only out of the Battle Area
        if stunned and only in (None, area):  # SC-BATTLE-05: a Reinforce Recovers only in the Battle Area
            options.append(f"r{size}-{area}")
        elif not stunned and area != only:  # SC-BATTLE-03: a Reinforce ends in the Battle Area
            options += [f"m{size}-{area}-{to}" for to in reach(g, item, area) if only in (None, to)]
    if only is None and out_of is None:  # ATT-ENT-1 Hijack: Infected enemy Bots Move for you (owner's Links)
        for bid in virus.hijackable(g, seat, item["moved"]):
            bot = g.g["bots"][bid]
            if bot["size"] <= left:
                options += [f"j{bid}-{to}" for to in board.linked(g, bot["at"], bot["owner"])]
    if item.get("bait") in g.g["areas"].values():  # #29 Baiting Raid: enemy Bots Move by their owner's Links
        options += [f"e{bid}" for bid in baitable(g, item) if g.g["bots"][bid]["size"] <= left]
    if [t for t in options if t != "done"]:
        if herculean(g, seat, "mobilise_per_celestium"):
            options.append("herculean")
        return [*options, *plus.pause_option(g, item)]
    if plus.can_pause(g, item) and not item.get("each"):  # SC-CORE-02: Fly first, then Move
        return ["done", plus.PAUSE]
    end_chain(g, item)
    return None


def only_options(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """Moves of the named Bots only (SC-REF-26: newly Infected enemy Bots; SC-REF-78: the chosen Bot, once)."""
    options: list[Any] = []
    for bid in item["only"]:
        bot = g.g["bots"].get(bid)
        if bot is None or not board.in_play(bot) or bot["stunned"] or bid in exhausted(item) \
                or bot["size"] > item["left"]:
            continue
        options += [f"o{bid}-{to}" for to in board.linked(g, bot["at"], bot["owner"])]
    if not options and not plus.can_pause(g, item):
        return None
    return ["done", *options, *plus.pause_option(g, item)]


def crossed(g: Game, seat: int, here: str, there: str) -> None:
    """SC-REF-09: remember a Ruins Link (under your Ship) your Bots Moved through this turn, each once."""
    if g.g.get("turn") is None:
        return
    seen = g.g["turn"].setdefault("ruins_crossed", [])
    for lk, stack in g.g["links"].items():
        if set(board.link_areas(g, lk)) == {here, there} and "ruins" in stack and board.passable(g, lk, seat):
            if lk not in seen:
                seen.append(lk)
            return


def baitable(g: Game, item: dict[str, Any]) -> list[str]:
    """#29, SC-REF-29, A-33: Active enemy Bots that can Move into the bait Area through their owner's Links;
    one per (owner, Size, Area)."""
    seen: dict[tuple[int, int, str], str] = {}
    for bid, b in sorted(g.g["bots"].items()):
        if b["owner"] != item["owner"] and board.in_play(b) and not b["stunned"] and bid not in item["moved"] \
                and b["at"] != item["bait"] and item["bait"] in board.linked(g, b["at"], b["owner"]):
            seen.setdefault((b["owner"], b["size"], b["at"]), bid)
    return [seen[k] for k in sorted(seen)]


def end_chain(g: Game, item: dict[str, Any]) -> None:
    """SC-ACT-MOBILISE-05: 'Mobilise N, then Disable': the pooled Damage of every Bot is checked now."""
    if item.get("each"):
        settle(g, {"owner": item["owner"], "kind": item["each"]["kind"], "damage": item.get("pooled", {})})


def pick_mobilise(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "done":
        end_chain(g, item)
        return
    if token == "herculean":
        spend_for(g, item, "mobilise_per_celestium")
        return
    if token == plus.PAUSE:
        plus.pause(g, item)
        return
    seat = item["owner"]
    if token.startswith("j"):
        hijack_move(g, item, token)
        return
    if token.startswith("o"):
        bid, to = token[1:].split("-")
        bot = g.g["bots"][bid]
        g.log(f"{virus.bot_text(g, bid)} moves to {g.data.areas[to].name}.")
        bot["at"] = to
        effects.push_front(g, {**item, "left": item["left"] - bot["size"], "moved": [*item["moved"], bid]})
        return
    if token.startswith("e"):
        bot = g.g["bots"][token[1:]]
        g.log(f"{{seat{seat}}} baits {virus.bot_text(g, token[1:])} into {g.data.areas[item['bait']].name}.")
        bot["at"] = item["bait"]
        effects.push_front(g, {**item, "left": item["left"] - bot["size"], "moved": [*item["moved"], token[1:]]})
        return
    parts = token[1:].split("-")
    size, area = int(parts[0]), parts[1]
    bid = next(b for (sz, at, st), b in _groups(g, seat, exhausted(item)).items()
               if sz == size and at == area and st == token.startswith("r"))
    bot = g.g["bots"][bid]
    name = g.data.intelligences[player(g, seat)["intel"]].bot(size).name
    if token.startswith("r"):
        bot["stunned"] = False  # SC-ACT-MOBILISE-04: Recovering uses the Bot's Size
        g.log(f"{{seat{seat}}}'s {name} in {g.data.areas[area].name} Recovers.")
    else:
        crossed(g, seat, area, parts[2])
        bot["at"] = parts[2]
        g.log(f"{{seat{seat}}} moves {article(name)} from {g.data.areas[area].name} to {g.data.areas[parts[2]].name}.")
    rest = {**item, "left": item["left"] - size, "moved": [*item["moved"], bid]}
    if item.get("morph") and token.startswith("m"):  # #22 Morphing Manoeuvre: swap it from the Reserve?
        effects.push_front(g, swap.for_bot(g, seat, bid, item["morph"]), rest)
        return
    each = item.get("each")
    if each and not (each["kind"] == "crush" and forbidden(g, seat, "crush")):  # then it may Disable (Crush)
        follow = effects.effect(CRUSH, seat, kind=each["kind"], k=each["k"], bot=bid,
                                left=crush_value(g, seat, each["kind"], size, each["k"]),
                                damage=item.get("pooled", {}), pool=True)
        effects.push_front(g, follow, rest)
    else:
        effects.push_front(g, rest)


def hijack_move(g: Game, item: dict[str, Any], token: str) -> None:
    """ATT-ENT-1: the Infected Bot Moves for you (its Size from the Value), then its Virus token comes off."""
    bid, to = token[1:].split("-")
    bot = g.g["bots"][bid]
    g.log(f"{{seat{item['owner']}}} Hijacks {virus.bot_text(g, bid)} and moves it to {g.data.areas[to].name}.")
    bot["at"] = to
    virus.remove(g, bid, "Hijack used it")
    effects.push_front(g, {**item, "left": item["left"] - bot["size"], "moved": [*item["moved"], bid]})


def label_mobilise(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "done":
        if item.get("out_of") and not item["moved"]:
            return f"Stay in {g.data.areas[item['out_of']].name} (no Evade)"
        return "Stop moving"
    if token == plus.PAUSE:
        return plus.PAUSE_LABEL
    if token.startswith("j"):
        bid, to = token[1:].split("-")
        return f"Hijack {virus.bot_text(g, bid)} into {g.data.areas[to].name}"
    if token.startswith("e"):
        return f"Bait {virus.bot_text(g, token[1:])} into {g.data.areas[item['bait']].name}"
    if token.startswith("o"):
        bid, to = token[1:].split("-")
        return f"Move {virus.bot_text(g, bid)} to {g.data.areas[to].name}"[:80]
    if token == "herculean":
        return f"Spend a Celestium: Mobilise +{herculean_value(g, item['owner'], 'mobilise_per_celestium')} (Herculean)"
    parts = token[1:].split("-")
    name = g.data.intelligences[player(g, item["owner"])["intel"]].bot(int(parts[0])).name
    if token.startswith("r"):
        return f"Recover {article(name)} in {g.data.areas[parts[1]].name}"
    return f"Move {article(name)} from {g.data.areas[parts[1]].name} to {g.data.areas[parts[2]].name}"


def _reward(g: Game, rid: str) -> Any:
    area = g.data.areas[rid.split(".")[0]]
    return next(r for r in area.rewards if r.id == rid)


def run_search(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-ACT-SEARCH-01..04, SC-REWARD-01: pick Rewards in Areas you Control (uncovered, unused this Phase)
    within the Value, then 'done' resolves them all."""
    seat = item["owner"]
    used = g.g["turn"].setdefault("used_rewards", [])
    options: list[Any] = ["done"]
    for aid in g.g["areas"].values():
        if board.controller(g, aid) != seat:
            continue
        for r in g.data.areas[aid].rewards:
            covered = r.right_hand and aid in g.g["relics"]
            if not covered and r.id not in used and r.id not in item["chosen"] and r.cost <= item["left"]:
                options.append(r.id)
    options += perilous.options(g, item, used)  # #4: one Area you do not Control, paid in Bots
    if len(options) == 1 and not item["chosen"]:
        return None
    return options


def pick_search(g: Game, item: dict[str, Any], token: Any) -> None:
    seat = item["owner"]
    if token != "done":
        cost = _reward(g, token).cost
        pay = perilous.chosen(g, item, token, cost)
        effects.push_front(g, *pay, {**item, "left": item["left"] - cost, "chosen": [*item["chosen"], token]})
        return
    g.g["turn"].setdefault("used_rewards", []).extend(item["chosen"])  # SC-ACT-SEARCH-03
    for rid in item["chosen"]:
        g.log(f"{{seat{seat}}} searches {g.data.areas[rid.split('.')[0]].name}: {describe(_reward(g, rid).effect)}.")
    if item["chosen"]:  # SC-REWARD-01/03: in any order, same-type Rewards may be added together
        plus.queue(g, seat, {"plus": [thaw(_reward(g, rid).effect) for rid in item["chosen"]]}, joinable=True)


def label_search(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "done":
        return "Resolve the chosen Rewards" if item["chosen"] else "Search nothing"
    r = _reward(g, token)
    return f"{g.data.areas[token.split('.')[0]].name}: {describe(r.effect)} (Cost {r.cost})"[:80]


def default_search(g: Game, item: dict[str, Any], options: list[Any]) -> Any:
    """§6.7 (simplified): the affordable Reward listed first, else resolve."""
    return next((t for t in options if t != "done"), "done")


def run_upgrade(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-TERM-01: swap a Bot in play for a Reserve Bot of Size + 1 (same place and state, no cost); may fail."""
    seat = item["owner"]
    if item["left"] <= 0:
        return None
    only = g.g["bots"].get(item["bot"]) if item.get("bot") else None
    options = [f"u{size}-{area}-{'s' if stunned else 'a'}"
               for (size, area, stunned) in sorted(_groups(g, seat, []))
               if size < 3 and board.reserve(g, seat, size + 1) and not board.forbidden_size(g, seat, size + 1)
               and (only is None or (only["size"], only["at"], only["stunned"]) == (size, area, stunned))]
    return options or None


def pick_upgrade(g: Game, item: dict[str, Any], token: Any) -> None:
    seat = item["owner"]
    size, area, state = token[1:].split("-")
    old = next(b for (sz, at, st), b in _groups(g, seat, []).items()
               if sz == int(size) and at == area and st == (state == "s"))
    new = board.reserve(g, seat, int(size) + 1)[0]
    g.g["bots"][new].update(at=area, stunned=g.g["bots"][old]["stunned"])  # SC-EX-30: keeps the state
    g.g["bots"][old].update(at=None, stunned=False)
    virus.follow(g, old, new)  # ATT-ENT-2: the Virus token follows the Upgrade
    if g.g.get("turn") is not None:  # SC-REF-45: a later part of the Function uses the new Bot
        g.g["turn"].setdefault("upgraded", {})[old] = new
    g.log(f"{{seat{seat}}} upgrades a Bot in {g.data.areas[area].name}.")
    if item["left"] > 1:
        effects.push_front(g, {**item, "left": item["left"] - 1})


def label_upgrade(g: Game, item: dict[str, Any], token: Any) -> str:
    size, area, state = token[1:].split("-")
    intel = g.data.intelligences[player(g, item["owner"])["intel"]]
    stunned = " (Stunned)" if state == "s" else ""
    return (f"Upgrade {article(intel.bot(int(size)).name)}{stunned} in {g.data.areas[area].name} "
            f"to {article(intel.bot(int(size) + 1).name)}")


EFFECTS = {
    UPGRADE: Handler(run_upgrade, pick=pick_upgrade, label=label_upgrade, prompt="Upgrade which Bot?"),
    FLY: Handler(run_fly, pick=pick_fly, label=label_fly, prompt="Fly: to which Link?"),
    MOBILISE: Handler(run_mobilise, pick=pick_mobilise, label=label_mobilise, prompt="Mobilise: move which Bot?",
                      auto_single=False),
    SEARCH: Handler(run_search, pick=pick_search, label=label_search, prompt="Search: choose a Reward.",
                    auto_single=False, default=default_search),
    CREATE: Handler(run_create, pick=pick_create, label=label_create, prompt="Create: deploy which Bot, where?",
                    auto_single=False, default=default_create),
}
"""The Map actions' effect handlers."""
