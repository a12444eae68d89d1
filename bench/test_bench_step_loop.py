"""Python step loops over the card play, ours beside OpenSpiel's, in cards per second.

* ``deal_step``: ``deal.legal_actions()`` + ``deal.apply(action)`` per card, the loop a Python
  user or bot writes on a whole deal (every apply validates the action again and records an
  event and the replay log);
* ``core_step``: ``PlayState.legal_cards()`` + ``PlayState.play(card)`` per card, the C++ play
  state of the same deals through the bindings;
* ``fast_step``: ``legal = state.step(card)`` per card, the same play state in one call per card
  (play, checked, and the next player's legal cards);
* ``openspiel``: OpenSpiel's bridge play phase from Python (``bridge(use_double_dummy_result=
  false)``, dealt at random and bid one club, pass, pass, pass: 52 cards to play),
  ``state.legal_actions()`` + ``state.apply_action(action)`` per card, the main anchor (needs
  the ``bench`` extra: ``pip install tricktaker[bench]``; skipped without it);
* ``simulate_random_bots``: ``tricktaker.sim.simulate`` with random bots, whole deals (dealing,
  trump selection, 32 cards, scoring) in deals per second;
* ``deal_step[GAME]``: the ``deal_step`` loop for the other games (Kiksas, Kirves, All Fours,
  Whist) from the start of their card play, in actions per second (the few calls made during the
  play, such as Kiksas's Su dviem, count as actions).

Every loop picks its action with ``random.choice`` over the legal actions, as OpenSpiel's
examples do, from a generator seeded afresh for each round: our three Klaverjas loops play the
same positions (trumps chosen) and choose the same cards in a round, so they do exactly the same
work in the rules. Rates are taken from the median round (``conftest.py``). The summary compares
the ``Deal`` loop with OpenSpiel's and with the ``PlayState`` loop it drives. Run::

    python -m pytest bench/ --benchmark-columns=mean,stddev,rounds
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any, cast

import pytest

import tricktaker as tt
from bench_python_loops import play_deals
from bridge_anchor import bridge_positions
from tricktaker.games.klaverjas import KlaverjasDeal
from tricktaker.protocol.base import Deal
from tricktaker.sim import simulate

Record = Callable[..., None]

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


deal_step_loop = play_deals  # the Deal loop of bench_python_loops.py


def core_step_loop(states: list[Any], rnd: random.Random) -> int:
    n = 0
    for state in states:
        while not state.is_terminal():
            state.play(rnd.choice(state.legal_cards()))
            n += 1
    return n


def fast_step_loop(states: list[Any], rnd: random.Random) -> int:
    n = 0
    for state in states:
        legal = state.legal_cards()
        while legal:
            legal = state.step(rnd.choice(legal))
            n += 1
    return n


def openspiel_step_loop(states: list[Any], rnd: random.Random) -> int:
    n = 0
    for state in states:
        while not state.is_terminal():
            state.apply_action(rnd.choice(state.legal_actions()))
            n += 1
    return n


class _Rounds:
    """A generator seeded afresh for each round, so every loop chooses the same cards in its
    n-th round."""

    def __init__(self) -> None:
        self.round = 0

    def next(self) -> random.Random:
        self.round += 1
        return random.Random(self.round)


def _clones() -> list[Deal]:
    return [cast(Deal, d.clone()) for d in POSITIONS]


# The other games' Deal loops: (name, options) -> deals at the start of their card play.
OTHER_GAMES = {
    "kiksas": {},
    "kirves": {"num_players": 4},
    "allfours": {},
    "whist": {},
}


def game_positions(name: str) -> list[Deal]:
    """Deals of a game played to the start of the card play by seeded random decisions."""
    game = tt.load(name, **OTHER_GAMES[name])
    out = []
    for seed in range(DEALS):
        deal = game.new_deal(seed=seed)
        rnd = random.Random(seed)
        while not deal.is_over and deal.phase != "play":
            legal = deal.legal_actions()
            deal.apply(legal[rnd.randrange(len(legal))])
        if not deal.is_over:
            out.append(deal)
    return out


def test_same_work() -> None:
    deals = _clones()
    states = [d.play_state() for d in POSITIONS]
    fast = [d.play_state() for d in POSITIONS]
    played = [
        loop(items, random.Random(7))
        for loop, items in (
            (deal_step_loop, deals),
            (core_step_loop, states),
            (fast_step_loop, fast),
        )
    ]
    assert played == [CARDS] * 3
    for deal, state, other in zip(deals, states, fast, strict=True):
        assert deal.play_state().history() == state.history() == other.history()


def test_deal_step_loop(benchmark: Any, throughput: Record) -> None:
    rounds = _Rounds()

    def setup() -> tuple[tuple[list[Deal], random.Random], dict[str, Any]]:
        return (_clones(), rounds.next()), {}

    played = benchmark.pedantic(deal_step_loop, setup=setup, rounds=40, warmup_rounds=2)
    assert played == CARDS
    throughput("Deal step loop (legal_actions + apply)", CARDS, "cards", key="deal_step")


def test_core_step_loop(benchmark: Any, throughput: Record) -> None:
    rounds = _Rounds()

    def setup() -> tuple[tuple[list[Any], random.Random], dict[str, Any]]:
        return ([d.play_state() for d in POSITIONS], rounds.next()), {}

    played = benchmark.pedantic(core_step_loop, setup=setup, rounds=400, warmup_rounds=5)
    assert played == CARDS
    throughput("PlayState step loop (legal_cards + play)", CARDS, "cards", key="core_step")


def test_fast_step_loop(benchmark: Any, throughput: Record) -> None:
    rounds = _Rounds()

    def setup() -> tuple[tuple[list[Any], random.Random], dict[str, Any]]:
        return ([d.play_state() for d in POSITIONS], rounds.next()), {}

    played = benchmark.pedantic(fast_step_loop, setup=setup, rounds=400, warmup_rounds=5)
    assert played == CARDS
    throughput("PlayState fast step loop (step)", CARDS, "cards", key="fast_step")


def test_openspiel_step_loop(benchmark: Any, throughput: Record) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is in the bench extra")
    positions = bridge_positions(pyspiel, DEALS)
    cards = openspiel_step_loop([s.clone() for s in positions], random.Random(1))
    assert cards == DEALS * 52
    rounds = _Rounds()

    def setup() -> tuple[tuple[list[Any], random.Random], dict[str, Any]]:
        return ([s.clone() for s in positions], rounds.next()), {}

    played = benchmark.pedantic(openspiel_step_loop, setup=setup, rounds=200, warmup_rounds=5)
    assert played == cards
    throughput(
        "OpenSpiel bridge play step loop (legal_actions + apply)", cards, "cards", key="openspiel"
    )


def test_simulate_random_bots(benchmark: Any, throughput: Record) -> None:
    results = benchmark.pedantic(
        simulate, args=(GAME,), kwargs={"deals": DEALS, "seed": 1}, rounds=10, warmup_rounds=1
    )
    assert results.deals == DEALS
    throughput("simulate, random bots (whole deals)", DEALS, "deals")


@pytest.mark.parametrize("name", sorted(OTHER_GAMES))
def test_deal_step_loop_other_games(benchmark: Any, throughput: Record, name: str) -> None:
    positions = game_positions(name)
    played: list[int] = []

    def loop(deals: list[Deal], rnd: random.Random) -> None:
        played.append(deal_step_loop(deals, rnd))

    rounds = _Rounds()

    def setup() -> tuple[tuple[list[Deal], random.Random], dict[str, Any]]:
        return ([cast(Deal, d.clone()) for d in positions], rounds.next()), {}

    benchmark.pedantic(loop, setup=setup, rounds=20, warmup_rounds=2)
    # The random choices make each round's count of actions its own: the rate is the median
    # round's time over the mean count.
    throughput(
        f"Deal step loop, {name} (legal_actions + apply)",
        round(statistics.mean(played)),
        "actions",
        key=f"deal_step_{name}",
    )
