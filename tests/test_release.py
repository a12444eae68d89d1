"""Release hygiene: one version everywhere (the package, the metadata, the command line, the
changelog), the licence the metadata names, and a changelog in Keep a Changelog's shape."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

import pytest

import tricktaker as tt

tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later read pyproject.toml

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _project() -> dict[str, object]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        data: dict[str, object] = tomllib.load(f)
    return data


def test_one_source_for_the_version() -> None:
    """pyproject.toml reads the version from the package (a dynamic version through
    scikit-build-core's regex provider), or, until it does, states the same one."""
    data = _project()
    project = data["project"]
    assert isinstance(project, dict)
    assert re.fullmatch(r"\d+\.\d+\.\d+", tt.__version__)
    if "version" in project.get("dynamic", []):
        tool = data["tool"]
        assert isinstance(tool, dict)
        version = tool["scikit-build"]["metadata"]["version"]
        assert version["provider"] == "scikit_build_core.metadata.regex"
        assert version["input"] == "python/tricktaker/__init__.py"
    else:
        assert project["version"] == tt.__version__


def test_the_command_prints_the_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tricktaker", "--version"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"tricktaker {tt.__version__}"


def test_license_is_the_one_the_metadata_names() -> None:
    project = _project()["project"]
    assert isinstance(project, dict)
    named = project["license"]
    assert (named["text"] if isinstance(named, dict) else named) == "MIT"
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License")
    assert re.search(r"Copyright \(c\) \d{4} The tricktaker authors", text)


def test_changelog_has_the_version_and_an_unreleased_section() -> None:
    text = (ROOT / "CHANGELOG.md").read_text()
    versions = re.findall(r"^## \[([^\]]+)\]", text, flags=re.MULTILINE)
    assert versions[0] == "Unreleased"
    assert tt.__version__ in versions
    released = re.search(
        rf"^## \[{re.escape(tt.__version__)}\] - (\d{{4}}-\d{{2}}-\d{{2}})$", text, re.M
    )
    assert released, "a released version has its date"
