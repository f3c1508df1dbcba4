"""``python -m engines list | playout GAME ... | replay FILE`` — see ``engines.cli``."""

from .cli import main

raise SystemExit(main())
