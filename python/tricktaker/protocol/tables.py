"""The core tables of a game family: the kit of its ``tables.py``, and what its ``SOLVER`` and
``PLAYOUTS`` hooks are.

A family's options become the C++ core's tables in one place, ``games/<family>/tables.py``: the
rules table of each trump (``_core.*_rules``), the native playout engine (``_core.*Playouts``)
and the solver objective's scoring arguments (``_core.Objective(...)``, ``_core.Scoring``).
The family's own deal code, its bots and the generic layers take them from there, so an option
is read into the core's terms once per game.

The same module exposes the family's two analysis hooks:

* ``SOLVER`` (a ``SolverTables``): the family's own solver objectives, the default objective and
  the core ``Objective`` arguments of one of its deals, the names it shows for its sides, the
  plays that start before the first card fixes trump, and its double-dummy table. ``tt.solve``,
  ``tt.solve_many``, ``tt.dd_table`` and ``tt.dd_tables`` ask it. ``SolverBase`` gives the
  defaults a family overrides where it differs.
* ``PLAYOUTS`` (a ``PlayoutTables``): the native playout engine built from a game's options,
  the roles a given deal takes by default, and the roles and context of a deal in progress.
  ``tt.random_playouts``, ``tt.playouts_from_deals`` and ``tt.playouts_from_position`` ask it.

One hook object serves every variant of a family: it reads the game's options (or name) where
the variants differ.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, TypeAlias, TypeVar

import numpy as np
import numpy.typing as npt

from tricktaker import _core
from tricktaker.errors import Unsupported
from tricktaker.protocol.base import Game
from tricktaker.protocol.limits import NO_LIMITS, SearchLimits

__all__ = [
    "GENERIC_OBJECTIVES",
    "CellValues",
    "DealObjective",
    "ObjectiveSpec",
    "PlayoutDefaults",
    "PlayoutRoles",
    "PlayoutTables",
    "SolverBase",
    "SolverTables",
    "TableCell",
    "TableRows",
    "each_named",
    "named",
    "plain_objective",
]

_T = TypeVar("_T")


@dataclass(frozen=True)
class ObjectiveSpec:
    """A solver objective: the core's kind, which deals have it and what it counts."""

    kind: _core.ObjectiveKind
    needs: str  # the deals that have it, as an error names them ("a Kirves deal")
    doc: str


# The objectives of every game; a family's SOLVER adds its own (SolverTables.objectives).
GENERIC_OBJECTIVES: dict[str, ObjectiveSpec] = {
    "tricks": ObjectiveSpec(
        _core.ObjectiveKind.TRICKS, "any deal", "tricks the side takes in the remaining play"
    ),
    "points": ObjectiveSpec(
        _core.ObjectiveKind.POINTS,
        "any deal",
        "points the side takes in the remaining play (card points, bonuses), or the game's "
        "own scoring of them",
    ),
    "margin": ObjectiveSpec(
        _core.ObjectiveKind.MARGIN, "any deal", "the side's points minus the other side's"
    ),
}


@dataclass(frozen=True)
class DealObjective:
    """What a deal of a game adds to the solver's objective: its default objective, the extra
    ``_core.Objective`` arguments of its scoring, and which of its family's own objectives
    this deal has (a Kiksas race only in a writing-off deal, for example)."""

    default: str
    arguments: Mapping[str, Any] = field(default_factory=dict)
    own: frozenset[str] = frozenset()
    # The solver's core objectives made from this context, by (objective, side): a family that
    # hands out one DealObjective per set of options has them made once, not on every call.
    # Filled by tricktaker.solve only; a context belongs to one family's SOLVER.
    prepared: dict[tuple[str | None, int | None], tuple[_core.Objective, str]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )


def _has_points(state: _core.PlayState) -> bool:
    rules = state.rules
    if rules.last_trick_bonus or rules.trick_bonus != _core.TrickBonus.NONE:
        return True
    return any(rules.points(c) for c in _core.mask_to_ids(rules.deck))


def plain_objective(state: _core.PlayState) -> DealObjective:
    """The objective of a play with no scoring of its game: points where its cards or tricks
    count any, else tricks."""
    return DealObjective("points" if _has_points(state) else "tricks")


@dataclass(frozen=True)
class TableCell:
    """One cell of a double-dummy table: a play, the side whose value it holds, and the cell's
    own objective context where it is not the deal's (a table over playing teams)."""

    state: _core.PlayState
    side: int
    objective: DealObjective | None = None


TableRows: TypeAlias = Sequence[Sequence[TableCell | None]]  # None: a cell with no play


class CellValues(Protocol):
    """The solver's values of a table's cells, for the objective asked (given by tt.solve)."""

    def __call__(self, rows: TableRows) -> npt.NDArray[np.int32]: ...


