"""The play (R8) of a Kirves deal on the C++ play state."""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import Suit, mask_from_cards
from tricktaker.errors import IllegalAction
from tricktaker.games.kirves.actions import PLAY
from tricktaker.games.kirves.common import (
    _CORE_KIND,
    CUT_JACK,
    FREE_FOR_ALL,
    HAND_SIZE,
    NORMAL,
    PLAYED,
    SEAT_NAMES,
    TRICKS,
    VOID,
)
from tricktaker.games.kirves.state import KirvesDealState
from tricktaker.protocol.base import Action, Event


class Play(KirvesDealState):
    """The sides, the leader and the tricks (``kirves_rules``, ``kirves_sides``)."""

    def roles(self) -> _core.KirvesDealRoles:
        assert self.kind is not None
        participants = sum(1 << p for p in self.participants)
        if self.kind == CUT_JACK:
            return _core.KirvesDealRoles(
                kind=_CORE_KIND[CUT_JACK],
                cutter=self.cutter,
                dealer=self.dealer,
                participants=participants,
            )
        if self.kind == NORMAL:
            assert self.trump_maker is not None
            return _core.KirvesDealRoles(
                kind=_CORE_KIND[NORMAL], trump_maker=self.trump_maker, participants=participants
            )
        return _core.KirvesDealRoles(kind=_CORE_KIND[FREE_FOR_ALL], participants=participants)

    def leader(self) -> int:
        """R8.2: the eldest, or the first non-folded player after the dealer."""
        for seat in self.order:
            if seat not in self.folded:
                return seat
        raise AssertionError("everybody folded")

    def _rules(self, trump: Suit) -> _core.RulesTable:
        o = self.options
        return _core.kirves_rules(
            int(trump),
            overtake_required=o.overtake_required,
            overtake_exempts_partner=o.overtake_exempts_partner,
            must_trump_when_void=o.must_trump_when_void,
        )

    def dd_table_states(self) -> list[list[tuple[_core.PlayState, int] | None]]:
        """For ``tt.dd_table``: per trump suit (S, H, D, C) and per trump maker (every seat;
        None for a seat not dealt in), the play of the hands as they are now, five cards each
        and nobody folding, the maker alone (side 0) against everyone else, eldest leading."""
        seats = range(self.num_players)
        if any(len(self.hands[p]) != HAND_SIZE for p in self.participants):
            raise IllegalAction(
                "a Kirves table needs five cards in every hand (before the play, after discards)"
            )
        hands = [mask_from_cards(self.hands[p]) if p in self.participants else 0 for p in seats]
        active = sum(1 << p for p in self.participants)
        leader = next(p for p in self.order if p in self.participants)
        rows: list[list[tuple[_core.PlayState, int] | None]] = []
        for suit in Suit:
            rules = self._rules(suit)
            row: list[tuple[_core.PlayState, int] | None] = []
            for maker in seats:
                if maker not in self.participants:
                    row.append(None)
                    continue
                sides = [0 if p == maker else 1 for p in seats]
                row.append((_core.PlayState(rules, hands, sides, leader, active=active), 0))
            rows.append(row)
        return rows

    def _start_play(self) -> None:
        assert self.trump is not None
        rules = self._rules(self.trump)
        sides = _core.kirves_sides(self.roles(), self.num_players)
        playing = [p for p in self.participants if p not in self.folded]
        hands = [
            mask_from_cards(self.hands[p]) if p in playing else 0 for p in range(self.num_players)
        ]
        self.state = _core.PlayState(
            rules,
            hands,
            sides,
            leader=self.leader(),
            active=sum(1 << p for p in playing),
            tricks=0 if all(len(self.hands[p]) == HAND_SIZE for p in playing) else TRICKS,
        )
        self._phase = PLAY
        self._to_move = self.state.to_move
        if self._direct_lead is not None:
            self.state.play(self._direct_lead.id)
            self._to_move = self.state.to_move

    def _apply_play(self, action: Action, seat: int) -> Event:
        state = self.state
        assert state is not None and action.card is not None
        if state.cards_played == 0 and self._void_if_undeclared():
            self._public(seat, "void", card=str(action.card))
            self._finish(VOID)
            return self._event(seat, action, PLAY, {"outcome": VOID})
        state.play(action.card.id)
        detail: dict[str, Any] = {"card": str(action.card)}
        self._public(seat, "play", card=str(action.card))
        if state.trick_len == 0:
            record = state.trick_record(state.tricks_played - 1)
            detail.update(trick=state.tricks_played, trick_winner=SEAT_NAMES[record.winner])
            decided = self.options.stop_when_decided and _core.kirves_decided(state)
            if state.is_terminal() or decided:
                self._finish(PLAYED)
                return self._event(seat, action, PLAY, detail)
        self._to_move = state.to_move
        return self._event(seat, action, PLAY, detail)
