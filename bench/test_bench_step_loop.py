"""The Python step loop beside the raw core loop, over the same full Klaverjas deals.

* ``python_step_loop``: ``deal.legal_actions()`` + ``deal.apply(action)`` per card, the loop a
  Python user or bot writes (every apply validates the action again);
* ``core_step_loop``: ``PlayState.legal_cards()`` + ``PlayState.play(card)`` per card, the raw
  C++ play state through the bindings: the in-run reference;
* ``simulate_random_bots``: ``tricktaker.sim.simulate`` with random bots, whole deals (dealing,
  trump selection, 32 cards, scoring) in deals per second.

Both step loops play the same positions (trumps chosen) and choose the same cards, so they do
exactly the same work in the rules. Run::

    python -m pytest bench/ --benchmark-columns=mean,stddev,rounds
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import tricktaker as tt
from tricktaker.games.klaverjas import KlaverjasDeal
from tricktaker.sim import simulate

Record = Callable[[str, int, str], None]

DEALS = 20
CARDS = DEALS * 32
GAME = tt.load("klaverjas")


def _positions() -> list[KlaverjasDeal]:
    """Deals with trumps chosen (the first trump call of each), ready for the card play."""
    out = []
    for seed in range(DEALS):
        deal = GAME.new_deal(seed=seed)
        assert isinstance(deal, KlaverjasDeal)
        while deal.phase == "trump_selection":
            deal.apply(next(a for a in deal.legal_actions() if a.name.startswith("trump:")))
        out.append(deal)
    return out


POSITIONS = _positions()


def python_step_loop(deals: list[KlaverjasDeal]) -> int:
    n = 0
    for deal in deals:
        while not deal.is_over:
            legal = deal.legal_actions()
            deal.apply(legal[n % len(legal)])
            n += 1
    return n


def core_step_loop(states: list[Any]) -> int:
    n = 0
    for state in states:
        while not state.is_terminal():
            legal = state.legal_cards()
            state.play(legal[n % len(legal)])
            n += 1
    return n


def _clones() -> list[KlaverjasDeal]:
    return [cast(KlaverjasDeal, d.clone()) for d in POSITIONS]


def test_same_work() -> None:
    deals = _clones()
    states = [d.play_state() for d in POSITIONS]
    assert python_step_loop(deals) == core_step_loop(states) == CARDS
    for deal, state in zip(deals, states, strict=True):
        assert deal.play_state().history() == state.history()


def test_python_step_loop(benchmark: Any, throughput: Record) -> None:
    def setup() -> tuple[tuple[list[KlaverjasDeal]], dict[str, Any]]:
        return (_clones(),), {}

    played = benchmark.pedantic(python_step_loop, setup=setup, rounds=40, warmup_rounds=2)
    assert played == CARDS
    throughput("python step loop (legal_actions + apply)", CARDS, "cards")


def test_core_step_loop(benchmark: Any, throughput: Record) -> None:
    def setup() -> tuple[tuple[list[Any]], dict[str, Any]]:
        return ([d.play_state() for d in POSITIONS],), {}

    played = benchmark.pedantic(core_step_loop, setup=setup, rounds=400, warmup_rounds=5)
    assert played == CARDS
    throughput("core step loop (PlayState legal_cards + play)", CARDS, "cards")


def test_simulate_random_bots(benchmark: Any, throughput: Record) -> None:
    results = benchmark.pedantic(
        simulate, args=(GAME,), kwargs={"deals": DEALS, "seed": 1}, rounds=10, warmup_rounds=1
    )
    assert results.deals == DEALS
    throughput("simulate, random bots (whole deals)", DEALS, "deals")
