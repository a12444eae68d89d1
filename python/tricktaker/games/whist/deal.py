"""One whist deal (or ending): the trump, the leader and the play of the cards on the C++ play
state, scored in tricks."""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker._core import CardStep
from tricktaker.cards import Suit
from tricktaker.errors import IllegalAction
from tricktaker.games.whist.notation import write_position
from tricktaker.games.whist.observation import DealViews
from tricktaker.games.whist.options import NUM_SEATS, SEATS, seat_index, strain_index
from tricktaker.games.whist.result import WhistResult
from tricktaker.games.whist.tables import play_state
from tricktaker.protocol.base import Action, Event, Game, card_actions

# What the core's card step does with each card (protocol.base.Deal): the card, and for a
# trick's last card its number and winner; the last card comes back to the deal.
_CARD_STEP = CardStep(
    "play", detail_card="card", trick_detail=[("trick", "trick"), ("trick_winner", "winner")]
)


class WhistDeal(DealViews):
    """One whist deal (or ending): the trump, the leader and the play of the cards."""

    def __init__(self, game: Game, setup: dict[str, Any]) -> None:
        self.game = game
        self.log = []
        self._setup = setup
        self.hands_dealt = _core.parse_pbn(setup["pbn"])
        self.strain = strain_index(setup["trump"])
        self.leader = seat_index(setup["leader"])
        self.state = play_state(
            self.hands_dealt,
            self.strain if self.strain < 4 else -1,
            self.leader,
            game.options.ranks_per_suit,
        )
        self._note_turn()

    @property
    def trump(self) -> Suit | None:
        return None if self.strain == 4 else Suit(self.strain)

    def _note_turn(self) -> None:
        """The phase and the seat to move, as the play state has them."""
        if self.state.is_terminal():
            self._phase, self._to_move = "over", None
        else:
            self._phase, self._to_move = "play", self.state.to_move

    def seat_name(self, seat: int) -> str:
        return SEATS[seat]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.state.is_terminal():
            return []
        if seat is not None and seat != self.state.to_move:
            return []
        return card_actions(self.state.legal_moves())

    def _try_play(self, action: Action, seat: int | None) -> Event | None:
        state = self.state
        assert action.card is not None
        if state.is_terminal():
            return None
        to_move = state.to_move
        if seat is not None and seat != to_move:
            return None
        try:
            state.play(action.card.id)  # checked: illegal or over, nothing is played
        except IllegalAction:
            return None
        return self._card_played(action, to_move)

    def _card_run(self) -> _core.PlayState | None:
        # The play is all a whist deal is: the deal keeps nothing beside its play state.
        return None if self.state.is_terminal() else self.state

    def _end_card_run(self) -> None:
        self._note_turn()

    def _card_step_now(self) -> CardStep | None:
        return _CARD_STEP if self._phase == "play" else None

    def _card_stepped(self, action: Action, seat: int, detail: dict[str, Any]) -> Event:
        self._note_turn()  # the last card: the deal is over
        return Event(seat, action.name, "play", detail)

    def _apply(self, action: Action, seat: int) -> Event:
        assert action.card is not None
        self.state.play(action.card.id)
        return self._card_played(action, seat)

    def _card_played(self, action: Action, seat: int) -> Event:
        state = self.state
        detail: dict[str, Any] = {"card": action.name}
        if state.trick_len == 0:
            record = state.trick_record(-1)
            detail.update(trick=state.tricks_played, trick_winner=record.winner)
        self._note_turn()
        return Event(seat, action.name, "play", detail)

    def result(self) -> WhistResult | None:
        if not self.state.is_terminal():
            return None
        return WhistResult((self.state.side_tricks(0), self.state.side_tricks(1)))

    # --- the position text --------------------------------------------------------------

    def pbn(self) -> str:
        """The cards still in the hands, in PBN (from N)."""
        return _core.format_pbn([self.state.hand(p) for p in range(NUM_SEATS)])

    def position(self) -> str:
        """``trump=NT leader=W N:...``, then ``| cards played`` once play has begun."""
        return write_position(
            strain=self.strain,
            leader=self.leader,
            hands_dealt=self.hands_dealt,
            played=[_core.card_to_string(c) for _, c in self.state.history()],
        )

    def _setup_json(self) -> dict[str, Any]:
        return dict(self._setup)

    def __repr__(self) -> str:
        return f"<WhistDeal {self.position()!r}>"
