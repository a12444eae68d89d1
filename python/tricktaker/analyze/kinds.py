"""The kinds of analysis and how one chunk of each is computed: from a seed and the game's name
and options alone, so any process or cluster worker can compute any chunk.

Chunk ``c`` of an analysis with seed ``S`` runs the Python API once with the chunk's seed
``deal_seed(S, c)`` (``tricktaker.sim.deal_seed``): its rows are exactly what that call gives,
whichever worker computes it. Every row carries its ``deal`` (the number within the whole
analysis) and the ``seed`` that replays it (see each kind).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from tricktaker.analyze.study import hand_strength
from tricktaker.bots import make_bot
from tricktaker.cards import Card, mask_from_cards
from tricktaker.compare import INTERVALS, compare
from tricktaker.errors import Error, Unsupported
from tricktaker.labels import SUITS, frame, game_labels, require_pandas, to_arrow
from tricktaker.playouts import random_playouts
from tricktaker.protocol.base import Deal, Game
from tricktaker.registry import load
from tricktaker.results import axes_of
from tricktaker.sim import SeatObservation, bot_seed, deal_seed, simulate
from tricktaker.solve import dd_table, objectives

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

__all__ = ["KINDS", "AnalysisSpec", "run_chunk", "set_solver_threads"]

# Solver threads of a chunk that solves a native batch (the strength kind): 0 is every core,
# right when chunks run one at a time; a pool of worker processes shares the cores out.
_solver_threads = 0


def set_solver_threads(threads: int) -> None:
    """The solver threads each chunk of this process may use (0: every core)."""
    global _solver_threads
    _solver_threads = threads


@dataclass(frozen=True)
class AnalysisSpec:
    """What an analysis computes: everything a worker needs, small and picklable (the game by
    name and options, never a deal)."""

    game: str
    options: dict[str, Any]
    kind: str
    seed: int
    deals: int
    chunk_size: int
    bots: tuple[str, ...] = ()
    objective: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    # compare: the interval of each pair's mean difference ("t" or "bootstrap"), None elsewhere
    interval: str | None = None

    @property
    def chunks(self) -> int:
        return -(-self.deals // self.chunk_size)

    def chunk_range(self, index: int) -> range:
        """The deal numbers of chunk ``index``."""
        start = index * self.chunk_size
        return range(start, min(start + self.chunk_size, self.deals))

    def chunk_seed(self, index: int) -> int:
        return deal_seed(self.seed, index)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["bots"] = list(self.bots)
        return out


@lru_cache(maxsize=8)
def _game(name: str, options_json: str) -> Game:
    """The game of a spec, loaded once per process."""
    return load(name, **json.loads(options_json))


def game_of(spec: AnalysisSpec) -> Game:
    return _game(spec.game, json.dumps(spec.options, sort_keys=True))


def _numbered(df: pd.DataFrame, spec: AnalysisSpec, index: int) -> pd.DataFrame:
    """Rows renumbered by their deal in the whole analysis."""
    df.index = df.index + spec.chunk_range(index).start
    return df


def _playouts(spec: AnalysisSpec, index: int) -> pd.DataFrame:
    seed = spec.chunk_seed(index)
    df = random_playouts(game_of(spec), len(spec.chunk_range(index)), seed=seed).to_pandas()
    df.insert(1, "seed", np.full(len(df), seed, dtype=np.uint64))
    return _numbered(df, spec, index)


def _simulate(spec: AnalysisSpec, index: int) -> pd.DataFrame:
    bots: str | list[str] = list(spec.bots) if len(spec.bots) > 1 else (spec.bots or ("random",))[0]
    results = simulate(game_of(spec), len(spec.chunk_range(index)), bots, spec.chunk_seed(index))
    return _numbered(results.to_pandas(), spec, index)


def _compare(spec: AnalysisSpec, index: int) -> pd.DataFrame:
    n = len(spec.chunk_range(index))
    seed = spec.chunk_seed(index)
    result = compare(
        game_of(spec), list(spec.bots), deals=n, seed=seed, interval=spec.interval or "t"
    )
    seeds = np.array([deal_seed(seed, k) for k in range(n)], dtype=np.uint64)
    parts = []
    for pair in result.pairs:
        columns: dict[str, npt.NDArray[Any]] = {
            "seed": seeds,
            "first": np.array([pair.first] * n, dtype=object),
            "second": np.array([pair.second] * n, dtype=object),
            "difference": np.asarray(pair.diffs, dtype=np.float64),
        }
        parts.append(_numbered(frame(columns, labels=game_labels(game_of(spec))), spec, index))
    pd = require_pandas()
    df = pd.concat(parts)
    for name in ("first", "second"):
        df[name] = pd.Categorical(df[name], categories=list(spec.bots))
    return df


def ready_deal(
    game: Game, seed: int, *, objective: str | None = None, max_actions: int = 200
) -> tuple[Deal, Any]:
    """Deal ``seed`` of the game and its double-dummy table: as dealt where the game tables a
    fresh deal, else after random bots have made the calls that fix the hands of the play
    (an auction, a trump choice, discards). Raises what ``tt.dd_table`` raises once the deal
    is over without a table."""
    deal = game.new_deal(seed=seed)
    bots: dict[int, Any] = {}
    for _ in range(max_actions):
        try:
            return deal, dd_table(deal, objective=objective)
        except Unsupported:
            raise
        except Error:
            if deal.is_over or deal.to_move is None:
                raise
        seat = deal.to_move
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = make_bot("random", bot_seed(seed, seat))
        observation = SeatObservation(deal, seat)
        deal.apply(bot.act(observation, deal.legal_actions()))
        observation.close()
    return deal, dd_table(deal, objective=objective)


def _dd(spec: AnalysisSpec, index: int) -> pd.DataFrame:
    game = game_of(spec)
    labels = game_labels(game)
    seed = spec.chunk_seed(index)
    n = len(spec.chunk_range(index))
    seeds = np.array([deal_seed(seed, k) for k in range(n)], dtype=np.uint64)
    tables = []
    hands = np.zeros((n, len(labels.seats)), dtype=np.uint64)
    for k in range(n):
        deal, table = ready_deal(game, int(seeds[k]), objective=spec.objective)
        tables.append(table)
        for p in range(len(labels.seats)):  # each seat's hand as its own observation shows it
            hands[k, p] = mask_from_cards([Card.parse(c) for c in deal.observation(p)["hand"]])
    columns: dict[str, npt.NDArray[Any]] = {"seed": seeds}
    columns.update({f"hands_{seat}": hands[:, p] for p, seat in enumerate(labels.seats)})
    # a column per cell, named by the first table's axes: the cells of every deal of one game
    # mean the same (where a game's sides change between deals, they are numbered instead)
    names = {axes_of(t)[1] for t in tables}
    trumps, sides = names.pop() if len(names) == 1 else (SUITS, tuple(map(str, range(99))))
    values = np.stack([np.asarray(t) for t in tables]) if tables else np.zeros((0, 0, 0))
    for r in range(values.shape[1] if n else 0):
        for c in range(values.shape[2]):
            columns[f"dd_{trumps[r]}_{sides[c]}"] = values[:, r, c]
    df = frame(columns, labels=labels)
    return _numbered(df, spec, index)


def _strength(spec: AnalysisSpec, index: int) -> pd.DataFrame:
    """The hand-strength rows of the chunk's deals (``tricktaker.analyze.study``): several
    rows per deal, indexed by the deal's number in the whole analysis."""
    game = game_of(spec)
    labels = game_labels(game)
    n = len(spec.chunk_range(index))
    rows = hand_strength(game, n, spec.chunk_seed(index), threads=_solver_threads).rows
    columns: dict[str, npt.NDArray[Any]] = {
        name: rows[name].cat.codes.to_numpy() if name == "trump" else rows[name].to_numpy()
        for name in rows.columns
        if name != "deal"
    }
    df = frame(columns, labels=labels, categories={"seat": labels.seats, "trump": SUITS[:4]})
    df.index = require_pandas().Index(rows["deal"].to_numpy(), name="deal")
    return _numbered(df, spec, index)


