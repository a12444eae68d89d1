"""The end of a Kirves deal (R9, R11): the marks, escapes, keppi or kirves, and the tournament
points."""

from __future__ import annotations

from tricktaker import _core
from tricktaker.games.kirves.actions import OVER
from tricktaker.games.kirves.common import (
    _WIN_RULE,
    CONCESSION,
    CUT_JACK,
    MARKS_TO_ESCAPE,
    MISDEAL,
    NORMAL,
    PAAKOT_DECLARED,
    PLAYED,
    VOID,
)
from tricktaker.games.kirves.result import KirvesResult
from tricktaker.games.kirves.state import KirvesDealState


class Scoring(KirvesDealState):
    """The deal's result, however it ended (``kirves_outcome``, ``kirves_concession_marks``)."""

    def _finish(
        self,
        outcome: str,
        *,
        paakot_holder: int | None = None,
        conceded_by: int | None = None,
        same_dealer: bool = False,
    ) -> None:
        n = self.num_players
        o = self.options
        marks = list(self.cut_marks)
        points = [0] * n
        winner: int | None = None
        win_rule: str | None = None
        trick_winners: tuple[int, ...] = ()
        if self.state is not None:
            trick_winners = tuple(r.winner for r in self.state.trick_records())
        principal_win: int | None = None  # a principal who won, for R11.1-R11.3
        if outcome == PLAYED:
            assert self.state is not None
            out = _core.kirves_outcome(self.state, self.roles(), o.folded_players_score_with_side)
            winner = out.winner.player
            win_rule = _WIN_RULE[out.winner.rule]
            for p in range(n):
                marks[p] = min(1, marks[p] + out.marks[p])
            if out.principal_won:
                principal_win = winner
        elif outcome == PAAKOT_DECLARED:
            assert paakot_holder is not None
            marks[paakot_holder] = 1  # R4.2: a bystander's cut mark is his one mark
        elif outcome == CONCESSION:
            assert conceded_by is not None
            folded_before = sum(1 << p for p in self.folded if p != conceded_by)
            concession = _core.kirves_concession_marks(
                self.roles(), n, conceded_by, folded_before, o.folded_players_score_with_side
            )
            for p in range(n):
                marks[p] = min(1, marks[p] + concession[p])
            if self.kind == CUT_JACK and o.concession_counts_as_win:
                principal_win = self.dealer if conceded_by == self.cutter else self.cutter
        elif outcome in (VOID, MISDEAL):
            marks = [0] * n  # R3.13, R4.3: the cut marks are revoked
        if o.tournament_scoring and principal_win is not None:
            points = self._bonus(principal_win, points)
        escaped: list[int] = []
        keppi: int | None = None
        kirves: int | None = None
        if outcome in (PLAYED, PAAKOT_DECLARED, CONCESSION):
            after = {p: self.marks_before[p] + marks[p] for p in self.participants}
            escaped = [p for p in self.participants if after[p] >= MARKS_TO_ESCAPE]
            left = [p for p in self.participants if after[p] < MARKS_TO_ESCAPE]
            if len(left) == 1:
                if self.keppis_before[left[0]] >= 1:
                    kirves = left[0]
                else:
                    keppi = left[0]
        same = same_dealer or outcome in (VOID, MISDEAL)
        examined = True
        if outcome == MISDEAL:
            examined = False
        elif outcome == VOID:
            examined = not o.unexamined_cut_after_void
        self._result = KirvesResult(
            outcome=outcome,
            dealer=self.dealer,
            cutter=self.cutter,
            eldest=self.eldest,
            participants=self.participants,
            kind=self.kind,
            trump=self.trump,
            turned_card=self.turned_card,
            cut_jack=self.cut_jack,
            trump_maker=self.trump_maker,
            voluntary=self.voluntary,
            forced=self.forced,
            folded=tuple(self.folded),
            trick_winners=trick_winners,
            winner=winner,
            win_rule=win_rule,
            conceded_by=conceded_by,
            paakot_holder=paakot_holder,
            cut_marks=tuple(self.cut_marks),
            marks=tuple(marks),
            points=tuple(points),
            same_dealer_next=same,
            next_cut_examined=examined,
            escaped=tuple(escaped),
            keppi=keppi,
            kirves=kirves,
        )
        self._public(None, "result", **self._result.to_dict())
        self._phase = OVER
        self._to_move = None

    def _bonus(self, winner: int, points: list[int]) -> list[int]:
        """R11.1-R11.3 for the principal who won (by play or by concession)."""
        o = self.options
        count = len(self.participants)
        if self.kind == NORMAL and winner == self.trump_maker:
            if self.voluntary and count >= o.voluntary_bonus_min_participants:
                points[winner] += o.points_voluntary_win
            elif self.forced and count >= o.forced_bonus_min_participants:
                points[winner] += o.points_forced_win
        elif (
            self.kind == CUT_JACK
            and count >= o.forced_bonus_min_participants
            and (
                winner == self.dealer
                or (winner == self.cutter and o.forced_bonus_recipients == "cutter_and_dealer")
            )
        ):
            points[winner] += o.points_forced_win
        return points

    def result(self) -> KirvesResult | None:
        return self._result
