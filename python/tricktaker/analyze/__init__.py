"""Analysis at scale: double-dummy tables, playouts, simulations and bot comparisons over many
deals, in chunks of seeds, written as Parquet under an output folder.

>>> import tempfile, tricktaker as tt
>>> from tricktaker import analyze
>>> folder = tempfile.mkdtemp()
>>> result = analyze.run("klaverjas", "playouts", deals=1000, seed=1, folder=folder, workers=1)
>>> df = result.to_pandas(["score_NS", "score_EW", "trump"])
>>> len(df), bool(((df["score_NS"] + df["score_EW"]) >= 162).all())
(1000, True)

``run`` computes chunk after chunk (``chunk_size`` deals each) and writes each one whole as
``chunk-NNNNNN.parquet`` beside ``manifest.json`` (``tricktaker.analyze.store``); a run of the
same analysis in the same folder skips the chunks already there, so an interrupted run loses at
most the chunks that were being computed. Chunk ``c`` depends only on the seed and ``c``
(``tricktaker.analyze.kinds``): the same seed gives the same rows whatever the number of workers.

Where the chunks run: on ``workers`` local processes (default: every core; 1 runs them in this
process), or on a Dask cluster when a ``distributed.Client`` (``client=``) or a scheduler address
(``scheduler="tcp://host:port"``) is given: the workers get the game's name and options and the
seeds, never deals, and send back Arrow tables that this process writes.

The columns of each kind are documented in the docs (``docs/analysis.md``); the manifest lists
them with their Arrow types.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tricktaker
from tricktaker.analyze.folder_report import report_analysis
from tricktaker.analyze.kinds import (
    KINDS,
    AnalysisSpec,
    check_spec,
    game_of,
    run_chunk,
    set_solver_threads,
)
from tricktaker.analyze.store import FORMAT, Store, write_file
from tricktaker.errors import Error
from tricktaker.protocol.base import Game, check_seed, new_seed
from tricktaker.protocol.options import options_to_dict
from tricktaker.registry import load

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "KINDS",
    "Analysis",
    "AnalysisSpec",
    "open_analysis",
    "report_analysis",
    "run",
    "write_file",
]

DEFAULT_CHUNK_SIZE = 1000
# How long to try a scheduler's address before calling it unreachable.
SCHEDULER_TIMEOUT = "10s"


@dataclass
class Analysis:
    """A finished (or resumed, or partly run) analysis: its folder and manifest."""

    folder: Path
    manifest: dict[str, Any]
    computed: int  # chunks computed by this run (the others were already there)

    @property
    def store(self) -> Store:
        return Store(self.folder)

    def to_arrow(self, columns: Sequence[str] | None = None, *, cards: str = "mask") -> pa.Table:
        """Every finished chunk as one Arrow table (``columns``: only those, checked;
        ``cards="text"``: the hands as text, ``AKT.9.QJ7.-``, rather than card masks)."""
        return self.store.to_arrow(columns, cards=cards)

    def to_pandas(
        self, columns: Sequence[str] | None = None, *, cards: str = "mask"
    ) -> pd.DataFrame:
        """Every finished chunk as one DataFrame indexed by ``deal`` (``cards`` as in
        ``to_arrow``)."""
        return self.store.to_pandas(columns, cards=cards)

    def write(
        self,
        path: str | os.PathLike[str],
        columns: Sequence[str] | None = None,
        *,
        cards: str = "mask",
    ) -> Path:
        """The rows as one ``.parquet`` or ``.csv`` file (``cards`` as in ``to_arrow``)."""
        return write_file(self.to_arrow(columns, cards=cards), path)

    def report(self) -> Path:
        """The plots that fit the kind and ``report.html``, written into the folder from its
        rows (``tricktaker.analyze.folder_report``; needs the ``plot`` extra); the report's
        path."""
        return report_analysis(self.folder)


def open_analysis(folder: str | os.PathLike[str]) -> Analysis:
    """The analysis a folder holds (to read it; ``run`` again to finish it)."""
    store = Store(folder)
    manifest = store.read_manifest()
    if manifest is None:
        raise Error(f"{folder} holds no analysis (no manifest.json)")
    return Analysis(store.folder, manifest, 0)


def _manifest(spec: AnalysisSpec) -> dict[str, Any]:
    return {
        "format": FORMAT,
        **spec.to_dict(),
        "chunks": spec.chunks,
        "version": tricktaker.__version__,
        "schema": None,
    }


def _spec(
    game: Game | str,
    kind: str,
    deals: int,
    seed: int | None,
    chunk_size: int,
    bots: Sequence[str],
    objective: str | None,
    interval: str | None,
    store: Store,
) -> AnalysisSpec:
    if isinstance(game, str):
        game = load(game)
    for name, value in (("deals", deals), ("chunk_size", chunk_size)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise Error(f"{name} must be a whole number >= 1, got {value!r}")
    if seed is None:  # resume the folder's analysis, or start a new one
        existing = store.read_manifest()
        seed = existing["seed"] if existing is not None else new_seed()
    spec = AnalysisSpec(
        game=game.name,
        options=options_to_dict(game.options),
        kind=kind,
        seed=check_seed(seed),
        deals=deals,
        chunk_size=chunk_size,
        bots=tuple(bots),
        objective=objective,
        # a comparison records its interval, "t" unless asked otherwise
        interval=interval if interval is not None or kind != "compare" else "t",
    )
    check_spec(spec)
    game_of(spec)  # the options load again from their names (as every worker loads them)
    return spec


def _local(spec: AnalysisSpec, todo: list[int], workers: int) -> Iterator[tuple[int, pa.Table]]:
    """The chunks computed on ``workers`` processes (1: in this one), as each finishes."""
    if workers == 1:
        for index in todo:
            yield index, run_chunk(spec, index)
        return
    # "spawn": a fresh interpreter per worker, safe whatever threads this process runs
    context = multiprocessing.get_context("spawn")
    # the cores shared out: a chunk that solves a native batch uses its share of threads
    threads = max(1, (os.cpu_count() or 1) // workers)
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=set_solver_threads,
        initargs=(threads,),
    ) as pool:
        pending: dict[Future[pa.Table], int] = {}
        queue = iter(todo)
        try:
            while True:
                # a few chunks in flight per worker: enough to keep them busy, few to lose
                while len(pending) < 2 * workers:
                    following = next(queue, None)
                    if following is None:
                        break
                    pending[pool.submit(run_chunk, spec, following)] = following
                if not pending:
                    return
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield pending.pop(future), future.result()
        except BaseException:
            for future in pending:
                future.cancel()
            raise


def _dask_client(scheduler: str) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise ImportError(
            "a Dask scheduler needs the dask extra: pip install 'tricktaker[dask]'"
        ) from None
    try:
        return Client(scheduler, timeout=SCHEDULER_TIMEOUT, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise Error(f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") from None


def _on_dask(spec: AnalysisSpec, todo: list[int], client: Any) -> Iterator[tuple[int, pa.Table]]:
    """The chunks computed on a Dask cluster, as each finishes."""
    from distributed import as_completed

    futures = {client.submit(run_chunk, spec, index, pure=False): index for index in todo}
    try:
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            yield futures[future], future.result()
    finally:
        client.cancel([f for f in futures if not f.done()])


def _schema(table: pa.Table) -> list[dict[str, str]]:
    return [{"name": f.name, "type": str(f.type)} for f in table.schema]


def run(
    game: Game | str,
    kind: str = "dd",
    *,
    deals: int = 1000,
    seed: int | None = None,
    folder: str | os.PathLike[str],
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    bots: Sequence[str] = (),
    objective: str | None = None,
    interval: str | None = None,
    workers: int | None = None,
    client: Any = None,
    scheduler: str | None = None,
    progress: bool = False,
) -> Analysis:
    """Run (or resume) an analysis of ``deals`` deals of ``game`` in ``folder`` (see the module
    doc). ``kind``: ``"dd"``, ``"playouts"``, ``"simulate"``, ``"compare"`` or ``"strength"``
    (``KINDS``); ``bots`` for simulate and compare; ``objective`` for ``"dd"``; ``interval``
    for ``"compare"``: ``"t"`` (the default) or ``"bootstrap"``, the 95% interval of each pair's
    mean difference that the manifest records and the report draws. ``seed`` None
    resumes the folder's analysis or starts a new one. ``progress`` shows a bar (tqdm) with
    rate and ETA."""
    store = Store(folder)
    spec = _spec(game, kind, deals, seed, chunk_size, bots, objective, interval, store)
    if workers is not None and (isinstance(workers, bool) or workers < 1):
        raise Error(f"workers must be a whole number >= 1, got {workers!r}")
    manifest = store.open(_manifest(spec))
    todo = [c for c in range(spec.chunks) if c not in set(store.finished(spec.chunks))]
    owned_client = None
    if client is None and scheduler is not None:
        client = owned_client = _dask_client(scheduler)
    if client is not None:
        chunks = _on_dask(spec, todo, client)
    else:
        chunks = _local(spec, todo, workers or os.cpu_count() or 1)
    done_deals = spec.deals - sum(len(spec.chunk_range(c)) for c in todo)
    computed = 0
    bar = _bar(spec, done_deals, progress)
    try:
        for index, table in chunks:
            if manifest.get("schema") is None:
                manifest = {**manifest, "schema": _schema(table)}
                store.write_manifest(manifest)
            store.write_chunk(index, table)
            computed += 1
            bar.update(len(spec.chunk_range(index)))
    finally:
        bar.close()
        if owned_client is not None:
            owned_client.close()
    return Analysis(store.folder, manifest, computed)


def _bar(spec: AnalysisSpec, initial: int, show: bool) -> Any:
    from tqdm import tqdm

    return tqdm(
        total=spec.deals,
        initial=initial,
        unit="deal",
        unit_scale=True,
        desc=f"{spec.kind} {spec.game}",
        disable=not show,
        smoothing=0.1,
    )
