"""Every effect tree in data/scrap/ uses only the spec 4.0 action DSL kept in ops.json, and only named hooks."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from .files import core_tree, functions, intelligences, load, resolve, walk

OPS = load("ops")
ATOMS, COMBINATORS = OPS["atoms"], OPS["combinators"]
NAMES = set(OPS["selectors"]) | set(OPS["variables"]) | set(OPS["timings"])
ENUMS = {"kind": {"B", "A"}, "from_zone": {"reserve", "errorful_learning"}, "size_rule": {"plus_1", "different", "any"},
         "phase": {"run", "call", "load"}, "domain": {"X", "C", "I", "T", "E"}, "cost_key": {"warp.relocation_cost"}}
HOOK_NAMED = ("sel", "where", "to", "at", "commands", "then_move", "who", "links", "scope", "after")
NAMED_ARGS = ("targets", "target", "set", "where", "links", "zone", "player", "who", "to", "from", "id", "bot", "area",
              "until", "at")
FILTERS = {"only", "from", "to", "out_of", "together", "at", "areas", "links", "max_moves"}
EXPR_WORDS = {"?", "XP", "S", "*"}


class Checker:
    """Walks effect trees; collects every problem as 'where: what'."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.hooks: set[str] = set()

    def err(self, where: str, what: str) -> None:
        self.errors.append(f"{where}: {what}")

    def name(self, where: str, value: Any) -> None:
        if isinstance(value, str) and value not in NAMES and not re.fullmatch(r"ship_of:[a-z]", value):
            self.err(where, f"unknown selector/variable {value!r}")

    def expr(self, where: str, e: Any) -> None:
        if isinstance(e, bool) or e is None:
            self.err(where, f"bad Value {e!r}")
        elif isinstance(e, int):
            return
        elif isinstance(e, str):
            if e not in EXPR_WORDS and not re.fullmatch(r"S\([a-z]\)", e):
                self.err(where, f"bad expression word {e!r}")
        elif isinstance(e, dict) and len(e) == 1 and next(iter(e)) in ("add", "sub", "mul", "min", "max"):
            for i, x in enumerate(next(iter(e.values()))):
                self.expr(f"{where}[{i}]", x)
        elif isinstance(e, dict) and "count" in e:
            self.name(where, e["count"])
            if set(e) - {"count", "area"}:
                self.err(where, f"bad count keys {sorted(e)}")
        elif isinstance(e, dict) and set(e) == {"when", "v"}:
            self.cond(where, e["when"])
            self.expr(where, e["v"])
        else:
            self.err(where, f"bad expression {e!r}")

    def cond(self, where: str, c: Any) -> None:
        if not isinstance(c, dict) or c.get("cond") not in OPS["conditions"]:
            self.err(where, f"unknown condition {c!r}")
            return
        for key, value in c.items():
            if key == "v":
                self.expr(where, value)
            elif key == "vow":
                if value not in {v["id"] for v in load("vows")["vows"]}:
                    self.err(where, f"unknown Vow {value!r}")
            elif key == "side":
                if value not in ("vow", "broken"):
                    self.err(where, f"unknown Vow side {value!r}")
            elif key != "cond":
                self.name(where, value)

    def node(self, where: str, n: Any) -> None:
        if not isinstance(n, dict):
            self.err(where, f"an effect must be an object, got {n!r}")
        elif "op" in n:
            self.atom(where, n)
        else:
            kind = next((k for k in n if k in COMBINATORS), None)
            if kind is None:
                self.err(where, f"neither an op nor a combinator: keys {sorted(n)}")
            else:
                self.combinator(where, kind, n)

    def atom(self, where: str, n: dict) -> None:
        spec = ATOMS.get(n["op"])
        if spec is None:
            self.err(where, f"op {n['op']!r} is not in the spec 4.0 vocabulary")
            return
        where = f"{where}<{n['op']}>"
        missing = set(spec["required"]) - set(n)
        extra = set(n) - {"op"} - set(spec["required"]) - set(spec["optional"])
        if missing or extra:
            self.err(where, f"missing {sorted(missing)} unknown {sorted(extra)}")
        if n["op"] == "hook":
            self.hooks.add(n["name"])
            for key, value in n.get("params", {}).items():
                if key in HOOK_NAMED and isinstance(value, str):
                    self.name(f"{where}.{key}", value)
                elif isinstance(value, dict) and ("op" in value or any(k in COMBINATORS for k in value)):
                    self.node(f"{where}.{key}", value)
                elif isinstance(value, dict) and key == "cost":
                    for c, v in value.items():
                        self.node(f"{where}.cost.{c}", v)
            return
        for key, value in n.items():
            if key in ("v", "k", "n") or (key == "size" and not isinstance(value, str)):
                self.expr(f"{where}.{key}", value)
            elif key in ENUMS and value not in ENUMS[key]:
                self.err(where, f"{key}={value!r} not one of {sorted(ENUMS[key])}")
            elif key in NAMED_ARGS:
                self.name(f"{where}.{key}", value)
            elif key == "spec":
                self.name(f"{where}.spec", value.get("sel"))
            elif key in ("min", "max"):
                self.expr(f"{where}.{key}", value)

    def combinator(self, where: str, kind: str, n: dict) -> None:
        spec = COMBINATORS[kind]
        where = f"{where}<{kind}>"
        if set(n) - set(spec["keys"]):
            self.err(where, f"unknown keys {sorted(set(n) - set(spec['keys']))}")
        if kind in ("plus", "seq"):
            if not isinstance(n[kind], list) or len(n[kind]) < 2:
                self.err(where, "needs a list of at least two nodes")
            for i, child in enumerate(n[kind]):
                self.node(f"{where}[{i}]", child)
        elif kind == "cost":
            if not ATOMS.get(n["cost"].get("op"), {}).get("cost"):
                self.err(where, f"{n['cost'].get('op')!r} is not a Cost op")
            self.node(f"{where}.cost", n["cost"])
            self.node(f"{where}.then", n["then"])
        elif kind == "chain":
            self.node(f"{where}.chain", n["chain"])
            self.node(f"{where}.each", n["each"])
        elif kind == "if":
            self.cond(where, n["if"])
            self.node(f"{where}.then", n["then"])
            if "else" in n:
                self.node(f"{where}.else", n["else"])
        elif kind == "status":
            self.name(f"{where}.trigger", n["status"]["trigger"])
            self.node(f"{where}.do", n["status"]["do"])
        elif kind == "choice":
            self.name(where, n["choice"])
            self.name(where, n["as"])
            for label, child in n["options"].items():
                self.node(f"{where}.{label}", child)
        elif kind in ("choose_bot", "choose_area", "for_each"):
            self.name(where, n[kind])
            self.name(where, n["as"])
            for key in ("area", "link"):
                if key in n:
                    self.name(where, n[key])
            self.node(f"{where}.do", n["do"])
        elif kind == "repeat":
            self.expr(where, n["repeat"])
            self.node(f"{where}.do", n["do"])
        elif kind == "action":
            if set(n["action"]) - FILTERS:
                self.err(where, f"unknown filters {sorted(set(n['action']) - FILTERS)}")
            for key, value in n["action"].items():
                if isinstance(value, str):
                    self.name(f"{where}.{key}", value)
            self.node(f"{where}.do", n["do"])

    def mod(self, where: str, fn: dict) -> None:
        tree = {"core": copy.deepcopy(core_tree(fn))}
        for i, item in enumerate(fn["power_up"]["mod"]):
            here = f"{where}.mod[{i}]"
            if "op" in item:
                self.node(here, item)
                continue
            if "also" in item:
                self.node(f"{here}.also", item["also"])
                continue
            if set(item) - {"path", "set", "add", "append", "when"} or len(set(item) & {"set", "add", "append"}) != 1:
                self.err(here, f"bad patch {item}")
                continue
            try:
                parent, last = resolve(tree, item["path"]) if item["path"] != "core" else (tree, "core")
                if "add" in item:
                    self.expr(here, parent[last])
                    self.expr(here, item["add"])
                elif "append" in item:
                    assert isinstance(parent[last], list)
                    self.node(here, item["append"])
                elif isinstance(parent, list):
                    parent[last]
            except (KeyError, IndexError, TypeError, AssertionError):
                self.err(here, f"path {item['path']!r} does not resolve in the Core")
                continue
            if "set" in item:
                value = item["set"]
                if isinstance(value, dict) and ("op" in value or any(k in COMBINATORS for k in value)):
                    self.node(here, value)
                elif isinstance(value, str) and last in ("at", "until", "kind"):
                    if last == "kind":
                        assert value in ENUMS["kind"]
                    else:
                        self.name(here, value)
                else:
                    self.expr(here, value)
            if "when" in item:
                self.cond(here, item["when"])


