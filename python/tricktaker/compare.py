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
result is the mean over the deals with its 95% confidence interval: from Student's t
distribution (the default; a normal one with 1.96 standard errors where scipy is missing) or a
BCa bootstrap (``interval="bootstrap"``, scipy). A is better than B when the whole interval lies
above zero. ``Comparison.rows()`` gives every deal of every pair (the pairs are played on the same
deals, so the rows pair up by ``deal``).

Where more than two bots meet, each bot gets a rating: every deal of every pair counts as one
game, won by the bot with the higher payoff (a draw when equal), fed in deal order to the
Plackett-Luce model of ``openskill`` (a maintained Weng-Lin rating library, like TrueSkill). A
rating is ``mu`` with its uncertainty ``sigma``; bots are ranked by ``mu - 3 sigma``, the
conservative estimate (``ordinal``). Without ``openskill`` installed there is no rating.

A long comparison can run on several processes (``jobs``) and keep each finished part of its
deals in a journal, from which an interrupted run resumes (``tricktaker.tournament``); the
result is the same whatever the number of processes.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker.bots import Bot, bind_bot, make_bot
from tricktaker.errors import Error, Unsupported
from tricktaker.protocol.base import Deal, Game, check_seed, new_seed
from tricktaker.protocol.family import capability
from tricktaker.protocol.options import options_to_dict
from tricktaker.protocol.summary import Metric
from tricktaker.registry import load
from tricktaker.sim import BotSpec, bot_seed, deal_seed, play_deal, summary_adapter
from tricktaker.tournament import Journal, Part, Rows, parts_of, run_parts

__all__ = [
    "INTERVALS",
    "Comparison",
    "Metric",
    "PairResult",
    "Rating",
    "compare",
    "interval",
    "t_quantile",
    "metric_for",
    "ratings",
    "seatings",
]

CONFIDENCE = 0.95
INTERVALS = ("t", "bootstrap")
BOOTSTRAP_RESAMPLES = 9999
# Deals per part of a comparison run in parts (each deal is played several times per pair).
PART_SIZE = 10


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile for ``0.5 <= p < 1`` without scipy (which the core install lacks):
    the density integrated by Simpson's rule and the quantile found by bisection, accurate to
    about 1e-9 for the confidences used here."""
    log_norm = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)

    def density(x: float) -> float:
        return math.exp(log_norm - (df + 1) / 2 * math.log1p(x * x / df))

    def cdf_above_half(t: float, steps: int = 2000) -> float:
        h = t / steps
        inner = sum((4 if k % 2 else 2) * density(k * h) for k in range(1, steps))
        return (density(0.0) + inner + density(t)) * h / 3

    target, low, high = p - 0.5, 0.0, 1.0
    while cdf_above_half(high) < target:
        high *= 2
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if cdf_above_half(mid) < target else (low, mid)
    return (low + high) / 2


def interval(
    diffs: npt.ArrayLike, method: str = "t", confidence: float = CONFIDENCE, seed: int = 0
) -> tuple[float, float]:
    """The ``confidence`` interval of the mean of ``diffs``: ``"t"`` from Student's t
    distribution with n - 1 degrees of freedom (a normal one where scipy is missing), or
    ``"bootstrap"``, a BCa bootstrap of ``BOOTSTRAP_RESAMPLES`` resamples drawn from ``seed``.
    Fewer than two values give an unbounded interval."""
    if method not in INTERVALS:
        raise Error(f"unknown interval {method!r}; intervals: {', '.join(INTERVALS)}")
    values = np.asarray(diffs, dtype=np.float64)
    n = len(values)
    if n < 2:
        return (-math.inf, math.inf)
    mean = float(values.mean())
    if float(values.std()) == 0.0:  # every deal the same: nothing to resample, no spread
        return (mean, mean)
    try:
        from scipy import stats
    except ImportError:
        if method == "bootstrap":
            raise Unsupported("the bootstrap interval needs scipy: pip install scipy") from None
        quantile = t_quantile((1 + confidence) / 2, n - 1)
        half = quantile * float(values.std(ddof=1)) / math.sqrt(n)
        return (mean - half, mean + half)
    if method == "t":
        half = float(stats.t.ppf((1 + confidence) / 2, n - 1)) * float(stats.sem(values))
        return (mean - half, mean + half)
    result = stats.bootstrap(
        (values,),
        np.mean,
        confidence_level=confidence,
        n_resamples=BOOTSTRAP_RESAMPLES,
        method="BCa",
        rng=np.random.default_rng(seed),
    )
    return (float(result.confidence_interval.low), float(result.confidence_interval.high))


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
    method: str = "t"
    # per deal: the seed it was dealt from, and A's and B's mean payoffs over its seatings
    seeds: npt.NDArray[np.uint64] = field(
        default_factory=lambda: np.zeros(0, np.uint64), repr=False
    )
    payoffs: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros((0, 2)), repr=False)

    @property
    def mean(self) -> float:
        return float(self.diffs.mean()) if len(self.diffs) else 0.0

    @cached_property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of ``mean`` (worked out once: a bootstrap resamples)."""
        return interval(self.diffs, self.method)

    @property
    def half_width(self) -> float:
        lo, hi = self.interval
        return (hi - lo) / 2

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
            "interval": self.method,
            "payoff_first": self.payoff_first,
            "payoff_second": self.payoff_second,
            "verdict": self.verdict,
            "seconds": self.seconds,
        }


