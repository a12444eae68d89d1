"""The Klaverjas tensor written by the core (``KlaverjasTensorPlan.write``) is the encoding of the
seat's observation, and the core's action mask is the layout's.

The deals are played with every kind of action that changes what a seat sees: trump calls under
each selection rule, roem claims (also by the partner of the trick's winner, out of turn, and
in the last trick's claim window), passes on a claim, and held cards that are not legal under
``illegal_play = penalize``.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker._core import KlaverjasTensorPlan, action_flags
from tricktaker.games.klaverjas.direct_tensor import observation_tensor, tensor_plan
from tricktaker.protocol.base import Action
from tricktaker.protocol.tensor_kit import encode_observation
from tricktaker.rl.episode import Episode
from tricktaker.tensors import observation_layout

OPTIONS = st.fixed_dictionaries(
    {
        "trump_selection": st.sampled_from(["free", "utrecht", "drawn"]),
        "roem_claim": st.sampled_from(["auto", "manual"]),
        "illegal_play": st.sampled_from(["reject", "penalize"]),
        "trick_history_visible": st.sampled_from(["all", "last_trick_only"]),
        "deal_packets": st.sampled_from(["3-2-3", "4-4"]),
        "play_rules": st.sampled_from(["amsterdam", "rotterdam"]),
    }
)


def _check_every_seat(game: tt.Game, deal: Any) -> None:
    for seat in range(4):
        native = deal.observation_tensor(seat)
        assert native.dtype == np.float32 and native.shape == game.observation_shape
        expected = encode_observation(game, deal.observation(seat))
        assert np.array_equal(native, expected), (deal.phase, seat, deal.log)


def _next_action(deal: Any, rnd: random.Random, penalize: bool) -> tuple[Action | Any, int]:
    """A random action and its seat: a claim by any seat that may claim (half the time), a
    held illegal card under penalize (a fifth of the time), else a legal action."""
    claimers = [s for s in range(4) if any(a.name == "claim" for a in deal.legal_actions(s))]
    if claimers and rnd.random() < 0.5:
        return Action.call("claim"), rnd.choice(claimers)
    seat = deal.to_move
    legal = deal.legal_actions()
    if penalize and deal.phase == "play" and rnd.random() < 0.2:
        held = [c for c in deal.hand(seat) if c not in {a.card for a in legal}]
        if held:
            return rnd.choice(held), seat
    return rnd.choice(legal), seat


@settings(max_examples=60, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**64 - 1), pick=st.integers(0, 2**32 - 1))
def test_native_tensor_is_the_observation_s_encoding(
    options: dict[str, Any], seed: int, pick: int
) -> None:
    game = tt.load("klaverjas", **options)
    deal = game.new_deal(seed=seed)
    rnd = random.Random(pick)
    penalize = options["illegal_play"] == "penalize"
    while not deal.is_over:
        _check_every_seat(game, deal)
        action, seat = _next_action(deal, rnd, penalize)
        deal.apply(action, seat=seat)
    _check_every_seat(game, deal)


def test_given_trumps_and_a_copy_have_the_same_tensor() -> None:
    game = tt.load("klaverjas", roem_claim="manual")
    deal = game.new_deal(seed=11, dealer="E", trump="C", declarer="W")
    _check_every_seat(game, deal)
    rnd = random.Random(3)
    for _ in range(13):
        deal.apply(rnd.choice(deal.legal_actions()))
    copy = deal.clone()
    for seat in "NESW":
        assert np.array_equal(copy.observation_tensor(seat), observation_tensor(deal, seat))


def test_a_tensor_is_a_fresh_array() -> None:
    deal = tt.load("klaverjas").new_deal(seed=2)
    first = deal.observation_tensor(0)
    first[:] = 7.0  # the reader scribbles on its array
    assert not np.array_equal(deal.observation_tensor(0), first)


def test_a_game_and_its_deal_copy_and_pickle_after_a_tensor() -> None:
    game = tt.load("klaverjas")
    deal = game.new_deal(seed=5)
    before = deal.observation_tensor("N")
    for again in (pickle.loads(pickle.dumps(deal)), copy.deepcopy(deal)):
        assert np.array_equal(again.observation_tensor("N"), before)
    other = pickle.loads(pickle.dumps(game)).new_deal(seed=5)  # another game object
    assert np.array_equal(other.observation_tensor("N"), before)
    assert np.array_equal(deal.observation_tensor("N"), before)


def test_the_plan_refuses_what_lies_outside_the_vector() -> None:
    game = tt.load("klaverjas")
    spec = observation_layout(game)
    offsets = {s.name: s.offset for s in spec}
    place = [-1] * 64
    with pytest.raises(tt.Error, match="outside"):
        KlaverjasTensorPlan(10, offsets, (8, 162, 100), place, ["a", "b", "c", "d"], False, True)
    with pytest.raises(tt.Error, match="no offset for roem"):
        short = {k: v for k, v in offsets.items() if k != "roem"}
        KlaverjasTensorPlan(332, short, (8, 162, 100), place, ["a", "b", "c", "d"], False, True)
    with pytest.raises(tt.Error, match="seat"):
        tensor_plan(game).write(game.new_deal(seed=1), 4)
    with pytest.raises(tt.Error, match="seat"):
        game.new_deal(seed=1).observation_tensor(4)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), episode=st.sampled_from(["klaverjas", "whist", "kiksas"]))
def test_action_flags_are_the_layout_s_mask(seed: int, episode: str) -> None:
    layout = Episode(episode).layout
    rnd = random.Random(seed)
    actions = rnd.sample(list(layout.actions), rnd.randint(0, layout.size))
    expected = np.zeros(layout.size, dtype=np.int8)
    expected[[layout.index_of(a) for a in actions]] = 1
    flags = action_flags(actions, layout._index, Action, layout.size)
    assert flags is not None and flags.dtype == np.int8
    assert np.array_equal(flags, expected)
    assert np.array_equal(layout.mask(actions), expected)
    assert np.array_equal(layout.mask(iter(actions)), expected)  # the Python path


def test_action_flags_leave_what_they_do_not_know_to_the_layout() -> None:
    layout = Episode("klaverjas").layout
    unknown = [Action.call("double")]
    assert action_flags(unknown, layout._index, Action, layout.size) is None
    assert action_flags(["pass"], layout._index, Action, layout.size) is None
    with pytest.raises(RuntimeError, match="double"):
        layout.mask(unknown)
    assert layout.mask(["pass"])[layout.index_of("pass")] == 1  # a text goes by its name
