"""Observation tensors: fixed shape and dtype per game and options, a round trip of what they
encode (decoded back and compared with the observation dict), and no hidden information (built
from the observation alone: deals the seat cannot tell apart give the same tensor)."""

from __future__ import annotations

import doctest
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
import tricktaker.tensors
from sampling_helpers import VARIANTS, random_position, seats_of, variant_id
from tricktaker.cards import Card
from tricktaker.tensors import (
    encode_observation,
    observation_layout,
    observation_summary,
    tensor_deck,
)


def sorted_cards(cards: Any) -> list[str]:
    return [str(c) for c in sorted(Card.parse(x) for x in cards)]


def check_round_trip(game: tt.Game, deal: tt.Deal, seat: int) -> None:
    obs = deal.observation(seat)
    x = deal.observation_tensor(seat)
    assert x.shape == game.observation_shape and x.dtype == np.float32
    assert np.isfinite(x).all()
    assert (x == encode_observation(game, obs)).all()  # from the observation alone
    assert (x == tt.observation_tensor(deal, seat)).all()
    decoded = tt.decode_observation(game, x)
    # The fields every game has, checked against the observation dict directly.
    assert decoded["seat"] == obs["seat"]
    assert decoded["phase"] == obs["phase"]
    assert decoded["to_move"] == obs["to_move"]
    assert decoded["trump"] == obs["trump"]
    assert decoded["trick"] == [list(t) for t in obs["trick"]]
    hand = obs["hand"]
    assert decoded["hand"] == (None if hand is None else sorted_cards(hand))
    played: dict[str, list[str]] = {}
    for trick in obs.get("tricks", []):
        for s, card in trick["cards"]:
            played.setdefault(s, []).append(card)
    for s, cards in played.items():
        assert decoded["played"][s] == sorted_cards(cards)
    # And everything else the tensor carries, in the summary's form.
    assert decoded == observation_summary(game, obs)


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_round_trip_over_random_positions(variant: tuple[str, dict[str, Any]], seed: int) -> None:
    name, options = variant
    game = tt.load(name, **options)
    deal = random_position(game, name, random.Random(seed))
    for seat in range(seats_of(deal)):
        check_round_trip(game, deal, seat)


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_no_hidden_information(variant: tuple[str, dict[str, Any]]) -> None:
    """Deals the seat cannot tell apart (sampled deals rebuilt around its observations) give it
    the same tensor, though their hidden cards differ."""
    name, options = variant
    game = tt.load(name, **options)
    rng = random.Random(7)
    checked = 0
    for _ in range(20):
        deal = random_position(game, name, rng)
        seat = rng.randrange(seats_of(deal))
        try:
            samples = tt.sample_deals(deal, seat, 3, seed=1)
        except ValueError:
            continue
        x = deal.observation_tensor(seat)
        for i in range(len(samples)):
            other = samples.deal(i)
            assert (other.observation_tensor(seat) == x).all()
        checked += 1
        if checked >= 4:
            return
    assert checked > 0


@pytest.mark.parametrize(
    ("name", "options", "size"),
    [
        ("klaverjas", {}, 332),
        ("klaverjas", {"play_rules": "rotterdam"}, 332),
        ("kiksas", {}, 418),
        ("trikiksis", {}, 335),
        ("kirves", {"num_players": 4}, 936),
        ("allfours", {"preset": "trinidad"}, 723),
    ],
)
def test_shapes(name: str, options: dict[str, Any], size: int) -> None:
    game = tt.load(name, **options)
    assert game.observation_shape == (size,) == tt.observation_shape(game)
    layout = observation_layout(game)
    offset = 0
    for segment in layout:
        assert segment.offset == offset and segment.size > 0
        offset += segment.size
    assert offset == size
    assert len({s.name for s in layout}) == len(layout)
    assert layout[0].name == "me"


def test_shape_depends_on_the_options() -> None:
    kirves = {n: tt.load("kirves", num_players=n).observation_shape[0] for n in (2, 3, 10)}
    assert kirves[2] < kirves[3] < kirves[10]
    decks = [tt.load("pitch", preset=p) for p in ("auction_pitch", "five_point_setback")]
    assert [len(tensor_deck(g)) for g in decks] == [52, 28]
    assert decks[0].observation_shape != decks[1].observation_shape


def test_matches_give_the_current_deal() -> None:
    game = tt.load("klaverjas", match_format="rotating_partners_48")
    match = game.new_match(seed=3)
    for _ in range(5):
        match.apply(match.legal_actions()[-1])
    x = match.observation_tensor(1)
    assert x.shape == game.observation_shape
    decoded = tt.decode_observation(game, x)
    assert decoded["hand"] == sorted_cards(match.observation(1)["hand"])


def test_decode_checks_the_shape() -> None:
    game = tt.load("kiksas")
    with pytest.raises(ValueError, match="shape"):
        tt.decode_observation(game, np.zeros(10, dtype=np.float32))


def test_planes_follow_the_pack_order() -> None:
    game = tt.load("kiksas")
    deck = tensor_deck(game)
    assert [c.id for c in deck] == sorted(c.id for c in deck) and len(deck) == 24
    deal = game.new_deal(seed=2, deal_type="first")
    seat = deal.to_move
    assert seat is not None
    x = deal.observation_tensor(seat)
    hand = next(s for s in observation_layout(game) if s.name == "hand")
    plane = x[hand.offset : hand.offset + hand.size]
    assert [str(deck[i]) for i in np.flatnonzero(plane)] == deal.observation(seat)["hand"]


def test_module_docstring_runs() -> None:
    failures, tried = doctest.testmod(tricktaker.tensors, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
