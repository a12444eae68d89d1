"""``tricktaker analyze``: double-dummy tables, playouts, simulations, bot comparisons or hand
strength over many deals, in Parquet chunks under a folder (``tricktaker.analyze``); ``--out``
gathers them in one file, ``--report`` draws the plots that fit the kind and an HTML report.

The settings of the analysis (kind, deals, chunk size, bots, objective, interval, seed) that are
not given are the folder's when it holds one, so ``tricktaker analyze GAME --folder DIR
--report`` resumes or reports the analysis there; for a new folder they default to
``DEFAULTS``."""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path
from typing import Any, TextIO

from tricktaker.analyze import DEFAULT_CHUNK_SIZE, KINDS, run
from tricktaker.analyze.store import Store
from tricktaker.compare import INTERVALS
from tricktaker.errors import Error
from tricktaker.labels import CARD_FORMATS
from tricktaker.protocol.base import Game

# The settings of a new analysis that the command line leaves out.
DEFAULTS: dict[str, Any] = {
    "kind": "dd",
    "deals": 1000,
    "chunk_size": DEFAULT_CHUNK_SIZE,
    "bots": [],
    "objective": None,
    "interval": None,
}


def add_analyze_arguments(parser: argparse.ArgumentParser, positive_int: Any) -> None:
    """The options of ``tricktaker analyze`` (beside the game options every command has)."""
    parser.add_argument(
        "--kind",
        choices=list(KINDS),
        help="; ".join(f"{name}: {doc}" for name, (_, doc) in KINDS.items())
        + " (default: the folder's, else dd)",
    )
    parser.add_argument(
        "--deals", type=positive_int, help="number of deals (default: the folder's, else 1000)"
    )
    parser.add_argument(
        "--folder",
        help="the folder of Parquet chunks and manifest.json (default: the --out file's name "
        "with .chunks); a rerun in it skips finished chunks",
    )
    parser.add_argument(
        "--chunk-size",
        type=positive_int,
        help=f"deals per chunk (default: the folder's, else {DEFAULT_CHUNK_SIZE})",
    )
    parser.add_argument(
        "--workers", type=positive_int, help="local processes (default: every core)"
    )
    parser.add_argument(
        "--scheduler", help="a Dask scheduler's address (tcp://host:port): run the chunks there"
    )
    parser.add_argument(
        "--bots", help="simulate: one bot for every seat; compare: two or more (comma-separated)"
    )
    parser.add_argument("--objective", help="dd: the solver's objective (default: the game's)")
    parser.add_argument(
        "--interval",
        choices=list(INTERVALS),
        help="compare: the 95%% interval of each pair's mean difference, Student's t or a BCa "
        "bootstrap (scipy) (default: the folder's, else t)",
    )
    parser.add_argument("--out", help="also write every row to one FILE.parquet or FILE.csv")
    parser.add_argument("--columns", help="with --out: only these columns (comma-separated)")
    parser.add_argument(
        "--cards",
        choices=list(CARD_FORMATS),
        help="with --out: the hands as text (AKT.9.QJ7.-, suits S.H.D.C) or as card masks "
        "(uint64) (default: text in a .csv, masks in a .parquet, as the chunks store them)",
    )
    parser.add_argument(
        "--report",
        action="store_true",
        help="then write the plots that fit the kind (PNG) and report.html into the folder "
        "(the plot extra); on a finished folder, only the report",
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: when stderr is a terminal)",
    )


def run_analyze(args: argparse.Namespace, game: Game, out: TextIO, err: TextIO) -> int:
    needed = ("pandas", "pyarrow", "tqdm") + (("matplotlib",) if args.report else ())
    missing = [m for m in needed if importlib.util.find_spec(m) is None]
    if missing:
        extras = "analysis,plot" if args.report else "analysis"
        raise Error(
            f"analyze needs the {extras} extra ({', '.join(missing)} missing): "
            f"pip install 'tricktaker[{extras}]'"
        )
    folder = args.folder or (f"{Path(args.out).with_suffix('')}.chunks" if args.out else None)
    if folder is None:
        raise Error("give --folder DIR for the chunks (or --out FILE.parquet|.csv)")
    settings = _settings(args, folder)
    columns = [c.strip() for c in args.columns.split(",")] if args.columns else None
    if args.out and Path(args.out).suffix.lower() not in (".parquet", ".csv"):
        raise Error(f"--out takes a .parquet or .csv file, got {args.out!r}")
    show = args.progress if args.progress is not None else err.isatty()
    try:
        analysis = run(
            game,
            settings["kind"],
            deals=settings["deals"],
            seed=args.seed,
            folder=folder,
            chunk_size=settings["chunk_size"],
            bots=settings["bots"],
            objective=settings["objective"],
            interval=settings["interval"],
            workers=args.workers,
            scheduler=args.scheduler,
            progress=show,
        )
    except KeyboardInterrupt:
        print(
            f"\ninterrupted: the finished chunks are in {folder}; run the same command again "
            "to compute the rest",
            file=err,
        )
        return 130
    manifest = analysis.manifest
    print(
        f"{manifest['kind']} of {manifest['deals']:,} deals of {manifest['game']} "
        f"(seed {manifest['seed']}): {manifest['chunks']} chunks in {folder} "
        f"({analysis.computed} computed now)",
        file=out,
    )
    if args.out:
        cards = args.cards or ("text" if Path(args.out).suffix.lower() == ".csv" else "mask")
        path = analysis.write(args.out, columns, cards=cards)
        print(f"wrote {path}", file=out)
    if args.report:
        print(f"report: {analysis.report()}", file=out)
    return 0


def _settings(args: argparse.Namespace, folder: str) -> dict[str, Any]:
    """The analysis's settings: those given, else the folder's, else ``DEFAULTS``."""
    given = {
        "kind": args.kind,
        "deals": args.deals,
        "chunk_size": args.chunk_size,
        "bots": None
        if args.bots is None
        else [b.strip() for b in args.bots.split(",") if b.strip()],
        "objective": args.objective,
        "interval": args.interval,
    }
    manifest = Store(folder).read_manifest() or {}
    return {
        key: value if value is not None else manifest.get(key, DEFAULTS[key])
        for key, value in given.items()
    }
