"""A mkdocs hook for the rules pages: their lists as Python-Markdown reads them.

The specifications under docs/rules/ are written in the Markdown most readers know (CommonMark,
as GitHub shows it): a list may follow its paragraph without a blank line, and a nested item is
indented by two or three spaces. Python-Markdown, which mkdocs uses, wants a blank line before a
list and four spaces per level, and would print those lists as running text with asterisks. The
files stay as they are (their rule and decision numbers are cited by the code); this hook
rewrites the lists of each rules page as the site reads it, changing no word.
"""

from __future__ import annotations

import re
from typing import Any

# A list item: its indentation, then "*", "-" or "1." and a space.
ITEM = re.compile(r"^( *)([*-]|\d+\.) ")
FENCE = "```"
INDENT = "    "  # Python-Markdown's indentation per list level
SECTION = "rules/"  # the pages this hook rewrites, by path inside docs/


def _indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def normalize_lists(text: str) -> str:
    """``text`` with a blank line before every list that follows a paragraph, and each list
    item (and the lines that continue it) indented four spaces per nesting level."""
    out: list[str] = []
    open_items: list[int] = []  # the source indentation of each open list level
    in_fence = False
    after_blank = True
    for line in text.split("\n"):
        if line.lstrip().startswith(FENCE):
            in_fence = not in_fence
        if in_fence or line.lstrip().startswith(FENCE):
            out.append(line)
            after_blank = False
            continue
        if not line.strip():
            out.append(line)
            after_blank = True
            continue
        item = ITEM.match(line)
        indent = _indent_of(line)
        if item:
            while open_items and open_items[-1] > indent:
                open_items.pop()
            if not open_items or open_items[-1] < indent:
                open_items.append(indent)
            # A list, or an item after a paragraph of the item before, needs a blank line
            # before it; without one Python-Markdown reads it as more of the paragraph.
            previous = out[-1] if out else ""
            if previous.strip() and not ITEM.match(previous):
                out.append("")
            out.append(INDENT * (len(open_items) - 1) + line.lstrip(" "))
        elif open_items and indent > 0:
            # A line that continues an open item: the innermost one whose text starts at or
            # before the line's indentation (an item's text starts two columns after its mark).
            while len(open_items) > 1 and open_items[-1] + 2 > indent:
                open_items.pop()
            out.append(INDENT * len(open_items) + line.lstrip(" "))
        else:
            if after_blank:
                open_items.clear()  # an unindented paragraph after a blank line ends the list
            out.append(line)
        after_blank = False
    return "\n".join(out)


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    """mkdocs hook: rewrite the lists of the rules pages."""
    if page.file.src_uri.startswith(SECTION):
        return normalize_lists(markdown)
    return markdown
