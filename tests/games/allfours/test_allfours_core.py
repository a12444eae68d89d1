"""The All Fours core: decks, the rules table, trick play, folding and the deal evaluation.

Every card-play and scoring example of docs/rules/allfours.md that needs no deal flow is here; the
deal flow, auction and match examples are in test_allfours.py.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tricktaker import _core
from tricktaker.cards import Card, Suit, cards_from_mask, mask_from_cards, parse_cards

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
FULL = _core.allfours_deck()
TEN_POINT = _core.allfours_deck(jokers=True)
SET_BACK = _core.allfours_deck(_core.SET_BACK_RANKS)
PAIRS = [0, 1, 0, 1]
Item = _core.AllFoursItem


def ids(text: str) -> list[int]:
    return [c.id for c in parse_cards(text)]


def names(mask: int) -> set[str]:
    return {str(c) for c in cards_from_mask(mask)}


def rules(trump: Suit, deck: int = FULL, **options: bool) -> _core.RulesTable:
    return _core.allfours_rules(int(trump), deck, **options)


def legal_facing(
    table: _core.RulesTable,
    trick: Sequence[tuple[int, str]],
    hand: str,
) -> set[str]:
    """The legal cards of ``hand`` for the next seat after ``trick`` ((seat, card) in order).

    Every seat starts with as many cards as ``hand``; the others get filler cards of suits that
    are neither trump nor led, so that the trick so far is playable as given.
    """
    mine = parse_cards(hand)
    used = {c for _, c in trick} | {str(c) for c in mine}
    led_suit = table.effective_suit(Card.parse(trick[0][1]).id)
    pool = [
        c
        for c in cards_from_mask(table.deck)
        if str(c) not in used and table.effective_suit(c.id) not in (-1, table.trump, led_suit)
    ]
    mover = (trick[-1][0] + 1) % 4
    played = dict(trick)
    hands = []
    for seat in range(4):
        if seat == mover:
            cards = list(mine)
        else:
            cards = [Card.parse(played[seat])] if seat in played else []
            while len(cards) < len(mine):
                cards.append(pool.pop())
        hands.append(mask_from_cards(cards))
    state = _core.PlayState(table, hands, PAIRS, trick[0][0])
    for seat, card in trick:
        assert state.to_move == seat
        state.play(Card.parse(card).id)
    assert state.to_move == mover
    return names(state.legal_moves())


def play_out(
    table: _core.RulesTable,
    hands: Sequence[str],
    leader: int,
    plays: str,
    sides: Sequence[int] = PAIRS,
    folding: bool = False,
) -> _core.PlayState:
    state = _core.PlayState(
        table,
        [mask_from_cards(parse_cards(h)) for h in hands],
        list(sides),
        leader,
        folding=folding,
    )
    for token in plays.split():
        if token == "fold":
            state.fold()
        else:
            state.play(Card.parse(token).id)
    return state


def awards(score: _core.AllFoursDealScore) -> list[tuple[str, int, int]]:
    return [(a.item.name, a.side, a.points) for a in score.awards]


# --- decks and the rules table -----------------------------------------------------------


def test_decks() -> None:
    assert bin(FULL).count("1") == 52
    assert bin(SET_BACK).count("1") == 28
    assert names(SET_BACK & mask_from_cards(parse_cards("AS KS QS JS TS 9S 2S"))) == names(
        mask_from_cards(parse_cards("AS KS QS JS TS 9S 2S"))
    )
    assert not SET_BACK & mask_from_cards(parse_cards("3S 8H 4D 5C"))
    assert bin(TEN_POINT).count("1") == 54
    assert TEN_POINT & Card.parse("RJ").mask and TEN_POINT & Card.parse("BJ").mask
    with pytest.raises(ValueError):
        _core.allfours_deck(0)


@pytest.mark.parametrize("deck", [FULL, SET_BACK, TEN_POINT])
def test_game_values_total_80(deck: int) -> None:
    """C4, X10: every deck totals 80 game values, with or without jick and jokers."""
    for jick in (False, True):
        table = rules(H, deck, jick=jick)
        assert sum(table.points(c.id) for c in cards_from_mask(deck)) == 80


def test_game_values() -> None:
    table = rules(H, TEN_POINT, jick=True)
    values = {
        c: table.points(Card.parse(c).id)
        for c in ["AS", "KD", "QC", "JH", "JD", "TS", "9S", "2C", "RJ", "BJ"]
    }
    assert values == {
        "AS": 4, "KD": 3, "QC": 2, "JH": 1, "JD": 1, "TS": 10, "9S": 0, "2C": 0, "RJ": 0, "BJ": 0,
    }  # fmt: skip


def test_full_trump_ladder_x3() -> None:
    table = rules(S, TEN_POINT, jick=True)
    ladder = [
        "AS",
        "KS",
        "QS",
        "JS",
        "JC",
        "RJ",
        "BJ",
        "TS",
        "9S",
        "8S",
        "7S",
        "6S",
        "5S",
        "4S",
        "3S",
        "2S",
    ]
    strengths = [table.strength(Card.parse(c).id) for c in ladder]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 16
    assert names(table.trump_cards) == set(ladder)
    # Without jick: A K Q J Joker-H Joker-L 10 .. 2; the clubs keep their jack.
    plain = rules(S, TEN_POINT)
    assert plain.effective_suit(Card.parse("JC").id) == int(C)
    order = ["AS", "KS", "QS", "JS", "RJ", "BJ", "TS", "2S"]
    values = [plain.strength(Card.parse(c).id) for c in order]
    assert values == sorted(values, reverse=True)
    # Set back with jick: A K Q J jick 10 9 2.
    sb = rules(S, SET_BACK, jick=True)
    assert names(sb.trump_cards) == set(["AS", "KS", "QS", "JS", "JC", "TS", "9S", "2S"])


def test_jick_leaves_its_suit_x1() -> None:
    """X1: the suit that lost its jack to the jick ranks A K Q 10 .. 2; with hearts trump, a
    player whose only diamond is J♦ is void in diamonds."""
    table = rules(H, jick=True)
    assert table.effective_suit(Card.parse("JD").id) == int(H)
    assert "JD" not in names(table.suit_cards(int(D)))
    # 5♦ led; the hand J♦ 9♠: void in diamonds, so any card (9♠ or the jick).
    assert legal_facing(table, [(1, "5D")], "JD 9S") == {"JD", "9S"}


@pytest.mark.parametrize(("trump", "jick"), [(S, "JC"), (C, "JS"), (H, "JD"), (D, "JH")])
def test_jick_identity_e37(trump: Suit, jick: str) -> None:
    """E37: the jick is the jack of the other suit of the same colour."""
    assert _core.jick_of(int(trump)) == Card.parse(jick).id


# --- trick play (C16-C18, V2, V4) ------------------------------------------------------------


def test_e1_follow_or_trump() -> None:
    assert legal_facing(rules(H), [(1, "7C")], "KC 3C 4H AS TD") == {"KC", "3C", "4H"}


def test_e2_void_anything() -> None:
    assert legal_facing(rules(H), [(1, "7C")], "9H AS 2D") == {"9H", "AS", "2D"}


def test_e4_trump_led_none_held() -> None:
    assert legal_facing(rules(H), [(1, "5H")], "AS KC") == {"AS", "KC"}


def test_e5_trick_winner_when_trumped() -> None:
    state = play_out(rules(S), ["AD 3C", "8D 4C", "KD 5C", "2S 6C"], 1, "8D KD 2S AD")
    record = state.trick_records()[0]
    assert record.winner == 3
    assert state.to_move == 3


@pytest.mark.parametrize(
    ("case", "trick", "hand", "default", "overtrump"),
    [
        ("a", [(1, "5C"), (2, "9H")], "2C QH 3H 4S", {"2C", "QH", "3H"}, {"QH", "2C"}),
        ("b", [(1, "8H")], "KH 4H AS", {"KH", "4H"}, {"KH"}),
        ("c", [(1, "8H")], "4H 2H AS", {"4H", "2H"}, {"4H", "2H"}),
        ("d", [(1, "5C"), (2, "9H")], "3H 4S", {"3H", "4S"}, {"4S"}),
        ("e", [(1, "5C"), (2, "9H")], "3H 2H", {"3H", "2H"}, {"3H", "2H"}),
    ],
)
def test_e7_must_overtrump(
    case: str,
    trick: list[tuple[int, str]],
    hand: str,
    default: set[str],
    overtrump: set[str],
) -> None:
    """E7 and E47's split: (a) (d) are no_undertrump cases, (b) a must_head_trump case."""
    assert legal_facing(rules(H), trick, hand) == default
    both = rules(H, no_undertrump=True, must_head_trump=True)
    assert legal_facing(both, trick, hand) == overtrump
    no_under = legal_facing(rules(H, no_undertrump=True), trick, hand)
    head = legal_facing(rules(H, must_head_trump=True), trick, hand)
    if case in ("a", "d"):
        assert no_under == overtrump and head == default
    elif case == "b":
        assert no_under == default and head == overtrump
    else:
        assert no_under == head == default == overtrump


