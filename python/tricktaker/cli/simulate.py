"""``tricktaker simulate``: bots play many deals; one bot is summarized, several compared."""

from __future__ import annotations

import argparse
import json
import time
from typing import TextIO

from tricktaker.bots import Bot
from tricktaker.compare import compare
from tricktaker.protocol.base import Game
from tricktaker.sim import simulate


class ProgressBar:
    """A one-line progress bar, redrawn at most ten times a second."""

    def __init__(self, stream: TextIO, label: str, width: int = 30) -> None:
        self.stream = stream
        self.label = label
        self.width = width
        self.start = time.perf_counter()
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        frac = done / total if total else 1.0
        filled = int(frac * self.width)
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(
            f"\r{self.label} [{bar}] {frac:4.0%} {done:,}/{total:,} "
            f"{rate:,.0f} deals/s ETA {eta:.0f}s "
        )
        self.shown = True
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def run_simulate(args: argparse.Namespace, game: Game, out: TextIO, err: TextIO) -> int:
    show = args.progress if args.progress is not None else err.isatty()
    bar = ProgressBar(err, f"simulating {game.name}") if show else None
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if len(specs) > 1 and not args.per_seat:
        return run_compare(args, game, specs, out, err, bar)
    bots: str | list[str | Bot] = specs[0] if len(specs) == 1 else list(specs)
    results = simulate(game, deals=args.deals, bots=bots, seed=args.seed, progress=bar)
    if args.json:
        print(json.dumps(results.to_dict(per_deal=args.per_deal), indent=2), file=out)
        return 0
    print(results.table(), file=out)
    print(
        f"{results.deals:,} deals in {results.seconds:.2f} s: "
        f"{results.deals_per_second:,.0f} deals per second",
        file=out,
    )
    return 0


def run_compare(
    args: argparse.Namespace,
    game: Game,
    specs: list[str],
    out: TextIO,
    err: TextIO,
    bar: ProgressBar | None,
) -> int:
    if bar is not None:
        bar.label = f"comparing bots on {game.name}"
    result = compare(game, specs, deals=args.deals, seed=args.seed, progress=bar)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2), file=out)
        return 0
    print(result.table(), file=out)
    seconds = sum(p.seconds for p in result.pairs)
    plays = sum(p.deals * p.plays_per_deal for p in result.pairs)
    print(f"{plays:,} plays in {seconds:.1f} s", file=out)
    return 0
