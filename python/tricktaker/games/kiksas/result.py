"""The settlement of one Kiksas or Trikiksis deal: what the deal reports once it is over (the
figures awarded and the next deal, §3.10, §4.6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class KiksasResult:
    """The settlement of one deal. Sides are pairs (AC, BD) in Kiksas; in Trikiksis side 0 is
    the active player (the writer or writing-off player) and side 1 the coalition."""

    deal_type: str
    dealer: str
    first: str
    trump: str | None
    akis: dict[str, Any] | None
    writing_pair: str | None  # Kiksas: the writing pair W
    active_player: str | None  # Trikiksis: the writer, or the writing-off player
    points: tuple[int, int]
    tricks: tuple[int, int]
    player_points: tuple[int, ...]
    reached_at: tuple[int, int]
    race_winner: str | None
    outcome: str
    figures: tuple[dict[str, Any], ...]  # {"to": pair or player, "kind", "count"} each
    next_type: str
    next_dealer: str
    next_targets: tuple[int, int] | None
    clubs_queen_holder: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal_type": self.deal_type,
            "dealer": self.dealer,
            "first": self.first,
            "trump": self.trump,
            "akis": self.akis,
            "writing_pair": self.writing_pair,
            "active_player": self.active_player,
            "points": list(self.points),
            "tricks": list(self.tricks),
            "player_points": list(self.player_points),
            "reached_at": list(self.reached_at),
            "race_winner": self.race_winner,
            "outcome": self.outcome,
            "figures": [dict(f) for f in self.figures],
            "next_type": self.next_type,
            "next_dealer": self.next_dealer,
            "next_targets": None if self.next_targets is None else list(self.next_targets),
            "clubs_queen_holder": self.clubs_queen_holder,
        }