def test_e47a_no_undertrump_partner_winning() -> None:
    trick = [(2, "5C"), (3, "9H"), (0, "6C")]
    assert legal_facing(rules(H), trick, "3H 7D") == {"3H", "7D"}
    assert legal_facing(rules(H, no_undertrump=True), trick, "3H 7D") == {"7D"}
    both = rules(H, no_undertrump=True, must_head_trump=True)
    assert legal_facing(both, trick, "3H 7D") == {"7D"}
    assert legal_facing(rules(H, must_head_trump=True), trick, "3H 7D") == {"3H", "7D"}


def test_e47b_head_trump_partner_winning() -> None:
    trick = [(1, "KH"), (2, "3H")]
    assert legal_facing(rules(H), trick, "AH 4H") == {"AH", "4H"}
    assert legal_facing(rules(H, no_undertrump=True), trick, "AH 4H") == {"AH", "4H"}
    assert legal_facing(rules(H, must_head_trump=True), trick, "AH 4H") == {"AH"}
    both = rules(H, no_undertrump=True, must_head_trump=True)
    assert legal_facing(both, trick, "AH 4H") == {"AH"}


def test_v4_no_jumping() -> None:
    table = rules(H, may_trump_when_able_to_follow=False)
    assert legal_facing(table, [(1, "7C")], "KC 3C 4H AS") == {"KC", "3C"}
    assert legal_facing(table, [(1, "7C")], "4H AS") == {"4H", "AS"}
    assert legal_facing(table, [(1, "7H")], "4H AS") == {"4H"}


