"""A tricktaker bot as an OpenSpiel bot: ``TrickTakerBot("rule", game)``.

The bot sees what tricktaker bots always see, the seat's observation and its legal actions,
and answers with the action's index of the game's layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyspiel

from tricktaker.bots import make_bot
from tricktaker.protocol.players import Bot, bind_bot

if TYPE_CHECKING:
    from tricktaker.openspiel.game import TrickTakerGame
    from tricktaker.openspiel.state import TrickTakerState

__all__ = ["TrickTakerBot"]


class TrickTakerBot(pyspiel.Bot):
    """A tricktaker bot (a name of ``tricktaker.bots.make_bot`` or a bot object) playing
    ``game``, an OpenSpiel game of this package."""

    def __init__(self, bot: str | Bot, game: TrickTakerGame, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.setup = game.setup
        self.bot = make_bot(bot, seed)
        bind_bot(self.bot, self.setup.game)
        self.seed = seed

    def restart_at(self, state: TrickTakerState) -> None:
        pass

    def inform_action(self, state: TrickTakerState, player_id: int, action: int) -> None:
        pass

    def step(self, state: TrickTakerState) -> int:
        deal = state.deal
        if deal is None or deal.to_move is None:
            return int(pyspiel.INVALID_ACTION)
        seat = deal.to_move
        choice = self.bot.act(deal.observation(seat), deal.legal_actions(seat))
        return self.setup.layout.index_of(choice)
