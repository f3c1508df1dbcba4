"""MINE → Extract, and the Produce sub-actions of CONNECT in the Production Vaults
(SB-MINE-02..08, SB-CONNECT-02..04, AMB-20; hatch extraction and items: part 2)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects

from .batteries import add_battery
from .decks import draw_default
from .item_cards import passive
from .robots import called
from .stress import change_stress, player, repair
from .tanks import gain


def vault_state(g: Game, seat: int) -> dict[str, Any] | None:
    """The E/P Vault the BetaBot stands in, if any."""
    return g.g["vaults"].get(player(g, seat)["mini"])


def vault_tile(g: Game, seat: int) -> dict[str, Any] | None:
    state = vault_state(g, seat)
    return None if state is None else g.data.vaults[state["tile"]]


def side_key(state: dict[str, Any]) -> str:
    return "side_a" if state["side"] == "A" else "side_b"


def extract_yield(g: Game, seat: int, pressure: int | None = None, alt: int = 0) -> dict[str, int] | None:
    """What one Extract gives here at ``pressure`` (default: the current one); None if none is possible."""
    level = g.g["pressure"] if pressure is None else pressure
    node = player(g, seat)["mini"]
    state = vault_state(g, seat)
    if state is not None:
        tile = g.data.vaults[state["tile"]]
        if tile["kind"] != "extract" or state.get("cylindroids"):
            return None  # SB-MINE-03, AMB-20
        return item_yield(g, seat, tile[side_key(state)]["yield"], level)
    if node == "CORE":
        core = g.g["core"]
        rules = g.data["vaults"]["core"]
        if core["side"] == "A":
            n = min(core["lava"], rules["side_a"]["extract_lava"][level])
            return {"Lv": n} if n else None  # SB-MINE-04
        if player(g, seat)["square"] != "EXTRACTING":
            return None
        return dict(rules["side_b"]["extract_yield"][level])  # SB-MINE-05
    tunnel = g.g["tunnels"].get(node)
    if tunnel is not None:
        if tunnel["side"] == "A":
            return {tunnel["queue"][0]: 1} if tunnel["queue"] else None  # SB-MINE-06/07
        info = next(t for t in g.data["planet"]["tunnels"] if t["node"] == node)
        return dict(info["side_b_yield"][level])  # SB-MINE-08
    return hatch_yield(g, seat, alt)


def item_yield(g: Game, seat: int, yields: list[dict[str, int]], level: int, extra: str = "") -> dict[str, int]:
    """An Extraction Vault's yield with Drill Amplifier's +1 of a type it gave (``extra``; default: the first
    type, where no one chooses, e.g. an AI encounter) (version 3, spec 4.12 AD-A2). Pressure Gauge's level is
    chosen among the Extract sub-action's alternatives (item_subs.extract_alts)."""
    out = dict(yields[level])
    bonus = passive(g, seat, "extract_bonus_unit")
    if bonus and out:
        pick = extra if extra in out else next(iter(out))
        out[pick] += bonus
    return out


def hatch_alternatives(g: Game, seat: int) -> int:
    """How many yields the Hatch offers this BetaBot to choose from (Gas or Acid: 2), 0 if none."""
    if hatch_yield(g, seat) is None:
        return 0
    return len(g.data.hatches[g.g["hatch"]["token"]]["extract"])


def hatch_yield(g: Game, seat: int, alt: int = 0) -> dict[str, int] | None:
    """Extracting in the Hatch: an open extract token, the figure on or beside the Hatch, AlphaBot not on
    it; one more of the same on the Hatch (SB-MINE-09); ``alt`` picks one of the token's alternatives."""
    p, a, hatch = player(g, seat), g.g["alphabot"], g.g["hatch"]
    if not a["mv"] or p["mini"] != f"MV{a['mv']}" or not hatch["token"] or hatch["closed"]:
        return None
    token = g.data.hatches[hatch["token"]]
    where = a["square"] if p["square"] == "TOP" else p["square"]
    if token["kind"] != "extract" or a["square"] == "HATCH":
        return None
    if where != "HATCH" and where not in g.data.squares["HATCH"]["adjacent"]:
        return None
    gains = dict(token["extract"][alt])
    if where == "HATCH":
        for res in list(gains):
            gains[res] += g.data["hatches"]["on_hatch_extra_extract"]
    return gains


def empty_tunnel(g: Game, seat: int, node: str, ask: bool = False) -> None:
    """The last resource of a tunnel's queue: its reward, padlock off, side B (SB-MINE-06/07)."""
    info = next(t for t in g.data["planet"]["tunnels"] if t["node"] == node)
    g.g["tunnels"][node]["side"] = "B"
    if info["padlock"] in g.g["padlocks"]:
        g.g["padlocks"].remove(info["padlock"])
    for op in info["empty_reward"]:
        if op["op"] == "stress":
            change_stress(g, seat, op["n"])
        elif op.get("name") == "draw_action_cards":
            if ask:
                effects.push(g, effects.effect("bonus_draw", seat, left=op["params"]["n"]))
            else:
                draw_default(g, seat, op["params"]["n"])  # the types: the default of spec 6.5
    g.log(f"{called(g, seat)} empties {'the Main' if node == 'MT' else 'the Secondary'} Tunnel; it opens.")