def test_jokers_and_jick_follow_trump() -> None:
    """X4: jokers and the jick are trumps for following; a joker lead is a trump lead."""
    table = rules(S, TEN_POINT, jick=True)
    assert legal_facing(table, [(1, "BJ")], "JC 4D") == {"JC"}
    assert legal_facing(table, [(1, "4D")], "RJ 5D 6C") == {"RJ", "5D"}
    assert legal_facing(table, [(1, "5S")], "RJ JC 6C") == {"RJ", "JC"}


def test_e31_trick_winner_jick_and_joker() -> None:
    table = rules(S, TEN_POINT, jick=True)
    state = play_out(table, ["9S", "BJ", "TS", "JC"], 1, "BJ TS JC 9S")
    assert state.trick_records()[0].winner == 3


# --- folding (PV10) ----------------------------------------------------------------------------

E38_HANDS = [
    "AS KS 2H 3H 4H 5H",
    "4S 6S 6H 8H 9H TH",
    "5S 7S KH QH JH AH",
    "3S 8C 9D 5D 4C 7H",
]


def test_e38_fold_completes_trick() -> None:
    state = play_out(rules(S), E38_HANDS, 0, "AS 4S 5S 3S KS 6S 7S 8C", folding=True)
    assert state.to_move == 0 and state.can_fold()  # 2-5♥: no trump, no game value
    state.play(Card.parse("2H").id)
    state.play(Card.parse("6H").id)
    state.play(Card.parse("KH").id)
    assert state.to_move == 3 and state.can_fold()
    before = state.copy()
    state.fold()
    # S3 was last to play: the trick is complete with three cards; S2 won it with K♥.
    assert state.tricks_played == 3 and state.trick_size == 3
    assert state.trick_records()[2].winner == 2 and state.to_move == 2
    assert names(state.folded_cards(3)) == {"9D", "5D", "4C", "7H"}
    assert state.hand(3) == 0 and state.active == 0b0111
    # Play out: three-card tricks, S3 never moves again.
    while not state.is_terminal():
        assert state.to_move != 3
        state.play(state.legal_cards()[0])
    assert state.tricks_played == 6
    assert sum(state.tricks_won(p) for p in range(4)) == 6
    assert state.cards_won(3) == 0
    # Undo all the way back to before the fold.
    while state.cards_played > 11:
        state.undo()
    state.undo()  # the fold
    assert state.to_move == 3 and state.hand(3) == before.hand(3)
    assert state.trick() == before.trick() and state.active == 0b1111
    assert state.trick_size == 4 and state.tricks_played == 2


