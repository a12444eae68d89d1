"""A comparison's interval (Student's t or a BCa bootstrap) in the chunked analysis: given to
every chunk's ``compare``, recorded in the manifest, kept on a resume, drawn by the report and
written into the command that reproduces the folder."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import tricktaker as tt
from tricktaker import analyze
from tricktaker.analyze.folder_report import _comparison, reproduce_command
from tricktaker.cli import main
from tricktaker.compare import interval


def _compare(folder: Path, **kw: object) -> analyze.Analysis:
    settings: dict[str, object] = {"deals": 6, "seed": 4, "chunk_size": 3, "workers": 1}
    settings.update(kw)
    return analyze.run("kiksas", "compare", bots=["rule", "random"], folder=folder, **settings)  # type: ignore[arg-type]


def test_the_manifest_records_the_interval_and_the_report_uses_it(tmp_path: Path) -> None:
    result = _compare(tmp_path, interval="bootstrap")
    assert result.manifest["interval"] == "bootstrap"
    rows = result.to_pandas().reset_index()
    comparison = _comparison(rows, result.manifest, tt.load("kiksas"))
    assert comparison.interval == "bootstrap"
    (pair,) = comparison.pairs
    assert pair.method == "bootstrap"
    assert pair.interval == interval(pair.diffs, "bootstrap")
    assert pair.interval != interval(pair.diffs, "t")  # the two methods differ on these rows
    assert "--interval bootstrap" in reproduce_command(result.manifest, tmp_path)


def test_a_comparison_defaults_to_t_and_other_kinds_record_none(tmp_path: Path) -> None:
    assert _compare(tmp_path / "compare").manifest["interval"] == "t"
    playouts = analyze.run("kiksas", "playouts", deals=4, seed=1, folder=tmp_path / "p", workers=1)
    assert playouts.manifest["interval"] is None


def test_a_resume_keeps_the_interval_and_another_is_refused(tmp_path: Path) -> None:
    _compare(tmp_path, interval="bootstrap")
    (tmp_path / "chunk-000001.parquet").unlink()
    again = _compare(tmp_path, interval="bootstrap")
    assert again.computed == 1
    with pytest.raises(tt.Error, match="interval: folder 'bootstrap', asked 't'"):
        _compare(tmp_path, interval="t")


def test_bad_intervals_are_refused_before_any_chunk(tmp_path: Path) -> None:
    with pytest.raises(tt.Error, match="unknown interval 'wald'; intervals: t, bootstrap"):
        _compare(tmp_path / "a", interval="wald")
    with pytest.raises(tt.Error, match="an interval is for the compare kind only"):
        analyze.run("kiksas", "dd", deals=2, folder=tmp_path / "b", interval="t")
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_the_command_line_passes_the_interval_and_resumes_with_the_folders(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "cli"
    argv = ["analyze", "kiksas", "--kind", "compare", "--bots", "rule,random", "--deals", "4"]
    argv += ["--seed", "2", "--chunk-size", "2", "--workers", "1", "--folder", str(folder)]
    assert main([*argv, "--interval", "bootstrap"]) == 0
    assert analyze.open_analysis(folder).manifest["interval"] == "bootstrap"
    (folder / "chunk-000000.parquet").unlink()
    assert main(["analyze", "kiksas", "--folder", str(folder), "--workers", "1"]) == 0
    resumed = analyze.open_analysis(folder)
    assert resumed.manifest["interval"] == "bootstrap"
    assert np.isfinite(resumed.to_pandas()["difference"]).all()


def test_a_comparison_folder_from_before_the_interval_was_recorded_resumes_as_t(
    tmp_path: Path,
) -> None:
    _compare(tmp_path)
    manifest_path = tmp_path / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    del manifest["interval"]
    manifest_path.write_text(json.dumps(manifest))
    (tmp_path / "chunk-000001.parquet").unlink()
    assert _compare(tmp_path).computed == 1
    with pytest.raises(tt.Error, match="interval: folder 't', asked 'bootstrap'"):
        _compare(tmp_path, interval="bootstrap")
