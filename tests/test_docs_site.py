"""The documentation site's own code and sources: the game pages written from tt.games(), the
rules every reference points at, and the two rewrites the site applies (the rules pages' lists,
the docstrings' doctest examples). `mkdocs build --strict` itself runs in CI."""

from __future__ import annotations

import importlib.util
import pathlib
import re
from types import ModuleType

import pytest

import tricktaker as tt

ROOT = pathlib.Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"


def _tool(name: str) -> ModuleType:
    """A module of tools/ (not a package), loaded from its file."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    generated: dict[str, str] = _tool("docs_games").generated_pages()
    return generated


def test_a_page_per_game(pages: dict[str, str]) -> None:
    assert set(pages) == {"games/index.md"} | {f"games/{name}.md" for name in tt.games()}
    for name in tt.games():
        assert f"[{name}]({name}.md)" in pages["games/index.md"]


@pytest.mark.parametrize("name", sorted(tt.games()))
def test_game_page_lists_every_option_and_preset(name: str, pages: dict[str, str]) -> None:
    page = pages[f"games/{name}.md"]
    info = tt.games()[name]
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    for option in info.options:
        row = next(r for r in rows if r.startswith(f"| `{option['name']}` |"))
        assert option["doc"].replace("|", "\\|") in row
    for preset in info.presets:
        assert f"| `{preset}` |" in page
    # the example deal was played and solved: a position and a value table
    assert "value " in page and "(* marks the best)" in page


@pytest.mark.parametrize("name", sorted(tt.games()))
def test_game_page_links_its_rules(name: str, pages: dict[str, str]) -> None:
    links = re.findall(r"\(\.\./rules/(\w+)\.md\)", pages[f"games/{name}.md"])
    assert links and all((RULES / f"{link}.md").exists() for link in links)


def test_every_rules_reference_points_at_docs_rules() -> None:
    """Code, tests and the README cite the specifications as docs/rules/<game>.md, and each
    exists. (The site's own pages link them relatively; the strict build checks those links.)"""
    paths = [ROOT / "README.md"]
    for folder in ("python", "cpp", "tests", "bench", "tools"):
        paths += [p for p in (ROOT / folder).rglob("*") if p.suffix in {".py", ".h", ".cc", ".pyi"}]
    cited: set[str] = set()
    for path in paths:
        for match in re.finditer(r"(\S*)rules/(\w+)\.md", path.read_text(encoding="utf-8")):
            prefix, name = match.groups()
            assert prefix.endswith("docs/"), f"{path}: {match.group(0)} (not docs/rules/)"
            cited.add(name)
    assert cited and all((RULES / f"{name}.md").exists() for name in cited)


def test_lists_are_rewritten_for_python_markdown() -> None:
    markdown = pytest.importorskip("markdown")
    source = (
        "**E1 — An example.** The hands:\n"
        "* A: one\n"
        "  * nested under A\n"
        "* B: two\n"
        "\n"
        "  A paragraph of B.\n"
        "* C: three\n"
    )
    html = markdown.markdown(_tool("docs_lists").normalize_lists(source))
    assert "* A" not in html and "* C" not in html
    assert html.count("<ul>") == 2  # the list and the list nested under A
    assert html.count("<li>") == 4
    assert "A paragraph of B." in html.split("<li>")[3]  # inside B's item


def test_doctest_examples_become_code_blocks() -> None:
    pytest.importorskip("griffe")
    fence = _tool("docs_doctests").fence_doctests
    text = "Intro.\n\n>>> 1 + 1\n2\n>>> [1][0]\n1\n\nAfter."
    assert fence(text) == "Intro.\n\n```pycon\n>>> 1 + 1\n2\n>>> [1][0]\n1\n```\n\nAfter."
    assert fence("no examples") == "no examples"
