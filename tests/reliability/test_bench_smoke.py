"""``python -m bench --quick`` on the Tiny Duel fixture: every line is JSON and the summary has every figure."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUMMARY_KEYS = {"render_ratio", "render_ms_p99", "step_ms_p99", "game_s_max", "autocomplete_ms_p99", "e2e_ms_p50",
                "e2e_ms_p99", "moves_per_s", "loop_lag_ms_p99", "rss_mb_per_10k_games"}


def test_quick_bench_reports_every_figure() -> None:
    run = subprocess.run([sys.executable, "-m", "bench", "--quick", "--only", "tiny", "--channels", "4",
                          "--moves", "3", "--memory-games", "40"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    assert {r.get("bench") for r in rows[:-1]} == {"engine", "render", "table", "host", "host_saturation",
                                                    "host_paced", "memory"}
    table = next(r for r in rows if r.get("bench") == "table")
    assert table["turns"] > 0 and table["board_posts"] <= table["turns"] + 1, table
    assert table["round_kb"] <= table["round_kb_true_colour"], table
    summary = rows[-1]
    assert summary["summary"] is True and summary["games"] == ["tiny"]
    missing = {k for k in SUMMARY_KEYS if not isinstance(summary.get(k), int | float)}
    assert not missing, f"summary lacks {missing}: {summary}"
    host = next(r for r in rows if r.get("bench") == "host")
    assert host["moves"] > 0 and host["unanswered"] == 0 and host["unposted_at_end"] == 0, host
    assert host["board_posts"] <= host["moves"] + host["channels"], host
    assert summary["render_ratio"] > 0 and summary["moves_per_s"] > 0
    paced = next(r for r in rows if r.get("bench") == "host_paced")
    assert paced["think_s"] == summary["paced_think_s"] == 2.0 and paced["unanswered"] == 0, paced
    assert isinstance(summary["paced_e2e_ms_p99"], float)
    assert summary["think_s"] == 1.0 and summary["saturation_think_s"] == 0.0
    assert summary["saturation_moves_per_s"] > 0 and isinstance(summary["saturation_e2e_ms_p99"], float)


def test_fuzz_at_scale_reports_problems_and_the_rate() -> None:
    run = subprocess.run([sys.executable, "-m", "bench.fuzz", "--games", "2", "--jobs", "2", "--only", "robo_rescue"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    [row] = [json.loads(line) for line in run.stdout.splitlines()]
    assert row["game"] == "robo_rescue" and row["completed"] == 2 and row["exit_code"] == 0
    assert row["crashes"] == row["leaks"] == row["legality_mismatches"] == 0
    assert row["games_per_hour"] > 0 and row["problem_games"] == []
