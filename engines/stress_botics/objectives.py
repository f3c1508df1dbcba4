"""Secondary Objectives checked at final scoring, with the Delivery Markers placed for the most VP
(SB-SCORE-03, spec 4.10, spec 6.3 #25). The item and capture predicates count the extensions and the
Cylindroid container from rules version 4 on; games of versions 1-3 score as they did (those predicates
counted nothing there)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Game

from .item_cards import card as item_card
from .robots import delta, solo
from .stress import player
from .tanks import holdings


def containers(p: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in p["cargo"].values() if isinstance(c, dict)]


def _stored(p: dict[str, Any], res: str) -> int:
    return holdings(p).get(res, 0)


CYLINDROIDS = ("MIN", "LAS", "EXP")


def _counted(g: Game) -> bool:
    """Rules version 4: items and captures count (earlier versions read fields that were never there)."""
    return g.rules_version >= 4


def _items(g: Game, p: dict[str, Any], q: dict[str, Any]) -> bool:
    """Items equipped, covered ones too, of ``q["family"]`` if given, at least ``q["min"]``."""
    equipped = [c for stack in (p.get("ext") or {}).values() for c in stack] if _counted(g) else []
    return sum(1 for c in equipped if "family" not in q or item_card(g, c)["family"] == q["family"]) >= q["min"]


def _all_extensions(g: Game, p: dict[str, Any], q: dict[str, Any]) -> bool:
    """Each of the board's extensions holds an item."""
    ext = p.get("ext") or {}
    return _counted(g) and all(ext.get(x["id"]) for x in g.data["boards"]["player_board"]["extensions"])


def _captured(g: Game, p: dict[str, Any], q: dict[str, Any]) -> int:
    """Captured Cylindroids held: in the container and on storage items."""
    if not _counted(g):
        return 0
    stored = sum(n for held in (p.get("store") or {}).values() for k, n in held.items() if k[:3] in CYLINDROIDS)
    return len(p.get("container") or []) + stored


CHECKS: dict[str, Callable[[Game, dict[str, Any], dict[str, Any]], bool]] = {
    "DELIVERED_TO": lambda g, p, q: any(c["ship"] == q["ship"] for c in containers(p)),
    "DELIVERED_IN_SECTOR": lambda g, p, q: isinstance(p["cargo"][q["sector"]], dict),
    "RESOURCE_DELIVERIES": lambda g, p, q: len(containers(p)) >= q["min"],
    "DISTINCT_SHIPS_DELIVERED": lambda g, p, q: len({c["ship"] for c in containers(p)}) >= q["min"],
    "CYL_DELIVERED": lambda g, p, q: sum(n for c in containers(p) for k, n in c["load"].items()
                                         if k in ("MIN", "LAS", "EXP")) >= q["min"],
    "CONTAINER_UNITS": lambda g, p, q: max((sum(c["load"].values()) for c in containers(p)), default=0) >= q["min"],
    "ALPHABOT_DELIVERED": lambda g, p, q: bool(p.get("alphabot")),
    "SHIELDS": lambda g, p, q: p["shields"] >= q["min"],
    "SHIELD_LEFTMOST": lambda g, p, q: p["shields"] == g.data["boards"]["player_board"]["shield_track"]["max"],
    "TRACK_BATTERIES": lambda g, p, q: len(p["track"]) >= q["min"],
    "TRACK_HAS_ALL_TYPES": lambda g, p, q: set(g.data["vaults"]["resources"]["batteries"]) <= set(p["track"]),
    "PRODUCER_FULL": lambda g, p, q: None not in p["producer"],
    "ITEMS": _items,
    "ALL_EXTENSIONS_USED": _all_extensions,
    "STORED": lambda g, p, q: _stored(p, q["res"]) >= q["min"],
    "CAPTURED": lambda g, p, q: _captured(g, p, q) >= q["min"],
    "NO_LAVA_IN_TANKS": lambda g, p, q: not any(t.get("Lv") for t in p["tanks"].values()),
    "AI_IS": lambda g, p, q: p["ai"] == q["ai"],
    "STRESS": lambda g, p, q: p["stress"] <= q["max"],
    "ELITE_DAMAGE_DEALT": lambda g, p, q: p.get("elite_damage", 0) >= q["min"],
    # solo (spec 4.10.3): DeltaBot's deliveries go onto BetaBot's Cargo cards (SB-SOLO-09)
    "DELTABOT_DELIVERED": lambda g, p, q: bool((delta(g) or {}).get("delivered")),
    "DELTABOT_NEVER_EXPLODED": lambda g, p, q: not (delta(g) or {}).get("exploded"),
    "DELIVERED_ALL_SECTORS": lambda g, p, q: all(isinstance(c, dict) for c in p["cargo"].values()),
    "LASER_ELITE_ELIMINATED": lambda g, p, q: (g.g.get("elite") or {}).get("side") == "laser"
    and (g.g.get("elite") or {}).get("at") is None,
    "ALL_SHIPS_LEFT_WITHOUT_DEMAND": lambda g, p, q: all(s["left"] and not s["demands"]
                                                         for s in g.g["ships"].values()),
}
"""One check per predicate of objectives.json (spec 4.10.1)."""


def met(g: Game, p: dict[str, Any], pred: dict[str, Any]) -> bool:
    if pred["pred"] == "ALL":
        return all(met(g, p, q) for q in pred["of"])
    return CHECKS[pred["pred"]](g, p, pred)


def secondary_vp(g: Game, seat: int) -> int:
    """VP of the owner's Secondary Objective card: each completed objective that gets a leftover Delivery
    Marker scores, both add the bonus (SB-SCORE-03)."""
    p = player(g, seat)
    card = secondary_card(g, seat)
    done = sorted((card[k]["vp"] for k in ("a", "b") if met(g, p, card[k]["pred"])), reverse=True)
    marked = done[:p["markers"]]
    return sum(marked) + (card["bonus"] if len(marked) == 2 else 0)


def solo_final(g: Game) -> dict[str, Any]:
    """The Solo Final Objective card of this game (SB-SOLO-01, spec 4.10.3)."""
    return next(o for o in g.data["objectives"]["solo_final"] if o["id"] == g.g["solo"]["final"])


def solo_final_vp(g: Game) -> int:
    """+amount if the Solo Final Objective is met, −amount if not (SB-SOLO-22)."""
    card = solo_final(g)
    return card["amount"] if met(g, player(g, 0), card["pred"]) else -card["amount"]


def secondary_card(g: Game, robot: int) -> dict[str, Any]:
    """The Secondary Objective card ``robot`` plays for: its own, or in solo the one card of the game."""
    kind = "solo_secondary" if solo(g) else "secondary"
    owner = "0" if solo(g) else str(robot)
    return next(o for o in g.data["objectives"][kind] if o["id"] == g.g["secondary"][owner])
