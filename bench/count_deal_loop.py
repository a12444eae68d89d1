"""The bench's ``Deal`` loop, or only each deal's last action, for callgrind's instruction counts.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-instr=no \\
        --toggle-collect=functools_reduce python bench/count_deal_loop.py kiksas --deals 10
    PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-instr=no \\
        --toggle-collect=functools_reduce python bench/count_deal_loop.py kiksas --deals 20 --last

The counted part runs inside ``functools.reduce`` (callgrind collects only there): the loop of
``bench_python_loops.py`` (``legal_actions()``, ``random.choice``, ``apply`` from the start of
the card play) over the deals' clones three times after a warm-up round; or, with ``--last``,
the last action of each deal, applied to a clone made just before it (a deal that ends before
its card play has none). Prints the actions counted: the instructions per action are callgrind's
total over it.
"""

from __future__ import annotations

import argparse
import functools
import random
from typing import Any

from bench_python_loops import game_positions, play_deals
from tricktaker.protocol.base import Action, Deal


def last_actions(positions: list[Deal]) -> list[tuple[Deal, Action]]:
    """Each deal's clone just before its last action, and that action (random play)."""
    rnd = random.Random(0)
    out = []
    for position in positions:
        deal = position.clone()
        while True:
            action = rnd.choice(deal.legal_actions())
            before = deal.clone()
            deal.apply(action)
            if deal.is_over:
                out.append((before, action))
                break
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--last", action="store_true", help="count only each deal's last action")
    args = parser.parse_args()
    positions = game_positions(args.game, args.deals)
    if args.last:
        lasts = last_actions(positions)
        for deal, action in lasts:  # warm-up, on copies
            deal.clone().apply(action)

        def one(count: int, item: tuple[Deal, Action]) -> int:
            item[0].apply(item[1])
            return count + 1

        total: Any = functools.reduce(one, lasts, 0)
    else:
        play_deals([d.clone() for d in positions], random.Random(99))  # warm-up
        batches = [[d.clone() for d in positions] for _ in range(3)]
        rnd = random.Random(1)
        total = functools.reduce(lambda n, batch: n + play_deals(batch, rnd), batches, 0)
    print("actions", total)


if __name__ == "__main__":
    main()
