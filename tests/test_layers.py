"""The package's layers point one way, read from the source itself (an AST walk, no import).

core ``_core`` <- protocol (cards, errors, notation, protocol/) <- games (games/, registry) <-
analysis (solve, sampling, rebuild, playouts, tensors) <- bots, rl <- simulation (sim, compare)
<- cli. A module imports only from its own layer or below; a game family imports no other
family; no package import hides inside a function or below the module's first definition (the
way a cycle is dodged); and a generic module names no game: it asks the family record.
"""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "python" / "tricktaker"

# Layer of each top-level module or package of tricktaker (the package's own __init__, the
# public face, may re-export every layer up to analysis and loads the rest lazily).
LAYERS: dict[str, int] = {
    "_core": 0,
    "cards": 1,
    "errors": 1,
    "notation": 1,
    "protocol": 1,
    "games": 2,
    "registry": 2,
    "solve": 3,
    "sampling": 3,
    "rebuild": 3,
    "playouts": 3,
    "tensors": 3,
    "labels": 3,
    "results": 3,
    "bots": 4,
    "rl": 4,
    "sim": 5,
    "compare": 5,
    "tournament": 5,
    "server": 5,
    "openspiel": 5,
    "analyze": 5,
    "cli": 6,
    "__main__": 6,
    "__init__": 3,
}
GAME_WORDS = ("klaverjas", "kirves", "kiksas", "trikiksis", "allfours", "pitch", "whist")
# Imported lazily on purpose: optional extras that the core install does not carry.
OPTIONAL = (
    "pettingzoo",
    "gymnasium",
    "rich",
    "endplay",
    "pandas",
    "pyarrow",
    "distributed",
    "tqdm",
    "scipy",
    "openskill",
    "matplotlib",
)


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _dotted(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _top(dotted: str) -> str:
    """The top-level module of tricktaker a dotted name belongs to ('__init__' for the package)."""
    parts = dotted.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _family(dotted: str) -> str | None:
    parts = dotted.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def _imports(tree: ast.Module, here: str, is_package: bool) -> list[tuple[ast.stmt, str]]:
    """Every import of a tricktaker module in the file, with the absolute name imported."""
    out: list[tuple[ast.stmt, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node, a.name) for a in node.names if a.name.startswith("tricktaker")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.startswith("tricktaker"):
                if module == "tricktaker":  # from tricktaker import games, _core, ...
                    out += [(node, f"tricktaker.{a.name}") for a in node.names]
                else:
                    out.append((node, module))
    return out


def _type_checking_blocks(tree: ast.Module) -> set[int]:
    """Line numbers inside ``if TYPE_CHECKING:`` blocks (imports for annotations only)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def test_layers_point_one_way() -> None:
    wrong = []
    for path in _modules():
        here = _dotted(path)
        tree = ast.parse(path.read_text())
        # The package's face types its lazily loaded names (tt.simulate) for type checkers only.
        lazy = _type_checking_blocks(tree) if here == "tricktaker" else set()
        for node, module in _imports(tree, here, path.name == "__init__.py"):
            if node.lineno in lazy:
                continue
            if LAYERS[_top(module)] > LAYERS[_top(here)]:
                wrong.append(f"{here}:{node.lineno} imports {module} (a higher layer)")
    assert not wrong, "\n".join(wrong)


def test_a_family_imports_no_other_family() -> None:
    wrong = []
    for path in _modules():
        here = _dotted(path)
        family = _family(here)
        if family is None:
            continue
        for node, module in _imports(ast.parse(path.read_text()), here, path.name == "__init__.py"):
            other = _family(module)
            if other is not None and other != family:
                wrong.append(f"{here}:{node.lineno} imports {module}")
    assert not wrong, "\n".join(wrong)


def test_no_import_hides_in_a_function_or_below_the_code() -> None:
    wrong = []
    for path in _modules():
        here = _dotted(path)
        tree = ast.parse(path.read_text())
        annotations_only = _type_checking_blocks(tree)
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    if isinstance(node, (ast.Import, ast.ImportFrom)):
                        names = (
                            [a.name for a in node.names]
                            if isinstance(node, ast.Import)
                            else [node.module or ""]
                        )
                        relative = isinstance(node, ast.ImportFrom) and node.level > 0
                        if relative or any(not n.startswith(OPTIONAL) for n in names):
                            wrong.append(f"{here}:{node.lineno} imports inside {fn.name}()")
        first_code = min(
            (
                n.lineno
                for n in tree.body
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            ),
            default=None,
        )
        if first_code is not None:
            for node in tree.body:
                if (
                    isinstance(node, (ast.Import, ast.ImportFrom))
                    and node.lineno > first_code
                    and node.lineno not in annotations_only
                ):
                    wrong.append(f"{here}:{node.lineno} imports below the module's code")
    assert not wrong, "\n".join(wrong)


def _game_names_in(path: Path) -> list[str]:
    found = []
    source = path.read_text()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        text = token.string.lower()
        if (
            token.type == tokenize.NAME
            and any(w in text for w in GAME_WORDS)
            or token.type == tokenize.STRING
            and text.strip("'\"") in GAME_WORDS
        ):
            found.append(f"{token.start[0]}: {token.string}")
    return found


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in _modules()
        if _family(_dotted(p)) is None
        and _dotted(p) not in ("tricktaker", "tricktaker.registry", "tricktaker.games")
    ],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_generic_modules_name_no_game(path: Path) -> None:
    """Docstrings and comments may give a game as an example; code may not pick one."""
    assert _game_names_in(path) == []


# The core's builders of a game's tables from its options: rules tables, playout engines, the
# solver's scorings and their options. Each family's tables.py is their only caller.
TABLE_BUILDERS = (
    "_rules",
    "Playouts",
    "Scoring",
    "ScoringOptions",
    "DealContext",
    "whist_state",
)


def _builder_uses(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "_core"
            and any(node.attr.endswith(b) or node.attr == b for b in TABLE_BUILDERS)
            and node.attr != "GamePlayouts"  # the engines' common type, for annotations
        ):
            found.append(f"{node.lineno}: _core.{node.attr}")
    return found


@pytest.mark.parametrize(
    "path",
    [p for p in _modules() if p.name != "tables.py" and "protocol" not in p.parts],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_options_become_core_tables_only_in_the_family_tables(path: Path) -> None:
    assert _builder_uses(path) == []
