"""Fuzz target: JSON documents for ``tt.from_json``. The input is the document's text; when it
is a valid document, a copy with one value replaced by a hostile one (chosen by the input's
length) is loaded too. Only ``tt.Error`` may escape; a document that loads must round-trip
exactly, and a rejected log entry must leave the deal as the entries before it made it."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import harness  # noqa: E402

import tricktaker as tt  # noqa: E402

HOSTILE = harness.hostile_values()


def _load(text: str) -> None:
    machine = harness.rejects_cleanly(lambda: tt.from_json(text))
    if machine is not None:
        again = machine.to_json()
        if tt.from_json(again).to_json() != again:
            raise AssertionError(f"the round trip of {again[:200]} is not exact")


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every value inside a document (containers included)."""
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _leaves(item, (*path, index))
    return out


def _replaced(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(document))
    holder = copy
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return copy


def TestOneInput(data: bytes) -> None:  # noqa: N802  (the name atheris looks for)
    text = data.decode("utf-8", errors="replace")
    _load(text)
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return
    paths = _leaves(document)
    if len(paths) < 2:
        return
    path = paths[1 + len(data) % (len(paths) - 1)]
    hostile = HOSTILE[(len(data) // 7) % len(HOSTILE)]
    _load(json.dumps(_replaced(document, path, hostile)))


if __name__ == "__main__":
    harness.fuzz(TestOneInput)
