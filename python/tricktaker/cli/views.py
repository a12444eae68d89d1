"""The terminal view of a game in ``tricktaker play``: its family's ``TextView``, or the
generic one (observations as JSON) for a family without a view of its own; and the ``Screen``
the lines go to, which colours the red suits where the terminal allows and folds long lines to
the terminal's width."""

from __future__ import annotations

import os
import re
import shutil
import textwrap
from typing import Any, TextIO

from tricktaker.errors import Unsupported
from tricktaker.protocol.family import capability
from tricktaker.protocol.view import TextView

__all__ = ["Screen", "screen_for", "view_for"]

# A card or a suit symbol of the red suits, as the views write them (10♥, Q♦, ♥).
_RED = re.compile(r"(?:10|[2-9TJQKA])?[♥♦]")
_BLACK = re.compile(r"(?:10|[2-9TJQKA])?[♠♣]")


def view_for(game: str) -> TextView:
    """The view of a game (by its ``Game.name``); a game whose family has none is still
    playable, with the generic view."""
    try:
        view: TextView = capability(game, "view")
    except Unsupported:
        return TextView()
    return view


def wrap(line: str, width: int | None) -> list[str]:
    """A line folded at spaces to ``width`` columns (continuations indented two), or as is."""
    if width is None or len(line) <= width:
        return [line]
    indent = len(line) - len(line.lstrip(" "))
    return textwrap.wrap(
        line,
        width=width,
        subsequent_indent=" " * (indent + 2),
        break_on_hyphens=False,
        break_long_words=False,
        drop_whitespace=True,
    ) or [line]


class Screen:
    """Where ``play`` writes: plain text, or with the red suits coloured (rich) when ``colour``;
    lines folded to ``width`` columns when a width is given."""

    def __init__(self, out: TextIO, *, colour: bool = False, width: int | None = None) -> None:
        self.out = out
        self.width = width
        self._console: Any = None
        if colour:
            self._console = _rich_console(out)

    def say(self, *lines: str) -> None:
        for line in lines:
            for part in wrap(line, self.width):
                if self._console is None:
                    print(part, file=self.out)
                else:
                    self._console.print(_coloured(part), soft_wrap=True)
        self.out.flush()

    def ask(self, prompt: str) -> None:
        """A prompt, the cursor left after it."""
        print(prompt, end="", file=self.out, flush=True)


def _rich_console(out: TextIO) -> Any:
    """A rich console on ``out`` (None without rich: the plain text is as good, less bright)."""
    try:
        from rich.console import Console
    except ImportError:
        return None
    return Console(file=out, force_terminal=True, highlight=False, markup=False, emoji=False)


def _coloured(line: str) -> Any:
    from rich.text import Text

    text = Text(line)
    text.highlight_regex(_RED, "bold red")
    text.highlight_regex(_BLACK, "bold")
    return text


def screen_for(out: TextIO) -> Screen:
    """The screen for ``out``: coloured and folded to the terminal's width on a terminal (unless
    ``NO_COLOR`` is set, https://no-color.org), plain and unfolded when piped."""
    if not out.isatty():
        return Screen(out)
    colour = not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
    return Screen(out, colour=colour, width=shutil.get_terminal_size().columns)
