"""The Kiksas and Trikiksis match: deal after deal by the dealing order (§3.10, §4.6) until a
pair (Kiksas) or a player (Trikiksis) has ``figures_to_lose`` figures; the score sheet."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tricktaker import _core
from tricktaker.games.kiksas.deal import KiksasDeal, first_dealer
from tricktaker.games.kiksas.options import PAIRS, SEATS, KiksasOptions, seat_index, seats_of
from tricktaker.games.kiksas.result import KiksasResult
from tricktaker.protocol.base import Action, Event, Game, Match


@dataclass
class FigureCount:
    """The figures of one pair (Kiksas) or player (Trikiksis)."""

    strokes: int = 0
    eggs: int = 0
    crosses: int = 0

    @property
    def total(self) -> int:
        return self.strokes + self.eggs + self.crosses

    def add(self, kind: str, count: int) -> None:
        setattr(self, kind, getattr(self, kind) + count)

    def to_dict(self) -> dict[str, int]:
        return {
            "strokes": self.strokes,
            "eggs": self.eggs,
            "crosses": self.crosses,
            "total": self.total,
        }


def figures_json(figures: Mapping[str, Mapping[str, int]]) -> list[dict[str, Any]]:
    """The figures of each pair or player as the JSON forms give them: a list of the counts,
    each with the ``seats`` of the pair or player that holds them."""
    return [{"seats": seats_of(holder), **counts} for holder, counts in figures.items()]


@dataclass(frozen=True)
class KiksasStandings:
    """The score sheet: figures per pair (Kiksas) or player (Trikiksis triangle), the rows of
    writing points, and the figures log.

    ``figures``, ``winners`` and ``losers`` name pairs and players by their seats' letters
    ("AC", "B"); ``to_dict()`` is the JSON form, by seat ids, as ``writing_rows`` and
    ``figures_log`` already are."""

    figures: dict[str, dict[str, int]]
    deals_played: int
    over: bool
    winners: tuple[str, ...]
    losers: tuple[str, ...]
    writing_rows: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    figures_log: tuple[dict[str, Any], ...] = field(default_factory=tuple)

    def to_dict(self) -> dict[str, Any]:
        return {
            "figures": figures_json(self.figures),
            "deals_played": self.deals_played,
            "over": self.over,
            "winners": [seats_of(w) for w in self.winners],
            "losers": [seats_of(w) for w in self.losers],
            "writing_rows": [dict(r) for r in self.writing_rows],
            "figures_log": [dict(r) for r in self.figures_log],
        }


def match_winners(
    figures: dict[str, FigureCount], limit: int, tiebreak: str = "shared"
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Winners and losers once somebody has ``limit`` figures (§3.9, §4.8, D31); two empty
    tuples while the match goes on."""
    losers = tuple(k for k, v in figures.items() if v.total >= limit)
    if not losers:
        return (), ()
    fewest = min(v.total for v in figures.values())
    winners = [k for k, v in figures.items() if v.total == fewest]
    if len(winners) > 1 and tiebreak == "fewest_eggs":
        eggs = min(figures[k].eggs for k in winners)
        winners = [k for k in winners if figures[k].eggs == eggs]
    return tuple(winners), losers


