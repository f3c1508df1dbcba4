"""``python -m tests.golden`` checks every golden playthrough; ``--write [game ...]`` regenerates them.

Regenerate only on purpose (a rules or text change), then review the diff with ``git diff tests/*/golden``.
"""

from __future__ import annotations

import argparse
import sys

from .record import cases, check, games, load, write


def main(argv: list[str] | None = None) -> int:
    """Check (default) or rewrite the goldens of the named games (all when none is named)."""
    parser = argparse.ArgumentParser(prog="python -m tests.golden", description=__doc__)
    parser.add_argument("--write", action="store_true", help="re-record the golden files")
    parser.add_argument("--missing", action="store_true", help="with --write: only cases without a file yet")
    parser.add_argument("games", nargs="*", help=f"games (default: all of {', '.join(games())})")
    args = parser.parse_args(argv)
    failed = 0
    for name in args.games or games():
        for case in cases(name):
            if args.write and args.missing and case.path.exists():
                continue
            if args.write:
                print(f"wrote {write(case)}")
                continue
            problem = check(load(case)) if case.path.exists() else "missing: run with --write"
            failed += problem is not None
            print(f"{case.id}: {problem or 'ok'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
