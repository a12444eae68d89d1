"""Kiksas and Trikiksis hands for the hand-strength study (the family's ``features``
capability).

Every seat's hand is judged under every trump, on the table of its side (the trump queen's
holder leading), solved for the ``"margin"``: the side *makes* the deal when it takes more card
points than the other side at double dummy.
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
