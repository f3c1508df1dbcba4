"""The Support actions that ask (SC-ACT-WEAPONS, SC-ACT-PROGRESS, SC-ACT-CELESTIUM, SC-ACT-REFRESH): the
choices the interpreter's atoms queue in front of the effect queue."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from .content import DOMAINS, thaw
from .fight import equipped_count
from .support import advance, player
from .words import article, describe

WEAPON, PROGRESS, CELESTIUM, SLOT, REFRESH = "weapon", "progress", "celestium", "slot_action", "refresh"
"""Effect names."""
NODE = "node"


def run_weapon(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-ACT-WEAPONS-01/02/04: take Weapons into free slots; full slots: discard an old one or decline."""
    seat = item["owner"]
    p = player(g, seat)
    while item["left"] > 0:
        if g.g["supply"]["weapons"] <= 0:
            g.log("The Weapon supply is empty.")
            return None
        if len(p["weapons"]) + equipped_count(g, seat) >= g.data.intelligences[p["intel"]].weapon_slots:
            return ["decline", *sorted({p["weapons"].index(k) for k in p["weapons"]})]
        _take_weapon(g, seat, item["kind"], item.get("tag"))
        item["left"] -= 1
    return None


def _take_weapon(g: Game, seat: int, kind: str, tag: str | None = None) -> None:
    if tag and g.g.get("turn"):  # #3 Analytic Raid: "that Weapon" (SC-REF-03)
        g.g["turn"].setdefault("tagged", {})[tag] = kind
    player(g, seat)["weapons"].append(kind)
    g.g["supply"]["weapons"] -= 1
    g.log(f"{{seat{seat}}} takes {article(g.data.supplies['weapons']['kinds'][kind]['name'])} Weapon.")


