"""``tricktaker simulate``: bots play many deals; one bot is summarized, several compared."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from tricktaker.analyze.store import write_file
from tricktaker.compare import compare
from tricktaker.errors import Error, Unsupported
from tricktaker.protocol.base import Game, new_seed
from tricktaker.sim import simulate, summary_adapter
from tricktaker.tournament import Interrupted, simulate_in_parts


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
    bots: str | list[str] = specs[0] if len(specs) == 1 else list(specs)
    seed = args.seed if args.seed is not None else new_seed()
    if summary_adapter(game.name).deal_stream is not None:
        # Deals that follow from each other are one run, not parts: no journal, one process.
        if args.jobs > 1 or args.journal or args.resume:
            raise Unsupported(
                f"{game.name}'s deals follow from each other, so its simulation runs in one "
                "piece: --jobs, --journal and --resume do not apply"
            )
        results = simulate(game, deals=args.deals, bots=bots, seed=seed, progress=bar)
    else:
        with _journal(args, game, "simulate", seed, err) as journal:
            results = simulate_in_parts(
                game, args.deals, bots, seed, jobs=args.jobs, journal=journal, progress=bar
            )
    if getattr(args, "out", None):
        print(f"wrote {write_file(results.to_arrow(), args.out)}", file=err)
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
    if getattr(args, "out", None):
        raise Error(
            "--out writes the deals of one bot; compare bots into a file with "
            "'tricktaker analyze GAME --kind compare --bots A,B --out FILE'"
        )
    if bar is not None:
        bar.label = f"comparing bots on {game.name}"
    seed = args.seed if args.seed is not None else new_seed()
    with _journal(args, game, "compare", seed, err) as journal:
        result = compare(
            game,
            specs,
            deals=args.deals,
            seed=seed,
            progress=bar,
            jobs=args.jobs,
            journal=journal,
            interval=args.interval,
        )
    if args.json:
        print(json.dumps(result.to_dict(per_deal=args.per_deal), indent=2), file=out)
        return 0
    print(result.table(), file=out)
    seconds = sum(p.seconds for p in result.pairs)
    plays = sum(p.deals * p.plays_per_deal for p in result.pairs)
    print(f"{plays:,} plays in {seconds:.1f} s", file=out)
    return 0


@contextmanager
def _journal(
    args: argparse.Namespace, game: Game, kind: str, seed: int, err: TextIO
) -> Iterator[Path]:
    """The run's journal: --resume's (which must exist), --journal's, or a default one in the
    current folder. A Ctrl-C is turned into a message saying how to resume; the journal is
    removed once the run completes unless --journal named it."""
    if args.resume:
        path = Path(args.resume)
        if not path.is_file():
            raise Error(f"--resume {args.resume}: no such journal (--journal FILE makes one)")
    elif args.journal:
        path = Path(args.journal)
    else:
        path = Path(f"tricktaker-{kind}-{game.name}-{seed}.journal")
    try:
        yield path
    except Interrupted as stop:
        print(
            f"\n{stop}.\nResume with: {_resume_command(args, game, seed, path)}",
            file=err,
        )
        raise SystemExit(130) from None
    except BaseException:
        # A run that failed before finishing a part (a bad bot spec, say) leaves no default
        # journal behind: it would hold nothing to resume.
        if not (args.journal or args.resume) and _finished_parts(path) == 0:
            path.unlink(missing_ok=True)
        raise
    if not args.journal:
        path.unlink(missing_ok=True)


def _finished_parts(path: Path) -> int:
    """The finished parts a journal holds (its lines after the header; 0 when there is none)."""
    if not path.is_file():
        return 0
    with path.open(encoding="utf-8") as lines:
        return max(0, sum(1 for line in lines if line.strip()) - 1)


def _resume_command(args: argparse.Namespace, game: Game, seed: int, path: Path) -> str:
    """The command line that resumes this run: the one given, with its seed and journal."""
    words = [w for w in sys.argv[1:]] if sys.argv[1:] else ["simulate", game.name]
    keep: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
            continue
        if word in ("--seed", "--resume", "--journal"):
            skip = True
            continue
        if word.startswith(("--seed=", "--resume=", "--journal=")):
            continue
        keep.append(word)
    if args.journal:
        keep += ["--journal", str(path)]
    return shlex.join(["tricktaker", *keep, "--seed", str(seed), "--resume", str(path)])
