"""Double-dummy analysis: what a position is worth when every hand is known and everyone
plays their best, and what each legal card is worth.

The search is the C++ solver (``_core.Solver``); this module picks the objective of the game
and turns positions and results into friendly values.

Objectives (``objectives()`` lists every one with what it counts):

* ``"tricks"``: tricks the side takes in the remaining play (the default of games without card
  points);
* ``"points"``: points the side takes in the remaining play (the default of games with card
  points), or what the game's own scoring makes of them (a Klaverjas deal's pit bonus, All
  Fours's game points of the whole deal);
* ``"margin"``: the side's points minus the other side's;
* and each family's own, for its deals: ``"made"`` (Klaverjas), ``"win"`` (Kirves), ``"race"``
  and ``"akis"`` (Kiksas and Trikiksis). A family's ``tables`` module
  (``tricktaker.games.<family>.tables``) documents its objectives and its double-dummy table.

The side is the side of the seat to move unless ``side=`` names one: by number (0 = N-S, 1 = E-W
in a game of partnerships N-S and E-W), as the game shows it (``"NS"``, ``"A"``), by a seat's
name (that seat's side) or by its seats' names run together (``"AC"``).

>>> import tricktaker as tt
>>> game = tt.load("whist", ranks_per_suit=8)
>>> deal = game.position_from_pbn("N:AK.7.. QJ.8.. T9.9.. 87.T..", trump="NT", leader="N")
>>> result = tt.solve(deal)
>>> result.value, result.cards  # N-S cash two spades; W's ten of hearts takes a trick
(2, {'KS': 2, 'AS': 2, '7H': 2})
>>> print(tt.solve(deal, side="EW").table())
value 1 (tricks, side 1)
   KS    1  *
   AS    1  *
   7H    1  *
>>> tt.dd_table(deal)[4].tolist()  # no trump, declarers N E S W
[2, 1, 2, 1]
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal, overload

import numpy as np
import numpy.typing as npt

from tricktaker import _core
from tricktaker.cards import Card
from tricktaker.errors import Error
from tricktaker.labels import SUITS, game_labels
from tricktaker.protocol.family import capability
from tricktaker.protocol.limits import NO_LIMITS, SearchLimits
from tricktaker.protocol.tables import (
    GENERIC_OBJECTIVES,
    DealObjective,
    ObjectiveSpec,
    SolverTables,
    TableRows,
    each_named,
    named,
    plain_objective,
)
from tricktaker.registry import families
from tricktaker.results import LabelledArray

DEFAULT_MEMORY_MB = 32
NO_VALUE = -32768  # a table cell with no play (a seat not dealt in), a card not legal

# A position: a deal of any game (anything with play_state()) or a _core.PlayState.
Position = Any


def _family_objectives() -> dict[str, ObjectiveSpec]:
    """Every family's own objectives (the first family to name one keeps it)."""
    found: dict[str, ObjectiveSpec] = {}
    for family in families().values():
        if family.has("solver"):
            tables: SolverTables = family.get("solver")
            for name, spec in tables.objectives.items():
                found.setdefault(name, spec)
    return found


def objectives() -> dict[str, str]:
    """Every objective the solver knows, with what it counts: the generic ones of every game,
    then each family's own."""
    every = {**GENERIC_OBJECTIVES, **_family_objectives()}
    return {name: spec.doc for name, spec in every.items()}


# Every objective's name (``tuple(objectives())``), given by __getattr__ below.
OBJECTIVES: tuple[str, ...]


def __getattr__(name: str) -> Any:
    # OBJECTIVES is read from the family records when first asked for, so that importing this
    # module loads no family's tables.
    if name == "OBJECTIVES":
        return tuple(objectives())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _unknown_objective(objective: str) -> ValueError:
    return ValueError(f"unknown objective {objective!r}; objectives: {', '.join(objectives())}")


