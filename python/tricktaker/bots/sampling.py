"""Hidden hands consistent with what one seat knows, for the PIMC bot.

A SIMPLE STAND-IN, meant to be swapped for the engine's uniform sampler (``tt.sample_deals``)
once that is available: ``sample_hands`` is the one function the PIMC bot calls.

It deals the cards a seat cannot see (``HiddenCards.pool``) to the seats that hold unseen
cards, each getting exactly its count, never a card of a suit it has shown void in, and with
the exact counts of a suit that were announced (the Kiksas trump count). Cards left over stay
out of play (a stock, a hand turned down). Cards are placed most-constrained first, each to a
seat drawn with weight equal to its free room, and a draw that breaks a constraint is retried;
so every sample is consistent, but the distribution is only close to uniform, not exactly so.
If no consistent deal is found after ``tries`` attempts the voids are dropped (counts and
known cards still hold).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tricktaker import _core

__all__ = ["HiddenCards", "sample_hands"]


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass
class HiddenCards:
    """What a seat knows of the others' hands."""

    pool: int  # the cards it cannot see: in someone's hand or out of play
    counts: list[int]  # unseen cards each seat holds (0 for the seat itself)
    known: list[int] = field(default_factory=list)  # cards known to be in each seat's hand
    forbidden: list[int] = field(default_factory=list)  # cards each seat cannot hold (voids)
    suit_counts: dict[int, tuple[int, int]] = field(default_factory=dict)  # seat -> (cards, n)


def _attempt(h: HiddenCards, rng: _core.Rng, use_voids: bool) -> list[int] | None:
    n = len(h.counts)
    room = list(h.counts)
    out_room = bin(h.pool).count("1") - sum(room)
    if out_room < 0:
        return None
    cards = _bits(h.pool)
    # shuffle (Fisher-Yates with the portable generator)
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.below(i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    forbidden = h.forbidden if use_voids and h.forbidden else [0] * n

    def eligible(c: int) -> int:
        return sum(1 for s in range(n) if room[s] and not (forbidden[s] >> c) & 1)

    cards.sort(key=eligible)
    hands = [0] * n
    for c in cards:
        weights = [room[s] if not (forbidden[s] >> c) & 1 else 0 for s in range(n)]
        total = sum(weights) + out_room
        if total == 0:
            return None
        pick = int(rng.below(total))
        seat = -1
        for s in range(n):
            if pick < weights[s]:
                seat = s
                break
            pick -= weights[s]
        if seat < 0:
            out_room -= 1
        else:
            room[seat] -= 1
            hands[seat] |= 1 << c
    for seat, (mask, wanted) in h.suit_counts.items():
        have = bin((hands[seat] | (h.known[seat] if h.known else 0)) & mask).count("1")
        if have != wanted:
            return None
    if h.known:
        hands = [hands[s] | h.known[s] for s in range(n)]
    return hands


def sample_hands(h: HiddenCards, rng: _core.Rng, tries: int = 200) -> list[int]:
    """One consistent deal of the hidden cards: each seat's hand (unseen part plus known)."""
    for _ in range(tries):
        hands = _attempt(h, rng, True)
        if hands is not None:
            return hands
    relaxed = HiddenCards(h.pool, h.counts, h.known, [], {})
    for _ in range(tries):
        hands = _attempt(relaxed, rng, False)
        if hands is not None:
            return hands
    raise ValueError("no deal of the hidden cards fits the counts")