def roots() -> list[tuple[str, Any]]:
    """Every effect tree outside the Function records' MOD lists."""
    out: list[tuple[str, Any]] = []
    for name, core in load("functions")["cores"].items():
        out.append((f"cores.{name}", core["effect"]))
    for f in functions():
        if set(f["core"]) != {"ref"}:
            out.append((f"#{f['ref']}.core", f["core"]))
        if "effect" in f["power_up"]:
            out.append((f"#{f['ref']}.power_up", f["power_up"]["effect"]))
    for a in load("areas")["areas"]:
        out += [(r["id"], r["effect"]) for r in a["rewards"]]
    for d in load("domains")["domains"]:
        out += [(s["id"], s["effect"]) for s in d["subroutines"]]
    out += [(f"relic.{b['id']}", b["effect"]) for b in load("relics")["bonuses"]]
    out.append(("relic.install", load("relics")["install"]))
    for intel in intelligences().values():
        out += [(f"{intel['id']}.slot{s['slot']}", s["effect"]) for s in intel["celestium_slots"]]
        for a in intel["attributes"]:
            out += [(f"{a['id']}.setup", a["setup"])] if "setup" in a else []
            out += [(f"{a['id']}.on.{t['on']}", t["do"]) for t in a.get("triggers", [])]
            out += [(f"{a['id']}.rules", r) for r in a.get("rules", [])]
    for v in load("vows")["vows"]:
        out += [(f"vow.{v['id']}", r) for side in ("vow", "broken") for r in v[side]["rules"]]
    rules = load("rules")
    for key in ("options", "most_options", "literal_options", "literal_most_options"):
        out += [(f"probe.{key}", n) for choice in rules["probe"][key] for n in choice]
    out += [("track.9-10", b["gain"]) for b in rules["knowledge_track"]["bonuses"] if "op" in b["gain"]]
    return out


