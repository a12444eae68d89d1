"""The deals of whole Kirves games, for ``tricktaker.sim.simulate``."""

from __future__ import annotations

from collections.abc import Iterator

from tricktaker.games.kirves.common import _mix
from tricktaker.games.kirves.deal import KirvesDeal
from tricktaker.games.kirves.game import KirvesGame
from tricktaker.games.kirves.match import CHOOSE_DEALER
from tricktaker.protocol.base import Game


def simulation_deals(game: Game, seed: int) -> Iterator[tuple[int, KirvesDeal]]:
    """The deals of whole games, one after another, for ``tricktaker.sim.simulate``: each deal
    is yielded to be played to its end (by bots, directly on the deal), then the game goes on.
    The keppi holder's choice of dealer is left to the default (R10.4)."""
    if not isinstance(game, KirvesGame):
        raise ValueError("simulation_deals needs a Kirves game")
    index = 0
    while True:
        match = game.new_match(seed=_mix(seed, index) >> 1)
        index += 1
        while not match.is_over:
            if match.phase == CHOOSE_DEALER:
                match.apply("dealer")
                continue
            deal = match.deal
            yield int(deal._setup["seed"]), deal
            match.sync()