def test_e38_cannot_fold_with_game_value() -> None:
    hands = list(E38_HANDS)
    hands[3] = "3S 8C 9D 5D 4C TH"
    hands[1] = "4S 6S 6H 8H 9H 7H"
    state = play_out(rules(S), hands, 0, "AS 4S 5S 3S KS 6S 7S 8C 2H 6H KH", folding=True)
    assert state.to_move == 3 and not state.can_fold()
    with pytest.raises(ValueError, match="fold"):
        state.fold()


def test_fold_when_due_to_lead_passes_the_lead() -> None:
    state = play_out(rules(S), ["AS 5H", "KS 6H", "QS 7H", "2D 3C"], 3, "", folding=True)
    assert state.can_fold()
    state.fold()
    assert state.to_move == 0 and state.leader == 0 and state.trick_size == 3
    state.undo()
    assert state.to_move == 3 and state.leader == 3 and state.trick_size == 4


def test_fold_mid_trick_and_undo() -> None:
    state = play_out(rules(S), ["AS 5H", "2D 3C", "QS 7H", "KS 6H"], 0, "AS", folding=True)
    assert state.to_move == 1 and state.can_fold()
    state.fold()
    assert state.to_move == 2 and state.trick_size == 3
    state.play(Card.parse("QS").id)
    state.play(Card.parse("KS").id)
    assert state.tricks_played == 1 and state.trick_records()[0].winner == 0
    state.undo()
    state.undo()
    state.undo()
    assert state.to_move == 1 and state.trick_size == 4 and state.hand(1) != 0
    state.undo()
    assert state.cards_played == 0 and state.to_move == 0


def test_folding_off_by_default() -> None:
    state = play_out(rules(S), ["AS 5H", "KS 6H", "QS 7H", "2D 3C"], 3, "")
    assert not state.can_fold()
    with pytest.raises(ValueError, match="not allowed"):
        state.fold()


# --- deal evaluation ------------------------------------------------------------------------

E14_HANDS = [
    "KH 4H AS TC 3D 7S",
    "JH 9H KC QD 4S 2C",
    "2H TD KS 5C 6D 9S",
    "7H TS QC JD 8C 4D",
]
E14_PLAYS = "AS 4S 9S TS 3D QD 6D 4D JH 2H 7H KH 7S 2C KS JD TD 8C TC 9H KC 5C QC 4H"


def test_e14_complete_trinidad_deal() -> None:
    state = play_out(rules(H), E14_HANDS, 0, E14_PLAYS)
    winners = [r.winner for r in state.trick_records()]
    assert winners == [0, 1, 0, 2, 1, 0]
    assert [r.points for r in state.trick_records()] == [14, 2, 4, 4, 20, 5]
    score = _core.allfours_score(state, dealer=0)
    assert awards(score) == [("HIGH", 0, 1), ("LOW", 0, 1), ("JACK", 0, 3), ("GAME", 0, 1)]
    jack = score.awards[2]
    assert (jack.holder, jack.captor, jack.card) == (1, 0, Card.parse("JH").id)
    assert score.game_values == [27, 22]
    assert score.points == [6, 0] and score.score == [6, 0]


