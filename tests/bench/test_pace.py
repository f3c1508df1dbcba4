"""``python -m bench.pace``: Stress Botics' pace (rounds, deliveries, AlphaBot's Shuttle round) against spec 4.4's
targets (stage 8 telemetry, issue 17)."""

from __future__ import annotations

import json

import pytest

from bench.pace import SHIPS, TARGET_ROUNDS, TARGET_SHUTTLE, bench_pace, main, play_one


@pytest.mark.parametrize("chooser", ["bot", "random"])
def test_sb_pace_a_game_reports_rounds_deliveries_and_shuttle_round(chooser: str) -> None:
    row = play_one((chooser, 2, 3, "{}"))
    json.dumps(row)
    assert row["finished"] and row["rounds"] >= 1 and row["steps"] > 0 and row["cpu_s"] >= 0
    assert row["ship_deliveries"] >= 0
    for key in ("shuttle_round", "delivered_round"):  # SB-ALPHA-32, SB-ALPHADELIVER-01
        assert row[key] is None or 1 <= row[key] <= row["rounds"]
    assert row["delivered_round"] is None or row["shuttle_round"] <= row["delivered_round"]
    assert row["alphabot_delivered"] == (row["delivered_round"] is not None)
    assert 0 <= row["window_rounds"] <= row["rounds"]  # SB-ALPHADELIVER-03: rounds a delivery was possible
    assert set(row["skipped_c"]) <= {"scout", "freighter"}
    for ship in row["skipped_c"]:
        assert row["left_round"][ship] is not None
    for ship in SHIPS:  # SB-P1-EVENT-03: ships leave orbit in Phase 1 of a round that was played
        assert row["left_round"][ship] is None or 2 <= row["left_round"][ship] <= row["rounds"]


def test_sb_pace_the_line_per_chooser_and_table_size_sums_its_games() -> None:
    line, rows = bench_pace("random", 3, 2, 5, {}, workers=1)
    json.dumps(line)
    assert line["games"] == 2 and len(rows) == 2 and line["players"] == 3 and line["chooser"] == "random"
    r = line["rounds"]
    assert 1 <= r["min"] <= r["mean"] <= r["max"] == max(x["rounds"] for x in rows)
    assert line["ship_deliveries_per_game"] == sum(x["ship_deliveries"] for x in rows) / 2
    assert 0 <= line["shuttle_round"]["never"] <= 2 and line["alphabot_deliveries_per_game"] >= 0
    assert set(line["left_orbit_round_mean"]) == set(SHIPS)
    assert 0 <= line["games_without_window"] <= 2 and line["alphabot_window_rounds_per_game"] >= 0


def test_sb_pace_the_summary_states_the_targets_beside_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "1", "--players", "2", "--jobs", "1", "--chooser", "both"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x.get("chooser") for x in lines[:-1]] == ["bot", "random"]
    summary = lines[-1]
    assert summary["targets"] == {"rounds": TARGET_ROUNDS, "shuttle_rounds": list(TARGET_SHUTTLE)}
    assert summary["bot"]["games"] == 1 and isinstance(summary["random"]["rounds_on_target"], bool)


def test_sb_pace_bad_options_are_refused_without_a_crash() -> None:
    assert main(["--options", "not json", "--games", "1"]) == 2
    assert main(["--options", "[1]", "--games", "1"]) == 2
