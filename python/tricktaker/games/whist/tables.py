"""Whist's options as the core's tables: the rules table of a strain and the play state of a
deal; the family's ``SOLVER`` hook.

The solver (``tt.solve``): a deal's objective is ``"tricks"``, the tricks the side takes in the
remaining play. ``tt.dd_table`` takes a whist deal (as it was dealt, wherever its play has got
to), a PBN string or four hands, and gives ``[strain][declarer]`` tricks for the declarer's side
with the declarer's left-hand opponent on lead; strains S, H, D, C, NT and declarers N, E, S, W.
It is the core's own table, and ``tt.dd_tables`` of whist deals (of one deck size) runs in one
native batch.

Whist has no native playouts: the core's playout engines (``_core.GamePlayouts``) are one per
family and none plays whist, so ``tt.random_playouts`` raises ``tt.Unsupported``.

>>> import tricktaker as tt
>>> tt.dd_tables(["N:AK... QJ... T9... 87...", "N:87... T9... QJ... AK..."])[:, 4].tolist()
[[2, 0, 2, 0], [0, 2, 0, 2]]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker import _core
from tricktaker.cards import Card
from tricktaker.protocol.limits import NO_LIMITS, SearchLimits
from tricktaker.protocol.tables import CellValues, SolverBase, SolverTables, each_named

__all__ = ["SOLVER", "play_state", "rules_table"]


def rules_table(ranks_per_suit: int, trump: int) -> _core.RulesTable:
    """The rules table of a deck of ``ranks_per_suit`` ranks with ``trump`` (0..3, or -1 for
    no trump)."""
    return _core.whist_rules(trump, ranks_per_suit)


def play_state(
    hands: Sequence[int], trump: int, leader: int, ranks_per_suit: int
) -> _core.PlayState:
    """The play of four hands (N, E, S, W) with ``trump`` (-1 for no trump), ``leader`` on
    lead."""
    return _core.whist_state(hands, trump, leader, ranks_per_suit)


def _hands(deal: Any) -> tuple[list[int], int]:
    """Hands N, E, S, W and ranks per suit of a whist deal, PBN text or list of hands."""
    if isinstance(deal, str):
        hands = list(_core.parse_pbn(deal))
        return hands, int(_core.ranks_needed(hands))
    if hasattr(deal, "hands_dealt") and getattr(getattr(deal, "game", None), "name", "") == "whist":
        # The deal as it was dealt, wherever its play has got to (as every game's table is).
        return [int(h) for h in deal.hands_dealt], int(deal.game.options.ranks_per_suit)
    if isinstance(deal, Sequence) and len(deal) == 4:
        hands = [
            int(h) if isinstance(h, int) else sum(Card.parse(c).mask for c in h.split())
            for h in deal
        ]
        return hands, int(_core.ranks_needed(hands))
    raise TypeError("dd_table takes a whist deal, a PBN string or four hands")


class _Solver(SolverBase):
    reads_bare_hands = True

    def dd_table(
        self,
        deal: Any,
        objective: str | None,
        solver: _core.Solver,
        values: CellValues,
        limits: SearchLimits = NO_LIMITS,
    ) -> npt.NDArray[np.int32]:
        hands, ranks = _hands(deal)
        table = _core.whist_dd_table(hands, ranks, solver, **limits.left())
        return np.asarray(table, dtype=np.int32)

    def dd_tables(
        self,
        deals: Sequence[Any],
        objective: str | None,
        threads: int,
        memory_mb: int,
        limits: SearchLimits = NO_LIMITS,
    ) -> npt.NDArray[np.int32] | None:
        if objective not in (None, "tricks"):
            return None
        parsed = each_named("deal", deals, _hands)
        ranks = max(r for _, r in parsed)
        tables = _core.whist_dd_tables(
            [h for h, _ in parsed], ranks, threads=threads, memory_mb=memory_mb, **limits.left()
        )
        return np.asarray(tables, dtype=np.int32)


SOLVER: SolverTables = _Solver()
