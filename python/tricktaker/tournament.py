"""Long runs of bots that survive an interruption and use every core: parts and a journal.

A run of many deals (a simulation or a comparison of bots) is cut into *parts* of consecutive
deals. Deal ``i`` depends only on the run's seed and ``i`` (``tricktaker.sim.deal_seed``), so the
parts can be played in any order, by any number of processes, and the rows put back in deal
order are the same as those of one run in one process.

Each finished part is appended to a *journal*, a JSON Lines file: a first line with the run's
parameters, then one line per part with its rows. The line is flushed and synced before the part
counts as done, so a Ctrl-C or a kill loses only the parts in flight; a last line cut short by a
kill is not a finished part and is played again. Resuming a run reads its journal, checks that it
holds the same run, and plays only the parts it lacks.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import IO, Any, TypeAlias

import numpy as np

from tricktaker.bots import RandomBot, make_bot
from tricktaker.errors import Error, Unsupported
from tricktaker.protocol.base import Game, check_seed, new_seed
from tricktaker.protocol.options import options_to_dict
from tricktaker.registry import load
from tricktaker.sim import SimulationResults, simulate, summary_adapter

__all__ = [
    "Interrupted",
    "Journal",
    "JournalMismatch",
    "Part",
    "Rows",
    "parts_of",
    "run_parts",
    "simulate_in_parts",
]

# A part's rows: each column as a list, one item per deal (JSON-ready).
Rows: TypeAlias = dict[str, list[Any]]
JOURNAL_FORMAT = "tricktaker-journal/1"
# Deals per part: small enough that an interruption loses little, large enough that a part's
# start (a process loads the game and its bots) costs little beside its play.
PART_SIZE = 25
# Random bots play a deal in tens of microseconds: a part of 25 would cost less than its
# journal entry's write and sync, so their parts are larger (still a fraction of a second).
RANDOM_PART_SIZE = 1000


@dataclass(frozen=True)
class Part:
    """Deals ``first`` to ``first + count - 1`` of a run."""

    first: int
    count: int


def parts_of(deals: int, size: int) -> list[Part]:
    """The run's deals in parts of ``size`` (the last one shorter)."""
    if size < 1:
        raise ValueError(f"a part holds at least one deal, got {size}")
    return [Part(first, min(size, deals - first)) for first in range(0, deals, size)]


class JournalMismatch(Error):
    """The journal holds another run than the one asked for."""


class Interrupted(Error):
    """The run stopped early (Ctrl-C); the finished parts are in its journal."""

    def __init__(self, done: int, total: int, journal: Path | None) -> None:
        self.done = done
        self.total = total
        self.journal = journal
        where = f"; they are kept in {journal}" if journal is not None else ""
        super().__init__(f"interrupted after {done:,} of {total:,} deals{where}")


class Journal:
    """A run's journal (JSON Lines): its parameters, then each finished part's rows.

    ``Journal(path, header)`` opens an existing journal of the same run (``JournalMismatch``
    if its header differs) or starts a new one.
    """

    def __init__(self, path: str | os.PathLike[str], header: Mapping[str, Any]) -> None:
        self.path = Path(path)
        self.header = {"format": JOURNAL_FORMAT, **header}
        self.finished: dict[int, Rows] = {}
        if self.path.exists() and self.path.stat().st_size > 0:
            self._read()
            self._stream: IO[str] = self.path.open("a", encoding="utf-8")
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._stream = self.path.open("w", encoding="utf-8")
            self._write(self.header)

    def _read(self) -> None:
        lines = self.path.read_text(encoding="utf-8").split("\n")
        try:
            found = json.loads(lines[0])
        except json.JSONDecodeError:
            raise JournalMismatch(f"{self.path} is not a tricktaker journal") from None
        if found != self.header:
            differ = sorted(
                k for k in set(found) | set(self.header) if found.get(k) != self.header.get(k)
            )
            raise JournalMismatch(
                f"{self.path} holds another run (its {', '.join(differ)} differ): give the "
                "same game, options, bots, deals and seed to resume it, or another file"
            )
        # The file ends with a newline after every finished part: a last line without one
        # was cut short by a kill, and is dropped so that the next part starts a line of its own.
        torn = lines[-1] != ""
        for line in lines[1:-1]:
            entry = json.loads(line)
            self.finished[int(entry["first"])] = entry["rows"]
        if torn:
            self.path.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")

    def _write(self, entry: Mapping[str, Any]) -> None:
        self._stream.write(json.dumps(entry, separators=(",", ":")) + "\n")
        self._stream.flush()
        os.fsync(self._stream.fileno())

    def add(self, part: Part, rows: Rows) -> None:
        """Record a finished part (written and synced before this returns)."""
        self._write({"first": part.first, "count": part.count, "rows": rows})
        self.finished[part.first] = rows

    def close(self) -> None:
        self._stream.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _in_order(parts: Sequence[Part], finished: Mapping[int, Rows]) -> Rows:
    """The rows of every part, in deal order."""
    out: Rows = {}
    for part in parts:
        for name, values in finished[part.first].items():
            out.setdefault(name, []).extend(values)
    return out


def _ignore_interrupts() -> None:
    # Workers leave Ctrl-C to the parent, which stops them: no traceback from every worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _tagged(play: Callable[[Part], Rows], part: Part) -> tuple[Part, Rows]:
    return part, play(part)


