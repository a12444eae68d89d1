"""What ``/api/games`` tells a front end about each game, beyond ``tricktaker.games()``: the
player counts it allows and the default, so a lobby lays out the right number of seats.

Nothing here names a game. The counts are read from the game itself: a game whose options hold
``num_players`` is loaded with each count up to ``MAX_PROBED_PLAYERS`` (the options refuse the
counts they do not allow), with every preset (a preset may allow fewer); a game without it has
the seats its deal names, and an option with choices that change that number (a variant for
three) is listed with the count of each choice.

It also tells which fields of a game's observations and results name a seat or a side (a
Kirves ``winner`` is a seat, a Pitch ``winner`` a side), read from the game's JSON Schema
(``tt.schema()``), whose seat and side numbers say so in their descriptions; a front end then
shows names instead of numbers. The answer is computed once per process.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tricktaker.errors import Error
from tricktaker.registry import GameInfo, games, load, schema

__all__ = ["MAX_PROBED_PLAYERS", "PLAYER_OPTION", "catalog", "field_roles", "player_counts"]

PLAYER_OPTION = "num_players"
MAX_PROBED_PLAYERS = 16  # above any table a trick-taking game is played at


def _seats(name: str, preset: str | None, options: dict[str, Any]) -> int | None:
    """The seats of a deal of the game with these options, or None when it refuses them."""
    try:
        observation = load(name, preset=preset, **options).new_deal(seed=0).observation(0)
    except (Error, ValueError, TypeError, NotImplementedError):
        return None
    seats = observation.get("seats")
    return len(seats) if isinstance(seats, list) else None


def _accepts(name: str, preset: str | None, count: int) -> bool:
    """Whether the game's options take this player count (loading validates them)."""
    try:
        load(name, preset=preset, **{PLAYER_OPTION: count})
    except (Error, ValueError, TypeError, NotImplementedError):
        return False
    return True


def _counts(name: str, preset: str | None, has_option: bool) -> dict[str, Any]:
    """The allowed counts and the default (None: the player must choose) of one preset."""
    default = _seats(name, preset, {})
    if not has_option:
        return {"allowed": [] if default is None else [default], "default": default}
    allowed = [n for n in range(1, MAX_PROBED_PLAYERS + 1) if _accepts(name, preset, n)]
    return {"allowed": allowed, "default": default}


def _set_by_choices(name: str, info: GameInfo, default: int | None) -> dict[str, dict[str, int]]:
    """The options whose choices change the number of seats: {option: {choice: seats}}."""
    found: dict[str, dict[str, int]] = {}
    for option in info.options:
        choices = option.get("choices") or []
        if option["name"] == PLAYER_OPTION or all(isinstance(c, bool) for c in choices):
            continue
        counts = {str(c): _seats(name, None, {option["name"]: c}) for c in choices}
        if any(n is not None and n != default for n in counts.values()):
            found[option["name"]] = {c: n for c, n in counts.items() if n is not None}
    return found


def player_counts(name: str) -> dict[str, Any]:
    """``{"option", "allowed", "default", "presets", "set_by"}`` for one game: ``option`` is
    the option that sets the count (None when the game has none), ``presets`` the counts of
    each preset, ``set_by`` the options whose choices change it."""
    info = games()[name]
    has_option = any(o["name"] == PLAYER_OPTION for o in info.options)
    base = _counts(name, None, has_option)
    return {
        "option": PLAYER_OPTION if has_option else None,
        **base,
        "presets": {p: _counts(name, p, has_option) for p in info.presets},
        "set_by": {} if has_option else _set_by_choices(name, info, base["default"]),
    }


# How the schema describes a seat number and a side number.
_ROLE_DESCRIPTIONS = (("a seat id", "seat"), ("a side id", "side"), ("a side number", "side"))


def _role(node: Any) -> str | None:
    """``seat``, ``side``, ``seats`` or ``sides`` for a schema naming seats or sides."""
    if not isinstance(node, dict):
        return None
    if node.get("type") == "integer":
        text = str(node.get("description", ""))
        for start, named in _ROLE_DESCRIPTIONS:
            if text.startswith(start):
                return named
    for branch in node.get("anyOf", ()):
        role = _role(branch)
        if role is not None:
            return role
    if node.get("type") == "array":
        inner = _role(node.get("items"))
        if inner in ("seat", "side"):
            return inner + "s"
    return None


def field_roles(name: str) -> dict[str, str]:
    """The top-level fields of the game's observations and results that hold a seat, a side,
    or a list of them: ``{"winner": "seat", "folded": "seats", ...}``."""
    game_schema = schema()["$defs"][name]["properties"]
    roles: dict[str, str] = {}
    for part in ("observation", "result"):
        for field, node in game_schema[part].get("properties", {}).items():
            role = _role(node)
            if role is not None:
                roles.setdefault(field, role)
    return roles


@cache
def catalog() -> dict[str, dict[str, Any]]:
    """Every game's info (``tricktaker.games()``) with its ``num_players`` and ``fields``."""
    return {
        name: {**info, "num_players": player_counts(name), "fields": field_roles(name)}
        for name, info in games().items()
    }
