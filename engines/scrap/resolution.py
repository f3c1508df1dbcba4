"""The Resolution Step (SC-BATTLE-14..22, 29, 30): Probe, Bolster, Lead, Fire and Brawl, each one small choice
at a time, totals taken when the Command resolves; Damage allocated target by target."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import board
from .fight import LEAD, battle, bot_words, command_number, damage, distinct, most, on_board, strength, total
from .words import article, describe

PROBE_PICK, BOLSTER_PICK, LEAD_PICK, FIRE_PICK = "probe_pick", "bolster_pick", "lead_pick", "fire_pick"
BRAWL_ORDER, BRAWL_ALLOC, MOVE_COMMAND = "brawl_order", "brawl_alloc", "move_command"


def _least_to_most(g: Game, seats: list[int], cmd: str) -> list[int]:
    return sorted(seats, key=lambda s: (total(g, s, cmd), board.power(g, s)))


# -- 1 Probe --------------------------------------------------------------------------------------------------
def probe_rewards(g: Game, most_: bool) -> list[Any]:
    """The Probe options (A-1 flag: Fragment or the literal Data)."""
    rule, literal = g.data.rules["probe"], g.data.rules["flags"]["probe_basic_reward"]["default"] == "data"
    key = ("literal_" if literal else "") + ("most_options" if most_ else "options")
    return list(rule[key])


def run_probe(g: Game, item: dict[str, Any]) -> None:
    """SC-BATTLE-17: everyone with ≥ 1 Strength in Probe picks, least to most; the MOST has better options."""
    b = battle(g)
    floor = g.data.rules["probe"]["min_strength"]
    seats = [s for s in b["participants"] if on_board(g, s, "probe") and total(g, s, "probe") >= floor]
    if not seats:
        return None
    order = _least_to_most(g, seats, "probe")
    g.log("Probe: " + ", ".join(f"{{seat{s}}} {total(g, s, 'probe')}" for s in order) + ".")
    effects.push_front(g, *(effects.effect(PROBE_PICK, s, most=(s == order[-1])) for s in order))
    return None


def run_probe_pick(g: Game, item: dict[str, Any]) -> list[Any]:
    return list(range(len(probe_rewards(g, item["most"]))))


def pick_probe(g: Game, item: dict[str, Any], token: Any) -> None:
    chosen = probe_rewards(g, item["most"])[token]
    effects.push_front(g, effects.effect("node", item["owner"], node={"seq": list(chosen)}))


def label_probe(g: Game, item: dict[str, Any], token: Any) -> str:
    return "Probe reward: " + " + ".join(describe(x) for x in probe_rewards(g, item["most"])[token])


def default_probe(g: Game, item: dict[str, Any], options: list[Any]) -> Any:
    return options[-1]  # §6.7: the Fragment (and Celestium for the MOST)


# -- 2 Bolster, 3 Lead --------------------------------------------------------------------------------------
def run_bolster(g: Game, item: dict[str, Any]) -> None:
    """SC-BATTLE-18: the MOST may move one of its Bolster Bots to Lead; the rest get +1 and are protected."""
    top = most(g, "bolster")
    if top is None:
        return None  # SC-BATTLE-30
    effects.push_front(g, effects.effect(BOLSTER_PICK, top))
    return None


def run_bolster_pick(g: Game, item: dict[str, Any]) -> list[Any]:
    return ["stay", *distinct(g, on_board(g, item["owner"], "bolster"))]


def pick_bolster(g: Game, item: dict[str, Any], token: Any) -> None:
    b = battle(g)
    if token != "stay":
        b["boards"][token] = LEAD
        b["lead"] = token
        g.log(f"{{seat{item['owner']}}} moves {article(bot_words(g, token, whose=False))} from Bolster to Lead.")
    for bid in sorted(bid for bid, c in b["boards"].items() if c == "bolster"):
        b["bonus"][bid] = b["bonus"].get(bid, 0) + 1
        b["protected"].append(bid)


def label_bolster(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "stay":
        return "Leave every Bot in Bolster"
    return f"Move your {bot_words(g, token, whose=False)} to Lead"


def default_bolster(g: Game, item: dict[str, Any], options: list[Any]) -> Any:
    """§6.7: the largest Bolster Bot to Lead."""
    bots = [t for t in options if t != "stay"]
    return max(bots, key=lambda t: (g.g["bots"][t]["size"], t)) if bots else "stay"


def run_lead(g: Game, item: dict[str, Any]) -> None:
    """SC-BATTLE-19: the Lead Bot +1 and protected; its owner gives +1 to it or an own Bot of equal or lower Size."""
    b = battle(g)
    lead = b["lead"]
    if lead is None or lead not in b["boards"]:
        return None
    b["bonus"][lead] = b["bonus"].get(lead, 0) + 1
    b["protected"].append(lead)
    effects.push_front(g, effects.effect(LEAD_PICK, g.g["bots"][lead]["owner"]))
    return None


def run_lead_pick(g: Game, item: dict[str, Any]) -> list[Any]:
    b = battle(g)
    size = g.g["bots"][b["lead"]]["size"]
    others = [bid for bid in on_board(g, item["owner"]) if bid != b["lead"] and g.g["bots"][bid]["size"] <= size]
    return [b["lead"], *distinct(g, others)]


def pick_lead(g: Game, item: dict[str, Any], token: Any) -> None:
    b = battle(g)
    b["bonus"][token] = b["bonus"].get(token, 0) + 1
    g.log(f"Lead: {bot_words(g, token)}.")


def label_lead(g: Game, item: dict[str, Any], token: Any) -> str:
    words = bot_words(g, token, whose=False, armed=False)
    if token == battle(g)["lead"]:
        return f"+1 Strength to the Lead Bot itself, your {words}"
    return f"+1 Strength to your {words}"


# -- 4 Fire ---------------------------------------------------------------------------------------------------
def enemies_on_boards(g: Game, seat: int) -> list[str]:
    """Enemy Bots still on Battle Boards, strongest first."""
    bids = [bid for bid in battle(g)["boards"] if g.g["bots"][bid]["owner"] != seat]
    return sorted(bids, key=lambda bid: (-board.strength(g, g.g["bots"][bid]), -strength(g, bid), bid))


def run_fire(g: Game, item: dict[str, Any]) -> None:
    """SC-BATTLE-20: the MOST in Fire deals its total to ONE enemy Bot, less that Bot's owner's Fire total."""
    top = most(g, "fire")
    if top is None or not enemies_on_boards(g, top):
        return None
    g.log(f"Fire: {{seat{top}}} fires with {total(g, top, 'fire')}.")
    effects.push_front(g, effects.effect(FIRE_PICK, top))
    return None


def fire_damage(g: Game, seat: int, bid: str) -> int:
    owner = g.g["bots"][bid]["owner"]
    return max(0, total(g, seat, "fire") - total(g, owner, "fire"))


def run_fire_pick(g: Game, item: dict[str, Any]) -> list[Any]:
    return distinct(g, enemies_on_boards(g, item["owner"]))


def pick_fire(g: Game, item: dict[str, Any], token: Any) -> None:
    dealt = fire_damage(g, item["owner"], token)
    g.log(f"{{seat{item['owner']}}} fires at {bot_words(g, token)}: {dealt} Damage.")
    damage(g, token, item["owner"], dealt)


def label_fire(g: Game, item: dict[str, Any], token: Any) -> str:
    return f"Fire at {bot_words(g, token)}: {fire_damage(g, item['owner'], token)} Damage"[:80]


def default_fire(g: Game, item: dict[str, Any], options: list[Any]) -> Any:
    """§6.7: the enemy Bot that would die with the highest base Strength, else the strongest."""
    seat = item["owner"]
    dying = [t for t in options if fire_damage(g, seat, t) + taken(g, t) >= strength(g, t)]
    return (dying or options)[0]


def taken(g: Game, bid: str) -> int:
    return sum(battle(g)["damage"].get(bid, {}).values())


# -- 5 Brawl --------------------------------------------------------------------------------------------------
def run_brawl(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-BATTLE-21: totals fixed first (the MOST +1); with 3+ players the highest total orders the dealers."""
    b = battle(g)
    top = most(g, "brawl")
    if top is None:
        return None
    totals = {str(s): total(g, s, "brawl") + (1 if s == top else 0) for s in b["participants"]
              if on_board(g, s, "brawl")}
    dealers = [s for s in g.g["order"] if totals.get(str(s), 0) > 0]
    g.log("Brawl: " + ", ".join(f"{{seat{s}}} {totals[str(s)]}" for s in dealers) + ".")
    if len(dealers) > 1 and len(b["participants"]) >= 3:
        effects.push_front(g, effects.effect(BRAWL_ORDER, top, left=dealers, chosen=[], totals=totals))
        return None
    i = g.g["order"].index(top)
    ring = g.g["order"][i:] + g.g["order"][:i]
    effects.push_front(g, *(effects.effect(BRAWL_ALLOC, s, left=totals[str(s)]) for s in ring if s in dealers))
    return None


