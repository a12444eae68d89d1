"""What the PIMC bot asks of a family: the card play to search, and the tools to rebuild it.

A family's ``pimc`` capability (``games/<family>/bot.py: PIMC``) is a ``PimcPolicy``. For a
card to play, the PIMC bot (``tricktaker.bots.pimc``) hands it the game (None when the bot was
never bound to one), the seat's observation and the legal cards; the policy answers with a
``PlaySearch``: the seat's ``PlayView``, how to rebuild the whole play state from sampled hidden
hands (the deal's roles: sides, leader, seats in play; the cards played so far replayed), the
solver's objective, the counts of cards the sampler must respect, and from how many cards left
on the search is affordable. It answers None where the bot should leave the card to the rules
(a history it cannot replay, a seat with nothing at stake). Calls (trumps, bids, discards) are
always the rule-based bot's: PIMC would need a solver run per option.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tricktaker import _core
from tricktaker.protocol.base import Action, Game
from tricktaker.protocol.card_play import PlayView

__all__ = [
    "PimcPolicy",
    "PlaySearch",
    "StateMaker",
    "played_by",
    "replay",
    "replay_with_folds",
]

# Sampled hands now held, by seat -> the play state of that deal; or, where the card to play
# still fixes trump, one play state per trump it can fix; None when they do not fit.
StateMaker = Callable[[list[int]], _core.PlayState | list[_core.PlayState] | None]

# No limit on the cards left: every deck of the engine is smaller.
ANY_SIZE = 64


@dataclass
class PlaySearch:
    """A seat's card play as a family gives it to the PIMC bot to search."""

    view: PlayView
    make_state: StateMaker
    objective: _core.Objective
    # seat -> (cards, how many of them it holds), where the play has told (an announced count)
    suit_counts: dict[int, tuple[int, int]] = field(default_factory=dict)
    # the search runs only when at most this many cards are left in the hands (before that the
    # rule-based bot plays: a full double-dummy search of a long deal costs seconds a sample)
    max_cards: int = ANY_SIZE


class PimcPolicy(Protocol):
    """A family's ``pimc`` capability: the search for one decision, or None to leave the card
    to the rule-based bot. One object serves every variant of the family (it reads the
    observation's ``game`` and the game's options where they differ)."""

    def search(
        self, game: Game | None, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> PlaySearch | None:
        """The play to search for the card to choose among ``legal`` (card actions only)."""
        ...


def played_by(view: PlayView) -> list[int]:
    """The cards each seat has played so far, as masks."""
    played = [0] * view.num_seats
    for seat, card in view.history:
        played[seat] |= 1 << card
    return played


def replay(
    state: _core.PlayState, history: Sequence[tuple[int, int]], lenient: bool = False
) -> _core.PlayState | None:
    """``state`` with the cards of ``history`` played; None when a card is not legal there (the
    sampled hands do not fit the play). ``lenient`` plays any held card, as a game that
    penalises illegal plays afterwards may have accepted one."""
    for _, card in history:
        if lenient:
            state.play_any_held(card)
        else:
            try:
                state.play(card)
            except ValueError:
                return None
    return state


def replay_with_folds(
    state: _core.PlayState, history: Sequence[tuple[int, int]], folders: set[int], me: int
) -> _core.PlayState | None:
    """Replays the cards, folding a folder where his turn comes and the history goes on
    without him; None when the deal does not fit."""
    pending = set(folders)

    def fold_until(seat: int) -> bool:
        while state.to_move != seat:
            if state.to_move not in pending or not state.can_fold():
                return False
            pending.discard(state.to_move)
            state.fold()
        return True

    for seat, card in history:
        if not fold_until(seat):
            return None
        try:
            state.play(card)
        except ValueError:
            return None
    if not fold_until(me) or pending:
        return None
    return state