def run_parts(
    play: Callable[[Part], Rows],
    parts: Sequence[Part],
    *,
    jobs: int = 1,
    journal: Journal | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Rows:
    """Play every part not yet in the journal with ``play`` (on ``jobs`` processes; ``play``
    must then be picklable: a module-level function or a ``functools.partial`` of one) and
    return all rows in deal order.

    Each finished part goes to the journal at once. On Ctrl-C the parts in flight are dropped
    and ``Interrupted`` says how many deals are kept.
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a whole number >= 1, got {jobs!r}")
    finished: dict[int, Rows] = dict(journal.finished) if journal is not None else {}
    todo = [p for p in parts if p.first not in finished]
    total = sum(p.count for p in parts)
    done = total - sum(p.count for p in todo)

    def keep(part: Part, rows: Rows) -> None:
        nonlocal done
        if journal is not None:
            journal.add(part, rows)
        finished[part.first] = rows
        done += part.count
        if progress is not None:
            progress(done, total)

    if progress is not None and done:
        progress(done, total)
    try:
        if jobs == 1 or len(todo) <= 1:
            for part in todo:
                keep(part, play(part))
        else:
            context = multiprocessing.get_context()
            pool = context.Pool(min(jobs, len(todo)), initializer=_ignore_interrupts)
            try:
                for part, rows in pool.imap_unordered(partial(_tagged, play), todo):
                    keep(part, rows)
                pool.close()
            finally:
                pool.terminate()  # at once, also on Ctrl-C: the parts in flight are dropped
                pool.join()
    except KeyboardInterrupt:
        raise Interrupted(done, total, journal.path if journal is not None else None) from None
    return _in_order(parts, finished)


# --- simulations in parts --------------------------------------------------------------------


@dataclass(frozen=True)
class _SimulationRun:
    """What a process needs to play a part of a simulation: names and values, no objects."""

    game: str
    options: dict[str, Any]
    bots: str | tuple[str, ...]
    seed: int

    def play(self, part: Part) -> Rows:
        game = load(self.game, **self.options)
        bots = self.bots if isinstance(self.bots, str) else list(self.bots)
        results = simulate(game, deals=part.count, bots=bots, seed=self.seed, first=part.first)
        return {name: array.tolist() for name, array in results.arrays.items()}


def simulate_in_parts(
    game: Game | str,
    deals: int,
    bots: str | Sequence[str],
    seed: int | None = None,
    *,
    jobs: int = 1,
    journal: str | os.PathLike[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    part_size: int | None = None,
) -> SimulationResults:
    """``tt.simulate`` on ``jobs`` processes, each finished part kept in ``journal`` (a JSON
    Lines file; an existing journal of the same run is resumed). The rows are those of
    ``simulate(game, deals, bots, seed)`` whatever ``jobs`` and ``part_size`` (default:
    ``RANDOM_PART_SIZE`` deals for random bots at every seat, else ``PART_SIZE``);
    ``seconds`` is this call's."""
    if isinstance(game, str):
        game = load(game)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise ValueError(f"deals must be a whole number >= 0, got {deals!r}")
    if not isinstance(bots, str) and not all(isinstance(b, str) for b in bots):
        raise ValueError("bots: a run in parts takes bot names (a process builds its own bots)")
    seed = new_seed() if seed is None else check_seed(seed)
    if part_size is None:
        names = [bots] if isinstance(bots, str) else list(bots)
        random_only = all(type(make_bot(name)) is RandomBot for name in names)
        part_size = RANDOM_PART_SIZE if random_only else PART_SIZE
    adapter = summary_adapter(game.name)
    if adapter.deal_stream is not None and (jobs > 1 or journal is not None):
        raise Unsupported(
            f"{game.name}'s deals follow from each other, so its simulation runs in one piece: "
            "give no jobs and no journal"
        )
    run = _SimulationRun(
        game.name,
        options_to_dict(game.options),
        bots if isinstance(bots, str) else tuple(bots),
        seed,
    )
    header = {
        "kind": "simulate",
        "game": run.game,
        "options": run.options,
        "bots": run.bots if isinstance(run.bots, str) else list(run.bots),
        "deals": deals,
        "seed": str(seed),
        "part_size": part_size,
    }
    start = time.perf_counter()
    with _maybe_journal(journal, header) as book:
        rows = run_parts(
            run.play, parts_of(deals, part_size), jobs=jobs, journal=book, progress=progress
        )
    seconds = time.perf_counter() - start
    dtypes = {"seed": np.dtype(np.uint64), **{c.name: np.dtype(c.dtype) for c in adapter.columns}}
    widths = {"seed": 1, **{c.name: c.width for c in adapter.columns}}
    arrays = {
        name: np.asarray(rows.get(name, []), dtype=dtype).reshape(
            (deals,) if widths[name] == 1 else (deals, widths[name])
        )
        for name, dtype in dtypes.items()
    }
    return SimulationResults(
        game=game.name,
        options=run.options,
        seed=seed,
        deals=deals,
        bots=[run.bots] if isinstance(run.bots, str) else list(run.bots),
        seconds=seconds,
        arrays=arrays,
    )


class _NoJournal:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _maybe_journal(
    path: str | os.PathLike[str] | None, header: Mapping[str, Any]
) -> Journal | _NoJournal:
    return _NoJournal() if path is None else Journal(path, header)
