"""The Kiksas core: rules tables, legal cards, tricks, points and the deal evaluation.

Every legal-card, trick and points example of docs/rules/kiksas.md (§7) at the level of the C++
core.
Seats are A B C D = 0 1 2 3 (Trikiksis A B C = 0 1 2); Kiksas sides AC = 0 and BD = 1.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tricktaker import _core
from tricktaker.cards import Card, Rank, Suit, cards_from_mask, mask_from_cards

S, H, D, C = 0, 1, 2, 3
A_, B_, C_, D_ = 0, 1, 2, 3
KIKSAS_SIDES = [0, 1, 0, 1]
WO = _core.KiksasDealType.WRITING_OFF
Outcome = _core.KiksasOutcome
Figure = _core.FigureKind


def spec(text: str) -> list[Card]:
    """Cards as the spec writes them, suit first: ``"♣Q ♥10 ♠9"``."""
    out = []
    for tok in text.split():
        out.append(Card.make(Rank.parse(tok[1:]), Suit.parse(tok[0])))
    return out


def m(text: str) -> int:
    return mask_from_cards(spec(text))


def ids(text: str) -> set[int]:
    return {c.id for c in spec(text)}


def legal(state: _core.PlayState) -> set[int]:
    return set(state.legal_cards())


def play(state: _core.PlayState, trick: str, seats: Sequence[int]) -> None:
    """Play one trick written as the spec does, checking the seat order."""
    for seat, card in zip(seats, spec(trick), strict=True):
        assert state.to_move == seat
        state.play(card.id)


def kiksas_state(
    trump: int,
    hands: Sequence[str],
    leader: int,
    *,
    first_lead: bool = True,
    active: int = 0,
    fixed_leader: int = -1,
    sides: Sequence[int] = KIKSAS_SIDES,
    **options: bool,
) -> _core.PlayState:
    rules = _core.kiksas_rules(trump, **options)
    queen = _core.kiksas_trump_queen(trump) if trump >= 0 else -1
    return _core.PlayState(
        rules,
        [m(h) for h in hands],
        list(sides),
        leader,
        active=active,
        first_lead_cards=(1 << queen) if first_lead and queen >= 0 else 0,
        fixed_leader=fixed_leader,
    )


def context(**fields: object) -> _core.KiksasDealContext:
    ctx = _core.KiksasDealContext()
    for name, value in fields.items():
        setattr(ctx, name, value)
    return ctx


def evaluate_tricks(
    sides: Sequence[int], points: Sequence[int], total: int = 6, **fields: object
) -> _core.KiksasDealResult:
    return _core.kiksas_evaluate_tricks(list(sides), list(points), total, context(**fields))


# --- §1: deck, orders, points ---------------------------------------------------------------


def test_deck_is_24_cards_nine_to_ace() -> None:
    deck = cards_from_mask(_core.kiksas_deck())
    assert len(deck) == 24
    assert {c.rank for c in deck} == {
        Rank.NINE,
        Rank.JACK,
        Rank.QUEEN,
        Rank.KING,
        Rank.TEN,
        Rank.ACE,
    }


@pytest.mark.parametrize("trump", [S, H, D, C])
def test_e1_point_totals(trump: int) -> None:
    rules = _core.kiksas_rules(trump)
    deck = cards_from_mask(rules.deck)
    by_suit = {s: sum(rules.points(c.id) for c in deck if c.suit == s) for s in Suit}
    assert by_suit[Suit(trump)] == 38
    assert all(v == 30 for s, v in by_suit.items() if s != trump)
    assert sum(by_suit.values()) == 128
    assert sum(by_suit.values()) + rules.last_trick_bonus == 138


def test_e1_no_trump_total_and_queen_points_depend_on_trump() -> None:
    rules = _core.kiksas_rules(-1)
    assert rules.trump == -1 and rules.trump_cards == 0
    assert sum(rules.points(c.id) for c in cards_from_mask(rules.deck)) + 10 == 130
    assert _core.kiksas_rules(C).points(spec("♣Q")[0].id) == 11
    assert _core.kiksas_rules(H).points(spec("♣Q")[0].id) == 3


def test_rank_orders() -> None:
    def order(rules: _core.RulesTable, suit: str) -> list[str]:
        cards = spec(" ".join(suit + r for r in ["9", "J", "Q", "K", "10", "A"]))
        return [c.pretty() for c in sorted(cards, key=lambda c: -rules.strength(c.id))]

    assert order(_core.kiksas_rules(C), "♣") == ["Q♣", "A♣", "10♣", "K♣", "J♣", "9♣"]
    assert order(_core.kiksas_rules(C), "♥") == ["A♥", "10♥", "K♥", "Q♥", "J♥", "9♥"]
    assert order(_core.kiksas_rules(-1), "♠") == ["A♠", "10♠", "K♠", "Q♠", "J♠", "9♠"]


def test_bad_trump_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="trump"):
        _core.kiksas_rules(4)
    with pytest.raises(ValueError, match="trump"):
        _core.kiksas_trump_queen(-1)


# --- §2: legal cards and trick winners ------------------------------------------------------

E2_HANDS = [
    "♠9 ♠J ♠Q ♦9 ♦J ♦Q",
    "♠K ♠10 ♠A ♦K ♦10 ♦A",
    "♥9 ♥J ♥Q ♣9 ♣J ♣Q",
    "♥K ♥10 ♥A ♣K ♣10 ♣A",
]


def test_e2_first_trick_and_announcement() -> None:
    state = kiksas_state(C, E2_HANDS, C_)
    assert legal(state) == ids("♣Q")
    state.play(spec("♣Q")[0].id)
    assert state.to_move == D_ and legal(state) == ids("♣K ♣10 ♣A")
    state.play(spec("♣K")[0].id)
    assert state.to_move == A_ and legal(state) == ids(E2_HANDS[0])
    state.play(spec("♠9")[0].id)
    assert state.to_move == B_ and legal(state) == ids(E2_HANDS[1])
    state.play(spec("♠K")[0].id)
    assert state.trick_records()[0].winner == C_
    tc = _core.kiksas_trump_count(state, A_)
    assert (tc.announcer, tc.announced, tc.partner_trumps, tc.total) == (C_, 4, 0, 4)
    assert 6 - tc.total == 2  # BD holds two clubs, both with D


def test_e7_ruff() -> None:
    state = kiksas_state(S, ["♦10 ♥J", "♦A ♥Q", "♠9 ♥9", "♦Q ♥K"], A_, first_lead=False)
    play(state, "♦10 ♦A", [A_, B_])
    assert legal(state) == ids("♠9")
    play(state, "♠9 ♦Q", [C_, D_])
    record = state.trick_records()[0]
    assert record.winner == C_ and record.points == 24


def test_e8_follow_suit_no_duty_to_beat() -> None:
    state = kiksas_state(C, ["♥9 ♠9 ♠J", "♥Q ♥A ♣Q", "♦9 ♦J ♦Q", "♦K ♦10 ♦A"], A_, first_lead=False)
    play(state, "♥9", [A_])
    assert legal(state) == ids("♥Q ♥A")


E10_HANDS = ["♥A ♥9 ♥J", "♣A ♠9 ♠J", "♣Q ♣9 ♠A", "♦9 ♦J ♦Q"]


@pytest.mark.parametrize(("overtrump", "expected"), [(False, "♣Q ♣9"), (True, "♣Q")])
def test_e10_no_duty_to_overtrump(overtrump: bool, expected: str) -> None:
    state = kiksas_state(C, E10_HANDS, A_, first_lead=False, must_overtrump=overtrump)
    play(state, "♥A", [A_])
    assert legal(state) == ids("♣A")  # B, void in hearts, must trump
    play(state, "♣A", [B_])
    assert legal(state) == ids(expected)


@pytest.mark.parametrize("overtrump", [False, True])
def test_e10_variant_underruff_is_forced(overtrump: bool) -> None:
    hands = ["♥A ♥9 ♥J", "♣Q ♠9 ♠J", "♣9 ♠A ♦K", "♦9 ♦J ♦Q"]
    state = kiksas_state(C, hands, A_, first_lead=False, must_overtrump=overtrump)
    play(state, "♥A ♣Q", [A_, B_])
    assert legal(state) == ids("♣9")


def test_e11_void_in_led_suit_and_trumps() -> None:
    state = kiksas_state(S, ["♦K ♦9", "♥A ♣10", "♦J ♦Q", "♦10 ♦A"], A_, first_lead=False)
    play(state, "♦K", [A_])
    assert legal(state) == ids("♥A ♣10")


def test_trumping_is_compulsory_over_a_winning_partner() -> None:
    hands = ["♥A ♥9", "♥J ♦9", "♣9 ♠A", "♥K ♦J"]
    state = kiksas_state(C, hands, A_, first_lead=False)
    play(state, "♥A ♥J", [A_, B_])
    assert legal(state) == ids("♣9")  # A (partner) is winning; C must still trump


def test_partner_exemption() -> None:
    hands = ["♥A ♥9", "♥J ♦9", "♣9 ♠A", "♥K ♦J"]
    state = kiksas_state(C, hands, A_, first_lead=False, partner_exemption=True)
    play(state, "♥A ♥J", [A_, B_])
    assert legal(state) == ids("♣9 ♠A")
    # An opponent winning: the duty returns.
    hands = ["♥9 ♥A", "♥K ♦9", "♣9 ♠A", "♥J ♦J"]
    state = kiksas_state(C, hands, A_, first_lead=False, partner_exemption=True)
    play(state, "♥9 ♥K", [A_, B_])
    assert legal(state) == ids("♣9")


def test_must_head_in_suit() -> None:
    hands = ["♥K ♥9", "♥A ♥J", "♣9 ♠A", "♦K ♦J"]
    state = kiksas_state(C, hands, A_, first_lead=False, must_head_in_suit=True)
    play(state, "♥K", [A_])
    assert legal(state) == ids("♥A")
    # Trumps led are a led suit too.
    hands = ["♣K ♥9", "♣A ♣J", "♣9 ♠A", "♦K ♦J"]
    state = kiksas_state(C, hands, A_, first_lead=False, must_head_in_suit=True)
    play(state, "♣K", [A_])
    assert legal(state) == ids("♣A")
    # No card heads the trick: any card of the suit.
    hands = ["♥A ♥9", "♥K ♥J", "♣9 ♠A", "♦K ♦J"]
    state = kiksas_state(C, hands, A_, first_lead=False, must_head_in_suit=True)
    play(state, "♥A", [A_])
    assert legal(state) == ids("♥K ♥J")


def test_must_overtrump_on_a_trump_lead() -> None:
    hands = ["♣K ♥9", "♣A ♣J", "♣9 ♠A", "♦K ♦J"]
    state = kiksas_state(C, hands, A_, first_lead=False)
    play(state, "♣K", [A_])
    assert legal(state) == ids("♣A ♣J")
    state = kiksas_state(C, hands, A_, first_lead=False, must_overtrump=True)
    play(state, "♣K", [A_])
    assert legal(state) == ids("♣A")


def test_e13_queen_is_ordinary_without_trumps() -> None:
    # Akis (b) by D: B sits out, D leads every trick, play order D, A, C.
    state = kiksas_state(-1, ["♠K ♥J", "", "♠J ♥Q", "♠Q ♥9"], D_, active=0b1101, fixed_leader=D_)
    play(state, "♠Q ♠K ♠J", [D_, A_, C_])
    assert state.trick_records()[0].winner == A_
    assert state.to_move == D_  # the Akis player leads again
    ctx = context(akis=_core.AkisKind.NO_TRUMPS_ALL, akis_side=1)
    result = _core.kiksas_evaluate(state, ctx)
    assert result.outcome == Outcome.AKIS_FAILED and result.over
    assert (result.figure_side, result.figure_kind, result.figure_count) == (1, Figure.CROSS, 1)


# --- §2.6: the trump-count announcement -----------------------------------------------------


def test_e14_partner_adds() -> None:
    hands = [
        "♣Q ♣K ♠9 ♠J ♠Q ♠K",
        "♣9 ♣J ♠10 ♠A ♥9 ♥J",
        "♣A ♣10 ♥Q ♥K ♥A ♦9",
        "♥10 ♦J ♦Q ♦K ♦10 ♦A",
    ]
    state = kiksas_state(C, hands, A_)
    play(state, "♣Q ♣9 ♣A ♥10", [A_, B_, C_, D_])
    record = state.trick_records()[0]
    assert (record.winner, record.points) == (A_, 32)
    tc = _core.kiksas_trump_count(state, C_)
    assert (tc.announced, tc.partner, tc.partner_trumps, tc.total) == (4, C_, 1, 5)
    # The count is the same when asked later in the deal.
    play(state, "♠9 ♠10 ♣10 ♦J", [A_, B_, C_, D_])
    assert _core.kiksas_trump_count(state, C_).total == 5


def test_trump_count_bad_input() -> None:
    state = kiksas_state(C, E2_HANDS, C_)
    with pytest.raises(ValueError, match="after trick 1"):
        _core.kiksas_trump_count(state, A_)
    play(state, "♣Q ♣K ♠9 ♠K", [C_, D_, A_, B_])
    with pytest.raises(ValueError, match="partner"):
        _core.kiksas_trump_count(state, C_)


# --- §3.7: the writing-off race -------------------------------------------------------------

E16_HANDS = [
    "♠K ♥K ♦A ♦K ♣J ♣9",
    "♠10 ♠Q ♠J ♦10 ♦Q ♦J",
    "♠A ♥A ♥10 ♣10 ♣K ♣Q",
    "♠9 ♥Q ♥J ♥9 ♦9 ♣A",
]
E16_TRICKS = [
    ("♥Q ♥K ♠J ♥10", [D_, A_, B_, C_], D_, 27),
    ("♥J ♦K ♦J ♥A", [D_, A_, B_, C_], C_, 19),
    ("♠A ♠9 ♠K ♠10", [C_, D_, A_, B_], C_, 25),
    ("♣10 ♣A ♣9 ♦10", [C_, D_, A_, B_], D_, 31),
    ("♦9 ♦A ♦Q ♣K", [D_, A_, B_, C_], A_, 18),
    ("♣J ♠Q ♣Q ♥9", [A_, B_, C_, D_], D_, 18),
]


@pytest.mark.parametrize("end_when_decided", [False, True])
def test_e16_both_pairs_end_on_target_first_to_reach_wins(end_when_decided: bool) -> None:
    state = kiksas_state(H, E16_HANDS, D_)
    ctx = context(
        type=WO, writing_side=0, targets=[62, 76], writing_off_end_when_decided=end_when_decided
    )
    for no, (trick, seats, winner, points) in enumerate(E16_TRICKS, 1):
        if no == 6:
            assert legal(state) == ids("♥9") or state.to_move != D_
        play(state, trick, seats)
        record = state.trick_records()[-1]
        assert (record.winner, record.points) == (winner, points)
        result = _core.kiksas_evaluate(state, ctx)
        assert result.decided == (no >= 5)
        assert result.over == (no == 6 or (end_when_decided and no == 5))
        if end_when_decided and no == 5:
            break
    assert result.reached_at[0] == 5
    assert result.race_winner == 0
    assert result.outcome == Outcome.RACE_WON
    assert (result.figure_side, result.figure_kind, result.figure_count) == (1, Figure.STROKE, 1)
    if not end_when_decided:
        assert list(result.points) == [62, 76] and result.reached_at[1] == 6
        assert sum(result.points) == 138
    # No Su dviem was possible: BD did not win tricks 1-3.


def test_e16_su_dviem_not_available() -> None:
    state = kiksas_state(H, E16_HANDS, D_)
    ctx = context(type=WO, writing_side=0, targets=[62, 76])
    for trick, seats, _, _ in E16_TRICKS[:3]:
        play(state, trick, seats)
    assert not _core.kiksas_su_dviem_available(state, ctx)


def test_e17_last_trick_bonus_counts_in_the_race() -> None:
    sides = [0, 1, 0, 1, 0, 0]
    points = [20, 30, 22, 36, 18, 2 + 10]
    after5 = evaluate_tricks(sides[:5], points[:5], type=WO, writing_side=0, targets=[70, 68])
    assert list(after5.points) == [60, 66] and after5.race_winner == -1
    result = evaluate_tricks(sides, points, type=WO, writing_side=0, targets=[70, 68])
    assert result.points[0] == 72 and result.race_winner == 0
    assert (result.figure_side, result.figure_kind) == (1, Figure.STROKE)
    with pytest.raises(ValueError, match="target"):  # without the bonus nobody reaches
        evaluate_tricks(sides, points[:5] + [2], type=WO, writing_side=0, targets=[70, 68])


E19_HANDS = [
    "♠J ♣9 ♠Q ♠A ♥A ♦Q",
    "♠K ♣10 ♣K ♠10 ♦J ♦10",
    "♦A ♣Q ♣J ♦K ♣A ♦9",
    "♥Q ♥9 ♥J ♠9 ♥10 ♥K",
]
E19_TRICKS = [
    ("♥Q ♥A ♠K ♦K", [D_, A_, B_, C_], D_, 30),
    ("♥J ♦Q ♣K ♣A", [D_, A_, B_, C_], D_, 20),
    ("♥K ♠J ♦J ♣Q", [D_, A_, B_, C_], D_, 11),
    ("♠9 ♠Q ♠10 ♣J", [D_, A_, B_, C_], B_, 15),
    ("♦10 ♦9 ♥9 ♣9", [B_, C_, D_, A_], D_, 10),
]
E19C_HANDS = [
    "♥K ♦9 ♣K ♣Q ♣A ♣J",
    "♥A ♠10 ♠A ♠J ♥9 ♠9",
    "♦A ♦10 ♦J ♠Q ♣9 ♦K",
    "♥10 ♥Q ♥J ♣10 ♦Q ♠K",
]
E19C_TRICKS = [
    ("♥Q ♥K ♥A ♦K", [D_, A_, B_, C_], D_, 30),
    ("♥10 ♦9 ♥9 ♦10", [D_, A_, B_, C_], D_, 20),
    ("♦Q ♣K ♠J ♦J", [D_, A_, B_, C_], D_, 11),
    ("♥J ♣J ♠A ♣9", [D_, A_, B_, C_], D_, 15),
    ("♠K ♣Q ♠9 ♠Q", [D_, A_, B_, C_], D_, 10),
]


def e19_state(hands: list[str], tricks: list[tuple[str, list[int], int, int]]) -> _core.PlayState:
    state = kiksas_state(H, hands, D_)
    for trick, seats, winner, points in tricks:
        play(state, trick, seats)
        record = state.trick_records()[-1]
        assert (record.winner, record.points) == (winner, points)
    return state


@pytest.mark.parametrize(("targets", "decline"), [([62, 76], 0), ([50, 88], 1)])
def test_e19_declining_the_last_lead(targets: list[int], decline: int) -> None:
    state = e19_state(E19_HANDS, E19_TRICKS)
    ctx = context(type=WO, writing_side=0, targets=targets)
    assert _core.kiksas_may_decline_last_lead(state, ctx)
    assert state.to_move == D_
    # (a) decline: no trick 6 and no bonus.
    declined = context(type=WO, writing_side=0, targets=targets, last_lead_declined=True)
    result = _core.kiksas_evaluate(state, declined)
    assert result.over and list(result.points) == [0, 86]
    assert (result.figure_side, result.figure_kind, result.figure_count) == (
        decline,
        Figure.STROKE,
        1,
    )
    assert result.outcome == (Outcome.RACE_WON if decline == 0 else Outcome.CONCEDED)
    # (b) lead, BD wins trick 6: self-egg.
    play(state, "♥10 ♠A ♣10 ♦A", [D_, A_, B_, C_])
    result = _core.kiksas_evaluate(state, ctx)
    assert state.trick_records()[-1].points == 52 and list(result.points) == [0, 138]
    assert result.outcome == Outcome.SELF_EGG
    assert (result.figure_side, result.figure_kind, result.figure_count) == (1, Figure.EGG, 1)


@pytest.mark.parametrize(("targets", "race_winner"), [([62, 76], 1), ([50, 88], 0)])
def test_e19_case_c_ac_wins_trick_six(targets: list[int], race_winner: int) -> None:
    state = e19_state(E19C_HANDS, E19C_TRICKS)
    ctx = context(type=WO, writing_side=0, targets=targets)
    assert _core.kiksas_may_decline_last_lead(state, ctx)
    play(state, "♣10 ♣A ♠10 ♦A", [D_, A_, B_, C_])
    assert state.trick_records()[-1].winner == A_
    result = _core.kiksas_evaluate(state, ctx)
    assert list(result.points) == [52, 86]
    assert result.race_winner == race_winner and result.outcome == Outcome.RACE_WON
    assert (result.figure_side, result.figure_kind) == (1 - race_winner, Figure.STROKE)


def test_e19_su_dviem_available_after_trick_three_only() -> None:
    state = kiksas_state(H, E19_HANDS, D_)
    ctx = context(type=WO, writing_side=0, targets=[62, 76])
    for no, (trick, seats, _, _) in enumerate(E19_TRICKS, 1):
        play(state, trick, seats)
        assert _core.kiksas_su_dviem_available(state, ctx) == (no == 3)
        assert _core.kiksas_may_decline_last_lead(state, ctx) == (no == 5)
    writing = context(type=_core.KiksasDealType.WRITING, writing_side=1)
    assert not _core.kiksas_may_decline_last_lead(state, writing)
    # W (BD writing) may not decline: O = AC has won nothing.
    assert not _core.kiksas_may_decline_last_lead(
        state, context(type=WO, writing_side=1, targets=[76, 62])
    )


def test_e20_self_egg() -> None:
    # Dealer B, First C: AC (side 0) is O, BD writes.
    result = evaluate_tricks(
        [0] * 6, [30, 20, 20, 20, 20, 28], type=WO, writing_side=1, targets=[70, 68]
    )
    assert result.outcome == Outcome.SELF_EGG
    assert (result.figure_side, result.figure_kind, result.figure_count) == (0, Figure.EGG, 1)


def test_e21_su_dviem_succeeds() -> None:
    result = evaluate_tricks(
        [1] * 6, [30, 20, 20, 20, 20, 28], type=WO, writing_side=0, targets=[62, 76], su_dviem=True
    )
    assert result.outcome == Outcome.SU_DVIEM_MADE
    assert (result.figure_side, result.figure_kind, result.figure_count) == (0, Figure.STROKE, 2)


@pytest.mark.parametrize("end_when_decided", [False, True])
def test_e22_su_dviem_fails_though_target_reached(end_when_decided: bool) -> None:
    fields = dict(
        type=WO,
        writing_side=0,
        targets=[62, 76],
        su_dviem=True,
        writing_off_end_when_decided=end_when_decided,
    )
    after4 = evaluate_tricks([1, 1, 1, 1], [30, 25, 25, 10], **fields)
    assert after4.race_winner == 1 and not after4.decided and not after4.over
    result = evaluate_tricks([1, 1, 1, 1, 0], [30, 25, 25, 10, 12], **fields)
    assert result.outcome == Outcome.SU_DVIEM_FAILED and result.decided
    assert result.over == end_when_decided
    assert (result.figure_side, result.figure_kind, result.figure_count) == (1, Figure.STROKE, 2)
    final = evaluate_tricks([1, 1, 1, 1, 0, 1], [30, 25, 25, 10, 12, 36], **fields)
    assert final.outcome == Outcome.SU_DVIEM_FAILED and final.over


def test_e23_su_dviem_not_available() -> None:
    # (i) BD (O) loses trick 3 only: the race decides.
    result = evaluate_tricks(
        [1, 1, 0, 1, 1, 1], [30, 20, 20, 20, 20, 28], type=WO, writing_side=0, targets=[62, 76]
    )
    assert result.outcome == Outcome.RACE_WON and result.figure_side == 0
    with pytest.raises(ValueError, match="Su dviem"):
        evaluate_tricks(
            [1, 1, 0], [30, 20, 20], type=WO, writing_side=0, targets=[62, 76], su_dviem=True
        )
    # (ii) no Su dviem in a writing deal.
    with pytest.raises(ValueError, match="writing-off"):
        evaluate_tricks(
            [1, 1, 1],
            [30, 20, 20],
            type=_core.KiksasDealType.WRITING,
            writing_side=0,
            su_dviem=True,
        )


# --- §3.6: writing deals ----------------------------------------------------------------------


def test_writing_deal_results() -> None:
    writing = _core.KiksasDealType.WRITING
    egg = evaluate_tricks([0] * 6, [30, 20, 20, 20, 20, 28], type=writing, writing_side=0)
    assert egg.outcome == Outcome.WRITER_EGG
    assert (egg.figure_side, egg.figure_kind, egg.figure_count) == (1, Figure.EGG, 1)
    plain = evaluate_tricks([0, 1] * 3, [30, 20, 20, 20, 20, 28], type=writing, writing_side=0)
    assert plain.outcome == Outcome.WRITTEN and plain.figure_side == -1 and plain.over
    assert list(plain.points) == [70, 68]
    # D17: O sweeps a writing deal: nothing, or an egg to W under egg_to_W.
    sweep = evaluate_tricks([1] * 6, [30, 20, 20, 20, 20, 28], type=writing, writing_side=0)
    assert sweep.outcome == Outcome.WRITTEN
    sweep = evaluate_tricks(
        [1] * 6, [30, 20, 20, 20, 20, 28], type=writing, writing_side=0, sweep_egg_to_w=True
    )
    assert sweep.outcome == Outcome.WRITING_OFF_SWEEP
    assert (sweep.figure_side, sweep.figure_kind) == (0, Figure.EGG)
    partial = evaluate_tricks([0] * 5, [30, 20, 20, 20, 20], type=writing, writing_side=0)
    assert not partial.decided and not partial.over


# --- §3.8: Akis -------------------------------------------------------------------------------

E28_HANDS = [
    "♠Q ♠A ♠10 ♠9 ♦A ♦10",
    "♠K ♠J ♥A ♥10 ♥K ♣9",
    "",
    "♦9 ♦Q ♥9 ♣A ♣10 ♣K",
]


@pytest.mark.parametrize("play_out", [False, True])
def test_e28_akis_a_fails(play_out: bool) -> None:
    state = kiksas_state(S, E28_HANDS, A_, active=0b1011, fixed_leader=A_)
    assert legal(state) == ids("♠Q")  # E43: the forced lead of Akis (a)
    play(state, "♠Q", [A_])
    assert legal(state) == ids("♠K ♠J")
    play(state, "♠K", [B_])
    assert legal(state) == ids(E28_HANDS[3])  # D has no spade (the trump): any card
    play(state, "♥9", [D_])
    assert state.trick_records()[0].winner == A_
    ctx = context(akis=_core.AkisKind.OWN_TRUMPS, akis_side=0, akis_play_out=play_out)
    assert not _core.kiksas_evaluate(state, ctx).decided
    play(state, "♦A", [A_])
    assert legal(state) == ids("♠J")  # void in diamonds: must trump; hearts are plain
    play(state, "♠J", [B_])
    assert legal(state) == ids("♦9 ♦Q")
    play(state, "♦9", [D_])
    assert state.trick_records()[1].winner == B_
    result = _core.kiksas_evaluate(state, ctx)
    assert result.outcome == Outcome.AKIS_FAILED and result.over == (not play_out)
    assert (result.figure_side, result.figure_kind, result.figure_count) == (0, Figure.CROSS, 1)


def test_e29_akis_succeeds() -> None:
    ctx = dict(
        type=WO, writing_side=0, targets=[62, 76], akis=_core.AkisKind.NO_TRUMPS_ALL, akis_side=0
    )
    result = evaluate_tricks([0] * 6, [10] * 6, **ctx)
    assert result.outcome == Outcome.AKIS_MADE and result.over
    assert (result.figure_side, result.figure_kind, result.figure_count) == (1, Figure.CROSS, 2)
    assert not evaluate_tricks([0] * 5, [10] * 5, **ctx).decided


def test_akis_c_take_none() -> None:
    ctx = dict(akis=_core.AkisKind.NO_TRUMPS_NONE, akis_side=1)
    made = evaluate_tricks([0] * 6, [10] * 6, **ctx)
    assert made.outcome == Outcome.AKIS_MADE and made.figure_side == 0
    failed = evaluate_tricks([0, 0, 1], [10] * 3, **ctx)
    assert failed.outcome == Outcome.AKIS_FAILED and failed.figure_side == 1 and failed.over


# --- §7.9: E41, E42, E43, E46, E47 ----------------------------------------------------------

E41_HANDS = [
    "♥Q ♥A ♥10 ♥K ♠A ♦A",
    "♣A ♣K ♠10 ♦J ♠9 ♦9",
    "♣10 ♦10 ♣Q ♣9 ♠J ♦Q",
    "♥9 ♥J ♣J ♠Q ♠K ♦K",
]
E41_TRICKS = [
    ("♥Q ♣A ♣10 ♥9", 32),
    ("♥A ♣K ♦10 ♥J", 27),
    ("♥10 ♠10 ♣Q ♣J", 25),
    ("♥K ♦J ♣9 ♠Q", 9),
    ("♠A ♠9 ♠J ♠K", 17),
    ("♦A ♦9 ♦Q ♦K", 28),
]


def run_e41(targets: list[int], **fields: object) -> list[_core.KiksasDealResult]:
    state = kiksas_state(H, E41_HANDS, A_)
    ctx = context(type=WO, writing_side=0, targets=targets, **fields)
    results = [_core.kiksas_evaluate(state, ctx)]
    for no, (trick, points) in enumerate(E41_TRICKS, 1):
        play(state, trick, [A_, B_, C_, D_])
        assert state.trick_records()[-1].points == points
        if no == 1:
            tc = _core.kiksas_trump_count(state, C_)
            assert (tc.announcer, tc.announced, tc.partner_trumps) == (A_, 5, 0)
        results.append(_core.kiksas_evaluate(state, ctx))
    return results


def test_e41_w_sweeps_but_o_target_is_zero() -> None:
    results = run_e41([138, 0])
    final = results[-1]
    assert list(final.reached_at) == [6, 0] and final.race_winner == 1
    assert list(final.points) == [138, 0]
    assert final.outcome == Outcome.RACE_WON
    assert (final.figure_side, final.figure_kind, final.figure_count) == (0, Figure.STROKE, 1)
    assert results[0].race_winner == 1  # reached before trick 1
    egg = run_e41([138, 0], sweep_egg_to_o=True)[-1]
    assert egg.outcome == Outcome.RACE_WON and egg.figure_side == 0
    early = run_e41([138, 0], writing_off_end_when_decided=True)
    assert [r.over for r in early] == [False, True, True, True, True, True, True]
    assert early[1].figure_side == 0 and early[1].figure_kind == Figure.STROKE
    both = run_e41([138, 0], writing_off_end_when_decided=True, sweep_egg_to_o=True)
    assert [r.over for r in both] == [False] * 6 + [True]
    assert both[-1].figure_side == 0 and both[-1].figure_kind == Figure.STROKE


def test_e42_early_end_under_egg_to_o() -> None:
    default = run_e41([62, 76])
    assert default[3].reached_at[0] == 3 and default[3].points[0] == 84
    assert (default[-1].figure_side, default[-1].figure_kind) == (1, Figure.STROKE)
    egg = run_e41([62, 76], sweep_egg_to_o=True)[-1]
    assert egg.outcome == Outcome.RACE_SWEEP_EGG
    assert (egg.figure_side, egg.figure_kind, egg.figure_count) == (1, Figure.EGG, 1)
    early = run_e41([62, 76], writing_off_end_when_decided=True)
    assert [r.over for r in early][:4] == [False, False, False, True]
    assert (early[3].figure_side, early[3].figure_kind) == (1, Figure.STROKE)
    both = run_e41([62, 76], writing_off_end_when_decided=True, sweep_egg_to_o=True)
    assert [r.over for r in both] == [False] * 6 + [True]
    assert (both[-1].figure_side, both[-1].figure_kind) == (1, Figure.EGG)


def test_e43_forced_first_lead() -> None:
    hands = ["♥Q ♥9 ♠A", "♣9 ♣J ♣K", "♦9 ♦J ♦K", "♠9 ♠J ♠K"]
    assert legal(kiksas_state(H, hands, A_)) == ids("♥Q")
    assert legal(kiksas_state(H, hands, A_, first_lead=False)) == ids("♥Q ♥9 ♠A")
    hands = ["♣Q ♣9 ♠A", "♥9 ♥J ♥K", "♦9 ♦J ♦K", "♠9 ♠J ♠K"]
    state = kiksas_state(C, hands, A_)
    assert legal(state) == ids("♣Q")
    play(state, "♣Q ♥9 ♦9 ♠9", [A_, B_, C_, D_])
    assert legal(state) == ids("♣9 ♠A")  # later leads are free


E5_HANDS = [
    "♠9 ♠J ♠Q ♥K ♥10 ♥A ♣9 ♣J",
    "♠K ♠10 ♠A ♦9 ♦J ♦Q ♣Q ♣K",
    "♥9 ♥J ♥Q ♦K ♦10 ♦A ♣10 ♣A",
]


def test_e46_trikiksis_announcement_by_the_active_player() -> None:
    state = kiksas_state(S, E5_HANDS, A_, sides=[0, 1, 1])
    assert state.total_tricks == 8 and state.trick_size == 3
    assert legal(state) == ids("♠Q")
    play(state, "♠Q", [A_])
    assert legal(state) == ids("♠K ♠10 ♠A")
    play(state, "♠A", [B_])
    assert legal(state) == ids(E5_HANDS[2])
    play(state, "♥9", [C_])
    record = state.trick_records()[0]
    assert (record.winner, record.points) == (A_, 22)
    tc = _core.kiksas_trump_count(state, -1)
    assert (tc.announced, tc.partner, tc.total) == (4, -1, 4)
    assert 6 - tc.total == 2


def test_e47_trikiksis_coalition_partner_adds() -> None:
    hands = [
        "♦A ♦10 ♠A ♠10 ♥A ♥10 ♣9 ♣J",
        "♦Q ♦K ♠K ♠Q ♥K ♥Q ♣A ♣10",
        "♦J ♦9 ♠J ♠9 ♥J ♥9 ♣K ♣Q",
    ]
    state = kiksas_state(D, hands, B_, sides=[0, 1, 1])
    play(state, "♦Q", [B_])
    assert legal(state) == ids("♦J ♦9")
    play(state, "♦9", [C_])
    assert legal(state) == ids("♦A ♦10")
    play(state, "♦10", [A_])
    record = state.trick_records()[0]
    assert (record.winner, record.points) == (B_, 21)
    tc = _core.kiksas_trump_count(state, C_)
    assert (tc.announced, tc.partner_trumps, tc.total) == (4, 1, 5)
    assert 6 - tc.total == 1


def test_trikiksis_race_over_eight_tricks() -> None:
    # E34: B (O, side 0) needs 54, the coalition A + C (side 1) needs 84.
    result = evaluate_tricks(
        [0, 1, 0, 0, 1, 1, 1, 1],
        [30, 10, 14, 12, 20, 20, 20, 12],
        total=8,
        type=WO,
        writing_side=1,
        targets=[54, 84],
    )
    assert result.race_winner == 0 and result.reached_at[0] == 4
    assert (result.figure_side, result.figure_kind, result.figure_count) == (1, Figure.STROKE, 1)
    made = evaluate_tricks(
        [0] * 8,
        [16] * 7 + [26],
        total=8,
        type=WO,
        writing_side=1,
        targets=[54, 84],
        su_dviem=True,
        su_dviem_made_strokes=1,
    )
    assert made.outcome == Outcome.SU_DVIEM_MADE and made.figure_count == 1


def test_evaluation_bad_input() -> None:
    with pytest.raises(ValueError, match="side"):
        evaluate_tricks([0], [10], type=WO, writing_side=2, targets=[62, 76])
    with pytest.raises(ValueError, match="declined"):
        evaluate_tricks(
            [1, 1, 1, 1],
            [10] * 4,
            type=WO,
            writing_side=0,
            targets=[62, 76],
            last_lead_declined=True,
        )
    with pytest.raises(ValueError, match="declined"):
        evaluate_tricks(
            [1] * 5,
            [10] * 5,
            type=_core.KiksasDealType.WRITING,
            writing_side=0,
            last_lead_declined=True,
        )
    with pytest.raises(ValueError):
        evaluate_tricks([0] * 7, [10] * 7, total=6)
    with pytest.raises(ValueError, match="0 or 1"):
        evaluate_tricks([2], [10])
