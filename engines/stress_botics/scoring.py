"""Final scoring and the winner (SB-SCORE-01..08, SB-SHIELD-09; items and AlphaBot delivery: part 2)."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from . import threats
from .items import equipped_vp
from .objectives import secondary_vp, solo_final_vp
from .robots import delta, solo
from .stress import player


def container_vp(g: Game, container: dict[str, Any]) -> int:
    """Units × their VP on the ship's Main Objective; ``battery`` prices any battery (SB-SCORE-02)."""
    vp = g.data.objectives[g.g["ships"][container["ship"]]["objective"]]["vp"]
    batteries = g.data["vaults"]["resources"]["batteries"]
    return sum(n * vp.get(code, vp.get("battery", 0) if code in batteries else 0)
               for code, n in container["load"].items())


def breakdown(g: Game, seat: int, secret: bool = True) -> dict[str, int]:
    """VP by source and the final score (VP − stress); ``secret=False`` leaves out the hidden Secondary
    Objective (running scores everyone may see)."""
    p = player(g, seat)
    main = sum(container_vp(g, c) for c in p["cargo"].values() if isinstance(c, dict))
    secondary = secondary_vp(g, seat) if secret else 0
    shields = p["shields"] // g.data["rules"]["scoring"]["shields_per_vp"]
    worth = equipped_vp(g, seat) if threats.full(g) else 0
    extra = {"items": worth} if worth else {}  # SB-SCORE-05 (version 3; listed once an item is equipped)
    if p.get("alphabot"):
        extra["alphabot"] = p["alphabot"].get("vp", 0)  # SB-SCORE-04: the AlphaBot delivery's VP option
    vp = main + secondary + shields + sum(extra.values())
    out = {"main": main, "secondary": secondary, "shields": shields, **extra, "vp": vp, "stress": p["stress"],
           "final": vp - p["stress"]}
    if solo(g):  # SB-SOLO-22: ± the Solo Final Objective, − DeltaBot's stress unless it exploded
        d = delta(g) or {}
        out["solo_final"] = solo_final_vp(g) if secret else 0
        out["deltabot_stress"] = 0 if d.get("exploded") else d["stress"]
        out["final"] += out["solo_final"] - out["deltabot_stress"]
    return out


def tiebreak(g: Game, seat: int) -> tuple[int, int, int, int]:
    """Higher is better: final score, delivered AlphaBot, shields, fewer Delivery Markers (SB-SCORE-08)."""
    p = player(g, seat)
    return (breakdown(g, seat)["final"], int(bool(p.get("alphabot"))), p["shields"], -p["markers"])


def finish_solo(g: Game) -> None:
    """Solo: the final score, a win at ``solo_win_threshold`` or more (SB-SOLO-22, AMB-57)."""
    b = breakdown(g, 0)
    won = b["final"] >= g.options["solo_win_threshold"]
    text = {"0": (f"{b['final']} points ({b['vp']} VP: {b['main']} cargo, {b['secondary']} objectives"
                  + (f", {b['items']} items" if "items" in b else "")
                  + (f", {b['alphabot']} for delivering AlphaBot" if b.get("alphabot") else "")
                  + f", {b['shields']} shields; Solo Final Objective {b['solo_final']:+d}; stress {b['stress']}"
                  + (f", DeltaBot's stress {b['deltabot_stress']}" if b["deltabot_stress"] else "") + ")")}
    actors = [a["key"] for a in g.engine.actors(g.state)]
    if threats.on(g):
        text["alphabot"] = f"AlphaBot ends with {g.g['alphabot']['shields']} shields"
        text["cylindroids"] = f"{sum(len(c) for c in g.g['cyl'].values())} Cylindroids in the Main Vault"
    placings = [["0"], actors] if won else [actors, ["0"]]
    need = g.options["solo_win_threshold"]
    reason = f"Every ship has left orbit: {b['final']} points, {'a win' if won else 'not a win'} (win at {need}+)."
    g.log(f"The game is over: {b['final']} points, {'a win' if won else 'not a win'} (a solo win needs {need} "
          "or more).")
    g.finish([0] if won else [], {"0": b["final"]}, reason, placings=placings, score_text=text)


def finish(g: Game) -> None:
    """Score everyone and end the game; equal tie-break keys share a placing (AMB-36)."""
    g.g["ended"] = True
    if solo(g):
        finish_solo(g)
        return
    seats = sorted(range(g.seats), key=lambda s: tiebreak(g, s), reverse=True)
    placings: list[list[str]] = []
    last = None
    for seat in seats:
        key = tiebreak(g, seat)
        if key == last:
            placings[-1].append(str(seat))
        else:
            placings.append([str(seat)])
        last = key
    scores = {str(s): breakdown(g, s)["final"] for s in range(g.seats)}
    text = {}
    for s in range(g.seats):
        b = breakdown(g, s)
        items = f", {b['items']} items" if "items" in b else ""
        items += f", {b['alphabot']} for delivering AlphaBot" if b.get("alphabot") else ""
        text[str(s)] = (f"{b['final']} points ({b['vp']} VP: {b['main']} cargo, {b['secondary']} objectives{items}, "
                        f"{b['shields']} shields; stress {b['stress']})")
    winners = [int(k) for k in placings[0]]
    actors = [a["key"] for a in g.engine.actors(g.state)]
    if actors:  # version 2: AlphaBot and the Cylindroids take part but never score
        placings.append(actors)
        text["alphabot"] = f"AlphaBot ends with {g.g['alphabot']['shields']} shields"
        text["cylindroids"] = f"{sum(len(c) for c in g.g['cyl'].values())} Cylindroids in the Main Vault"
    g.log("The game is over: every ship has left orbit.")
    g.finish(winners, scores, "Every ship has left orbit.", placings=placings, score_text=text)
