"""The record of one Klaverjas deal (§5.5): what the deal reports once it is over."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktaker.cards import Suit
from tricktaker.games.klaverjas.options import sides_json
from tricktaker.protocol.records import FilledRecord


@dataclass(frozen=True)
class KlaverjasResult(FilledRecord):
    """The record of §5.5 for one deal. Team pairs are (N-S, E-W), by side id; seats are seat
    ids (0 to 3 = N, E, S, W)."""

    declarer: int
    trump: Suit
    method: str
    playing_team: int
    card_points: tuple[int, int]
    roem: tuple[int, int]
    pit: tuple[int, int]
    total: tuple[int, int]
    score: tuple[int, int]
    made: bool
    pit_team: int | None
    penalized_team: int | None

    @property
    def nat(self) -> bool:
        return not self.made

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``schema.py``): the common result fields, then the record's own."""
        return {
            "game": "klaverjas",
            "sides": sides_json(),
            "score": list(self.score),
            "declarer": self.declarer,
            "trump": self.trump.letter,
            "method": self.method,
            "playing_team": self.playing_team,
            "card_points": list(self.card_points),
            "roem": list(self.roem),
            "pit": list(self.pit),
            "total": list(self.total),
            "made": self.made,
            "pit_team": self.pit_team,
            "penalized_team": self.penalized_team,
        }
