"""The report of an analysis folder: the plots that fit its kind, drawn from its Parquet rows.

``report_analysis(folder)`` reads the folder's manifest and finished chunks (nothing is
computed again) and writes beside them:

========== ================================================================================
kind       files
========== ================================================================================
dd         ``dd_values.png``: every double-dummy cell's value, per trump
strength   ``hand_strength.png`` (made rate by trumps, high cards and points, with 95%
           bands), ``dd_values.png`` (the study's table cells per trump) and
           ``made_by_feature.csv`` (the made rate of every feature value with its band)
compare    ``bots.png``: each pair's mean difference with its interval, ratings for 3+ bots
playouts   ``scores.png``: the distribution of each side's (or seat's) score
simulate   ``scores.png``, as for playouts
========== ================================================================================

and ``report.html`` gathering them (``tricktaker.analyze.report``), with the command that
reproduces the folder.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from tricktaker.analyze.plots import (
    made_rate,
    plot_comparison,
    plot_dd_distribution,
    plot_hand_strength,
    plot_score_distribution,
)
from tricktaker.analyze.report import Figure, write_report
from tricktaker.analyze.store import Store
from tricktaker.analyze.study import FEATURES
from tricktaker.compare import Comparison, PairResult, metric_for
from tricktaker.errors import Error
from tricktaker.labels import game_labels, require_pandas
from tricktaker.protocol.base import Game
from tricktaker.protocol.family import capability
from tricktaker.protocol.options import options_to_dict
from tricktaker.registry import load
from tricktaker.solve import NO_VALUE

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["SCORE_GROUPS", "report_analysis", "score_columns"]

# The per-deal score groups a score distribution shows, the first found in the rows: the
# deal's score, its change, card points, marks (as the games' result columns name them).
SCORE_GROUPS = ("score", "score_change", "points", "marks")

DD_VALUES = "dd_values.png"
HAND_STRENGTH = "hand_strength.png"
MADE_BY_FEATURE = "made_by_feature.csv"
BOTS = "bots.png"
SCORES = "scores.png"


def score_columns(columns: Sequence[str], game: Game) -> list[tuple[str, list[str]]]:
    """Each score group of ``SCORE_GROUPS`` with a column per side (or else per seat) in
    ``columns``, in that order, with those columns."""
    labels = game_labels(game)
    found = []
    for group in SCORE_GROUPS:
        for names in (labels.sides, labels.seats):
            present = [f"{group}_{n}" for n in names if f"{group}_{n}" in columns]
            if present:
                found.append((group, present))
                break
    return found


def _rows(store: Store, columns: Sequence[str]) -> pd.DataFrame:
    return store.to_arrow(columns).to_pandas()


def _dd_cells(rows: pd.DataFrame) -> pd.DataFrame:
    """The ``dd_<trump>_<column>`` cells as long rows ``trump``, ``value`` (cells without
    play left out)."""
    pd = require_pandas()
    parts = []
    for name in rows.columns:
        trump = name.split("_")[1]
        values = rows[name].to_numpy()
        values = values[values != NO_VALUE]
        parts.append(pd.DataFrame({"trump": trump, "value": values}))
    return pd.concat(parts, ignore_index=True)


def _dd_figures(store: Store, manifest: dict[str, Any], game: Game) -> list[Figure]:
    names = [c["name"] for c in manifest["schema"] if c["name"].startswith("dd_")]
    cells = _dd_cells(_rows(store, names))
    unit = manifest.get("objective") or "value of the game's own objective"
    path = plot_dd_distribution(
        cells, store.folder / DD_VALUES, f"{game.name}: double-dummy values per trump", unit
    )
    caption = (
        f"Every cell of the double-dummy tables ({len(names)} per deal: each trump and side "
        "or seat), by trump suit."
    )
    return [Figure(path, "Double-dummy values per trump", caption)]


def _strength_figures(store: Store, manifest: dict[str, Any], game: Game) -> list[Figure]:
    rows = _rows(store, ["deal", "trump", *FEATURES, "made", "value"])
    rates = require_pandas().concat(
        [made_rate(rows, f).rename(columns={f: "value"}).assign(feature=f) for f in FEATURES]
    )
    rates.to_csv(store.folder / MADE_BY_FEATURE, index=False)
    objective = capability(game.name, "features").objective or "the game's own objective"
    title = f"{game.name}: which hands make it"
    strength = plot_hand_strength(rows, store.folder / HAND_STRENGTH, title)
    cells = plot_dd_distribution(
        rows[["trump", "value"]],
        store.folder / DD_VALUES,
        f"{game.name}: the judged hands' double-dummy values",
        objective,
    )
    return [
        Figure(
            strength,
            "Hand strength",
            "The share of hands whose side makes the deal at double dummy, by trumps held, "
            "high cards and card points; the grey band is the 95% Clopper-Pearson interval. "
            f"The rates with their bands are in {MADE_BY_FEATURE}.",
        ),
        Figure(
            cells,
            "Double-dummy values per trump",
            f"The table cell each hand was judged from ({objective}), by trump suit.",
        ),
    ]


def _comparison(rows: pd.DataFrame, manifest: dict[str, Any], game: Game) -> Comparison:
    """The comparison the rows record, pair by pair in deal order."""
    pairs = []
    for (first, second), part in rows.groupby(["first", "second"], observed=True, sort=False):
        ordered = part.sort_values("deal")
        pairs.append(
            PairResult(
                str(first),
                str(second),
                len(ordered),
                0,  # plays per deal: not in the rows, and not drawn
                0.0,
                ordered["difference"].to_numpy(dtype=np.float64),
                method=_interval(manifest),
                seeds=ordered["seed"].to_numpy(dtype=np.uint64),
            )
        )
    deals = max((p.deals for p in pairs), default=0)
    metric = metric_for(game.name).name
    return Comparison(
        game.name, manifest["options"], manifest["seed"], deals, metric, pairs, _interval(manifest)
    )


def _interval(manifest: dict[str, Any]) -> str:
    """The comparison's interval as its manifest records it ("t" for a folder from before it
    was recorded)."""
    return str(manifest.get("interval") or "t")


def _compare_figures(store: Store, manifest: dict[str, Any], game: Game) -> list[Figure]:
    rows = _rows(store, ["deal", "seed", "first", "second", "difference"])
    result = _comparison(rows, manifest, game)
    path = plot_comparison(result, store.folder / BOTS)
    caption = (
        "Each pair's mean difference per duplicate deal (first minus second) with its 95% "
        f"{_interval(manifest)} interval: green when the first is better, red when the second "
        "is, grey when the interval holds zero."
    )
    return [Figure(path, "Bots compared", caption)]


def _score_figures(store: Store, manifest: dict[str, Any], game: Game) -> list[Figure]:
    names = [c["name"] for c in manifest["schema"]]
    for group, columns in score_columns(names, game):
        rows = _rows(store, columns)
        if all(rows[c].nunique() <= 1 for c in columns):
            continue  # a group these rules never score (every deal the same): the next one
        title = f"{game.name}: {group.replace('_', ' ')} per deal ({manifest['kind']})"
        path = plot_score_distribution(rows, columns, store.folder / SCORES, title, group)
        caption = f"The distribution of {', '.join(columns)} over the deals."
        return [Figure(path, "Scores", caption)]
    return []


_FIGURES: dict[str, Callable[[Store, dict[str, Any], Game], list[Figure]]] = {
    "dd": _dd_figures,
    "strength": _strength_figures,
    "compare": _compare_figures,
    "playouts": _score_figures,
    "simulate": _score_figures,
}


def reproduce_command(manifest: dict[str, Any], folder: str | os.PathLike[str]) -> str:
    """The ``tricktaker analyze`` command that computes the folder's analysis again."""
    try:
        defaults = options_to_dict(load(manifest["game"]).options)
    except Error:  # a game with a required option: every option is written out
        defaults = {}
    words = ["tricktaker", "analyze", manifest["game"], "--kind", manifest["kind"]]
    for key, value in manifest["options"].items():
        if defaults.get(key) != value:  # the options that differ from the game's defaults
            text = str(value).lower() if isinstance(value, bool) else str(value)
            words += ["--option", f"{key}={text}"]
    words += ["--deals", str(manifest["deals"]), "--seed", str(manifest["seed"])]
    words += ["--chunk-size", str(manifest["chunk_size"])]
    if manifest.get("bots"):
        words += ["--bots", ",".join(manifest["bots"])]
    if manifest.get("objective"):
        words += ["--objective", manifest["objective"]]
    if manifest.get("interval"):
        words += ["--interval", manifest["interval"]]
    return " ".join([*words, "--folder", str(folder), "--report"])


