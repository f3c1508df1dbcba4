"""Persistent components (``DynamicItem``): their custom ids carry everything needed, so buttons on
old messages keep working after a restart without any in-memory state."""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord

from bot.service.results import Choice

from .ids import action_id, b36, from_b36, select_id
from .replies import guarded

ID = r"[0-9a-z]+"


class TableActions(Protocol):
    """What a component's click asks of the table (``bot.discord.table.DiscordTable``)."""

    async def send_panel(self, interaction: discord.Interaction, game_id: int) -> None:
        """Open the caller's turn panel."""

    async def send_hand(self, interaction: discord.Interaction) -> None:
        """Show the caller's private view."""

    async def send_rules(self, interaction: discord.Interaction, game_id: int | None) -> None:
        """Show the rules of the caller's decision now."""

    async def send_since(self, interaction: discord.Interaction, game_id: int) -> None:
        """Show what changed since the caller's last move."""

    async def play_from_panel(self, interaction: discord.Interaction, game_id: int, version: int,
                              action: str) -> None:
        """Play a move chosen on a turn panel."""

    async def lobby_button(self, interaction: discord.Interaction, game_id: int, verb: str) -> None:
        """Join, leave, add a bot, start or cancel a lobby."""

    async def option_menu(self, interaction: discord.Interaction, game_id: int, name: str, value: str) -> None:
        """Set a lobby option."""


def _table(interaction: discord.Interaction) -> TableActions:
    return interaction.client.table  # type: ignore[attr-defined, no-any-return]


class _TableButton(discord.ui.DynamicItem[discord.ui.Button], template=r"(?!)"):
    """A button under a board post that only needs the game id."""

    prefix, text, emoji = "", "", ""
    style = discord.ButtonStyle.secondary

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label=self.text, style=self.style, emoji=self.emoji,
                                           custom_id=f"{self.prefix}:{b36(game_id)}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> _TableButton:
        return cls(from_b36(match["game"]))


class TurnButton(_TableButton, template=rf"t:(?P<game>{ID})"):
    """"Take your turn": opens the caller's private turn panel."""

    prefix, text, emoji = "t", "Take your turn", "🎲"
    style = discord.ButtonStyle.primary

    @guarded("turn button")
    async def callback(self, interaction: discord.Interaction) -> None:
        await _table(interaction).send_panel(interaction, self.game_id)


class HandButton(_TableButton, template=rf"h:(?P<game>{ID})"):
    """"My hand": the caller's private view, ephemeral."""

    prefix, text, emoji = "h", "My hand", "🂠"

    @guarded("hand button")
    async def callback(self, interaction: discord.Interaction) -> None:
        await _table(interaction).send_hand(interaction)


class RulesButton(_TableButton, template=rf"ru:(?P<game>{ID})"):
    """"Rules" on a turn panel: the rules of the decision the caller faces now, ephemeral."""

    prefix, text, emoji = "ru", "Rules", "📖"

    @guarded("rules button")
    async def callback(self, interaction: discord.Interaction) -> None:
        await _table(interaction).send_rules(interaction, self.game_id)


class SinceButton(_TableButton, template=rf"sl:(?P<game>{ID})"):
    """"Since your last turn" on a turn panel: the turns since the caller's last move, animated, ephemeral."""

    prefix, text, emoji = "sl", "Since your last turn", "🎞️"

    @guarded("since-your-last-turn button")
    async def callback(self, interaction: discord.Interaction) -> None:
        await _table(interaction).send_since(interaction, self.game_id)


class ActionButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=rf"a:(?P<game>{ID}):(?P<version>{ID}):(?P<action>.+)"):
    """One move on a turn panel; the version in its id rejects clicks from an earlier turn."""

    def __init__(self, game_id: int, version: int, action: str, label: str, *, row: int | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=style, row=row,
                                           custom_id=action_id(game_id, version, action)))
        self.game_id, self.version, self.action = game_id, version, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ActionButton:
        return cls(from_b36(match["game"]), from_b36(match["version"]), match["action"], item.label or "")

    @guarded("move button")
    async def callback(self, interaction: discord.Interaction) -> None:
        await _table(interaction).play_from_panel(interaction, self.game_id, self.version, self.action)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=rf"s:(?P<game>{ID}):(?P<version>{ID}):(?P<page>\d+)"):
    """A page of up to 25 moves as a select menu."""

    def __init__(self, game_id: int, version: int, page: int, choices: list[Choice] | None = None,
                 placeholder: str = "Choose a move") -> None:
        options = [discord.SelectOption(label=c.label[:100], value=c.action) for c in choices or []]
        select: discord.ui.Select = discord.ui.Select(
            custom_id=select_id(game_id, version, page), placeholder=placeholder[:150],
            options=options or [discord.SelectOption(label="-", value="-")])
        super().__init__(select)
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> ActionSelect:
        return cls(from_b36(match["game"]), from_b36(match["version"]), int(match["page"]))

    @guarded("move menu")
    async def callback(self, interaction: discord.Interaction) -> None:
        values: list[Any] = (interaction.data or {}).get("values", [])  # type: ignore[assignment]
        await _table(interaction).play_from_panel(interaction, self.game_id, self.version, str(values[0]))


