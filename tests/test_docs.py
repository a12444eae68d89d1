"""The README quick start and the docstring examples run as tests."""

from __future__ import annotations

import doctest
import importlib
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = [
    "tricktaker",
    "tricktaker.cards",
    "tricktaker.notation",
    "tricktaker.games.klaverjas",
    "tricktaker.games.kirves",
    "tricktaker.games.kiksas",
    "tricktaker.games.allfours",
    "tricktaker.games.whist",
    "tricktaker.solve",
    "tricktaker.bots",
    "tricktaker.compare",
]


def test_readme_examples_run() -> None:
    failures, tried = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert tried > 10
    assert failures == 0


@pytest.mark.parametrize("name", MODULES)
def test_module_docstrings_run(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0
    assert failures == 0


def test_stub_names_match_the_module() -> None:
    """Every public name of the extension appears in the committed _core.pyi and back."""
    import ast

    from tricktaker import _core

    stub = ast.parse((ROOT / "python" / "tricktaker" / "_core.pyi").read_text())
    stub_names = {
        node.name for node in stub.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))
    } | {
        t.id
        for node in stub.body
        if isinstance(node, (ast.AnnAssign, ast.Assign))
        for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(t, ast.Name)
    }
    module_names = {n for n in dir(_core) if not n.startswith("_")}
    assert module_names == stub_names - {"__all__"}
