"""The result of one whist deal: the tricks each partnership won."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class WhistResult:
    """Tricks won by N-S and E-W."""

    tricks: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {"tricks": list(self.tricks)}
