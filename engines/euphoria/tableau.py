"""Player boards: goods, morale, knowledge, dice, stars and who suffers which market penalty."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .content import Content
from .queue import push, push_front

AVAIL, RUNAWAY, CARD, GONE = "avail", "runaway", "card", "gone"
"""Where a die can be besides a board space: player board, Runaway Workers, Automa card, sacrificed."""


def data(g: Game) -> Content:
    """The loaded content."""
    return g.data


def player(g: Game, pid: int) -> dict[str, Any]:
    """The board of player ``pid`` (humans are seats 0..n-1; Automas follow)."""
    return g.g["players"][pid]


def is_automa(g: Game, pid: int) -> bool:
    """True for the black and white Automa."""
    return g.g["players"][pid]["kind"] == "automa"


def name(pid: int, g: Game) -> str:
    """A log name: ``{seatN}`` for humans, "Black Automa" for Automas."""
    p = g.g["players"][pid]
    return f"{p['colour'].capitalize()} Automa" if p["kind"] == "automa" else f"{{seat{pid}}}"


def n_players(g: Game) -> int:
    """Player count for every player-count rule (Automas included, EU-AUTOMA-01)."""
    return len(g.g["players"])


def dice_at(g: Game, pid: int, where: str) -> list[int]:
    """Indices of ``pid``'s dice at ``where`` (``avail``, ``runaway``, ``card`` or a space id)."""
    return [i for i, d in enumerate(player(g, pid)["dice"]) if d["at"] == where]


def available(g: Game, pid: int) -> list[int]:
    """Indices of available workers (EU-PLACE-01)."""
    return dice_at(g, pid, AVAIL)


def on_board(g: Game, pid: int) -> list[int]:
    """Indices of dice on board spaces (EU-RETRIEVE-01); a die sacrificed on a site (Doug) is no worker any more."""
    return [i for i, d in enumerate(player(g, pid)["dice"])
            if d["at"] not in (AVAIL, RUNAWAY, CARD, GONE) and not d.get("sac")]


def dice_left(g: Game, pid: int) -> int:
    """Dice owned outside Runaway Workers and not sacrificed (R-17)."""
    return sum(1 for d in player(g, pid)["dice"] if d["at"] not in (RUNAWAY, GONE) and not d.get("sac"))


def occupants(g: Game, space: str) -> list[tuple[int, int]]:
    """``(pid, die index)`` of every worker on ``space``."""
    return [(pid, i) for pid, p in enumerate(g.g["players"]) for i, d in enumerate(p["dice"]) if d["at"] == space]


# -- tracks -------------------------------------------------------------------------------
def change_morale(g: Game, pid: int, delta: int) -> int:
    """Move morale (clamped, EU-MORALE-01); returns the real change. A drop asks for hand-limit discards."""
    p = player(g, pid)
    if p["kind"] == "automa" or delta == 0:
        return 0
    c = data(g).c["morale"]
    if delta > 0:
        cap = penalty_params(g, pid, "morale_cap_3")
        if cap and p["morale"] >= cap["cap"]:
            return 0
    new = max(c["min"], min(c["max"], p["morale"] + delta))
    real, p["morale"] = new - p["morale"], new
    if real < 0:
        push(g, {"effect": "hand_limit", "pid": pid})  # EU-MORALE-03
    return real


def change_knowledge(g: Game, pid: int, delta: int) -> int:
    """Move knowledge (clamped 1..6, EU-KNOW-01; Bok the Game Master caps it)."""
    p = player(g, pid)
    if p["kind"] == "automa" or delta == 0:
        return 0
    c = data(g).c["knowledge"]
    top = query(g, "knowledge_max", pid, c["max"])
    if delta > 0:
        new = min(top, p["knowledge"] + delta) if p["knowledge"] < top else p["knowledge"]
    else:
        new = max(c["min"], p["knowledge"] + delta)
    real, p["knowledge"] = new - p["knowledge"], new
    return real


def knowledge_room(g: Game, pid: int, n: int) -> bool:
    """A knowledge "cost" may not push the track past either end (EU-RECRUIT-06, R-15)."""
    k, c = player(g, pid)["knowledge"], data(g).c["knowledge"]
    return c["min"] <= k + n <= c["max"]