def run_brawl_order(g: Game, item: dict[str, Any]) -> list[Any] | None:
    if len(item["left"]) == 1:
        pick_brawl_order(g, item, item["left"][0])
        return None
    return list(item["left"])


def pick_brawl_order(g: Game, item: dict[str, Any], token: Any) -> None:
    chosen, left = [*item["chosen"], token], [s for s in item["left"] if s != token]
    if left:
        effects.push_front(g, {**item, "left": left, "chosen": chosen})
        return
    effects.push_front(g, *(effects.effect(BRAWL_ALLOC, s, left=item["totals"][str(s)]) for s in chosen))


def label_brawl_order(g: Game, item: dict[str, Any], token: Any) -> str:
    intel = g.data.intelligences[g.g["players"][str(token)]["intel"]].name
    return f"{intel} allocates Brawl Damage next ({item['totals'][str(token)]} Damage)"


def brawl_targets(g: Game, seat: int) -> list[str]:
    """SC-BATTLE-21: on each enemy board, a Bot may be Damaged only when no Bot of that player in a higher
    Command is left (5 Brawl, 4 Fire, 3 Lead, 2 Bolster, 1 Probe)."""
    b = battle(g)
    out = []
    for bid in enemies_on_boards(g, seat):
        owner, n = g.g["bots"][bid]["owner"], command_number(g, b["boards"][bid])
        if not any(command_number(g, b["boards"][o]) > n for o in on_board(g, owner)):
            out.append(bid)
    return distinct(g, out)


