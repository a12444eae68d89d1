"""The family record: everything the generic layers need to know of one game family.

A game family is one folder, ``tricktaker/games/<family>/``, with the same file names in each
(``docs/adding-a-game.md`` lists them). Its ``__init__`` builds one ``Family`` record and
registers it; the generic modules (solve, simulation, sampling, playouts, tensors, rl, bots,
cli) look the record up from a game (``tricktaker.registry.family_of``) and never name a game.

Each capability is a ``Hook``: a module of the family's folder and an attribute in it, loaded on
first use. So registering a family costs no import of its bot, view or tensor code, and a plain
``import tricktaker`` stays light. A capability a family lacks is ``None``; asking for it raises
``Unsupported`` naming the game and the capability.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Generic, TypeVar

from tricktaker.errors import Unsupported

__all__ = [
    "CAPABILITIES",
    "Family",
    "Hook",
    "Variant",
    "add_family",
    "capability",
    "family_of",
    "hook",
    "standard_hooks",
]

T = TypeVar("T")


@dataclass(frozen=True)
class Hook(Generic[T]):
    """An attribute of a module in the family's folder, imported when first asked for."""

    module: str  # relative to the family's package, e.g. "tensors"
    attribute: str  # e.g. "CODEC"

    def load(self, package: str) -> T:
        module = importlib.import_module(f"{package}.{self.module}")
        value: T = getattr(module, self.attribute)
        return value


def hook(module: str, attribute: str) -> Any:
    """A ``Hook`` for a record field: ``tensors=hook("tensors", "CODEC")``."""
    return Hook(module, attribute)


@dataclass(frozen=True)
class Variant:
    """One game of a family as ``tt.load`` knows it (Kiksas and Trikiksis are two variants)."""

    name: str
    description: str
    factory: Callable[..., Any]  # factory(preset=..., **options) -> Game
    options_class: type[Any]
    presets: Mapping[str, Mapping[str, Any]]
    aliases: tuple[str, ...] = ()
    # Option sets that load the variant with every preset: the conformance tests play each.
    # Options that have no default (the Kirves player count) must be in every set.
    examples: tuple[Mapping[str, Any], ...] = ({},)


# The capabilities a family may offer, in the order ``tt.games()`` reports them, with what each
# one is for. Each is a field of ``Family`` holding a ``Hook`` or None.
CAPABILITIES: dict[str, str] = {
    "tensors": "observation tensors (tt.observation_tensor, the rl environment)",
    "knowledge": "what a seat knows, for tt.sample_deals and the PIMC bot",
    "solver": "double-dummy objectives (tt.solve, tt.dd_table)",
    "playouts": "native batch playouts (tt.random_playouts)",
    "rule_bot": "the rule-based bot ('rule')",
    "pimc": "the PIMC bot's objective ('pimc')",
    "view": "the terminal view (tricktaker play)",
    "summary": "simulation rows and summaries (tt.simulate, tricktaker simulate)",
    "metric": "duplicate comparison of bots (tricktaker.compare)",
    "episode": "the PettingZoo environment (tricktaker.rl)",
    "schema": "the JSON Schema of its observations, events and results (tt.schema())",
    "features": "the hands its double-dummy tables judge, for hand-strength studies",
}

# Where each capability lives in a family's folder: the same file and name in every family.
STANDARD_PLACES: dict[str, tuple[str, str]] = {
    "tensors": ("tensors", "CODEC"),
    "knowledge": ("knowledge", "KNOWLEDGE"),
    "solver": ("tables", "SOLVER"),
    "playouts": ("tables", "PLAYOUTS"),
    "rule_bot": ("bot", "RULE_BOT"),
    "pimc": ("bot", "PIMC"),
    "view": ("view", "VIEW"),
    "summary": ("summary", "SUMMARY"),
    "metric": ("summary", "METRIC"),
    "episode": ("episode", "EPISODE"),
    "schema": ("schema", "SCHEMA"),
    "features": ("features", "FEATURES"),
}


