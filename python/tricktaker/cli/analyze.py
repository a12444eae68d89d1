"""``tricktaker analyze``: double-dummy tables, playouts, simulations or bot comparisons over many
deals, in Parquet chunks under a folder (``tricktaker.analyze``); ``--out`` gathers them in one
file."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from tricktaker.analyze import DEFAULT_CHUNK_SIZE, KINDS, run
from tricktaker.errors import Error
from tricktaker.protocol.base import Game


def add_analyze_arguments(parser: argparse.ArgumentParser, positive_int: Any) -> None:
    """The options of ``tricktaker analyze`` (beside the game options every command has)."""
    parser.add_argument(
        "--kind",
        choices=list(KINDS),
        default="dd",
        help="; ".join(f"{name}: {doc}" for name, (_, doc) in KINDS.items()),
    )
    parser.add_argument("--deals", type=positive_int, default=1000, help="number of deals")
    parser.add_argument(
        "--folder",
        help="the folder of Parquet chunks and manifest.json (default: the --out file's name "
        "with .chunks); a rerun in it skips finished chunks",
    )
    parser.add_argument(
        "--chunk-size", type=positive_int, default=DEFAULT_CHUNK_SIZE, help="deals per chunk"
    )
    parser.add_argument(
        "--workers", type=positive_int, help="local processes (default: every core)"
    )
    parser.add_argument(
        "--scheduler", help="a Dask scheduler's address (tcp://host:port): run the chunks there"
    )
    parser.add_argument(
        "--bots", default="", help="simulate: one bot for every seat; compare: two or more"
    )
    parser.add_argument("--objective", help="dd: the solver's objective (default: the game's)")
    parser.add_argument("--out", help="also write every row to one FILE.parquet or FILE.csv")
    parser.add_argument("--columns", help="with --out: only these columns (comma-separated)")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: when stderr is a terminal)",
    )


def run_analyze(args: argparse.Namespace, game: Game, out: TextIO, err: TextIO) -> int:
    folder = args.folder or (f"{Path(args.out).with_suffix('')}.chunks" if args.out else None)
    if folder is None:
        raise Error("give --folder DIR for the chunks (or --out FILE.parquet|.csv)")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    columns = [c.strip() for c in args.columns.split(",")] if args.columns else None
    if args.out and Path(args.out).suffix.lower() not in (".parquet", ".csv"):
        raise Error(f"--out takes a .parquet or .csv file, got {args.out!r}")
    show = args.progress if args.progress is not None else err.isatty()
    try:
        analysis = run(
            game,
            args.kind,
            deals=args.deals,
            seed=args.seed,
            folder=folder,
            chunk_size=args.chunk_size,
            bots=bots,
            objective=args.objective,
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
        path = analysis.write(args.out, columns)
        print(f"wrote {path}", file=out)
    return 0
