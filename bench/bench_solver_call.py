"""The solver's fixed cost per call from Python, at one trick from the end of Klaverjas deals.

    python bench/bench_solver_call.py [--deals 50] [--rounds 7]

Prints, in microseconds per call (the calling thread's CPU time, the median of rounds; the
deals are called in turn, so each call meets another deal's context): ``tt.Solver().value``
of a deal, the same call's Python preparation alone, and the core call on the prepared
state and objective. The native figure without Python is in ``bench/run_native.py``
(``solver_call_4_cards_*``).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import tricktaker as tt
from tricktaker import _core

solve_module = importlib.import_module("tricktaker.solve")


def deals_one_trick_left(count: int, seed: int) -> list[Any]:
    game = tt.load("klaverjas")
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        deal: Any = game.new_deal(seed=rng.randrange(10**9))
        while deal.phase != "play" and not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        if deal.is_over:
            continue
        while deal.play_state().cards_played < 28:
            deal.apply(rng.choice(deal.legal_actions()))
        out.append(deal)
    return out


def per_call_us(fn: Callable[[Any], Any], items: list[Any], rounds: int, loops: int = 20) -> float:
    runs = []
    for _ in range(rounds):
        t0 = time.thread_time_ns()
        for _ in range(loops):
            for item in items:
                fn(item)
        runs.append((time.thread_time_ns() - t0) / loops / len(items) / 1e3)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    deals = deals_one_trick_left(args.deals, args.seed)
    solver = tt.Solver()
    core = _core.Solver(memory_mb=8)
    prepared = [solve_module._prepare(d, None, None)[:2] for d in deals]
    figures = {
        "python_value_us": per_call_us(solver.value, deals, args.rounds),
        "python_preparation_us": per_call_us(
            lambda d: solve_module._prepare(d, None, None), deals, args.rounds
        ),
        "core_value_from_python_us": per_call_us(lambda p: core.value(*p), prepared, args.rounds),
    }
    for name, value in figures.items():
        print(f"{name:28} {value:8.2f}")


if __name__ == "__main__":
    main()
