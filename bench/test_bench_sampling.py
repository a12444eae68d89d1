"""Hidden-hand sampling beside rejection sampling, on the same Klaverjas positions.

* ``exact_sampler``: ``tt.sample_deals`` (exact counting in C++, every draw consistent, each
  replayed through the history as a check), deals per second;
* ``rejection_reference``: the same C++ machinery with the play facts left out: hidden cards
  dealt uniformly into the hidden hands, a draw kept only when the history replays legally
  with it. Uniform too, but its acceptance rate falls as voids accumulate;
* ``observation_tensor``: ``deal.observation_tensor(seat)`` per call.

Run::

    python -m pytest bench/test_bench_sampling.py --benchmark-columns=mean,stddev,rounds
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import tricktaker as tt
from tricktaker import _core
from tricktaker.sampling import knowledge

Record = Callable[[str, int, str], None]
SAMPLES = 2000


def _position(tricks: int) -> Any:
    """A Klaverjas deal after ``tricks`` tricks of random cards, viewed by the seat to move."""
    for seed in range(100):
        deal = tt.load("klaverjas").new_deal(seed=seed, trump="H", declarer="N")
        rng = random.Random(seed)
        while deal.play_state().cards_played < 4 * tricks:
            legal = deal.legal_actions()
            deal.apply(legal[rng.randrange(len(legal))])
        info = knowledge(deal, deal.to_move)
        if sum(bin(info.hidden & ~a).count("1") for a in info.allowed) >= 8:
            return deal  # a position with voids shown
    raise AssertionError("no position with voids")


POSITION = _position(4)
SEAT = POSITION.to_move


def test_exact_sampler(benchmark: Any, throughput: Record) -> None:
    benchmark(lambda: tt.sample_deals(POSITION, SEAT, SAMPLES, seed=1))
    throughput("exact sampler (Klaverjas, 4 tricks played)", SAMPLES, "deals")


def test_rejection_reference(benchmark: Any, throughput: Record) -> None:
    info = knowledge(POSITION, SEAT)
    sampler = _core.DealSampler(info.hidden, info.capacity, [info.hidden] * len(info.capacity))
    known = [info.known[loc] for loc in info.play_location]
    state = info.state

    def run() -> int:
        _, proposals = sampler.sample(
            SAMPLES, 1, state=state, known=known, location=list(info.play_location)
        )
        return int(proposals)

    proposals = benchmark(run)
    benchmark.extra_info["acceptance"] = SAMPLES / proposals
    throughput(f"rejection reference (acceptance {SAMPLES / proposals:.3f})", SAMPLES, "deals")


def test_observation_tensor(benchmark: Any, throughput: Record) -> None:
    benchmark(lambda: POSITION.observation_tensor(SEAT))
    throughput("observation tensor (Klaverjas)", 1, "tensors")
