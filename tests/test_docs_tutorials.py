"""The tutorials of the documentation site run: each script under docs/tutorials/ is a whole
program that checks what it shows (its asserts), and the page that includes it exists."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "docs" / "tutorials"
SCRIPTS = sorted(TUTORIALS.glob("*.py"))

# What each tutorial must print: the line that shows it did its job.
EXPECTED = {
    "analyse_position.py": "score N-S, E-W: (188, ",
    "sample_hidden_hands.py": "PIMC plays ",
    "compare_bots.py": "rule vs random: rule better",
    "train_rl_agent.py": "after",
}


def test_every_tutorial_is_known() -> None:
    assert {s.name for s in SCRIPTS} == set(EXPECTED)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.stem)
def test_tutorial_runs(script: pathlib.Path) -> None:
    done = subprocess.run(
        [sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert EXPECTED[script.name] in done.stdout, done.stdout


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.stem)
def test_tutorial_page_includes_its_script(script: pathlib.Path) -> None:
    """Each script is included whole by its page (pymdownx.snippets), so the site shows the
    code the test runs."""
    pages = [p for p in TUTORIALS.glob("*.md") if f"docs/tutorials/{script.name}" in p.read_text()]
    assert len(pages) == 1, f"{script.name} is included by {pages}"