def extract(g: Game, seat: int, slot: str | None, pressure: int | None = None) -> dict[str, int]:
    """One Extract here, placed by the auto-placer; returns what was kept (SB-MINE-03..08)."""
    return gain(g, player(g, seat), take(g, seat, pressure), slot)


def take(g: Game, seat: int, pressure: int | None = None, ask: bool = False, alt: int = 0) -> dict[str, int]:
    """One Extract's yield, taken from its source (the Core's Lava, a tunnel's queue) whether it is kept or
    not; the caller places it (SB-MINE-03..08)."""
    gains = extract_yield(g, seat, pressure, alt) or {}
    node = player(g, seat)["mini"]
    if node == "CORE" and g.g["core"]["side"] == "A":
        core = g.g["core"]
        core["lava"] -= gains.get("Lv", 0)  # taken from the tile, kept or not
        if core["lava"] <= 0:
            core["side"] = "B"  # SB-MINE-04, AMB-10: Core tile and Core Section Tile flip together
            for other in g.g["players"].values():
                if other["mini"] == "CORE":
                    other["square"] = "EXTRACTING"  # up to 3 figures fit the extracting spaces
            g.log("The Core's Lava is gone: the Core turns to side B.")
    tunnel = g.g["tunnels"].get(node)
    if tunnel is not None and tunnel["side"] == "A":
        tunnel["queue"].pop(0)
        if not tunnel["queue"]:
            empty_tunnel(g, seat, node, ask)
    return gains


def production(g: Game, seat: int, pressure: int | None = None) -> dict[str, Any] | None:
    """The Production Vault entry for its side at ``pressure`` (default: the current one), or None if Produce is
    impossible here."""
    state = vault_state(g, seat)
    if state is None or state.get("cylindroids"):
        return None
    tile = g.data.vaults[state["tile"]]
    if tile["kind"] != "produce" or tile.get("produce") not in ("shields", "batteries"):
        return None  # Advanced Items Vaults: part 2
    level = g.g["pressure"] if pressure is None else pressure
    return tile[side_key(state)]["production"][level] | {"produce": tile["produce"]}


def produce_shields(g: Game, seat: int, pressure: int | None = None) -> dict[str, int]:
    """Shields Vault: repair by the shield icons; returns the resources shown, for placing (SB-CONNECT-03)."""
    entry = production(g, seat, pressure) or {}
    repair(g, seat, entry.get("shields", 0) + passive(g, seat, "shield_vault_bonus"))  # items: version 3
    return dict(entry.get("gain", {}))


def collect(g: Game, seat: int, slot: str | None) -> dict[str, int]:
    """Pick up auto-produced resources lying on the BetaBot's vault with the auto-placer; the rest stays."""
    gains = pick_up(g, seat)
    kept = gain(g, player(g, seat), gains, slot)
    put_back(g, seat, {r: n - kept.get(r, 0) for r, n in gains.items()})
    return kept


def put_back(g: Game, seat: int, left: dict[str, int]) -> None:
    """Resources not taken stay on the vault (SB-BASIC-06)."""
    state = vault_state(g, seat)
    for res, n in left.items():
        if n > 0 and state is not None:
            state["res"][res] = state["res"].get(res, 0) + n


def pick_up(g: Game, seat: int) -> dict[str, int]:
    """Auto-produced things on the BetaBot's vault (SB-P3-ACT-03 (1), SB-MOVE-08 (1)): batteries go onto the
    track while they fit; the resources are taken off the vault and returned for placing."""
    state = vault_state(g, seat)
    if state is None or not state["res"]:
        return {}
    resources = g.data["vaults"]["resources"]["all"]
    gains = {r: n for r, n in state["res"].items() if r in resources}
    for res in gains:
        del state["res"][res]
    for b in g.data["vaults"]["resources"]["batteries"]:
        while state["res"].get(b) and add_battery(g, player(g, seat), b):
            state["res"][b] -= 1
        if not state["res"].get(b):
            state["res"].pop(b, None)
    return gains


EXTRACTION_TILES = ("01", "03", "04", "05", "07")


def core_production(g: Game, seat: int) -> bool:
    """Produce in the Core: side B, on its producing space, no Cylindroids (SB-CONNECT-07, AMB-20)."""
    p = player(g, seat)
    return p["mini"] == "CORE" and g.g["core"]["side"] == "B" and p["square"] == "PRODUCING"


def tile_yield(g: Game, tile: str) -> dict[str, int]:
    """One Extraction Vault tile's yield on its current side at the current pressure (SB-CONNECT-07 (1))."""
    state = next(v for v in g.g["vaults"].values() if v["tile"] == tile)
    return dict(g.data.vaults[tile][side_key(state)]["yield"][g.g["pressure"]])
