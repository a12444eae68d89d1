"""The match of Kirves: legs, keppi, kirves (R10) and tournament points (R11).

The match makes its deals itself, from set-ups its own standings give (the dealer, the players
who have not escaped, their marks and keppis); ``KirvesGame`` makes matches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktaker import _core
from tricktaker.games.kirves.deal import KirvesDeal, first_dealer
from tricktaker.games.kirves.options import SEAT_NAMES, KirvesOptions, seat_index
from tricktaker.games.kirves.result import KirvesResult
from tricktaker.games.kirves.state import FIRST_DEALER_DRAW, MARKS_TO_ESCAPE, OVER, mix_seed
from tricktaker.protocol.base import Action, Event, Game, Match

CHOOSE_DEALER = "choose_dealer"


@dataclass(frozen=True)
class KirvesStandings:
    """Where a game (or a session of games) stands."""

    marks: tuple[int, ...]  # in the current leg
    escaped: tuple[int, ...]  # seats out of the current leg
    keppis: tuple[int, ...]  # in the current game
    game: int  # 1-based index of the current game
    games: int
    legs: int  # legs finished in the current game
    deals: int  # deals finished in the session (every outcome)
    kirves: tuple[int, ...]  # the seat that got the kirves, per finished game
    keppis_total: tuple[int, ...]  # over the session
    kirves_total: tuple[int, ...]
    points: tuple[int, ...]  # tournament points (all zero without tournament_scoring)
    ranking: tuple[tuple[int, ...], ...]  # R11.7: groups of seats sharing a place
    over: bool

    def to_dict(self) -> dict[str, Any]:
        """The standings as JSON, every seat as its id and every per-seat list by seat id."""
        return {
            "marks": list(self.marks),
            "escaped": list(self.escaped),
            "keppis": list(self.keppis),
            "game": self.game,
            "games": self.games,
            "legs": self.legs,
            "deals": self.deals,
            "kirves": list(self.kirves),
            "keppis_total": list(self.keppis_total),
            "kirves_total": list(self.kirves_total),
            "points": list(self.points),
            "ranking": [list(group) for group in self.ranking],
            "over": self.over,
        }


def rank_players(
    points: list[int] | tuple[int, ...],
    kirves: list[int] | tuple[int, ...],
    keppis: list[int] | tuple[int, ...],
) -> tuple[tuple[int, ...], ...]:
    """R11.7: highest points first, then fewer kirves, then fewer keppis; ties share a place."""
    key = {p: (-points[p], kirves[p], keppis[p]) for p in range(len(points))}
    groups: list[tuple[int, ...]] = []
    for k in sorted(set(key.values())):
        groups.append(tuple(p for p in range(len(points)) if key[p] == k))
    return tuple(groups)


class KirvesMatch(Match):
    """A game of Kirves to the kirves (or a session of several games): deals, marks and
    escapes, keppis and new legs with the keppi holder choosing the dealer, the kirves.
    Players are the seats 0..n-1."""

    def __init__(self, game: Game, setup: dict[str, Any]) -> None:
        options: KirvesOptions = game.options
        assert options.num_players is not None
        self.game = game
        self.options = options
        self.log = []
        self._setup = setup
        n: int = options.num_players
        self.num_players = n
        self.games_total: int = setup["games"]
        self.game_index = 0
        self.marks = list(setup.get("marks") or [0] * n)
        self.keppis = list(setup.get("keppis") or [0] * n)
        self.keppis_total = list(self.keppis)
        self.kirves_total = [0] * n
        self.kirves_holders: list[int] = []
        self.points = [0] * n
        self.legs = 0
        self.results: list[KirvesResult] = []
        self._deals_started = 0
        self._over = False
        self._keppi_holder: int | None = None
        self.deal: KirvesDeal
        dealer = setup.get("dealer")
        if dealer is None:
            dealer = first_dealer(
                self.options, _core.Rng(mix_seed(setup["seed"], FIRST_DEALER_DRAW))
            )
        self._dealer: int = dealer
        if self.marks[self._dealer] >= MARKS_TO_ESCAPE:
            self._dealer = self._next_active(self._dealer)
        self._new_deal(examined=True)

    # --- deal sequencing ----------------------------------------------------------------

    def active(self) -> list[int]:
        """Players who have not escaped the current leg."""
        return [p for p in range(self.num_players) if self.marks[p] < MARKS_TO_ESCAPE]

    def _next_active(self, seat: int) -> int:
        for k in range(1, self.num_players + 1):
            s = (seat + k) % self.num_players
            if self.marks[s] < MARKS_TO_ESCAPE:
                return s
        raise AssertionError("nobody is active")

    def _new_deal(self, *, examined: bool) -> None:
        """The next deal, as ``KirvesGame.new_deal`` would make it from these arguments: the
        match's standings always make a valid set-up (at least two players active, the dealer
        among them)."""
        seed = mix_seed(self._setup["seed"], self._deals_started)
        self._deals_started += 1
        setup: dict[str, Any] = {
            "seed": seed >> 1,
            "dealer": self._dealer,
            "participants": self.active(),
            "marks": list(self.marks),
            "examined_cut": examined,
            "keppis": list(self.keppis),
        }
        self.deal = KirvesDeal(self.game, setup)

    def _deal_finished(self) -> None:
        r = self.deal.result()
        assert r is not None
        self.results.append(r)
        if r.same_dealer_next:
            self._new_deal(examined=r.next_cut_examined)
            return
        if r.completed:
            o = self.options
            for p in range(self.num_players):
                self.marks[p] = min(MARKS_TO_ESCAPE, self.marks[p] + r.marks[p])
                self.points[p] += r.points[p]
            if r.kirves is not None:
                # R10.3: the kirves instead of a second keppi; the game ends.
                loser = r.kirves
                self.legs += 1
                self.kirves_total[loser] += 1
                self.kirves_holders.append(loser)
                if o.tournament_scoring:
                    self.points[loser] += o.points_kirves
                    if o.kirves_penalty_mode == "add":
                        self.points[loser] += o.points_keppi
                self._game_over(loser)
                return
            if r.keppi is not None:
                # R10.2, R10.4: a keppi; a new leg, whose dealer the keppi holder chooses.
                loser = r.keppi
                self.legs += 1
                self.keppis[loser] += 1
                self.keppis_total[loser] += 1
                if o.tournament_scoring:
                    self.points[loser] += o.points_keppi
                self.marks = [0] * self.num_players
                self._keppi_holder = loser
                return
        self._dealer = self._next_active(self._dealer)
        self._new_deal(examined=True)

    def sync(self) -> None:
        """Take account of a deal that was played to its end directly (``match.deal.apply``)
        rather than through the match, as a simulation does; the match's own log then lacks
        those actions, so such a match does not round-trip through JSON."""
        if not self._over and self._keppi_holder is None and self.deal.is_over:
            self._deal_finished()

    def _game_over(self, loser: int) -> None:
        if self.game_index + 1 >= self.games_total:
            self._over = True
            return
        # R10.6: the kirves recipient deals first in the next game.
        self.game_index += 1
        self.marks = [0] * self.num_players
        self.keppis = [0] * self.num_players
        self.legs = 0
        self._dealer = loser
        self._new_deal(examined=True)

    # --- the protocol -------------------------------------------------------------------

    @property
    def phase(self) -> str:
        if self._over:
            return OVER
        if self._keppi_holder is not None:
            return CHOOSE_DEALER
        return self.deal.phase

    @property
    def to_move(self) -> int | None:
        if self._over:
            return None
        if self._keppi_holder is not None:
            return self._keppi_holder
        return self.deal.to_move

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self._over:
            return []
        player = self.to_move if seat is None else seat
        if player is None:
            return []
        if self._keppi_holder is not None:
            if player != self._keppi_holder:
                return []
            names = [f"dealer:{SEAT_NAMES[p]}" for p in range(self.num_players)]
            return [Action.call("dealer")] + [Action.call(a) for a in names]
        return self.deal.legal_actions(player)

    def _apply(self, action: Action, seat: int) -> Event:
        if self._keppi_holder is not None:
            holder = self._keppi_holder
            if ":" in action.name:
                dealer = SEAT_NAMES.index(action.name.split(":", 1)[1])
            elif self.options.keppi_holder_default_dealer == "self":
                dealer = holder
            else:
                dealer = (holder + 1) % self.num_players
            self._keppi_holder = None
            self._dealer = dealer
            self._new_deal(examined=True)
            return Event(seat, str(action), CHOOSE_DEALER, {"dealer": dealer})
        event = self.deal._apply(action, seat)
        self.deal.log.append((seat, str(action)))
        if self.deal.is_over:
            self._deal_finished()
        return event

    def observation(self, seat: int | str) -> dict[str, Any]:
        """The observation of the current deal (the last one once the match is over) with the
        match's phase, seat to move and legal actions, its standings (``match``) and the
        keppi holder who is to choose the next dealer (``keppi_holder``, else None)."""
        s = seat_index(seat, self.num_players)
        obs = self.deal.observation(s)
        obs["legal_actions"] = [str(a) for a in self.legal_actions(s)]
        obs["phase"] = self.phase
        obs["to_move"] = self.to_move
        obs["match"] = self.result().to_dict()
        obs["keppi_holder"] = self._keppi_holder
        return obs

    def result(self) -> KirvesStandings:
        escaped = tuple(p for p in range(self.num_players) if self.marks[p] >= MARKS_TO_ESCAPE)
        return KirvesStandings(
            marks=tuple(self.marks),
            escaped=escaped,
            keppis=tuple(self.keppis),
            game=self.game_index + 1,
            games=self.games_total,
            legs=self.legs,
            deals=len(self.results),
            kirves=tuple(self.kirves_holders),
            keppis_total=tuple(self.keppis_total),
            kirves_total=tuple(self.kirves_total),
            points=tuple(self.points),
            ranking=rank_players(self.points, self.kirves_total, self.keppis_total),
            over=self._over,
        )

    def __repr__(self) -> str:
        return f"<KirvesMatch game={self.game_index + 1} phase={self.phase}>"
