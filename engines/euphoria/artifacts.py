"""The artifact bazaar (EU-BAZAAR-*), taking and receiving cards, hands, and paying artifacts (EU-ARTMARKET-02).

Recruits change this through queries (``wild_types``, ``bazaar_cost``, ``artmarket_payments``,
``artifact_sources``), triggers (``artifact_received``, ``bazaar_bought``, ``artifact_spent``,
``artmarket_any_paid``) and the ways they add to the ``artpay`` and ``artifact`` choices.
"""

from __future__ import annotations

from engines.core import Game, effects

from .queue import Op, Token, push_front
from .tableau import data, fire, name, penalty_params, player, query, recruit_way


def wild_types(g: Game, pid: int) -> set[str]:
    """Artifact types that count as any type for ``pid`` (wild-card recruits, spec 4.6)."""
    return set(query(g, "wild_types", pid, frozenset()))


def discard_artifact(g: Game, pid: int, kind: str) -> None:
    """Move one card from a hand to the face-up discard pile."""
    player(g, pid)["artifacts"].remove(kind)
    g.g["art_discard"].append(kind)
    if not all(g.g["bazaar"]):
        refill_bazaar(g)  # EU-BAZAAR-04: a short row fills up as soon as discards exist


def slot_cost(g: Game, pid: int, slot: int) -> int:
    """Commodities to take the card in ``slot`` (0-based; EU-BAZAAR-02, Bribe Regulation, Ahmed)."""
    cost = data(g).bazaar_costs[slot]
    params = penalty_params(g, pid, "bazaar_surcharge")
    if params and slot + 1 in params["slots"]:
        cost += params["extra"]
    return query(g, "bazaar_cost", pid, cost, slot=slot)


def commodities_held(g: Game, pid: int) -> int:
    """Total commodities of ``pid``."""
    goods = player(g, pid)["goods"]
    return sum(goods[c] for c in data(g).c["commodities"])


def deck_draw(g: Game) -> str | None:
    """The top deck card; an empty deck first takes the shuffled discard pile (EU-BAZAAR-04)."""
    if not g.g["art_deck"] and g.g["art_discard"]:
        g.g["art_deck"] = g.g["art_discard"]
        g.g["art_discard"] = []
        g.rng.shuffle(g.g["art_deck"])
        g.log("The artifact discard pile is shuffled into a new deck.")
    card = g.draw(g.g["art_deck"], 1)
    return card[0] if card else None


def refill_bazaar(g: Game) -> None:
    """Close gaps towards the right and refill from the left (EU-BAZAAR-03/04)."""
    row = [c for c in g.g["bazaar"] if c]
    size = data(g).c["bazaar_size"]
    while len(row) < size:
        card = deck_draw(g)
        if not card:
            break
        row.insert(0, card)
    g.g["bazaar"] = [""] * (size - len(row)) + row


def take_from_bazaar(g: Game, pid: int, slot: int) -> str:
    """Remove the card in ``slot`` and refill; returns its type."""
    card = g.g["bazaar"][slot]
    g.g["bazaar"][slot] = ""
    refill_bazaar(g)
    return card


def bazaar_slots(g: Game, pid: int) -> list[int]:
    """Slots (1-based) ``pid`` may take and pay for now (Storage: no type already held)."""
    held = set(player(g, pid)["artifacts"])
    no_dupes = bool(penalty_params(g, pid, "no_duplicate_artifacts"))
    return [
        s + 1 for s, card in enumerate(g.g["bazaar"])
        if card and slot_cost(g, pid, s) <= commodities_held(g, pid) and not (no_dupes and card in held)
    ]


def others(g: Game, pid: int) -> list[int]:
    """The other human players in seat order after ``pid`` (Automas hold no goods or cards)."""
    count = len(g.g["players"])
    return [o for o in ((pid + k) % count for k in range(1, count)) if g.g["players"][o]["kind"] == "human"]


# -- paying artifacts ---------------------------------------------------------------------
def pair_types(g: Game, pid: int) -> list[str]:
    """Types ``pid`` can hand in as an identical pair (wild cards fill in)."""
    hand = player(g, pid)["artifacts"]
    wild = sum(hand.count(w) for w in wild_types(g, pid))
    need = data(g).artmarket_identical
    out = []
    for t in data(g).artifact_types:
        extra = wild - (hand.count(t) if t in wild_types(g, pid) else 0)
        if hand.count(t) and hand.count(t) + extra >= need:
            out.append(t)
    return out


def artmarket_options(g: Game, pid: int) -> list[str]:
    """Ways to pay at an artifact market: ``pair_<type>`` or ``any`` (three cards; Courthouse: only that)."""
    out = [] if penalty_params(g, pid, "no_pairs") is not None else [f"pair_{t}" for t in pair_types(g, pid)]
    if len(player(g, pid)["artifacts"]) >= data(g).artmarket_any:
        out.append("any")
    return query(g, "artmarket_payments", pid, out)


def spend_type(g: Game, pid: int, kind: str) -> None:
    """Hand in one card of ``kind`` (or a wild card standing in for it)."""
    hand = player(g, pid)["artifacts"]
    card = kind if kind in hand else next(w for w in sorted(wild_types(g, pid)) if w in hand)
    discard_artifact(g, pid, card)
    spent(g, pid, card)


def spent(g: Game, pid: int, card: str) -> None:
    """A card was handed in (recruits may react: ``artifact_spent``)."""
    fire(g, "artifact_spent", pid, card=card)