def morale_room(g: Game, pid: int, n: int) -> bool:
    """A morale cost of ``n`` may not take morale below its minimum (EU-RECRUIT-06)."""
    return player(g, pid)["morale"] - n >= data(g).c["morale"]["min"]


def gain(g: Game, pid: int, good: str, n: int = 1, *, room_asked: bool = False) -> int:
    """Give goods (unlimited supply, EU-SETUP-01); penalties may shrink it. Returns what was received.

    Palace of Forced Altruism: resources beyond the cap are lost, but a player holding resources may first
    discard some to make room; that choice is queued (``room`` op) and this call then returns 0.
    """
    p = player(g, pid)
    if p["kind"] == "automa" or n <= 0:
        return 0
    if good in data(g).c["resources"]:
        cap = penalty_params(g, pid, "resource_cap_3")
        if cap:
            held = sum(p["goods"][r] for r in data(g).c["resources"])
            if not room_asked and n > cap["cap"] - held and held:
                push_front(g, {"effect": "room", "pid": pid, "good": good, "n": n})
                return 0
            n = max(0, min(n, cap["cap"] - held))
    p["goods"][good] += n
    if good == "gold" and n:
        fire(g, "gold_gained", pid)
    return n


def payable(g: Game, pid: int, good: str) -> int:
    """How many ``good`` ``pid`` can pay, goods that stand in for it included (query ``stands_in``)."""
    goods = player(g, pid)["goods"]
    return goods[good] + sum(goods[s] for s in query(g, "stands_in", pid, (), good=good))


def pay_now(g: Game, pid: int, good: str, n: int) -> None:
    """Pay ``n`` ``good`` at once, the good itself first, then a stand-in (the caller checked ``payable``)."""
    goods = player(g, pid)["goods"]
    own = min(n, goods[good])
    spend(g, pid, good, own)
    if n > own:
        for stand_in in query(g, "stands_in", pid, (), good=good)[:1]:
            spend(g, pid, stand_in, n - own)


def once_used(g: Game, rid: str) -> bool:
    """Has the "once per turn" ability of recruit ``rid`` been used this turn (R-05 scope)?"""
    return rid in g.g.setdefault("once", [])


def use_once(g: Game, rid: str) -> None:
    """Mark a "once per turn" ability as used; ``start_turn`` clears the marks."""
    g.g.setdefault("once", []).append(rid)


def spend(g: Game, pid: int, good: str, n: int = 1) -> None:
    """Pay goods (the caller checked they are there)."""
    goods = player(g, pid)["goods"]
    if goods[good] < n:
        raise ValueError(f"player {pid} cannot pay {n} {good}")
    goods[good] -= n


def distinct_dice(g: Game, pid: int, dice: list[int]) -> list[int]:
    """``dice`` with one of each (number, place): two 3s on the Farm are one choice for the player."""
    seen: set[tuple[int, str]] = set()
    kept = []
    for i in dice:
        d = g.g["players"][pid]["dice"][i]
        if (d["pips"], d["at"]) not in seen:
            seen.add((d["pips"], d["at"]))
            kept.append(i)
    return kept


# -- recruits and penalties ----------------------------------------------------------------
def recruit_effects(g: Game, pid: int, effect: str) -> list[tuple[str, Any]]:
    """``(recruit id, params)`` of ``pid``'s working recruits with ``effect`` (EU-RECRUIT-01).

    The Academy of Mandatory Equality switches abilities off for players without a star on it. Rule
    modules do not call this with an effect name: they ``fire`` triggers and ``query`` (recruit modules may).
    """
    found = _working(g, pid).get(effect)
    if not found:
        return []
    if g.g["built"] and has_penalty(g, pid, "no_recruit_abilities"):
        return []  # checked last: most calls find no matching recruit and skip the penalty scan
    return list(found)


_NONE: dict[str, list[tuple[str, Any]]] = {}


def _working(g: Game, pid: int) -> dict[str, list[tuple[str, Any]]]:
    """Effect → ``(recruit id, params)`` of ``pid``'s active, not dormant recruits (Academy not checked)."""
    p = g.g["players"][pid]
    if p["kind"] == "automa" or not p["active"]:
        return _NONE
    dormant = p.get("dormant")
    return _effects_of(g.data, tuple(p["active"]), tuple(dormant) if dormant else ())


