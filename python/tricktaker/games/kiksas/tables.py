"""Kiksas's and Trikiksis's options as the core's tables: the rules table of a trump, the deal
context the options fix and the playout engine; the family's ``SOLVER`` and ``PLAYOUTS`` hooks.

The solver (``tt.solve``): a deal with an Akis defaults to the family's objective ``"akis"``: 1
if the side wins the Akis (the Akis player's side takes every trick, none in a misère Akis, or
the other side breaks it). A writing-off deal without Akis defaults to ``"race"``: 1 if the side
reaches its target first. Other deals default to ``"points"``. ``tt.dd_table`` of a deal is
``[trump][side]``, the trump queen's holder leading it: the side's points, or in a writing-off
deal 1 if the side wins the race to its target.

Playouts (``tt.random_playouts``): a writing deal (§3.6, §4.5) with a uniform trump; the
trump-queen holder leads (the queen itself under ``first_lead = "trump_queen"``). ``declarer`` is
the writer (uniform): in Kiksas his pair (A-C = 0, B-D = 1) writes, in Trikiksis he plays alone
(side 0) against the other two (side 1). Columns ``points`` (sum 138) and ``tricks`` (n, 2) per
side, ``player_points`` (n, seats), and ``kiksas_evaluate``'s ``outcome`` (1 written, 2 the
writer's egg, 3 the writing-off side's sweep under ``egg_to_W``), ``figure_side``,
``figure_kind`` (0 none, 1 stroke, 2 egg, 3 cross) and ``figure_count``. A deal in progress is
evaluated with its own context (type, targets, calls).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktaker import _core
from tricktaker.errors import Error
from tricktaker.games.kiksas.options import KiksasOptions
from tricktaker.protocol.base import Game
from tricktaker.protocol.tables import (
    DealObjective,
    ObjectiveSpec,
    PlayoutDefaults,
    PlayoutRoles,
    PlayoutTables,
    SolverBase,
    SolverTables,
    plain_objective,
)

__all__ = [
    "PLAYOUTS",
    "SOLVER",
    "akis_arguments",
    "option_context",
    "playout_engine",
    "race_arguments",
    "rules_table",
]


def rules_table(options: KiksasOptions | None, trump: int) -> _core.RulesTable:
    """The rules table of a deal with ``trump`` (0..3, or -1 for a no-trump Akis) under these
    options (the core's defaults without options)."""
    return _core.kiksas_rules(
        trump,
        must_overtrump=bool(options and options.must_overtrump),
        must_head_in_suit=bool(options and options.must_head_in_suit),
        partner_exemption=bool(options and options.partner_exemption),
    )


def option_context(options: KiksasOptions) -> _core.KiksasDealContext:
    """The core's deal context with what the options fix (the end of a writing-off deal, the
    sweeps' eggs, Akis play-out, Trikiksis's "Su dviem" strokes); a deal adds its type,
    sides, targets and calls."""
    context = _core.KiksasDealContext()
    context.writing_off_end_when_decided = options.writing_off_end == "end_when_decided"
    context.sweep_egg_to_o = options.writing_pair_sweep_in_writing_off_deal == "egg_to_O"
    context.sweep_egg_to_w = options.writing_off_pair_sweep_in_writing_deal == "egg_to_W"
    context.akis_play_out = options.akis_play_out
    if options.variant == "trikiksis" and options.trikiksis_su_dviem_success == "one_each":
        context.su_dviem_made_strokes = 1
    return context


def playout_engine(options: KiksasOptions) -> _core.KiksasPlayouts:
    """The native playout batch of a game under these options (a writing deal)."""
    return _core.KiksasPlayouts(
        trikiksis=options.variant == "trikiksis",
        must_overtrump=options.must_overtrump,
        must_head_in_suit=options.must_head_in_suit,
        partner_exemption=options.partner_exemption,
        forced_first_lead=options.first_lead == "trump_queen",
        options=option_context(options),
    )


def akis_arguments(kind: _core.AkisKind, akis_side: int) -> dict[str, Any]:
    """The ``_core.Objective`` arguments of a deal with an Akis of ``akis_side``."""
    return {"akis": kind, "akis_side": akis_side}


def race_arguments(targets: Sequence[int]) -> dict[str, Any]:
    """The ``_core.Objective`` arguments of a writing-off deal's race to its two targets."""
    return {"kiksas_targets": tuple(targets)}


class _Solver(SolverBase):
    objectives = {
        "race": ObjectiveSpec(
            _core.ObjectiveKind.KIKSAS_RACE,
            "a Kiksas or Trikiksis writing-off deal without Akis",
            "1 if the side reaches its target first, else 0",
        ),
        "akis": ObjectiveSpec(
            _core.ObjectiveKind.KIKSAS_AKIS,
            "a Kiksas or Trikiksis deal with an Akis",
            "1 if the side wins the Akis (the Akis player's side takes every trick, none in a "
            "misère Akis, or the other side breaks it), else 0",
        ),
    }

    def objective(self, deal: Any, state: _core.PlayState) -> DealObjective:
        if deal.akis is not None:  # won or lost on tricks: every one of them, or none
            context = deal.context()
            arguments = akis_arguments(context.akis, context.akis_side)
            return DealObjective("akis", arguments, frozenset({"akis"}))
        if deal.deal_type == "writing_off" and deal.targets:
            return DealObjective("race", race_arguments(deal.targets), frozenset({"race"}))
        return plain_objective(state)


class _Playouts:
    def engine(self, game: Game) -> _core.GamePlayouts:
        options: Any = game.options
        return playout_engine(options)

    def defaults(self, game: Game) -> PlayoutDefaults:
        return PlayoutDefaults(draws_declarer=True, dealer_leads=False)

    def position_roles(self, deal: Any, engine: _core.GamePlayouts) -> PlayoutRoles:
        assert isinstance(engine, _core.KiksasPlayouts)
        context = deal.context()
        if context.last_lead_declined:
            raise Error("the last lead was declined: the deal is over, with no card to play")
        engine.set_context(context)
        return PlayoutRoles(-1, deal.dealer, 0)


SOLVER: SolverTables = _Solver()
PLAYOUTS: PlayoutTables = _Playouts()
