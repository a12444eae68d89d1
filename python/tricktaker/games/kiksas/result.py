"""The settlement of one Kiksas or Trikiksis deal: what the deal reports once it is over (the
figures awarded and the next deal, §3.10, §4.6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktaker.games.kiksas.options import PAIRS, SEATS, seats_of
from tricktaker.protocol.records import FilledRecord


def _seat_id(name: str | None) -> int | None:
    return None if name is None else SEATS.index(name)


@dataclass(frozen=True)
class KiksasResult(FilledRecord):
    """The settlement of one deal. Sides are pairs (AC, BD) in Kiksas; in Trikiksis side 0 is
    the active player (the writer or writing-off player, or the Akis player) and side 1 the
    others.

    The attributes name seats, pairs and players by their letters (``dealer == "B"``,
    ``writing_pair == "AC"``); ``to_dict()`` is the JSON form of the schema, by seat and side
    ids."""

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
    game: str = "kiksas"
    # The deal's sides by side id, as its observation shows them: {"name", "seats"} each.
    sides: tuple[dict[str, Any], ...] = ()

    @property
    def score(self) -> list[int]:
        """The figures the deal gives each side, by side id: the pair's in Kiksas, each
        player's of the side in Trikiksis (every figure is a penalty)."""
        side_of = {seat: k for k, side in enumerate(self.sides) for seat in side["seats"]}
        score = [0] * len(self.sides)
        for award in self.figures:
            # In Trikiksis each player of the side receives the count: the side's score is it.
            score[side_of[seats_of(award["to"])[0]]] = award["count"]
        return score

    def to_dict(self) -> dict[str, Any]:
        side_seats = [list(side["seats"]) for side in self.sides]
        return {
            "game": self.game,
            "sides": [{"name": s["name"], "seats": list(s["seats"])} for s in self.sides],
            "score": self.score,
            "deal_type": self.deal_type,
            "dealer": _seat_id(self.dealer),
            "first": _seat_id(self.first),
            "trump": self.trump,
            "akis": None
            if self.akis is None
            else {**self.akis, "player": _seat_id(self.akis["player"])},
            "writing_pair": None if self.writing_pair is None else PAIRS.index(self.writing_pair),
            "active_player": _seat_id(self.active_player),
            "points": list(self.points),
            "tricks": list(self.tricks),
            "player_points": list(self.player_points),
            "reached_at": list(self.reached_at),
            "race_winner": None
            if self.race_winner is None
            else side_seats.index(seats_of(self.race_winner)),
            "outcome": self.outcome,
            "figures": [{**f, "to": seats_of(f["to"])} for f in self.figures],
            "next_type": self.next_type,
            "next_dealer": _seat_id(self.next_dealer),
            "next_targets": None if self.next_targets is None else list(self.next_targets),
            "clubs_queen_holder": _seat_id(self.clubs_queen_holder),
        }
