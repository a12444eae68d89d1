"""The end of a Kirves deal (R9, R11), however it ends: the marks, escapes, keppi or kirves, and
the tournament points (``kirves_outcome``, ``kirves_concession_marks``). The deal is then over."""

from __future__ import annotations

from tricktaker import _core
from tricktaker.games.kirves.result import (
    CONCESSION,
    CUT_JACK,
    MISDEAL,
    NORMAL,
    PAAKOT_DECLARED,
    PLAYED,
    VOID,
    KirvesResult,
)
from tricktaker.games.kirves.state import MARKS_TO_ESCAPE, OVER, KirvesState

# The rule by which the winning player won (KirvesResult.win_rule), by the number of the core's
# KirvesWinRule (a dict keyed by the binding's enum hashes and compares through the binding).
_WIN_RULE_NAMES = {
    int(_core.KirvesWinRule.THREE_TRICKS): "three_tricks",
    int(_core.KirvesWinRule.FIRST_TO_TWO): "first_to_two",
    int(_core.KirvesWinRule.LAST_TRICK): "last_trick",
}


def finish(
    state: KirvesState,
    outcome: str,
    *,
    paakot_holder: int | None = None,
    conceded_by: int | None = None,
    same_dealer: bool = False,
) -> None:
    """End the deal with ``outcome`` and record its result."""
    n = state.num_players
    o = state.options
    winner: int | None = None
    win_rule: str | None = None
    principal_win: int | None = None  # a principal who won, for R11.1-R11.3
    if outcome == PLAYED:
        assert state.state is not None
        # The outcome and the tricks' winners in one core call (each read of a binding's field
        # or trick record makes a new object).
        winner, rule, gained, principal_won, trick_winners = _core.kirves_outcome_fields(
            state.state, state.roles(), o.folded_players_score_with_side
        )
        win_rule = _WIN_RULE_NAMES[rule]
        marks = [min(1, cut + won) for cut, won in zip(state.cut_marks, gained, strict=True)]
        if principal_won:
            principal_win = winner
    else:
        marks = list(state.cut_marks)
        trick_winners = ()
        if state.state is not None:
            trick_winners = tuple(r.winner for r in state.state.trick_records())
        if outcome == PAAKOT_DECLARED:
            assert paakot_holder is not None
            marks[paakot_holder] = 1  # R4.2: a bystander's cut mark is his one mark
        elif outcome == CONCESSION:
            assert conceded_by is not None
            folded_before = sum(1 << p for p in state.folded if p != conceded_by)
            concession = _core.kirves_concession_marks(
                state.roles(), n, conceded_by, folded_before, o.folded_players_score_with_side
            )
            for p in range(n):
                marks[p] = min(1, marks[p] + concession[p])
            if state.kind == CUT_JACK and o.concession_counts_as_win:
                principal_win = state.dealer if conceded_by == state.cutter else state.cutter
        elif outcome in (VOID, MISDEAL):
            marks = [0] * n  # R3.13, R4.3: the cut marks are revoked
    points = [0] * n
    if o.tournament_scoring and principal_win is not None:
        points = _bonus(state, principal_win, points)
    escaped: tuple[int, ...] = ()
    keppi: int | None = None
    kirves: int | None = None
    if outcome in _COUNTED:
        before = state.marks_before
        participants = state.participants
        escaped = tuple([p for p in participants if before[p] + marks[p] >= MARKS_TO_ESCAPE])
        if len(escaped) == len(participants) - 1:
            left = next(p for p in participants if before[p] + marks[p] < MARKS_TO_ESCAPE)
            if state.keppis_before[left] >= 1:
                kirves = left
            else:
                keppi = left
    examined = True
    if outcome == MISDEAL:
        examined = False
    elif outcome == VOID:
        examined = not o.unexamined_cut_after_void
    # The record's fields in its dataclass's order, set at once (see FilledRecord.of).
    state._result = result = KirvesResult.filled(
        {
            "outcome": outcome,
            "dealer": state.dealer,
            "cutter": state.cutter,
            "eldest": state.eldest,
            "participants": state.participants,
            "kind": state.kind,
            "trump": state.trump,
            "turned_card": state.turned_card,
            "cut_jack": state.cut_jack,
            "trump_maker": state.trump_maker,
            "voluntary": state.voluntary,
            "forced": state.forced,
            "folded": tuple(state.folded),
            "trick_winners": trick_winners,
            "winner": winner,
            "win_rule": win_rule,
            "conceded_by": conceded_by,
            "paakot_holder": paakot_holder,
            "cut_marks": tuple(state.cut_marks),
            "marks": tuple(marks),
            "points": tuple(points),
            "same_dealer_next": same_dealer or outcome in (VOID, MISDEAL),
            "next_cut_examined": examined,
            "escaped": escaped,
            "keppi": keppi,
            "kirves": kirves,
        }
    )
    state.events.append(result.entry(None, "result"))
    state._phase = OVER
    state._to_move = None


# The outcomes that count (escapes and keppi are checked after them, R10.1).
_COUNTED = frozenset((PLAYED, PAAKOT_DECLARED, CONCESSION))


def _bonus(state: KirvesState, winner: int, points: list[int]) -> list[int]:
    """R11.1-R11.3 for the principal who won (by play or by concession)."""
    o = state.options
    count = len(state.participants)
    if state.kind == NORMAL and winner == state.trump_maker:
        if state.voluntary and count >= o.voluntary_bonus_min_participants:
            points[winner] += o.points_voluntary_win
        elif state.forced and count >= o.forced_bonus_min_participants:
            points[winner] += o.points_forced_win
    elif (
        state.kind == CUT_JACK
        and count >= o.forced_bonus_min_participants
        and (
            winner == state.dealer
            or (winner == state.cutter and o.forced_bonus_recipients == "cutter_and_dealer")
        )
    ):
        points[winner] += o.points_forced_win
    return points
