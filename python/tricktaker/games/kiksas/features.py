"""Kiksas and Trikiksis hands for the hand-strength study (the family's ``features``
capability).

Every seat's hand is judged under every trump, on the table of its side (the trump queen's
holder leading), solved for the ``"margin"``: the side *makes* the deal when it takes more card
points than the other side at double dummy.
"""

from __future__ import annotations

from tricktaker.protocol.hand_strength import HandStrength, TableStatesFeatures

__all__ = ["FEATURES"]


FEATURES: HandStrength = TableStatesFeatures("margin", lambda margin: margin > 0)
