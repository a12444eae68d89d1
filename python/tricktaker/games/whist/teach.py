"""What a whist player may play, for ``rules`` in ``tricktaker play whist``.

Whist here is the card play of bridge and whist alike (no bidding, no scoring beyond the
tricks): follow suit, else any card; the highest trump wins, else the highest card of the led
suit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import Suit
from tricktaker.protocol.base import Action
from tricktaker.protocol.view import Lines

__all__ = ["explain"]


def explain(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    """The ``rules`` answer for a whist seat to act."""
    trump = obs.get("trump")
    strain = (
        "no trump: the highest card of the led suit wins each trick"
        if trump in (None, "NT")
        else f"trumps {Suit.parse(str(trump)).symbol}: the highest trump wins a trick, else "
        "the highest card of the led suit"
    )
    tricks = obs.get("ranks_per_suit", 13)
    return [
        f"Whist card play (no bidding): {tricks} tricks, the winner of each leads the next.",
        "  card: follow the led suit if you can; void, play any card, a trump or a discard.",
        f"  This deal is in {strain}.",
        "  Ranks: A K Q J 10 ... 2 in every suit. North-South play East-West; each side "
        "counts its tricks.",
    ]
