"""Rules name no recruit effect (EU-RECRUIT-01): they fire triggers and ask queries that recruit modules answer."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engines.euphoria
from engines.core import EngineBug, Game
from engines.euphoria.recruits import ALIASES, ASK, IMPLEMENTED
from engines.euphoria.tableau import query, recruit_way
from engines.euphoria.triggers import QUERIES, TRIGGERS, Abilities, Way

from .helpers import E, pl, table

PACKAGE = Path(engines.euphoria.__file__).parent


def _recruit_module(path: Path) -> bool:
    return path.name.startswith("recruit_") or path.name == "recruits.py"


def _rule_modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if not _recruit_module(p))


def _strings(tree: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def test_no_rule_module_names_a_recruit_effect():
    effects = {r.effect for r in E.data.recruits.values()} | {p for parts in ALIASES.values() for p in parts}
    named = {}
    for path in _rule_modules():
        found = _strings(ast.parse(path.read_text(encoding="utf-8"))) & effects
        if found:
            named[path.relative_to(PACKAGE).as_posix()] = sorted(found)
    assert named == {}


def test_only_the_tableau_looks_up_recruits_by_effect():
    callers = []
    for path in _rule_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                 and n.func.id == "recruit_effects"]
        if calls and path.name != "tableau.py":
            callers.append(path.name)
    assert callers == []


def test_the_check_would_catch_a_rule_naming_an_effect():
    tree = ast.parse('if recruit_effects(g, pid, "knowledge_cap"): pass')
    assert "knowledge_cap" in _strings(tree)


def test_every_effect_has_an_answer_a_reply_or_an_ask_entry():
    effects = {r.effect for r in E.data.recruits.values()}
    asked = set(ASK) | set(ALIASES)
    assert {e for e in effects if e not in E.abilities.effects() and e not in asked} == set()
    assert asked == IMPLEMENTED
    assert {part for parts in ALIASES.values() for part in parts} <= set(ASK)


def test_every_query_and_trigger_is_documented_and_answered():
    assert not set(QUERIES) & set(TRIGGERS)
    unanswered = [q for q in (*QUERIES, *TRIGGERS) if not E.abilities.answers(q)]
    assert unanswered == []
    with pytest.raises(EngineBug):
        Abilities({"knowledge_cap": {"no_such_query": lambda *a: 0}})
    way = Way(label=lambda g, op, t: "x", pick=lambda g, op, t: None)
    with pytest.raises(EngineBug):
        Abilities(ways=({"artpay": {"mosi": way}}, {"artpay": {"mosi": way}}))


def test_query_folds_only_working_recruits():  # EU-RECRUIT-01
    state = table(2)
    bok = next(r.id for r in E.data.recruits.values() if r.effect == "knowledge_cap")
    top = E.data.recruits[bok].params["max"]
    pl(state, 0)["active"] = [bok]
    pl(state, 1)["hidden"] = [bok]
    g = Game(E, state, None)
    assert query(g, "knowledge_max", 0, 6) == top
    assert query(g, "knowledge_max", 1, 6) == 6  # hidden: no ability
    pl(state, 0)["dormant"] = [bok]
    assert query(g, "knowledge_max", 0, 6) == 6


def test_recruit_ways_are_found_by_choice_and_key():
    g = Game(E, table(2), None)
    assert recruit_way(g, "artpay", "mosi") is not None and recruit_way(g, "artpay", "any") is None
    assert recruit_way(g, "turn", "clay") is not None and recruit_way(g, "turn", "place") is None
    assert recruit_way(g, "retrieve", "pay:energy") is not None and recruit_way(g, "retrieve", "pay:food") is None


def test_tunnel_abilities_are_real_effects():  # EU-TUNNEL-03, R-16
    tunnel = E.abilities.of_kind("tunnel")
    assert tunnel and tunnel <= {r.effect for r in E.data.recruits.values()}
    with pytest.raises(EngineBug):
        Abilities(kinds={"no_such_kind": frozenset()})


def test_every_step_dispatches_by_verb_and_says_what_is_decided():
    """Issue #12 item 6: one handler per verb; the table is told what a seat is deciding."""
    for step in E.steps:
        if step.__module__.startswith("engines.euphoria"):
            assert step.deciding, step.__name__
            assert step.verbs or step.name == "automa", step.__name__  # the Automa's turn takes no input
    state = E.setup(2, 1, {})
    assert E.prompt(state, None) == "Waiting for {seat0}, {seat1}: choose which recruits to keep."


def _package_imports(path: Path, tree: ast.Module) -> set[str]:
    """Modules of engines.euphoria that ``path`` imports at module level (``a.b`` names, relative to the package)."""
    here = path.relative_to(PACKAGE).with_suffix("").parts
    base = list(here[:-1])
    out: set[str] = set()
    for node in tree.body:
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            parts = base[:len(base) - (node.level - 1)] + (node.module.split(".") if node.module else [])
        elif node.module and node.module.startswith("engines.euphoria"):
            parts = node.module.split(".")[2:]
        else:
            continue
        if node.module:
            out.add(".".join(parts))
        else:
            out.update(".".join([*parts, a.name]) for a in node.names)
    return {m.removesuffix(".__init__") for m in out if m}


def test_no_function_level_imports_and_no_import_circle():
    """Issue #12 item 7: imports at the top only, and the package's modules import each other without a circle."""
    graph: dict[str, set[str]] = {}
    nested = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        name = ".".join(path.relative_to(PACKAGE).with_suffix("").parts).removesuffix(".__init__")
        graph[name] = _package_imports(path, tree)
        for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
            nested += [f"{name}.{fn.name}" for n in ast.walk(fn) if isinstance(n, ast.Import | ast.ImportFrom)]
    assert nested == []
    done: set[str] = set()

    def visit(module: str, trail: tuple[str, ...]) -> None:
        assert module not in trail, " -> ".join((*trail, module))
        if module in done or module not in graph:
            return
        for dep in graph[module]:
            visit(dep, (*trail, module))
        done.add(module)

    for module in graph:
        visit(module, ())
    assert "recruit_payments" in graph["game"] and "tableau" in graph["recruit_payments"]
