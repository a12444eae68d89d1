"""``tricktaker.analyze``: chunks of seeds written as Parquet under a folder with a manifest; a
rerun skips what is finished; the same seed gives the same rows in one process, on local
processes and on a Dask cluster."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

import tricktaker as tt
from tricktaker import analyze
from tricktaker.analyze import kinds


def _run(folder: Path, **kw: object) -> analyze.Analysis:
    settings = {"deals": 60, "seed": 7, "chunk_size": 25, "workers": 1}
    settings.update(kw)
    return analyze.run("kiksas", "playouts", folder=folder, **settings)  # type: ignore[arg-type]


def test_chunks_and_manifest(tmp_path: Path) -> None:
    result = _run(tmp_path)
    assert [p.name for p in result.store.chunk_files()] == [
        "chunk-000000.parquet",
        "chunk-000001.parquet",
        "chunk-000002.parquet",
    ]
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["format"] == "tricktaker-analysis/1"
    assert (manifest["game"], manifest["kind"], manifest["seed"]) == ("kiksas", "playouts", 7)
    assert (manifest["deals"], manifest["chunk_size"], manifest["chunks"]) == (60, 25, 3)
    assert manifest["version"] == tt.__version__
    names = [c["name"] for c in manifest["schema"]]
    assert names[:2] == ["deal", "game"] and "points_A-C" in names and "seed" in names
    df = result.to_pandas()
    assert df.index.tolist() == list(range(60))
    assert len(pq.read_table(tmp_path / "chunk-000002.parquet")) == 10


def test_rows_are_the_python_api_of_the_chunk_seed(tmp_path: Path) -> None:
    """Chunk c is tt.random_playouts with the chunk's seed: any row can be replayed."""
    df = _run(tmp_path).to_pandas()
    spec = kinds.AnalysisSpec("kiksas", {}, "playouts", 7, 60, 25)
    again = tt.random_playouts(tt.load("kiksas"), 25, seed=spec.chunk_seed(1))
    chunk = df.loc[25:49]
    assert (chunk["seed"] == spec.chunk_seed(1)).all()
    assert (chunk["points_A-C"].to_numpy() == again["points"][:, 0]).all()


def test_a_rerun_skips_finished_chunks_and_recomputes_a_lost_one(tmp_path: Path) -> None:
    first = _run(tmp_path)
    assert first.computed == 3
    before = first.to_pandas()
    (tmp_path / "chunk-000001.parquet").unlink()  # as if the run was stopped before it
    (tmp_path / ".tmp-999-chunk-000001.parquet").write_bytes(b"half a file")
    second = _run(tmp_path, seed=None)  # no seed: the folder's
    assert second.computed == 1
    assert not list(tmp_path.glob(".tmp-*"))
    pd.testing.assert_frame_equal(second.to_pandas(), before)
    assert _run(tmp_path).computed == 0


def test_a_folder_of_another_analysis_is_refused(tmp_path: Path) -> None:
    _run(tmp_path)
    with pytest.raises(tt.Error, match=r"another analysis \(seed: folder 7, asked 8"):
        _run(tmp_path, seed=8)
    with pytest.raises(tt.Error, match="chunk_size"):
        _run(tmp_path, chunk_size=30)


def test_bad_input_gets_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(tt.Error, match="unknown kind of analysis 'tables'; kinds: dd"):
        analyze.run("kiksas", "tables", folder=tmp_path)
    with pytest.raises(tt.Error, match="needs two or more bots"):
        analyze.run("kiksas", "compare", bots=["rule"], folder=tmp_path)
    with pytest.raises(tt.Error, match="deals must be a whole number >= 1"):
        analyze.run("kiksas", "playouts", deals=0, folder=tmp_path)
    result = _run(tmp_path / "a")
    with pytest.raises(tt.Error, match="no column 'nope'.*columns: deal, game"):
        result.to_pandas(["deal", "nope"])
    with pytest.raises(tt.Error, match=r"takes a \.parquet or \.csv file"):
        result.write(tmp_path / "rows.xlsx")


def test_an_unreachable_scheduler_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analyze, "SCHEDULER_TIMEOUT", "1s")
    with pytest.raises(tt.Error, match="cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'"):
        _run(tmp_path, scheduler="tcp://127.0.0.1:9")


def test_export_to_parquet_and_csv(tmp_path: Path) -> None:
    result = _run(tmp_path / "chunks")
    result.write(tmp_path / "rows.parquet")
    result.write(tmp_path / "rows.csv", ["deal", "trump", "points_A-C"])
    assert len(pd.read_parquet(tmp_path / "rows.parquet")) == 60
    csv = pd.read_csv(tmp_path / "rows.csv")
    assert list(csv.columns) == ["deal", "trump", "points_A-C"]
    assert set(csv["trump"]) <= {"S", "H", "D", "C"}


@pytest.mark.parametrize(
    ("kind", "bots"), [("dd", ()), ("simulate", ("random",)), ("compare", ("rule", "random"))]
)
def test_each_kind_runs(tmp_path: Path, kind: str, bots: tuple[str, ...]) -> None:
    result = analyze.run(
        "kiksas", kind, deals=6, seed=3, chunk_size=4, bots=bots, folder=tmp_path, workers=1
    )
    df = result.to_pandas()
    assert len(df) == 6  # one pair of bots: one row per deal in every kind
    if kind == "dd":
        deal = tt.load("kiksas").new_deal(seed=int(df["seed"].iloc[5]))
        table = tt.dd_table(deal)
        assert df["dd_H_B-D"].iloc[5] == table[1, 1]
    if kind == "compare":
        assert set(df["first"].astype(str)) == {"rule"}


def test_the_same_rows_in_one_process_on_local_processes_and_on_dask(tmp_path: Path) -> None:
    """The issue's check: one analysis on a LocalCluster with two worker processes, on two
    local processes and in this process gives the same Parquet rows."""
    from distributed import Client, LocalCluster

    one = _run(tmp_path / "one", workers=1)
    local = _run(tmp_path / "local", workers=2)
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        on_dask = _run(tmp_path / "dask", client=client)
    expected = one.to_pandas()
    for other in (local, on_dask):
        pd.testing.assert_frame_equal(other.to_pandas(), expected)
        for mine, theirs in zip(one.store.chunk_files(), other.store.chunk_files(), strict=True):
            assert pq.read_table(mine).equals(pq.read_table(theirs))


def test_cli_analyze_and_simulate_write_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tricktaker.cli import main

    out = tmp_path / "dd.parquet"
    argv = ["analyze", "kiksas", "--kind", "dd", "--deals", "4", "--chunk-size", "2"]
    assert main([*argv, "--seed", "5", "--workers", "1", "--out", str(out)]) == 0
    assert "2 chunks" in capsys.readouterr().out
    assert len(pd.read_parquet(out)) == 4 and (tmp_path / "dd.chunks" / "manifest.json").exists()
    assert main([*argv, "--seed", "6", "--workers", "1", "--out", str(out)]) == 2
    assert "holds another analysis" in capsys.readouterr().err
    sim = tmp_path / "sim.csv"
    assert main(["simulate", "kiksas", "--deals", "5", "--seed", "1", "--out", str(sim)]) == 0
    assert len(pd.read_csv(sim)) == 5
