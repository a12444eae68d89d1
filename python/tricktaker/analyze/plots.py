"""Plots of an analysis, written as PNG files (the ``plot`` extra: matplotlib, Agg backend).

* ``plot_dd_distribution``: the distribution of double-dummy values for each trump choice;
* ``plot_hand_strength``: the chance that a hand's side makes the deal against each of its
  features (``tricktaker.analyze.study``), with 95% Clopper-Pearson bands;
* ``plot_comparison``: each pair of bots' mean difference with its interval, and the ratings
  when more than two bots met;
* ``plot_score_distribution``: the distribution of a per-deal score, one histogram per side
  or seat.

Each takes plain data (pandas frames, a ``Comparison``), writes one PNG and returns its path.
matplotlib and scipy (the ``plot`` extra) are imported when a plot is drawn, so that the analysis
runs, and this module imports, without them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from tricktaker.compare import Comparison
from tricktaker.errors import Error
from tricktaker.labels import require_pandas

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = [
    "binomial_band",
    "made_rate",
    "plot_comparison",
    "plot_dd_distribution",
    "plot_hand_strength",
    "plot_score_distribution",
]

CONFIDENCE = 0.95
MIN_HANDS = 30  # a feature value seen fewer times is left out of the curve: its band is noise
DPI = 110


def _pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend (files only: no display, safe in worker
    processes and on servers), or a clear error naming the extra that brings it."""
    try:
        import matplotlib
    except ImportError:  # pragma: no cover - the plot extra is installed in the tests
        raise ImportError("plots need matplotlib: pip install 'tricktaker[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot

    return matplotlib.pyplot


def _require(frame: pd.DataFrame, columns: Sequence[str], what: str) -> None:
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise Error(
            f"{what} needs the column(s) {', '.join(missing)}; "
            f"the data has {', '.join(map(str, frame.columns))}"
        )


def _save(figure: Figure, path: str | Path) -> Path:
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, dpi=DPI, bbox_inches="tight")
    _pyplot().close(figure)
    return out


def binomial_band(made: int, total: int) -> tuple[float, float]:
    """The 95% Clopper-Pearson (exact) interval of a rate of ``made`` out of ``total``."""
    from scipy import stats

    ci = stats.binomtest(made, total).proportion_ci(confidence_level=CONFIDENCE, method="exact")
    return float(ci.low), float(ci.high)


def made_rate(rows: pd.DataFrame, feature: str, min_hands: int = MIN_HANDS) -> pd.DataFrame:
    """Per value of ``feature``: ``hands``, ``made`` (how many made it), ``rate`` and its 95%
    band ``low``, ``high``; values seen fewer than ``min_hands`` times are left out."""
    _require(rows, [feature, "made"], "a made rate")
    grouped = rows.groupby(feature, observed=True)["made"].agg(["size", "sum"])
    grouped = grouped[grouped["size"] >= min_hands]
    pd = require_pandas()
    bands = [
        binomial_band(int(m), int(n)) for n, m in zip(grouped["size"], grouped["sum"], strict=True)
    ]
    return pd.DataFrame(
        {
            feature: grouped.index.to_numpy(),
            "hands": grouped["size"].to_numpy(),
            "made": grouped["sum"].to_numpy(),
            "rate": (grouped["sum"] / grouped["size"]).to_numpy(),
            "low": [b[0] for b in bands],
            "high": [b[1] for b in bands],
        }
    )