@dataclass(frozen=True)
class Solution:
    """The value of a position and of each legal card, for ``side``."""

    value: int
    side: int
    objective: str
    cards: dict[str, int]
    nodes: int
    # where the player to move may fold (All Fours folding), the value of folding
    fold: int | None = None

    @property
    def best(self) -> list[Card]:
        """The legal cards that reach the value."""
        return [Card.parse(c) for c, v in self.cards.items() if v == self.value]

    def table(self) -> str:
        """A text table: the value, then each card (and a fold) with its value (best first)."""
        lines = [f"value {self.value} ({self.objective}, side {self.side})"]
        moves = dict(self.cards)
        if self.fold is not None:
            moves["fold"] = self.fold
        # Best first for the player to move: the value is the best move's, so a mover playing
        # against the side (the value below some card's) prefers the lowest.
        against = bool(moves) and self.value < max(moves.values())
        for move, v in sorted(moves.items(), key=lambda kv: kv[1] if against else -kv[1]):
            lines.append(f"  {move:>3} {v:>4}" + ("  *" if v == self.value else ""))
        return "\n".join(lines)


def _side(
    side: int | str | None,
    position: Any = None,
    state: _core.PlayState | None = None,
    tables: SolverTables | None = None,
) -> int:
    """The objective's side: a side number (also as text, "1"), a seat's name ("B": that seat's
    side), the names of a side's seats run together ("AC"), the name the game shows for a side
    ("A"), or NS / EW."""
    if side is None:
        return -1
    if isinstance(side, str):
        key = side.strip().upper().replace("-", "")
        if key.isdigit():
            return int(key)
        seats = _seats_named(key, position, state)
        if seats and state is not None and len({state.side(p) for p in seats}) == 1:
            return int(state.side(seats[0]))
        shown = _shown_side_names(position, tables)
        if key in shown:
            return shown.index(key)
        if key in ("NS", "EW"):
            return 0 if key == "NS" else 1
    elif not isinstance(side, bool) and isinstance(side, int) and side >= 0:
        return side
    raise ValueError(f"not a side: {side!r}; sides are {_side_names(position, state, tables)}")


def _shown_side_names(position: Any, tables: SolverTables | None) -> list[str]:
    if tables is None:
        return []
    return [str(name).upper() for name in tables.side_names(position)]


def _seat_names(position: Any, state: _core.PlayState | None) -> list[str]:
    if state is None or not hasattr(position, "seat_name"):
        return []
    return [str(position.seat_name(p)).upper() for p in range(state.num_players)]


def _seats_named(key: str, position: Any, state: _core.PlayState | None) -> list[int]:
    """The seats whose names, run together, spell `key` (empty if they do not)."""
    names = _seat_names(position, state)
    seats: list[int] = []
    while key and names:
        match = max(
            (p for p, name in enumerate(names) if key.startswith(name)),
            key=lambda p: len(names[p]),
            default=None,
        )
        if match is None:
            return []
        seats.append(match)
        key = key[len(names[match]) :]
    return seats if not key else []


def _side_names(position: Any, state: _core.PlayState | None, tables: SolverTables | None) -> str:
    names = _seat_names(position, state)
    if not names or state is None:
        return "NS and EW (or 0 and 1)"
    sides = sorted({int(state.side(p)) for p in range(len(names))})
    shown = _shown_side_names(position, tables)
    spelled = [f"{shown[k] if k < len(shown) else _seats_of(k, names, state)} ({k})" for k in sides]
    return f"{' and '.join(spelled)}, or a seat's name ({', '.join(names)})"


def _seats_of(side: int, names: list[str], state: _core.PlayState) -> str:
    """A side's seats' names run together ("AC")."""
    return "".join(n for p, n in enumerate(names) if state.side(p) == side)


# The SOLVER of each game a deal names (family lookups cost a call at one trick from the end
# a tenth of its time); filled as games are met.
_TABLES_BY_GAME: dict[str, SolverTables] = {}


