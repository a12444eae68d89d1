"""Whist's one option, the size of the deck, with the table it is played at: the seats N, E,
S, W (seat ids 0..3) in two partnerships, the sides NS (side 0: N and S) and EW (side 1: E and
W), and the strains (a trump suit or no trump)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktaker.cards import Suit
from tricktaker.errors import Error, InvalidSeat, short_repr
from tricktaker.protocol.options import checked

SEATS = ("N", "E", "S", "W")
# The sides by side id, named as ``tt.solve(..., side=)`` accepts them; a seat's side is its
# id modulo 2.
SIDES = ("NS", "EW")
SIDE_SEATS = ((0, 2), (1, 3))
STRAINS = ("S", "H", "D", "C", "NT")
NUM_SEATS = 4


def seat_index(seat: int | str) -> int:
    """A seat as 0..3 from an int or a letter N/E/S/W."""
    if isinstance(seat, str) and seat.strip().upper() in SEATS:
        return SEATS.index(seat.strip().upper())
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < NUM_SEATS:
        return seat
    raise InvalidSeat(f"not a seat: {seat!r}; seats are N, E, S, W (or 0-3)")


def sides_json() -> list[dict[str, Any]]:
    """The sides as observations and results list them: ``{"name", "seats"}`` by side id."""
    return [
        {"name": name, "seats": list(seats)} for name, seats in zip(SIDES, SIDE_SEATS, strict=True)
    ]


def strain_index(trump: str | Suit | None) -> int:
    """0..3 for a trump suit, 4 for no trump (``"NT"``, ``"N"`` or None)."""
    if trump is None:
        return 4
    if isinstance(trump, Suit):
        return int(trump)
    if not isinstance(trump, str):
        raise Error(f"not a strain: {short_repr(trump)}; strains are S, H, D, C and NT")
    key = trump.strip().upper()
    if key in ("NT", "N", "NOTRUMP", "NO_TRUMP", "NONE"):
        return 4
    try:
        return int(Suit.parse(key))
    except ValueError:
        raise Error(f"not a strain: {trump!r}; strains are S, H, D, C and NT") from None


def _check_ranks(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 13:
        return None
    return "expected an integer 2..13 (8 for the 32-card pack A..7, 13 for the full pack)"


@dataclass(frozen=True, kw_only=True)
class WhistOptions:
    """Whist's only option: the size of the deck."""

    ranks_per_suit: int = checked(
        13,
        _check_ranks,
        "the size of the pack: how many ranks of each suit are dealt, from the ace down "
        "(2..13: 8 is the 32-card pack A..7, 13 the full pack)",
    )