def report_analysis(folder: str | os.PathLike[str]) -> Path:
    """Write the plots that fit the folder's kind and ``report.html`` (module doc) from its
    finished chunks; the report's path."""
    store = Store(folder)
    manifest = store.read_manifest()
    if manifest is None:
        raise Error(f"{folder} holds no analysis (no manifest.json)")
    finished = len(store.finished(manifest["chunks"]))
    if not finished or manifest.get("schema") is None:
        raise Error(f"{folder} holds no finished chunk yet: run the analysis first")
    game = load(manifest["game"], **manifest["options"])
    figures = _FIGURES[manifest["kind"]](store, manifest, game)
    done = (
        "every chunk"
        if finished == manifest["chunks"]
        else f"{finished} of {manifest['chunks']} chunks (the run is not finished)"
    )
    notes = [
        f"{manifest['kind']} analysis of {manifest['deals']:,} deals of {manifest['game']}, "
        f"seed {manifest['seed']}, tricktaker {manifest['version']}: {done}.",
        f"$ {reproduce_command(manifest, store.folder)}",
    ]
    if not figures:
        notes.append("No score columns to plot in these rows; the rows are in the chunks.")
    title = f"{manifest['game']}: {manifest['kind']} analysis"
    return write_report(store.folder, figures, title=title, notes=notes)
