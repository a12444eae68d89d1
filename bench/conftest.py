"""Benchmarks: run with ``python -m pytest bench/`` (the normal test run covers tests/ only).

Each benchmark records its throughput (cards or deals per second, from its median round) in
``extra_info``; the figures are printed after the pytest-benchmark table and written with
``--benchmark-json``, followed by the comparisons of the same run (ours against a reference,
with the goal of the comparison).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

_FIGURES: list[tuple[str, str]] = []
_RATES: dict[str, float] = {}

Record = Callable[..., None]

# (ours, reference, what, goal): printed when both rates were measured in the run (a goal of
# None: the ratio alone, for a figure set beside the layer under it).
COMPARISONS: list[tuple[str, str, str, float | None]] = [
    ("fast_step", "openspiel", "PlayState.step loop vs OpenSpiel's Python loop, per card", 1.5),
    ("core_step", "openspiel", "PlayState legal_cards+play loop vs OpenSpiel's, per card", 1.5),
    ("deal_step", "openspiel", "Deal legal_actions+apply loop vs OpenSpiel's, per card", 1.5),
    *(
        (f"deal_step_{name}", "deal_step", f"{name} Deal loop vs Klaverjas's, per action", 1 / 1.3)
        for name in ("allfours", "kiksas", "kirves", "whist")
    ),
    ("deal_step", "core_step", "Deal loop vs the PlayState loop under it, per card", None),
    ("batch_python", "batch_native", "random_playouts from Python vs the native batch", 0.8),
    ("batch_python_small", "batch_native", "the same in calls of 1,000 deals", 0.8),
]


@pytest.fixture
def throughput(benchmark: Any) -> Record:
    """``throughput(name, count, unit, key=None)`` after the benchmark ran: ``count`` items per
    round become a rate in ``extra_info`` and a line of the summary (``key`` names the rate in
    the comparisons)."""

    def record(name: str, count: int, unit: str, key: str | None = None) -> None:
        if benchmark.stats is None:  # --benchmark-disable: nothing was timed
            return
        # The median round: the fastest one flatters whichever loop had the quietest moment.
        typical = benchmark.stats.stats.median
        rate = count / typical if typical > 0 else float("inf")
        benchmark.extra_info[f"{unit}_per_second"] = rate
        benchmark.extra_info[f"{unit}_per_round"] = count
        _FIGURES.append((name, f"{rate:>14,.0f} {unit}/s  ({count} {unit} per round)"))
        if key is not None:
            _RATES[key] = rate

    return record


@pytest.fixture
def rate() -> Record:
    """``rate(name, per_second, unit, key)`` for a figure measured outside the benchmark
    fixture (a native timing)."""

    def record(name: str, per_second: float, unit: str, key: str) -> None:
        _FIGURES.append((name, f"{per_second:>14,.0f} {unit}/s"))
        _RATES[key] = per_second

    return record


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _FIGURES:
        return
    terminalreporter.section("throughput (median round; native figures: median)")
    width = max(len(name) for name, _ in _FIGURES)
    for name, text in _FIGURES:
        terminalreporter.write_line(f"{name:<{width}}  {text}")
    lines = [
        (what, _RATES[ours] / _RATES[ref], goal)
        for ours, ref, what, goal in COMPARISONS
        if ours in _RATES and ref in _RATES
    ]
    if lines:
        terminalreporter.section("comparisons in this run (ours / reference)")
        width = max(len(what) for what, _, _ in lines)
        for what, ratio, goal in lines:
            if goal is None:
                terminalreporter.write_line(f"{what:<{width}}  {ratio:6.2f}x")
                continue
            verdict = "meets" if ratio >= goal else "misses"
            terminalreporter.write_line(
                f"{what:<{width}}  {ratio:6.2f}x  ({verdict} the goal >= {goal:.2f}x)"
            )
