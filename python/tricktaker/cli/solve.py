"""``tricktaker solve``: the double-dummy value of a position and of each legal card."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from tricktaker.protocol.base import Game
from tricktaker.results import axes_of
from tricktaker.solve import NO_VALUE, dd_table, solve


def run_solve(args: argparse.Namespace, game: Game, out: TextIO) -> int:
    """``tricktaker solve GAME POSITION``: the value and a table of every legal card's value."""
    parse = getattr(game, "parse_position", None)
    if parse is None:
        raise ValueError(f"{game.name} has no position text to solve")
    deal = parse(args.position)
    print(solve(deal, objective=args.objective, side=args.side).table(), file=out)
    if args.dd_table:
        print(format_dd_table(deal, args.objective), file=out)
    return 0


def format_dd_table(deal: Any, objective: str | None) -> str:
    """``tt.dd_table`` of the deal as text: a row per trump (strain), a column per side, playing
    team, declarer or trump maker (as the game's table has them)."""
    table = dd_table(deal, objective=objective)
    # the table's own axis labels: trumps, and the sides or seats as the deal names them
    _, (rows, columns) = axes_of(table)
    lines = ["trump " + "".join(f"{c:>6}" for c in columns)]
    for label, row in zip(rows, table, strict=True):
        cells = "".join(f"{'-' if v == NO_VALUE else int(v):>6}" for v in row)
        lines.append(f"{label:<5} {cells}")
    return "\n".join(lines)
