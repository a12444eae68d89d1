"""A small HTML report that gathers an analysis's plots: ``write_report(folder, ...)``.

The report is one ``report.html`` in ``folder`` beside its PNG files, linked by relative paths,
so the folder can be copied or served as it is.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tricktaker.errors import Error

__all__ = ["Figure", "REPORT_NAME", "write_report"]

REPORT_NAME = "report.html"


@dataclass(frozen=True)
class Figure:
    """One image of a report: the PNG (a path), its heading and a line saying what it shows."""

    path: Path
    title: str
    caption: str = ""


_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem; }}
figure {{ margin: 2rem 0; }}
img {{ max-width: 100%; border: 1px solid #ddd; }}
figcaption {{ color: #444; }}
pre {{ background: #f6f6f6; padding: 0.75rem; overflow-x: auto; }}
</style>
</head>
<body>
<h1>{title}</h1>
{intro}
{figures}
</body>
</html>
"""


def write_report(
    folder: str | Path,
    figures: Sequence[Figure],
    *,
    title: str = "tricktaker analysis",
    notes: Sequence[str] = (),
) -> Path:
    """Write ``folder/report.html`` showing ``figures`` (PNG files, best inside ``folder``)
    under ``title``, after ``notes`` (paragraphs of plain text; a note starting with ``$ `` is
    shown as a command). Returns the report's path."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    missing = [str(f.path) for f in figures if not Path(f.path).is_file()]
    if missing:
        raise Error(f"a report shows existing images; missing: {', '.join(missing)}")
    intro = "\n".join(
        f"<pre>{html.escape(n[2:])}</pre>" if n.startswith("$ ") else f"<p>{html.escape(n)}</p>"
        for n in notes
    )
    blocks = []
    for figure in figures:
        source = Path(figure.path).resolve()
        try:
            link = source.relative_to(out.resolve()).as_posix()
        except ValueError:
            link = source.as_uri()
        blocks.append(
            "<figure>\n"
            f"<h2>{html.escape(figure.title)}</h2>\n"
            f'<img src="{html.escape(link)}" alt="{html.escape(figure.title)}">\n'
            f"<figcaption>{html.escape(figure.caption)}</figcaption>\n"
            "</figure>"
        )
    page = _PAGE.format(title=html.escape(title), intro=intro, figures="\n".join(blocks))
    path = out / REPORT_NAME
    path.write_text(page, encoding="utf-8")
    return path
