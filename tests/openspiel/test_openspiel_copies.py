"""Clones and serialized states of our OpenSpiel games behave as the state they came from."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

pytest.importorskip("pyspiel")
import pyspiel  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import tricktaker as tt  # noqa: E402
from tricktaker.openspiel import TrickTakerState, open_spiel_name  # noqa: E402
from tricktaker.openspiel.slot import copy_deal  # noqa: E402

GAMES = sorted(tt.games())


def _played(game: pyspiel.Game, seed: int, steps: int) -> TrickTakerState:
    """A state after the seed's chance outcomes and up to ``steps`` random actions."""
    rng = random.Random(seed)
    state: TrickTakerState = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _finish(state: pyspiel.State, seed: int) -> tuple[list[int], list[float]]:
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.history(), state.returns()


def _snapshot(state: TrickTakerState) -> tuple[object, ...]:
    deal = state.deal
    assert deal is not None
    seats = range(state.num_players())
    return (
        state.history(),
        deal.to_json(),
        state.legal_actions() if not state.is_terminal() else [],
        [state.information_state_string(p) for p in seats],
        [list(state.observation_tensor(p)) for p in seats],
        str(state),
    )


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 60), finish=st.integers(0, 99))
def test_clone_and_restored_state_play_on_as_the_original(
    name: str, seed: int, steps: int, finish: int
) -> None:
    game = pyspiel.load_game(open_spiel_name(name))
    state = _played(game, seed, steps)
    before = _snapshot(state)
    clone = state.clone()
    text = pyspiel.serialize_game_and_state(game, state)
    restored_game, restored = pyspiel.deserialize_game_and_state(text)
    assert str(restored_game) == str(game)
    assert _snapshot(clone) == before
    assert _snapshot(restored) == before
    # Played on alike, all three reach the same end; playing the copies leaves the original.
    ending = _finish(clone, finish)
    assert _finish(restored, finish) == ending
    assert _snapshot(state) == before
    assert _finish(state, finish) == ending


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_shares_only_what_never_changes(name: str) -> None:
    state = _played(pyspiel.load_game(open_spiel_name(name)), 7, 6)
    deal = state.deal
    assert deal is not None
    copied = copy_deal(deal)
    assert copied.game is deal.game
    for attribute, value in vars(deal).items():
        if isinstance(value, (list, dict, set)) and value:
            assert getattr(copied, attribute) is not value, attribute
            assert getattr(copied, attribute) == value, attribute
    assert copied.to_json() == deal.to_json()


def test_copies_keep_objects_shared_within_the_deal() -> None:
    # As copy.deepcopy does: one list held twice is one list in the copy.
    deal = tt.load("whist").new_deal(seed=1)
    shared: list[int] = [1, 2]
    deal.first_note = shared  # type: ignore[attr-defined]
    deal.second_note = (shared, "x")  # type: ignore[attr-defined]
    copied = copy_deal(deal)
    assert copied.first_note is copied.second_note[0]  # type: ignore[attr-defined]
    assert copied.first_note is not shared  # type: ignore[attr-defined]
    assert copied.first_note == copy.deepcopy(shared)  # type: ignore[attr-defined]


def test_states_pickle_through_the_deal_json() -> None:
    game = pyspiel.load_game("tricktaker_pitch(preset=five_point_setback)")
    state = _played(game, 11, 9)
    restored = pickle.loads(pickle.dumps(state))
    assert _snapshot(restored) == _snapshot(state)
    assert restored.setup.game.options == state.setup.game.options
    before_deal = game.new_initial_state()
    before_deal.apply_action(5)
    again = pickle.loads(pickle.dumps(before_deal))
    assert again.is_chance_node() and again.deal is None and again.history() == [5]


def test_resampled_states_serialize() -> None:
    # A resampled deal is set up from its hands, not a seed; it must round-trip too.
    game = pyspiel.load_game("tricktaker_klaverjas")
    state = _played(game, 3, 10)
    sample = state.resample_from_infostate(
        state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0)
    )
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, sample))
    assert _snapshot(restored) == _snapshot(sample)
    assert state.deal is not None and sample.deal is not None
    assert len(state.deal.log) == len(sample.deal.log)


@dataclasses.dataclass(frozen=True)
class _Frozen:
    cards: tuple[str, ...]
    notes: list[int]


@dataclasses.dataclass(frozen=True)
class _Sealed:
    cards: tuple[str, ...]
    suit: tt.Suit


def test_only_wholly_immutable_frozen_values_are_shared() -> None:
    deal = tt.load("whist").new_deal(seed=2)
    deal.loose = _Frozen(("AS",), [1])  # type: ignore[attr-defined]
    deal.sealed = _Sealed(("AS", "KH"), tt.Suit.SPADES)  # type: ignore[attr-defined]
    copied = copy_deal(deal)
    assert copied.sealed is deal.sealed  # type: ignore[attr-defined]
    assert copied.loose is not deal.loose  # type: ignore[attr-defined]
    assert copied.loose.notes is not deal.loose.notes  # type: ignore[attr-defined]
    assert copied.loose == deal.loose  # type: ignore[attr-defined]
