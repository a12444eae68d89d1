"""``tricktaker solve``: the double-dummy value of a position and of each legal card."""

from __future__ import annotations

import argparse
from typing import TextIO

from tricktaker.games.base import Game


def run_solve(args: argparse.Namespace, game: Game, out: TextIO) -> int:
    """``tricktaker solve GAME POSITION``: the value and a table of every legal card's value."""
    from tricktaker.solve import solve

    parse = getattr(game, "parse_position", None)
    if parse is None:
        raise ValueError(f"{game.name} has no position text to solve")
    deal = parse(args.position)
    print(solve(deal, objective=args.objective, side=args.side).table(), file=out)
    return 0
