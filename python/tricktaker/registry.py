"""The registry of games: ``games()``, ``load()`` and ``from_json()``; ``family_of`` and
``capability`` (from ``tricktaker.protocol.family``) find a game's family record."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tricktaker.errors import (
    InvalidJSON,
    InvalidOption,
    JSONSyntaxError,
    rejected_as,
    require_text,
    short_repr,
)
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

    Unknown games, presets, options or values raise ``InvalidOption`` (a ``tt.Error``) naming
    what is allowed; a name that is not a string raises ``TypeError``.
    """
    require_text(name, "a game name")
    if preset is not None:
        require_text(preset, "a preset name")
    key = _ALIASES.get(name.lower(), name.lower())
    if key not in _REGISTRY:
        raise InvalidOption(
            f"unknown game {short_repr(name)}; games: {', '.join(sorted(_REGISTRY))}"
        )
    with rejected_as(InvalidOption):
        return _REGISTRY[key].factory(preset=preset, **options)


# A set-up or options deeper than this is no document of ours: refusing it early keeps the
# loaders (and the messages quoting a value) from meeting a hostile nesting.
MAX_JSON_DEPTH = 16
_DOCUMENT_FIELDS = ("game", "kind", "options", "setup", "log")


def from_json(text: str | bytes | Mapping[str, Any]) -> StateMachine:
    """Rebuild a deal or match from ``to_json()``: the set-up, then the log replayed.

    Text that is no JSON raises ``JSONSyntaxError`` (also a ``json.JSONDecodeError``);
    one that is malformed, names an unknown game or option, or holds an impossible set-up raises
    ``InvalidJSON``; a log entry the deal refuses raises ``IllegalAction`` or ``InvalidSeat``.
    All are ``tt.Error``. A ``text`` of another Python type raises ``TypeError``.
    """
    data = _decode(text) if isinstance(text, (str, bytes, bytearray)) else text
    if not isinstance(data, Mapping):
        if data is text:
            raise TypeError(f"from_json takes a JSON text or a mapping, got {type(text).__name__}")
        raise InvalidJSON(
            f"not a tricktaker JSON document: expected an object, got {short_repr(data)}"
        )
    missing = [f for f in _DOCUMENT_FIELDS if f not in data]
    if missing:
        raise InvalidJSON(
            f"not a tricktaker JSON document: missing {', '.join(map(repr, missing))}; "
            f"a document has {', '.join(_DOCUMENT_FIELDS)}"
        )
    name, kind, options, setup = data["game"], data["kind"], data["options"], data["setup"]
    if not isinstance(name, str):
        raise InvalidJSON(f"'game' must be a game name, got {short_repr(name)}")
    if kind not in ("deal", "match"):
        raise InvalidJSON(f"unknown JSON kind {short_repr(kind)}; expected 'deal' or 'match'")
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise InvalidJSON(
            f"'options' must be an object of option values, got {short_repr(options)}"
        )
    if not isinstance(setup, Mapping):
        raise InvalidJSON(f"'setup' must be an object, got {short_repr(setup)}")
    _check_values(options, "options")
    _check_values(setup, "setup")
    machine: StateMachine
    with rejected_as(InvalidJSON):  # an unknown option or a bad seat is the document's fault
        game = load(name, **options)
        if kind == "deal":
            machine = game._deal_from_setup(dict(setup))
        else:
            machine = game._match_from_setup(dict(setup))
        machine.replay(data["log"])
    return machine


def _decode(text: str | bytes | bytearray) -> Any:
    """The JSON value of ``text``, or ``JSONSyntaxError``: for text that is no JSON, for NaN and
    Infinity (no JSON numbers, though Python writes them) and for nesting deeper than the
    decoder's recursion allows."""
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except InvalidJSON:
        raise
    except json.JSONDecodeError as exc:
        raise JSONSyntaxError(exc.msg, exc.doc, exc.pos) from None
    except UnicodeDecodeError as exc:
        raise JSONSyntaxError(f"not UTF-8 text: {exc.reason}", "", exc.start) from None
    except RecursionError:
        raise JSONSyntaxError(
            "JSON nested too deeply for a tricktaker document",
            "",
            0,
        ) from None


def _reject_constant(name: str) -> Any:
    raise InvalidJSON(f"{name} is not a JSON number (JSON has no NaN or Infinity)")


def _check_values(value: Any, where: str, depth: int = 0) -> None:
    """Reject NaN and infinite floats in a mapping given directly (text never holds them) and
    nesting past MAX_JSON_DEPTH, so that the loaders meet neither."""
    if depth > MAX_JSON_DEPTH:
        raise InvalidJSON(f"{where}: nested deeper than {MAX_JSON_DEPTH}")
    if isinstance(value, float) and not math.isfinite(value):
        raise InvalidJSON(f"{where}: {value!r} is not a JSON number")
    if isinstance(value, Mapping):
        for key, item in value.items():
            _check_values(item, f"{where}.{key}", depth + 1)
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            _check_values(item, f"{where}[{index}]", depth + 1)


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