def pick_weapon(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "decline":
        return
    p = player(g, item["owner"])
    p["weapons"].pop(token)
    g.g["supply"]["weapons"] += 1
    _take_weapon(g, item["owner"], item["kind"], item.get("tag"))
    if item["left"] > 1:
        effects.push_front(g, {**item, "left": item["left"] - 1})


def label_weapon(g: Game, item: dict[str, Any], token: Any) -> str:
    new = g.data.supplies["weapons"]["kinds"][item["kind"]]["name"]
    if token == "decline":
        return f"Keep your Weapons (no new {new} Weapon)"
    old = g.data.supplies["weapons"]["kinds"][player(g, item["owner"])["weapons"][token]]["name"]
    return f"Discard {article(old)} Weapon to take the {new} one"


def run_progress(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-ACT-PROGRESS-01..03: advance a Knowledge Marker of your choice, ``left`` times (no Subroutine)."""
    know = player(g, item["owner"])["knowledge"]
    only = item.get("domain")
    options = [d for d in DOMAINS if know[d] < g.data.rules["knowledge_track"]["spaces"]
               and (only in (None, "X") or d == only)]
    return options or None


def pick_progress(g: Game, item: dict[str, Any], token: Any) -> None:
    advance(g, item["owner"], token)
    if item["left"] > 1:
        effects.push_front(g, {**item, "left": item["left"] - 1})


def label_progress(g: Game, item: dict[str, Any], token: Any) -> str:
    k = player(g, item["owner"])["knowledge"][token]
    return f"Progress in {g.data.domains[token].name} ({k} → {k + 1})"


def run_celestium(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-ACT-CELESTIUM-01/02/05: each token into a slot of your choice (a full one: the old one goes back)."""
    if g.g["supply"]["celestium"] <= 0:
        g.log("The Celestium supply is empty.")
        return None
    return [*range(len(player(g, item["owner"])["celestium"])), "decline"]


def pick_celestium(g: Game, item: dict[str, Any], token: Any) -> None:
    seat = item["owner"]
    if token == "decline":
        g.log(f"{{seat{seat}}} leaves the Celestium in the supply.")
        return
    slots = player(g, seat)["celestium"]
    if not slots[token]:
        g.g["supply"]["celestium"] -= 1
    slots[token] = True
    g.log(f"{{seat{seat}}} puts a Celestium in slot {token + 1}.")
    more = [{**item, "left": item["left"] - 1}] if item["left"] > 1 else []
    effects.push_front(g, effects.effect(SLOT, seat, slot=token), *more)


def label_celestium(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "decline":
        return "Leave the Celestium in the supply"
    p = player(g, item["owner"])
    action = describe(g.data.intelligences[p["intel"]].celestium_slots[token])
    return f"Slot {token + 1} ({action})" + (", replacing its Celestium" if p["celestium"][token] else "")


def default_celestium(g: Game, item: dict[str, Any], options: list[Any]) -> Any:
    slots = player(g, item["owner"])["celestium"]
    return next((i for i in options if i != "decline" and not slots[i]), "decline")


def run_slot(g: Game, item: dict[str, Any]) -> list[Any] | None:
    return ["use", "skip"]


def pick_slot(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "use":
        seat = item["owner"]
        tree = g.data.intelligences[player(g, seat)["intel"]].celestium_slots[item["slot"]]
        effects.push_front(g, effects.effect(NODE, seat, node=thaw(tree)))


def label_slot(g: Game, item: dict[str, Any], token: Any) -> str:
    tree = g.data.intelligences[player(g, item["owner"])["intel"]].celestium_slots[item["slot"]]
    return f"Use the slot: {describe(tree)}" if token == "use" else "Do not use the slot"


def run_refresh(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-ACT-REFRESH-01..04: up to N cards from the Discard Pile and/or Queue back to hand, one at a time."""
    if item["left"] != "*" and item["left"] <= 0:
        return None
    p = player(g, item["owner"])
    energiser = dict(g.data.energisers)
    seen: dict[Any, Any] = {}
    for c in sorted(set(p["discard"]), key=str):  # one Energiser per Domain: they look the same
        seen.setdefault(energiser[c] if isinstance(c, str) else c, c)
    options: list[Any] = ["done"] + [f"d{c}" for c in seen.values()]
    options += [f"q{i}" for i in range(len(p["queue"]))]
    if p["active"] is not None and not g.g["turn"].get("refresh_active"):
        options.append("active")
    return options if len(options) > 1 else None


def pick_refresh(g: Game, item: dict[str, Any], token: Any) -> None:
    seat = item["owner"]
    p = player(g, seat)
    if token == "done":
        return
    if token == "active":  # SC-ACT-REFRESH-03: back to hand after resolving; no Load discard
        g.g["turn"]["refresh_active"] = True
    elif token.startswith("q"):
        p["hand"].append(p["queue"].pop(int(token[1:])))  # SC-ACT-REFRESH-02: the gap refills at Load
    else:
        card = _card(token[1:])
        p["discard"].remove(card)
        p["hand"].append(card)
    g.log(f"{{seat{seat}}} Refreshes a card.")
    left = item["left"] if item["left"] == "*" else item["left"] - 1
    effects.push_front(g, {**item, "left": left})


def _card(text: str) -> int | str:
    return int(text) if text.isdigit() else text


def label_refresh(g: Game, item: dict[str, Any], token: Any) -> str:
    p = player(g, item["owner"])
    if token == "done":
        return "Stop refreshing"
    if token == "active":
        return f"Refresh {g.data.functions[p['active']].name} (the Active Function)"
    if token.startswith("q"):
        return f"Refresh {g.data.functions[p['queue'][int(token[1:])]].name} from your Queue"
    card = _card(token[1:])
    name = g.data.functions[card].name if isinstance(card, int) else \
        f"{article(g.data.domains[dict(g.data.energisers)[card]].name)} Energiser"
    return f"Refresh {name} from your Discard Pile"


def _first(g: Game, item: dict[str, Any], options: list[Any]) -> Any:
    return options[0]


EFFECTS = {
    WEAPON: Handler(run_weapon, pick=pick_weapon, label=label_weapon, prompt="Your Weapon slots are full.",
                    auto_single=False, default=_first),
    PROGRESS: Handler(run_progress, pick=pick_progress, label=label_progress, prompt="Progress: which Domain?"),
    CELESTIUM: Handler(run_celestium, pick=pick_celestium, label=label_celestium, prompt="Celestium: which slot?",
                       default=default_celestium),
    SLOT: Handler(run_slot, pick=pick_slot, label=label_slot, prompt="Use the slot's Action?", auto_single=False),
    REFRESH: Handler(run_refresh, pick=pick_refresh, label=label_refresh, prompt="Refresh: which card?",
                     auto_single=False, default=_first, secret=("secret",)),
}
"""The asking Support actions' effect handlers."""
