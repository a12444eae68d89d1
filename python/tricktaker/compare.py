"""Comparing bots fairly: duplicate deals with the seats swapped, and 95% confidence intervals.

>>> import tricktaker as tt
>>> from tricktaker.compare import compare
>>> result = compare(tt.load("klaverjas"), ["rule", "random"], deals=6, seed=1)
>>> pair = result.pairs[0]
>>> (pair.first, pair.second, pair.deals, pair.plays_per_deal)
('rule', 'random', 6, 2)
>>> pair.mean > 0
True

Every deal of a comparison between bots A and B is played several times from the same cards
(the same seed), once for each *seating*: A on one side and B on the others, then B there and A
on the others, for every side. In a partnership game (Klaverjas, Kiksas, All Fours with four)
that is two plays: A at N-S and B at E-W, then the other way round. In a game where everyone
plays alone (Trikiksis, cutthroat Pitch, Kirves) it is 2n plays: A alone against n-1 copies of
B at every seat, and B alone against copies of A.

The figure compared is the game's own *payoff per seat* of a deal (a ``Metric``, the family's
``metric`` capability in ``games/<family>/summary.py``): the deal score of the seat's team in
Klaverjas, the points the seat's side gains in All Fours and Pitch, the figures the other side
receives minus those the seat's side receives in Kiksas and Trikiksis (plus, in a writing deal,
where figures are rare, the card-point margin over 138: a deal won 138 to 0 counts like one
figure), the tricks of the seat's side in Whist, and so on. A play's difference is the mean
payoff of A's seats minus that of B's; a deal's difference is the mean over its seatings; the
result is the mean over the deals with its 95% confidence interval (normal approximation, 1.96
standard errors). A is better than B when the whole interval lies above zero.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker.bots import Bot, bind_bot, make_bot
from tricktaker.errors import Unsupported
from tricktaker.protocol.base import Game, check_seed, new_seed
from tricktaker.protocol.family import capability
from tricktaker.protocol.options import options_to_dict
from tricktaker.protocol.summary import Metric
from tricktaker.registry import load
from tricktaker.sim import BotSpec, bot_seed, deal_seed, play_deal, summary_adapter

__all__ = [
    "Comparison",
    "Metric",
    "PairResult",
    "compare",
    "metric_for",
    "seatings",
]

Z95 = 1.959963984540054


def metric_for(game: str) -> Metric:
    """How ``compare`` scores a game (by its ``Game.name``): its family's ``metric``
    capability; ``tt.Unsupported`` when the family has none."""
    try:
        metric: Metric = capability(game, "metric")
    except Unsupported:
        raise
    except ValueError as exc:  # not a game at all
        raise ValueError(f"no comparison metric for game {game!r}: {exc}") from None
    return metric


def seatings(sides: Sequence[int]) -> list[tuple[int, ...]]:
    """Every seating of two bots (0 = A, 1 = B) used for a deal whose seats have ``sides``.

    For each side: A on it and B elsewhere, and B on it and A elsewhere; duplicates removed.
    """
    out: list[tuple[int, ...]] = []
    for side in sorted(set(sides)):
        for a, b in ((0, 1), (1, 0)):
            seating = tuple(a if s == side else b for s in sides)
            if seating not in out:
                out.append(seating)
    return out


@dataclass
class PairResult:
    """A against B over duplicate deals: the per-deal differences and their interval."""

    first: str
    second: str
    deals: int
    plays_per_deal: int
    seconds: float
    diffs: npt.NDArray[np.float64] = field(repr=False)
    payoff_first: float = 0.0
    payoff_second: float = 0.0

    @property
    def mean(self) -> float:
        return float(self.diffs.mean()) if len(self.diffs) else 0.0

    @property
    def half_width(self) -> float:
        n = len(self.diffs)
        if n < 2:
            return math.inf
        return Z95 * float(self.diffs.std(ddof=1)) / math.sqrt(n)

    @property
    def interval(self) -> tuple[float, float]:
        return (self.mean - self.half_width, self.mean + self.half_width)

    @property
    def verdict(self) -> str:
        lo, hi = self.interval
        if lo > 0:
            return f"{self.first} better"
        if hi < 0:
            return f"{self.second} better"
        return "no clear difference"

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {
            "first": self.first,
            "second": self.second,
            "deals": self.deals,
            "plays_per_deal": self.plays_per_deal,
            "mean_difference": self.mean,
            "ci95": [lo, hi],
            "payoff_first": self.payoff_first,
            "payoff_second": self.payoff_second,
            "verdict": self.verdict,
            "seconds": self.seconds,
        }


@dataclass
class Comparison:
    """Every pair's result of a comparison run."""

    game: str
    options: dict[str, Any]
    seed: int
    deals: int
    metric: str
    pairs: list[PairResult]

    def table(self) -> str:
        lines = [
            f"{self.game}: bots compared on {self.deals:,} duplicate deals, seed {self.seed}",
            f"metric: {self.metric}; difference = first minus second, per deal",
            f"{'first vs second':<24}{'difference':>11}  {'95% interval':<22}{'plays':>6}  verdict",
        ]
        for p in self.pairs:
            lo, hi = p.interval
            name = f"{p.first} vs {p.second}"
            lines.append(
                f"{name:<24}{p.mean:>+11.3f}  [{lo:+.3f}, {hi:+.3f}]".ljust(59)
                + f"{p.deals * p.plays_per_deal:>6}  {p.verdict}"
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "deals": self.deals,
            "metric": self.metric,
            "pairs": [p.to_dict() for p in self.pairs],
        }


