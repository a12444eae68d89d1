"""Stateful property tests: Hypothesis drives deals of every game, preset and example option set
with legal actions, refused actions and round trips, and checks after every step what must
always hold (``deal_invariants``): cards conserved, a legal action until the end, a result that
adds up, an exact JSON round trip, clones that stay apart from their originals, and refusals
that raise ``tt.Error`` and change nothing.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, event, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import tricktaker as tt
from deal_invariants import (
    CASES,
    Case,
    case_id,
    check_cards_conserved,
    check_legal_until_over,
    check_position,
    check_result_adds_up,
    check_round_trip,
    load,
    pack,
)
from tricktaker.cards import cards_from_mask
from tricktaker.protocol.base import Action, Deal

# Calls of every family's phases (and a few of none): whichever the seat may not make now must
# be refused.
CALLS = [
    "pass", "stand", "beg", "give_one", "run", "fold", "stay", "keep", "change", "accept",
    "trump:H", "trump:S", "suit:C", "bid:2", "bid:4", "cut:3", "discard:AS", "take", "peek",
    "declare", "roem", "double", "misdeal",
]  # fmt: skip
# Texts that are no action of any game, and values that are no text at all.
MALFORMED: list[Any] = [
    "", "   ", "ZZ", "1X", "AS AS", "A", "10", "trump:", "trump:X", "bid:", "bid:-1",
    "bid:99999999999999999999", "cut:abc", "discard:", "discard:ZZ", "x" * 300, "\x00",
    "AS\n", None, 5, 2.5, b"AS", ["AS"], {"card": "AS"},
]  # fmt: skip
# Seats that no table has.
NO_SEATS: list[Any] = [-1, -11, 2**31 - 1, 2**63, -(2**63), True, False, 1.5, "N"]


class DealMachine(RuleBasedStateMachine):
    """One deal of a drawn game, and the clones taken of it along the way."""

    def __init__(self) -> None:
        super().__init__()
        self.deal: Deal
        self.deck = 0  # the pack, as a card mask
        self.seats = 0
        # Clones taken earlier, with their JSON then: the original's actions must not reach them.
        self.clones: list[tuple[Deal, str]] = []

    @initialize(case=st.sampled_from(CASES), seed=st.integers(0, 2**64 - 1))
    def new_deal(self, case: Case, seed: int) -> None:
        note(f"case {case_id(case)}, seed {seed}")
        game = load(case)
        self.deal = game.new_deal(seed=seed)
        self.deck = pack(game)
        self.seats = game.seat_count

    # --- legal actions ------------------------------------------------------------------------

    @precondition(lambda self: not self.deal.is_over)
    @rule(choices=st.lists(st.integers(0, 2**16), min_size=1, max_size=12))
    def play(self, choices: list[int]) -> None:
        """A few legal actions, each drawn among those the seat to move has."""
        for choice in choices:
            if self.deal.is_over:
                return
            legal = self.deal.legal_actions()
            action = legal[choice % len(legal)]
            note(f"{self.deal.phase}: seat {self.deal.to_move} {action}")
            self.deal.apply(action)
            check_cards_conserved(self.deal, self.deck)

    @precondition(lambda self: not self.deal.is_over)
    @rule(seed=st.integers(0, 2**32), count=st.integers(1, 80))
    def play_on(self, seed: int, count: int) -> None:
        """Up to ``count`` random legal actions: the way to a deal's end in few steps."""
        rng = random.Random(seed)
        for _ in range(count):
            if self.deal.is_over:
                event("the deal ended")
                return
            self.deal.apply(rng.choice(self.deal.legal_actions()))
            check_cards_conserved(self.deal, self.deck)

    @precondition(lambda self: not self.deal.is_over)
    @rule(choice=st.integers(0, 2**16), as_text=st.booleans())
    def play_by_seat(self, choice: int, as_text: bool) -> None:
        """A legal action named by its text and the acting seat, as a client sends it."""
        seat = self.deal.to_move
        assert seat is not None
        legal = self.deal.legal_actions(seat)
        action = legal[choice % len(legal)]
        self.deal.apply(str(action) if as_text else action, seat=seat)

    # --- refused actions ----------------------------------------------------------------------

    def _refused(self, action: Any, seat: Any = None) -> None:
        """``action`` (of ``seat``) raises a ``tt.Error`` and changes nothing."""
        before = self.deal.to_json()
        legal = self.deal.legal_actions()
        log = list(self.deal.log)
        try:
            self.deal.apply(action, seat=seat)
        except tt.Error:
            pass
        else:
            raise AssertionError(f"{action!r} of seat {seat!r} was accepted in {self.deal.phase}")
        assert self.deal.to_json() == before
        assert self.deal.legal_actions() == legal
        assert self.deal.log == log

    def _not_allowed(self, action: Action, seat: int) -> bool:
        """Whether the deal must refuse ``action`` from ``seat`` (a game may accept an action
        outside the legal ones, an illegal play it penalizes: the deal says which)."""
        legal = self.deal.legal_actions(seat)
        named = {a.name.lower() for a in legal}
        return action.name.lower() not in named and not self.deal._accepts_extra(action, seat)

    @rule(pick=st.integers(0, 2**16))
    def card_not_held(self, pick: int) -> None:
        """A card of the pack the seat may not play (held by another, played, not dealt)."""
        seat = self.deal.to_move
        candidates = [
            c
            for c in cards_from_mask(self.deck)
            if seat is None or self._not_allowed(Action.play(c), seat)
        ]
        if candidates:
            card = candidates[pick % len(candidates)]
            self._refused(str(card) if pick % 2 else card)

    @rule(pick=st.integers(0, 2**16))
    def call_not_allowed(self, pick: int) -> None:
        """A call the seat may not make now (in any case of letters: calls ignore it)."""
        seat = self.deal.to_move
        candidates = [c for c in CALLS if seat is None or self._not_allowed(Action.call(c), seat)]
        if candidates:
            call = candidates[pick % len(candidates)]
            self._refused(call.upper() if pick % 3 == 0 else call)

    @precondition(lambda self: not self.deal.is_over)
    @rule(pick=st.integers(0, 2**16), offset=st.integers(1, 9))
    def wrong_seat(self, pick: int, offset: int) -> None:
        """An action of the seat to move, sent as another seat's that may not make it."""
        mover = self.deal.to_move
        assert mover is not None
        seat = (mover + offset) % self.seats
        legal = self.deal.legal_actions()
        action = legal[pick % len(legal)]
        if seat != mover and self._not_allowed(action, seat):
            self._refused(action, seat=seat)

    @rule(seat=st.sampled_from(NO_SEATS), pick=st.integers(0, 2**16), past_end=st.booleans())
    def no_such_seat(self, seat: Any, pick: int, past_end: bool) -> None:
        """A seat out of the table (or no seat number at all), with an action it would have."""
        legal = self.deal.legal_actions()
        action = legal[pick % len(legal)] if legal else "pass"
        self._refused(action, seat=self.seats if past_end else seat)

    @rule(text=st.sampled_from(MALFORMED) | st.text(max_size=12))
    def malformed(self, text: Any) -> None:
        """A text that names no action here (or a value that is no text)."""
        if isinstance(text, str) and not self.deal.is_over:
            seat = self.deal.to_move
            assert seat is not None
            parsed = self.deal.parse_action(text)
            if not self._not_allowed(parsed, seat):
                return  # the drawn text happens to be an allowed action
        self._refused(text)

    # --- copies ----------------------------------------------------------------------------------

    @rule(adopt=st.booleans())
    def round_trip(self, adopt: bool) -> None:
        """The JSON read back is the same deal, and so is the position text read back; go on
        with the copy or the original."""
        again = check_round_trip(self.deal, self.seats)
        check_position(self.deal)
        if adopt:
            self.deal = again

    @rule(choice=st.integers(0, 2**16))
    def clone(self, choice: int) -> None:
        """A clone is a deal of its own: actions on it leave the original as it was, and the
        original's later actions leave it as it was (checked by ``clones_stay_apart``)."""
        text = self.deal.to_json()
        copy = self.deal.clone()
        assert isinstance(copy, Deal)
        assert copy.to_json() == text
        if not copy.is_over:
            legal = copy.legal_actions()
            copy.apply(legal[choice % len(legal)])
            assert self.deal.to_json() == text
            assert copy.to_json() != text
        self.clones = [*self.clones[-2:], (copy, copy.to_json())]

    # --- what always holds ------------------------------------------------------------------------

    @invariant()
    def cards_conserved(self) -> None:
        check_cards_conserved(self.deal, self.deck)

    @invariant()
    def legal_action_until_over(self) -> None:
        check_legal_until_over(self.deal)

    @invariant()
    def result_adds_up(self) -> None:
        if self.deal.is_over:
            check_result_adds_up(self.deal)

    @invariant()
    def clones_stay_apart(self) -> None:
        for copy, text in self.clones:
            assert copy.to_json() == text


DealMachine.TestCase.settings = settings(
    max_examples=100,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestDeals = DealMachine.TestCase
