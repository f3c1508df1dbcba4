"""Names players read: locations, cards, resources, costs (never ids or codes)."""

from __future__ import annotations

from engines.core import Game

SQUARE_NAMES = {"ENTRY": "Entry", "EXIT": "Exit", "CORNER_A": "Corner-A", "CORNER_B": "Corner-B", "A1": "A1",
                "A2": "A2", "B1": "B1", "B2": "B2", "HATCH": "the Hatch", "TOP": "on top of AlphaBot",
                "HULL": "in AlphaBot's hull",
                "PRODUCING": "producing space", "EXTRACTING": "extracting space"}


def amount(g: Game, res: dict[str, int]) -> str:
    """``{"C": 2, "Ti": 1}`` → ``2 Carbon + 1 Titanium``."""
    return " + ".join(f"{n} {g.data.res_name(r)}" for r, n in res.items()) or "nothing"


def card(g: Game, card_id: str) -> str:
    """An Action card as its owner reads it: type, free boost, keep cost."""
    c = g.data.cards[card_id]
    cost = " or ".join(" + ".join(f"{n} {g.data.res_name(r)}" if n > 1 else g.data.res_name(r)
                                  for r, n in option.items()) for option in c["keep_cost"])
    boost = ", free boost" if c["free_boost"] else ""
    return f"{c['type']}{boost} (keep {cost})"


def location(g: Game, node: str, square: str | None = None) -> str:
    """A planet location in words (with the Main Vault square when given)."""
    info = g.data.nodes[node]
    kind = info["kind"]
    if kind == "core":
        return f"the Core ({SQUARE_NAMES[square]})" if square else "the Core"
    if kind == "main_vault":
        text = f"Main Vault {node[2:]}"
        return f"{text}, {SQUARE_NAMES[square]}" if square else text
    if kind == "ep_vault":
        tile = g.data.vaults[g.g["vaults"][node]["tile"]]
        ring = {"mantle": "Mantle", "crust": "Crust"}[info["ring"]]
        return f"vault {tile['id']} {tile['name']} ({ring} {info['sector']})"
    if kind == "delivery_base":
        return f"the {info['base'].title()} Delivery Base of sector {info['sector']}"
    return "the Main Tunnel" if node == "MT" else "the Secondary Tunnel"


def square(code: str) -> str:
    return SQUARE_NAMES[code]


PREDICATES = {
    "DELIVERED_TO": "deliver to the {ship}", "DELIVERED_IN_SECTOR": "deliver in sector {sector}",
    "RESOURCE_DELIVERIES": "make {min} resource deliveries", "DISTINCT_SHIPS_DELIVERED": "deliver to {min} ships",
    "CYL_DELIVERED": "deliver {min} Cylindroids", "CONTAINER_UNITS": "fill one container with {min} units",
    "ALPHABOT_DELIVERED": "deliver AlphaBot", "SHIELDS": "end with {min} shields",
    "SHIELD_LEFTMOST": "end with the Shield Marker leftmost", "TRACK_BATTERIES": "end with {min} track batteries",
    "TRACK_HAS_ALL_TYPES": "end with all 3 battery types on the track",
    "PRODUCER_FULL": "end with 3 prepared producer spaces", "ITEMS": "equip {min} {family}Items",
    "ALL_EXTENSIONS_USED": "use all 4 extensions", "STORED": "end with {min} {res}",
    "CAPTURED": "end with {min} captured Cylindroids", "NO_LAVA_IN_TANKS": "end with no Lava in your tanks",
    "AI_IS": "end with {ai} AI", "STRESS": "end with stress at most {max}",
    "ELITE_DAMAGE_DEALT": "deal {min} damage to the Elite",
}
"""Secondary Objective predicates (objectives.json) in words."""


def predicate(g: Game, pred: dict) -> str:
    """One objective predicate in words; ``all`` lists join with "and"."""
    if pred["pred"] == "ALL":
        return " and ".join(predicate(g, p) for p in pred["of"])
    values = {k: v for k, v in pred.items() if k != "pred"}
    if "ship" in values:
        values["ship"] = g.data.ships[values["ship"]]["name"]
    if "res" in values:
        values["res"] = g.data.res_name(values["res"])
    family = {"advanced": "Advanced ", "alphabot": "AlphaBot ", "box": "Box "}
    values["family"] = family.get(values.get("family", ""), "")
    if "ai" in values:
        values["ai"] = {"coop": "Cooperative", "comp": "Competitive"}.get(values["ai"], values["ai"])
    try:
        return PREDICATES[pred["pred"]].format(**values)
    except (KeyError, IndexError):
        return pred["pred"].replace("_", " ").lower()


def objective_words(g: Game, card_id: str) -> str:
    """A Secondary Objective card in words: both objectives with their VP and the bonus."""
    objectives = g.data["objectives"]
    card = next(o for o in [*objectives["secondary"], *objectives["solo_secondary"]] if o["id"] == card_id)
    a, b = card["a"], card["b"]
    return (f"{predicate(g, a['pred'])} ({a['vp']} VP) / {predicate(g, b['pred'])} ({b['vp']} VP), "
            f"+{card['bonus']} for both")