def _solver_tables(position: Position) -> SolverTables:
    """The SOLVER of a deal's family; for bare hands (PBN text, a list of hands), of the family
    that reads them."""
    name = getattr(getattr(position, "game", None), "name", None)
    if isinstance(name, str):
        known = _TABLES_BY_GAME.get(name)
        if known is None:
            known = _TABLES_BY_GAME[name] = capability(position, "solver")
        return known
    if isinstance(position, (str, Sequence)):
        for family in families().values():
            if family.has("solver"):
                tables: SolverTables = family.get("solver")
                if tables.reads_bare_hands:
                    return tables
        raise TypeError("no game reads bare hands: give a deal")
    found: SolverTables = capability(position, "solver")
    return found


def _deal_tables(position: Position) -> SolverTables | None:
    """The SOLVER of a deal's family; None for a PlayState or anything that is not a deal."""
    if isinstance(position, _core.PlayState) or not hasattr(position, "play_state"):
        return None
    return _solver_tables(position)


def _limits(max_nodes: int | None, time_limit: float | None) -> SearchLimits:
    """SearchLimits.of, without its checks where no limit is given (most calls)."""
    if max_nodes is None and time_limit is None:
        return NO_LIMITS
    return SearchLimits.of(max_nodes, time_limit)


@functools.lru_cache(maxsize=1024)
def _cached_objective(
    kind: Any, side: int, arguments: tuple[tuple[str, Any], ...]
) -> _core.Objective:
    return _core.Objective(kind=kind, side=side, **dict(arguments))


def _core_objective(kind: Any, side: int, arguments: dict[str, Any]) -> _core.Objective:
    """The core objective, made once for each set of arguments: building one cost a call at
    one trick from the end a quarter of its time. The solver only reads it."""
    key = tuple(arguments.items())
    try:
        hash(key)
    except TypeError:  # an argument that is a list: made anew
        return _core.Objective(kind=kind, side=side, **arguments)
    return _cached_objective(kind, side, key)


def _prepare(
    position: Position,
    objective: str | None,
    side: int | str | None,
    state: _core.PlayState | None = None,
    context: DealObjective | None = None,
    tables: SolverTables | None = None,
) -> tuple[_core.PlayState, _core.Objective, str]:
    """The play state (the position's own unless given) and the core objective for a position
    of any game (with ``context``, a table cell's own objective context instead of the
    deal's; ``tables``, the deal's SOLVER where the caller has it already)."""
    if isinstance(position, _core.PlayState):
        tables = None
        state = position
        game = plain_objective(state)
    elif hasattr(position, "play_state"):
        if tables is None:
            tables = _solver_tables(position)
        state = position.play_state() if state is None else state
        game = context if context is not None else tables.objective(position, state)
    else:
        raise TypeError(
            f"cannot solve a {type(position).__name__}: give a deal (with play_state()) "
            "or a PlayState"
        )
    # A side given as a number (or none) names the same side in every position: what the
    # context makes of the objective is then kept on it.
    memo_key: tuple[str | None, int | None] | None = None
    if side is None or (isinstance(side, int) and not isinstance(side, bool) and side >= 0):
        memo_key = (objective, side)
        made = game.prepared.get(memo_key)
        if made is not None:
            return state, made[0], made[1]
    if objective is None:
        objective = game.default
    own = {} if tables is None else tables.objectives
    if objective in GENERIC_OBJECTIVES:
        spec = GENERIC_OBJECTIVES[objective]
    elif objective in own and objective in game.own:
        spec = own[objective]
    else:
        other = own.get(objective) or _family_objectives().get(objective)
        if other is None:
            raise _unknown_objective(objective)
        raise ValueError(f"objective {objective!r} needs {other.needs}")
    core = _core_objective(spec.kind, _side(side, position, state, tables), dict(game.arguments))
    if memo_key is not None:
        game.prepared[memo_key] = (core, objective)
    return state, core, objective


def _first_card_states(
    position: Position, tables: SolverTables | None = None
) -> list[_core.PlayState]:
    """A deal before its first card, which fixes trump: the play of each suit the leader can
    lead; otherwise none (``tables``: the deal's SOLVER where the caller has it already)."""
    if tables is None:
        tables = _deal_tables(position)
    return [] if tables is None else tables.first_card_states(position)


