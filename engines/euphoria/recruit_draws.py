"""Recruit abilities around gaining artifacts (EU-RECRUIT-05: one drawing ability per draw).

Receiving a card runs the card triggers (Cary, Jonathan the Gambler; Lars is in ``recruit_moves``). Geek the
Oracle, Bradley the Futurist, Jonathan the Gambler, Phil the Spy and Bora the Storyteller change how a card is
drawn; a card drawn by one of them carries ``via`` and no other drawing ability applies to it. Pamhidzai's swap,
Laura, Esme and Zong's gift to the other players are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Game, effects

from .artifacts import (
    bazaar_slots,
    deck_draw,
    discard_artifact,
    others,
    receive_artifact,
    refill_bazaar,
    take_from_bazaar,
)
from .queue import Op, Token, push, push_front
from .tableau import (
    change_knowledge,
    change_morale,
    data,
    gain,
    knowledge_room,
    name,
    once_used,
    penalty_params,
    player,
    recruit_effects,
    spend,
    use_once,
)
from .triggers import Answer, Reply, Way

Ctx = dict[str, Any]


def _pair(hand: list[str]) -> bool:
    return any(hand.count(t) >= 2 for t in set(hand))


def _bear(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    """Cary the Carebear: a Bear brings 1 food now and 1 commodity of choice."""
    if ctx["card"] == "bear":
        gain(g, pid, "food", prm["food"])
        ctx["first"].append({"effect": "choose_good", "pid": pid, "kind": "commodity"})


def _gambler(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    """Jonathan the Gambler: offered after a plain draw; a card he drew that makes a pair feeds the others."""
    if ctx["via"] == "gambler" and _pair(player(g, pid)["artifacts"]):
        ctx["then"].extend({"effect": "artifact", "pid": o} for o in others(g, pid))
        g.log(f"{name(pid, g)} holds a pair: every other player takes an artifact (Jonathan the Gambler).")
    elif ctx["via"] is None and not once_used(g, rid):
        ctx["then"].append({"effect": "ask", "pid": pid, "recruit": rid})


def gambler_allowed(g: Game, op: Op) -> bool:
    """Jonathan the Gambler: once per turn, and only if a bazaar card can be taken."""
    return not once_used(g, op["recruit"]) and bool(bazaar_slots(g, op["pid"]))


def gambler_use(g: Game, op: Op) -> None:
    use_once(g, op["recruit"])
    push_front(g, {"effect": "artifact", "pid": op["pid"], "via": "gambler"})


# -- looking at the deck: Geek the Oracle, Bradley the Futurist --------------------------------------
def _deck_left(g: Game) -> bool:
    return bool(g.g["art_deck"] or g.g["art_discard"])


def _geek_source(g: Game, pid: int, rid: str, prm: Mapping[str, Any], value: list, ctx: Ctx) -> list:
    """Geek may replace a plain artifact gain by a look at the deck (not combined, EU-RECRUIT-05)."""
    if ctx["op"].get("via") or not _deck_left(g) or "deck" in value or not knowledge_room(g, pid, prm["knowledge"]):
        return value
    return [*value, "deck"]


def geek_use(g: Game, op: Op, token: Token = "deck") -> None:
    pid = op["pid"]
    prm = next(p for _, p in recruit_effects(g, pid, "oracle_peek") if knowledge_room(g, pid, p["knowledge"]))
    change_knowledge(g, pid, prm["knowledge"])
    g.log(f"{name(pid, g)} looks at the artifact deck instead of the bazaar (Geek the Oracle).")
    push_front(g, {"effect": "peek", "pid": pid, "n": prm["look"], "via": "geek"})


def geek_label(g: Game, op: Op, token: Token = "deck") -> str:
    prm = next(p for _, p in recruit_effects(g, op["pid"], "oracle_peek"))
    return f"Gain {prm['knowledge']} knowledge: look at the top {prm['look']} deck cards instead (Geek)"


def bradley_allowed(g: Game, op: Op) -> bool:
    return _deck_left(g) and knowledge_room(g, op["pid"], data(g).recruits[op["recruit"]].params["knowledge"])


def bradley_use(g: Game, op: Op) -> None:
    prm = data(g).recruits[op["recruit"]].params
    change_knowledge(g, op["pid"], prm["knowledge"])
    push_front(g, {"effect": "peek", "pid": op["pid"], "n": prm["look"], "via": "bradley"})


def _peek_run(g: Game, op: Op) -> list[Token] | None:
    if "cards" not in op:
        op["cards"] = [c for c in (deck_draw(g) for _ in range(op["n"])) if c]
        if op["cards"]:
            names = ", ".join(data(g).artifact_names[c] for c in op["cards"])
            g.log(f"You look at the top of the artifact deck: {names}.", to=[op["pid"]])
    options = sorted(set(op["cards"]) - _refused(g, op["pid"]), key=data(g).artifact_types.index)
    if not options:
        g.log(f"{name(op['pid'], g)} keeps no artifact from the deck.")
        _to_discard(g, op["cards"])
        return None
    return options


def _refused(g: Game, pid: int) -> set[str]:
    """Types the Storage of Insufficient Capacity forbids ``pid`` to take (those already held)."""
    return set(player(g, pid)["artifacts"]) if penalty_params(g, pid, "no_duplicate_artifacts") else set()


def _to_discard(g: Game, cards: list[str]) -> None:
    """Cards looked at but not kept go face up to the discard pile (a short bazaar row refills)."""
    g.g["art_discard"] += cards
    if cards and not all(g.g["bazaar"]):
        refill_bazaar(g)


def _peek_pick(g: Game, op: Op, token: Token) -> None:
    rest = list(op["cards"])
    rest.remove(str(token))
    _to_discard(g, rest)
    g.log(f"{name(op['pid'], g)} takes 1 artifact from the deck"
          + (f"; a {', '.join(data(g).artifact_names[c] for c in rest)} goes to the discard pile." if rest else "."))
    receive_artifact(g, op["pid"], str(token), op["via"])


# -- Phil the Spy: a random card from another player's hand ------------------------------------------
def _victims(g: Game, pid: int) -> list[int]:
    return [o for o in others(g, pid) if player(g, o)["artifacts"]]


def spy_allowed(g: Game, op: Op) -> bool:
    prm = data(g).recruits[op["recruit"]].params
    return bool(_victims(g, op["pid"])) and knowledge_room(g, op["pid"], prm["knowledge"])


def spy_use(g: Game, op: Op) -> None:
    change_knowledge(g, op["pid"], data(g).recruits[op["recruit"]].params["knowledge"])
    push_front(g, {"effect": "spy", "pid": op["pid"]})


def _spy_pick(g: Game, op: Op, token: Token) -> None:
    victim = int(token)
    hand = player(g, victim)["artifacts"]
    card = g.rng.choice(sorted(hand))
    hand.remove(card)
    g.reveal()
    g.log(f"{name(op['pid'], g)} takes a random artifact from {name(victim, g)} (Phil the Spy).")
    g.log(f"Phil the Spy: the card is a {data(g).artifact_names[card]}.", to=[op["pid"], victim])
    receive_artifact(g, op["pid"], card, "spy")


# -- Laura the Philanthropist: 1 gold to another player for 2 artifacts -------------------------------
def _laura_run(g: Game, op: Op) -> list[Token] | None:
    prm = data(g).recruits[op["recruit"]].params
    if player(g, op["pid"])["goods"]["gold"] < prm["gold"] or not others(g, op["pid"]):
        return None
    return ["no", *others(g, op["pid"])]


def _laura_pick(g: Game, op: Op, token: Token) -> None:
    if token == "no":
        return
    pid, prm = op["pid"], data(g).recruits[op["recruit"]].params
    spend(g, pid, "gold", prm["gold"])
    g.log(f"{name(pid, g)} gives {prm['gold']} gold to {name(int(token), g)} (Laura the Philanthropist).")
    push_front(g, *({"effect": "artifact", "pid": pid} for _ in range(prm["artifacts"])))
    gain(g, int(token), "gold", prm["gold"])


def _laura_label(g: Game, op: Op, token: Token) -> str:
    if token == "no":
        return "Keep the gold"
    prm = data(g).recruits[op["recruit"]].params
    return f"Give {prm['gold']} gold to {name(int(token), g)}: take {prm['artifacts']} artifacts (Laura)"


# -- Esme the Fireman: a star lets you burn an artifact -----------------------------------------------
def _esme_run(g: Game, op: Op) -> list[Token] | None:
    hand = player(g, op["pid"])["artifacts"]
    return ["no", *sorted(set(hand), key=data(g).artifact_types.index)] if hand else None


def _esme_pick(g: Game, op: Op, token: Token) -> None:
    if token == "no":
        return
    pid, prm = op["pid"], data(g).recruits[op["recruit"]].params
    times = 2 if token == prm["double"] else 1
    discard_artifact(g, pid, str(token))
    gain(g, pid, "energy", prm["energy"] * times)
    g.log(f"{name(pid, g)} discards a {data(g).artifact_names[str(token)]} for {prm['energy'] * times} energy "
          f"(Esme the Fireman).")
    push_front(g, {"effect": "esme_mood", "pid": pid, "recruit": op["recruit"], "times": times})


def _esme_label(g: Game, op: Op, token: Token) -> str:
    if token == "no":
        return "Keep your artifacts"
    prm = data(g).recruits[op["recruit"]].params
    times = 2 if token == prm["double"] else 1
    return f"Discard a {data(g).artifact_names[str(token)]}: +{prm['energy'] * times} energy, then morale or knowledge"


def _mood_pick(g: Game, op: Op, token: Token) -> None:
    prm = data(g).recruits[op["recruit"]].params
    if token == "morale":
        change_morale(g, op["pid"], prm["morale"] * op["times"])
    else:
        change_knowledge(g, op["pid"], prm["knowledge"] * op["times"])


def _mood_label(g: Game, op: Op, token: Token) -> str:
    prm = data(g).recruits[op["recruit"]].params
    return f"Morale +{prm['morale'] * op['times']}" if token == "morale" else \
        f"Knowledge {prm['knowledge'] * op['times']}"


# -- Zong the Astronomer: each other player may take 1 bliss ----------------------------------------------
def _gift_pick(g: Game, op: Op, token: Token) -> None:
    if token == "yes":
        got = gain(g, op["pid"], op["good"])
        g.log(f"{name(op['pid'], g)} takes {got} {op['good']} ({data(g).recruits[op['recruit']].name}).")


def zong_gifts(g: Game, pid: int, rid: str, good: str) -> None:
    """Queue the optional gift for every other human player."""
    push(g, *({"effect": "gift", "pid": o, "good": good, "recruit": rid} for o in others(g, pid)))


# -- Bora the Storyteller: a Book or Bifocals for a free bazaar card or a resource ------------------------
def _story_run(g: Game, op: Op) -> list[Token] | None:
    refused = _refused(g, op["pid"])
    return [s + 1 for s, card in enumerate(g.g["bazaar"]) if card and card not in refused] + ["resource"]


def _story_pick(g: Game, op: Op, token: Token) -> None:
    pid = op["pid"]
    if token == "resource":
        push_front(g, {"effect": "choose_good", "pid": pid, "kind": "resource"})
        return
    card = take_from_bazaar(g, pid, int(token) - 1)
    g.log(f"{name(pid, g)} takes a {data(g).artifact_names[card]} from bazaar slot {token} for free (Bora).")
    receive_artifact(g, pid, card, "bora")


def _story_label(g: Game, op: Op, token: Token) -> str:
    if token == "resource":
        return "Take 1 resource"
    return f"Take the {data(g).artifact_names[g.g['bazaar'][int(token) - 1]]} from slot {token} for free"


def _reader(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    """Pamhidzai the Reader: a Book or Bifocals paid for may be swapped for commodities."""
    if ctx["cost"] and ctx["card"] in ("book", "bifocals"):
        ctx["follow"].append({"effect": "ask", "pid": pid, "recruit": rid, "card": ctx["card"]})


EFFECTS: dict[str, effects.Handler] = {
    "peek": effects.Handler(
        _peek_run,
        pick=_peek_pick,
        prompt="Keep one of the cards from the top of the deck.",
        secret=("cards",),
        label=lambda g, op, t: f"Keep the {data(g).artifact_names[str(t)]}",
    ),
    "spy": effects.Handler(
        lambda g, op: [*_victims(g, op["pid"])] or None,
        pick=_spy_pick,
        prompt="Phil the Spy: whose hand do you take a random artifact from?",
        label=lambda g, op, t: f"Take a random artifact from {name(int(t), g)}",
    ),
    "laura": effects.Handler(
        _laura_run,
        pick=_laura_pick,
        label=_laura_label,
        auto_single=False,
        default=lambda g, op, opts: "no",
        prompt="Laura the Philanthropist: give 1 gold away to take 2 artifacts?",
    ),
    "esme": effects.Handler(
        _esme_run,
        pick=_esme_pick,
        label=_esme_label,
        auto_single=False,
        default=lambda g, op, opts: "no",
        prompt="Esme the Fireman: discard an artifact for energy?",
    ),
    "esme_mood": effects.Handler(
        lambda g, op: ["morale", "knowledge"],
        pick=_mood_pick,
        label=_mood_label,
        auto_single=False,
        prompt="Esme the Fireman: choose one.",
    ),
    "gift": effects.Handler(
        lambda g, op: ["yes", "no"],
        pick=_gift_pick,
        auto_single=False,
        default=lambda g, op, opts: "no",
        prompt="Another player's recruit offers you a good.",
        label=lambda g, op, t: (f"Take 1 {op['good']} ({data(g).recruits[op['recruit']].name})"
                                if t == "yes" else "Decline"),
    ),
    "story": effects.Handler(
        _story_run,
        pick=_story_pick,
        label=_story_label,
        auto_single=False,
        prompt="Bora the Storyteller: a free bazaar card (any slot) or 1 resource?",
    ),
}
"""The effects this module handles, by the name their records carry."""

ABILITIES: dict[str, dict[str, Answer | Reply]] = {
    "bear_bonus": {"artifact_received": _bear},
    "gambler": {"artifact_received": _gambler},
    "oracle_peek": {"artifact_sources": _geek_source},
    "reader_swap": {"bazaar_bought": _reader},
}
"""Answers by recruit effect name."""
WAYS: dict[str, dict[str, Way]] = {"artifact": {"deck": Way(label=geek_label, pick=geek_use)}}
"""Geek's look at the deck, an option of the ``artifact`` choice."""
