"""Small helpers shared by the benchmarks: percentiles, RSS, JSON-line output."""

from __future__ import annotations

import json
import math
import sys
from typing import Any


def pct(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``; 0.0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def rss_mb() -> float:
    """Resident set size of this process in MB (Linux /proc; 0.0 elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def emit(row: dict[str, Any]) -> None:
    """Print one JSON line and flush (the bench is read line by line)."""
    print(json.dumps(row, sort_keys=False), flush=True)


def note(text: str) -> None:
    """Progress on stderr (stdout is JSON only)."""
    print(text, file=sys.stderr, flush=True)