class Solver:
    """A reusable double-dummy solver with its own transposition table (``memory_mb``, 1..65536).

    Its table stays warm between calls on positions of the same game, rules and objective (for
    example many sampled deals of one trick-taking situation). Calls release the GIL; calls on
    one solver from several threads take turns, so give each thread its own solver to run them
    at once (or use ``solve_many``).

    Every call takes ``max_nodes`` (search nodes) and ``time_limit`` (seconds): a call that
    reaches one raises ``tt.SearchLimitExceeded``; the solver stays exact for later calls.
    """

    def __init__(self, *, memory_mb: int = DEFAULT_MEMORY_MB, objective: str | None = None):
        if objective is not None and objective not in objectives():
            raise _unknown_objective(objective)
        self._core = _core.Solver(memory_mb=memory_mb)
        self.objective = objective

    def solve(
        self,
        position: Position,
        *,
        objective: str | None = None,
        side: int | str | None = None,
        max_nodes: int | None = None,
        time_limit: float | None = None,
    ) -> Solution:
        """The value of the position and of every legal card."""
        return self._solve(position, objective, side, _limits(max_nodes, time_limit))

    def _solve(
        self,
        position: Position,
        objective: str | None,
        side: int | str | None,
        limits: SearchLimits,
    ) -> Solution:
        tables = _deal_tables(position)
        first_cards = _first_card_states(position, tables)
        if first_cards:
            return self._solve_first_card(
                position, first_cards, objective or self.objective, side, limits
            )
        state, obj, name = _prepare(position, objective or self.objective, side, tables=tables)
        if limits is NO_LIMITS:  # the core's keywords cost a call a microsecond
            res = self._core.solve(state, obj)
        else:
            res = self._core.solve(state, obj, **limits.left())
        cards = {_core.card_to_string(c): v for c, v in res.cards}
        fold = int(res.fold_value) if res.can_fold else None
        return Solution(res.value, res.side, name, cards, res.nodes, fold)

    def _solve_first_card(
        self,
        position: Position,
        first_cards: list[_core.PlayState],
        objective: str | None,
        side: int | str | None,
        limits: SearchLimits,
    ) -> Solution:
        """Before a first card that fixes trump (a Pitch deal's pitch): each suit the leader
        can lead is its own play, and each card's value is that of its suit's play."""
        cards: dict[str, int] = {}
        nodes = 0
        for state in first_cards:
            state, obj, name = _prepare(position, objective, side, state)
            res = self._core.solve(state, obj, **limits.left(nodes))
            cards.update({_core.card_to_string(c): v for c, v in res.cards})
            nodes += res.nodes
            solved_side = res.side
        maxing = state.side(state.to_move) == solved_side
        value = (max if maxing else min)(cards.values())
        return Solution(value, solved_side, name, dict(sorted(cards.items())), nodes)

    def value(
        self,
        position: Position,
        *,
        objective: str | None = None,
        side: int | str | None = None,
        max_nodes: int | None = None,
        time_limit: float | None = None,
    ) -> int:
        """Only the value (cheaper than ``solve``)."""
        limits = _limits(max_nodes, time_limit)
        tables = _deal_tables(position)
        if _first_card_states(position, tables):
            return self._solve(position, objective, side, limits).value
        state, obj, _ = _prepare(position, objective or self.objective, side, tables=tables)
        if limits is NO_LIMITS:  # the core's keywords cost a call a microsecond
            return int(self._core.value(state, obj))
        return int(self._core.value(state, obj, **limits.left()))

    def reaches(
        self,
        position: Position,
        target: int,
        *,
        objective: str | None = None,
        side: int | str | None = None,
        max_nodes: int | None = None,
        time_limit: float | None = None,
    ) -> bool:
        """Whether the value is at least ``target`` (``value(...) >= target``), settled by one
        zero-window search: cheaper than the value where only a threshold matters (a contract,
        a score to reach)."""
        limits = _limits(max_nodes, time_limit)
        tables = _deal_tables(position)
        if _first_card_states(position, tables):
            return self._solve(position, objective, side, limits).value >= target
        state, obj, _ = _prepare(position, objective or self.objective, side, tables=tables)
        if limits is NO_LIMITS:  # the core's keywords cost a call a microsecond
            return bool(self._core.reaches(state, obj, target))
        return bool(self._core.reaches(state, obj, target, **limits.left()))

    def clear(self) -> None:
        """Forget every stored position."""
        self._core.clear()

    @property
    def nodes(self) -> int:
        return int(self._core.nodes)


