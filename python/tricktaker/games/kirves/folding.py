"""Folding (R7) of a Kirves deal."""

from __future__ import annotations

from tricktaker.games.kirves.actions import FOLD, FOLDING
from tricktaker.games.kirves.common import CONCESSION, CUT_JACK, MARKS_TO_ESCAPE, NORMAL
from tricktaker.games.kirves.state import KirvesDealState
from tricktaker.protocol.base import Action, Event


class Folding(KirvesDealState):
    """Who may fold, in which order, and a principal's fold as a concession."""

    def principals(self) -> list[int]:
        if self.kind == NORMAL and self.trump_maker is not None:
            return [self.trump_maker]
        if self.kind == CUT_JACK:
            return [p for p in self.order if p in (self.cutter, self.dealer)]
        return []

    def _may_fold_at_all(self, seat: int) -> bool:
        if self.marks_before[seat] + self.cut_marks[seat] >= MARKS_TO_ESCAPE:
            return False  # R7.3: his third mark came at the cut
        if seat == self.eldest and self._direct_lead is not None:
            return False  # he has led (direct_lead_closes_folding = false)
        if seat in self.principals():
            mode = self.options.principals_may_fold
            return mode == "all" or (mode == "cut_jack_only" and self.kind == CUT_JACK)
        return True

    def _start_folding(self) -> None:
        if not self.options.folding_allowed or len(self.participants) <= 2:
            self._start_play()
            return
        principals = self.principals()
        order = principals + [p for p in self.order if p not in principals]
        self._fold_order = [p for p in order if self._may_fold_at_all(p)]
        self._fold_pos = 0
        if not self._fold_order:
            self._start_play()
            return
        self._phase = FOLDING
        self._to_move = self._fold_order[0]

    def _fold_is_legal(self) -> bool:
        return len(self.participants) - len(self.folded) - 1 >= 2

    def _apply_folding(self, action: Action, seat: int) -> Event:
        self.calls.append((seat, str(action)))
        self._public(seat, str(action))
        if action == FOLD:
            self.folded.append(seat)
            if seat in self.principals():
                self._finish(CONCESSION, conceded_by=seat)
                return self._event(seat, action, FOLDING, {"outcome": CONCESSION})
        self._fold_pos += 1
        if self._fold_pos < len(self._fold_order):
            self._to_move = self._fold_order[self._fold_pos]
        else:
            self._start_play()
        return self._event(seat, action, FOLDING, {})
