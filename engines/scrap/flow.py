"""The turn's phase changes in SCRAP: the Run Phase starts (the Active Function revealed or chosen), then the
Call Phase, then the Load Phase (SC-RUN-02..05, SC-RUN-11, SC-LOAD-01)."""

from __future__ import annotations

from engines.core import Game

from . import status
from .support import player


def fn_words(g: Game, ref: int) -> str:
    """A Function in words: 'Endless Forge (#1, Creation S)'."""
    f = g.data.functions[ref]
    return f"{f.name} (#{ref}, {g.data.domains[f.domain].name} {f.level})"


def start_run(g: Game, seat: int) -> None:
    """SC-RUN-02..05: reveal the rightmost queued Function, or ask for one from hand when the Queue is empty."""
    p = player(g, seat)
    if status.delayed_call(g, seat):  # #57: the delayed Call Phase first, then the STATUS cards flip
        g.g["turn"].update(phase="call", delayed_call=True, delayed_call_done=True)
        g.log(f"{{seat{seat}}}'s Anachronistic Spark: the delayed Call Phase comes first.")
        g.goto("call_domain", seat=seat)
        return
    g.g["turn"]["phase"] = "run"
    status.turn_face_down(g, seat)  # SC-RUN-01
    if "vows" in p["unique"] and not g.g["turn"].get("vowed"):  # ATT-OLY-2: first, the Sacred Vows
        g.g["turn"]["vowed"] = True
        g.goto("sacred_vows", seat=seat)
        return
    if p["queue"]:
        reveal(g, seat, p["queue"].pop())
    elif any(isinstance(c, int) for c in p["hand"]):
        g.goto("choose_active", seat=seat)
    elif (reboot := next((c for c in p["discard"] if isinstance(c, int)
                          and g.data.functions[c].family == "reboot"), None)) is not None \
            and g.data.rules["flags"]["reboot_safety_valve"]["default"]:  # SC-RUN-13
        p["discard"].remove(reboot)
        g.log(f"{{seat{seat}}} has no Function left and takes their Reboot back.")
        reveal(g, seat, reboot)
    else:  # SC-RUN-05: nothing to run
        g.log(f"{{seat{seat}}} has no Function to run.")
        after_run(g, seat)


def reveal(g: Game, seat: int, ref: int) -> None:
    """The Active Function is face-up; offer the Power-Up (SC-RUN-06)."""
    p = player(g, seat)
    p["active"] = ref
    p["played"].append(ref)
    g.log(f"{{seat{seat}}} runs {fn_words(g, ref)}.")
    g.goto("power_up", seat=seat)


def after_run(g: Game, seat: int) -> None:
    """SC-RUN-11 → the Call Phase."""
    if g.g["turn"].pop("skip_call", False):
        after_call(g, seat)
        return
    g.g["turn"]["phase"] = "call"
    g.goto("call_domain", seat=seat)


def after_call(g: Game, seat: int) -> None:
    """The Call Phase is over → the Load Phase (SC-LOAD-01: the Active Function goes to the Discard Pile,
    or back to hand when a Refresh chose it, SC-ACT-REFRESH-03)."""
    if g.g["turn"].pop("delayed_call", False):  # #57: the delayed Call Phase is over: now the Run Phase
        start_run(g, seat)
        return
    p = player(g, seat)
    g.g["turn"]["phase"] = "load"
    if p["active"] is not None:
        (p["hand"] if g.g["turn"].pop("refresh_active", False) else p["discard"]).append(p["active"])
        p["active"] = None
    p["discard"].extend(g.g["turn"].pop("extra", []))  # WARP: the extra Function goes too
    g.goto("load_return", seat=seat)