# Each kind: how a chunk is computed, what the bots are for, and a one-line description.
KINDS: dict[str, tuple[Callable[[AnalysisSpec, int], pd.DataFrame], str]] = {
    "dd": (_dd, "double-dummy tables of deals (random calls up to the play where needed)"),
    "playouts": (_playouts, "native random playouts (tt.random_playouts)"),
    "simulate": (_simulate, "bots play deals (tt.simulate): the game's per-deal summary rows"),
    "compare": (_compare, "bots compared on duplicate deals (per deal and pair of bots)"),
    "strength": (_strength, "hand strength: which hands make it at double dummy (per hand)"),
}


def check_spec(spec: AnalysisSpec) -> None:
    """Clear errors for a spec that cannot run, before any chunk is computed."""
    if spec.kind not in KINDS:
        raise Error(f"unknown kind of analysis {spec.kind!r}; kinds: {', '.join(KINDS)}")
    if spec.kind == "compare" and len(spec.bots) < 2:
        raise Error("a comparison needs two or more bots, e.g. bots=['rule', 'random']")
    if spec.objective is not None and spec.kind != "dd":
        raise Error(f"an objective is for the dd kind only, not {spec.kind!r}")
    if spec.interval is not None and spec.kind != "compare":
        raise Error(f"an interval is for the compare kind only, not {spec.kind!r}")
    if spec.interval is not None and spec.interval not in INTERVALS:
        raise Error(f"unknown interval {spec.interval!r}; intervals: {', '.join(INTERVALS)}")
    if spec.objective is not None and spec.objective not in objectives():
        raise Error(f"unknown objective {spec.objective!r}; objectives: {', '.join(objectives())}")
    for name in spec.bots:
        make_bot(name)


def run_chunk(spec: AnalysisSpec, index: int) -> pa.Table:
    """Chunk ``index`` of the analysis as an Arrow table (the deal number as column ``deal``)."""
    compute, _ = KINDS[spec.kind]
    return to_arrow(compute(spec, index), {"chunk": str(index)})