def standard_hooks(*, lacks: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every capability at its standard place (``STANDARD_PLACES``), less the ones the family
    ``lacks``: ``Family(..., **standard_hooks(lacks=("playouts",)))``."""
    for name in lacks:
        Family._check_name(name)
    return {
        name: Hook(module, attribute)
        for name, (module, attribute) in STANDARD_PLACES.items()
        if name not in lacks
    }


@dataclass(frozen=True)
class Family:
    """The record of one game family. Generic code asks it; it never asks for a game's name."""

    name: str  # the family's folder, e.g. "allfours"
    package: str  # its package, e.g. "tricktaker.games.allfours"
    variants: tuple[Variant, ...]
    tensors: Hook[Any] | None = None
    knowledge: Hook[Any] | None = None
    solver: Hook[Any] | None = None
    playouts: Hook[Any] | None = None
    rule_bot: Hook[Any] | None = None
    pimc: Hook[Any] | None = None
    view: Hook[Any] | None = None
    summary: Hook[Any] | None = None
    metric: Hook[Any] | None = None
    episode: Hook[Any] | None = None
    schema: Hook[Any] | None = None
    features: Hook[Any] | None = None
    _loaded: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def has(self, capability: str) -> bool:
        self._check_name(capability)
        return getattr(self, capability) is not None

    def capabilities(self) -> dict[str, bool]:
        """Each capability and whether this family has it."""
        return {name: getattr(self, name) is not None for name in CAPABILITIES}

    def get(self, capability: str, game: str | None = None) -> Any:
        """The capability's object (loaded once), or ``Unsupported`` naming the game (``game``,
        else the family) and the capability."""
        self._check_name(capability)
        if capability in self._loaded:
            return self._loaded[capability]
        target: Hook[Any] | None = getattr(self, capability)
        if target is None:
            raise Unsupported(
                f"{game or self.name} does not support {capability}: {CAPABILITIES[capability]}"
            )
        value = target.load(self.package)
        self._loaded[capability] = value
        return value

    @staticmethod
    def _check_name(capability: str) -> None:
        if capability not in CAPABILITIES:
            raise ValueError(
                f"unknown capability {capability!r}; capabilities: {', '.join(CAPABILITIES)}"
            )


assert set(CAPABILITIES) == {f.name for f in fields(Family)} - {
    "name",
    "package",
    "variants",
    "_loaded",
}


# The family of every registered game name and alias. It lives here, below the games, so that
# the protocol (a deal's observation tensor) and every generic layer can ask it; the games layer
# (``tricktaker.registry.register``) fills it.
_BY_GAME: dict[str, Family] = {}


def add_family(family: Family, names: tuple[str, ...]) -> None:
    for name in names:
        _BY_GAME[name.lower()] = family


def family_of(game: Any) -> Family:
    """The family record of a game, given by name (``"pitch"``), as a game object (with a
    ``name``), or as anything with a ``game`` (a deal or a match)."""
    name = game if isinstance(game, str) else getattr(game, "name", None)
    if not isinstance(name, str) or name.lower() not in _BY_GAME:
        inner = getattr(game, "game", None)
        name = getattr(inner, "name", name)
    if not isinstance(name, str):
        raise TypeError(f"expected a game, a deal or a match, got {type(game).__name__}")
    family = _BY_GAME.get(name.lower())
    if family is None:
        raise ValueError(f"unknown game {name!r}; games: {', '.join(sorted(_BY_GAME))}")
    return family


def capability(game: Any, name: str) -> Any:
    """A game's capability object from its family record (``capability(deal, "tensors")``);
    ``tt.Unsupported`` names the game and the capability when the family lacks it."""
    family = family_of(game)
    label = game if isinstance(game, str) else getattr(game, "name", None)
    if not isinstance(label, str) or label.lower() not in _BY_GAME:
        label = getattr(getattr(game, "game", None), "name", None)
    return family.get(name, game=label)
