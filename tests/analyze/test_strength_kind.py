"""The hand-strength study as a kind of the chunked analysis: its rows are the study's of each
chunk's seed, the same on one or two worker processes, and a rerun recomputes only a lost
chunk."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

import tricktaker as tt
from tricktaker import analyze
from tricktaker.analyze.kinds import AnalysisSpec
from tricktaker.analyze.study import hand_strength


def _run(folder: Path, game: str = "kiksas", **kw: object) -> analyze.Analysis:
    settings: dict[str, object] = {"deals": 30, "seed": 5, "chunk_size": 10, "workers": 1}
    settings.update(kw)
    return analyze.run(game, "strength", folder=folder, **settings)  # type: ignore[arg-type]


def test_rows_are_the_study_of_the_chunk_seed(tmp_path: Path) -> None:
    df = _run(tmp_path).to_pandas()
    spec = AnalysisSpec("kiksas", {}, "strength", 5, 30, 10)
    study = hand_strength("kiksas", 10, spec.chunk_seed(2), threads=1).rows
    chunk = df.loc[20:29]
    assert len(chunk) == len(study) == 10 * 4 * 4  # every seat's hand for every trump
    assert chunk.index.tolist() == (study["deal"] + 20).tolist()
    assert chunk["seat"].astype(str).tolist() == [("A", "B", "C", "D")[s] for s in study["seat"]]
    for name in ("seed", "trumps", "high_cards", "points", "made", "value"):
        assert chunk[name].tolist() == study[name].tolist(), name
    assert (df["made"] == (df["value"] > 0)).all()  # Kiksas: the side's margin is positive
    assert set(df["game"]) == {"kiksas"}


def test_klaverjas_hands_made_are_the_made_objectives_ones(tmp_path: Path) -> None:
    df = _run(tmp_path, "klaverjas", deals=6, chunk_size=3).to_pandas()
    assert set(df["value"]) <= {0, 1} and (df["made"] == (df["value"] == 1)).all()
    deal = tt.load("klaverjas").new_deal(seed=int(df["seed"].iloc[0]))
    table = tt.dd_table(deal, objective="made")
    first = df.loc[0]
    assert first["value"].tolist() == [int(v) for v in table[:, deal.forehand % 2]]


def test_the_same_rows_on_two_workers_and_after_a_lost_chunk(tmp_path: Path) -> None:
    one = _run(tmp_path / "one")
    two = _run(tmp_path / "two", workers=2)
    for mine, theirs in zip(one.store.chunk_files(), two.store.chunk_files(), strict=True):
        assert pq.read_table(mine).equals(pq.read_table(theirs))
    before = one.to_pandas()
    (tmp_path / "one" / "chunk-000001.parquet").unlink()  # as if the run was stopped there
    again = _run(tmp_path / "one", seed=None)  # no seed: the folder's
    assert again.computed == 1
    pd.testing.assert_frame_equal(again.to_pandas(), before)


def test_an_objective_is_for_the_dd_kind_only(tmp_path: Path) -> None:
    with pytest.raises(tt.Error, match="objective is for the dd kind only"):
        _run(tmp_path, objective="tricks")
