"""Seats, the deck, the outcomes and kinds of a deal, and the helpers every part of Kirves
uses."""

from __future__ import annotations

from tricktaker import _core
from tricktaker.cards import Card, Suit, cards_from_mask

SEAT_NAMES = "ABCDEFGHIJ"
MIN_PLAYERS, MAX_PLAYERS = 2, 10
HAND_SIZE = 5
TRICKS = 5
MARKS_TO_ESCAPE = 3
DECK: list[Card] = cards_from_mask(_core.kirves_deck())
DECK_SET = frozenset(DECK)
ALWAYS_TRUMPS: int = _core.KIRVES_ALWAYS_TRUMPS
PAAKOT: int = _core.KIRVES_PAAKOT

# Outcomes of a deal (KirvesResult.outcome).
PLAYED = "played"
PAAKOT_DECLARED = "paakot"
CONCESSION = "concession"
THROWN_IN = "thrown_in"
VOID = "void"
MISDEAL = "misdeal"

# Kinds of deal (R6, D34).
NORMAL = "normal"
CUT_JACK = "cut_jack"
FREE_FOR_ALL = "free_for_all"
_CORE_KIND = {
    NORMAL: _core.KirvesDealKind.NORMAL,
    CUT_JACK: _core.KirvesDealKind.CUT_JACK,
    FREE_FOR_ALL: _core.KirvesDealKind.FREE_FOR_ALL,
}
_WIN_RULE = {
    _core.KirvesWinRule.THREE_TRICKS: "three_tricks",
    _core.KirvesWinRule.FIRST_TO_TWO: "first_to_two",
    _core.KirvesWinRule.LAST_TRICK: "last_trick",
}


def is_always_trump(card: Card) -> bool:
    """R1.2: a jack or a joker."""
    return bool(ALWAYS_TRUMPS & card.mask)


def named_suit(card: Card) -> Suit:
    """R3.3: the suit a turned card names (RJ hearts, BJ spades)."""
    return Suit(_core.kirves_named_suit(card.id))


def seat_index(seat: int | str, num_players: int) -> int:
    """A seat as 0..n-1 from an int or a letter A, B, C, ..."""
    if isinstance(seat, str):
        key = seat.strip().upper()
        if len(key) == 1 and key in SEAT_NAMES[:num_players]:
            return SEAT_NAMES.index(key)
    elif isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < num_players:
        return seat
    raise ValueError(
        f"not a seat: {seat!r}; seats are {', '.join(SEAT_NAMES[:num_players])} "
        f"(or 0-{num_players - 1})"
    )


def _mix(seed: int, index: int) -> int:
    """A 64-bit seed for the index-th random draw of something seeded with ``seed``."""
    z = (seed + (index + 1) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)