def _points_bins(points: pd.Series) -> pd.Series:
    """Card points in about ten bins of equal width (their left edge), so each bin holds
    enough hands for a band."""
    top = int(points.max())
    if top <= 12:
        return points
    width = max(1, int(np.ceil((top + 1) / 10)))
    return (points // width) * width


def plot_hand_strength(rows: pd.DataFrame, path: str | Path, title: str) -> Path:
    """Three panels (trumps held, high cards, card points): the rate at which the hand's side
    makes the deal, with its 95% band, one line per trump suit and one for all."""
    _require(rows, ["trump", "trumps", "high_cards", "points", "made"], "a hand-strength plot")
    frame = rows.copy()
    frame["points"] = _points_bins(frame["points"])
    features = [("trumps", "trumps held"), ("high_cards", "high cards held")]
    if frame["points"].nunique() > 1:  # a game without card points gets no points panel
        features.append(("points", "card points held (bins)"))
    figure, axes = _pyplot().subplots(
        1, len(features), figsize=(5 * len(features), 4), squeeze=False
    )
    for ax, (feature, label) in zip(axes[0], features, strict=True):
        overall = made_rate(frame, feature)
        ax.fill_between(overall[feature], overall["low"], overall["high"], alpha=0.25, color="k")
        ax.plot(overall[feature], overall["rate"], "k-o", ms=3, label="all trumps")
        for trump, part in frame.groupby("trump", observed=True):
            curve = made_rate(part, feature)
            if len(curve):
                ax.plot(curve[feature], curve["rate"], "--", lw=1, label=f"trump {trump}")
        ax.set_xlabel(label)
        ax.set_ylabel("share made (95% band)")
        ax.set_ylim(-0.02, 1.02)
        ax.grid(alpha=0.3)
    axes[0][0].legend(fontsize=8, loc="upper left")
    hands = len(frame)
    deals = frame["deal"].nunique() if "deal" in frame.columns else hands
    figure.suptitle(f"{title}\n{hands:,} hands from {deals:,} deals, double dummy")
    return _save(figure, path)


def plot_dd_distribution(values: pd.DataFrame, path: str | Path, title: str, unit: str) -> Path:
    """The distribution of double-dummy ``value`` for each ``trump`` (one violin each, with
    its mean), e.g. the points a playing side takes with each suit as trump. Values that are
    only 0 and 1 (a made or won objective) are drawn as the share of 1s with its 95% band."""
    _require(values, ["trump", "value"], "a double-dummy distribution")
    trumps = [t for t in values["trump"].drop_duplicates()]
    data = [values.loc[values["trump"] == t, "value"].to_numpy(dtype=float) for t in trumps]
    figure, ax = _pyplot().subplots(figsize=(7, 4))
    positions = range(1, len(trumps) + 1)
    if set(np.unique(values["value"])) <= {0, 1}:
        shares = np.array([d.mean() for d in data])
        bands = np.array([binomial_band(int(d.sum()), len(d)) for d in data])
        ax.bar(positions, shares, color="tab:blue", alpha=0.6)
        ax.errorbar(
            positions, shares, yerr=[shares - bands[:, 0], bands[:, 1] - shares], fmt="none",
            ecolor="k", capsize=4,
        )  # fmt: skip
        ax.set_ylim(0, 1)
        ax.set_ylabel(f"share of {unit} = 1 (95% band)")
        labels = [
            f"trump {t}\n({d.mean():.0%} of {len(d):,})" for t, d in zip(trumps, data, strict=True)
        ]
    else:
        ax.violinplot(data, showmeans=True, showextrema=True)
        ax.set_ylabel(unit)
        labels = [f"trump {t}\n(mean {d.mean():.1f})" for t, d in zip(trumps, data, strict=True)]
    ax.set_xticks(positions, labels)
    ax.grid(axis="y", alpha=0.3)
    ax.set_title(f"{title}\n{len(values):,} values, double dummy")
    return _save(figure, path)


def plot_score_distribution(
    rows: pd.DataFrame, columns: Sequence[str], path: str | Path, title: str, unit: str
) -> Path:
    """The distribution of a per-deal score: one step histogram per column (a side's or a
    seat's score), with its mean in the legend."""
    _require(rows, columns, "a score distribution")
    if not columns:
        raise Error("a score distribution needs at least one column")
    data = [rows[c].to_numpy(dtype=float) for c in columns]
    low = min(float(d.min()) for d in data)
    high = max(float(d.max()) for d in data)
    # whole-number scores in few values get one bin each; wider ranges about 40 bins
    if high - low <= 60 and all(np.all(d == np.round(d)) for d in data):
        bins = np.arange(low - 0.5, high + 1.5)
    else:
        bins = np.linspace(low, high, 41) if high > low else np.array([low - 0.5, low + 0.5])
    figure, ax = _pyplot().subplots(figsize=(7, 4))
    for column, values in zip(columns, data, strict=True):
        ax.hist(
            values, bins=bins, histtype="step", lw=1.5,
            label=f"{column} (mean {values.mean():.1f})",
        )  # fmt: skip
    ax.set_xlabel(unit)
    ax.set_ylabel("deals")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title(f"{title}\n{len(rows):,} deals")
    return _save(figure, path)


def plot_comparison(result: Comparison, path: str | Path) -> Path:
    """Each pair's mean difference (first minus second) with its interval; beside it, when more
    than two bots met, each bot's rating (mu with 3 sigma)."""
    rated = result.ratings
    panels = 2 if rated else 1
    figure, axes = _pyplot().subplots(1, panels, figsize=(6 * panels, 0.6 * len(result.pairs) + 2))
    ax = axes[0] if rated else axes
    names = [f"{p.first} vs {p.second}" for p in result.pairs]
    means = np.array([p.mean for p in result.pairs])
    lows = np.array([p.interval[0] for p in result.pairs])
    highs = np.array([p.interval[1] for p in result.pairs])
    y = np.arange(len(names))
    colors = [
        "tab:green" if lo > 0 else "tab:red" if hi < 0 else "tab:gray"
        for lo, hi in zip(lows, highs, strict=True)
    ]
    ax.barh(y, means, color=colors, alpha=0.6)
    ax.errorbar(means, y, xerr=[means - lows, highs - means], fmt="none", ecolor="k", capsize=4)
    ax.axvline(0, color="k", lw=0.8)
    ax.set_yticks(y, names)
    ax.invert_yaxis()
    ax.set_xlabel(f"mean difference per deal ({result.metric[:40]})")
    ax.set_title(f"{result.game}: {result.deals:,} duplicate deals, 95% {result.interval} interval")
    if rated:
        rax = axes[1]
        ry = np.arange(len(rated))
        rax.errorbar(
            [r.mu for r in rated], ry, xerr=[3 * r.sigma for r in rated], fmt="o", capsize=4
        )
        rax.set_yticks(ry, [r.bot for r in rated])
        rax.invert_yaxis()
        rax.set_xlabel("rating mu (bars: 3 sigma)")
        rax.set_title("openskill Plackett-Luce ratings")
    return _save(figure, path)
