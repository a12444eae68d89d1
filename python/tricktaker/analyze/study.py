"""Hand strength at double dummy: with which hands does the side that plays make the deal?

``hand_strength(game, deals, seed)`` deals ``deals`` deals, solves each one's double-dummy table
in native batches on every core's threads and returns one row per hand the table judges (the
game's ``features`` capability, ``tricktaker.protocol.hand_strength``). Where the features read
only some cells of a table (a Klaverjas study reads forehand's team's column), only those are
solved (``tricktaker.analyze.table_cells``); ``every_cell=True`` solves whole tables
(``tt.dd_tables``), the reference the rows are the same as.

========== ==========================================================================
column     meaning
========== ==========================================================================
deal       the deal's number in the study (0-based)
seed       the seed it was dealt from (``deal_seed(seed, deal)``)
seat       the seat whose hand is judged
trump      the trump suit: S, H, D or C
trumps     trumps held (cards whose effective suit is trump)
high_cards cards among the three strongest of their effective suit
points     card points held (0 in a game without card points)
made       whether the hand's side makes the deal at double dummy
value      the table's cell the hand was judged from: the value of the study's objective
           (the family's ``features`` names it: 0 or 1 for a ``made`` or ``win`` objective,
           the side's points minus the others' for ``margin``, tricks for ``tricks``)
========== ==========================================================================

A deal whose table needs the hands of the play (after an auction, begging or discards) is
brought there by seeded random legal actions (``random.Random(seed)``), so the rows depend only
on ``seed``: the same rows whatever the number of threads or the batch size.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
import numpy.typing as npt

from tricktaker.analyze.table_cells import solve_cells, table_plays
from tricktaker.errors import Error
from tricktaker.labels import require_pandas
from tricktaker.protocol.base import Deal, Game, check_seed
from tricktaker.protocol.family import capability
from tricktaker.protocol.hand_strength import HandStrength, hand_features
from tricktaker.protocol.tables import SolverTables
from tricktaker.registry import load
from tricktaker.sim import deal_seed
from tricktaker.solve import dd_tables

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COLUMNS", "FEATURES", "StudyRun", "hand_strength", "ready_deal"]

T = TypeVar("T")

SUITS = ("S", "H", "D", "C")
FEATURES = ("trumps", "high_cards", "points")
COLUMNS = ("deal", "seed", "seat", "hand", "trump", *FEATURES, "made", "value")
BATCH = 2000  # deals per native batch: big enough to keep every thread busy
MAX_ACTIONS = 500  # a deal that needs more actions than this to reach its play is refused


@dataclass(frozen=True)
class StudyRun:
    """A finished study: its rows, and how long it took."""

    game: str
    deals: int
    seed: int
    seconds: float
    rows: pd.DataFrame

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else float("inf")


def ready_deal(game: Game, seed: int, features: HandStrength) -> Deal:
    """Deal ``seed``, played on by random legal actions (drawn from ``seed``) until its table
    is ready."""
    deal = game.new_deal(seed=seed)
    chooser = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if features.ready(deal):
            return deal
        if deal.is_over:
            break
        deal.apply(chooser.choice(deal.legal_actions()))
    raise Error(f"{game.name}: deal {seed} did not reach a double-dummy table")


def _deck(rules: Any) -> int:
    deck = 0
    for suit in range(4):
        deck |= rules.suit_cards(suit)
    return deck


def _batches(deals: int, size: int) -> Iterator[range]:
    for first in range(0, deals, size):
        yield range(first, min(deals, first + size))


def _every(items: list[T | None]) -> list[T] | None:
    """The items, or None if one of them is None."""
    return None if any(item is None for item in items) else [i for i in items if i is not None]


def _tables(
    deals: list[Deal],
    features: HandStrength,
    solver: SolverTables,
    threads: int,
    every_cell: bool,
) -> Sequence[npt.NDArray[np.int32]]:
    """The deals' tables: only the cells the features read where they say which and the
    family's table hands its cells out, else whole tables."""
    if not every_cell:
        wanted = _every([features.cells(deal) for deal in deals])
        plays = _every([table_plays(deal, solver) for deal in deals]) if wanted else None
        if wanted is not None and plays is not None:
            return solve_cells(
                deals, plays, wanted, solver, objective=features.objective, threads=threads
            )
    return list(dd_tables(deals, objective=features.objective, threads=threads))


def hand_strength(
    game: Game | str,
    deals: int,
    seed: int = 1,
    *,
    threads: int = 0,
    batch: int = BATCH,
    progress: Callable[[int, int], None] | None = None,
    every_cell: bool = False,
) -> StudyRun:
    """The rows of a hand-strength study over ``deals`` deals (module docstring);
    ``every_cell``: solve whole tables, even where the features read only some cells."""
    if isinstance(game, str):
        game = load(game)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise Error(f"deals must be a whole number >= 1, got {deals!r}")
    seed = check_seed(seed)
    features: HandStrength = capability(game.name, "features")
    solver: SolverTables = capability(game.name, "solver")
    columns: dict[str, list[Any]] = {name: [] for name in COLUMNS}
    start = time.perf_counter()
    for indices in _batches(deals, batch):
        seeds = [deal_seed(seed, i) for i in indices]
        batch_deals = [ready_deal(game, s, features) for s in seeds]
        tables = _tables(batch_deals, features, solver, threads, every_cell)
        for i, s, deal, table in zip(indices, seeds, batch_deals, tables, strict=True):
            for case in features.cases(deal, table):
                values = hand_features(case.hand, case.rules, _deck(case.rules))
                for name, value in (
                    ("deal", i),
                    ("seed", s),
                    ("seat", case.seat),
                    ("hand", case.hand),
                    ("trump", SUITS[case.trump]),
                    *values.items(),
                    ("made", case.made),
                    ("value", case.value),
                ):
                    columns[name].append(value)
        if progress is not None:
            progress(indices.stop, deals)
    pd = require_pandas()
    rows = pd.DataFrame(columns)
    rows["seed"] = rows["seed"].astype(np.uint64)
    rows["hand"] = rows["hand"].astype(np.uint64)
    rows["trump"] = pd.Categorical(rows["trump"], categories=SUITS)
    return StudyRun(game.name, deals, seed, time.perf_counter() - start, rows)