_EFFECT_INDEX: dict[tuple[int, tuple[str, ...], tuple[str, ...]], dict[str, list[tuple[str, Any]]]] = {}
EFFECT_INDEX_SIZE = 4096
"""Distinct (active, dormant) recruit sets remembered."""


def _effects_of(c: Content, active: tuple[str, ...], dormant: tuple[str, ...]) -> dict[str, list[tuple[str, Any]]]:
    """Effect → ``(recruit id, params)`` of the working recruits among ``active``, built once per set."""
    key = (id(c), active, dormant)
    index = _EFFECT_INDEX.get(key)
    if index is None:
        if len(_EFFECT_INDEX) >= EFFECT_INDEX_SIZE:
            _EFFECT_INDEX.clear()
        index = {}
        for rid in active:
            if rid not in dormant:
                r = c.recruits[rid]
                index.setdefault(r.effect, []).append((rid, r.params))
        _EFFECT_INDEX[key] = index
    return index


def query(g: Game, question: str, pid: int, value: Any, **ctx: Any) -> Any:
    """Fold ``value`` through the replies of ``pid``'s working recruits to ``question`` (``triggers.QUERIES``)."""
    index = _working(g, pid)
    if not index:
        return value
    switched_off: bool | None = None
    for effect, reply in g.engine.abilities.replies(question):
        found = index.get(effect)
        if not found:
            continue
        if switched_off is None:
            switched_off = bool(g.g["built"]) and has_penalty(g, pid, "no_recruit_abilities")
        if switched_off:
            return value
        for rid, params in found:
            value = reply(g, pid, rid, params, value, ctx)
    return value


def query_held(g: Game, question: str, pid: int, value: Any, **ctx: Any) -> Any:
    """``query`` over every active recruit, dormant ones too, which the Academy cannot switch off."""
    p = g.g["players"][pid]
    if p["kind"] == "automa" or not p["active"]:
        return value
    index = _effects_of(g.data, tuple(p["active"]), ())
    for effect, reply in g.engine.abilities.replies(question):
        for rid, params in index.get(effect, ()):
            value = reply(g, pid, rid, params, value, ctx)
    return value


def recruit_way(g: Game, choice: str, key: object) -> Any:
    """The option ``key`` a recruit adds to ``choice`` (a ``triggers.Way``), or None for the rule's own options."""
    return g.engine.abilities.way(choice, key)


def fire(g: Game, trigger: str, pid: int, **ctx: Any) -> None:
    """Announce ``trigger`` for ``pid``: each working recruit whose effect answers it reacts (``triggers.py``)."""
    p = g.g["players"][pid]
    if p["kind"] == "automa" or not p["active"]:
        return
    for effect, answer in g.engine.abilities.answers(trigger):
        for rid, params in recruit_effects(g, pid, effect):
            answer(g, pid, rid, params, ctx)


def penalty_markets(g: Game, pid: int, key: str) -> list[str]:
    """Built markets with penalty ``key`` on which human ``pid`` has no star (EU-MARKET-02/04)."""
    p = player(g, pid)
    if p["kind"] == "automa":
        return []  # market penalties never apply to Automas
    out = []
    for site, tile in g.g["built"].items():
        if data(g).markets[tile].penalty == key and not g.g["stars"].get(f"market:{site}", {}).get(str(pid)):
            out.append(site)
    if out and _ignores_penalties(g, pid):
        return []
    ignored = g.g.get("ignored")
    if out and ignored and ignored["pid"] == pid and ignored["key"] == key:
        return []  # Lieve the Briber / Lionel the Cook: ignored for this placement
    return out


def _ignores_penalties(g: Game, pid: int) -> bool:
    if has_penalty_raw(g, pid, "no_recruit_abilities"):
        return False
    return bool(query_held(g, "ignores_penalties", pid, False))


def has_penalty_raw(g: Game, pid: int, key: str) -> bool:
    """Penalty check without recruit exemptions (used for the Academy itself)."""
    return any(
        data(g).markets[tile].penalty == key and not g.g["stars"].get(f"market:{site}", {}).get(str(pid))
        for site, tile in g.g["built"].items()
    ) and player(g, pid)["kind"] != "automa"


def has_penalty(g: Game, pid: int, key: str) -> bool:
    """True when ``pid`` suffers the penalty ``key`` now."""
    if key == "no_recruit_abilities":
        return has_penalty_raw(g, pid, key) and not query_held(g, "ignores_penalties", pid, False)
    return bool(penalty_markets(g, pid, key))


