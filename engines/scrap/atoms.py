"""More atoms and combinators of the Functions (spec §4.0/§4.10): CHOOSE_BOT binds one of your Bots, SCORE
reveals Fragments for their Data, RECOVER stands Stunned Bots up, DESTROY removes chosen enemy Bots (Data as
usual). Each asks one small choice at a time."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import board, virus
from .combat import destroy, dissect
from .combinators import bind, fissure_links, remember
from .support import player
from .words import article

CHOOSE_BOT, SCORE, RECOVER, DESTROY, FOR_EACH = "choose_bot", "score", "recover", "destroy", "for_each"
HIJACKED = "infected_enemy_active_with_own_active"


def bot_label(g: Game, bid: str) -> str:
    bot = g.g["bots"][bid]
    intel = g.data.intelligences[player(g, bot["owner"])["intel"]]
    state = " (Stunned)" if bot["stunned"] else ""
    return f"{intel.name}'s {intel.bot(bot['size']).name}{state} in {g.data.areas[bot['at']].name}"


def own_kinds(g: Game, seat: int, *, stunned: bool, skip: str | None = None) -> list[str]:
    """One of the seat's Bots in play per (Size, Area) with that state (never ``skip``)."""
    seen: dict[tuple[int, str], str] = {}
    for bid, b in sorted(g.g["bots"].items()):
        if b["owner"] == seat and board.in_play(b) and b["stunned"] == stunned and bid != skip:
            seen.setdefault((b["size"], b["at"]), bid)
    return [seen[k] for k in sorted(seen)]


def bind_bot(tree: Any, var: str, bid: str, size: int) -> Any:
    """``tree`` with ``"bot": var`` set to ``bid`` and the Size expression ``S(var)`` to ``size``."""
    if isinstance(tree, list):
        return [bind_bot(x, var, bid, size) for x in tree]
    if isinstance(tree, str):
        return size if tree == f"S({var})" else tree
    if not isinstance(tree, dict):
        return tree
    return {k: (bid if k in ("bot", "only") and v == var else bind_bot(v, var, bid, size)) for k, v in tree.items()}


