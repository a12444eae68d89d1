"""Kirves hands for the hand-strength study (the family's ``features`` capability).

Once the hands of the play are known (five cards each), every seat's hand is judged as the
trump maker's under every trump: the table ``[trump][maker]`` (the ``"win"`` objective) says
whether the maker alone wins the deal against everyone else at double dummy, eldest leading.
"""

from __future__ import annotations

from tricktaker.protocol.hand_strength import HandStrength, TableStatesFeatures

__all__ = ["FEATURES"]


FEATURES: HandStrength = TableStatesFeatures("win", lambda won: won == 1, by_seat=True)
