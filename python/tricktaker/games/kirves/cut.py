"""The cut (R2), dealing and the turned card (R3) of a Kirves deal."""

from __future__ import annotations

from typing import Any

from tricktaker.cards import Card, Rank
from tricktaker.games.kirves.actions import CUT, PEEK, TAKE, TAKE_BLIND, TURNED_CARD
from tricktaker.games.kirves.common import (
    CUT_JACK,
    HAND_SIZE,
    NORMAL,
    SEAT_NAMES,
    is_always_trump,
    named_suit,
)
from tricktaker.games.kirves.state import KirvesDealState
from tricktaker.protocol.base import Action, Event


class CutAndDeal(KirvesDealState):
    """The cut, the saving angels and the cut jack; dealing; the dealer's turned card."""

    # --- the cut (R2) --------------------------------------------------------------------

    def _apply_cut(self, action: Action, seat: int) -> Event:
        k = int(action.name.split(":", 1)[1])
        order = self._deck
        self.cut_packet = k
        detail: dict[str, Any] = {"packet": k}
        if not self.examined_cut:
            self.cut_shown = None
            self._public(seat, "cut", packet=k, examined=False)
            self._deal(order[k:] + order[:k])
            detail["examined"] = False
            return self._event(seat, action, CUT, detail)
        bottom = order[k - 1]
        self.cut_shown = bottom
        detail["bottom_card"] = str(bottom)
        if not is_always_trump(bottom):
            self._public(seat, "cut", packet=k, bottom_card=str(bottom))
            self._deal(order[k:] + order[:k])
            return self._event(seat, action, CUT, detail)
        lifted_next = self.options.angel_card_source == "lifted_packet_next"
        angel = order[k - 2] if lifted_next else order[k]
        if is_always_trump(angel):
            # R2.5a: a saving angel; the dealer shuffles again and the same cutter cuts.
            self.saving_angels.append((bottom, angel))
            self._public(seat, "saving_angel", packet=k, bottom_card=str(bottom), angel=str(angel))
            detail.update(angel=str(angel), saving_angel=True)
            self._shuffles += 1
            self._deck = self._shuffled(self._shuffles)
            self.cut_shown = None
            return self._event(seat, action, CUT, detail)
        # R2.5b: a valid cut jack.
        self.cut_jack = bottom
        if lifted_next:
            self.angel_card = angel
            detail["angel"] = str(angel)
        else:
            self._angel_private = angel
        self.hands[self.cutter].append(bottom)
        self._give_cut_marks()
        detail.update(cut_jack=str(bottom), cut_marks=self._named_marks(self.cut_marks))
        self._public(
            seat,
            "cut_jack",
            packet=k,
            cut_jack=str(bottom),
            angel=None if self.angel_card is None else str(self.angel_card),
            cut_marks=self._named_marks(self.cut_marks),
        )
        self._deal(order[k:] + order[: k - 1])
        return self._event(seat, action, CUT, detail)

    def _give_cut_marks(self) -> None:
        for p in self.participants:
            if p not in (self.cutter, self.dealer):
                self.cut_marks[p] = 1

    def _named_marks(self, marks: list[int]) -> dict[str, int]:
        return {SEAT_NAMES[p]: m for p, m in enumerate(marks) if m}

    # --- dealing and the turned card (R3) ------------------------------------------------

    def _deal(self, stock: list[Card]) -> None:
        pos = 0
        for _ in range(HAND_SIZE):
            for seat in self.order:
                self.hands[seat].insert(len(self.hands[seat]) - self._extra(seat), stock[pos])
                pos += 1
        self.turned_card = stock[pos]
        self._after_deal()

    def _extra(self, seat: int) -> int:
        """The cut jack stays after the dealt cards in the cutter's list."""
        return 1 if self.cut_jack is not None and seat == self.cutter else 0

    def dealt_cards(self, seat: int) -> list[Card]:
        """The five cards dealt to a seat, in dealing order."""
        return self.hands[seat][:HAND_SIZE] if seat in self.participants else []

    def _after_deal(self) -> None:
        turned = self.turned_card
        assert turned is not None
        self._public(self.dealer, "turned_card", card=str(turned))
        if self.cut_jack is not None:
            # R3.4 Case A: the dealer must take the turned card, whatever it is.
            self.kind = CUT_JACK
            self.forced = True
            self._take_turned()
            return
        if is_always_trump(turned):
            # R3.5 Case B: pakkovaltti.
            self.kind = NORMAL
            self.forced = True
            self.trump_maker = self.dealer
            self._take_turned()
            return
        if turned.rank in (Rank.ACE, Rank.TWO):
            # R3.6, R3.7: the dealer decides.
            self._dealer_decided = False
            self._phase = TURNED_CARD
            self._to_move = self.dealer
            return
        self._hands_final(speaking=True)

    def _take_turned(self) -> None:
        turned = self.turned_card
        assert turned is not None
        self.turned_taken = True
        self._dealer_decided = True
        self.trump = named_suit(turned)
        self.hands[self.dealer].append(turned)
        self._public(self.dealer, "takes_turned_card", card=str(turned), trump=self.trump.letter)
        self._discard_queue = []
        if self.options.discard_to_five:
            if self.cut_jack is not None:
                self._discard_queue.append(self.cutter)
            self._discard_queue.append(self.dealer)
        self._next_discard()

    def _apply_turned(self, action: Action, seat: int) -> Event:
        assert self.turned_card is not None
        if action == PEEK:
            count = 2 if self.turned_card.rank == Rank.ACE else 3
            self.peeked = self.hands[seat][:count]
            self._public(seat, "peek", count=count)
            return self._event(seat, action, TURNED_CARD, {"count": count})
        if action in (TAKE, TAKE_BLIND):
            self.kind = NORMAL
            self.voluntary = True
            self.trump_maker = seat
            self._public(seat, str(action))
            self._take_turned()
            return self._event(seat, action, TURNED_CARD, {"trump": self._trump_letter()})
        # LEAVE: the card stays on the stock and speaking begins.
        self._dealer_decided = True
        self._public(seat, "leave")
        self._hands_final(speaking=True)
        return self._event(seat, action, TURNED_CARD, {})

    def _trump_letter(self) -> str | None:
        return None if self.trump is None else self.trump.letter
