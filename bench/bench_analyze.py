"""Deals per second of ``tricktaker analyze`` with 1 and 2 local worker processes (and a Dask
LocalCluster of two workers with ``--dask``), side by side in one run.

    python bench/bench_analyze.py --game kiksas --kind dd --deals 400 --chunk-size 50

Each setting runs the same analysis in a fresh temporary folder; the figures include starting
the worker processes, as a user's run does. The rows are checked equal between the settings.

With ``--kind strength`` the study itself (``tricktaker.analyze.study.hand_strength``, in this
process on every core) is also timed solving whole tables and solving only the cells its
features read, the rows checked equal:

    python bench/bench_analyze.py --game klaverjas --kind strength --deals 400 --chunk-size 100
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import pandas as pd

from tricktaker import analyze
from tricktaker.analyze.study import hand_strength


def _timed(folder: Path, args: argparse.Namespace, **where: object) -> tuple[float, pd.DataFrame]:
    start = time.perf_counter()
    result = analyze.run(
        args.game,
        args.kind,
        deals=args.deals,
        seed=args.seed,
        chunk_size=args.chunk_size,
        folder=folder,
        bots=args.bots.split(",") if args.bots else (),
        **where,  # type: ignore[arg-type]
    )
    return args.deals / (time.perf_counter() - start), result.to_pandas()


def _study_rates(args: argparse.Namespace) -> dict[str, float]:
    """Deals per second of the strength study solving whole tables, then only the cells read."""
    rates = {}
    rows = {}
    for name, every_cell in (("whole tables", True), ("cells read", False)):
        run = hand_strength(args.game, args.deals, args.seed, every_cell=every_cell)
        rates[name], rows[name] = run.deals_per_second, run.rows
    assert rows["whole tables"].equals(rows["cells read"]), "the rows differ"
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kiksas")
    parser.add_argument("--kind", default="dd")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--chunk-size", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="")
    parser.add_argument("--dask", action="store_true", help="also a Dask LocalCluster of 2")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        rates = {}
        rates["1 worker"], rows = _timed(root / "w1", args, workers=1)
        rates["2 workers"], rows2 = _timed(root / "w2", args, workers=2)
        assert rows.equals(rows2), "the rows differ between 1 and 2 workers"
        if args.dask:
            from distributed import Client, LocalCluster

            with (
                LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as c,  # type: ignore[no-untyped-call]
                Client(c) as client,  # type: ignore[no-untyped-call]
            ):
                rates["dask 2 workers"], rows3 = _timed(root / "dask", args, client=client)
            assert rows.equals(rows3), "the rows differ on Dask"
    print(f"{args.kind} of {args.deals} deals of {args.game}, chunks of {args.chunk_size}")
    for name, rate in rates.items():
        print(f"  {name:<16}{rate:10.1f} deals/s  x{rate / rates['1 worker']:.2f}")
    if args.kind == "strength":
        study = _study_rates(args)
        print(f"the study of {args.deals} deals in this process, every core")
        for name, rate in study.items():
            print(f"  {name:<16}{rate:10.1f} deals/s  x{rate / study['whole tables']:.2f}")


if __name__ == "__main__":
    main()
