"""The Klaverjas deal's fast paths give what the general paths give.

* ``deal.observation_tensor(seat)`` is written from the deal (``direct_tensor.py``): it must
  equal the encoding of ``deal.observation(seat)`` at every step, for every option that changes
  what a seat sees or how the deal runs (illegal plays accepted under ``penalize`` included).
* A deal shuffled from a seed hands its card ids to the deal and writes the set-up's texts only
  when asked: the set-up, the JSON and a replay from it must be those of a deal given the same
  hands as text.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker.games.klaverjas import tensors
from tricktaker.games.klaverjas.direct_tensor import PHASES
from tricktaker.protocol.tensor_kit import encode_observation

OPTIONS = st.fixed_dictionaries(
    {
        "trump_selection": st.sampled_from(["free", "utrecht", "drawn"]),
        "roem_claim": st.sampled_from(["auto", "manual"]),
        "illegal_play": st.sampled_from(["reject", "penalize"]),
        "trick_history_visible": st.sampled_from(["all", "last_trick_only"]),
        "deal_packets": st.sampled_from(["3-2-3", "4-4"]),
    }
)


def test_phase_order_is_the_codec_s() -> None:
    assert PHASES == tensors.PHASES


@settings(max_examples=40, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32 - 1))
def test_direct_tensor_equals_the_observation_s_encoding(
    options: dict[str, Any], seed: int
) -> None:
    game = tt.load("klaverjas", **options)
    deal = game.new_deal(seed=seed)
    rnd = random.Random(seed)
    steps = 0
    while True:
        for seat in range(4):
            direct = deal.observation_tensor(seat)
            assert direct.dtype == np.float32 and direct.shape == game.observation_shape
            expected = encode_observation(game, deal.observation(seat))
            assert np.array_equal(direct, expected), (deal.phase, seat, deal.log)
        if deal.is_over:
            break
        legal = deal.legal_actions()
        if options["illegal_play"] == "penalize" and deal.phase == "play" and rnd.random() < 0.2:
            # a held card that is not legal: a penalized play, which the tensor must follow too
            assert deal.state is not None
            held = [c for c in deal.hand(deal.to_move or 0) if c not in {a.card for a in legal}]
            if held:
                deal.apply(rnd.choice(held))
                steps += 1
                continue
        deal.apply(rnd.choice(legal))
        steps += 1
    assert steps >= 32


def test_direct_tensor_names_seats_as_observation_does() -> None:
    deal = tt.load("klaverjas").new_deal(seed=4)
    assert np.array_equal(deal.observation_tensor("S"), deal.observation_tensor(2))
    try:
        deal.observation_tensor(4)
    except tt.Error as exc:
        assert "seat" in str(exc)
    else:
        raise AssertionError("seat 4 was accepted")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), packets=st.sampled_from(["3-2-3", "4-4"]))
def test_a_shuffled_deal_s_setup_is_that_of_its_hands(seed: int, packets: str) -> None:
    game = tt.load("klaverjas", deal_packets=packets)
    shuffled = game.new_deal(seed=seed)
    hands = [[str(c) for c in h] for h in shuffled.hands_dealt]
    given_hands = game.new_deal(seed=seed, dealer=shuffled.dealer, hands=hands)
    assert json.loads(shuffled.to_json()) == json.loads(given_hands.to_json())
    assert [sorted(h) for h in shuffled.hands_dealt] == [sorted(h) for h in given_hands.hands_dealt]
    rnd = random.Random(seed)
    while not shuffled.is_over:
        shuffled.apply(rnd.choice(shuffled.legal_actions()))
    again = tt.from_json(shuffled.to_json())
    assert again.to_json() == shuffled.to_json()
    assert again.result() == shuffled.result()
    assert shuffled.clone().to_json() == shuffled.to_json()
