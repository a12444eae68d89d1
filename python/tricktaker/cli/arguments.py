"""The command line: the parser of every subcommand, game options as ``key=value``, and loading
the game the arguments name."""

from __future__ import annotations

import argparse
import os
import re
from typing import Any

import tricktaker
from tricktaker.bots import bot_names
from tricktaker.cli.analyze import add_analyze_arguments
from tricktaker.cli.serve import add_serve_parser
from tricktaker.protocol.base import Game
from tricktaker.protocol.tables import GENERIC_OBJECTIVES
from tricktaker.registry import games, load
from tricktaker.solve import objectives


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_option_value(text: str) -> bool | int | str:
    """``true`` / ``false`` (any case) as booleans, whole numbers as ints, the rest as text."""
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text.strip())
    except ValueError:
        return text


def _key_value(text: str) -> tuple[str, bool | int | str]:
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise argparse.ArgumentTypeError(f"expected key=value, got {text!r}")
    return key.strip(), parse_option_value(value)


def _jobs(text: str) -> int:
    """A number of processes: 0 for every core."""
    value = int(text) if text.strip().isdigit() else -1
    if value < 0:
        raise argparse.ArgumentTypeError(
            f"expected a whole number >= 0 (0: every core), got {text!r}"
        )
    return value if value > 0 else os.cpu_count() or 1


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError("a seed is a whole number 0 <= seed < 2**64")
    return value


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"the game: {', '.join(games())} (see 'tricktaker games')")
    parser.add_argument("--seed", type=_seed, help="seed for every random choice (default: new)")
    parser.add_argument("--preset", help="a named bundle of options of the game")
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        type=_key_value,
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable); true/false and whole numbers are parsed",
    )
    parser.add_argument(
        "--num-players",
        type=_positive_int,
        help="number of players (games that allow a choice); solve reads it from a position "
        "that names it (players=4)",
    )


def _objective_help() -> str:
    """The solver's objectives, every game's and those of one game's deals (the records')."""
    generic = [name for name in objectives() if name in GENERIC_OBJECTIVES]
    own = [name for name in objectives() if name not in GENERIC_OBJECTIVES]
    return (
        f"{', '.join(generic)}, or an objective of a game's own deals ({', '.join(own)}); "
        "default: the game's own"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tricktaker",
        description="Traditional trick-taking card games: play in the terminal or simulate.",
    )
    parser.add_argument(
        "--version", action="version", version=f"tricktaker {tricktaker.__version__}"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser("play", help="play a game in the terminal against bots")
    _game_options(play)
    play.add_argument(
        "--seats",
        help="which seats people play: S (the default), N,S, NS, 0,2, P3, all or none",
    )
    play.add_argument(
        "--deals",
        type=_positive_int,
        help="1: play a single deal; N: stop the match after N deals (default: the whole match)",
    )
    play.add_argument(
        "--bot",
        default="rule",
        help=f"the bots' kind ({', '.join(bot_names())}; default: rule, the rule-based bot)",
    )

    sim = sub.add_parser("simulate", help="let bots play many deals and summarize them")
    _game_options(sim)
    sim.add_argument("--deals", type=_positive_int, default=1000, help="number of deals")
    sim.add_argument(
        "--bots",
        default="random",
        help=f"one bot for every seat; or two or more bots, comma-separated, compared on "
        f"duplicate deals with the seats swapped ({', '.join(bot_names())})",
    )
    sim.add_argument(
        "--per-seat",
        action="store_true",
        help="take the comma-separated bots as one bot per seat instead of comparing them",
    )
    sim.add_argument("--json", action="store_true", help="print machine-readable JSON")
    sim.add_argument(
        "--per-deal", action="store_true", help="with --json: include every deal's row"
    )
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: when stderr is a terminal)",
    )
    sim.add_argument(
        "--out", help="also write every deal's labelled row to FILE.parquet or FILE.csv"
    )

    ana = sub.add_parser(
        "analyze", help="DD tables, playouts or bot comparisons over many deals, to Parquet"
    )
    _game_options(ana)
    add_analyze_arguments(ana, _positive_int)
    sim.add_argument(
        "--jobs",
        type=_jobs,
        default=1,
        help="processes to play on (0: every core; default 1); the results do not depend on it",
    )
    sim.add_argument(
        "--journal",
        metavar="FILE",
        help="keep each finished part of the run in FILE (JSON Lines), kept after the run "
        "(default: a journal in the current folder, removed when the run completes)",
    )
    sim.add_argument(
        "--resume",
        metavar="FILE",
        help="resume the interrupted run whose journal is FILE (give the same game, options, "
        "bots, deals and seed)",
    )
    sim.add_argument(
        "--interval",
        choices=("t", "bootstrap"),
        default="t",
        help="comparing bots: the 95%% interval from Student's t (default) or a bootstrap",
    )

    slv = sub.add_parser("solve", help="double-dummy value of a position and of each legal card")
    _game_options(slv)
    slv.add_argument("position", help="the game's position text, as a deal's position() writes it")
    slv.add_argument(
        "--objective",
        help=_objective_help(),
    )
    slv.add_argument(
        "--side",
        help="a side number, the side's name as the game shows it (A, B), a seat's name (its "
        "side) or a side's seats run together (NS, AC); default: the side to move",
    )
    slv.add_argument(
        "--dd-table",
        action="store_true",
        help="also the value of every trump choice of the deal as dealt (tt.dd_table)",
    )

    gms = sub.add_parser("games", help="list the games, their presets and options")
    gms.add_argument("game", nargs="?", help="show this game's options")
    gms.add_argument(
        "--json", action="store_true", help="print tt.games() as JSON (options, capabilities)"
    )
    add_serve_parser(sub)
    return parser


def _load_game(args: argparse.Namespace) -> Game:
    options: dict[str, Any] = dict(args.option)
    num_players = args.num_players
    if num_players is None and getattr(args, "position", None):
        # A position that names its player count in its head (``players=4``) needs no option.
        found = re.search(r"(?:^|\s)players=(\d+)(?=\s|$)", args.position)
        num_players = int(found.group(1)) if found else None
    if num_players is not None:
        options["num_players"] = num_players
    return load(args.game, preset=args.preset, **options)
