"""Klaverjas's options as the core's tables: the rules table of a trump, the playout engine and
the solver's scoring; the family's ``SOLVER`` and ``PLAYOUTS`` hooks.

The solver (``tt.solve``): a deal's default objective is ``"points"``, the playing team's
points as the deal scoring counts them (card points, the last-trick bonus, roem and the pit
bonus); the family adds ``"made"``: 1 if the side wins the deal (the playing team makes it, or
for the defenders, the playing team goes nat), else 0. ``tt.dd_table`` of a deal is
``[trump][playing team]`` with forehand on lead, trumps S, H, D, C and playing teams N-S, E-W:
the playing team's points with ``objective="points"`` (the default), or 1 if it makes the deal
with ``objective="made"`` (or ``"margin"``).

Playouts (``tt.random_playouts``; 4 seats N E S W, teams N-S = 0, E-W = 1): forehand (after the
dealer) leads; ``declarer`` is the seat that chose trump (uniform). Columns ``score``,
``card_points``, ``roem``, ``pit`` (n, 2) int16 per team (``klaverjas_score``: card points sum
to 162; the scores sum to 162 + roem + pit), ``made`` (bool: the declarer's team made it),
``pit_team`` (int8, -1 for none). Roem is credited as under ``roem_claim = "auto"``.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker import _core
from tricktaker.errors import Error
from tricktaker.games.klaverjas.options import KlaverjasOptions
from tricktaker.protocol.base import Game
from tricktaker.protocol.limits import NO_LIMITS, SearchLimits
from tricktaker.protocol.tables import (
    CellValues,
    DealObjective,
    ObjectiveSpec,
    PlayoutDefaults,
    PlayoutRoles,
    PlayoutTables,
    SolverBase,
    SolverTables,
    TableCell,
)

__all__ = ["PLAYOUTS", "SOLVER", "playout_engine", "rules_table", "scoring_arguments"]

TEAM_SIDES = [0, 1, 0, 1]  # N-S against E-W
TABLE_OBJECTIVES = ("points", "made", "margin")


def rules_table(options: KlaverjasOptions | None, trump: int) -> _core.RulesTable:
    """The rules table of a deal with ``trump`` (0..3) under these options (the default
    options' without them)."""
    options = options or KlaverjasOptions()
    return _core.klaverjas_rules(
        trump,
        rotterdam=options.play_rules == "rotterdam",
        undertrump_compulsory=options.undertrump_when_cannot_overtrump == "compulsory",
    )


def scoring_arguments(options: KlaverjasOptions | None, playing_team: int) -> dict[str, Any]:
    """The ``_core.Objective`` arguments of the deal scoring, ``playing_team`` playing, under
    these options (the default options' without them)."""
    options = options or KlaverjasOptions()
    return {
        "scoring": _core.Scoring.KLAVERJAS,
        "playing_team": playing_team,
        "pit_for_any_team": options.pit_bonus_for == "any_team",
        "tie_is_nat": options.tie_is_nat,
    }


def playout_engine(options: KlaverjasOptions) -> _core.KlaverjasPlayouts:
    """The native playout batch of a game under these options."""
    return _core.KlaverjasPlayouts(
        rotterdam=options.play_rules == "rotterdam",
        undertrump_compulsory=options.undertrump_when_cannot_overtrump == "compulsory",
        pit_for_any_team=options.pit_bonus_for == "any_team",
        tie_is_nat=options.tie_is_nat,
    )


@functools.lru_cache(maxsize=256)
def _deal_objective(options: KlaverjasOptions | None, playing_team: int) -> DealObjective:
    """A deal's objective context, one object for each set of options and playing team (the
    solver keeps what it makes of a context on it)."""
    return DealObjective("points", scoring_arguments(options, playing_team), frozenset({"made"}))


class _Solver(SolverBase):
    objectives = {
        "made": ObjectiveSpec(
            _core.ObjectiveKind.KLAVERJAS_MADE,
            "a Klaverjas deal",
            "1 if the side wins the deal (the playing team makes it, or for the defenders, "
            "the playing team goes nat), else 0",
        )
    }

    def objective(self, deal: Any, state: _core.PlayState) -> DealObjective:
        return _deal_objective(deal.options, deal.declarer % 2)

    def dd_table(
        self,
        deal: Any,
        objective: str | None,
        solver: _core.Solver,
        values: CellValues,
        limits: SearchLimits = NO_LIMITS,
    ) -> npt.NDArray[np.int32]:
        """``[trump][playing team]``: every trump with each team playing, forehand leading."""
        if objective not in (None, *TABLE_OBJECTIVES):
            raise Error("a Klaverjas table's objective is points, margin or made")
        options = deal.options
        hands = [sum(c.mask for c in h) for h in deal.hands_dealt]
        rows = []
        for trump in range(4):
            state = _core.PlayState(rules_table(options, trump), hands, TEAM_SIDES, deal.forehand)
            rows.append(
                [
                    TableCell(
                        state,
                        team,
                        DealObjective(
                            "points", scoring_arguments(options, team), frozenset({"made"})
                        ),
                    )
                    for team in range(2)
                ]
            )
        return values(rows)


class _Playouts:
    def engine(self, game: Game) -> _core.GamePlayouts:
        options: Any = game.options
        return playout_engine(options)

    def defaults(self, game: Game) -> PlayoutDefaults:
        return PlayoutDefaults(draws_declarer=True, dealer_leads=False)

    def position_roles(self, deal: Any, engine: _core.GamePlayouts) -> PlayoutRoles:
        return PlayoutRoles(deal.declarer, deal.dealer, 0)


SOLVER: SolverTables = _Solver()
PLAYOUTS: PlayoutTables = _Playouts()