def run_choose_bot(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """CHOOSE_BOT as b: ``own_active`` (one of your Active Bots in play) or ``infected_enemy_active_with_own_active``
    (#18: an Active Infected enemy Bot that Hijack lets you use, SC-REF-18); other selectors: not written yet."""
    if item["sel"] == HIJACKED:
        options = virus.hijackable(g, item["owner"], [])
        if not options:
            g.log(f"{{seat{item['owner']}}} has no Infected Bot to use.")
        return options or None
    if item["sel"] not in ("own_active", "own_active_not_b"):
        g.log("(Choosing that Bot is not implemented yet, skipped.)")
        return None
    options = own_kinds(g, item["owner"], stunned=False)
    if item["sel"] == "own_active_not_b":  # #78: a second Bot, not the first one
        first = (g.g["turn"] or {}).get("bound", {}).get("b")
        options = [b for b in own_kinds(g, item["owner"], stunned=False, skip=first)]
    if not options:
        g.log(f"{{seat{item['owner']}}} has no Active Bot to choose.")
    return options or None


def pick_choose_bot(g: Game, item: dict[str, Any], token: Any) -> None:
    if item["sel"] == HIJACKED:  # ATT-ENT-1: the token comes off once the Bot performs for you
        g.log(f"{{seat{item['owner']}}} Hijacks {bot_label(g, token)}.")
        virus.remove(g, token, "Hijack used it")
    remember(g, item["as"], token, g.g["bots"][token]["size"])
    tree = bind_bot(item["do"], item["as"], token, g.g["bots"][token]["size"])
    effects.push_front(g, effects.effect("node", item["owner"], node=tree))


def label_choose_bot(g: Game, item: dict[str, Any], token: Any) -> str:
    if item["sel"] == HIJACKED:
        return f"Hijack {bot_label(g, token)}"
    return f"Choose your {bot_label(g, token).split(' ', 1)[1]}"


def run_score(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-ACT-SCORE: reveal one of your Fragments and gain its Data, ``left`` times (you may stop)."""
    if item["left"] <= 0:
        return None
    p = player(g, item["owner"])
    held = p["fragments"]
    pool = [v for v in p.get("drawn", []) if v in held] if item.get("only") else held  # SC-REF-05: just drawn
    values = sorted(set(pool), reverse=True)
    return [*values, "done"] if values else None


def pick_score(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "done":
        return
    seat = item["owner"]
    p = player(g, seat)
    p["fragments"].remove(token)
    p["data"] += token
    g.g["turn"]["scored"] = g.g["turn"].get("scored", 0) + 1
    g.log(f"{{seat{seat}}} Scores a Fragment worth {token} Data.")
    rest = {**item, "left": item["left"] - 1}
    if item.get("only") and token in p.get("drawn", []):
        p["drawn"].remove(token)
    if item.get("shuffle_back"):  # SC-REF-05/09: the Fragment goes back into the deck, shuffled
        g.g["fragments"].append(token)
        g.rng.shuffle(g.g["fragments"])
        g.log("The Scored Fragment is shuffled back into the deck.")
    effects.push_front(g, rest)


def label_score(g: Game, item: dict[str, Any], token: Any) -> str:
    return "Score no more Fragments" if token == "done" else f"Score your {token}-Data Fragment"


def run_recover(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """RECOVER(v|*): up to v of your Stunned Bots stand up where they are (all of them for '*')."""
    seat = item["owner"]
    if item["left"] == "*":
        for b in g.g["bots"].values():
            if b["owner"] == seat and board.in_play(b) and b["stunned"]:
                b["stunned"] = False
        g.log(f"{{seat{seat}}}'s Stunned Bots Recover.")
        return None
    if item["left"] <= 0:
        return None
    options = own_kinds(g, seat, stunned=True)
    return [*options, "done"] if options else None


def pick_recover(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "done":
        return
    g.log(f"{bot_label(g, token)} Recovers.")
    g.g["bots"][token]["stunned"] = False
    effects.push_front(g, {**item, "left": item["left"] - 1})


def label_recover(g: Game, item: dict[str, Any], token: Any) -> str:
    return "Recover no more Bots" if token == "done" else f"Recover your {bot_label(g, token).split(' ', 1)[1]}"


def destroy_targets(g: Game, seat: int, sel: str) -> list[str] | None:
    """Enemy Bots a DESTROY selector allows, one per look (None: the selector is not written yet)."""
    if sel != "stunned_enemy_in_controlled_areas":
        return None
    seen: dict[tuple[int, int, str], str] = {}
    for bid, b in sorted(g.g["bots"].items()):
        if b["owner"] != seat and b["stunned"] and board.in_play(b) and board.controller(g, b["at"]) == seat:
            seen.setdefault((b["owner"], b["size"], b["at"]), bid)
    return list(seen.values())


def run_destroy(g: Game, item: dict[str, Any]) -> list[Any] | None:
    if item["left"] <= 0:
        return None
    options = destroy_targets(g, item["owner"], item["sel"])
    return [*options, "done"] if options else None


def pick_destroy(g: Game, item: dict[str, Any], token: Any) -> None:
    """SC-ACT-CRUSH-04: Data equal to the Bot's base Strength."""
    if token == "done":
        return
    seat, bot = item["owner"], g.g["bots"][token]
    gained = board.strength(g, bot)
    g.log(f"{bot_label(g, token)} is Destroyed.")
    if bot["stunned"]:  # SC-REF-30: Dissect applies to Destroying a Stunned enemy Bot by any means
        dissect(g, seat)
    destroy(g, bot)
    player(g, seat)["data"] += gained
    g.log(f"{{seat{seat}}} gains {gained} Data.")
    effects.push_front(g, {**item, "left": item["left"] - 1})


def label_destroy(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "done":
        return "Destroy no more Bots"
    return f"Destroy {bot_label(g, token)} (+{board.strength(g, g.g['bots'][token])} Data)"


def for_each_areas(g: Game, seat: int, sel: str) -> list[str] | None:
    """The Areas a FOR_EACH selector names (None: not written yet)."""
    if sel == "own_fissure_links":  # SC-REF-74: each Link once, however many Fissures it holds
        return fissure_links(g, seat)
    if sel == "areas_bordering_own_fissure_links":  # SC-REF-72
        out: list[str] = []
        for lk in fissure_links(g, seat):
            out += [a for a in board.link_areas(g, lk) if a not in out]
        return sorted(out, key=lambda a: g.data.areas[a].name)
    if sel != "controlled_areas":
        return None
    return sorted((a for a in g.g["areas"].values() if board.controller(g, a) == seat),
                  key=lambda a: g.data.areas[a].name)


def run_for_each(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """FOR_EACH(sel, max) as A: one Area at a time, each at most once, up to ``max``; you may stop."""
    if len(item["chosen"]) >= item["max"]:
        return None
    areas = for_each_areas(g, item["owner"], item["sel"])
    options = [a for a in areas or [] if a not in item["chosen"]]
    return [*options, "done"] if options else None


def pick_for_each(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "done":
        return
    tree = bind(item["do"], item["as"], token)
    effects.push_front(g, effects.effect("node", item["owner"], node=tree),
                       {**item, "chosen": [*item["chosen"], token]})


def label_for_each(g: Game, item: dict[str, Any], token: Any) -> str:
    if token in g.g["links"]:
        return f"At the Link between {board.link_words(g, token)}"
    return "No more Areas" if token == "done" else f"In {g.data.areas[token].name}"


def deploy(g: Game, seat: int, size: int, area: str) -> None:
    """DEPLOY (free): a Reserve Bot of ``size`` into ``area``, Active; none in the Reserve: nothing (A-17)."""
    free = board.reserve(g, seat, size)
    if board.forbidden_size(g, seat, size):
        g.log(f"{{seat{seat}}}'s Vow of Humility forbids Deploying a Size-{size} Bot.")
        return
    if not free:
        g.log(f"{{seat{seat}}} has no Bot of Size {size} in the Reserve.")
        return
    g.g["bots"][free[0]].update(at=area, stunned=False)
    name = g.data.intelligences[player(g, seat)["intel"]].bot(size).name
    g.log(f"{{seat{seat}}} deploys {article(name)} into {g.data.areas[area].name}.")


EFFECTS = {
    FOR_EACH: Handler(run_for_each, pick=pick_for_each, label=label_for_each, prompt="Which Area next?",
                      auto_single=False, default=lambda g, item, options: options[0]),
    CHOOSE_BOT: Handler(run_choose_bot, pick=pick_choose_bot, label=label_choose_bot,
                        prompt="Choose one of your Bots."),
    SCORE: Handler(run_score, pick=pick_score, label=label_score, prompt="Score a Fragment?", auto_single=False,
                   default=lambda g, item, options: options[0], secret=("secret",)),
    RECOVER: Handler(run_recover, pick=pick_recover, label=label_recover, prompt="Recover which Bot?",
                     auto_single=False, default=lambda g, item, options: options[0]),
    DESTROY: Handler(run_destroy, pick=pick_destroy, label=label_destroy, prompt="Destroy which enemy Bot?",
                     auto_single=False, default=lambda g, item, options: options[0]),
}
"""The atoms and combinators written here."""
