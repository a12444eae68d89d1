"""A game's deal rebuilt around sampled hidden cards (``DealSamples.deal(i)``).

The rebuilt deal is dealt so that every location holds the sample's cards (a deck order, a cut
and the other set-up choices are derived from the sample), and then the original deal's actions
are replayed, with the discards of the other seats replaced by sampled ones. It is a full deal
of the game, at the same point, that the sampling seat cannot tell from the real one: its
observation is the same after every action. Choices the seat cannot see (the order of a hidden
hand, which cards of it were dealt first, the hidden random draws of a redeal) are made at
random among the consistent ones.

How a game's deal is dealt is the family's: its ``knowledge`` capability
(``games/<family>/knowledge.py``, a ``tricktaker.protocol.knowledge.KnowledgeHook``) rebuilds it.
"""

from __future__ import annotations

from tricktaker import _core
from tricktaker.protocol.base import Deal
from tricktaker.protocol.family import capability
from tricktaker.protocol.knowledge import Knowledge, KnowledgeHook

__all__ = ["rebuild"]


def rebuild(deal: Deal, info: Knowledge, row: list[int], rng: _core.Rng) -> Deal:
    """The deal rebuilt with location contents ``row`` (known cards included), as seen by the
    seat ``info`` was compiled for; ``rng`` draws the choices that seat cannot see."""
    hook: KnowledgeHook = capability(deal, "knowledge")
    return hook.rebuild(deal, info, row, rng)
