"""A game's options as OpenSpiel game parameters, and back.

OpenSpiel parameters are typed by their default (bool, int, float or string) and
``pyspiel.load_game`` refuses a value of another type. Each option of a game becomes one
parameter whose type is that of the option's default; an option that mixes words and numbers
(All Fours ``five``: ``off``, 1 or 5; ``max_bid``: ``auto`` or a number) becomes a string
parameter, whose numeric values are written as words in the parameter dict form
(``pyspiel.load_game(name, {"five": "5"})``). An option without a default (the Kirves player
count) takes the value of the family's first example option set.

Two parameters are the adapter's own: ``preset`` (a preset name, ``""`` for none) and
``deals`` (0: a deal's seed is drawn as 4 chance outcomes of 256 values each; N > 0: one
chance outcome among N seeds, a small, fixed set of deals for tabular algorithms).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tricktaker.registry import family_of, games

__all__ = ["ADAPTER_PARAMETERS", "game_options", "given_parameters", "parameter_specification"]

# The adapter's own parameters and their defaults.
ADAPTER_PARAMETERS: dict[str, Any] = {"preset": "", "deals": 0}

ParameterValue = bool | int | float | str


def _example_value(game: str, option: str) -> Any:
    variant = next(v for v in family_of(game).variants if v.name == game)
    for example in variant.examples:
        if option in example:
            return example[option]
    return None


def _parameter_default(game: str, option: Mapping[str, Any]) -> ParameterValue:
    default = option["default"]
    if default is None:
        default = _example_value(game, option["name"])
    choices = option["choices"] or []
    kinds = {type(c) for c in choices} | {type(default)}
    one_kind = kinds <= {bool} or kinds <= {int} or kinds <= {float} or kinds <= {str}
    if one_kind and isinstance(default, (bool, int, float, str)):
        return default
    return str(default)


def parameter_specification(game: str) -> dict[str, ParameterValue]:
    """Every parameter of the OpenSpiel game of ``game`` with its default."""
    spec: dict[str, ParameterValue] = dict(ADAPTER_PARAMETERS)
    for option in games()[game].options:
        spec[option["name"]] = _parameter_default(game, option)
    return spec


def _option_value(option: Mapping[str, Any], value: ParameterValue) -> Any:
    """The option value of a parameter value: a string parameter's word is matched against
    the option's choices (``"5"`` is the choice 5), or read as a number where the option's
    default is a word and the value is a number (``max_bid="6"``)."""
    if not isinstance(value, str):
        return value
    for choice in option["choices"] or []:
        if str(choice).lower() == value.lower():
            return choice
    numbers_allowed = option["choices"] is None or any(
        isinstance(c, int) for c in option["choices"]
    )
    if isinstance(option["default"], str) and value.lstrip("-").isdigit() and numbers_allowed:
        return int(value)
    return value


def game_options(game: str, params: Mapping[str, Any]) -> tuple[str | None, dict[str, Any]]:
    """The preset and the options (for ``tricktaker.load``) of an OpenSpiel parameter dict.

    OpenSpiel hands the game every parameter, defaults included, so an option is passed on
    only where its value differs from the parameter's default: a preset's value of an option
    can be overridden by any other value, not by the default one."""
    spec = parameter_specification(game)
    unknown = sorted(set(params) - set(spec))
    if unknown:
        raise ValueError(
            f"unknown parameter(s) {', '.join(unknown)} of tricktaker_{game}; "
            f"parameters: {', '.join(spec)}"
        )
    preset = str(params.get("preset", "")) or None
    options: dict[str, Any] = {}
    for option in games()[game].options:
        name = option["name"]
        if name not in params:
            continue
        value = params[name]
        if value != spec[name] or option["default"] is None:
            options[name] = _option_value(option, value)
    return preset, options


def given_parameters(game: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters of ``params`` that differ from their defaults.

    OpenSpiel hands a Python game every parameter, defaults included; the game keeps only
    these, as OpenSpiel's own games keep only the parameters they were given, so that the game
    string (``str(game)``, and the game part of ``serialize_game_and_state``) names what was
    chosen. Its default values would not read back from that string: OpenSpiel's parser reads
    ``max_runs=2`` as a number, where the parameter is a string, and ``deal_packets=3-2-3`` as
    a malformed number."""
    spec = parameter_specification(game)
    return {name: value for name, value in params.items() if spec.get(name) != value}
