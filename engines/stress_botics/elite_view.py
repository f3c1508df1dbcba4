"""The Elite Cylindroid in the table view (rules version 3): where it stands, its side and shields, the reward
card in use, the card revealed last and its pile sizes; never its deck's order (spec 6.2, SB-ELITE-06)."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from . import elite
from .elite_cards import card, describe

WHERE = {"belt": "on the belt's last segment", elite.HATCH: "on the Hatch", None: "out of the game"}


def view(g: Game) -> dict[str, Any]:
    """The Elite for everyone: where it is, its side, shields, mode, the reward card in use with the next
    reward, the card revealed last and the pile sizes — never the deck's order (spec 6.2)."""
    e = elite.state(g) or {}
    rewards = elite.reward_card(g) if e.get("at") is not None else None
    out: dict[str, Any] = {
        "at": WHERE[e.get("at")], "on_hatch": e.get("at") == elite.HATCH, "side": elite.SIDES[e["side"]],
        "shields": e["shields"], "shield_spaces": elite.data(g)["shield_track"]["spaces"],
        "mode": "classic (the Elite Cylindroid Tile)" if elite.classic(g) else "AI cards",
        "deck": len(e["decks"].get(e["side"], [])), "discard": len(e["discard"]),
    }
    if rewards:
        players = "-".join(str(n) for n in rewards["players"])
        out["reward_card"] = f"{elite.SIDES[rewards['elite']]} rewards ({players} players, side {rewards['side']})"
        out["rewards"] = [elite.reward_words(g, space) for space in rewards["spaces"]]
        if e["shields"] > 0:
            out["next_reward"] = elite.reward_words(g, elite.next_reward(g))
    if e.get("last"):
        out["last_card"] = f"{card(g, e['last'])['name']}: {describe(g, e['last'])}"
    return out