def penalty_params(g: Game, pid: int, key: str) -> Any:
    """Parameters of penalty ``key`` if ``pid`` suffers it, else None."""
    sites = penalty_markets(g, pid, key)
    return data(g).markets[g.g["built"][sites[0]]].params if sites else None


def faction_name(g: Game, area: str) -> str:
    """"Icarite", "Euphorian"… for an area id."""
    return data(g).area_info[area]["faction"]


def has_faction(g: Game, pid: int, area: str) -> bool:
    """An active recruit of that faction (EU-ALLEG-02, EU-RECRUIT-01)."""
    p = player(g, pid)
    return p["kind"] == "human" and any(data(g).recruits[r].faction == area for r in p["active"])


def track_for_bonus(g: Game, area: str) -> int:
    """Track position used for tier-1/2 bonuses: as it was when the current placement began (EU-ALLEG-04, R-27)."""
    snap = g.g.get("placing")
    return snap["tracks"][area] if snap else g.g["tracks"][area]


def tier_bonus(g: Game, pid: int, area: str, tier: int) -> bool:
    """Does ``pid`` get the tier-1 or tier-2 bonus of ``area`` now (never doubled, EU-ALLEG-06)?"""
    if not has_faction(g, pid, area) or has_penalty(g, pid, "no_tier12_bonus"):
        return False
    return track_for_bonus(g, area) >= data(g).tiers[tier - 1]


# -- stars --------------------------------------------------------------------------------
def stars_left(g: Game, pid: int) -> int:
    """Stars ``pid`` may still place (EU-END-02)."""
    return data(g).c["stars"] - player(g, pid)["stars"]


def place_star(g: Game, pid: int, location: str, *, area: str | None = None, completion: bool = False,
               chained: bool = False) -> bool:
    """Put one of ``pid``'s stars on ``location`` (EU-END-02/04); returns False when none is left (R-20)."""
    if stars_left(g, pid) <= 0:
        g.log(f"{name(pid, g)} has no star left to place on {location}.")
        return False
    p = player(g, pid)
    p["stars"] += 1
    spot = g.g["stars"].setdefault(location, {})
    spot[str(pid)] = spot.get(str(pid), 0) + 1
    g.log(f"{name(pid, g)} places a star on {location_name(g, location)} ({p['stars']}/{data(g).c['stars']}).")
    if p["stars"] == data(g).c["final_trigger_stars"] and not g.g["final"]["triggered"]:
        g.g["final"]["triggered"] = True  # EU-END-01
        g.log(f"{name(pid, g)} placed a 9th star: everyone takes one last turn.")
    if p["kind"] == "human":
        _star_consequences(g, pid, location, area)
        if not chained:
            fire(g, "star_offers", pid, location=location, area=area)
        fire(g, "star_settled", pid, location=location, area=area)
    return True


def _star_consequences(g: Game, pid: int, location: str, area: str | None) -> None:
    """Penalties and recruits that react to a star (Theater, Athenaeum, Curtis, Icarite tier 2)."""
    params = penalty_params(g, pid, "star_knowledge")
    if params:
        change_knowledge(g, pid, params["knowledge"])
    params = penalty_params(g, pid, "star_morale")
    if params:
        change_morale(g, pid, params["morale"])
    fire(g, "star_placed", pid, location=location, area=area)
    if area == "icarus" and tier_bonus(g, pid, "icarus", 2):  # EU-ALLEG-03 Icarite tier 2
        push(g, {"effect": "artifact", "pid": pid})


def location_name(g: Game, location: str) -> str:
    """A readable star location."""
    kind, _, rest = location.partition(":")
    if kind == "market":
        tile = g.g["built"].get(rest)
        return data(g).markets[tile].name if tile else rest
    if kind == "artmarket":
        return next(s.name for s in data(g).spaces.values() if s.kind == "artmarket" and s.area == rest)
    if kind == "recruit":
        return data(g).recruits[rest].name
    if kind == "automa_track":
        return f"the {data(g).area_info[rest]['faction']} track"
    return "the Nimbus Loft" if location == "nimbus_loft" else location


def artmarket_location(area: str) -> str:
    """Star location of an area's artifact market."""
    return f"artmarket:{area}"
