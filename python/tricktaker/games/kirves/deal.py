"""One Kirves deal, from the cut to the marks: the deal protocol over the deal's one state.

``KirvesDeal`` is the deal's ``KirvesState`` with the deal protocol. Each phase is a module of
plain functions over that state, named as the phase (Appendix B, phase order): ``cut``,
``turned_card``, ``discard``, ``paakot``, ``speaking``, ``change_poll``, ``choose_suit``,
``throw_in_poll``, ``folding`` and ``play``, each with ``legal(state, seat)`` (what the seat to
move may do) and ``apply(state, action, seat)`` (do an allowed action and return its event).
The deal looks the phase up in ``PHASES`` for both, and adds what may come in several phases:
a pääköt declared at a later chance (R4.3) and a misdeal called (D26).
"""

from __future__ import annotations

from typing import Any, Protocol

from tricktaker import _core
from tricktaker._core import CardStep
from tricktaker.cards import Card, cards_from_mask
from tricktaker.errors import IllegalAction
from tricktaker.games.kirves import (
    change_poll,
    choose_suit,
    cut,
    discard,
    folding,
    paakot,
    play,
    scoring,
    speaking,
    throw_in_poll,
    turned_card,
)
from tricktaker.games.kirves import observation as views
from tricktaker.games.kirves.notation import write_position
from tricktaker.games.kirves.options import SEAT_NAMES, KirvesOptions, seat_index
from tricktaker.games.kirves.result import MISDEAL, KirvesResult
from tricktaker.games.kirves.state import (
    CHANGE_POLL,
    CHOOSE_SUIT,
    CUT,
    DECLARE,
    DISCARD,
    FOLDING,
    MISDEAL_CALL,
    OVER,
    PAAKOT_ROUND,
    PLAY,
    SPEAKING,
    THROW_IN_POLL,
    TURNED_CARD,
    KirvesState,
)
from tricktaker.protocol.base import Action, Deal, Event, Game


class Phase(Protocol):
    """A phase of a deal: the module of its name."""

    def legal(self, state: KirvesState, seat: int) -> list[Action]:
        """The actions of ``seat``, the seat to move, in this phase."""
        ...

    def apply(self, state: KirvesState, action: Action, seat: int) -> Event:
        """Apply an action that is allowed for ``seat``; the phase may change."""
        ...


def first_dealer(options: KirvesOptions, rng: _core.Rng) -> int:
    """The dealer of a game's first deal by the ``first_dealer`` option (D3): a seat, or one
    drawn from ``rng``."""
    assert options.num_players is not None
    if options.first_dealer == "random":
        return int(rng.below(options.num_players))
    return seat_index(options.first_dealer, options.num_players)


PHASES: dict[str, Phase] = {
    CUT: cut,
    TURNED_CARD: turned_card,
    DISCARD: discard,
    PAAKOT_ROUND: paakot,
    SPEAKING: speaking,
    CHANGE_POLL: change_poll,
    CHOOSE_SUIT: choose_suit,
    THROW_IN_POLL: throw_in_poll,
    FOLDING: folding,
    PLAY: play,
}


class KirvesDeal(KirvesState, Deal):
    """One Kirves deal, from the cut to the marks (Appendix B, phase order).

    The set-up decides where it starts: at the cut (from a seed or decks), at the turned card
    (from dealt hands) or at the play (from final hands, trump and sides); ``KirvesGame``
    checks it and ``KirvesGame.new_deal`` documents it.
    """

    def __init__(self, game: Game, setup: dict[str, Any]) -> None:
        super().__init__(game.options, setup)
        self.game = game
        self.log = []
        if setup.get("trump") is not None:
            play.start_from_position(self, setup)
        elif setup.get("hands") is not None:
            cut.deal_given_hands(self, setup)

    # --- the protocol -------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        seat = self._to_move if seat is None else seat
        if seat is None or self._phase == OVER or seat != self._to_move:
            return []
        actions = PHASES[self._phase].legal(self, seat)
        if paakot.may_declare_now(self, seat):
            actions.append(DECLARE)
        if self.options.misdeal_action_enabled and self._phase not in (CUT, OVER):
            actions.append(MISDEAL_CALL)
        return actions

    def _try_play(self, action: Action, seat: int | None) -> Event | None:
        to_move = self._to_move
        if self._phase != PLAY or (seat is not None and seat != to_move):
            return None
        assert to_move is not None and self.state is not None and action.card is not None
        if not self.state.legal_moves() >> action.card.id & 1:
            return None
        return play.apply(self, action, to_move)

    def _card_step_now(self) -> CardStep | None:
        return play.card_step(self)

    def _card_stepped(self, action: Action, seat: int, detail: dict[str, Any]) -> Event:
        return play.trick_completed(self, action, seat, detail)

    def _apply(self, action: Action, seat: int) -> Event:
        phase = self._phase
        if action == MISDEAL_CALL:
            scoring.finish(self, MISDEAL)
            return Event(seat, str(action), phase, {"outcome": MISDEAL})
        if action == DECLARE and phase != PAAKOT_ROUND:
            return paakot.declare(self, seat, phase)
        return PHASES[phase].apply(self, action, seat)

    def result(self) -> KirvesResult | None:
        return self._result

    # --- what a seat may know -----------------------------------------------------------

    def observation(self, seat: int | str) -> dict[str, Any]:
        """Only what ``seat`` may know (R3.14): its own hand, peeked and discarded cards, and
        the public record. Other hands, discards, peeked cards and a dealt angel card are never
        included."""
        legal = self.legal_actions(seat_index(seat, self.num_players))
        return views.observation(self, seat, legal)

    def hand(self, seat: int | str) -> list[Card]:
        """The cards a seat holds now (all-knowing; observations show only one's own)."""
        return views.hand(self, seat)

    def _known_hand(self, seat: int) -> list[Card] | None:
        """What a seat knows of its own hand (the dealer deciding on an ace or a 2 has seen
        only the cards he peeked at, R3.6)."""
        return views.known_hand(self, seat)

    def completed_tricks(self) -> list[dict[str, Any]]:
        return views.completed_tricks(self)

    def play_state(self) -> _core.PlayState:
        """A copy of the C++ play state (raises before the play begins)."""
        if self.state is None:
            raise IllegalAction("there is no play state before the trump and sides are fixed")
        return self.state.copy()

    def position(self) -> str:
        """The position text of the play: see ``KirvesGame.parse_position``."""
        if self.state is None or self.trump is None or self.kind is None:
            raise IllegalAction("a position needs the trump and sides; it starts with the play")
        history = self.state.history()
        hands: list[list[Card] | None] = []
        for p in range(self.num_players):
            if p not in self.participants or p in self.folded:
                hands.append(None)
                continue
            held = cards_from_mask(self.state.hand(p))
            played = [Card(c) for q, c in history if q == p]
            hands.append(held + played)
        return write_position(
            num_players=self.num_players,
            dealer=self.dealer,
            trump=self.trump,
            kind=self.kind,
            trump_maker=self.trump_maker,
            folded=self.folded,
            out=[p for p in range(self.num_players) if p not in self.participants],
            hands=hands,
            played=[_core.card_to_string(c) for _, c in history],
        )

    def dd_table_states(self) -> list[list[tuple[_core.PlayState, int] | None]]:
        """For ``tt.dd_table``: per trump suit and trump maker, the play of the hands as they
        are now (``play.dd_table_states``)."""
        return play.dd_table_states(self)

    def __repr__(self) -> str:
        to_move = None if self._to_move is None else SEAT_NAMES[self._to_move]
        return f"<KirvesDeal phase={self._phase} to_move={to_move}>"
