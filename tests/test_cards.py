"""Card notation: parse and format every card, errors name the fault."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker import _core
from tricktaker.cards import Card, Rank, Suit, cards_from_mask, deck, mask_from_cards
from tricktaker.notation import format_hand, parse_hand

ALL = [Card(i) for i in range(64) if (_core.ALL_CARDS >> i) & 1]


def test_there_are_54_cards() -> None:
    assert len(ALL) == 54
    assert len({str(c) for c in ALL}) == 54


@pytest.mark.parametrize("card", ALL, ids=str)
def test_round_trip_text(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.pretty()) == card
    assert Card.parse(str(card).lower()) == card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10H", "TH"),
        ("10♥", "TH"),
        ("T♥", "TH"),
        ("j♠", "JS"),
        ("AC", "AC"),
        ("2d", "2D"),
        ("RJ", "RJ"),
        ("bj", "BJ"),
        (" QS ", "QS"),
        ("K♣", "KC"),
        ("9♢", "9D"),
    ],
)
def test_parse_forms(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("bad", ["", "X", "1H", "11S", "AX", "JJ", "HA", "10", "RK", "A♠♠"])
def test_malformed_cards_raise_value_error(bad: str) -> None:
    with pytest.raises(ValueError, match="malformed card"):
        Card.parse(bad)


def test_card_fields() -> None:
    c = Card.parse("QD")
    assert c.suit == Suit.DIAMONDS and c.rank == Rank.QUEEN
    assert c.pretty() == "Q♦" and Card.parse("TS").pretty() == "10♠"
    rj = Card.parse("RJ")
    assert rj.is_joker and rj.suit is None and rj.rank is None
    with pytest.raises(AttributeError):
        c._id = 3  # type: ignore[misc]
    with pytest.raises(ValueError):
        Card(15)


def test_suit_and_rank_parse() -> None:
    assert Suit.parse("♣") == Suit.CLUBS and Suit.parse("h") == Suit.HEARTS
    assert Rank.parse("10") == Rank.TEN
    with pytest.raises(ValueError, match="S H D C"):
        Suit.parse("X")
    with pytest.raises(ValueError, match="2-9"):
        Rank.parse("1")


@given(st.sets(st.sampled_from(ALL)))
def test_mask_round_trip(cards: set[Card]) -> None:
    m = mask_from_cards(cards)
    assert set(cards_from_mask(m)) == cards
    assert tt.mask_from_cards(tt.cards_from_mask(m)) == m


@given(st.sets(st.sampled_from(ALL)))
def test_hand_notation_round_trip(cards: set[Card]) -> None:
    text = format_hand(cards)
    assert set(parse_hand(text)) == cards
    assert format_hand(parse_hand(text)) == text


def test_hand_notation_errors() -> None:
    with pytest.raises(ValueError, match="four suits"):
        parse_hand("AK.Q")
    with pytest.raises(ValueError, match="not a rank"):
        parse_hand("AX.-.-.-")
    with pytest.raises(ValueError, match="twice"):
        parse_hand("AA.-.-.-")


def test_deck_helper() -> None:
    assert len(deck(list(Rank))) == 52
    assert len(deck(list(Rank), jokers=2)) == 54


M64 = (1 << 64) - 1


class ReferenceRng:
    """xoshiro256** seeded by splitmix64, Lemire's unbiased bounded integers and a top-down
    Fisher-Yates shuffle, written independently from the published algorithms."""

    def __init__(self, seed: int) -> None:
        self.state = []
        for _ in range(4):
            seed = (seed + 0x9E3779B97F4A7C15) & M64
            z = seed
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
            self.state.append(z ^ (z >> 31))

    @staticmethod
    def rotl(x: int, k: int) -> int:
        return ((x << k) | (x >> (64 - k))) & M64

    def next(self) -> int:
        s0, s1, s2, s3 = self.state
        result = (self.rotl((s1 * 5) & M64, 7) * 9) & M64
        t = (s1 << 17) & M64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = self.rotl(s3, 45)
        self.state = [s0, s1, s2, s3]
        return result

    def below(self, n: int) -> int:
        product = self.next() * n
        if product & M64 < n:
            threshold = (2**64 - n) % n
            while product & M64 < threshold:
                product = self.next() * n
        return product >> 64

    def shuffled(self, items: list[int]) -> list[int]:
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def test_rng_matches_reference_algorithm() -> None:
    rng, ref = _core.Rng(42), ReferenceRng(42)
    assert [rng.next() for _ in range(5)] == [ref.next() for _ in range(5)]
    rng, ref = _core.Rng(3), ReferenceRng(3)
    for n in (1, 2, 3, 7, 32, 1000, 2**63 + 5):
        assert [rng.below(n) for _ in range(20)] == [ref.below(n) for _ in range(20)]
    for seed in (0, 7, 2**64 - 1):
        assert _core.Rng(seed).shuffled(list(range(32))) == ReferenceRng(seed).shuffled(
            list(range(32))
        )


def test_shuffle_is_portable() -> None:
    # Golden values: a seed must give the same deal on every machine and compiler.
    assert _core.Rng(7).shuffled(list(range(10))) == GOLDEN_SHUFFLE
    deal = tt.load("klaverjas").new_deal(seed=2024, dealer="W")
    assert " ".join(str(c) for c in deal.hand("N")) == GOLDEN_N_HAND


def test_below_is_in_range_and_covers() -> None:
    rng = _core.Rng(1)
    seen = {rng.below(5) for _ in range(200)}
    assert seen == {0, 1, 2, 3, 4}
    with pytest.raises(ValueError):
        rng.below(0)


GOLDEN_SHUFFLE = [1, 8, 3, 0, 4, 5, 9, 6, 2, 7]
GOLDEN_N_HAND = "QS TH JH AH 9D TD JC AC"
