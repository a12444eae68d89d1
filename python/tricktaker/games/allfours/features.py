"""All Fours and Pitch hands for the hand-strength study (the family's ``features``
capability).

Once the hands of the play are known (after begging, the auction and any discards), every
seat's hand is judged under every trump on its side's table (the deal's first leader leading,
the pitcher in Pitch), solved for the ``"margin"`` of game points: the side *makes* the deal
when it scores more game points than the others (for a Pitch bidder, after losing the bid when
set).
"""

from __future__ import annotations

from tricktaker.protocol.hand_strength import HandStrength, TableStatesFeatures

__all__ = ["FEATURES"]


FEATURES: HandStrength = TableStatesFeatures("margin", lambda margin: margin > 0)
