"""Speaking (R5) of a Kirves deal: keep, change, pass or throw in, the polls and the direct
lead."""

from __future__ import annotations

from tricktaker import _core
from tricktaker.cards import Suit, mask_from_cards
from tricktaker.games.kirves.actions import (
    CHANGE,
    CHANGE_POLL,
    CHANGE_TO,
    CHOOSE_SUIT,
    KEEP,
    PASS,
    REFUSE,
    SPEAKING,
    THROW_IN,
    THROW_IN_POLL,
    VETO,
)
from tricktaker.games.kirves.common import FREE_FOR_ALL, NORMAL, THROWN_IN, VOID, named_suit
from tricktaker.games.kirves.state import KirvesDealState
from tricktaker.protocol.base import Action, Event


class Speaking(KirvesDealState):
    """The calls, the change and throw-in polls, the choice of a new suit."""

    def _speaking_actions(self, seat: int) -> list[Action]:
        assert self.turned_card is not None
        actions = [KEEP]
        if self.options.change_suit_announce == "with_request":
            turned = named_suit(self.turned_card)
            actions += [CHANGE_TO[s] for s in Suit if s != turned]
        else:
            actions.append(CHANGE)
        actions.append(PASS)
        if self.throw_in_refused_by is None:
            actions.append(THROW_IN)
        if self._direct_lead_open(seat):
            actions += [Action.play(c) for c in sorted(self.hands[seat])]
        return actions

    def _direct_lead_open(self, seat: int) -> bool:
        return (
            self.options.direct_lead_allowed
            and seat == self.eldest
            and self._speaker_pos == 0
            and seat not in self._spoken
        )

    def calls_made_by(self, seat: int) -> list[str]:
        return [call for s, call in self.calls if s == seat]

    def _has_kiellonvara(self, seat: int) -> bool:
        assert self.turned_card is not None
        suit = named_suit(self.turned_card)
        return bool(mask_from_cards(self.hands[seat]) & _core.kirves_kiellonvara(int(suit)))

    def _apply_speaking(self, action: Action, seat: int) -> Event:
        assert self.turned_card is not None
        turned_suit = named_suit(self.turned_card)
        if action.card is not None:
            # R5.3 direct lead: "Tuosta vaan" plus the first card of trick 1.
            self.calls.append((seat, f"lead:{action.card}"))
            self._spoken.add(seat)
            self._public(seat, "direct_lead", card=str(action.card))
            self._make_trump(turned_suit, seat, voluntary=True)
            if self._void_if_undeclared():
                # R4.3: the first card of trick 1 with an undeclared pääköt.
                self._finish(VOID)
                return self._event(seat, action, SPEAKING, {"outcome": VOID})
            self._direct_lead = action.card
            if self.options.direct_lead_closes_folding:
                self._start_play()
            else:
                self._start_folding()
            return self._event(seat, action, SPEAKING, {"trump": turned_suit.letter, "lead": True})
        self.calls.append((seat, str(action)))
        self._spoken.add(seat)
        self._public(seat, str(action))
        if action == KEEP:
            self._make_trump(turned_suit, seat, voluntary=True)
            self._start_folding()
            return self._event(seat, action, SPEAKING, {"trump": turned_suit.letter})
        if action == PASS:
            self._advance_speaker()
            return self._event(seat, action, SPEAKING, {})
        if action == THROW_IN:
            self._proposer = seat
            self._poll = [p for p in self._clockwise_from(seat)[1:]]
            self._poll_pos = 0
            self._phase = THROW_IN_POLL
            self._to_move = self._poll[0]
            return self._event(seat, action, SPEAKING, {})
        # A change request, with or without the suit (change_suit_announce).
        self._requester = seat
        self._requested_suit = (
            Suit.parse(action.name.split(":", 1)[1]) if ":" in action.name else None
        )
        poll = list(self._clockwise_from(seat)[1:])
        if self.options.change_veto_scope == "not_yet_spoken":
            poll = [p for p in poll if p not in self._spoken]
        self._poll = poll
        self._poll_pos = 0
        if poll:
            self._phase = CHANGE_POLL
            self._to_move = poll[0]
        else:
            self._change_consented()
        return self._event(seat, action, SPEAKING, {})

    def _advance_speaker(self) -> None:
        self._speaker_pos += 1
        while self._speaker_pos < len(self.order) and self.order[self._speaker_pos] in self._spoken:
            self._speaker_pos += 1
        if self._speaker_pos < len(self.order):
            self._phase = SPEAKING
            self._to_move = self.order[self._speaker_pos]
            return
        self._speaking_ended_without_maker()

    def _speaking_ended_without_maker(self) -> None:
        assert self.turned_card is not None
        turned_suit = named_suit(self.turned_card)
        if self.throw_in_refused_by is not None:
            # R5.8, D15: the deal can no longer be thrown in.
            if self.options.refused_throw_in_fallback == "refuser_plays":
                self._public(self.throw_in_refused_by, "refuser_plays")
                self._make_trump(turned_suit, self.throw_in_refused_by, voluntary=True)
            else:
                self._free_for_all(turned_suit)
            self._start_folding()
            return
        # R5.9, D16: everybody passed.
        if self.options.all_pass_outcome == "free_for_all":
            self._free_for_all(turned_suit)
            self._start_folding()
            return
        self._public(None, "all_pass")
        self._finish(THROWN_IN, same_dealer=self.options.all_pass_outcome == "throw_in_same_dealer")

    def _free_for_all(self, suit: Suit) -> None:
        self.trump = suit
        self.kind = FREE_FOR_ALL
        self.trump_maker = None
        self._public(None, "free_for_all", trump=suit.letter)

    def _make_trump(self, suit: Suit, maker: int, *, voluntary: bool) -> None:
        self.trump = suit
        self.trump_maker = maker
        self.kind = NORMAL
        self.voluntary = voluntary
        self._public(maker, "trump_maker", trump=suit.letter)

    def _apply_change_poll(self, action: Action, seat: int) -> Event:
        assert self.turned_card is not None
        self.calls.append((seat, str(action)))
        self._public(seat, str(action))
        if action == VETO:
            suit = named_suit(self.turned_card)
            self._make_trump(suit, seat, voluntary=True)
            self._start_folding()
            return self._event(seat, action, CHANGE_POLL, {"trump": suit.letter})
        self._poll_pos += 1
        if self._poll_pos < len(self._poll):
            self._to_move = self._poll[self._poll_pos]
        else:
            self._change_consented()
        return self._event(seat, action, CHANGE_POLL, {})

    def _change_consented(self) -> None:
        assert self._requester is not None
        if self._requested_suit is not None:
            self._make_trump(self._requested_suit, self._requester, voluntary=True)
            self._start_folding()
            return
        self._phase = CHOOSE_SUIT
        self._to_move = self._requester

    def _apply_choose_suit(self, action: Action, seat: int) -> Event:
        suit = Suit.parse(action.name.split(":", 1)[1])
        self.calls.append((seat, str(action)))
        self._public(seat, str(action))
        self._make_trump(suit, seat, voluntary=True)
        self._start_folding()
        return self._event(seat, action, CHOOSE_SUIT, {"trump": suit.letter})

    def _apply_throw_in_poll(self, action: Action, seat: int) -> Event:
        self.calls.append((seat, str(action)))
        self._public(seat, str(action))
        if action == REFUSE:
            self.throw_in_refused_by = seat
            self._advance_speaker()
            return self._event(seat, action, THROW_IN_POLL, {"refused": True})
        self._poll_pos += 1
        if self._poll_pos < len(self._poll):
            self._to_move = self._poll[self._poll_pos]
            return self._event(seat, action, THROW_IN_POLL, {})
        self._finish(THROWN_IN, same_dealer=False)
        return self._event(seat, action, THROW_IN_POLL, {"outcome": THROWN_IN})
