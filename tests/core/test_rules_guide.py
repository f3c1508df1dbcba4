"""The rule behind the choice (engines/core/rules_guide.py): every step of every game has its rule text, and
``Engine.rules_for`` gives the entries of the decision a seat faces now (EU-SETUP-11: the reference card)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import engines
from engines.core import ContentError, Engine, rules_guide
from engines.core.effects import CHOICE
from engines.core.rules_guide import GAME_OVER, Guide, decision_keys

ENGINES = engines.all()
ROOT = Path(__file__).resolve().parents[2]


def test_every_registered_game_is_checked():
    assert {e.id for e in ENGINES} >= {"robo_rescue", "euphoria"}


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.id)
def test_every_step_of_every_game_has_at_least_one_entry(engine: Engine):
    """A new step cannot ship without its rule text."""
    names = [step.name for step in engine.steps]
    assert engine.guide.uncovered(names) == [], f"{engine.id}: add entries for these steps to guide.json"
    for step in names:
        for entry in engine.guide.lookup([step]):
            assert entry.id and entry.title and entry.text and entry.ref, entry


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.id)
def test_every_entry_has_an_id_a_title_and_a_text(engine: Engine):
    assert engine.guide.entries and engine.guide.summary
    prefix = {"robo_rescue": "RR-", "euphoria": "EU-"}.get(engine.id, "")
    for entry in engine.guide.entries:
        assert entry.id.startswith(prefix) and entry.title.strip() and len(entry.text) >= 20, entry
        assert len(entry.text) <= 260, f"{entry.id}: keep entries short ({len(entry.text)} characters)"
        assert "{" not in entry.text and "_" not in entry.text, f"{entry.id}: players read words, not codes"


@pytest.mark.parametrize("engine", [e for e in ENGINES if e.effects is not None], ids=lambda e: e.id)
def test_every_effect_that_asks_has_its_rule(engine: Engine):
    """Effects waiting on the core choice step are decisions too: each has a ``choose.<effect>`` entry."""
    asking = [name for name in engine.effects.names() if engine.effects[name].pick is not None]
    assert asking
    missing = [name for name in asking if not engine.guide.lookup([f"{CHOICE}.{name}"])]
    assert missing == []


def test_the_guide_files_carry_the_marks_and_say_what_is_reconstructed():
    for game in ("robo_rescue", "euphoria", "scrap", "stress_botics"):
        doc = json.loads((ROOT / "data" / game / "guide.json").read_text(encoding="utf-8"))
        assert set(doc["parts"]["reconstructed"]) == {"entries", "steps"}
        assert any(e.get("provenance") == "reconstructed" for e in doc["entries"])


def guide_doc(**changes: Any) -> dict[str, Any]:
    doc = {"source": "Rulebook: two rules (L1). RECONSTRUCTED: the step map.",
           "parts": {"rulebook": ["summary", "topics", "entries"], "reconstructed": ["steps"]},
           "summary": "Take cards.", "topics": {"take": {"text": "Take one card.", "entries": ["T-01"]}},
           "entries": [{"id": "T-01", "title": "Taking", "text": "Take one card from the market.", "ref": "L1"}],
           "steps": {"take_card": ["T-01"]}}
    doc.update(changes)
    return doc


def write(tmp_path: Path, doc: dict[str, Any]) -> Path:
    (tmp_path / "guide.json").write_text(json.dumps(doc), encoding="utf-8")
    return tmp_path


class _Take:
    name, verbs = "take_card", ("take", "pass")


def test_a_guide_loads_with_topics_and_keys(tmp_path: Path):
    guide = rules_guide.load(write(tmp_path, guide_doc()))
    assert guide.topic("TAKE") and guide.topic("take").entries[0].id == "T-01"
    assert guide.entry("t-01").title == "Taking"
    assert [e.id for e in guide.lookup(["take_card", "take_card.take", "nothing"])] == ["T-01"]
    guide.check([_Take])


def test_a_guide_without_marks_or_with_a_bad_entry_fails(tmp_path: Path):
    with pytest.raises(ContentError, match="source"):
        rules_guide.load(write(tmp_path, {k: v for k, v in guide_doc().items() if k != "source"}))
    blank = [{"id": "T-01", "title": "Taking", "text": " ", "ref": "L1"}]
    with pytest.raises(ContentError, match="needs an id, a title and a text"):
        rules_guide.load(write(tmp_path, guide_doc(entries=blank)))
    twice = guide_doc()["entries"] * 2
    with pytest.raises(ContentError, match="twice"):
        rules_guide.load(write(tmp_path, guide_doc(entries=twice)))
    with pytest.raises(ContentError, match=r"topics\.take"):
        rules_guide.load(write(tmp_path, guide_doc(topics={"take": {"text": "x", "entries": ["T-09"]}})))


@pytest.mark.parametrize(("steps", "message"), [
    ({"take_cards": ["T-01"]}, "names no step"),
    ({"take_card.grab": ["T-01"]}, "no verb or effect 'grab'"),
    ({"take_card": ["T-02"]}, "not entries"),
])
def test_a_key_naming_an_unknown_step_verb_or_entry_fails(tmp_path: Path, steps: dict, message: str):
    guide = rules_guide.load(write(tmp_path, guide_doc(steps=steps)))
    with pytest.raises(ContentError, match=message):
        guide.check([_Take])


def test_decision_keys_name_the_step_the_effect_asked_about_and_each_verb_once():
    assert decision_keys({"step": "conversions"}, ["spend", "spend", "done"]) == [
        "conversions", "conversions.spend", "conversions.done"]
    assert decision_keys({"step": CHOICE, "op": {"effect": "bribe"}}, ["pick"]) == [CHOICE, f"{CHOICE}.bribe",
                                                                                  f"{CHOICE}.pick"]


def test_the_choice_step_shows_its_own_entries_only_for_an_effect_without_rules(tmp_path: Path):
    steps = {"choose": ["T-01"], "choose.bribe": ["T-02"]}
    entries = [*guide_doc()["entries"], {"id": "T-02", "title": "Bribes", "text": "Pay to ignore a penalty.",
                                         "ref": "L2"}]
    guide = rules_guide.load(write(tmp_path, guide_doc(steps=steps, entries=entries)))
    assert [e.id for e in guide.for_decision({"step": CHOICE, "op": {"effect": "bribe"}}, ["pick"])] == ["T-02"]
    assert [e.id for e in guide.for_decision({"step": CHOICE, "op": {"effect": "gift"}}, ["pick"])] == ["T-01"]


def test_the_table_reads_an_effects_rules_only_when_it_may_know_what_is_decided(monkeypatch):
    engine = engines.get("euphoria")
    state = next(s for s, _ in walk(engine, 3, 2, 500) if s["stack"] and s["stack"][-1]["step"] == CHOICE)
    effect = state["stack"][-1]["op"]["effect"]
    assert engine.rules_for(state, None) == engine.guide.lookup([f"{CHOICE}.{effect}"])
    monkeypatch.setattr(engine, "public_prompt", lambda state, seat: None)  # a choice that would give away
    assert engine.rules_for(state, None) == engine.guide.lookup([CHOICE])
    assert engine.rules_for(state, engine.active(state)[0]) == engine.guide.lookup([f"{CHOICE}.{effect}"])


def test_a_game_without_a_guide_file_keeps_its_summary_and_topics():
    plain = Guide.plain("Bid in secret.", {"bid": "Highest unique bid scores."})
    assert plain.summary == "Bid in secret." and plain.topic("bid").text == "Highest unique bid scores."
    assert plain.lookup(["anything"]) == []


def walk(engine: Engine, players: int, seed: int, steps: int, options: dict | None = None):
    """(state, active seats) at each decision of a random legal game."""
    rng = random.Random(seed)
    state = engine.setup(players, seed, options)
    for _ in range(steps):
        active = engine.active(state)
        if not active:
            break
        yield state, active
        seat = active[0]
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    yield state, engine.active(state)


@pytest.mark.parametrize(("game", "players", "options"), [("robo_rescue", 2, {"round_cap": 2}),
                                                           ("robo_rescue", 3, {"round_cap": 1}),
                                                           ("euphoria", 1, {"automa": True}),
                                                           ("euphoria", 3, None),
                                                           ("scrap", 2, None),
                                                           ("stress_botics", 3, None)])
def test_every_decision_of_a_game_has_its_rules_and_spectators_learn_nothing_private(game, players, options):
    engine = engines.get(game)
    seen_verbs: set[str] = set()
    for state, active in walk(engine, players, 7, 600, options):
        table = engine.rules_for(state, None)
        assert table, f"no rules for the table at step {state['step']} ({state['stack'][-1:]})"
        for seat in range(players):
            mine = engine.rules_for(state, seat)
            if seat in active:
                assert mine and table[0] in mine
                g = engine._context(state)
                seen_verbs |= {f"{g.frame['step']}.{a.verb}" for a in engine.legal_actions(state, seat)}
            else:  # a seat not deciding reads what a spectator reads: nothing from anyone's hand
                assert mine == table
    assert seen_verbs
    if state["result"] is not None:  # RR-END-04 / EU-END-03: the end has its rules too
        assert engine.rules_for(state, None) == engine.guide.lookup([GAME_OVER])


def test_robo_rescue_conversions_show_the_payment_rules_when_paying():
    """RR-CONV-02/07/08: paying a conversion shows how it may be paid, not only that conversions exist."""
    engine = engines.get("robo_rescue")
    for seed in range(1, 40):
        for state, active in walk(engine, 2, seed, 400, {"round_cap": 3}):
            if not active or state["stack"][-1]["step"] != "conversions":
                continue
            verbs = {a.verb for a in engine.legal_actions(state, active[0])}
            ids = [e.id for e in engine.rules_for(state, active[0])]
            assert ids[:2] == ["RR-CONV-01", "RR-CONV-06"]
            if "spend" in verbs:
                assert "RR-CONV-07" in ids and "RR-CONV-08" in ids
                assert "RR-CONV-03" not in ids or "buy" in verbs
                return
    pytest.fail("no seeded game reached a conversion payment")


def test_euphoria_choices_show_the_rule_of_the_effect_asked_about():
    """EU-MORALE-03 on a hand-limit discard, EU-BAZAAR-01 when taking an artifact: a choice shows the rules of
    the effect that waits (not the choice step's fallback), for the one deciding and for the table alike."""
    engine = engines.get("euphoria")
    found: dict[str, list[str]] = {}
    for seed in range(1, 12):
        for state, active in walk(engine, 3, seed, 500):
            frame = state["stack"][-1] if state["stack"] else {}
            if frame.get("step") == CHOICE:
                effect = frame["op"]["effect"]
                ids = [e.id for e in engine.rules_for(state, active[0])]
                assert ids == [e.id for e in engine.rules_for(state, None)]
                assert ids == [e.id for e in engine.guide.lookup([f"{CHOICE}.{effect}"])]
                found.setdefault(effect, ids)
        if "artifact" in found:
            break
    assert "EU-BAZAAR-01" in found["artifact"]
