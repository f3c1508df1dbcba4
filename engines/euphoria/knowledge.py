"""Rolling workers and the knowledge check (EU-KNOW-*), plus roll-number market penalties."""

from __future__ import annotations

from engines.core import Game

from .automa.state import penalty_side
from .queue import push
from .tableau import (
    AVAIL,
    CARD,
    RUNAWAY,
    available,
    change_knowledge,
    data,
    fire,
    name,
    penalty_markets,
    penalty_params,
    player,
)


def roll_die(g: Game) -> int:
    """One die from the PRNG."""
    return g.rng.roll(6)


def roll_workers(g: Game, pid: int, dice: list[int], why: str) -> None:
    """Roll ``pid``'s dice ``dice`` onto the player board and check (EU-KNOW-05/06)."""
    if not dice:
        return
    p = player(g, pid)
    for i in sorted(dice):
        d = p["dice"][i]
        d["pips"] = d.pop("set") if "set" in d else roll_die(g)  # "set": a face chosen by Amanda or Milos
        d["at"] = AVAIL
    pips = [p["dice"][i]["pips"] for i in sorted(dice)]
    g.log(f"{name(pid, g)} rolls {', '.join(map(str, pips))} ({why}).")
    if p["kind"] == "automa":
        automa_sixes(g, pid, dice)  # EU-AUTOMA-11/14: no knowledge check
        return
    knowledge_check(g, pid, sorted(dice))
    roll_penalties(g, pid, sorted(dice))


def automa_sixes(g: Game, pid: int, dice: list[int]) -> None:
    """Penalty side up: every rolled 6 goes onto the faction card (EU-AUTOMA-14)."""
    if not penalty_side(g, pid):
        return
    p = player(g, pid)
    moved = [i for i in dice if p["dice"][i]["pips"] == 6]
    for i in moved:
        p["dice"][i]["at"] = CARD
    if moved:
        g.log(f"{name(pid, g)} puts {len(moved)} six(es) on its faction card.")


def threshold(g: Game, pid: int) -> int:
    """16, or the Carousel's lower threshold (EU-KNOW-03)."""
    params = penalty_params(g, pid, "threshold_14")
    return params["threshold"] if params else data(g).c["knowledge_threshold"]


def check_total(g: Game, pid: int, rolled: list[int]) -> int:
    """Pips of all available workers + knowledge (EU-KNOW-02); the Institute counts fresh 1s and 2s as 3."""
    p = player(g, pid)
    low = penalty_params(g, pid, "low_rolls_count_3")
    total = p["knowledge"]
    for i in available(g, pid):
        pips = p["dice"][i]["pips"]
        if low and i in rolled and pips <= low["below"]:
            pips = low["as"]
        total += pips
    return total


def knowledge_check(g: Game, pid: int, rolled: list[int]) -> None:
    """At the threshold the highest available worker runs away, at most once per turn (EU-KNOW-03/04)."""
    p = player(g, pid)
    total = check_total(g, pid, rolled)
    limit = threshold(g, pid)
    if total >= limit:
        if pid in g.g["ran_away"]:
            g.log(f"{name(pid, g)}: knowledge check {total} ≥ {limit}, but a worker already ran away this turn.")
        else:
            avail = available(g, pid)
            top = max(p["dice"][i]["pips"] for i in avail)
            # of equal highest dice the most recently rolled runs away
            order = [i for i in avail if i not in rolled] + [i for i in rolled if i in avail]
            runner = [i for i in order if p["dice"][i]["pips"] == top][-1]
            p["dice"][runner]["at"] = RUNAWAY
            g.g["ran_away"].append(pid)
            g.log(f"{name(pid, g)}: knowledge check {total} ≥ {limit}: a worker showing {top} runs away.")
            fire(g, "worker_ran_away", pid, die=runner)
    else:
        g.log(f"{name(pid, g)}: knowledge check {total} < {limit}.")
    params = penalty_params(g, pid, "pairs_raise_knowledge")
    if params:
        values = [p["dice"][i]["pips"] for i in available(g, pid)]
        if len(values) != len(set(values)):
            change_knowledge(g, pid, params["knowledge"])


def roll_penalties(g: Game, pid: int, rolled: list[int]) -> None:
    """Pay 1 commodity or resource per surviving rolled die showing N (EU-MARKET-05, R-09)."""
    p = player(g, pid)
    for n in range(1, 7):
        for site in penalty_markets(g, pid, f"roll_{n}"):
            fresh = [i for i in rolled if p["dice"][i]["at"] == AVAIL and p["dice"][i]["pips"] == n]
            if g.options.get("roll_penalty_scope", "all_available") == "all_available" and fresh:
                fresh = [i for i in available(g, pid) if p["dice"][i]["pips"] == n]
            why = f"rolled {n}, {data(g).markets[g.g['built'][site]].name}"
            push(g, *({"effect": "lose_item", "pid": pid, "why": why} for _ in fresh))
