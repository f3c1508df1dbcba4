"""AlphaBot's three battery tracks and, in 1-2p, its Shuttle track: where an INTERACT boost's battery goes,
the stress of the space filled and the bonuses while batteries are there (SB-INTERACT-04, SB-ALPHA-12..16,
spec 4.19.2-4.19.4 and 4.19.6).

``alphabot.ti_track``, ``c_track``, ``si_track`` and ``shuttle_track`` count the batteries on each (the Ti
track fills bottom to top, the C and Si tracks top to bottom, the Shuttle track left to right, so a count
says which spaces are full). Only in a game with ``threats.full``.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .stress import change_stress

TRACK_OF = {"bTi": "Ti", "bC": "C", "bSi": "Si"}
"""The AlphaBot track a battery type goes onto."""
KEY = {"Ti": "ti_track", "C": "c_track", "Si": "si_track"}
SHUTTLE = "shuttle"
"""The destination name of the 1-2p Shuttle track."""


def bracket(g: Game) -> str:
    return "1-2" if g.seats <= 2 else "3-4"


def data(g: Game, track: str) -> dict[str, Any]:
    return g.data["alphabot"]["battery_tracks"][track]


def spaces(g: Game, track: str) -> int:
    """Spaces on a track for this player count (4 on the Ti track)."""
    n = data(g, track)["spaces"]
    return n if isinstance(n, int) else n[bracket(g)]


def count(g: Game, track: str) -> int:
    return g.g["alphabot"].get(KEY[track], 0)


def full(g: Game, track: str) -> bool:
    return count(g, track) >= spaces(g, track)


def zone_has_shield(g: Game, space: int) -> bool:
    """The shield zone beside Ti-track space ``space`` holds at least 1 Titanium (AMB-12)."""
    zone = data(g, "Ti")["beside_zone"][str(space)]
    spaces_of = next(z["spaces"] for z in g.data["alphabot"]["shield_track"]["zones"] if z["id"] == zone)
    return g.g["alphabot"]["shields"] >= min(spaces_of)


def accepts(g: Game, track: str) -> bool:
    """A battery for ``track`` takes a space now: not full; on the Ti track the lowest empty space's zone
    holds a shield (SB-ALPHA-13, SB-ALPHA-16)."""
    if full(g, track):
        return False
    return track != "Ti" or zone_has_shield(g, count(g, "Ti") + 1)


def shuttle_on(g: Game) -> bool:
    """The Shuttle track is in this game (1-2p, spec 4.19.6)."""
    return g.seats in g.data["alphabot"]["shuttle_track"]["players"]


def shuttle_count(g: Game) -> int:
    return g.g["alphabot"].get("shuttle_track", 0)


def shuttle_full(g: Game) -> bool:
    return shuttle_count(g) >= g.data["alphabot"]["shuttle_track"]["spaces"]


def place(g: Game, seat: int, battery: str, destination: str = "track") -> str:
    """The spent boost battery goes onto AlphaBot's matching track (or the Shuttle track), the placer's
    stress changing by the space's value; on a full or closed track it goes to the supply with no effect.
    Returns what happened in words (SB-INTERACT-04, SB-ALPHA-13..16, spec 4.19.6)."""
    a = g.g["alphabot"]
    name = g.data.res_name(battery)
    if destination == SHUTTLE:
        if shuttle_full(g):
            return f"the {name} goes to the supply (the Shuttle track is full)"
        effect = g.data["alphabot"]["shuttle_track"]["space_effects"][shuttle_count(g)]
        a["shuttle_track"] = shuttle_count(g) + 1
        change_stress(g, seat, effect["stress"])
        return f"the {name} goes onto AlphaBot's Shuttle track"
    track = TRACK_OF[battery]
    if not accepts(g, track):
        return f"the {name} goes to the supply (AlphaBot's {g.data.res_name(track)} track takes no more)"
    n = count(g, track) + 1
    a[KEY[track]] = n
    values = data(g, track)["place_stress"]
    delta = values.get(str(n), 0) if track == "Ti" else values[bracket(g)][n - 1]
    change_stress(g, seat, delta)
    return f"the {name} goes onto AlphaBot's {g.data.res_name(track)} track (space {n})"


def destinations(g: Game, battery: str) -> list[str]:
    """Where a boost battery may go: its track (even full: then to the supply), or the Shuttle track in 1-2p."""
    return ["track", SHUTTLE] if shuttle_on(g) and not shuttle_full(g) else ["track"]


def ti_bonus(g: Game, n: int) -> bool:
    """The Ti track holds at least ``n`` batteries (2: Standby discount, 3: free Direction Change, 4: the
    1-2p shield boost or the 3-4p second Control space)."""
    return count(g, "Ti") >= n


def shields_for_delivery(g: Game) -> int:
    """AlphaBot's shields for the delivery conditions: Titanium plus Ti batteries (SB-ALPHA-12, AMB-13)."""
    return g.g["alphabot"]["shields"] + count(g, "Ti")


def start(g: Game) -> None:
    g.g["alphabot"].update(ti_track=0, c_track=0, si_track=0, shuttle_track=0)
