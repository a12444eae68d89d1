"""The calls before the card play (the cut, the turned card, speaking, folding ...), for
callgrind's instruction counts.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-instr=no \\
        --toggle-collect=functools_reduce python bench/count_calls.py kirves --deals 40
    ... python bench/count_calls.py kirves --deals 40 --deal-only

The counted part runs inside ``functools.reduce`` (callgrind collects only there), after a
warm-up round: each seed's ``new_deal`` and then random legal actions, in the bench's loop shape
(``legal_actions()``, ``random.choice``, ``apply``), until the card play starts or the deal
ends; with ``--deal-only``, the ``new_deal`` calls alone. Prints the calls counted: the calls'
instructions each are the difference of the two totals over it.
"""

from __future__ import annotations

import argparse
import functools
import random

import tricktaker as tt
from bench_python_loops import GAMES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--deal-only", action="store_true", help="count only new_deal")
    args = parser.parse_args()
    game = tt.load(args.game, **GAMES[args.game])

    def calls(count: int, seed: int) -> int:
        deal = game.new_deal(seed=seed)
        if args.deal_only:
            return count
        rnd = random.Random(seed)
        while not deal.is_over and deal.phase != "play":
            deal.apply(rnd.choice(deal.legal_actions()))
            count += 1
        return count

    for seed in range(args.deals):  # warm-up, not counted (outside functools.reduce)
        calls(0, seed)
    print("calls", functools.reduce(calls, range(args.deals), 0))


if __name__ == "__main__":
    main()
