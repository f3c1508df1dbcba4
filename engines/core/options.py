"""Lobby options: a small schema with defaults and validation, declared by each game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError


@dataclass(frozen=True)
class Option:
    """One lobby option. ``choices`` makes it a select; an int default makes it a number."""

    name: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""

    @property
    def kind(self) -> str:
        """``choice``, ``bool``, ``int`` or ``str``."""
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        return "str"

    def coerce(self, value: Any) -> Any:
        """Turn a typed value (possibly text from a user) into a valid value, or raise."""
        kind = self.kind
        if kind == "bool":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in {"1", "true", "yes", "on"}:
                return True
            if text in {"0", "false", "no", "off"}:
                return False
            raise OptionError(f"{self.label}: say yes or no, not {_shown(value)}.")
        if kind == "choice":
            for choice in self.choices:
                if str(choice).lower() == str(value).strip().lower():
                    return choice
            listed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"{self.label}: choose one of {listed}.")
        if kind == "int":
            try:
                number = int(str(value).strip())
            except ValueError:
                raise OptionError(f"{self.label}: expected a whole number, not {_shown(value)}.") from None
            if self.minimum is not None and number < self.minimum:
                raise OptionError(f"{self.label}: at least {self.minimum}.")
            if self.maximum is not None and number > self.maximum:
                raise OptionError(f"{self.label}: at most {self.maximum}.")
            return number
        text = str(value).strip()
        if len(text) > 100:
            raise OptionError(f"{self.label}: at most 100 characters.")
        return text


def _shown(value: Any, limit: int = 40) -> str:
    """A user's value quoted back in an error, clipped so a huge paste stays readable."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 2] + "…'"


@dataclass(frozen=True)
class OptionsSchema:
    """The options of one game, in display order."""

    options: tuple[Option, ...] = field(default_factory=tuple)

    def defaults(self) -> dict[str, Any]:
        """Every option at its default."""
        return {o.name: o.default for o in self.options}

    def get(self, name: str) -> Option:
        """The option called ``name``; ``OptionError`` if there is none."""
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"Unknown option {name!r}; this game's options: {known}.")

    def validate(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with ``given``, each value checked and normalised."""
        result = self.defaults()
        for name, value in (given or {}).items():
            result[name] = self.get(name).coerce(value)
        return result

    def describe(self) -> list[dict[str, Any]]:
        """JSON description for menus and docs."""
        return [
            {"name": o.name, "label": o.label, "kind": o.kind, "default": o.default,
             "choices": list(o.choices), "min": o.minimum, "max": o.maximum, "help": o.help}
            for o in self.options
        ]