class KiksasMatch(Match):
    """A match to 12 figures (``figures_to_lose``): deal after deal by the dealing order of
    §3.10 / §4.6. Seats are the players A, B, C(, D) as 0..n-1."""

    deal: KiksasDeal  # the deal in play (the last one once the match is over)

    def __init__(self, game: Game, setup: dict[str, Any]) -> None:
        self.game = game
        self.options: KiksasOptions = game.options
        self.log = []
        self._setup = setup
        self.n = self.options.num_seats
        self.seed: int = setup["seed"]
        names = PAIRS if self.n == 4 else SEATS[: self.n]
        self.figures: dict[str, FigureCount] = {k: FigureCount() for k in names}
        self.results: list[KiksasResult] = []
        self.writing_rows: list[dict[str, Any]] = []
        self.figures_log: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []  # the match's own: MatchEnded
        self._over = False
        self._new_deal("first", first_dealer(self.options, _core.Rng(self.seed)), None)

    def _deal_seed(self) -> int:
        index = len(self.results) + 1
        mixed = (self.seed + 0x9E3779B97F4A7C15 * index) % 2**64
        return int(_core.Rng(mixed).next() >> 1)

    def _new_deal(self, deal_type: str, dealer: int, targets: tuple[int, int] | None) -> None:
        deal = self.game.new_deal(
            seed=self._deal_seed(),
            deal_type=deal_type,
            dealer=dealer,
            targets=None if targets is None else list(targets),
            deal_no=len(self.results) + 1,
        )
        # The match knows its game as the protocol's Game (game.py builds matches, so this
        # module cannot import it); the game's deals are this family's.
        assert isinstance(deal, KiksasDeal)
        self.deal = deal

    def _deal_finished(self) -> None:
        result = self.deal.result()
        assert result is not None
        self.results.append(result)
        no = len(self.results)
        if result.akis is None and result.deal_type in ("first", "writing"):
            # The rows of the sheet in the JSON form: the pairs' points by side id (Kiksas),
            # or the writer's seat id and points against the others' (Trikiksis).
            if self.n == 4:
                self.writing_rows.append({"deal": no, "points": list(result.points)})
            else:
                assert result.active_player is not None
                self.writing_rows.append(
                    {
                        "deal": no,
                        "writer": SEATS.index(result.active_player),
                        "writer_points": result.points[0],
                        "others": result.points[1],
                    }
                )
        for award in result.figures:
            self.figures[award["to"]].add(award["kind"], award["count"])
            self.figures_log.append(
                {"deal": no, **award, "to": seats_of(award["to"]), "reason": result.outcome}
            )
        winners, _ = match_winners(
            self.figures, self.options.figures_to_lose, self.options.trikiksis_tiebreak
        )
        if winners:
            self._over = True
            self.events.append(
                {
                    "type": "MatchEnded",
                    # The seats of each winner: a pair, or the players sharing the win.
                    "winner": [seats_of(w) for w in winners],
                    "figures": figures_json({k: v.to_dict() for k, v in self.figures.items()}),
                }
            )
            return
        self._new_deal(result.next_type, SEATS.index(result.next_dealer), result.next_targets)

    # --- the protocol -------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return "over" if self._over else self.deal.phase

    @property
    def to_move(self) -> int | None:
        return None if self._over else self.deal.to_move

    def seat_name(self, seat: int) -> str:
        return SEATS[seat]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self._over:
            return []
        return self.deal.legal_actions(seat)

    def _apply(self, action: Action, seat: int) -> Event:
        event = self.deal._apply(action, seat)
        self.deal.log.append((seat, str(action)))
        if self.deal.is_over:
            self._deal_finished()
            if self._over:
                event.detail["events"] = list(event.detail["events"]) + self.events[-1:]
        return event

    def observation(self, seat: int | str) -> dict[str, Any]:
        s = seat_index(seat, self.n)
        obs = self.deal.observation(s)
        obs["match"] = {
            "deal": len(self.results) + (0 if self._over and self.deal.is_over else 1),
            "figures": figures_json({k: v.to_dict() for k, v in self.figures.items()}),
            "figures_to_lose": self.options.figures_to_lose,
            "writing_rows": [dict(r) for r in self.writing_rows],
            "over": self._over,
            "events": [dict(e) for e in self.events],
            "result": self.result().to_dict() if self._over else None,
        }
        return obs

    def result(self) -> KiksasStandings:
        winners, losers = match_winners(
            self.figures, self.options.figures_to_lose, self.options.trikiksis_tiebreak
        )
        return KiksasStandings(
            figures={k: v.to_dict() for k, v in self.figures.items()},
            deals_played=len(self.results),
            over=self._over,
            winners=winners,
            losers=losers,
            writing_rows=tuple(dict(r) for r in self.writing_rows),
            figures_log=tuple(dict(r) for r in self.figures_log),
        )

    def __repr__(self) -> str:
        return f"<KiksasMatch deal={len(self.results) + 1} phase={self.phase}>"
