"""A million random deals of every game and preset, every invariant checked (slow: run it with
``pytest -m slow tests/test_million_deals.py -s``).

Each deal is played to its end with seeded random legal actions. After every action: the cards
are conserved and a seat has a legal action until the end. At the end: the result adds up as the
game defines it. On every ``TRICKTAKER_ROUND_TRIP_EVERY``-th deal (default 10; 1 for all): the
JSON round trip of the finished deal is exact, and the deal read back offers the same actions,
observations and result (it replays every action, so it passes through every position again).

``TRICKTAKER_DEALS`` (default 1_000_000) deals per game and preset, spread over
``TRICKTAKER_PROCESSES`` worker processes (default: one per core). Seeds are 0, 1, 2, ...: a
failure names its game, preset and seed, and replays alone.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
import traceback
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest

import tricktaker as tt
from deal_invariants import (
    CASES,
    Case,
    case_id,
    check_cards_conserved,
    check_legal_until_over,
    check_result_adds_up,
    check_round_trip,
    load,
    pack,
)

DEALS = int(os.environ.get("TRICKTAKER_DEALS", "1000000"))
ROUND_TRIP_EVERY = int(os.environ.get("TRICKTAKER_ROUND_TRIP_EVERY", "10"))
PROCESSES = int(os.environ.get("TRICKTAKER_PROCESSES", "0")) or os.cpu_count() or 1
CHUNK = 500  # deals a worker plays per task: few enough tasks to keep both cores busy to the end
MAX_ACTIONS = 1000  # no deal of any game takes as many: a deal that does is stuck
FAILURES_KEPT = 5  # per chunk: the first few are enough to reproduce


def play_deal(game: tt.Game, deck: int, seed: int, round_trip: bool) -> None:
    """One deal of the game from ``seed``, to its end, every invariant checked (``deck``: the
    game's pack)."""
    deal = game.new_deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        check_cards_conserved(deal, deck)
        check_legal_until_over(deal)
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    else:
        raise AssertionError(f"not over after {MAX_ACTIONS} actions")
    check_result_adds_up(deal)
    if round_trip:
        check_round_trip(deal, game.seat_count)


def play_chunk(case: Case, first: int, count: int) -> tuple[int, list[str]]:
    """Deals ``first`` .. ``first + count - 1`` of the case: how many were played, and the
    failures (seed and what failed; any exception is one)."""
    failures: list[str] = []
    game = load(case)
    deck = pack(game)
    for seed in range(first, first + count):
        try:
            play_deal(game, deck, seed, seed % ROUND_TRIP_EVERY == 0)
        except Exception:  # every failure is reported with its seed, then the run goes on
            if len(failures) < FAILURES_KEPT:
                failures.append(f"{case_id(case)} seed {seed}:\n{traceback.format_exc()}")
            else:
                failures.append(f"{case_id(case)} seed {seed}")
    return count, failures


def chunks(total: int) -> Iterator[tuple[int, int]]:
    for first in range(0, total, CHUNK):
        yield first, min(CHUNK, total - first)


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    # Forked workers start at once with the games loaded; elsewhere the default start method.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(max_workers=PROCESSES, mp_context=context) as executor:
        yield executor


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_random_deals_keep_every_invariant(case: Case, pool: ProcessPoolExecutor) -> None:
    start = time.perf_counter()
    futures = [pool.submit(play_chunk, case, first, count) for first, count in chunks(DEALS)]
    played = 0
    failures: list[str] = []
    for future in futures:
        count, failed = future.result()
        played += count
        failures += failed
    seconds = time.perf_counter() - start
    print(
        f"\n{case_id(case)}: {played} deals, {len(failures)} failures, {seconds:.1f} s, "
        f"{played / seconds:.0f} deals/s with {PROCESSES} processes, "
        f"round trip on every {ROUND_TRIP_EVERY}th deal"
    )
    assert played == DEALS
    assert not failures, f"{len(failures)} of {played} deals failed:\n" + "\n".join(failures[:5])
