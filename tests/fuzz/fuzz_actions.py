"""Fuzz target: actions and seats applied to deals and matches of every game. The input picks
a game, a seed and then, byte by byte, what to try: a legal action, an action text (legal,
hostile or random) from any seat (in range, out of range, huge, a bool), a JSON round trip or
a clone. Only ``tt.Error`` may escape; a rejected action changes nothing (state and log), and
the final round trip is exact."""

from __future__ import annotations

import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import harness  # noqa: E402

import tricktaker as tt  # noqa: E402
from tricktaker.protocol.base import StateMachine  # noqa: E402

TEXTS = [
    "",
    " ",
    "pass",
    "PASS",
    "claim",
    "accept",
    "fold",
    "trump:H",
    "trump:",
    "bid:999",
    "bid:-1",
    "discard:AS",
    "AS",
    "10h",
    "RJ",
    "ZZ",
    "x" * 500,
    "\x00",
    "trump:H:H",
    "🂡",
]


def _seat(code: int, count: int) -> Any:
    choices: list[Any] = [None, True, False, -1, count, 2**63, -(2**31), 1.0, "0", "N"]
    return choices[code % len(choices)] if code >= 200 else code % (count + 4) - 2


def TestOneInput(data: bytes) -> None:  # noqa: N802  (the name atheris looks for)
    if len(data) < 2:
        return
    fdp = iter(data)
    game = harness.game(next(fdp))
    seed = next(fdp)
    machine: StateMachine = (
        game.new_match(seed=seed)
        if seed % 5 == 0 and harness.rejects_cleanly(lambda: game.new_match(seed=seed)) is not None
        else game.new_deal(seed=seed)
    )
    count = game.seat_count
    for code in fdp:
        if machine.is_over:
            break
        legal = machine.legal_actions()
        kind = code % 8
        if kind < 4 and legal:
            machine.apply(legal[code % len(legal)])
            continue
        if kind == 4:
            machine = tt.from_json(machine.to_json())
            continue
        if kind == 5:
            machine = machine.clone()
            continue
        text = (
            TEXTS[code % len(TEXTS)]
            if kind == 6
            else (legal[code % len(legal)].name if legal else "")
        )
        seat = _seat(next(fdp, 0), count)
        before = machine.to_json()
        try:
            machine.apply(text, seat=seat)
        except tt.Error:
            harness.same_json(machine, before)
    text = machine.to_json()
    if tt.from_json(text).to_json() != text:
        raise AssertionError("the round trip is not exact")


if __name__ == "__main__":
    harness.fuzz(TestOneInput)
