"""A griffe extension for the API reference: the docstrings' doctest examples become code blocks.

The docstrings are plain text with ``>>>`` examples (the test suite runs them as doctests). In
Markdown an example would run together into one paragraph, and its output (``['AS', 'KH']``)
would read as a link reference, so each run of example lines, up to the blank line that ends
it as in doctest, is fenced as a ``pycon`` block. mkdocs.yml loads it under the python
handler's ``extensions``.
"""

from __future__ import annotations

from typing import Any

import griffe

PROMPT = ">>>"


def fence_doctests(text: str) -> str:
    """``text`` with every doctest example (a ``>>>`` line, its ``...`` continuations and its
    output, up to a blank line) inside a fenced ``pycon`` block; the rest unchanged."""
    out: list[str] = []
    in_example = False
    indent = ""
    for line in text.splitlines():
        starts = line.lstrip().startswith(PROMPT)
        if starts and not in_example:
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            in_example = True
        elif in_example and not line.strip():
            out.append(f"{indent}```")
            in_example = False
        out.append(line)
    if in_example:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Fences the doctest examples of every docstring griffe loads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and PROMPT in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
