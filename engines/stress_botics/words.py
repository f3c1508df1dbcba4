"""Names players read: locations, cards, resources, costs (never ids or codes)."""

from __future__ import annotations

from engines.core import Game

SQUARE_NAMES = {"ENTRY": "Entry", "EXIT": "Exit", "CORNER_A": "Corner-A", "CORNER_B": "Corner-B", "A1": "A1",
                "A2": "A2", "B1": "B1", "B2": "B2", "HATCH": "the Hatch", "TOP": "on top of AlphaBot"}


def amount(g: Game, res: dict[str, int]) -> str:
    """``{"C": 2, "Ti": 1}`` → ``2 Carbon + 1 Titanium``."""
    return " + ".join(f"{n} {g.data.res_name(r)}" for r, n in res.items()) or "nothing"


def card(g: Game, card_id: str) -> str:
    """An Action card as its owner reads it: type, free boost, keep cost."""
    c = g.data.cards[card_id]
    cost = " or ".join(amount(g, option) for option in c["keep_cost"])
    boost = ", free boost" if c["free_boost"] else ""
    return f"{c['type']}{boost} (keep: {cost})"


def location(g: Game, node: str, square: str | None = None) -> str:
    """A planet location in words (with the Main Vault square when given)."""
    info = g.data.nodes[node]
    kind = info["kind"]
    if kind == "core":
        return "the Core"
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
