"""``python -m bot.sandbox GAME --players N``: play a game in the terminal."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
