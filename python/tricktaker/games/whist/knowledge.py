"""What a whist seat knows about where the cards are, and a deal rebuilt around a sample (the
family's ``KNOWLEDGE``, for ``tricktaker.sample_deals`` and ``DealSamples.deal``).

Whist has no bidding: a seat knows its own hand, every card played, and what the plays prove.
A seat that did not follow suit has shown a void: no card of that suit is in its hand (the
core's ``play_exclusions`` finds every such fact of the follow policy). The cards of the
position's hands are the whole deck of the deal: a position that starts as an ending (fewer
cards than the pack) leaves the rest out of play, as every seat knows.

The rebuilt deal is the same position (trump, leader) dealt with the sampled hands, each with
the cards its seat played, and the real deal's cards replayed.
"""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.games.whist import NUM_SEATS, SEATS, seat_index
from tricktaker.protocol.base import Deal
from tricktaker.protocol.knowledge import (
    FamilyKnowledge,
    Knowledge,
    KnowledgeBuilder,
    KnowledgeHook,
    mask_played,
    mask_played_by,
    popcount,
)

__all__ = ["KNOWLEDGE"]


def _seat_of(deal: Any, seat: int | str) -> int:
    return seat_index(seat)


def _knowledge(deal: Any, seat: int) -> Knowledge:
    state = deal.state
    deck = 0
    for hand in deal.hands_dealt:
        deck |= hand
    b = KnowledgeBuilder(deck, NUM_SEATS, seat)
    b.gone = mask_played(state)
    for p in range(NUM_SEATS):
        held = state.hand(p)
        b.hand(p, f"hand:{SEATS[p]}", popcount(held), held if p == seat else 0)
    b.apply_play_facts(state)
    return b.finish(state)


def _rebuild(deal: Any, info: Knowledge, row: list[int], _rng: _core.Rng) -> Deal:
    # Nothing a seat cannot see is left to chance: the hands fix the deal.
    hands = [row[info.hand_location[p]] | mask_played_by(deal.state, p) for p in range(NUM_SEATS)]
    setup = dict(deal._setup)
    setup["pbn"] = _core.format_pbn(hands)
    new: Deal = deal.game._deal_from_setup(setup)
    new.replay(deal.log)
    return new


KNOWLEDGE: KnowledgeHook = FamilyKnowledge(_seat_of, _knowledge, _rebuild)
