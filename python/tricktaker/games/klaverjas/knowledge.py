"""What a Klaverjas seat knows about where the cards are, and a deal rebuilt around a sample
(the family's ``KNOWLEDGE``, for ``tricktaker.sample_deals`` and ``DealSamples.deal``).

A seat knows its own hand and every card played (even where ``trick_history_visible`` hides
the history from its observation: the cards were played face up in front of it), and what the
plays prove: a card is excluded from a hand when holding it would have made one of that seat's
plays illegal (a suit shown void, no higher trump after an undertrump, ...). Calls carry no
card facts. Under ``illegal_play = penalize`` an illegal card may have been accepted unnoticed,
so plays prove nothing about other hands.

The rebuilt deal is the same set-up with the sampled hands (each with the cards its seat
played), the real deal's actions replayed.
"""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import cards_from_mask, mask_from_cards
from tricktaker.games.klaverjas import DECK_MASK, NUM_SEATS, SEATS, seat_index
from tricktaker.protocol.base import Deal
from tricktaker.protocol.knowledge import (
    FamilyKnowledge,
    Knowledge,
    KnowledgeBuilder,
    KnowledgeHook,
    cards_played_by,
    mask_played,
)

__all__ = ["KNOWLEDGE"]


def _seat_of(deal: Any, seat: int | str) -> int:
    return seat_index(seat)


def _knowledge(deal: Any, seat: int) -> Knowledge:
    state = deal.state
    b = KnowledgeBuilder(DECK_MASK, NUM_SEATS, seat)
    b.gone = mask_played(state)
    for p in range(NUM_SEATS):
        size = len(deal.hand(p))
        known = mask_from_cards(deal.hand(p)) if p == seat else 0
        b.hand(p, f"hand:{SEATS[p]}", size, known)
    legal = deal.options.illegal_play != "penalize"
    if state is not None and legal:
        b.apply_play_facts(state)
    elif not legal:
        b.notes.append("illegal_play = penalize: plays prove nothing about other hands")
    return b.finish(state, check_legal=legal)


def _rebuild(deal: Any, info: Knowledge, row: list[int], _rng: _core.Rng) -> Deal:
    # Nothing a seat cannot see is left to chance: the hands fix the deal.
    hands = []
    for p in range(NUM_SEATS):
        held = cards_from_mask(row[info.hand_location[p]]) + cards_played_by(deal.state, p)
        hands.append([str(c) for c in sorted(held)])
    setup = dict(deal._setup)
    setup["hands"] = hands
    new: Deal = deal.game._deal_from_setup(setup)
    new.replay(deal.log)
    return new


KNOWLEDGE: KnowledgeHook = FamilyKnowledge(_seat_of, _knowledge, _rebuild)