def solve(
    position: Position,
    *,
    objective: str | None = None,
    side: int | str | None = None,
    memory_mb: int = 8,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> Solution:
    """Solve one position with a fresh solver: its value and the value of each legal card.
    ``max_nodes`` and ``time_limit`` (seconds) bound the search (``tt.SearchLimitExceeded``)."""
    return Solver(memory_mb=memory_mb).solve(
        position, objective=objective, side=side, max_nodes=max_nodes, time_limit=time_limit
    )


@overload
def solve_many(
    positions: Sequence[Position],
    *,
    objective: str | None = None,
    side: int | str | None = None,
    threads: int = 0,
    memory_mb: int = DEFAULT_MEMORY_MB,
    cards: Literal[False] = False,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> npt.NDArray[np.int32]: ...


@overload
def solve_many(
    positions: Sequence[Position],
    *,
    objective: str | None = None,
    side: int | str | None = None,
    threads: int = 0,
    memory_mb: int = DEFAULT_MEMORY_MB,
    cards: Literal[True],
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]: ...


def solve_many(
    positions: Sequence[Position],
    *,
    objective: str | None = None,
    side: int | str | None = None,
    threads: int = 0,
    memory_mb: int = DEFAULT_MEMORY_MB,
    cards: bool = False,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> npt.NDArray[np.int32] | tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Values of many positions of one game and objective, on ``threads`` threads (0..256,
    0 = all cores), as a numpy array.

    With ``cards=True`` also every legal card's value, as ``solve`` gives them: a second array
    of shape ``(len(positions), 64)`` indexed by ``Card.id``, ``NO_VALUE`` where a card is not
    a legal play (for example as training targets for a policy).

    ``max_nodes`` bounds each position's search, ``time_limit`` (seconds) the whole batch: the
    first limit reached raises ``tt.SearchLimitExceeded``."""
    limits = SearchLimits.of(max_nodes, time_limit)
    prepared = each_named("position", positions, lambda p: _prepare(p, objective, side))
    if not prepared:
        empty = np.zeros(0, dtype=np.int32)
        return (empty, np.zeros((0, 64), dtype=np.int32)) if cards else empty
    objs = {_objective_key(o) for _, o, _ in prepared}
    if len(objs) > 1:
        raise ValueError(
            "solve_many needs positions with one objective (same game, team, targets, dealer "
            "and bid)"
        )
    states = [s for s, _, _ in prepared]
    attrs = {"objective": prepared[0][2]}
    if not cards:
        values = _core.solve_many(
            states, prepared[0][1], threads=threads, memory_mb=memory_mb, **limits.left()
        )
        return _labelled_values(values, attrs)
    values, card_values = _core.solve_many(
        states,
        prepared[0][1],
        threads=threads,
        memory_mb=memory_mb,
        card_values=True,
        **limits.left(),
    )
    return _labelled_values(values, attrs), _labelled_cards(card_values, attrs)


def _labelled_values(values: Any, attrs: dict[str, Any]) -> npt.NDArray[np.int32]:
    """solve_many's values with their axis named (``to_pandas()``: position, value)."""
    array = np.asarray(values, dtype=np.int32)
    return LabelledArray(array, ("position",), (range(len(array)),), "value", attrs, NO_VALUE)


def _card_name(card_id: int) -> str:
    try:
        return str(_core.card_to_string(card_id))
    except ValueError:  # an id that is no card (a spare bit of the mask)
        return f"#{card_id}"


def _labelled_cards(values: Any, attrs: dict[str, Any]) -> npt.NDArray[np.int32]:
    """solve_many's card values, the card axis named by card (``to_pandas(dropna=True)``: the
    legal cards of each position)."""
    array = np.asarray(values, dtype=np.int32)
    cards = [_card_name(c) for c in range(array.shape[1])]
    coords = (range(array.shape[0]), cards)
    return LabelledArray(array, ("position", "card"), coords, "value", attrs, NO_VALUE)


def _objective_key(o: _core.Objective) -> Any:
    """Every field of a core objective, the game's scoring options among them, as a value that
    compares equal for equal objectives (read from the object, so no game's field is named)."""
    return _fields(o)


def _fields(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_fields(v) for v in value)
    if hasattr(type(value), "__members__"):  # a core enumeration
        return (type(value).__name__, int(value))
    return tuple(
        (name, _fields(getattr(value, name)))
        for name in dir(value)
        if not name.startswith("_") and not callable(getattr(value, name))
    )


def dd_table(
    deal: Any,
    *,
    objective: str | None = None,
    memory_mb: int = 8,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> npt.NDArray[np.int32]:
    """The double-dummy table of a deal, as it was dealt: the value for each trump choice.

    Rows are the trumps S, H, D, C (and NT where the game plays without trump); columns are
    what the game's trump choice goes with, each valued for its own side: the declarers N, E,
    S, W of a whist deal (which may also be given as PBN text or four hands), a Klaverjas deal's
    playing teams, the sides of a Kiksas or All Fours deal, a Kirves deal's trump makers
    (``NO_VALUE`` for a seat not dealt in). The family's ``tables`` module
    (``tricktaker.games.<family>.tables``) documents its table.

    ``objective`` overrides the game's own (as in ``solve``). ``max_nodes`` and ``time_limit``
    (seconds) bound the whole table (``tt.SearchLimitExceeded``).

    The table is a ``tricktaker.results.LabelledArray``: its axes are named ``trump`` and
    ``seat`` or ``side`` (by the names the deal shows), and ``to_pandas()`` gives a row per
    cell.
    """
    limits = SearchLimits.of(max_nodes, time_limit)
    table = _table(deal, objective, _table_solver(memory_mb), limits)
    return _labelled_tables(table, [deal], objective)


_table_solvers = threading.local()


def _table_solver(memory_mb: int) -> _core.Solver:
    """This thread's solver for ``dd_table`` calls of that memory size. A fresh solver's table
    is fresh memory, and the system's zeroing of its pages on first touch cost about a third of
    a small table's time (Kiksas deals: 1.1 of 3.1 ms); a new deal is a new context to the
    solver, so the values are the same."""
    solvers: dict[int, _core.Solver] | None = getattr(_table_solvers, "by_size", None)
    if solvers is None:
        solvers = _table_solvers.by_size = {}
    solver = solvers.get(memory_mb)
    if solver is None:
        solver = solvers[memory_mb] = _core.Solver(memory_mb=memory_mb)
    return solver


def _table(
    deal: Any, objective: str | None, solver: _core.Solver, limits: SearchLimits = NO_LIMITS
) -> npt.NDArray[np.int32]:
    nodes0 = solver.nodes

    def values(rows: TableRows) -> npt.NDArray[np.int32]:
        out = np.full((len(rows), len(rows[0])), NO_VALUE, dtype=np.int32)
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                if cell is not None:
                    state, obj, _ = _prepare(deal, objective, cell.side, cell.state, cell.objective)
                    out[r, c] = solver.value(state, obj, **limits.left(solver.nodes - nodes0))
        return out

    return _solver_tables(deal).dd_table(deal, objective, solver, values, limits)


def dd_tables(
    deals: Sequence[Any],
    *,
    objective: str | None = None,
    threads: int = 0,
    memory_mb: int = DEFAULT_MEMORY_MB,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> npt.NDArray[np.int32]:
    """The tables of many deals at once (see ``_dd_tables``), their axes named ``deal``,
    ``trump`` and ``seat`` or ``side`` (a ``tricktaker.results.LabelledArray``)."""
    tables = _dd_tables(deals, objective, threads, memory_mb, max_nodes, time_limit)
    return _labelled_tables(tables, deals, objective)


def _dd_tables(
    deals: Sequence[Any],
    objective: str | None = None,
    threads: int = 0,
    memory_mb: int = DEFAULT_MEMORY_MB,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> npt.NDArray[np.int32]:
    """The tables of many deals at once, on ``threads`` threads (0..256, 0 = every core),
    stacked: shape (deals, *table). Deals of a family with a native batch (whist deals of one
    deck size) run in it; the others run on a pool of threads, one warm solver each (the solver
    releases the GIL). ``max_nodes`` bounds each deal's table, ``time_limit`` (seconds) the
    whole batch (``tt.SearchLimitExceeded``)."""
    limits = SearchLimits.of(max_nodes, time_limit)
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an int, got {threads!r}")
    if not 0 <= threads <= _core.MAX_THREADS:
        raise Error(f"threads must be 0..{_core.MAX_THREADS} (0 = one per core), got {threads}")
    if not deals:
        return np.zeros((0, 5, 4), dtype=np.int32)
    families_tables = each_named("deal", deals, _solver_tables)
    if all(t is families_tables[0] for t in families_tables):
        batch = families_tables[0].dd_tables(deals, objective, threads, memory_mb, limits)
        if batch is not None:
            return batch
    local = threading.local()

    def one(deal: Any) -> npt.NDArray[np.int32]:
        if not hasattr(local, "solver"):
            local.solver = _core.Solver(memory_mb=memory_mb)
        # Each deal's table gets the whole node limit; the deadline is the batch's.
        return _table(deal, objective, local.solver, limits)

    workers = threads if threads > 0 else os.cpu_count() or 1
    with ThreadPoolExecutor(max_workers=min(workers, len(deals))) as pool:
        per_deal = list(pool.map(lambda i: named("deal", i, one, deals[i]), range(len(deals))))
    shapes = sorted({t.shape for t in per_deal})
    if len(shapes) > 1:
        raise ValueError(
            f"dd_tables stacks tables of one shape (deals of one game); got shapes {shapes}"
        )
    return np.stack(per_deal)


def _shown_names(deal: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The seat and side names a deal shows (a bare-hands position: those of the first game of
    the family that reads it)."""
    observe = getattr(deal, "observation", None)
    if observe is not None:
        shown = observe(0)
        return tuple(map(str, shown.get("seats", ()))), tuple(
            str(side["name"]) for side in shown.get("sides", ())
        )
    for family in families().values():
        if family.has("solver") and family.get("solver").reads_bare_hands:
            labels = game_labels(family.variants[0].factory())
            return labels.seats, labels.sides
    return (), ()


def _column_axis(deal: Any, width: int) -> tuple[str, tuple[str, ...]]:
    """What a table's columns are, by count: the deal's sides (playing teams) or its seats
    (declarers, trump makers)."""
    seats, sides = _shown_names(deal)
    if width == len(sides) and width != len(seats):
        return "side", sides
    if width == len(seats):
        return "seat", seats
    return "column", tuple(str(k) for k in range(width))


def _labelled_tables(
    tables: npt.NDArray[np.int32], deals: Sequence[Any], objective: str | None
) -> npt.NDArray[np.int32]:
    """Tables with their axes named: the trumps, and the columns as the deals show them (by
    position where the deals of a batch show different names)."""
    if tables.size == 0 or not deals:
        return tables
    width = tables.shape[-1]
    axes = {_column_axis(deal, width) for deal in deals}
    column, names = axes.pop() if len(axes) == 1 else ("column", tuple(map(str, range(width))))
    trumps = SUITS[: tables.shape[-2]]
    attrs = {"objective": objective or "default"}
    if tables.ndim == 2:
        return LabelledArray(tables, ("trump", column), (trumps, names), "value", attrs, NO_VALUE)
    coords = (range(len(tables)), trumps, names)
    dims = ("deal", "trump", column)
    return LabelledArray(tables, dims, coords, "value", attrs, NO_VALUE)


__all__ = [
    "NO_VALUE",
    "OBJECTIVES",
    "Solution",
    "Solver",
    "dd_table",
    "dd_tables",
    "objectives",
    "solve",
    "solve_many",
]
