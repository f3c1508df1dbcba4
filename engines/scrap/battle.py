"""The Battle's flow on the effect queue (SC-ACT-BATTLE, SC-BATTLE-01..09, 23..31): the Area, Reinforcement
laps, the muster into the secret Command Step, the Victory Step with its three parts, and the end.

The Command Step itself is the simultaneous ``battle_command`` prompt (:mod:`.command`); Commands 1–5
resolve in :mod:`.resolution`. Every decision is one Choice owned by the seat that makes it.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game, Simultaneous, effects
from engines.core.effects import Handler

from . import board, fight, reformulate, status
from .combat import dissect
from .content import thaw
from .fight import battle, bot_words, in_area
from .map_actions import MOBILISE
from .support import gain_data, player
from .words import describe

BATTLE, REINFORCE, MUSTER, VICTORY = "battle", "reinforce", "battle_muster", "victory"
DESTROY_STUNNED, RETURN, PRIZE, END = "victory_destroy", "victory_return", "victory_prize", "battle_end"
COMMAND_STEP = "battle_command"
RELIC_INSTALL = "relic_install"
RESOLUTION = ("probe", "bolster", "lead", "fire", "brawl")
"""Effect names of the five Commands (they equal the Command ids)."""
TAG_DATA = "battle.equipped_tag_data"
MODS_WRITTEN = frozenset({"battle.reinforce_end", "battle.command_order", "battle.weapon_bonus", "battle.kill_data",
                          "battle.command_total_bonus", "battle.move_command", "battle.move_to_probe",
                          TAG_DATA, reformulate.HOOK})
"""The Raid MOD hooks (``data/scrap/hooks.json``) the Battle applies; the others are logged as skipped."""


def area_name(g: Game, aid: str) -> str:
    return g.data.areas[aid].name


# -- Start ------------------------------------------------------------------------------------------------
def run_battle(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-ACT-BATTLE-01/03: a Battle in the bound Area, or in any Area in play (a later Battle of Battle N)."""
    if item.get("area"):
        start(g, item, item["area"])
        return None
    return sorted(g.g["areas"].values(), key=lambda a: area_name(g, a))


def pick_battle(g: Game, item: dict[str, Any], token: Any) -> None:
    start(g, item, token)


def label_battle(g: Game, item: dict[str, Any], token: Any) -> str:
    return f"Battle in {area_name(g, token)}"


def start(g: Game, item: dict[str, Any], area: str) -> None:
    """The Battle state; Reinforcement begins left of the Current Player, who acts last (SC-BATTLE-01)."""
    seat, order = item["owner"], g.g["order"]
    i = order.index(seat)
    laps = order[i + 1:] + order[:i + 1]
    g.g["battle"] = {"area": area, "current": seat, "order": laps, "at": 0, "passes": 0, "stage": "reinforce",
                     "boards": {}, "equipped": {}, "bonus": {}, "damage": {}, "protected": [], "lead": None,
                     "participants": [], "sole": False, "winner": None, "left": item.get("left", 1) - 1,
                     "mods": dict(item.get("mods") or {})}
    g.log(f"{{seat{seat}}} starts a Battle in {area_name(g, area)}.")
    if set(g.g["battle"]["mods"]) - MODS_WRITTEN:
        g.log("(Part of this Raid's Power-Up is not implemented yet and is skipped.)")
    effects.push_front(g, effects.effect(REINFORCE, laps[0]))
    status.offer_evade(g)  # #54: a face-up Evasive Manoeuvre may first Mobilise out


# -- Step 1: Reinforcement ----------------------------------------------------------------------------------
def reinforce_moves(g: Game, seat: int, budget: int) -> bool:
    """SC-BATTLE-03/05: some Bot of Size ≤ ``budget`` can finish in the Battle Area (Move in or Recover there)."""
    area = battle(g)["area"]
    for bot in g.g["bots"].values():
        if bot["owner"] != seat or not board.in_play(bot) or bot["size"] > budget:
            continue
        if bot["stunned"] and bot["at"] == area:
            return True
        if not bot["stunned"] and bot["at"] != area and area in board.linked(g, bot["at"], seat):
            return True
    return False


