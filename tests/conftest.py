"""Shared helpers for the tests."""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import settings

from tricktaker.cards import Card, mask_from_cards, parse_cards

# CI runs every property test on the same examples (no wall-clock deadline on a shared
# machine); a developer's run explores new random examples each time.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def mask(text: str) -> int:
    return mask_from_cards(parse_cards(text))


def names(mask_value: int) -> set[str]:
    out = set()
    for i in range(64):
        if (mask_value >> i) & 1:
            out.add(str(Card(i)))
    return out


def all_strings(data: Any) -> list[str]:
    """Every string inside a JSON-ready structure (keys and values)."""
    out: list[str] = []
    if isinstance(data, str):
        out.append(data)
    elif isinstance(data, dict):
        for k, v in data.items():
            out.append(str(k))
            out += all_strings(v)
    elif isinstance(data, (list, tuple)):
        for v in data:
            out += all_strings(v)
    return out


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True)