class SolverTables(Protocol):
    """A family's ``SOLVER`` hook: what ``tt.solve`` and ``tt.dd_table`` need of its deals."""

    @property
    def objectives(self) -> Mapping[str, ObjectiveSpec]:
        """The family's own objectives, beyond ``GENERIC_OBJECTIVES``."""
        ...

    @property
    def reads_bare_hands(self) -> bool:
        """Whether ``tt.dd_table`` takes bare hands (PBN text, a list of hands) as this
        family's deals."""
        ...

    def objective(self, deal: Any, state: _core.PlayState) -> DealObjective:
        """The default objective and the scoring arguments of a deal (its play state given)."""
        ...

    def side_names(self, deal: Any) -> Sequence[str]:
        """The names the game shows for the sides, by side number; empty where the game names
        a side by its seats."""
        ...

    def first_card_states(self, deal: Any) -> list[_core.PlayState]:
        """Before a first card that fixes trump: the play that each suit the leader can lead
        starts (each card is valued in its suit's play); otherwise none."""
        ...

    def dd_table(
        self,
        deal: Any,
        objective: str | None,
        solver: _core.Solver,
        values: CellValues,
        limits: SearchLimits = NO_LIMITS,
    ) -> npt.NDArray[np.int32]:
        """The double-dummy table of a deal as it was dealt (see ``tt.dd_table``): its cells
        valued by ``values`` (which keeps to ``limits``), or a table of the core's own within
        ``limits``."""
        ...

    def dd_tables(
        self,
        deals: Sequence[Any],
        objective: str | None,
        threads: int,
        memory_mb: int,
        limits: SearchLimits = NO_LIMITS,
    ) -> npt.NDArray[np.int32] | None:
        """The tables of many deals in one native batch (``limits.max_nodes`` for each deal's
        table, the deadline for the batch), or None where the family has none (they are then
        valued one by one on a pool of threads)."""
        ...


class SolverBase:
    """The defaults of a ``SolverTables``: no objectives of its own, the plain objective, sides
    named by their seats, trump known before the first card, and the table of the cells that
    the deal's ``dd_table_states()`` gives."""

    objectives: Mapping[str, ObjectiveSpec] = {}
    reads_bare_hands = False

    def objective(self, deal: Any, state: _core.PlayState) -> DealObjective:
        return plain_objective(state)

    def side_names(self, deal: Any) -> Sequence[str]:
        return ()

    def first_card_states(self, deal: Any) -> list[_core.PlayState]:
        return []

    def dd_table(
        self,
        deal: Any,
        objective: str | None,
        solver: _core.Solver,
        values: CellValues,
        limits: SearchLimits = NO_LIMITS,
    ) -> npt.NDArray[np.int32]:
        states = getattr(deal, "dd_table_states", None)
        if states is None:
            raise Unsupported(f"{deal.game.name} has no double-dummy table")
        rows = [[None if cell is None else TableCell(*cell) for cell in row] for row in states()]
        return values(rows)

    def dd_tables(
        self,
        deals: Sequence[Any],
        objective: str | None,
        threads: int,
        memory_mb: int,
        limits: SearchLimits = NO_LIMITS,
    ) -> npt.NDArray[np.int32] | None:
        return None


@dataclass(frozen=True)
class PlayoutDefaults:
    """The roles ``tt.playouts_from_deals`` gives a deal that comes without them."""

    draws_declarer: bool  # the game has a role seat, drawn uniformly (else -1)
    dealer_leads: bool  # the dealer leads the first trick (else the seat after him)
    bid: int = 0  # the contract of an auction game


class PlayoutRoles(NamedTuple):
    """The roles a playout's evaluation takes: the role seat (-1 none), dealer and bid."""

    declarer: int
    dealer: int
    bid: int


class PlayoutTables(Protocol):
    """A family's ``PLAYOUTS`` hook: its native playout engine and the roles of its deals."""

    def engine(self, game: Game) -> _core.GamePlayouts:
        """The core's playout batch for a game and its options (rules tables built once)."""
        ...

    def defaults(self, game: Game) -> PlayoutDefaults:
        """The roles a given deal of the game takes where the caller gives none."""
        ...

    def position_roles(self, deal: Any, engine: _core.GamePlayouts) -> PlayoutRoles:
        """The roles of a deal in its play phase; where the evaluation needs more (the deal's
        own roles or context), they are set on ``engine``."""
        ...


def named(kind: str, index: int, fn: Callable[[Any], _T], item: Any) -> _T:
    """fn(item), its ValueError (IllegalAction too) or TypeError naming the item of a batch."""
    try:
        return fn(item)
    except (ValueError, TypeError) as exc:
        try:
            renamed = type(exc)(f"{kind} {index}: {exc}")
        except Exception:  # an exception type that takes other arguments: left as it is
            raise exc from None
        raise renamed from exc


def each_named(kind: str, items: Sequence[Any], fn: Callable[[Any], _T]) -> list[_T]:
    """fn of every item of a batch, an error naming the item (``deal 3: ...``)."""
    return [named(kind, i, fn, item) for i, item in enumerate(items)]
