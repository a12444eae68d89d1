"""What the fuzz targets share: every game and preset, sample inputs of each, and the rule that
only ``tt.Error`` may escape a call fed with a stranger's input.

A target is a script ``fuzz_<name>.py`` with ``TestOneInput(data: bytes) -> None``; any other
exception it lets escape is a finding. The targets put this folder on ``sys.path`` to import
this module, so they run as scripts (atheris) and under pytest alike.
"""

from __future__ import annotations

import functools
import gc
import random
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import tricktaker as tt
from tricktaker.protocol.base import StateMachine
from tricktaker.registry import families

T = TypeVar("T")


def _cases() -> Iterator[tuple[str, str | None, tuple[tuple[str, Any], ...]]]:
    for family in families().values():
        for variant in family.variants:
            for options in variant.examples:
                for preset in (None, *sorted(variant.presets)):
                    yield variant.name, preset, tuple(sorted(options.items()))


# Every game, preset and example option set of the registry (the conformance tests' cases).
CASES: list[tuple[str, str | None, tuple[tuple[str, Any], ...]]] = list(_cases())


@functools.cache
def game(case: int) -> tt.Game:
    name, preset, options = CASES[case % len(CASES)]
    return tt.load(name, preset=preset, **dict(options))


def random_walk(machine: StateMachine, rng: random.Random, steps: int) -> StateMachine:
    """``machine`` after up to ``steps`` random legal actions (fewer when it ends)."""
    for _ in range(steps):
        if machine.is_over:
            break
        legal = machine.legal_actions()
        if not legal:
            break
        machine.apply(rng.choice(legal))
    return machine


def rejects_cleanly(call: Callable[[], T]) -> T | None:
    """The result of ``call``, or None when it rejects its input with a ``tt.Error``; any
    other exception propagates: it is a finding."""
    try:
        return call()
    except tt.Error:
        return None


def sample_deals(case: int, count: int) -> Iterator[StateMachine]:
    """Deals of the case's game at several points of play, from fixed seeds."""
    rng = random.Random(case)
    for k in range(count):
        deal = game(case).new_deal(seed=k)
        yield random_walk(deal, rng, rng.randrange(0, 60))


def sample_documents(case: int, count: int) -> Iterator[str]:
    """JSON documents of the case's game: deals at several points, and a match begun."""
    for deal in sample_deals(case, count):
        yield deal.to_json()
    match = rejects_cleanly(lambda: game(case).new_match(seed=case))
    if match is not None:
        yield random_walk(match, random.Random(case), 30).to_json()


def sample_positions(case: int, count: int) -> Iterator[str]:
    """Position texts of the case's game, where its deals can write one."""
    for deal in sample_deals(case, count * 3):
        write = getattr(deal, "position", None)
        text = None if write is None else rejects_cleanly(write)
        if isinstance(text, str):
            yield text
            count -= 1
            if count == 0:
                return


def hostile_values() -> list[Any]:
    """JSON values a stranger may put anywhere in a document."""
    return [
        None,
        True,
        False,
        0,
        -1,
        10,
        -11,
        2**63,
        -(2**63),
        10**30,
        1.5,
        1e308,
        "",
        "S",
        "N",
        "H",
        "AS",
        "S9",
        "pass",
        "x" * 300,
        [],
        [[]],
        [0, "AS"],
        {},
        {"a": 1},
        [None] * 5,
    ]


def same_json(machine: StateMachine, before: str) -> None:
    """A rejected call left ``machine`` exactly as it was."""
    after = machine.to_json()
    if after != before:
        raise AssertionError(f"a rejected call changed the state:\n{before}\n{after}")


def seed_inputs(target: str) -> Iterator[bytes]:
    """The seed corpus of a target, made from the sample inputs (``run.py --make-seeds``)."""
    for case in range(len(CASES)):
        selector = bytes([case % 256])
        if target == "position":
            for text in sample_positions(case, 2):
                yield selector + text.encode()
        elif target == "json":
            for text in sample_documents(case, 2):
                yield text.encode()
        elif target == "actions":
            rng = random.Random(case)
            yield selector + bytes(rng.randrange(256) for _ in range(48))


def fuzz(test_one_input: Callable[[bytes], None]) -> None:
    """Run a target under atheris: instrument tricktaker's Python code (the code under test;
    instrumenting every loaded function, as ``atheris.instrument_all`` does, takes minutes),
    then fuzz with the command line's corpus folders and libFuzzer flags."""
    import atheris  # noqa: PLC0415  (the fuzz extra; pytest feeds the targets without it)

    for obj in gc.get_objects():
        module = getattr(obj, "__module__", None) or ""
        if isinstance(obj, types.FunctionType) and module.startswith("tricktaker"):
            atheris.instrument_func(obj)
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