def test_jack_brought_home_scores_one() -> None:
    """T15: the holder side capturing its own jack scores 1 (here the partner wins it)."""
    state = play_out(rules(H), ["AH", "5C", "JH", "6C"], 2, "JH 6C AH 5C")
    score = _core.allfours_score(state, dealer=0)
    assert ("JACK", 0, 1) in awards(score)
    assert ("JACK", 0, 1) in awards(_core.allfours_score(state, dealer=0, hang_jack=False))


def test_e16_one_card_high_low_jack() -> None:
    state = play_out(rules(D), ["AC", "KC", "JD", "QC"], 0, "AC KC JD QC")
    assert state.trick_records()[0].winner == 2
    score = _core.allfours_score(state, dealer=0)
    assert awards(score) == [("HIGH", 0, 1), ("LOW", 0, 1), ("JACK", 0, 1), ("GAME", 0, 1)]


def test_e17a_game_tie_two_sides() -> None:
    hands = ["TS 2D", "2S TH", "AS TD", "TC AD"]
    state = play_out(rules(H), hands, 0, "TS 2S AS TC TD AD 2D TH")
    score = _core.allfours_score(state, dealer=0)
    assert score.game_values == [24, 24]
    assert [a for a in awards(score) if a[0] == "GAME"] == []
    # Option game_tie = non_dealer_side: the side without the dealer (S0) takes it.
    tie = _core.allfours_score(state, dealer=0, game_tie_non_dealer=True)
    assert ("GAME", 1, 1) in awards(tie)
    tie = _core.allfours_score(state, dealer=1, game_tie_non_dealer=True)
    assert ("GAME", 0, 1) in awards(tie)


E17_THREE = ["KS QC TD 4C TS", "QS 2C AD KC 2S", "AS AC KD 3C TC"]
E17_THREE_PLAYS = "KS QS AS AC QC 2C KD TD AD KC 3C 4C 2S TC TS"


def test_e17b_three_players_tied_maximum() -> None:
    state = play_out(rules(H), E17_THREE, 0, E17_THREE_PLAYS, sides=[0, 1, 2])
    score = _core.allfours_score(state, dealer=0)
    assert score.game_values == [20, 20, 15]
    assert awards(score) == []
    # game_tie = non_dealer_side is meaningful only with two sides.
    assert awards(_core.allfours_score(state, dealer=0, game_tie_non_dealer=True)) == []


def test_e17c_three_players_unique_maximum() -> None:
    hands = list(E17_THREE)
    hands[0] = "KS QC TD JC TS"
    plays = E17_THREE_PLAYS.replace("4C", "JC")
    state = play_out(rules(H), hands, 0, plays, sides=[0, 1, 2])
    score = _core.allfours_score(state, dealer=0)
    assert score.game_values == [20, 21, 15]
    assert awards(score) == [("GAME", 1, 1)]


def test_e17d_zero_zero() -> None:
    state = play_out(rules(H), ["2S", "3S", "4S", "5S"], 0, "2S 3S 4S 5S")
    assert awards(_core.allfours_score(state, dealer=0)) == []


def test_no_trump_in_play_no_high_low_jack() -> None:
    """C28: no trump in play, no High, Low or Jack."""
    state = play_out(rules(H), ["AS", "3S", "4S", "5S"], 0, "AS 3S 4S 5S")
    assert awards(_core.allfours_score(state, dealer=0)) == [("GAME", 0, 1)]


def test_e29_low_holder_or_captor() -> None:
    state = play_out(rules(C), ["AC", "2C", "3D", "4D"], 1, "2C 3D 4D AC")
    assert ("LOW", 1, 1) in awards(_core.allfours_score(state, dealer=0, hang_jack=False))
    assert ("LOW", 0, 1) in awards(
        _core.allfours_score(state, dealer=0, hang_jack=False, low_to_captor=True)
    )


