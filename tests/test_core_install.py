"""The core install (numpy only) runs the command line without any optional extra.

A subprocess blocks the extras with an import hook, so a module that imports one at the top of a
path the core commands take fails here, not on a user's machine. Commands that need an extra
must say which, in one line, not with a traceback."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

EXTRAS = (
    "pandas", "pyarrow", "scipy", "matplotlib", "fastapi", "uvicorn", "starlette", "pydantic",
    "rich", "openskill", "tqdm", "dask", "distributed", "endplay", "pyspiel", "open_spiel",
    "pettingzoo", "gymnasium", "atheris", "websockets", "httpx",
)  # fmt: skip

RUNNER = textwrap.dedent(
    """
    import importlib.abc, importlib.util, sys
    blocked = set(sys.argv[1].split(","))
    class Blocker(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in blocked:
                raise ModuleNotFoundError(f"No module named {name!r}")
            return None
    sys.meta_path.insert(0, Blocker())
    real_find_spec = importlib.util.find_spec
    importlib.util.find_spec = (
        lambda name, *a: None if name.split(".")[0] in blocked else real_find_spec(name, *a)
    )
    from tricktaker.cli import main
    sys.exit(main(sys.argv[2:]))
    """
)


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUNNER, ",".join(EXTRAS), *argv],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    "argv",
    [
        ("simulate", "klaverjas", "--deals", "200", "--seed", "1"),
        ("simulate", "kiksas", "--deals", "10", "--seed", "1", "--bots", "rule,random"),
        ("games",),
        ("solve", "klaverjas", "dealer=W trump=D declarer=N N:J.K8.AJT7.Q 8.JT7.Q9.T8 "
         "QT.AQ.K.AK7 AK97.9.8.J9 | JD QD"),
    ],
)  # fmt: skip
def test_core_commands_run_without_any_extra(argv: tuple[str, ...]) -> None:
    done = _run(*argv)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("argv", "extra"),
    [
        (("analyze", "kiksas", "--kind", "dd", "--deals", "10"), "tricktaker[analysis]"),
        (("serve", "--stdio"), "tricktaker[server]"),
    ],
)
def test_commands_that_need_an_extra_name_it(argv: tuple[str, ...], extra: str) -> None:
    done = _run(*argv)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert extra in done.stderr
