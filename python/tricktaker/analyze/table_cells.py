"""Only the cells of double-dummy tables that a study reads, solved in native batches.

A family's double-dummy table (its ``SOLVER.dd_table``) hands the cells it wants valued, each a
``TableCell`` (a play, the side whose value it holds, the cell's objective context), to a
``values`` callback. ``table_plays`` passes one that records them instead of solving them: the
plays of every cell, exactly as the family's own table would solve them. ``solve_cells`` then
solves only the cells asked for, those of many deals together: grouped by their core
objective, one ``_core.solve_many`` batch per group on the solver's threads. A cell not asked
for holds ``NO_VALUE``.

A family whose table is the core's own (one native search that shares its work between the
cells, as whist's) hands out no cells: ``table_plays`` gives None and the caller solves whole
tables.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker import _core
from tricktaker.errors import Error
from tricktaker.protocol.tables import (
    GENERIC_OBJECTIVES,
    DealObjective,
    ObjectiveSpec,
    SolverTables,
    TableCell,
    TableRows,
)
from tricktaker.solve import DEFAULT_MEMORY_MB, NO_VALUE

__all__ = ["table_plays", "solve_cells"]

Cell = tuple[int, int]  # (row, column) of a table: the trump, and the side or seat


@functools.cache
def _unused_solver() -> _core.Solver:
    """The solver a family's table is given to hand its cells out with (it solves nothing)."""
    return _core.Solver(memory_mb=1)


def table_plays(deal: Any, tables: SolverTables) -> TableRows | None:
    """The cells of a deal's double-dummy table, unsolved, as the family's ``SOLVER`` builds
    them; None where the family's table is the core's own (no cells handed out to value, or
    handed out in several parts)."""
    handed: list[TableRows] = []

    def record(rows: TableRows) -> npt.NDArray[np.int32]:
        handed.append(rows)
        return np.full((len(rows), max(map(len, rows))), NO_VALUE, dtype=np.int32)

    tables.dd_table(deal, None, _unused_solver(), record)
    return handed[0] if len(handed) == 1 else None


def _spec(name: str, context: DealObjective, tables: SolverTables) -> ObjectiveSpec:
    if name in GENERIC_OBJECTIVES:
        return GENERIC_OBJECTIVES[name]
    if name in tables.objectives and name in context.own:
        return tables.objectives[name]
    raise Error(f"objective {name!r} is not one of this table's cells' objectives")


def _objective(
    deal: Any, cell: TableCell, objective: str | None, tables: SolverTables
) -> tuple[Hashable, _core.Objective]:
    """The core objective of a cell (``objective`` None: its game's default), and a key equal
    for equal objectives (cells with one key share a native batch)."""
    context = cell.objective or tables.objective(deal, cell.state)
    spec = _spec(objective or context.default, context, tables)
    arguments = dict(context.arguments)
    key: Hashable
    try:
        key = (spec.kind, cell.side, tuple(sorted(arguments.items())))
        hash(key)
    except TypeError:  # an argument the core gives as an object: a batch of its own
        key = ("cell", id(cell))
    return key, _core.Objective(kind=spec.kind, side=cell.side, **arguments)


def solve_cells(
    deals: Sequence[Any],
    plays: Sequence[TableRows],
    cells: Sequence[Sequence[Cell]],
    tables: SolverTables,
    *,
    objective: str | None = None,
    threads: int = 0,
    memory_mb: int = DEFAULT_MEMORY_MB,
) -> list[npt.NDArray[np.int32]]:
    """Each deal's table (``plays``: its cells from ``table_plays``) with only ``cells`` of it
    solved, for ``objective`` (None: the game's default); ``NO_VALUE`` elsewhere."""
    out = [np.full((len(rows), max(map(len, rows))), NO_VALUE, dtype=np.int32) for rows in plays]
    batches: dict[Hashable, tuple[_core.Objective, list[_core.PlayState], list[tuple[int, Cell]]]]
    batches = {}
    for index, (deal, rows, wanted) in enumerate(zip(deals, plays, cells, strict=True)):
        for row, column in wanted:
            cell = rows[row][column]
            if cell is None:
                continue  # a cell with no play (a seat not dealt in) keeps NO_VALUE
            key, core = _objective(deal, cell, objective, tables)
            batch = batches.setdefault(key, (core, [], []))
            batch[1].append(cell.state)
            batch[2].append((index, (row, column)))
    for core, states, where in batches.values():
        values = _core.solve_many(states, core, threads=threads, memory_mb=memory_mb)
        for (index, (row, column)), value in zip(where, values, strict=True):
            out[index][row, column] = int(value)
    return out
