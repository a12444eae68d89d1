"""Each fuzz target runs over its kept corpus without a finding: CI checks that the targets
still run (and that no input once found is failing again), without atheris."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

HERE = Path(__file__).resolve().parent
TARGETS = sorted(HERE.glob("fuzz_*.py"))


def _load(script: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"fuzz_targets.{script.stem}", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("script", TARGETS, ids=[t.stem for t in TARGETS])
def test_the_target_takes_its_corpus(script: Path) -> None:
    corpus = HERE / "corpus" / script.stem.removeprefix("fuzz_")
    inputs = sorted(p for p in corpus.iterdir() if p.is_file()) if corpus.is_dir() else []
    assert inputs, f"{script.name} has no seed corpus in {corpus.name}/"
    target = _load(script)
    for path in inputs:
        target.TestOneInput(path.read_bytes())


def test_every_target_has_a_corpus_folder_and_a_main() -> None:
    assert {t.stem for t in TARGETS} >= {"fuzz_actions", "fuzz_json", "fuzz_position"}
    for script in TARGETS:
        assert "def TestOneInput(data: bytes) -> None" in script.read_text()
        assert 'if __name__ == "__main__":' in script.read_text()
