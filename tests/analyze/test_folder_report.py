"""``tricktaker analyze --report``: the plots that fit each kind, drawn from the folder's Parquet
rows into PNG files, and a report.html that links every one of them; a finished folder gets its
report without computing anything again."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import matplotlib.image as mpimg
import pandas as pd
import pytest

import tricktaker as tt
from tricktaker import analyze
from tricktaker.analyze.plots import made_rate
from tricktaker.cli import main

# kind, bots, deals, chunk size, the files its report writes
KINDS = [
    ("dd", "", 6, 3, {"dd_values.png"}),
    ("strength", "", 24, 12, {"hand_strength.png", "dd_values.png", "made_by_feature.csv"}),
    ("compare", "rule,random", 4, 2, {"bots.png"}),
    ("playouts", "", 400, 200, {"scores.png"}),
    ("simulate", "random", 8, 4, {"scores.png"}),
]


def _drawn(path: Path) -> float:
    """The share of the image's pixels that are not white: a blank figure is near 0."""
    image = mpimg.imread(path)[..., :3]
    return float((image.mean(axis=2) < 0.95).mean())


def _linked(report: Path) -> set[str]:
    return set(re.findall(r'<img src="([^"]+)"', report.read_text()))


def _analyze(folder: Path, kind: str, bots: str, deals: int, chunk: int, *extra: str) -> int:
    argv = ["analyze", "kiksas", "--kind", kind, "--deals", str(deals), "--seed", "3"]
    argv += ["--chunk-size", str(chunk), "--workers", "1", "--folder", str(folder), *extra]
    return main([*argv, "--bots", bots] if bots else argv)


@pytest.mark.parametrize(
    ("kind", "bots", "deals", "chunk", "files"), KINDS, ids=[k[0] for k in KINDS]
)
def test_report_of_each_kind(
    tmp_path: Path, kind: str, bots: str, deals: int, chunk: int, files: set[str]
) -> None:
    folder = tmp_path / kind
    assert _analyze(folder, kind, bots, deals, chunk, "--report") == 0
    written = {p.name for p in folder.iterdir()} - {"manifest.json", "report.html"}
    assert {n for n in written if not n.startswith("chunk-")} == files
    pngs = {n for n in files if n.endswith(".png")}
    for name in pngs:
        path = folder / name
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert 0.02 < _drawn(path) < 0.6, path  # drawn on, neither blank nor black
    report = folder / "report.html"
    assert _linked(report) == pngs  # every image, by its path relative to the report
    assert f"{deals:,} deals of kiksas, seed 3" in report.read_text()


def test_the_reports_command_reproduces_the_folder(tmp_path: Path) -> None:
    first = tmp_path / "first"
    assert _analyze(first, "playouts", "", 300, 100, "--report") == 0
    command = re.search(r"<pre>(.*)</pre>", (first / "report.html").read_text())
    assert command is not None
    words = shlex.split(command.group(1))
    assert words[:2] == ["tricktaker", "analyze"]
    again = tmp_path / "again"
    words[words.index("--folder") + 1] = str(again)
    assert main([*words[1:], "--workers", "1"]) == 0
    pd.testing.assert_frame_equal(
        analyze.open_analysis(again).to_pandas(), analyze.open_analysis(first).to_pandas()
    )


def test_report_of_a_finished_folder_computes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "done"
    assert _analyze(folder, "strength", "", 20, 10) == 0
    chunks = {p: p.stat().st_mtime_ns for p in folder.glob("chunk-*.parquet")}
    assert not (folder / "report.html").exists()
    capsys.readouterr()
    # no kind, deals or chunk size: the folder's
    assert main(["analyze", "kiksas", "--folder", str(folder), "--report"]) == 0
    out = capsys.readouterr().out
    assert "strength of 20 deals" in out and "(0 computed now)" in out
    assert {p: p.stat().st_mtime_ns for p in folder.glob("chunk-*.parquet")} == chunks
    assert _linked(folder / "report.html") == {"hand_strength.png", "dd_values.png"}
    # the made rates written beside the plots are those of the rows
    rows = analyze.open_analysis(folder).to_pandas()
    rates = pd.read_csv(folder / "made_by_feature.csv")
    trumps = rates[rates["feature"] == "trumps"].reset_index(drop=True)
    expected = made_rate(rows, "trumps")
    assert trumps["rate"].tolist() == pytest.approx(expected["rate"].tolist())
    assert trumps["hands"].tolist() == expected["hands"].tolist()


def test_a_report_needs_finished_rows(tmp_path: Path) -> None:
    with pytest.raises(tt.Error, match="no analysis"):
        analyze.report_analysis(tmp_path)
    analysis = analyze.run("kiksas", "playouts", deals=4, seed=1, folder=tmp_path / "a", workers=1)
    for chunk in analysis.store.chunk_files():
        chunk.unlink()
    with pytest.raises(tt.Error, match="no finished chunk"):
        analysis.report()
