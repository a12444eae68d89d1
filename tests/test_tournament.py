"""Tournaments in parts: the same rows whatever the number of processes, a journal that keeps
finished parts through a Ctrl-C and resumes, t and bootstrap intervals, per-deal rows and
ratings."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

import tricktaker as tt
from tricktaker.compare import compare, interval, t_quantile
from tricktaker.sim import simulate
from tricktaker.tournament import Journal, JournalMismatch, Part, parts_of, simulate_in_parts


def test_a_simulation_in_parts_gives_the_rows_of_one_run(tmp_path: Path) -> None:
    game = tt.load("klaverjas")
    whole = simulate(game, deals=24, bots="rule", seed=5)
    for jobs, size in ((1, 7), (2, 5)):
        parts = simulate_in_parts(
            game, 24, "rule", 5, jobs=jobs, journal=tmp_path / f"{jobs}.jsonl", part_size=size
        )
        for name in whole.columns:
            assert np.array_equal(parts[name], whole[name]), name
            assert parts[name].dtype == whole[name].dtype


def test_a_comparison_is_the_same_on_two_processes() -> None:
    one = compare("kiksas", ["rule", "random"], deals=12, seed=3)
    two = compare("kiksas", ["rule", "random"], deals=12, seed=3, jobs=2)
    assert np.array_equal(one.pairs[0].diffs, two.pairs[0].diffs)
    assert one.rows() == two.rows()


def test_per_deal_rows_pair_up_by_deal() -> None:
    result = compare("klaverjas", ["rule", "random", "random"], deals=4, seed=1)
    rows = result.rows()
    assert len(rows) == 3 * 4
    seeds = {(r["first"], r["second"], r["deal"]): r["seed"] for r in rows}
    # every pair is played on the same deals
    assert {s for (_, _, d), s in seeds.items() if d == 0} == {tt.sim.deal_seed(1, 0)}
    for r in rows:
        assert r["difference"] == pytest.approx(r["payoff_first"] - r["payoff_second"])


def test_the_t_interval_is_wider_than_z_on_few_deals() -> None:
    diffs = np.array([3.0, -1.0, 4.0, 1.0, -5.0, 9.0])
    lo, hi = interval(diffs, "t")
    half = (hi - lo) / 2
    assert half == pytest.approx(stats.t.ppf(0.975, 5) * diffs.std(ddof=1) / np.sqrt(6))
    assert half > 1.96 * diffs.std(ddof=1) / np.sqrt(6)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=2, max_size=40))
def test_intervals_hold_the_mean(values: list[int]) -> None:
    mean = float(np.mean(values))
    for method in ("t", "bootstrap"):
        lo, hi = interval(values, method)
        assert lo <= mean + 1e-9 and mean - 1e-9 <= hi


def test_an_unknown_interval_is_refused() -> None:
    with pytest.raises(tt.Error, match="intervals: t, bootstrap"):
        interval([1, 2], "z")


def test_ratings_rank_three_bots() -> None:
    result = compare("kiksas", ["random", "rule", "pimc"], deals=3, seed=2)
    rated = result.ratings
    assert rated is not None and {r.bot for r in rated} == {"random", "rule", "pimc"}
    assert rated[-1].bot == "random"  # the random bot loses nearly every deal
    assert "ratings (openskill" in result.table()
    assert compare("klaverjas", ["rule", "random"], deals=2, seed=2).ratings is None


def test_a_journal_keeps_finished_parts_and_drops_a_torn_line(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with Journal(path, {"kind": "x", "deals": 4}) as journal:
        journal.add(Part(0, 2), {"a": [1, 2]})
    with path.open("a") as stream:
        stream.write('{"first": 2, "count": 2, "rows": {"a": [3')  # a kill mid-write
    with Journal(path, {"kind": "x", "deals": 4}) as journal:
        assert journal.finished == {0: {"a": [1, 2]}}
        journal.add(Part(2, 2), {"a": [3, 4]})
    with Journal(path, {"kind": "x", "deals": 4}) as journal:
        assert journal.finished == {0: {"a": [1, 2]}, 2: {"a": [3, 4]}}
    with pytest.raises(JournalMismatch, match="deals differ"):
        Journal(path, {"kind": "x", "deals": 5})


def test_parts_cover_the_run() -> None:
    assert parts_of(7, 3) == [Part(0, 3), Part(3, 3), Part(6, 1)]


@pytest.mark.slow  # two processes started and a run resumed: about 20 s
def test_ctrl_c_keeps_finished_parts_and_the_resume_finishes(tmp_path: Path) -> None:
    journal = tmp_path / "cmp.journal"
    command = [
        sys.executable, "-m", "tricktaker", "simulate", "klaverjas", "--bots", "rule,random",
        "--deals", "400", "--seed", "7", "--jobs", "2", "--journal", str(journal),
    ]  # fmt: skip
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (
        not journal.exists() or len(journal.read_text().splitlines()) < 3
    ):
        time.sleep(0.1)
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    assert "Resume with: tricktaker" in err and "--resume" in err
    kept = len(journal.read_text().splitlines()) - 1
    assert kept >= 2
    resume = err.split("Resume with: tricktaker ")[1].split()
    # the rest of the run: a shorter one would not match the journal
    done = subprocess.run(
        [sys.executable, "-m", "tricktaker", *resume, "--json", "--per-deal"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    resumed = json.loads(done.stdout)
    assert [r["deal"] for r in resumed["per_deal"]] == list(range(400))
    # deal k depends only on the seed and k: the first deals match a short run of their own
    start = compare("klaverjas", ["rule", "random"], deals=40, seed=7)
    assert resumed["per_deal"][:40] == start.to_dict(per_deal=True)["per_deal"]


@pytest.mark.parametrize("df", [1, 2, 3, 5, 11, 30, 200])
@pytest.mark.parametrize("p", [0.9, 0.975, 0.995])
def test_t_quantile_without_scipy_matches_scipy(df: int, p: float) -> None:
    """The fallback the core install uses (no scipy) gives Student's t quantile, not a normal
    one: at six deals (df 5) the 95% interval is 31% wider than 1.96 would make it."""
    stats = pytest.importorskip("scipy.stats")
    assert t_quantile(p, df) == pytest.approx(float(stats.t.ppf(p, df)), rel=1e-9)
