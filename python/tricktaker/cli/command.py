"""``main``: the ``tricktaker`` command, dispatching to the subcommands."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from tricktaker.cli.analyze import run_analyze
from tricktaker.cli.arguments import _load_game, build_parser
from tricktaker.cli.games import run_games
from tricktaker.cli.play import run_play
from tricktaker.cli.serve import run_serve
from tricktaker.cli.simulate import run_simulate
from tricktaker.cli.solve import run_solve


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tricktaker`` command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    out, err = sys.stdout, sys.stderr
    try:
        if args.command == "games":
            return run_games(args, out)
        if args.command == "serve":
            return run_serve(args, sys.stdin, out)
        game = _load_game(args)
        if args.command == "play":
            return run_play(args, game, sys.stdin, out)
        if args.command == "solve":
            return run_solve(args, game, out)
        if args.command == "analyze":
            return run_analyze(args, game, out, err)
        return run_simulate(args, game, out, err)
    except ValueError as exc:
        print(f"tricktaker: error: {exc}", file=err)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=err)
        return 130
    except BrokenPipeError:
        return 1
