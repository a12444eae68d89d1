"""Every tricktaker game as an OpenSpiel game (needs the ``openspiel`` extra).

>>> import pyspiel
>>> import tricktaker.openspiel
>>> game = pyspiel.load_game("tricktaker_klaverjas(play_rules=rotterdam)")
>>> game.num_players(), game.num_distinct_actions()
(4, 39)

Importing this package registers ``tricktaker_<game>`` for every game of
``tricktaker.games()`` (``tricktaker.openspiel.game``); presets are the ``preset`` parameter.
``TrickTakerBot`` plays a tricktaker bot (``"rule"``, ``"random"``, ``"pimc"``) as an
OpenSpiel bot. See ``docs/openspiel.md``.
"""

from __future__ import annotations

from tricktaker.openspiel.bots import TrickTakerBot
from tricktaker.openspiel.game import TrickTakerGame, open_spiel_name, register_games
from tricktaker.openspiel.state import TrickTakerState

__all__ = [
    "GAME_NAMES",
    "TrickTakerBot",
    "TrickTakerGame",
    "TrickTakerState",
    "open_spiel_name",
    "register_games",
]

GAME_NAMES: list[str] = register_games()
