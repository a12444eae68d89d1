"""Klaverjas hands for the hand-strength study (the family's ``features`` capability).

The hand judged is forehand's, the player who chooses trump under the free choice (R2.1):
for each trump, whether forehand's team *makes* the deal playing it, forehand leading, at double
dummy (the ``"made"`` objective: more than half the points, or nat). So the study answers the
question of the published Klaverjas solver studies: with which hands should the chooser play?
Only forehand's team's column of the table is read, so only those four cells are solved.
"""

from __future__ import annotations

from typing import Any

from tricktaker.games.klaverjas.tables import rules_table
from tricktaker.protocol.hand_strength import HandCase, HandStrength

__all__ = ["FEATURES"]


class _Features:
    objective: str | None = "made"

    def ready(self, deal: Any) -> bool:
        return True  # the table is of the deal as dealt, forehand leading

    def cells(self, deal: Any) -> list[tuple[int, int]]:
        """Forehand's team's column: the other team's cells judge no hand, so go unsolved."""
        return [(trump, deal.forehand % 2) for trump in range(4)]

    def cases(self, deal: Any, table: Any) -> list[HandCase]:
        seat = deal.forehand
        hand = sum(card.mask for card in deal.hands_dealt[seat])
        cells = [int(table[trump][seat % 2]) for trump in range(4)]
        return [
            HandCase(seat, trump, hand, rules_table(deal.options, trump), bool(cell), cell)
            for trump, cell in enumerate(cells)
        ]


FEATURES: HandStrength = _Features()
