"""All Fours and Pitch hands for the hand-strength study (the family's ``features``
capability).

Once the hands of the play are known (after begging, the auction and any discards), every
seat's hand is judged under every trump on its side's table (the deal's first leader leading,
the pitcher in Pitch), solved for the ``"margin"`` of game points: the side *makes* the deal
when it scores more game points than the others (for a Pitch bidder, after losing the bid when
set).
"""

from __future__ import annotations

from typing import Any

from tricktaker.errors import Error
from tricktaker.protocol.hand_strength import HandCase, HandStrength, cases_from_states

__all__ = ["FEATURES"]


class _Features:
    objective: str | None = "margin"

    def ready(self, deal: Any) -> bool:
        try:
            deal.dd_table_states()
        except Error:
            return False
        return True

    def cases(self, deal: Any, table: Any) -> list[HandCase]:
        return cases_from_states(deal, table, lambda margin: margin > 0)


FEATURES: HandStrength = _Features()
