"""The record of one Klaverjas deal (§5.5): what the deal reports once it is over."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktaker.cards import Suit
from tricktaker.games.klaverjas.options import SEATS, TEAMS


@dataclass(frozen=True)
class KlaverjasResult:
    """The record of §5.5 for one deal. Team pairs are (N-S, E-W)."""

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
        return {
            "declarer": SEATS[self.declarer],
            "trump": self.trump.letter,
            "method": self.method,
            "playing_team": TEAMS[self.playing_team],
            "card_points": list(self.card_points),
            "roem": list(self.roem),
            "pit": list(self.pit),
            "total": list(self.total),
            "score": list(self.score),
            "made": self.made,
            "pit_team": None if self.pit_team is None else TEAMS[self.pit_team],
            "penalized_team": None if self.penalized_team is None else TEAMS[self.penalized_team],
        }
