"""``python -m render replay FILE --out game.webp [--from N] [--to M]``: an exported replay as an animation."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import engines
from engines.core.history import public_frames

from .replay import DISCORD_LIMIT, animate, stills


def replay_main(argv: list[str]) -> int:
    """Entry point of ``python -m render replay``; returns the exit code (2 for bad input)."""
    p = argparse.ArgumentParser(prog="python -m render replay", description=__doc__.splitlines()[0])
    p.add_argument("file", type=Path, help="a replay from /game export")
    p.add_argument("--out", required=True, type=Path, help="output animation (.webp or .gif: the smaller is written)")
    p.add_argument("--from", dest="start", type=int, default=0, help="first turn (0 = the start)")
    p.add_argument("--to", dest="end", type=int, default=None, help="last turn (default: the last)")
    p.add_argument("--max-bytes", type=int, default=DISCORD_LIMIT, help="size cap (default: Discord's 8 MiB)")
    args = p.parse_args(argv)
    try:
        doc = json.loads(args.file.read_text(encoding="utf-8"))
        engine = engines.get(doc["engine"])
        frames = public_frames(engine, doc["seats"], doc["seed"], doc.get("options", {}), doc["actions"],
                               doc.get("engine_version"))
    except (OSError, ValueError, KeyError, TypeError) as err:
        print(f"error: {args.file} is not a replay this installation can play ({err})", file=sys.stderr)
        return 2
    end = len(frames) - 1 if args.end is None else args.end
    if not 0 <= args.start <= end < len(frames):
        print(f"error: turns go from 0 to {len(frames) - 1}", file=sys.stderr)
        return 2
    names = {i: str(n) for i, n in enumerate(doc.get("players") or [])}
    drawn = stills(frames, range(args.start, end + 1), names, doc["seats"])
    anim = animate(engine.id, drawn, max_bytes=args.max_bytes)
    out = args.out.with_suffix(f".{anim.format}")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(anim.data)
    print(f"{out}: {anim.shown} frames of {anim.total}, {anim.width} px wide, {len(anim.data)} bytes"
          + (f" ({anim.note})" if anim.note else ""))
    return 0