TEN = {"jick": True, "jokers": True, "trey": True, "hang_jack": False}


def test_e32_ten_point_scoring() -> None:
    table = rules(H, TEN_POINT, jick=True)
    hands = ["KH 4C RJ KS TD", "BJ KC AH TS QC", "3H JH 5C AS QD", "2H JD 6C QS AD"]
    plays = "KH BJ 3H 2H 4C KC JH JD 5C 6C RJ AH TS AS QS KS QD AD TD QC"
    state = play_out(table, hands, 0, plays)
    score = _core.allfours_score(state, dealer=3, bidding_side=0, bid=6, **TEN)
    assert awards(score) == [
        ("HIGH", 1, 1),
        ("LOW", 1, 1),
        ("JACK", 0, 1),
        ("JICK", 0, 1),
        ("JOKER_HIGH", 1, 1),
        ("JOKER_LOW", 0, 1),
        ("TREY", 0, 3),
        ("GAME", 0, 1),
    ]
    assert score.game_values == [27, 22]
    assert score.points == [7, 3] and score.made and score.score == [7, 3]
    assert _core.allfours_max_points(jick=True, jokers=True, trey=True) == 10
    set_back = _core.allfours_score(state, dealer=3, bidding_side=0, bid=8, **TEN)
    assert not set_back.made and set_back.score == [-8, 3]


def test_e43_trey_that_is_also_low() -> None:
    table = rules(S, TEN_POINT, jick=True)
    state = play_out(table, ["AS", "3S", "4D", "5D"], 1, "3S 4D 5D AS")
    score = _core.allfours_score(state, dealer=0, **TEN)
    assert ("LOW", 1, 1) in awards(score) and ("TREY", 0, 3) in awards(score)
    captor = _core.allfours_score(state, dealer=0, low_to_captor=True, **TEN)
    assert ("LOW", 0, 1) in awards(captor) and ("TREY", 0, 3) in awards(captor)
    assert captor.points[0] == 1 + 1 + 3 + 1  # High, Low, trey, Game


def test_e35_five_point_setback_scoring() -> None:
    table = rules(S, SET_BACK, jick=True)
    hands = [
        "9S QS AH AD AC 9C",
        "TS JS KH KD KC TC",
        "JC 2D QH QD QC 2C",
        "AS 9D JH JD 2H 9H",
    ]
    plays = "9S TS JC AS 9D QS JS 2D AH KH QH JH AD KD QD JD AC KC QC 2H 9C TC 2C 9H"
    state = play_out(table, hands, 0, plays)
    score = _core.allfours_score(state, dealer=3, bidding_side=0, bid=3, hang_jack=False, jick=True)
    assert awards(score) == [
        ("HIGH", 1, 1),
        ("LOW", 0, 1),
        ("JACK", 0, 1),
        ("JICK", 1, 1),
        ("GAME", 0, 1),
    ]
    assert score.game_values == [32, 25]
    assert score.made and score.score == [3, 2]


def test_e25_contract_made_with_surplus() -> None:
    state = play_out(rules(H), ["AH", "2H", "JH", "5C"], 0, "AH 2H JH 5C")
    score = _core.allfours_score(state, dealer=3, bidding_side=0, bid=2, hang_jack=False)
    assert score.points == [3, 1] and score.made and score.score == [3, 1]


def test_e26_set_back() -> None:
    hands = ["AH 4D", "3H JH", "2H 5D", "5S AD"]
    state = play_out(rules(H), hands, 0, "AH 3H 2H 5S 4D JH 5D AD")
    score = _core.allfours_score(state, dealer=3, bidding_side=0, bid=3, hang_jack=False)
    assert awards(score) == [("HIGH", 0, 1), ("LOW", 0, 1), ("JACK", 1, 1), ("GAME", 1, 1)]
    assert not score.made and score.score == [-3, 2]


