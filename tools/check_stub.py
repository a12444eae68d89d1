"""Check that the committed python/tricktaker/_core.pyi matches the built extension module.

Regenerates the stub with pybind11-stubgen into a temporary folder and compares it with the
committed one after the same normalisation (ruff format, typed dict arguments). To update the
committed stub after changing the bindings, run ``python tools/check_stub.py --write``.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
COMMITTED = ROOT / "python" / "tricktaker" / "_core.pyi"


def generate() -> str:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pybind11_stubgen", "tricktaker._core", "-o", tmp],
            check=True,
            capture_output=True,
        )
        path = pathlib.Path(tmp) / "tricktaker" / "_core.pyi"
        # pybind11 spells plain py::dict as bare ``dict``; give it type arguments for mypy.
        text = path.read_text().replace("memo: dict)", "memo: dict[typing.Any, typing.Any])")
        text = text.replace(") -> dict:", ") -> dict[str, typing.Any]:")
        path.write_text(text)
        subprocess.run(["ruff", "format", "-q", str(path)], check=True)
        return path.read_text()


def main() -> int:
    fresh = generate()
    if "--write" in sys.argv:
        COMMITTED.write_text(fresh)
        print(f"wrote {COMMITTED.relative_to(ROOT)}")
        return 0
    if COMMITTED.read_text() != fresh:
        print(
            "python/tricktaker/_core.pyi does not match the module; run "
            "`python tools/check_stub.py --write` and commit the result"
        )
        return 1
    print("_core.pyi matches the module")
    return 0


if __name__ == "__main__":
    sys.exit(main())