@pytest.fixture(scope="module")
def checked() -> Checker:
    c = Checker()
    for where, tree in roots():
        c.node(where, tree)
    for f in functions():
        if "mod" in f["power_up"]:
            c.mod(f"#{f['ref']}", f)
    return c


def test_every_effect_uses_the_dsl_vocabulary(checked):
    assert checked.errors == []


def test_every_op_in_the_files_is_checked(checked):
    # nothing hides outside the roots: each op object anywhere is reachable from a checked root
    seen = sum(1 for name in ("functions", "areas", "domains", "relics", "intelligences", "vows", "rules")
               for _, v in walk(load(name)) if isinstance(v, dict) and "op" in v)
    assert seen > 300


def test_hooks_table_matches_the_hooks_used(checked):
    table = set(load("hooks")["hooks"])
    assert checked.hooks <= table, sorted(checked.hooks - table)
    assert table <= checked.hooks, sorted(table - checked.hooks)
    assert all(h["doc"] for h in load("hooks")["hooks"].values())


def test_power_up_extras_resolve():
    for f in functions():
        pu = f["power_up"]
        assert pu.get("join_before", "search") in ATOMS and (pu["pos"] == "join") == ("join_before" in pu)
        assert pu.get("shares", "b") in OPS["variables"]


def test_battle_mods_are_hooks_keyed_by_ref():
    # spec 4.0: MOD extra rules that change a Battle are named hooks keyed by ref
    battle = {10, 16, 23, 29, 36, 42, 55, 68, 75}
    for f in functions():
        if f["ref"] in battle:
            items = f["power_up"]["mod"]
            assert any(i.get("op") == "hook" and i.get("ref") == f["ref"] for i in items), f["ref"]


def _patched(ref: int) -> dict:
    fn = functions()[ref - 1]
    tree = {"core": copy.deepcopy(core_tree(fn))}
    for item in fn["power_up"]["mod"]:
        if "path" in item and "set" in item and "when" not in item:
            parent, last = resolve(tree, item["path"]) if item["path"] != "core" else (tree, "core")
            parent[last] = item["set"]
        elif "path" in item and "add" in item and isinstance(item["add"], int):
            parent, last = resolve(tree, item["path"])
            parent[last] += item["add"]
    return tree["core"]


def test_numbers_fixed_by_the_reference_notes():
    assert _patched(1)["plus"][0] == {"op": "create", "v": 7}  # SC-EX-25a, SC-REF-01
    assert _patched(48)["plus"][0]["v"] == 12  # SC-EX-25j, SC-REF-48
    raid = _patched(49)["do"]["seq"][0]["v"]["add"]  # SC-EX-25e, SC-REF-49: 4, or 5 if enemy-Controlled
    assert raid[0] == 4 and raid[1]["v"] == 1
    assert _patched(34)["plus"][1]["kind"] == "A"  # SC-REF-34
    assert _patched(6)["seq"][0]["v"] == "XP"  # SC-EX-25g, SC-REF-06: Mobilise 4..9
    assert _patched(11) == {"op": "search", "v": {"sub": ["XP", 2]}}  # SC-REF-11: replaces the Core
    assert functions()[6]["power_up"]["effect"] == {"op": "create", "v": {"sub": ["XP", 4]}}  # SC-EX-25f
    assert functions()[76]["power_up"]["effect"]["then"]["v"] == {"mul": [2, "?"]}  # SC-EX-25d: 2/4/6
    assert functions()[76]["power_up"]["effect"]["cost"]["max"] == 3
    cores = load("functions")["cores"]
    assert cores["forge"]["effect"]["plus"][0]["v"] == 5  # SC-EX-01: Create 5
    assert cores["scavenge"]["effect"]["then"]["v"] == {"add": ["?", 1]}  # SC-EX-16, SC-CORE-05
    assert cores["manoeuvre"]["effect"]["plus"][0]["v"] == 7  # SC-REF-48: 12 instead of 7