E33_HANDS = ["AH KS", "7H 2S", "2H 3S", "JH 4S"]
E33_PLAYS = "AH 7H 2H JH KS 2S 3S 4S"
MOON = {"hang_jack": False, "shoot_the_moon": True}


def test_e33_shoot_the_moon() -> None:
    state = play_out(rules(H), E33_HANDS, 0, E33_PLAYS)
    score = _core.allfours_score(state, dealer=0, bidding_side=0, bid=5, **MOON)
    assert awards(score) == [("MOON", 0, 5)] and score.moon_side == 0
    assert score.made and score.score == [5, 0]
    # Bid 4 and shot the moon: 5 >= 4.
    score = _core.allfours_score(state, dealer=0, bidding_side=0, bid=4, **MOON)
    assert score.made and score.score == [5, 0]


def test_e33_low_held_by_opponent_no_moon() -> None:
    hands = ["AH KS", "2H 2S", "7H 3S", "JH 4S"]
    state = play_out(rules(H), hands, 0, "AH 2H 7H JH KS 2S 3S 4S")
    score = _core.allfours_score(state, dealer=0, bidding_side=0, bid=5, **MOON)
    assert score.moon_side == -1 and score.all_tricks_side == 0
    assert score.points == [3, 1] and score.score == [-5, 1]


def test_e33_jack_not_dealt_no_moon() -> None:
    hands = ["AH KS", "7H 2S", "2H 3S", "5H 4S"]
    state = play_out(rules(H), hands, 0, "AH 7H 2H 5H KS 2S 3S 4S")
    score = _core.allfours_score(state, dealer=0, bidding_side=0, bid=5, **MOON)
    assert score.moon_side == -1 and score.points == [3, 0] and score.score == [-5, 0]


def test_e48_moon_only_when_bid() -> None:
    state = play_out(rules(H), E33_HANDS, 0, E33_PLAYS)
    opts = dict(MOON, moon_requires_bid=True)
    bid5 = _core.allfours_score(state, dealer=0, bidding_side=0, bid=5, **opts)
    assert bid5.score == [5, 0] and bid5.moon_side == 0
    bid4 = _core.allfours_score(state, dealer=0, bidding_side=0, bid=4, **opts)
    assert bid4.score == [4, 0] and bid4.moon_side == -1
    other = _core.allfours_score(state, dealer=0, bidding_side=1, bid=2, **opts)
    assert other.score == [4, -2]
    default = _core.allfours_score(state, dealer=0, bidding_side=1, bid=2, **MOON)
    assert default.score == [5, -2]


def test_last_trick_and_five() -> None:
    hands = ["5H AS", "7H 2S", "2H 3S", "JH KS"]
    state = play_out(rules(H), hands, 0, "5H 7H 2H JH KS AS 2S 3S")
    score = _core.allfours_score(state, dealer=0, five=5, last_trick=True, hang_jack=False)
    assert ("FIVE", 1, 5) in awards(score)  # 5♥ captured by S3's J♥
    assert ("LAST", 0, 1) in awards(score)  # S0 won the last trick with A♠
    assert [a[0] for a in awards(score)] == ["HIGH", "LOW", "JACK", "FIVE", "LAST", "GAME"]
    assert _core.allfours_max_points(five=5, last_trick=True) == 10


def test_score_requires_finished_deal() -> None:
    state = play_out(rules(H), E33_HANDS, 0, "AH")
    with pytest.raises(RuntimeError, match="not finished"):
        _core.allfours_score(state, dealer=0)
    with pytest.raises(ValueError, match="five"):
        _core.allfours_score(play_out(rules(H), E33_HANDS, 0, E33_PLAYS), dealer=0, five=3)


def test_folded_cards_score_for_nobody() -> None:
    hands = ["AS 5H", "2D 3C", "QS 7H", "KS 6H"]
    state = play_out(rules(S), hands, 0, "AS fold QS KS 5H 7H 6H", folding=True)
    assert state.is_terminal()
    score = _core.allfours_score(state, dealer=3, hang_jack=False)
    assert score.game_values == [9, 0]
    assert all(a.holder != 1 and a.captor != 1 for a in score.awards)