@dataclass(frozen=True)
class Rating:
    """A bot's rating: ``mu`` with its uncertainty ``sigma``; ``ordinal`` = mu - 3 sigma."""

    bot: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, Any]:
        return {"bot": self.bot, "mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


def ratings(pairs: Sequence[PairResult]) -> list[Rating] | None:
    """Every bot's Plackett-Luce rating (``openskill``) from the deals of ``pairs``, best
    first; None without ``openskill``. Deal ``k`` of every pair is rated before deal ``k + 1``
    of any, so no pair's deals all come first."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce()
    names = list(dict.fromkeys(n for p in pairs for n in (p.first, p.second)))
    current = {name: model.rating(name=name) for name in names}
    for k in range(max((p.deals for p in pairs), default=0)):
        for p in pairs:
            if k >= len(p.diffs):
                continue
            d = float(p.diffs[k])
            ranks = [0.0, 0.0] if d == 0 else ([0.0, 1.0] if d > 0 else [1.0, 0.0])
            [[a], [b]] = model.rate([[current[p.first]], [current[p.second]]], ranks=ranks)
            current[p.first], current[p.second] = a, b
    out = [Rating(n, float(r.mu), float(r.sigma)) for n, r in current.items()]
    return sorted(out, key=lambda r: -r.ordinal)


@dataclass
class Comparison:
    """Every pair's result of a comparison run, and the bots' ratings when more than two met."""

    game: str
    options: dict[str, Any]
    seed: int
    deals: int
    metric: str
    pairs: list[PairResult]
    interval: str = "t"

    @property
    def ratings(self) -> list[Rating] | None:
        """Each bot's rating, best first, when more than two bots met (and ``openskill`` is
        installed); else None."""
        if len({n for p in self.pairs for n in (p.first, p.second)}) <= 2:
            return None
        return ratings(self.pairs)

    def rows(self) -> list[dict[str, Any]]:
        """One row per deal of every pair: the bots, the deal's index and seed, the difference
        (first minus second) and each bot's mean payoff over the deal's seatings."""
        out = []
        for p in self.pairs:
            for k in range(len(p.diffs)):
                out.append(
                    {
                        "first": p.first,
                        "second": p.second,
                        "deal": k,
                        "seed": int(p.seeds[k]) if len(p.seeds) else None,
                        "difference": float(p.diffs[k]),
                        "payoff_first": float(p.payoffs[k, 0]) if len(p.payoffs) else None,
                        "payoff_second": float(p.payoffs[k, 1]) if len(p.payoffs) else None,
                    }
                )
        return out

    def table(self) -> str:
        label = "95% t interval" if self.interval == "t" else "95% bootstrap"
        lines = [
            f"{self.game}: bots compared on {self.deals:,} duplicate deals, seed {self.seed}",
            f"metric: {self.metric}; difference = first minus second, per deal",
            f"{'first vs second':<24}{'difference':>11}  {label:<22}{'plays':>6}  verdict",
        ]
        for p in self.pairs:
            lo, hi = p.interval
            name = f"{p.first} vs {p.second}"
            lines.append(
                f"{name:<24}{p.mean:>+11.3f}  [{lo:+.3f}, {hi:+.3f}]".ljust(59)
                + f"{p.deals * p.plays_per_deal:>6}  {p.verdict}"
            )
        rated = self.ratings
        if rated:
            lines.append("ratings (openskill Plackett-Luce; ranked by mu - 3 sigma):")
            for r in rated:
                lines.append(f"  {r.bot:<20} mu {r.mu:6.2f}  sigma {r.sigma:5.2f}")
        return "\n".join(lines)

    def to_dict(self, per_deal: bool = False) -> dict[str, Any]:
        rated = self.ratings
        out: dict[str, Any] = {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "deals": self.deals,
            "metric": self.metric,
            "interval": self.interval,
            "pairs": [p.to_dict() for p in self.pairs],
            "ratings": None if rated is None else [r.to_dict() for r in rated],
        }
        if per_deal:
            out["per_deal"] = self.rows()
        return out


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


def _default_new_deal(game: Game, seed: int) -> Deal:
    return game.new_deal(seed=seed)


@dataclass
class _ComparisonRun:
    """Deal ``k`` of pair ``p`` is unit ``p * deals + k`` of the run: a part is a range of
    units, so the parts of a run in parallel cut across pairs freely. Holds names and values
    (picklable for a process); the game and bots are built on first use."""

    game_name: str
    options: dict[str, Any]
    bots: tuple[BotSpec, ...]
    deals: int
    seed: int
    _game: Game | None = field(default=None, repr=False)
    _rosters: dict[int, _Roster] = field(default_factory=dict, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_game": None, "_rosters": {}}

    @property
    def pairs(self) -> list[tuple[int, int]]:
        n = len(self.bots)
        return [(i, j) for i in range(n) for j in range(i + 1, n)]

    def play(self, part: Part) -> Rows:
        if self._game is None:
            self._game = load(self.game_name, **self.options)
        game = self._game
        metric = metric_for(game.name)
        make_deal = summary_adapter(game.name).new_deal or _default_new_deal
        rows: Rows = {"pair": [], "deal": [], "seed": [], "difference": [], "a": [], "b": []}
        rows["plays"] = []
        for unit in range(part.first, part.first + part.count):
            p, k = divmod(unit, self.deals)
            i, j = self.pairs[p]
            roster = self._rosters.get(p)
            if roster is None:
                roster = self._rosters[p] = _Roster((self.bots[i], self.bots[j]), game)
            s = deal_seed(self.seed, k)
            diff, a, b, plays = _play_seatings(game, metric, make_deal, roster, s)
            for name, value in zip(
                ("pair", "deal", "seed", "difference", "a", "b", "plays"),
                (p, k, s, diff, a, b, plays),
                strict=True,
            ):
                rows[name].append(value)
        return rows


def _play_seatings(
    game: Game,
    metric: Metric,
    make_deal: Callable[[Game, int], Deal],
    roster: _Roster,
    seed: int,
) -> tuple[float, float, float, int]:
    """One deal played once per seating: the mean difference and A's and B's mean payoffs."""
    # every deal is made alone from its seed (a game whose simulation streams deals out of
    # whole matches is compared on the deal a fresh match begins with)
    layouts = seatings(metric.sides(make_deal(game, seed)))
    diffs, pay_a, pay_b = [], [], []
    for layout in layouts:
        deal = make_deal(game, seed)
        seated = {seat: roster.bot(layout[seat], seat, seed) for seat in range(len(layout))}
        play_deal(deal, seated.__getitem__)
        payoff = metric.payoff(deal)
        a = float(np.mean([payoff[t] for t in range(len(layout)) if layout[t] == 0]))
        b = float(np.mean([payoff[t] for t in range(len(layout)) if layout[t] == 1]))
        diffs.append(a - b)
        pay_a.append(a)
        pay_b.append(b)
    return float(np.mean(diffs)), float(np.mean(pay_a)), float(np.mean(pay_b)), len(layouts)


def compare(
    game: Game | str,
    bots: Sequence[BotSpec],
    deals: int = 100,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    jobs: int = 1,
    journal: str | os.PathLike[str] | None = None,
    interval: str = "t",
) -> Comparison:
    """Compare every pair of ``bots`` (names or bot objects) on the same ``deals`` deals.

    Deal ``i`` is dealt from ``deal_seed(seed, i)`` for every pair and seating, and each bot is
    reset before a play with ``bot_seed(that seed, seat)``, so a run is reproducible: the same
    whatever ``jobs``, the processes it runs on (bot names only when more than one). With
    ``journal`` (a file) each finished part is kept there and a run of the same parameters
    resumes from it. ``interval`` is ``"t"`` or ``"bootstrap"``.
    """
    if isinstance(game, str):
        game = load(game)
    if len(bots) < 2:
        raise ValueError("compare needs two or more bots, e.g. ['rule', 'random']")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals must be a whole number >= 1, got {deals!r}")
    if interval not in INTERVALS:
        raise Error(f"unknown interval {interval!r}; intervals: {', '.join(INTERVALS)}")
    seed = new_seed() if seed is None else check_seed(seed)
    metric = metric_for(game.name)
    for spec in bots:
        make_bot(spec)  # names are checked before anything is played
    if (jobs != 1 or journal is not None) and not all(isinstance(b, str) for b in bots):
        raise ValueError(
            "bots: a comparison in parts takes bot names (each process builds its own)"
        )
    run = _ComparisonRun(game.name, options_to_dict(game.options), tuple(bots), deals, seed)
    run._game = game
    header = {
        "kind": "compare",
        "game": run.game_name,
        "options": run.options,
        "bots": [_spec_name(b) for b in bots],
        "deals": deals,
        "seed": str(seed),
        "part_size": PART_SIZE,
    }
    start = time.perf_counter()
    units = parts_of(len(run.pairs) * deals, PART_SIZE)
    if journal is None:
        rows = run_parts(run.play, units, jobs=jobs, progress=progress)
    else:
        with Journal(journal, header) as book:
            rows = run_parts(run.play, units, jobs=jobs, journal=book, progress=progress)
    seconds = time.perf_counter() - start
    results = []
    for p, (i, j) in enumerate(run.pairs):
        at = slice(p * deals, (p + 1) * deals)  # rows come in unit order: pair-major
        pay = np.column_stack([rows["a"][at], rows["b"][at]]).astype(np.float64)
        results.append(
            PairResult(
                first=_spec_name(bots[i]),
                second=_spec_name(bots[j]),
                deals=deals,
                plays_per_deal=int(rows["plays"][at][0]),
                seconds=seconds / len(run.pairs),
                diffs=np.asarray(rows["difference"][at], dtype=np.float64),
                payoff_first=float(pay[:, 0].mean()),
                payoff_second=float(pay[:, 1].mean()),
                method=interval,
                seeds=np.asarray(rows["seed"][at], dtype=np.uint64),
                payoffs=pay,
            )
        )
    return Comparison(
        game=game.name,
        options=run.options,
        seed=seed,
        deals=deals,
        metric=metric.name,
        pairs=results,
        interval=interval,
    )
