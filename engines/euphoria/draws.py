"""Recruit abilities around gaining artifacts (EU-RECRUIT-05: one drawing ability per draw).

Receiving a card runs the card triggers (Cary, Lars, Jonathan the Gambler). Geek the Oracle, Bradley the
Futurist, Jonathan the Gambler, Phil the Spy and Bora the Storyteller change how a card is drawn; a card
drawn by one of them carries ``via`` and no other drawing ability applies to it. Laura, Esme and Zong's gift
to the other players are here too.
"""

from __future__ import annotations

from engines.core import Game, effects

from .artifacts import bazaar_slots, deck_draw, discard_artifact, others, refill_bazaar, slot_cost, take_from_bazaar
from .moves import lars_offer
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


def _pair(hand: list[str]) -> bool:
    return any(hand.count(t) >= 2 for t in set(hand))


def receive_artifact(g: Game, pid: int, card: str, via: str | None = None, first: list[Op] | None = None) -> None:
    """``card`` joins ``pid``'s hand; then payments in ``first``, card triggers, the hand limit (R-14)."""
    hand = player(g, pid)["artifacts"]
    hand.append(card)
    follow = list(first or [])
    for _, prm in recruit_effects(g, pid, "bear_bonus") if card == "bear" else []:
        gain(g, pid, "food", prm["food"])  # Cary the Carebear
        follow.append({"effect": "choose_good", "pid": pid, "kind": "commodity"})
    follow.append({"effect": "hand_limit", "pid": pid})
    if via == "gambler" and _pair(hand):
        follow += [{"effect": "artifact", "pid": o} for o in others(g, pid)]
        g.log(f"{name(pid, g)} holds a pair: every other player takes an artifact (Jonathan the Gambler).")
    if via is None:
        follow += [{"effect": "ask", "pid": pid, "recruit": rid}
                   for rid, _ in recruit_effects(g, pid, "gambler") if not once_used(g, rid)]
    push_front(g, *follow)
    lars_offer(g, pid, card)


def gambler_allowed(g: Game, op: Op) -> bool:
    """Jonathan the Gambler: once per turn, and only if a bazaar card can be taken."""
    return not once_used(g, op["recruit"]) and bool(bazaar_slots(g, op["pid"]))


def gambler_use(g: Game, op: Op) -> None:
    use_once(g, op["recruit"])
    push_front(g, {"effect": "artifact", "pid": op["pid"], "via": "gambler"})


# -- looking at the deck: Geek the Oracle, Bradley the Futurist --------------------------------------
def _deck_left(g: Game) -> bool:
    return bool(g.g["art_deck"] or g.g["art_discard"])


def geek_allowed(g: Game, op: Op) -> bool:
    """Geek may replace a plain artifact gain by a look at the deck (not combined, EU-RECRUIT-05)."""
    if op.get("via") or not _deck_left(g):
        return False
    pid = op["pid"]
    return any(knowledge_room(g, pid, prm["knowledge"]) for _, prm in recruit_effects(g, pid, "oracle_peek"))


def geek_use(g: Game, op: Op) -> None:
    pid = op["pid"]
    prm = next(p for _, p in recruit_effects(g, pid, "oracle_peek") if knowledge_room(g, pid, p["knowledge"]))
    change_knowledge(g, pid, prm["knowledge"])
    g.log(f"{name(pid, g)} looks at the artifact deck instead of the bazaar (Geek the Oracle).")
    push_front(g, {"effect": "peek", "pid": pid, "n": prm["look"], "via": "geek"})


def geek_label(g: Game, op: Op) -> str:
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


def _artifact_run(g: Game, op: Op) -> list[Token] | None:
    pid = op["pid"]
    if player(g, pid)["kind"] == "automa":
        return None
    options: list[Token] = list(bazaar_slots(g, pid))
    if geek_allowed(g, op):
        options.append("deck")  # Geek the Oracle
    if not options:
        g.log(f"{name(pid, g)} cannot take an artifact (bazaar empty or unaffordable).")
    return options or None


def _artifact_pick(g: Game, op: Op, token: Token) -> None:
    if token == "deck":
        geek_use(g, op)
        return
    pid, slot = op["pid"], int(token) - 1
    cost = slot_cost(g, pid, slot)
    card = take_from_bazaar(g, pid, slot)
    g.log(f"{name(pid, g)} takes a {data(g).artifact_names[card]} from bazaar slot {slot + 1}.")
    follow = [{"effect": "pay", "pid": pid, "unit": "commodity"} for _ in range(cost)]
    if cost and card in ("book", "bifocals"):
        follow += [{"effect": "ask", "pid": pid, "recruit": rid, "card": card}
                   for rid, _ in recruit_effects(g, pid, "reader_swap")]
    receive_artifact(g, pid, card, op.get("via"), follow)


def _artifact_label(g: Game, op: Op, token: Token) -> str:
    if token == "deck":
        return geek_label(g, op)
    slot = int(token) - 1
    card = data(g).artifact_names[g.g["bazaar"][slot]]
    cost = slot_cost(g, op["pid"], slot)
    return f"Take artifact: {card}, bazaar slot {slot + 1} (pay {cost} commodit{'y' if cost == 1 else 'ies'})" \
        if cost else f"Take artifact: {card}, bazaar slot {slot + 1} (free)"


def _artifact_default(g: Game, op: Op, options: list[Token]) -> Token:
    """Timeout: the rightmost (cheapest) bazaar card (spec 6.5)."""
    slots = [o for o in options if isinstance(o, int)]
    return max(slots) if slots else options[0]


EFFECTS: dict[str, effects.Handler] = {
    "artifact": effects.Handler(
        _artifact_run,
        pick=_artifact_pick,
        label=_artifact_label,
        prompt="Take an artifact from the bazaar.",
        default=_artifact_default,
    ),
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
