"""The fixed action index layout of a game: its cards by card id, then its calls.

Every action a game can offer has one index in ``0 .. size - 1``:

* ``0 .. len(cards) - 1``: the cards of the game's pack (for its options), in card id order
  (suit by suit: spades, hearts, diamonds, clubs; two up to ace within a suit; the jokers
  ``RJ`` and ``BJ`` have the ids 13 and 14 and so come after the ace of spades);
* ``len(cards) ..``: the calls of the game in the order its episode adapter lists them
  (``tricktaker.rl.games``; each family's ``episode.py``), e.g. Klaverjas ``pass accept claim
  trump:S trump:H trump:D trump:C``.

>>> from tricktaker.cards import Card
>>> layout = ActionLayout((Card.parse("7S"), Card.parse("AS"), Card.parse("7H")), ("pass",))
>>> layout.size, layout.names
(4, ('7S', 'AS', '7H', 'pass'))
>>> layout.index_of("AS"), layout.index_of("pass"), str(layout.action(3))
(1, 3, 'pass')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from tricktaker._core import action_flags
from tricktaker.cards import Card
from tricktaker.protocol.base import Action


@dataclass(frozen=True)
class ActionLayout:
    """Cards (sorted by card id) then calls; ``names[i]`` is the text form of index ``i``."""

    cards: tuple[Card, ...]
    calls: tuple[str, ...]
    names: tuple[str, ...] = field(init=False)
    actions: tuple[Action, ...] = field(init=False, repr=False)
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ids = [c.id for c in self.cards]
        if ids != sorted(set(ids)):
            raise ValueError("the cards of an action layout are distinct and sorted by card id")
        names = tuple(str(c) for c in self.cards) + tuple(self.calls)
        if len(set(names)) != len(names):
            raise ValueError("the calls of an action layout are distinct and are not card names")
        actions = tuple(Action.play(c) for c in self.cards) + tuple(
            Action.call(name) for name in self.calls
        )
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "actions", actions)
        object.__setattr__(self, "_index", {name: i for i, name in enumerate(names)})

    @property
    def size(self) -> int:
        """The number of actions: the size of the ``Discrete`` action space."""
        return len(self.names)

    @property
    def num_cards(self) -> int:
        """Indices below this are cards; from it on, calls."""
        return len(self.cards)

    def index_of(self, action: Action | Card | str) -> int:
        """The index of an action, a card or an action's text form."""
        name = str(action)
        index = self._index.get(name)
        if index is None:
            raise ValueError(
                f"{name!r} is not an action of this game; actions: {' '.join(self.names)}"
            )
        return index

    def lookup(self, name: str) -> int | None:
        """The index of an action's text form, or None."""
        return self._index.get(name)

    def action(self, index: int) -> Action:
        """The action at ``index``."""
        if not 0 <= index < len(self.actions):
            raise ValueError(f"action index {index} is out of range 0..{len(self.actions) - 1}")
        return self.actions[index]

    def mask(self, actions: Iterable[Action | str]) -> npt.NDArray[np.int8]:
        """An ``int8`` vector with 1 at the index of each given action."""
        if type(actions) is list:  # a deal's legal actions: one core call
            flags = action_flags(actions, self._index, Action, len(self.names))
            if flags is not None:
                return flags
        out = np.zeros(len(self.names), dtype=np.int8)
        where = self._index
        indices = []
        for action in actions:
            index = where.get(action.name if type(action) is Action else str(action))
            if index is None:
                raise RuntimeError(
                    f"the game offered {str(action)!r}, which its action layout lacks; "
                    "the layout of this game must list every call it can make"
                )
            indices.append(index)
        out[indices] = 1
        return out