LOBBY_VERBS = {"join": "Join", "leave": "Leave", "bot": "Add bot", "start": "Start", "cancel": "Cancel"}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=rf"l:(?P<game>{ID}):(?P<verb>join|leave|bot|start|cancel)"):
    """Lobby buttons: join, leave, add a bot, start, cancel."""

    def __init__(self, game_id: int, verb: str) -> None:
        style = {"start": discord.ButtonStyle.success, "cancel": discord.ButtonStyle.danger}.get(
            verb, discord.ButtonStyle.secondary if verb != "join" else discord.ButtonStyle.primary)
        super().__init__(discord.ui.Button(label=LOBBY_VERBS[verb], style=style, row=0,
                                           custom_id=f"l:{b36(game_id)}:{verb}"))
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> LobbyButton:
        return cls(from_b36(match["game"]), match["verb"])

    @guarded("lobby button")
    async def callback(self, interaction: discord.Interaction) -> None:
        await _table(interaction).lobby_button(interaction, self.game_id, self.verb)


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=rf"o:(?P<game>{ID}):(?P<name>[A-Za-z0-9_]+)"):
    """A lobby option as a select menu (host or admin)."""

    def __init__(self, game_id: int, option: dict[str, Any] | None = None, current: Any = None,
                 name: str = "") -> None:
        option = option or {"name": name, "label": name, "kind": "choice", "choices": []}
        values = _option_values(option)
        select: discord.ui.Select = discord.ui.Select(
            custom_id=f"o:{b36(game_id)}:{option['name']}", placeholder=_placeholder(option)[:150],
            options=[discord.SelectOption(label=f"{option['label']}: {text}"[:100], value=value,
                                          default=value == _value_text(current)) for value, text in values]
            or [discord.SelectOption(label="-", value="-")])
        super().__init__(select)
        self.game_id, self.name = game_id, option["name"]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> OptionSelect:
        return cls(from_b36(match["game"]), name=match["name"])

    @guarded("option menu")
    async def callback(self, interaction: discord.Interaction) -> None:
        values: list[Any] = (interaction.data or {}).get("values", [])  # type: ignore[assignment]
        await _table(interaction).option_menu(interaction, self.game_id, self.name, str(values[0]))


def _placeholder(option: dict[str, Any]) -> str:
    """The menu's hint; a numeric option says how to set a value the presets do not list."""
    if option["kind"] == "int" and option.get("max") is not None and option["max"] - (option.get("min") or 0) >= 25:
        return f"{option['label']} (other values: /game option name:{option['name']} value:<number>)"
    return str(option["label"])


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _option_values(option: dict[str, Any]) -> list[tuple[str, str]]:
    """Select values for an option (bools, choices, small integer ranges)."""
    if option["kind"] == "bool":
        return [("yes", "yes"), ("no", "no")]
    if option["kind"] == "choice":
        return [(str(c), str(c)) for c in option["choices"]][:25]
    if option["kind"] == "int" and option.get("min") is not None and option.get("max") is not None:
        return [(str(n), str(n)) for n in int_presets(option["min"], option["max"], option.get("default"))]
    return []


NICE_NUMBERS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 100, 150, 200, 250, 300, 500, 1000)
"""Preset values offered for a wide numeric option (any other value is typed with ``/game option``)."""


def int_presets(low: int, high: int, default: Any = None) -> list[int]:
    """At most 25 values for a numeric option's menu: every value of a small range, else the ends, the
    default and round numbers between them (issue 13: ``round_cap`` used to list only 0–24)."""
    if high - low < 25:
        return list(range(low, high + 1))
    keep = {low, high} | ({default} if isinstance(default, int) and low <= default <= high else set())
    nice = [n for n in NICE_NUMBERS if low < n < high and n not in keep]
    return sorted(keep | set(nice[: 25 - len(keep)]))


def table_view(game_id: int) -> discord.ui.View:
    """Buttons under every board post."""
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButton(game_id))
    view.add_item(HandButton(game_id))
    return view


def lobby_view(game_id: int, schema: list[dict[str, Any]], options: dict[str, Any]) -> discord.ui.View:
    """Lobby buttons and up to four option menus."""
    view = discord.ui.View(timeout=None)
    for verb in LOBBY_VERBS:
        view.add_item(LobbyButton(game_id, verb))
    menus = [o for o in schema if _option_values(o)][:4]
    for row, option in enumerate(menus, start=1):
        item = OptionSelect(game_id, option, options.get(option["name"]))
        item.item.row = row
        view.add_item(item)
    return view


DYNAMIC_ITEMS = (TurnButton, HandButton, RulesButton, SinceButton, ActionButton, ActionSelect, LobbyButton,
                 OptionSelect)
