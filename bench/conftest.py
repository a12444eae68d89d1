"""Benchmarks: run with ``python -m pytest bench/`` (the normal test run covers tests/ only).

Each benchmark records its throughput (cards or deals per second) in ``extra_info``; the figures
are printed after the pytest-benchmark table and written with ``--benchmark-json``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

_FIGURES: list[tuple[str, str]] = []

Record = Callable[[str, int, str], None]


@pytest.fixture
def throughput(benchmark: Any) -> Record:
    """``throughput(name, count, unit)`` after the benchmark ran: ``count`` items per round
    become a rate in ``extra_info`` and a line of the summary."""

    def record(name: str, count: int, unit: str) -> None:
        if benchmark.stats is None:  # --benchmark-disable: nothing was timed
            return
        mean = benchmark.stats.stats.mean
        rate = count / mean if mean > 0 else float("inf")
        benchmark.extra_info[f"{unit}_per_second"] = rate
        benchmark.extra_info[f"{unit}_per_round"] = count
        _FIGURES.append((name, f"{rate:>14,.0f} {unit}/s  ({count} {unit} per round)"))

    return record


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _FIGURES:
        return
    terminalreporter.section("throughput (mean of the rounds)")
    width = max(len(name) for name, _ in _FIGURES)
    for name, text in _FIGURES:
        terminalreporter.write_line(f"{name:<{width}}  {text}")
