"""Deals and matches pickle and deep-copy at any point, for every game.

A pickle is the game, the set-up and the log (the core's card-play state does not pickle); the
restored deal is dealt and replayed, so it must equal the original in everything a user reads,
and play on exactly as the original does. ``copy.deepcopy`` is ``clone()``.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker.protocol.base import StateMachine
from tricktaker.protocol.copying import _copies_itself

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("klaverjas", {}),
    ("klaverjas", {"roem_claim": "manual", "illegal_play": "penalize"}),
    ("kiksas", {}),
    ("trikiksis", {}),
    ("kirves", {"num_players": 4}),
    ("kirves", {"num_players": 7}),
    ("allfours", {}),
    ("pitch", {}),
    ("whist", {}),
]
MATCH_GAMES = [game for game in GAMES if game[0] != "whist"]  # whist has no match


def _same(a: StateMachine, b: StateMachine) -> None:
    assert type(a) is type(b)
    assert a.to_json() == b.to_json()
    assert a.phase == b.phase and a.to_move == b.to_move and a.is_over == b.is_over
    assert a.legal_actions() == b.legal_actions()
    for seat in range(a.game.seat_count):
        assert a.observation(seat) == b.observation(seat)


def _advance(machine: StateMachine, rnd: random.Random, steps: int) -> None:
    for _ in range(steps):
        if machine.is_over:
            return
        machine.apply(rnd.choice(machine.legal_actions()))


def _play_out(machine: StateMachine, seed: int) -> list[str]:
    rnd = random.Random(seed)
    actions = []
    while not machine.is_over:
        action = rnd.choice(machine.legal_actions())
        machine.apply(action)
        actions.append(str(action))
    return actions


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_a_deal_pickles_and_plays_on_as_the_original(
    game: tuple[str, dict[str, Any]], seed: int, steps: int
) -> None:
    name, options = game
    deal = tt.load(name, **options).new_deal(seed=seed)
    _advance(deal, random.Random(seed), steps)
    for again in (pickle.loads(pickle.dumps(deal)), copy.deepcopy(deal)):
        _same(deal, again)
        copy_of_original = deal.clone()
        assert _play_out(again, seed + 1) == _play_out(copy_of_original, seed + 1)
        _same(again, copy_of_original)
        if again.is_over:
            assert again.result() == copy_of_original.result()


@settings(max_examples=15, deadline=None)
@given(game=st.sampled_from(MATCH_GAMES), seed=st.integers(0, 10_000), steps=st.integers(0, 80))
def test_a_match_pickles_at_any_point(
    game: tuple[str, dict[str, Any]], seed: int, steps: int
) -> None:
    name, options = game
    match = tt.load(name, **options).new_match(seed=seed)
    _advance(match, random.Random(seed), steps)
    again = pickle.loads(pickle.dumps(match))
    _same(match, again)
    _advance(again, random.Random(seed + 1), 10)
    _advance(match, random.Random(seed + 1), 10)
    _same(match, again)


def test_a_deepcopy_is_independent_of_the_original() -> None:
    deal = tt.load("klaverjas").new_deal(seed=4)
    _advance(deal, random.Random(1), 6)
    before = deal.to_json()
    copied = copy.deepcopy(deal)
    _play_out(copied, 2)
    assert deal.to_json() == before and not deal.is_over and copied.is_over


def test_a_deal_inside_a_container_pickles_and_copies() -> None:
    deal = tt.load("kiksas").new_deal(seed=9)
    _advance(deal, random.Random(3), 12)
    holder = {"deals": [deal, deal]}
    for again in (pickle.loads(pickle.dumps(holder)), copy.deepcopy(holder)):
        first, second = again["deals"]
        assert first is second  # shared within the container, as pickle and deepcopy keep it
        _same(deal, first)


def test_clone_still_copies_field_by_field() -> None:
    # The deal's own __deepcopy__ and __reduce__ call clone(); clone must not call them back.
    for name, options in GAMES:
        kind = type(tt.load(name, **options).new_deal(seed=1))
        assert not _copies_itself(kind), name


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_finished_deal_refuses_actions_naming_the_deal(
    name: str, options: dict[str, Any]
) -> None:
    deal = tt.load(name, **options).new_deal(seed=2)
    _play_out(deal, 5)
    with pytest.raises(tt.IllegalAction, match="^the deal is over; no action is allowed$"):
        deal.apply("pass")
