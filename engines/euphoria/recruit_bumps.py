"""Recruits that react to a bump: Nick, Hacker, Sheriff (bumped); Jacques, Gossip, Khaleef (bumping); own bumps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Game

from .queue import push
from .tableau import change_knowledge, change_morale
from .triggers import Answer, offer


def _self_bump_resource(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    push(g, {"effect": "choose_good", "pid": pid, "kind": "resource"})


def _bumped_morale(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    push(g, {"effect": "morale", "pid": pid, "n": prm["n"]})


def _bumped_hacker(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    change_morale(g, pid, prm["morale"])
    change_knowledge(g, ctx["by"], prm["knowledge"])


def _tribute(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    push(g, {"effect": "tribute", "pid": ctx["target"], "to": pid})


ABILITIES: dict[str, dict[str, Answer]] = {
    "self_bump_resource": {"bumped_own": _self_bump_resource},
    "bumped_morale": {"was_bumped": _bumped_morale},
    "bumped_hacker": {"was_bumped": _bumped_hacker},
    "bumped_artifact_for_morale": {"was_bumped": offer()},
    "bump_other_resource_for_morale": {"bumped_other": offer("target")},
    "bump_other_gossip": {"bumped_other": offer("target")},
    "bump_other_tribute": {"bumped_other": _tribute},
}
"""Answers by recruit effect name."""
