"""Kirves hands for the hand-strength study (the family's ``features`` capability).

Once the hands of the play are known (five cards each), every seat's hand is judged as the
trump maker's under every trump: the table ``[trump][maker]`` (the ``"win"`` objective) says
whether the maker alone wins the deal against everyone else at double dummy, eldest leading.
"""

from __future__ import annotations

from typing import Any

from tricktaker.errors import Error
from tricktaker.protocol.hand_strength import HandCase, HandStrength, cases_from_states

__all__ = ["FEATURES"]


class _Features:
    objective: str | None = "win"

    def ready(self, deal: Any) -> bool:
        try:
            deal.dd_table_states()
        except Error:
            return False
        return True

    def cases(self, deal: Any, table: Any) -> list[HandCase]:
        return cases_from_states(deal, table, lambda won: won == 1, by_seat=True)


FEATURES: HandStrength = _Features()