def run_brawl_alloc(g: Game, item: dict[str, Any]) -> list[Any] | None:
    if item["left"] <= 0:
        return None
    targets = brawl_targets(g, item["owner"])
    return [*targets, "done"] if targets else None


def pick_brawl_alloc(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "done":
        g.log(f"{{seat{item['owner']}}} leaves {item['left']} Brawl Damage unused.")
        return
    damage(g, token, item["owner"], 1)
    effects.push_front(g, {**item, "left": item["left"] - 1})


def label_brawl_alloc(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "done":
        return f"Leave the other {item['left']} Damage unused"
    return f"1 Damage to {bot_words(g, token)} ({taken(g, token) + 1}/{strength(g, token)})"[:80]


def default_brawl_alloc(g: Game, item: dict[str, Any], options: list[Any]) -> Any:
    """§6.7 (greedy): Damage the strongest legal target."""
    return options[0]


def run_move_command(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """Athenean Raid (#42): at the start of Resolution you may move one of your Bots, with its Weapon, to an
    adjacent Command (``rules.command_adjacency``, A-32)."""
    near = g.data.rules["command_adjacency"]
    board_ = battle(g)["boards"]
    options: list[Any] = ["stay"]
    for bid in distinct(g, on_board(g, item["owner"])):
        options += [f"{bid}-{cmd}" for cmd in near[board_[bid]]]
    return options if len(options) > 1 else None


def pick_move_command(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "stay":
        return
    bid, cmd = token.rsplit("-", 1)
    g.log(f"{{seat{item['owner']}}} moves {article(bot_words(g, bid, whose=False))} to {cmd.capitalize()}.")
    battle(g)["boards"][bid] = cmd


def label_move_command(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "stay":
        return "Move no Bot"
    bid, cmd = token.rsplit("-", 1)
    return f"Move your {bot_words(g, bid, whose=False, armed=False)} to {cmd.capitalize()}"


EFFECTS = {
    MOVE_COMMAND: Handler(run_move_command, pick=pick_move_command, label=label_move_command, auto_single=False,
                          prompt="Athenean Raid: move one of your Bots to an adjacent Command?",
                          default=lambda g, item, options: "stay"),
    "probe": Handler(run_probe),
    PROBE_PICK: Handler(run_probe_pick, pick=pick_probe, label=label_probe, prompt="Probe: choose your reward.",
                        auto_single=False, default=default_probe),
    "bolster": Handler(run_bolster),
    BOLSTER_PICK: Handler(run_bolster_pick, pick=pick_bolster, label=label_bolster, auto_single=False,
                          prompt="Bolster: move one of your Bolster Bots to Lead?", default=default_bolster),
    LEAD: Handler(run_lead),
    LEAD_PICK: Handler(run_lead_pick, pick=pick_lead, label=label_lead, prompt="Lead: which Bot gets +1 Strength?"),
    "fire": Handler(run_fire),
    FIRE_PICK: Handler(run_fire_pick, pick=pick_fire, label=label_fire, prompt="Fire: at which enemy Bot?",
                       default=default_fire),
    "brawl": Handler(run_brawl),
    BRAWL_ORDER: Handler(run_brawl_order, pick=pick_brawl_order, label=label_brawl_order,
                         prompt="Brawl: who allocates Damage next?"),
    BRAWL_ALLOC: Handler(run_brawl_alloc, pick=pick_brawl_alloc, label=label_brawl_alloc, auto_single=False,
                         prompt="Brawl: put 1 Damage on which enemy Bot?", default=default_brawl_alloc),
}
"""The five Commands."""