def can_spend_types(g: Game, pid: int, needs: dict[str, int]) -> bool:
    """Whether named artifact types can be paid (exact type first, then wild cards)."""
    hand = list(player(g, pid)["artifacts"])
    wild = wild_types(g, pid)
    short = 0
    for kind, n in needs.items():
        have = min(hand.count(kind), n)
        for _ in range(have):
            hand.remove(kind)
        short += n - have
    return short <= sum(1 for c in hand if c in wild)


# -- taking an artifact -------------------------------------------------------------------------
def receive_artifact(g: Game, pid: int, card: str, via: str | None = None, first: list[Op] | None = None) -> None:
    """``card`` joins ``pid``'s hand; then payments in ``first``, card triggers, the hand limit (R-14).

    ``via``: the drawing ability that drew it (EU-RECRUIT-05: then no other one applies). Recruits answer
    ``artifact_received`` by adding records to ``first`` (before the hand limit) or ``then`` (after it).
    """
    player(g, pid)["artifacts"].append(card)
    follow, then = list(first or []), []
    fire(g, "artifact_received", pid, card=card, via=via, first=follow, then=then)
    push_front(g, *follow, {"effect": "hand_limit", "pid": pid}, *then)


def _artifact_run(g: Game, op: Op) -> list[Token] | None:
    pid = op["pid"]
    if player(g, pid)["kind"] == "automa":
        return None
    options: list[Token] = query(g, "artifact_sources", pid, list(bazaar_slots(g, pid)), op=op)
    if not options:
        g.log(f"{name(pid, g)} cannot take an artifact (bazaar empty or unaffordable).")
    return options or None


def _artifact_pick(g: Game, op: Op, token: Token) -> None:
    way = recruit_way(g, "artifact", token)
    if way:
        way.pick(g, op, token)
        return
    pid, slot = op["pid"], int(token) - 1
    cost = slot_cost(g, pid, slot)
    card = take_from_bazaar(g, pid, slot)
    g.log(f"{name(pid, g)} takes a {data(g).artifact_names[card]} from bazaar slot {slot + 1}.")
    follow = [{"effect": "pay", "pid": pid, "unit": "commodity"} for _ in range(cost)]
    fire(g, "bazaar_bought", pid, card=card, cost=cost, follow=follow)
    receive_artifact(g, pid, card, op.get("via"), follow)


def _artifact_label(g: Game, op: Op, token: Token) -> str:
    way = recruit_way(g, "artifact", token)
    if way:
        return way.label(g, op, token)
    slot = int(token) - 1
    card = data(g).artifact_names[g.g["bazaar"][slot]]
    cost = slot_cost(g, op["pid"], slot)
    return f"Take artifact: {card}, bazaar slot {slot + 1} (pay {cost} commodit{'y' if cost == 1 else 'ies'})" \
        if cost else f"Take artifact: {card}, bazaar slot {slot + 1} (free)"


def _artifact_default(g: Game, op: Op, options: list[Token]) -> Token:
    """Timeout: the rightmost (cheapest) bazaar card (spec 6.5)."""
    slots = [o for o in options if isinstance(o, int)]
    return max(slots) if slots else options[0]


def _artpay_run(g: Game, op: Op) -> list[Token] | None:
    return artmarket_options(g, op["pid"]) or None


def _artpay_pick(g: Game, op: Op, token: Token) -> None:
    pid = op["pid"]
    way = recruit_way(g, "artpay", token)
    if way:
        way.pick(g, op, token)
        return
    if token == "any":
        push_front(g, *({"effect": "spend_artifact", "pid": pid} for _ in range(data(g).artmarket_any)))
        fire(g, "artmarket_any_paid", pid)
        return
    kind = str(token)[len("pair_"):]
    for _ in range(data(g).artmarket_identical):
        spend_type(g, pid, kind)
    g.log(f"{name(pid, g)} hands in a pair of {data(g).artifact_names[kind]}.")


def _artpay_label(g: Game, op: Op, token: Token) -> str:
    way = recruit_way(g, "artpay", token)
    if way:
        return way.label(g, op, token)
    if token == "any":
        return f"Hand in {data(g).artmarket_any} artifacts of any type"
    return f"Hand in a pair of {data(g).artifact_names[str(token)[5:]]}"


def _spend_run(g: Game, op: Op) -> list[Token] | None:
    hand = player(g, op["pid"])["artifacts"]
    return sorted(set(hand), key=data(g).artifact_types.index) or None


def _spend_pick(g: Game, op: Op, token: Token) -> None:
    discard_artifact(g, op["pid"], str(token))
    spent(g, op["pid"], str(token))
    g.log(f"{name(op['pid'], g)} hands in a {data(g).artifact_names[str(token)]}.")


EFFECTS: dict[str, effects.Handler] = {
    "artifact": effects.Handler(
        _artifact_run,
        pick=_artifact_pick,
        label=_artifact_label,
        prompt="Take an artifact from the bazaar.",
        default=_artifact_default,
    ),
    "artpay": effects.Handler(
        _artpay_run,
        pick=_artpay_pick,
        label=_artpay_label,
        prompt="How do you pay at the artifact market?",
        default=lambda g, op, opts: opts[0],
    ),
    "spend_artifact": effects.Handler(
        _spend_run,
        pick=_spend_pick,
        label=lambda g, op, t: f"Hand in a {data(g).artifact_names[str(t)]}",
        prompt="Choose an artifact to hand in.",
        default=lambda g, op, opts: max(opts, key=lambda t: player(g, op["pid"])["artifacts"].count(t)),
    ),
}
"""The effects this module handles, by the name their records carry."""
