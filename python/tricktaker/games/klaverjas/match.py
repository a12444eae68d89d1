"""The Klaverjas match: a game of 16 deals (or the ``game_end`` rule) with dealer rotation and
running totals (§1.5, §5.6), or the 48-deal tournament with rotating partners (§5.7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktaker import _core
from tricktaker.cards import Suit
from tricktaker.errors import Error
from tricktaker.games.klaverjas.deal import KlaverjasDeal, first_dealer
from tricktaker.games.klaverjas.options import (
    DEAL_POINTS,
    NUM_SEATS,
    SEATS,
    TEAMS,
    KlaverjasOptions,
    team_of,
)
from tricktaker.games.klaverjas.result import KlaverjasResult
from tricktaker.protocol.base import Action, Event, Game, Match

# Drawn-trump pile (§2.3, D10): five cards per suit, drawn without replacement.
PILE_PER_SUIT = 5

# Partnerships of the 48-deal tournament (§5.7): players 0..3 are P1..P4, seated N, E, S, W.
ROTATION_SEATING = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))


@dataclass(frozen=True)
class KlaverjasStandings:
    """Running or final standings of a game (or the 48-deal tournament)."""

    team_scores: tuple[int, int]  # current game, (N-S, E-W)
    deals_played: int
    over: bool
    winner: str | None  # "NS", "EW", "draw" (single game) or "P1".. (tournament), None if open
    player_totals: tuple[int, int, int, int] | None = None  # tournament only
    ranking: tuple[tuple[str, ...], ...] | None = None  # tournament: groups sharing a place

    def to_dict(self) -> dict[str, Any]:
        return {
            "team_scores": list(self.team_scores),
            "deals_played": self.deals_played,
            "over": self.over,
            "winner": self.winner,
            "player_totals": None if self.player_totals is None else list(self.player_totals),
            "ranking": None if self.ranking is None else [list(g) for g in self.ranking],
        }


def game_is_over(game_end: str, scores: list[int] | tuple[int, int], deals: int) -> bool:
    """The end rule of §5.6: after N deals, or once a team reaches P points with no tie."""
    kind, _, number = game_end.partition(":")
    limit = int(number)
    if kind == "deals":
        return deals >= limit
    return max(scores) >= limit and scores[0] != scores[1]


def tournament_standings(
    game_scores: list[list[int]] | list[tuple[int, int]],
) -> tuple[tuple[int, int, int, int], tuple[tuple[str, ...], ...]]:
    """Individual totals of P1..P4 over the rotation of §5.7, and the ranking (groups of
    players sharing a place, best first)."""
    totals = [0, 0, 0, 0]
    for g, scores in enumerate(game_scores):
        for seat, player in enumerate(ROTATION_SEATING[g]):
            totals[player] += scores[team_of(seat)]
    ranking = tuple(
        tuple(f"P{p + 1}" for p in range(4) if totals[p] == value)
        for value in sorted(set(totals), reverse=True)
    )
    return (totals[0], totals[1], totals[2], totals[3]), ranking


def score_sheet_is_consistent(ns_total: int, ew_total: int, deals: int) -> bool:
    """The game-total invariant of §5.9: after n deals the two totals sum to 162 n plus a
    multiple of 10 (every roem value and the pit bonus are multiples of 10)."""
    total = ns_total + ew_total
    return total >= DEAL_POINTS * deals and (total - DEAL_POINTS * deals) % 10 == 0


class KlaverjasMatch(Match):
    """A game of 16 deals with dealer rotation and running totals (§1.5, §5.6), or the 48-deal
    tournament with rotating partners (§5.7). Seats of ``to_move`` and ``apply`` are players
    P1..P4 as 0..3; in a single game they are the seats N, E, S, W.
    """

    deal: KlaverjasDeal  # the deal in play (the last one once the match is over)

    def __init__(self, game: Game, setup: dict[str, Any]) -> None:
        self.game = game
        self.options: KlaverjasOptions = game.options
        self.log = []
        self._setup = setup
        self._rng = _core.Rng(setup["seed"])
        self.games_total = 3 if self.options.match_format == "rotating_partners_48" else 1
        self.game_index = 0
        self.results: list[list[KlaverjasResult]] = [[]]
        self.game_scores: list[list[int]] = [[0, 0]]
        self._pile: list[Suit] = []
        self._dealer = 0
        self._over = False
        self._start_game()

    # --- deal sequencing ----------------------------------------------------------------

    def _start_game(self) -> None:
        self._dealer = first_dealer(self.options, self._rng)
        self._new_deal()

    def _seating(self) -> tuple[int, ...]:
        """Player at each seat N, E, S, W in the current game."""
        return ROTATION_SEATING[self.game_index] if self.games_total == 3 else (0, 1, 2, 3)

    def _proposed_suit(self) -> Suit | None:
        if self.options.trump_selection != "drawn":
            return None
        first = self.game_index == 0 and not self.results[0]
        if first and self.options.drawn_first_deal_clubs:
            return Suit.CLUBS
        if self.options.drawn_suit_source == "persistent_pile":
            if not self._pile:
                pile = [s for s in Suit for _ in range(PILE_PER_SUIT)]
                self._pile = [pile[i] for i in self._rng.shuffled(list(range(len(pile))))]
            return self._pile.pop()
        return Suit(self._rng.below(4))

    def _new_deal(self) -> None:
        proposed = self._proposed_suit()
        deal = self.game.new_deal(
            seed=int(self._rng.next() >> 1), dealer=self._dealer, proposed_suit=proposed
        )
        # The match knows its game as the protocol's Game (game.py builds matches, so this
        # module cannot import it); the game's deals are this family's.
        assert isinstance(deal, KlaverjasDeal)
        self.deal = deal

    def _deal_finished(self) -> None:
        result = self.deal.result()
        assert result is not None
        self.results[self.game_index].append(result)
        scores = self.game_scores[self.game_index]
        scores[0] += result.score[0]
        scores[1] += result.score[1]
        if game_is_over(self.options.game_end, scores, len(self.results[self.game_index])):
            if self.game_index + 1 < self.games_total:
                self.game_index += 1
                self.results.append([])
                self.game_scores.append([0, 0])
                self._start_game()
            else:
                self._over = True
            return
        self._dealer = (self._dealer + 1) % NUM_SEATS
        self._new_deal()

    # --- the protocol -------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return "over" if self._over else self.deal.phase

    @property
    def to_move(self) -> int | None:
        if self._over or self.deal.to_move is None:
            return None
        return self._seating()[self.deal.to_move]

    def seat_of(self, player: int) -> int:
        """The seat (0..3 = N, E, S, W) where a player sits in the current game."""
        return self._seating().index(player)

    def seat_name(self, seat: int) -> str:
        return f"P{seat + 1}" if self.games_total == 3 else SEATS[seat]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self._over:
            return []
        player = self.to_move if seat is None else seat
        if player is None:
            return []
        return self.deal.legal_actions(self.seat_of(player))

    def _accepts_extra(self, action: Action, seat: int) -> bool:
        return self.deal._accepts_extra(action, self.seat_of(seat))

    def _apply(self, action: Action, seat: int) -> Event:
        event = self.deal._apply(action, self.seat_of(seat))
        self.deal.log.append((self.seat_of(seat), str(action)))
        if self.deal.is_over:
            self._deal_finished()
        return event

    def observation(self, seat: int) -> dict[str, Any]:
        """The deal's observation of the seat where player ``seat`` sits (seats in it are the
        deal's, N, E, S, W by id; once the match is over, the last deal's), with the player
        and the match: the game and deal numbers, this game's team scores by side id and the
        player at each seat."""
        if not 0 <= seat < NUM_SEATS:
            raise Error(f"not a player: {seat!r}; players are 0..3")
        obs = self.deal.observation(self.seat_of(seat))
        obs.update(
            {
                "player": seat,
                "match": {
                    "game": self.game_index + 1,
                    "games": self.games_total,
                    "deal": len(self.results[self.game_index]) + (0 if self._over else 1),
                    "team_scores": list(self.game_scores[self.game_index]),
                    "seating": list(self._seating()),
                    "over": self._over,
                },
            }
        )
        return obs

    def result(self) -> KlaverjasStandings:
        scores = self.game_scores[self.game_index]
        deals = sum(len(r) for r in self.results)
        if self.games_total == 1:
            winner = None
            if self._over:
                winner = "draw" if scores[0] == scores[1] else TEAMS[scores.index(max(scores))]
            return KlaverjasStandings((scores[0], scores[1]), deals, self._over, winner)
        totals, ranking = tournament_standings(self.game_scores)
        winner = None
        if self._over:
            winner = "/".join(ranking[0])
        return KlaverjasStandings(
            (scores[0], scores[1]),
            deals,
            self._over,
            winner,
            totals,
            ranking,
        )

    def __repr__(self) -> str:
        return f"<KlaverjasMatch game={self.game_index + 1} phase={self.phase}>"
