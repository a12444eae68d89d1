"""The discards down to five cards (R3.10-R3.12) of a Kirves deal."""

from __future__ import annotations

from tricktaker.cards import Card
from tricktaker.games.kirves.actions import DISCARD
from tricktaker.games.kirves.state import KirvesDealState
from tricktaker.protocol.base import Action, Event


class Discards(KirvesDealState):
    """The dealer (and the cutter of a cut jack) discard a card face down."""

    def _discardable(self, seat: int) -> list[Card]:
        if self.options.may_discard_taken_card:
            return sorted(self.hands[seat])
        return sorted(self.dealt_cards(seat))

    def _next_discard(self) -> None:
        if self._discard_queue:
            self._phase = DISCARD
            self._to_move = self._discard_queue.pop(0)
            return
        self._hands_final(speaking=False)

    def _apply_discard(self, action: Action, seat: int) -> Event:
        card = Card.parse(action.name.split(":", 1)[1])
        self.hands[seat].remove(card)
        self.discarded[seat] = card
        self._public(seat, "discard")
        self._next_discard()
        # The event names the card for the discarding seat only; the public record does not.
        return self._event(seat, action, DISCARD, {"card": str(card)})
