"""The plots and the report: PNG files that show the data (checked by their pixels and by the
numbers drawn), hand-strength rows for every game, and a report that links them."""

from __future__ import annotations

from pathlib import Path

import matplotlib.image as mpimg
import numpy as np
import pandas as pd
import pytest

import tricktaker as tt
from tricktaker.analyze.plots import (
    binomial_band,
    made_rate,
    plot_comparison,
    plot_dd_distribution,
    plot_hand_strength,
)
from tricktaker.analyze.report import Figure, write_report
from tricktaker.analyze.study import COLUMNS, hand_strength
from tricktaker.compare import compare

GAMES = [
    ("klaverjas", {}),
    ("kiksas", {}),
    ("trikiksis", {}),
    ("kirves", {"num_players": 4}),
    ("allfours", {}),
    ("pitch", {}),
    ("whist", {"ranks_per_suit": 7}),
]


def _drawn(path: Path) -> float:
    """The share of the image's pixels that are not white: a blank figure is near 0."""
    image = mpimg.imread(path)[..., :3]
    return float((image.mean(axis=2) < 0.95).mean())


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_hand_strength_rows_for_every_game(name: str, options: dict[str, int]) -> None:
    game = tt.load(name, **options)
    run = hand_strength(game, 12, seed=3, threads=1)
    rows = run.rows
    assert list(rows.columns) == list(COLUMNS)
    assert len(rows) >= 12 * 4 and set(rows["trump"]) <= {"S", "H", "D", "C"}
    assert rows["made"].dtype == bool and rows["trumps"].min() >= 0
    # the same rows whatever the batch: each deal depends only on its seed
    again = hand_strength(game, 12, seed=3, threads=2, batch=5).rows
    pd.testing.assert_frame_equal(rows, again)


def test_klaverjas_rows_are_forehands_hand_and_table() -> None:
    game = tt.load("klaverjas")
    rows = hand_strength(game, 5, seed=9, threads=1).rows
    for _, part in rows.groupby("deal"):
        deal = game.new_deal(seed=int(part["seed"].iloc[0]))
        table = tt.dd_table(deal, objective="made")
        assert set(part["seat"]) == {deal.forehand}
        assert part["made"].tolist() == [bool(v) for v in table[:, deal.forehand % 2]]


def test_a_hand_with_every_trump_counts_them() -> None:
    rows = hand_strength("klaverjas", 30, seed=4, threads=1).rows
    assert rows["trumps"].between(0, 8).all()
    assert rows["points"].between(0, 162).all()
    assert rows["high_cards"].between(0, 8).all()


def test_made_rate_and_its_exact_band() -> None:
    rows = pd.DataFrame({"trumps": [0] * 40 + [3] * 40, "made": [False] * 30 + [True] * 50})
    rates = made_rate(rows, "trumps")
    assert rates["rate"].tolist() == [0.25, 1.0]
    assert rates["low"].iloc[0] < 0.25 < rates["high"].iloc[0]
    assert binomial_band(40, 40)[1] == 1.0
    with pytest.raises(tt.Error, match="column.*nothing"):
        made_rate(rows, "nothing")


def test_plots_are_drawn_and_gathered_in_a_report(tmp_path: Path) -> None:
    rows = hand_strength("kiksas", 80, seed=1, threads=2).rows
    strength = plot_hand_strength(rows, tmp_path / "strength.png", "kiksas")
    values = pd.DataFrame({"trump": ["S", "H"] * 50, "value": np.arange(100) % 20})
    spread = plot_dd_distribution(values, tmp_path / "dd.png", "test values", "points")
    result = compare("kiksas", ["rule", "random", "pimc"], deals=2, seed=1)
    chart = plot_comparison(result, tmp_path / "bots.png")
    for path in (strength, spread, chart):
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert 0.02 < _drawn(path) < 0.6, path  # drawn on, not a blank or a black image
    report = write_report(
        tmp_path,
        [Figure(strength, "Hand strength", "by feature"), Figure(chart, "Bots")],
        title="A <study>",
        notes=["$ tricktaker simulate kiksas"],
    )
    text = report.read_text()
    assert 'src="strength.png"' in text and 'src="bots.png"' in text
    assert "A &lt;study&gt;" in text and "<pre>tricktaker simulate kiksas</pre>" in text


def test_a_report_refuses_missing_images(tmp_path: Path) -> None:
    with pytest.raises(tt.Error, match="missing"):
        write_report(tmp_path, [Figure(tmp_path / "none.png", "x")])