def run_reinforce(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-BATTLE-02: Pass, Reinforce with k ≥ 1 Energy (only if some Bot can come: A-22), or Strike."""
    seat, b = item["owner"], battle(g)
    options: list[Any] = ["pass"]
    energy = player(g, seat)["energy"]
    options += [f"e{k}" for k in range(1, energy + 1) if reinforce_moves(g, seat, k)]
    if seat == b["current"]:
        options.append("strike")
    return options


def pick_reinforce(g: Game, item: dict[str, Any], token: Any) -> None:
    seat, b = item["owner"], battle(g)
    sudden = "battle.reinforce_end" in b["mods"] and seat == b["current"]  # Sudden Raid (#55)
    if token == "strike":
        g.log(f"{{seat{seat}}} Strikes.")
        end_reinforcement(g)
        return
    if token == "pass":
        g.log(f"{{seat{seat}}} passes.")
        b["passes"] += 1
        if seat == b["current"] and not in_area(g, b["area"], seat):  # SC-BATTLE-06
            g.log("The Current Player has no Bots there: the Battle ends with no winner.")
            effects.push_front(g, effects.effect(END, b["current"]))
            return
        if b["passes"] >= len(b["order"]) or sudden:  # SC-BATTLE-07
            end_reinforcement(g)
            return
        effects.push_front(g, effects.effect(REINFORCE, advance(b)))
        return
    spend = int(token[1:])
    player(g, seat)["energy"] -= spend
    b["passes"] = 0
    g.log(f"{{seat{seat}}} Reinforces with {spend} Energy.")
    move = effects.effect(MOBILISE, seat, left=spend, moved=[], to=b["area"], must=True)
    then = effects.effect(MUSTER, b["current"]) if sudden else effects.effect(REINFORCE, advance(b))
    effects.push_front(g, move, then)


def advance(b: dict[str, Any]) -> int:
    """The next seat of the lap."""
    b["at"] = (b["at"] + 1) % len(b["order"])
    return b["order"][b["at"]]


def end_reinforcement(g: Game) -> None:
    effects.push_front(g, effects.effect(MUSTER, battle(g)["current"]))


def label_reinforce(g: Game, item: dict[str, Any], token: Any) -> str:
    area = area_name(g, battle(g)["area"])
    if token == "pass":
        return "Pass"
    if token == "strike":
        return "Strike: go to the Command Step"
    return f"Reinforce: spend {token[1:]} Energy to Mobilise {token[1:]} into {area}"


def default_reinforce(g: Game, item: dict[str, Any], options: list[Any]) -> Any:
    """§6.7: Pass; the Current Player Strikes when it has an Active Bot there."""
    b = battle(g)
    if "strike" in options and in_area(g, b["area"], item["owner"], active=True):
        return "strike"
    return "pass"


def run_muster(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-BATTLE-08/10/31: who takes part; the sole Current Player wins at once; else the secret Command Step."""
    b = battle(g)
    b["participants"] = [s for s in g.g["order"] if in_area(g, b["area"], s, active=True)]
    if not b["participants"]:
        g.log("Nobody has an Active Bot there: the Battle has no winner.")
        effects.push_front(g, effects.effect(VICTORY, b["current"]))
        return None
    if b["participants"] == [b["current"]]:
        b["sole"] = True
        g.log(f"Only {{seat{b['current']}}} has Active Bots there.")
        effects.push_front(g, effects.effect(VICTORY, b["current"]))
        return None
    b["stage"] = "command"
    queue = effects.pending(g)
    rest = list(queue)
    del queue[:]  # the queue pauses until everyone has locked in; the Command Step puts it back
    g.log("Command Step: every participant assigns their Bots in secret.")
    g.call(COMMAND_STEP, **Simultaneous.frame_for(b["participants"]), rest=rest)
    return None


def after_command(g: Game, rest: list[dict[str, Any]]) -> None:
    """The boards are revealed: Commands 1–5 (Erupting Raid: its order), then Victory, before the rest."""
    b = battle(g)
    b["stage"] = "resolution"
    tag_data(g)
    order = b["mods"].get("battle.command_order", {}).get("order") or list(RESOLUTION)
    queue = effects.pending(g)
    first = [effects.effect("move_command", b["current"])] if "battle.move_command" in b["mods"] else []
    if reformulate.HOOK in b["mods"]:  # Reformulating Raid (#23)
        first.append(reformulate.start(g, b["current"]))
    if "battle.move_to_probe" in b["mods"]:  # Hypnotic Raid (#16)
        count = int(b["mods"]["battle.move_to_probe"]["count"])
        first.append(effects.effect("move_to_probe", b["current"], left=count))
    queue[0:0] = [*first, *(effects.effect(cmd, b["current"]) for cmd in order),
                  effects.effect(VICTORY, b["current"]), *rest]


def equipped_tag_data(g: Game, seat: int, params: dict[str, Any]) -> None:
    """#3 Analytic Raid's delayed trigger: when its tagged Weapon was taken, this Function's Battle pays Data
    at the reveal if that Weapon is equipped (SC-REF-03; declined or no token left: nothing)."""
    turn = g.g.get("turn") or {}
    kind = turn.get("tagged", {}).pop(params["tag"], None)
    if kind is not None:
        turn.setdefault("battle_mods", {})[TAG_DATA] = {**params, "kind": kind}


HOOKS = {TAG_DATA: equipped_tag_data}
"""Named hooks run here."""


def tag_data(g: Game) -> None:
    """At the reveal: the Current Player equipped a Weapon of the tagged kind (the tokens are alike, so an equipped
    one of that kind is "that Weapon"): the Data."""
    b = battle(g)
    mod = b["mods"].get(TAG_DATA)
    if mod and any(g.g["bots"][bid]["owner"] == b["current"] and kind == mod["kind"]
                   for bid, kind in b["equipped"].items()):
        g.log(f"{{seat{b['current']}}}'s tagged Weapon is equipped.")
        gain_data(g, b["current"], int(mod["data"]))


# -- Step 4: Victory ------------------------------------------------------------------------------------------
def winner(g: Game) -> int | None:
    """SC-BATTLE-23: the highest total Strength of surviving Bots (ties: POWER); no survivor cannot win."""
    b = battle(g)
    if b["sole"]:
        return int(b["current"])
    totals = {s: sum(fight.strength(g, bid) for bid in fight.on_board(g, s)) for s in b["participants"]}
    alive = [s for s, t in totals.items() if fight.on_board(g, s)]
    for s, t in totals.items():
        g.log(f"{{seat{s}}} has {t} Strength left.")
    if not alive:
        return None
    return max(alive, key=lambda s: (totals[s], board.power(g, s)))


def run_victory(g: Game, item: dict[str, Any]) -> list[Any] | None:
    b = battle(g)
    b["stage"] = "victory"
    won = winner(g) if b["participants"] else None
    b["winner"] = won
    g.log("The Battle has no winner." if won is None else f"{{seat{won}}} wins the Battle.")
    current = b["current"]
    steps = []
    if won == current and stunned_enemies(g):
        steps.append(effects.effect(DESTROY_STUNNED, current))
    steps.append(effects.effect(RETURN, current))
    if won == current:
        steps.append(effects.effect(PRIZE, current))
    steps.append(effects.effect(END, current))
    effects.push_front(g, *steps)
    return None


def stunned_enemies(g: Game) -> list[str]:
    """SC-BATTLE-24: enemy Bots lying Stunned in the Battle Area (they sat the Battle out)."""
    b = battle(g)
    return [bid for bid in in_area(g, b["area"], active=False) if g.g["bots"][bid]["owner"] != b["current"]]


def run_destroy_stunned(g: Game, item: dict[str, Any]) -> list[Any] | None:
    bids = fight.distinct(g, stunned_enemies(g))
    return ["all", "done", *bids] if bids else None


def pick_destroy_stunned(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "done":
        return
    bids = stunned_enemies(g) if token == "all" else [token]
    for bid in bids:
        fight.kill(g, bid, [item["owner"]])
        dissect(g, item["owner"])
    if token != "all":
        effects.push_front(g, dict(item))


def label_destroy_stunned(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "all":
        return f"Destroy all {len(stunned_enemies(g))} Stunned enemy Bots here"
    if token == "done":
        return "Destroy no more Stunned Bots"
    base = board.strength(g, g.g["bots"][token])
    return f"Destroy a Stunned {bot_words(g, token)} (+{base} Data)"


def run_return(g: Game, item: dict[str, Any]) -> None:
    """SC-BATTLE-25: survivors back in the Area, equipped Weapons to the supply, the losers Stunned except
    Bolster and Lead (nobody when there is no winner, SC-BATTLE-31)."""
    b = battle(g)
    g.g["supply"]["weapons"] += len(b["equipped"])
    b["equipped"] = {}
    if b["winner"] is not None and not b["sole"]:
        for bid in sorted(b["boards"]):
            bot = g.g["bots"][bid]
            if bot["owner"] != b["winner"] and bid not in b["protected"]:
                bot["stunned"] = True
                g.log(f"{bot_words(g, bid)} is Stunned.")
    b["boards"] = {}
    return None


def prize_options(g: Game) -> list[Any]:
    """SC-BATTLE-26: the Relic here, or any uncovered Reward of the Area (Cost ignored)."""
    area = battle(g)["area"]
    options: list[Any] = ["relic"] if area in g.g["relics"] else []
    options += [r.id for r in g.data.areas[area].rewards if not (r.right_hand and area in g.g["relics"])]
    return options


def run_prize(g: Game, item: dict[str, Any]) -> list[Any] | None:
    return prize_options(g) or None


def pick_prize(g: Game, item: dict[str, Any], token: Any) -> None:
    seat, area = item["owner"], battle(g)["area"]
    if token == "relic":
        relic = g.g["relics"].pop(area)  # SC-RELIC-06: its Reward is uncovered
        g.log(f"{{seat{seat}}} claims the Relic of {area_name(g, area)}.")
        effects.push_front(g, effects.effect(RELIC_INSTALL, seat, relic=relic, slot=None))
        return
    reward = next(r for r in g.data.areas[area].rewards if r.id == token)
    g.log(f"{{seat{seat}}} takes a Reward of {area_name(g, area)}: {describe(reward.effect)}.")
    effects.push_front(g, effects.effect("node", seat, node=thaw(reward.effect)))


def label_prize(g: Game, item: dict[str, Any], token: Any) -> str:
    area = battle(g)["area"]
    if token == "relic":
        dom = dict(g.data.relics)[g.g["relics"][area]]
        return f"Claim the {g.data.domains[dom].name} Relic"
    reward = next(r for r in g.data.areas[area].rewards if r.id == token)
    return f"Take the Reward {describe(reward.effect)}"[:80]


def data_in(tree: Any) -> int:
    """Data a Reward gives outright (for the timeout default)."""
    if isinstance(tree, dict):
        own = tree.get("v", 0) if tree.get("op") == "data" and isinstance(tree.get("v"), int) else 0
        return own + sum(data_in(v) for v in tree.values())
    if isinstance(tree, list):
        return sum(data_in(v) for v in tree)
    return 0


def default_prize(g: Game, item: dict[str, Any], options: list[Any]) -> Any:
    """§6.7: the Relic if there is one, else the Reward with the most Data."""
    if "relic" in options:
        return "relic"
    rewards = {r.id: r for r in g.data.areas[battle(g)["area"]].rewards}
    return max(options, key=lambda t: data_in(thaw(rewards[t].effect)))


def run_end(g: Game, item: dict[str, Any]) -> None:
    """Damage and bonuses are cleared; Pattern Recognition; the next Battle of a Battle N (SC-ACT-BATTLE-03)."""
    b = g.g.pop("battle")
    won = b.get("winner")
    if won is not None:
        unique = player(g, won)["unique"]
        if "xp" in unique:  # Pattern Recognition (Cerebrum): winning a Battle gives XP +1
            top = g.data.intelligences[player(g, won)["intel"]].unique["xp_marker"]["track"][1]
            unique["xp"] = min(top, unique["xp"] + 1)
            g.log(f"{{seat{won}}} recognises a pattern: XP {unique['xp']}.")
    if b["left"] > 0:
        effects.push_front(g, effects.effect(BATTLE, b["current"], area=None, left=b["left"], mods=b["mods"]))
    return None


EFFECTS = {
    BATTLE: Handler(run_battle, pick=pick_battle, label=label_battle, prompt="Battle: in which Area?"),
    REINFORCE: Handler(run_reinforce, pick=pick_reinforce, label=label_reinforce, auto_single=False,
                       prompt="Reinforcement: pass, Reinforce or Strike?", default=default_reinforce),
    MUSTER: Handler(run_muster),
    VICTORY: Handler(run_victory),
    DESTROY_STUNNED: Handler(run_destroy_stunned, pick=pick_destroy_stunned, label=label_destroy_stunned,
                             prompt="Victory: Destroy Stunned enemy Bots here?", auto_single=False,
                             default=lambda g, item, options: "all"),
    RETURN: Handler(run_return),
    PRIZE: Handler(run_prize, pick=pick_prize, label=label_prize, prompt="Victory: claim the Relic or a Reward.",
                   default=default_prize),
    END: Handler(run_end),
}
"""The Battle's flow."""
