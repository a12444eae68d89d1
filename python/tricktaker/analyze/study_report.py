"""A hand-strength study written to a folder: rows, plots and an HTML report.

    python -m tricktaker.analyze.study_report klaverjas --deals 100000 --seed 1 --out study-kl

writes ``hands.parquet`` (the rows of ``tricktaker.analyze.study.hand_strength``),
``made_by_feature.csv`` (the made rate of every feature value with its 95% band),
``hand_strength.png``, ``dd_values.png`` (the double-dummy values of the game's own objective
per trump, over the first ``--dd-deals`` deals) and ``report.html`` gathering them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd  # type: ignore[import-untyped,unused-ignore]

from tricktaker.analyze.plots import made_rate, plot_dd_distribution, plot_hand_strength
from tricktaker.analyze.report import Figure, write_report
from tricktaker.analyze.study import FEATURES, SUITS, StudyRun, hand_strength, ready_deal
from tricktaker.protocol.base import Game
from tricktaker.protocol.family import capability
from tricktaker.registry import load
from tricktaker.sim import deal_seed
from tricktaker.solve import dd_tables

__all__ = ["dd_values", "main", "write_study"]


def dd_values(game: Game, deals: int, seed: int, threads: int = 0) -> pd.DataFrame:
    """The double-dummy table cells of ``deals`` deals with the game's own objective, one row
    per (deal, trump, column): ``trump`` and ``value``."""
    features = capability(game.name, "features")
    batch = [ready_deal(game, deal_seed(seed, i), features) for i in range(deals)]
    tables = dd_tables(batch, threads=threads)[:, :4, :]  # the four suits (no no-trump row)
    trumps = [SUITS[t] for _ in range(deals) for t in range(4) for _ in range(tables.shape[2])]
    values = tables.reshape(-1)
    keep = values > -32768  # a cell with no play (a seat not dealt in)
    return pd.DataFrame({"trump": [t for t, k in zip(trumps, keep, strict=True) if k]}).assign(
        value=values[keep]
    )


def write_study(
    game: Game, deals: int, seed: int, folder: str | Path, *, threads: int = 0, dd_deals: int = 0
) -> tuple[StudyRun, Path]:
    """Run the study and write its folder (module docstring); the run and the report's path."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    run = hand_strength(game, deals, seed, threads=threads)
    run.rows.to_parquet(out / "hands.parquet", index=False)
    rates = pd.concat(
        [made_rate(run.rows, f).rename(columns={f: "value"}).assign(feature=f) for f in FEATURES]
    )
    rates.to_csv(out / "made_by_feature.csv", index=False)
    title = f"{game.name}: which hands make it"
    figures = [
        Figure(
            plot_hand_strength(run.rows, out / "hand_strength.png", title),
            "Hand strength",
            "The share of hands whose side makes the deal at double dummy, by trumps held, "
            "high cards and card points; the grey band is the 95% Clopper-Pearson interval.",
        )
    ]
    if dd_deals:
        values = dd_values(game, dd_deals, seed, threads)
        figures.append(
            Figure(
                plot_dd_distribution(
                    values, out / "dd_values.png", f"{game.name}: double-dummy values", "value"
                ),
                "Double-dummy values per trump",
                f"Every cell of the double-dummy table of {dd_deals:,} deals, by trump suit.",
            )
        )
    notes = [
        f"{deals:,} deals, seed {seed}, {len(run.rows):,} hands judged, "
        f"{run.seconds:.0f} s ({run.deals_per_second:,.0f} deals per second).",
        f"$ python -m tricktaker.analyze.study_report {game.name} --deals {deals} --seed {seed}",
    ]
    report = write_report(out, figures, title=title, notes=notes)
    return run, report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tricktaker.analyze.study_report",
        description="Which hands make it at double dummy: rows, plots and an HTML report.",
    )
    parser.add_argument("game", help="a game name (tricktaker games lists them)")
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True, help="the folder to write")
    parser.add_argument("--threads", type=int, default=0, help="solver threads (0: every core)")
    parser.add_argument(
        "--dd-deals", type=int, default=0, help="deals for the plot of double-dummy values"
    )
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = int(value) if value.isdigit() else value
    game = load(args.game, **options)
    run, report = write_study(
        game, args.deals, args.seed, args.out, threads=args.threads, dd_deals=args.dd_deals
    )
    print(f"{run.deals:,} deals in {run.seconds:.1f} s; report: {report}", file=sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
