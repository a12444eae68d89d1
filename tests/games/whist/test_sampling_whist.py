"""Hidden-hand sampling in whist: a seat knows its own hand, the cards played and the voids the
play has shown (whist has no bidding). Every sample fits all three, as checked here from the
trick history itself, and the frequencies of a small ending match the brute-force set of
consistent deals."""

from __future__ import annotations

import collections
import random
from typing import Any

import numpy as np
import pytest

import tricktaker as tt
from sampling_helpers import chi2_sf, chi_square, consistent_completions, observation_history
from tricktaker.cards import Card, Rank, Suit, mask_from_cards
from tricktaker.sampling import knowledge


def random_point(game: tt.Game, seed: int, trump: str) -> Any:
    """A whist deal played with random legal cards to a random point before its end."""
    rng = random.Random(seed)
    deal: Any = game.new_deal(seed=seed, trump=trump, leader=rng.choice("NESW"))
    total = sum(len(deal.hand(s)) for s in range(4))
    for _ in range(rng.randrange(total)):
        legal = deal.legal_actions()
        deal.apply(legal[rng.randrange(len(legal))])
    return deal


def shown_voids(deal: Any) -> dict[int, set[Suit]]:
    """The suits each seat has shown it lacks: it played another suit to a trick led in it."""
    voids: dict[int, set[Suit]] = collections.defaultdict(set)
    history = deal.play_state().history()
    for start in range(0, len(history), 4):
        trick = history[start : start + 4]
        led = Card(trick[0][1]).suit
        for seat, card in trick[1:]:
            if Card(card).suit != led:
                assert led is not None
                voids[seat].add(led)
    return voids


def suit_mask(suit: Suit) -> int:
    return mask_from_cards(Card.make(rank, suit) for rank in Rank)


@pytest.mark.parametrize("ranks", [8, 13])
@pytest.mark.parametrize("trump", ["NT", "S"])
def test_samples_fit_the_hand_the_cards_played_and_the_voids(ranks: int, trump: str) -> None:
    game = tt.load("whist", ranks_per_suit=ranks)
    checked_voids = 0
    for seed in range(6):
        deal = random_point(game, seed, trump)
        state = deal.play_state()
        played = 0
        for _, card in state.history():
            played |= 1 << card
        voids = shown_voids(deal)
        for seat in range(4):
            samples = tt.sample_deals(deal, seat, 60, seed=seed)
            assert len(samples) == 60
            assert samples.hands.shape == (60, 4)
            own = state.hand(seat)
            assert (samples.hands[:, seat] == np.uint64(own)).all()
            for i in range(len(samples)):
                hands = [int(h) for h in samples.hands[i]]
                union = 0
                for other, hand in enumerate(hands):
                    assert bin(hand).count("1") == bin(state.hand(other)).count("1")
                    assert not hand & union and not hand & played
                    union |= hand
                    if other != seat:
                        for suit in voids.get(other, ()):
                            assert not hand & suit_mask(suit), (seed, other, suit)
                            checked_voids += 1
                assert union == sum(state.hand(p) for p in range(4))
            # a sample rebuilt as a deal looks to the seat exactly like the real one
            assert observation_history(samples.deal(0), seat) == observation_history(deal, seat)
    assert checked_voids > 0


def test_an_ending_samples_only_its_own_cards() -> None:
    """A position given as an ending: the cards of the pack that are not in it are out of play,
    and a seat that showed out of a suit gets none of it."""
    game: Any = tt.load("whist")
    deal = game.position_from_pbn("N:AK.2.. QJ..2. T9.3.. ...432", trump="NT", leader="N")
    deal.apply("AS")
    deal.apply("QS")
    deal.apply("TS")
    deal.apply("2C")  # W shows out of spades
    samples = tt.sample_deals(deal, "N", 300, seed=3)
    ending = 0
    for seat in range(4):
        ending |= deal.play_state().hand(seat)
    spades = suit_mask(Suit.SPADES)
    for i in range(len(samples)):
        hands = [int(h) for h in samples.hands[i]]
        assert sum(hands) == ending
        assert not hands[3] & spades
    # E, S and W hold two each of JS 9S 2D 3H 4C 3C, W no spade: C(4, 2) * C(4, 2) deals
    assert samples.count == 36


def test_ending_frequencies_match_the_consistent_deals() -> None:
    """Sample frequencies against every consistent deal found by brute force (each rebuilt and
    replayed: kept when the seat's observations are the same as in the real deal)."""
    game = tt.load("whist", ranks_per_suit=3)
    for seed in range(60):
        deal = random_point(game, seed, "H")
        seat = deal.to_move
        if seat is None or not shown_voids(deal):
            continue
        if bin(knowledge(deal, seat).hidden).count("1") < 5:
            continue
        consistent = list(consistent_completions(deal, seat))
        n = 3000
        samples = tt.sample_deals(deal, seat, n, seed=seed)
        assert samples.count == len(consistent)
        counts = collections.Counter(tuple(int(v) for v in row) for row in samples.cards)
        assert set(counts) <= set(consistent)
        stat, df = chi_square(counts, {row: n / len(consistent) for row in consistent})
        assert chi2_sf(stat, df) > 1e-4
        return
    raise AssertionError("no ending with a shown void among the seeds")


def test_a_finished_deal_has_nothing_to_sample() -> None:
    deal = tt.load("whist", ranks_per_suit=2).new_deal(seed=1)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    with pytest.raises(ValueError, match="over"):
        tt.sample_deals(deal, "N", 1)
    with pytest.raises(ValueError, match="not a seat"):
        tt.sample_deals(tt.load("whist").new_deal(seed=1), "X", 1)
