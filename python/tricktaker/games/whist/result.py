"""The result of one whist deal: the tricks each partnership won."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktaker.games.whist.options import sides_json


@dataclass(frozen=True)
class WhistResult:
    """Tricks won by N-S and E-W (by side id)."""

    tricks: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON: the common fields (the score is the tricks of each side) and
        the game's own ``tricks``, the same count under the name the result has always had."""
        return {
            "game": "whist",
            "sides": sides_json(),
            "score": list(self.tricks),
            "tricks": list(self.tricks),
        }
