"""The OpenSpiel observer of a tricktaker game: tensors and strings of what one seat sees.

Both the observation and the information state tensor are the package's observation tensor
(``tricktaker.tensors``): built from the seat's observation alone, it carries the seat's hand,
the cards each seat has played (as far as the game's options show them), the trick, the calls
and the scores. The strings differ: the observation string is the seat's observation, the
information state string adds the seat's own actions in order (what a perfect-recall player
remembers beyond what the table shows), and is the key of ISMCTS's and CFR's tables.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from tricktaker.tensors import encode_observation

if TYPE_CHECKING:
    from tricktaker.openspiel.state import TrickTakerState

__all__ = ["TrickTakerObserver"]


class TrickTakerObserver:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``,
    ``string_from``."""

    def __init__(self, size: int, perfect_recall: bool, params: Any = None) -> None:
        if params:
            raise ValueError(f"observer parameters are not supported; got {params!r}")
        self.perfect_recall = perfect_recall
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"observation": self.tensor}

    def set_from(self, state: TrickTakerState, player: int) -> None:
        deal = state.deal
        if deal is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = encode_observation(deal.game, deal.observation(player))

    def string_from(self, state: TrickTakerState, player: int) -> str:
        deal = state.deal
        if deal is None:
            # Before the deal a seat knows only how far the seed has been drawn.
            return f"p{player} before the deal ({len(state.seed_outcomes)} chance outcomes)"
        view = deal.observation(player)
        if self.perfect_recall:
            own = [action for seat, action in deal.log if seat == player]
            view = {"observation": view, "own_actions": own}
        return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
