"""Kirves's options as the core's tables: the rules table of a trump and the playout engine;
the family's ``SOLVER`` and ``PLAYOUTS`` hooks.

The solver (``tt.solve``): the family adds the objective ``"win"``, a deal's default: 1 if the
winning player of the deal (three tricks, first to two, or the last trick) is on the side, else
0. ``tt.dd_table`` of a deal is ``[trump][trump maker]`` with every seat playing and eldest
leading: 1 if the maker alone wins the deal against everyone else (``NO_VALUE`` for a seat not
dealt in).

Playouts (``tt.random_playouts``; ``num_players`` seats, five cards each, a normal deal): the
eldest leads; ``declarer`` is the trump maker (uniform), alone against the rest (no folding, no
turned card). Columns ``winner`` (the seat that won, R9.1), ``win_rule`` (1 three tricks, 2
first to two, 3 last trick), ``winning_side`` (0 the trump maker, 1 the others),
``trump_maker_won`` (bool), ``marks`` and ``tricks`` (n, seats) int8 (``kirves_outcome``). A
deal in progress is evaluated with its own roles, of any kind.
"""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.games.kirves.options import KirvesOptions
from tricktaker.protocol.base import Game
from tricktaker.protocol.tables import (
    DealObjective,
    ObjectiveSpec,
    PlayoutDefaults,
    PlayoutRoles,
    PlayoutTables,
    SolverBase,
    SolverTables,
)

__all__ = ["PLAYOUTS", "SOLVER", "playout_engine", "rules_table"]


def rules_table(options: KirvesOptions | None, trump: int) -> _core.RulesTable:
    """The rules table of a deal with ``trump`` (0..3) under these options (the core's
    defaults without options)."""
    if options is None:
        return _core.kirves_rules(trump)
    return _core.kirves_rules(
        trump,
        overtake_required=options.overtake_required,
        overtake_exempts_partner=options.overtake_exempts_partner,
        must_trump_when_void=options.must_trump_when_void,
    )


def playout_engine(options: KirvesOptions) -> _core.KirvesPlayouts:
    """The native playout batch of a game under these options."""
    assert options.num_players is not None  # a loaded game always has its player count
    return _core.KirvesPlayouts(
        options.num_players,
        overtake_required=options.overtake_required,
        overtake_exempts_partner=options.overtake_exempts_partner,
        must_trump_when_void=options.must_trump_when_void,
        folded_players_score_with_side=options.folded_players_score_with_side,
    )


class _Solver(SolverBase):
    objectives = {
        "win": ObjectiveSpec(
            _core.ObjectiveKind.KIRVES_WIN,
            "a Kirves deal",
            "1 if the winning player of the deal (three tricks, first to two, or the last "
            "trick) is on the side, else 0",
        )
    }

    def objective(self, deal: Any, state: _core.PlayState) -> DealObjective:
        return DealObjective("win", {}, frozenset({"win"}))


class _Playouts:
    def engine(self, game: Game) -> _core.GamePlayouts:
        options: Any = game.options
        return playout_engine(options)

    def defaults(self, game: Game) -> PlayoutDefaults:
        return PlayoutDefaults(draws_declarer=True, dealer_leads=False)

    def position_roles(self, deal: Any, engine: _core.GamePlayouts) -> PlayoutRoles:
        assert isinstance(engine, _core.KirvesPlayouts)
        engine.set_roles(deal.roles())
        maker = deal.trump_maker
        return PlayoutRoles(-1 if maker is None else maker, deal.dealer, 0)


SOLVER: SolverTables = _Solver()
PLAYOUTS: PlayoutTables = _Playouts()
