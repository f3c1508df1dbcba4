"""CLI: play random legal steps of a game, then render a view to an image file.

python -m render GAME --players N --seed S --steps K --out FILE [--seat SEAT] [--options JSON]
python -m render replay FILE --out game.webp [--from N] [--to M]   (an exported replay, animated)
"""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
from pathlib import Path
from typing import Any

from PIL import Image

from .core.output import image_size, to_webp
from .registry import render_view
from .replay_cli import replay_main


def play_random(eng: Any, players: int, seed: int, steps: int, options: dict[str, Any]) -> tuple[Any, int]:
    """Set up a game and apply up to ``steps`` random legal actions; returns (state, steps applied).

    Each step picks one of the active seats and one of its legal actions with ``random.Random(seed)``.
    Stops early when the game is over or no active seat has a legal action.
    """
    rng = random.Random(seed)
    state = eng.setup(players, seed, options)
    done = 0
    for _ in range(steps):
        seats = list(eng.active(state))
        rng.shuffle(seats)
        for seat in seats:
            actions = eng.legal_actions(state, seat)
            if actions:
                state, _events = eng.apply(state, seat, rng.choice(actions))
                done += 1
                break
        else:
            break
    return state, done


def _engine_ids(engines_mod: Any) -> list[str]:
    try:
        items = engines_mod.all()
    except Exception:  # noqa: BLE001 - only used to enrich an error message
        return []
    return sorted(str(e if isinstance(e, str) else getattr(e, "id", e)) for e in items)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m render", description=__doc__.splitlines()[0])
    p.add_argument("game", help="engine id, e.g. robo_rescue")
    p.add_argument("--players", type=int, default=2, help="number of seats (default 2)")
    p.add_argument("--seed", type=int, default=0, help="setup and random-play seed (default 0)")
    p.add_argument("--steps", type=int, default=0, help="random legal actions to play first (default 0)")
    p.add_argument("--out", required=True, type=Path, help="output image (.png, or .webp)")
    p.add_argument("--seat", type=int, default=None, help="render this seat's private view (default: public)")
    p.add_argument(
        "--options", type=json.loads, default={}, help="game options as JSON, e.g. '{\"rounds\": 3}'"
    )
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code (2 for usage errors and unknown games)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["replay"]:
        return replay_main(argv[1:])
    args = _parser().parse_args(argv)
    if not isinstance(args.options, dict):
        print("error: --options must be a JSON object", file=sys.stderr)
        return 2
    if args.seat is not None and not 0 <= args.seat < args.players:
        print(f"error: --seat must be between 0 and {args.players - 1}", file=sys.stderr)
        return 2
    try:
        import engines

        get = engines.get
    except (ImportError, AttributeError) as exc:
        print(f"error: the engines registry is not available ({exc})", file=sys.stderr)
        return 1
    try:
        eng = get(args.game)
    except (LookupError, ValueError):
        known = ", ".join(_engine_ids(engines)) or "none"
        print(f"error: unknown game {args.game!r} (known: {known})", file=sys.stderr)
        return 2
    try:
        state, done = play_random(eng, args.players, args.seed, args.steps, args.options)
    except ValueError as exc:  # bad player count or options (engines raise ValueError subclasses)
        print(f"error: {exc}", file=sys.stderr)
        return 2
    view = eng.view(state, args.seat)
    data = render_view(args.game, view, title=getattr(eng, "title", None) or None, strict=True)
    if args.out.suffix.lower() == ".webp":
        with Image.open(io.BytesIO(data)) as im:
            data = to_webp(im.convert("RGBA"), lossless=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    w, h = image_size(data)
    who = "public view" if args.seat is None else f"seat {args.seat}'s view"
    print(f"{args.out} {w}x{h} px ({len(data)} bytes, {who}, {done} steps played)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
