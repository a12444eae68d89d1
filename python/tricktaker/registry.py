"""The registry of games: ``games()``, ``load()`` and ``from_json()``; ``family_of`` and
``capability`` (from ``tricktaker.protocol.family``) find a game's family record."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tricktaker.protocol.base import Game, StateMachine
from tricktaker.protocol.family import Family, add_family, capability, family_of
from tricktaker.protocol.options import describe_options
from tricktaker.protocol.schema import game_schema, schema_document


class GameInfo(dict[str, Any]):
    """What ``tricktaker.games()`` tells about one game: a JSON-ready dict (``json.dumps`` takes
    it as it is) whose items are also read as attributes.

    ``name``, ``description`` (one line), ``family``, ``aliases``, ``presets`` (their names),
    ``options`` (each with its ``name``, ``default``, allowed ``choices`` or None, and ``doc``)
    and ``capabilities`` (the family record's: ``tensors``, ``solver``, ``rule_bot``, ...).
    """

    def __init__(
        self,
        *,
        name: str,
        description: str,
        presets: tuple[str, ...],
        options: tuple[dict[str, Any], ...],
        aliases: tuple[str, ...] = (),
        family: str = "",
        capabilities: tuple[str, ...] = (),
    ) -> None:
        super().__init__(
            name=name,
            description=description,
            family=family,
            aliases=list(aliases),
            presets=list(presets),
            options=[_json_ready(o) for o in options],
            capabilities=list(capabilities),
        )

    @property
    def name(self) -> str:
        return str(self["name"])

    @property
    def description(self) -> str:
        return str(self["description"])

    @property
    def family(self) -> str:
        return str(self["family"])

    @property
    def aliases(self) -> tuple[str, ...]:
        return tuple(self["aliases"])

    @property
    def presets(self) -> tuple[str, ...]:
        return tuple(self["presets"])

    @property
    def options(self) -> tuple[dict[str, Any], ...]:
        return tuple(self["options"])

    @property
    def capabilities(self) -> tuple[str, ...]:
        return tuple(self["capabilities"])


def _json_ready(value: Any) -> Any:
    """Tuples become lists, so that the info is the same before and after a JSON round trip."""
    if isinstance(value, dict):
        return {k: _json_ready(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_ready(v) for v in value]
    return value


@dataclass(frozen=True)
class _Entry:
    info: GameInfo
    factory: Callable[..., Game]
    family: Family


_REGISTRY: dict[str, _Entry] = {}
_ALIASES: dict[str, str] = {}
_FAMILIES: dict[str, Family] = {}


def register(family: Family) -> None:
    """Register a game family: every variant becomes a game of ``tt.load`` and ``tt.games()``."""
    _FAMILIES[family.name] = family
    caps = tuple(name for name, present in family.capabilities().items() if present)
    for variant in family.variants:
        info = GameInfo(
            name=variant.name,
            description=variant.description,
            presets=tuple(sorted(variant.presets)),
            options=tuple(describe_options(variant.options_class)),
            aliases=variant.aliases,
            family=family.name,
            capabilities=caps,
        )
        _REGISTRY[variant.name] = _Entry(info, variant.factory, family)
        for alias in variant.aliases:
            _ALIASES[alias] = variant.name
        add_family(family, (variant.name, *variant.aliases))


def families() -> dict[str, Family]:
    """Every registered family record, by family name."""
    return dict(sorted(_FAMILIES.items()))


__all__ = [
    "GameInfo",
    "capability",
    "families",
    "family_of",
    "from_json",
    "games",
    "load",
    "register",
    "schema",
]


def games() -> dict[str, GameInfo]:
    """Every game tricktaker plays, with its presets and options."""
    return {name: entry.info for name, entry in sorted(_REGISTRY.items())}


def load(name: str, *, preset: str | None = None, **options: Any) -> Game:
    """A game with its options: ``load("klaverjas", play_rules="rotterdam")``.

    Unknown games, presets, options or values raise ``ValueError`` naming what is allowed.
    """
    key = _ALIASES.get(name.lower(), name.lower())
    if key not in _REGISTRY:
        raise ValueError(f"unknown game {name!r}; games: {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[key].factory(preset=preset, **options)


def from_json(text: str | Mapping[str, Any]) -> StateMachine:
    """Rebuild a deal or match from ``to_json()``: the set-up, then the log replayed."""
    data = json.loads(text) if isinstance(text, str) else dict(text)
    try:
        name, kind, options = data["game"], data["kind"], data["options"]
        setup, log = data["setup"], data["log"]
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a tricktaker JSON document: missing {exc}") from None
    game = load(name, **options)
    machine: StateMachine
    if kind == "deal":
        machine = game._deal_from_setup(setup)
    elif kind == "match":
        machine = game._match_from_setup(setup)
    else:
        raise ValueError(f"unknown JSON kind {kind!r}; expected 'deal' or 'match'")
    machine.replay(log)
    return machine


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every game's actions, events, observations, results,
    options and game info: ``#/$defs/<game>/properties/observation`` and so on, with
    ``#/$defs/observation`` (any game's) and ``#/$defs/games`` (what ``games()`` returns).

    Games whose family declares no schema yet appear with their options alone."""
    parts: dict[str, Any] = {}
    for name, entry in sorted(_REGISTRY.items()):
        family = entry.family
        own = family.get("schema", game=name) if family.has("schema") else None
        variant = next(v for v in family.variants if v.name == name)
        if own is None:
            parts[name] = {
                "options": game_schema(name, variant.options_class, {}, {}, {})["options"]
            }
            continue
        parts[name] = game_schema(
            name, variant.options_class, own["observation"], own["event"], own["result"]
        )
    return schema_document(parts)
