"""Whist hands for the hand-strength study (the family's ``features`` capability).

Every seat's hand is judged as the declarer's under each suit as trump (no-trump has no trump
count, so it is left out): the declarer's side *makes* it when it takes more than half the
tricks at double dummy, the declarer's left-hand opponent leading.
"""

from __future__ import annotations

from typing import Any

from tricktaker.games.whist.tables import rules_table
from tricktaker.protocol.hand_strength import HandCase, HandStrength

__all__ = ["FEATURES"]


class _Features:
    objective: str | None = None  # tricks

    def ready(self, deal: Any) -> bool:
        return True  # the table is of the deal as dealt

    def cells(self, deal: Any) -> None:
        # The cases read 16 of the table's 20 cells, but the core solves a whist table in one
        # search that shares its work between the cells: 16 cells alone cost as much as 20.
        return None

    def cases(self, deal: Any, table: Any) -> list[HandCase]:
        ranks = deal.game.options.ranks_per_suit
        return [
            HandCase(
                seat,
                trump,
                int(deal.hands_dealt[seat]),
                rules_table(ranks, trump),
                2 * int(table[trump][seat]) > ranks,
                int(table[trump][seat]),
            )
            for trump in range(4)
            for seat in range(4)
        ]


FEATURES: HandStrength = _Features()
