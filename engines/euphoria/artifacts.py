"""The artifact bazaar (EU-BAZAAR-*), hands, and paying artifacts (EU-ARTMARKET-02, market costs)."""

from __future__ import annotations

from engines.core import Game, effects

from .queue import Op, Token, push_front
from .tableau import data, name, payable, penalty_params, player, recruit_effects


def wild_types(g: Game, pid: int) -> set[str]:
    """Artifact types that count as any type for ``pid`` (wild-card recruits, spec 4.6)."""
    return {prm["type"].lower().replace(" ", "_") for _, prm in recruit_effects(g, pid, "wild_artifact")}


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
    for _, prm in recruit_effects(g, pid, "bazaar_discount"):
        cost = max(0, cost - prm["n"])
    return cost


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
    p = player(g, pid)
    for _, prm in recruit_effects(g, pid, "artmarket_bliss_payment")[:1]:
        if p["artifacts"] and payable(g, pid, "bliss") >= prm["bliss"]:
            out.append("mosi")  # Mosi the Patron
    for _, prm in recruit_effects(g, pid, "artmarket_single")[:1]:
        if len(p["artifacts"]) >= prm["artifacts"]:
            out.append("jacko")  # Jacko the Archivist
    return out


def spend_type(g: Game, pid: int, kind: str) -> None:
    """Hand in one card of ``kind`` (or a wild card standing in for it)."""
    hand = player(g, pid)["artifacts"]
    card = kind if kind in hand else next(w for w in sorted(wild_types(g, pid)) if w in hand)
    discard_artifact(g, pid, card)
    spent(g, pid, card)


def spent(g: Game, pid: int, card: str) -> None:
    """Javier the Underground Librarian: each Book spent gives 1 resource."""
    for _, prm in recruit_effects(g, pid, "wild_artifact"):
        if prm.get("spend_bonus") and card == prm["type"].lower():
            push_front(g, {"effect": "choose_good", "pid": pid, "kind": prm["spend_bonus"]})


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


def _artpay_run(g: Game, op: Op) -> list[Token] | None:
    return artmarket_options(g, op["pid"]) or None


def _artpay_pick(g: Game, op: Op, token: Token) -> None:
    pid = op["pid"]
    if token == "mosi":
        n = recruit_effects(g, pid, "artmarket_bliss_payment")[0][1]["bliss"]
        push_front(g, *({"effect": "pay", "pid": pid, "unit": "bliss"} for _ in range(n)), {"effect": "spend_artifact",
                                                                                      "pid": pid})
        return
    if token == "jacko":
        n = recruit_effects(g, pid, "artmarket_single")[0][1]["artifacts"]
        push_front(g, *({"effect": "spend_artifact", "pid": pid} for _ in range(n)),
                   *({"effect": "artifact", "pid": o} for o in others(g, pid)))
        g.log(f"{name(pid, g)} hands in just {n} artifact; every other player takes one (Jacko the Archivist).")
        return
    if token == "any":
        push_front(g, *({"effect": "spend_artifact", "pid": pid} for _ in range(data(g).artmarket_any)))
        if recruit_effects(g, pid, "three_artifacts_goods"):
            push_front(g, {"effect": "choose_good", "pid": pid, "kind": "resource"},
                       {"effect": "choose_good", "pid": pid, "kind": "commodity"})
        return
    kind = str(token)[len("pair_"):]
    for _ in range(data(g).artmarket_identical):
        spend_type(g, pid, kind)
    g.log(f"{name(pid, g)} hands in a pair of {data(g).artifact_names[kind]}.")


def _artpay_label(g: Game, op: Op, token: Token) -> str:
    if token == "any":
        return f"Hand in {data(g).artmarket_any} artifacts of any type"
    if token == "mosi":
        return "Hand in 1 artifact and 2 bliss (Mosi the Patron)"
    if token == "jacko":
        return "Hand in just 1 artifact; every other player takes 1 (Jacko the Archivist)"
    return f"Hand in a pair of {data(g).artifact_names[str(token)[5:]]}"


def _spend_run(g: Game, op: Op) -> list[Token] | None:
    hand = player(g, op["pid"])["artifacts"]
    return sorted(set(hand), key=data(g).artifact_types.index) or None


def _spend_pick(g: Game, op: Op, token: Token) -> None:
    discard_artifact(g, op["pid"], str(token))
    spent(g, op["pid"], str(token))
    g.log(f"{name(op['pid'], g)} hands in a {data(g).artifact_names[str(token)]}.")


EFFECTS: dict[str, effects.Handler] = {
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
