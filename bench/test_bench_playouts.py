"""The batch playout call from Python beside the native batch, in deals per second.

* ``batch_native``: ``_core.time_random_playouts``: the core's random_playouts of full-rules
  Klaverjas deals (deal, trump, random legal cards, roem, scoring) into buffers of its own, timed
  in thread CPU time with no Python in between;
* ``batch_python``: ``tt.random_playouts(game, n, seed=..., threads=1)`` from Python: the same
  batch with the option mapping, the numpy arrays and the dict of results, in the same thread
  CPU time;
* ``batch_python_small``: the same in calls of 1,000 deals, where the per-call costs show;
* one line per game family with its own rate (for information).

Both figures of a comparison are medians of repetitions in the same run. Run::

    python -m pytest bench/test_bench_playouts.py
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import pytest

import tricktaker as tt
from tricktaker import _core
from tricktaker.playouts import playout_engine

Record = Callable[..., None]

N = 100_000
SMALL = 1_000
REPEATS = 7
GAME = tt.load("klaverjas")


def _python_seconds(game: Any, n: int, calls: int) -> float:
    t0 = time.thread_time()
    for seed in range(calls):
        tt.random_playouts(game, n, seed=seed)
    return time.thread_time() - t0


def test_batch_from_python_beside_native(rate: Record) -> None:
    engine = playout_engine(GAME)
    _core.time_random_playouts(engine, SMALL, 0)  # warm up
    native = statistics.median(_core.time_random_playouts(engine, N, r) for r in range(REPEATS))
    python = statistics.median(_python_seconds(GAME, N, 1) for _ in range(REPEATS))
    small = statistics.median(_python_seconds(GAME, SMALL, N // SMALL) for _ in range(REPEATS))
    rate("Klaverjas batch, native (thread CPU)", N / native, "deals", "batch_native")
    rate(f"Klaverjas batch from Python, {N:,} per call", N / python, "deals", "batch_python")
    rate(
        f"Klaverjas batch from Python, {SMALL:,} per call", N / small, "deals", "batch_python_small"
    )


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("klaverjas", {}),
        ("kirves", {"num_players": 4}),
        ("kiksas", {}),
        ("trikiksis", {}),
        ("allfours", {}),
        ("pitch", {"preset": "oklahoma_ten_point"}),
    ],
)
def test_batch_per_game(benchmark: Any, throughput: Record, name: str, options: Any) -> None:
    game = tt.load(name, **options)
    result = benchmark.pedantic(
        tt.random_playouts, args=(game, 20_000), kwargs={"seed": 1}, rounds=5, warmup_rounds=1
    )
    assert len(result["trump"]) == 20_000
    label = name + "".join(f" {k}={v}" for k, v in options.items())
    throughput(f"random_playouts {label}", 20_000, "deals")
