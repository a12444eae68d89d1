"""A killed pool loses only its in-flight chunks: ``tricktaker analyze --workers 2`` is started
as a process of its own, killed with SIGKILL (with its worker processes) once a few chunks are
written, then run again to the end; no half-written file is taken as a finished chunk, and the
rows are those of a run in one process, row for row."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

from tricktaker import analyze
from tricktaker.cli import main

GAME = "kiksas"
DEALS = 600
CHUNK = 50  # a tenth of a second or more per chunk: the kill lands mid-run
CHUNKS = DEALS // CHUNK
SEED = 11
WAIT = 60.0  # seconds to wait for the first chunks (a loaded machine), never reached normally


def _argv(folder: Path, workers: int) -> list[str]:
    return [
        "analyze", GAME, "--kind", "dd", "--deals", str(DEALS), "--chunk-size", str(CHUNK),
        "--seed", str(SEED), "--workers", str(workers), "--folder", str(folder), "--no-progress",
    ]  # fmt: skip


def _finished(folder: Path) -> list[Path]:
    return sorted(folder.glob("chunk-*.parquet"))


def _start_and_kill(folder: Path, after: int) -> int:
    """Start the analysis in its own process group, SIGKILL the group once ``after`` chunks
    are written; the number of chunks there at the kill."""
    command = [sys.executable, "-m", "tricktaker", *_argv(folder, 2)]
    process = subprocess.Popen(
        command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + WAIT
    try:
        while len(_finished(folder)) < after:
            if process.poll() is not None:
                assert process.stderr is not None
                pytest.fail(f"the analysis ended before the kill: {process.stderr.read()!r}")
            if time.monotonic() > deadline:
                pytest.fail(f"no {after} chunks within {WAIT} s")
            time.sleep(0.01)
    finally:
        os.killpg(process.pid, signal.SIGKILL)  # the command and its worker processes
        process.wait()
        assert process.stderr is not None
        process.stderr.close()
    assert process.returncode == -signal.SIGKILL
    return len(_finished(folder))


def test_a_killed_pool_loses_only_its_chunks_in_flight(tmp_path: Path) -> None:
    folder = tmp_path / "killed"
    at_kill = _start_and_kill(folder, after=2)
    assert 2 <= at_kill < CHUNKS, "the kill came after the run had finished"
    for path in _finished(folder):  # every chunk with its final name is whole
        assert pq.read_table(path).num_rows == CHUNK
    # a file the kill cut off mid-write keeps its temporary name: planted here for certain
    half = folder / f".tmp-99999-chunk-{CHUNKS - 1:06d}.parquet"
    half.write_bytes(b"PAR1 cut off")
    assert main(_argv(folder, 1)) == 0  # the same command (one process: no pool to start)
    assert not half.exists()  # swept away, never read as the last chunk
    assert len(_finished(folder)) == CHUNKS
    resumed = analyze.open_analysis(folder)
    reference = analyze.run(
        GAME, "dd", deals=DEALS, seed=SEED, chunk_size=CHUNK, folder=tmp_path / "one", workers=1
    )
    pd.testing.assert_frame_equal(resumed.to_pandas(), reference.to_pandas())
    for mine, theirs in zip(_finished(folder), reference.store.chunk_files(), strict=True):
        assert pq.read_table(mine).equals(pq.read_table(theirs)), mine.name
