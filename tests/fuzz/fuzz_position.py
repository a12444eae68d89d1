"""Fuzz target: position texts. The first byte picks a game and preset, the rest is the text
handed to its ``parse_position``; only ``tt.Error`` may escape, and the position a read deal
writes must read back to the same text."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import harness  # noqa: E402


def TestOneInput(data: bytes) -> None:  # noqa: N802  (the name atheris looks for)
    if not data:
        return
    game = harness.game(data[0])
    text = data[1:].decode("utf-8", errors="replace")
    deal = harness.rejects_cleanly(lambda: game.parse_position(text))  # type: ignore[attr-defined]
    if deal is None:
        return
    again = harness.rejects_cleanly(deal.position)
    if again is not None and game.parse_position(again).position() != again:  # type: ignore[attr-defined]
        raise AssertionError(f"position {again!r} does not read back to itself")


if __name__ == "__main__":
    harness.fuzz(TestOneInput)
