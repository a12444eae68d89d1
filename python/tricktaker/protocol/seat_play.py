"""``SeatPlay``: what one seat's observation shows of the card play, as card ids and masks.

A simulated bot asks its observation for it (``SeatObservation.seat_play``) instead of reading
the cards back from the observation's text: the same facts, none that the observation hides.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SeatPlay"]


@dataclass(frozen=True, slots=True)
class SeatPlay:
    """The card play as the observation of one seat shows it.

    ``tricks``: the completed tricks the observation shows (all, or the last only where the
    game's options hide the rest), each as (seat, card id) pairs in play order; ``trick``: the
    current trick; ``hand``: the seat's cards as a mask; ``hand_sizes``: how many cards each seat
    holds. ``excluded``: where every trick is shown and every play was legal, the cards each other
    seat cannot hold by its plays (``card_play.play_exclusions``, worked out on the deal's history,
    which the seat sees whole), else None (the reader works them out itself).
    """

    hand: int
    tricks: list[list[tuple[int, int]]]
    trick: list[tuple[int, int]]
    hand_sizes: list[int]
    excluded: dict[int, int] | None = None