def _spec_name(spec: BotSpec) -> str:
    return spec if isinstance(spec, str) else type(spec).__name__


class _Roster:
    """The bots of one pair: one object per (bot, seat), reset before every play."""

    def __init__(self, specs: tuple[BotSpec, BotSpec], game: Game) -> None:
        self.specs = specs
        self.game = game
        self.instances: dict[tuple[int, int], Bot] = {}

    def bot(self, which: int, seat: int, seed: int) -> Bot:
        key = (which, seat)
        bot = self.instances.get(key)
        if bot is None:
            bot = self.instances[key] = make_bot(self.specs[which], bot_seed(seed, seat))
            bind_bot(bot, self.game)
        bot.reset(bot_seed(seed, seat))
        return bot


def compare(
    game: Game | str,
    bots: Sequence[BotSpec],
    deals: int = 100,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Comparison:
    """Compare every pair of ``bots`` (names or bot objects) on the same ``deals`` deals.

    Deal ``i`` is dealt from ``deal_seed(seed, i)`` for every pair and seating, and each bot is
    reset before a play with ``bot_seed(that seed, seat)``, so a run is reproducible.
    """
    if isinstance(game, str):
        game = load(game)
    if len(bots) < 2:
        raise ValueError("compare needs two or more bots, e.g. ['rule', 'random']")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals must be a whole number >= 1, got {deals!r}")
    seed = new_seed() if seed is None else check_seed(seed)
    metric = metric_for(game.name)
    adapter = summary_adapter(game.name)
    for spec in bots:
        make_bot(spec)  # names are checked before anything is played
    # every deal is made alone from its seed (a game whose simulation streams deals out of
    # whole matches is compared on the deal a fresh match begins with)
    make_deal = adapter.new_deal or (lambda g, s: g.new_deal(seed=s))
    pairs = [(i, j) for i in range(len(bots)) for j in range(i + 1, len(bots))]
    total = len(pairs) * deals
    done = 0
    results = []
    for i, j in pairs:
        roster = _Roster((bots[i], bots[j]), game)
        diffs = np.zeros(deals)
        pay = np.zeros((deals, 2))
        plays = 0
        start = time.perf_counter()
        for k in range(deals):
            s = deal_seed(seed, k)
            sides = metric.sides(make_deal(game, s))
            layouts = seatings(sides)
            plays = len(layouts)
            deal_diffs = []
            for layout in layouts:
                deal = make_deal(game, s)
                seated = {seat: roster.bot(layout[seat], seat, s) for seat in range(len(layout))}
                play_deal(deal, seated.__getitem__)
                payoff = metric.payoff(deal)
                a = [payoff[t] for t in range(len(layout)) if layout[t] == 0]
                b = [payoff[t] for t in range(len(layout)) if layout[t] == 1]
                deal_diffs.append(float(np.mean(a)) - float(np.mean(b)))
                pay[k, 0] += float(np.mean(a)) / len(layouts)
                pay[k, 1] += float(np.mean(b)) / len(layouts)
            diffs[k] = float(np.mean(deal_diffs))
            done += 1
            if progress is not None:
                progress(done, total)
        results.append(
            PairResult(
                first=_spec_name(bots[i]),
                second=_spec_name(bots[j]),
                deals=deals,
                plays_per_deal=plays,
                seconds=time.perf_counter() - start,
                diffs=diffs,
                payoff_first=float(pay[:, 0].mean()),
                payoff_second=float(pay[:, 1].mean()),
            )
        )
    return Comparison(
        game=game.name,
        options=options_to_dict(game.options),
        seed=seed,
        deals=deals,
        metric=metric.name,
        pairs=results,
    )
