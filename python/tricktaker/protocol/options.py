"""Validation of game options: frozen keyword-only dataclasses with named presets.

Each game declares its options as a frozen dataclass whose fields carry their allowed values in
``field(metadata={"choices": ...})`` or a validator in ``metadata={"check": fn}``; ``build_options``
applies a preset and keyword overrides and raises ``InvalidOption`` (a ``ValueError``) naming
what is allowed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from tricktaker.errors import InvalidOption, short_repr

T = TypeVar("T")


def choice(default: Any, choices: tuple[Any, ...], doc: str = "") -> Any:
    """A dataclass field whose value must be one of ``choices``."""
    return dataclasses.field(default=default, metadata={"choices": choices, "doc": doc})


def checked(default: Any, check: Callable[[Any], str | None], doc: str = "") -> Any:
    """A dataclass field validated by ``check(value)``, which returns an error text or None."""
    return dataclasses.field(default=default, metadata={"check": check, "doc": doc})


def option_names(cls: type[Any]) -> list[str]:
    return [f.name for f in dataclasses.fields(cls)]


def validate_field(cls: type[Any], name: str, value: Any) -> None:
    fields = {f.name: f for f in dataclasses.fields(cls)}
    f = fields[name]
    choices = f.metadata.get("choices")
    if choices is not None:
        # bool options must be real booleans (True == 1 would otherwise pass for 1).
        ok = any(value == c and type(value) is type(c) for c in choices)
        if not ok:
            allowed = ", ".join(repr(c) for c in choices)
            raise InvalidOption(
                f"option {name}={short_repr(value)} is not allowed; allowed values: {allowed}"
            )
    check = f.metadata.get("check")
    if check is not None:
        problem = check(value)
        if problem:
            raise InvalidOption(f"option {name}={short_repr(value)}: {problem}")


def build_options(
    cls: type[T],
    presets: Mapping[str, Mapping[str, Any]],
    preset: str | None,
    overrides: Mapping[str, Any],
    game: str,
) -> T:
    """Defaults, then the preset's values, then the keyword overrides, each validated."""
    values: dict[str, Any] = {}
    if preset is not None:
        if preset not in presets:
            allowed = ", ".join(sorted(presets)) or "(none)"
            raise InvalidOption(f"{game} has no preset {short_repr(preset)}; presets: {allowed}")
        values.update(presets[preset])
    names = option_names(cls)
    for key, value in overrides.items():
        if key not in names:
            raise InvalidOption(
                f"{game} has no option {short_repr(key)}; options: {', '.join(names)}"
                + (f"; presets: {', '.join(sorted(presets))}" if presets else "")
            )
        values[key] = value
    for key, value in values.items():
        validate_field(cls, key, value)
    return cls(**values)


def options_to_dict(options: Any) -> dict[str, Any]:
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}


def describe_options(cls: type[Any]) -> list[dict[str, Any]]:
    """Name, default, allowed values and description of every option, for help texts."""
    out = []
    for f in dataclasses.fields(cls):
        out.append(
            {
                "name": f.name,
                "default": f.default,
                "choices": f.metadata.get("choices"),
                "doc": f.metadata.get("doc", ""),
            }
        )
    return out
