"""The episode adapter of each game: what the environment needs to know of its family.

A game's adapter (a ``GameAdapter``, ``tricktaker.protocol.episode``) comes from its family
record (``capability(game, "episode")``) and gives the pack's cards and the game's calls (the
action layout, ``tricktaker.rl.layout``), the seats, how deals and matches start, and the reward
of a finished deal per seat.

Rewards, per seat, when a deal ends: every one is the deal's own score, never a shaped one, and
the sides' rewards sum to zero whenever the sides are equal in size. Each family's
``episode.py`` (``tricktaker.games.<family>.episode``) says what its score is.
"""

from __future__ import annotations

from tricktaker.protocol.base import Game
from tricktaker.protocol.episode import EpisodeFactory, GameAdapter
from tricktaker.protocol.family import capability
from tricktaker.registry import games

__all__ = ["adapter_for", "adapter_names"]


def adapter_for(game: Game) -> GameAdapter:
    """The episode adapter of a loaded game; ``Unsupported`` when its family has none."""
    factory: EpisodeFactory = capability(game, "episode")
    return factory(game)


def adapter_names() -> list[str]:
    """The games that have an environment."""
    return sorted(name for name, info in games().items() if "episode" in info.capabilities)
