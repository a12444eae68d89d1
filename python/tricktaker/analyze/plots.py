"""Plots of an analysis, written as PNG files (the ``plot`` extra: matplotlib, Agg backend).

* ``plot_dd_distribution``: the distribution of double-dummy values for each trump choice;
* ``plot_hand_strength``: the chance that a hand's side makes the deal against each of its
  features (``tricktaker.analyze.study``), with 95% Clopper-Pearson bands;
* ``plot_comparison``: each pair of bots' mean difference with its interval, and the ratings
  when more than two bots met.

Each takes plain data (pandas frames, a ``Comparison``), writes one PNG and returns its path.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only: no display, safe in worker processes and on servers

import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
import numpy as np  # noqa: E402
import pandas as pd  # type: ignore[import-untyped,unused-ignore]  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from scipy import stats  # type: ignore[import-untyped,unused-ignore]  # noqa: E402

from tricktaker.compare import Comparison  # noqa: E402
from tricktaker.errors import Error  # noqa: E402

__all__ = [
    "binomial_band",
    "made_rate",
    "plot_comparison",
    "plot_dd_distribution",
    "plot_hand_strength",
]

CONFIDENCE = 0.95
MIN_HANDS = 30  # a feature value seen fewer times is left out of the curve: its band is noise
DPI = 110


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
    plt.close(figure)
    return out


def binomial_band(made: int, total: int) -> tuple[float, float]:
    """The 95% Clopper-Pearson (exact) interval of a rate of ``made`` out of ``total``."""
    ci = stats.binomtest(made, total).proportion_ci(confidence_level=CONFIDENCE, method="exact")
    return float(ci.low), float(ci.high)


def made_rate(rows: pd.DataFrame, feature: str, min_hands: int = MIN_HANDS) -> pd.DataFrame:
    """Per value of ``feature``: ``hands``, ``made`` (how many made it), ``rate`` and its 95%
    band ``low``, ``high``; values seen fewer than ``min_hands`` times are left out."""
    _require(rows, [feature, "made"], "a made rate")
    grouped = rows.groupby(feature, observed=True)["made"].agg(["size", "sum"])
    grouped = grouped[grouped["size"] >= min_hands]
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
    figure, axes = plt.subplots(1, len(features), figsize=(5 * len(features), 4), squeeze=False)
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
    its mean), e.g. the points a playing side takes with each suit as trump."""
    _require(values, ["trump", "value"], "a double-dummy distribution")
    trumps = [t for t in values["trump"].drop_duplicates()]
    data = [values.loc[values["trump"] == t, "value"].to_numpy(dtype=float) for t in trumps]
    figure, ax = plt.subplots(figsize=(7, 4))
    ax.violinplot(data, showmeans=True, showextrema=True)
    ax.set_xticks(
        range(1, len(trumps) + 1),
        [f"trump {t}\n(mean {d.mean():.1f})" for t, d in zip(trumps, data, strict=True)],
    )
    ax.set_ylabel(unit)
    ax.grid(axis="y", alpha=0.3)
    ax.set_title(f"{title}\n{len(values):,} values, double dummy")
    return _save(figure, path)


def plot_comparison(result: Comparison, path: str | Path) -> Path:
    """Each pair's mean difference (first minus second) with its interval; beside it, when more
    than two bots met, each bot's rating (mu with 3 sigma)."""
    rated = result.ratings
    panels = 2 if rated else 1
    figure, axes = plt.subplots(1, panels, figsize=(6 * panels, 0.6 * len(result.pairs) + 2))
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
