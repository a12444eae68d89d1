"""The worked examples of docs/rules/kirves.md §14 that go beyond a single trick: the cut, the
deal, the turned card, speaking, folding, pääköt, marks, escapes and tournament points."""

from __future__ import annotations

import pytest
from kirves_helpers import (
    A,
    B,
    C,
    D,
    E,
    F,
    build_deck,
    fill_hands,
    finish,
    game,
    legal,
)

import tricktaker as tt
from tricktaker.cards import Card, Suit
from tricktaker.games import kirves as K


def test_e13_dealing_order_and_turned_card_position() -> None:
    g = game(3)
    deal = g.new_deal(seed=11, dealer="C")
    assert (deal.cutter, deal.eldest) == (B, A)
    order = list(deal._deck)
    k = next(k for k in range(2, 53) if not K.is_always_trump(order[k - 1]))
    deal.apply(f"cut:{k}", seat=B)
    stock = order[k:] + order[:k]
    assert deal.dealt_cards(A) == [stock[i - 1] for i in (1, 4, 7, 10, 13)]
    assert deal.dealt_cards(B) == [stock[i - 1] for i in (2, 5, 8, 11, 14)]
    assert deal.dealt_cards(C) == [stock[i - 1] for i in (3, 6, 9, 12, 15)]
    assert deal.turned_card == stock[15]  # position 16 = 5*3 + 1
    assert deal.cut_shown == order[k - 1]


def e14_deal(turned: str = "4S", **options: object) -> K.KirvesDeal:
    """E14: 4 participants, dealer C, cutter B, eldest D; marks A 1; B lifts 20 and finds the
    diamond jack with the seven of clubs above it."""
    g = game(4, **options)  # type: ignore[arg-type]
    hands = fill_hands(4, {}, exclude=f"7C {turned}")
    deck = build_deck([D, A, B, C], hands, turned, 20, cut_jack="JD", angel="7C")
    deal = g.new_deal(seed=1, dealer="C", marks=[1, 0, 0, 0], deck=deck)
    deal.apply("cut:20")
    return deal


def test_e14_valid_cut_jack() -> None:
    deal = e14_deal()
    assert deal.cut_jack == Card.parse("JD") and deal.angel_card == Card.parse("7C")
    assert deal.cut_marks == [1, 0, 0, 1]  # A and D; B and C none
    assert Card.parse("JD") in deal.hand(B) and len(deal.hand(B)) == 6
    # C must take the turned 4S: trump spades, no speaking.
    assert deal.turned_taken and deal.trump == Suit.SPADES and deal.kind == K.CUT_JACK
    assert deal.phase == K.DISCARD and deal.to_move == B
    assert "discard:JD" not in legal(deal)
    assert len(legal(deal)) == 5
    deal.apply(legal(deal)[0])
    assert deal.to_move == C and "discard:4S" not in legal(deal)
    deal.apply(legal(deal)[0])
    assert all(len(deal.hand(p)) == 5 for p in range(4))
    # Folding order: B, C (principals), then D, A.
    order = []
    while deal.phase == K.FOLDING:
        order.append(deal.to_move)
        deal.apply("stay")
    assert order == [B, C, D, A]
    assert deal.phase == K.PLAY and deal.to_move == D


def test_e14_stock_positions() -> None:
    g = game(4)
    hands = fill_hands(4, {}, exclude="7C 4S")
    deck = build_deck([D, A, B, C], hands, "4S", 20, cut_jack="JD", angel="7C")
    deal = g.new_deal(seed=1, dealer="C", deck=deck)
    deal.apply("cut:20")
    # Dealing 5 each from D gives away old positions 21..40; the turned card is old 41.
    dealt = [deck[i - 1] for i in range(21, 41)]
    seats = [D, A, B, C]
    for i, card in enumerate(dealt):
        assert str(deal.dealt_cards(seats[i % 4])[i // 4]) == card
    assert str(deal.turned_card) == deck[40] == "4S"


def e14_hands(strong: int, turned: str = "4S") -> list[list[str] | None]:
    """E14 hands where `strong` holds RJ, BJ, JS, JH (the club jack is undealt)."""
    given = {strong: "RJ BJ JS JH AD"}
    return fill_hands(4, given, exclude=turned)


@pytest.mark.parametrize(
    ("winner", "marks", "points", "points_both"),
    [
        (B, [1, 1, 0, 1], [0, 0, 0, 0], [0, 1, 0, 0]),
        (C, [1, 0, 1, 1], [0, 0, 1, 0], [0, 0, 1, 0]),
        (A, [1, 0, 0, 1], [0, 0, 0, 0], [0, 0, 0, 0]),
        (D, [1, 0, 0, 1], [0, 0, 0, 0], [0, 0, 0, 0]),
    ],
)
def test_e14_and_e31g_cut_jack_outcomes(
    winner: int, marks: list[int], points: list[int], points_both: list[int]
) -> None:
    for recipients, expected_points in (
        ("dealer_only", points),
        ("cutter_and_dealer", points_both),
    ):
        g = game(4, tournament_scoring=True, forced_bonus_recipients=recipients)
        hands = e14_hands(winner)
        cut_jack = "JD"
        deal = g.new_deal(dealer="C", hands=hands, turned="4S", cut_jack=cut_jack)
        finish(deal, strong=(winner,))
        r = deal.result()
        assert r is not None and r.outcome == K.PLAYED and r.winner == winner
        # The result's marks are this deal's: cut marks for A and D plus the play's.
        assert list(r.marks) == marks
        assert list(r.points) == expected_points


def test_e16_misdeal_voids_the_cut_marks() -> None:
    deal = e14_deal(misdeal_action_enabled=True)
    assert deal.cut_marks == [1, 0, 0, 1]
    assert "misdeal" in legal(deal)
    deal.apply("misdeal")
    r = deal.result()
    assert r is not None and r.outcome == K.MISDEAL
    assert list(r.marks) == [0, 0, 0, 0]
    assert r.same_dealer_next and not r.next_cut_examined
    # The redeal: same dealer, an unexamined cut; a jack at the bottom has no effect.
    g = game(4, misdeal_action_enabled=True)
    hands = fill_hands(4, {}, exclude="7C 4S")
    deck = build_deck([D, A, B, C], hands, "4S", 20, cut_jack="JD", angel="7C")
    redeal = g.new_deal(seed=1, dealer="C", marks=[1, 0, 0, 0], deck=deck, examined_cut=False)
    redeal.apply("cut:20")
    assert redeal.cut_jack is None and redeal.cut_shown is None
    assert redeal.cut_marks == [0, 0, 0, 0]
    assert "misdeal" not in legal(game(4).new_deal(seed=1))


def test_misdeal_in_a_match_redeals_with_same_dealer_unexamined() -> None:
    g = game(4, misdeal_action_enabled=True, first_dealer="C")
    m = g.new_match(seed=5, marks=[1, 0, 0, 0])
    deal = m.deal
    order = deal._deck
    k = next(
        k
        for k in range(3, 53)
        if K.is_always_trump(order[k - 1]) and not K.is_always_trump(order[k - 2])
    )
    m.apply(f"cut:{k}")
    assert m.deal.cut_jack is not None and m.deal.cut_marks == [1, 0, 0, 1]
    m.apply("misdeal")
    assert m.deal is not deal and m.deal.dealer == C and not m.deal.examined_cut
    assert m.marks == [1, 0, 0, 0]


@pytest.mark.parametrize(
    ("turned", "trump"), [("BJ", Suit.SPADES), ("RJ", Suit.HEARTS), ("JH", Suit.HEARTS)]
)
def test_e17_forced_trump(turned: str, trump: Suit) -> None:
    g = game(4)
    deal = g.new_deal(dealer="C", hands=fill_hands(4, {}), turned=turned)
    assert deal.turned_taken and deal.forced and deal.trump == trump
    assert deal.trump_maker == C and deal.kind == K.NORMAL
    assert deal.phase == K.DISCARD and deal.to_move == C
    assert f"discard:{turned}" not in legal(deal)
    deal.apply(legal(deal)[0])
    assert deal.phase == K.FOLDING  # no speaking
    assert Card.parse(turned) in deal.hand(C)
    if turned == "JH":
        assert deal.play_state is not None
        finish(deal)
        assert deal.play_state().rules.strength(Card.parse("JH").id) == 14


def test_e17_forced_trump_outcomes_and_e31e() -> None:
    for n in (4, 2):
        g = game(n, tournament_scoring=True)
        dealer = C if n == 4 else B
        hands = fill_hands(n, {dealer: "RJ JS JH AS KS"})
        deal = g.new_deal(dealer=dealer, hands=hands, turned="BJ")
        finish(deal, strong=(dealer,))
        r = deal.result()
        assert r is not None and r.winner == dealer
        assert r.marks[dealer] == 1 and sum(r.marks) == 1
        assert r.points[dealer] == 1  # forced, +1 even with 2 participants (E31e)
    # C loses: every non-folded one of D, A, B gets a mark; no points (E31f).
    g = game(4, tournament_scoring=True)
    hands = fill_hands(4, {A: "RJ JS JH JD AS"})
    deal = g.new_deal(dealer="C", hands=hands, turned="BJ")
    finish(deal, strong=(A,), fold=(B,))
    r = deal.result()
    assert r is not None and r.winner == A and r.folded == (B,)
    assert list(r.marks) == [1, 0, 0, 1] and list(r.points) == [0, 0, 0, 0]


def test_e19_cut_jack_overrides_the_ace_options() -> None:
    deal = e14_deal(turned="AH", tournament_scoring=True)
    assert deal.turned_taken and deal.trump == Suit.HEARTS and deal.phase == K.DISCARD
    g = game(4, tournament_scoring=True)
    deal = g.new_deal(dealer="C", hands=e14_hands(C, "AH"), turned="AH", cut_jack="JD")
    assert deal.phase == K.DISCARD
    finish(deal, strong=(C,))
    r = deal.result()
    assert r is not None and r.winner == C and r.points[C] == 1  # forced +1, not +2


def test_turned_ace_and_two_dealer_options() -> None:
    g = game(4, tournament_scoring=True)
    hands = fill_hands(4, {D: "RJ BJ JS JH KD"}, exclude="2D AC")
    deal = g.new_deal(dealer="D", hands=hands, turned="2D")
    assert deal.phase == K.TURNED_CARD and legal(deal) == ["take_blind", "peek"]
    obs = deal.observation(D)
    assert obs["hand"] == [] and obs["hand_hidden"]  # he has not looked at his cards
    deal.apply("peek")
    assert [str(c) for c in deal.peeked] == ["RJ", "BJ", "JS"]  # the first 3 dealt to him
    assert sorted(deal.observation(D)["hand"]) == ["BJ", "JS", "RJ"]
    assert deal.observation(A)["peeked"] == []
    assert legal(deal) == ["take", "leave"]
    deal.apply("take")
    assert deal.trump == Suit.DIAMONDS and deal.voluntary and deal.trump_maker == D
    finish(deal, strong=(D,))
    r = deal.result()
    assert r is not None and r.winner == D and r.points[D] == 2  # E31(d)
    # An ace shows 2 cards; leave: the ace stays, speaking begins.
    deal = g.new_deal(dealer="D", hands=hands, turned="AC")
    deal.apply("peek")
    assert len(deal.peeked) == 2
    deal.apply("leave")
    assert deal.phase == K.SPEAKING and deal.to_move == A and not deal.turned_taken
    # Take blind (E31 d).
    deal = g.new_deal(dealer="D", hands=hands, turned="2D")
    deal.apply("take_blind")
    assert deal.phase == K.DISCARD and deal.peeked == []


def speaking_deal(
    turned: str, given: dict[int, str], n: int = 4, **options: object
) -> K.KirvesDeal:
    g = game(n, **options)  # type: ignore[arg-type]
    suit = Card.parse(turned).suit
    assert suit is not None
    hands = fill_hands(n, given, exclude=turned, avoid_suits=suit.letter)
    return g.new_deal(dealer=n - 1, hands=hands, turned=turned)


def test_e20_change_vetoed() -> None:
    deal = speaking_deal("9H", {C: "KH"})
    deal.apply("pass", seat=A)
    deal.apply("change", seat=B)
    assert deal.phase == K.CHANGE_POLL and deal.to_move == C
    assert legal(deal) == ["consent", "veto"]
    deal.apply("veto")
    assert deal.trump == Suit.HEARTS and deal.trump_maker == C and deal.voluntary
    assert [p for p, _ in deal.calls] == [A, B, C]  # D and A are not asked
    assert deal.phase == K.FOLDING


def test_change_consented_and_suit_named() -> None:
    deal = speaking_deal("9H", {})
    deal.apply("pass")
    deal.apply("change")
    for seat in (C, D, A):  # everybody, including A who passed (D13)
        assert deal.to_move == seat and legal(deal) == ["consent"]  # no kiellonvara
        deal.apply("consent")
    assert deal.phase == K.CHOOSE_SUIT and deal.to_move == B
    assert legal(deal) == ["suit:S", "suit:D", "suit:C"]
    deal.apply("suit:C")
    assert deal.trump == Suit.CLUBS and deal.trump_maker == B
    # change_veto_scope = not_yet_spoken: A, who passed, is not asked.
    deal = speaking_deal("9H", {}, change_veto_scope="not_yet_spoken")
    deal.apply("pass")
    deal.apply("change")
    deal.apply("consent", seat=C)
    deal.apply("consent", seat=D)
    assert deal.phase == K.CHOOSE_SUIT
    # change_suit_announce = with_request: the suit comes with the request.
    deal = speaking_deal("9H", {}, change_suit_announce="with_request")
    assert "change" not in legal(deal) and "change:H" not in legal(deal)
    deal.apply("change:D")
    for _ in range(3):
        deal.apply("consent")
    assert deal.trump == Suit.DIAMONDS and deal.trump_maker == A and deal.phase == K.FOLDING


def test_e22_first_keep_ends_speaking() -> None:
    deal = speaking_deal("6D", {})
    deal.apply("pass")
    deal.apply("keep")
    assert deal.trump == Suit.DIAMONDS and deal.trump_maker == B
    assert [p for p, _ in deal.calls] == [A, B]
    assert deal.principals() == [B]
    finish(deal)
    r = deal.result()
    assert r is not None and r.kind == K.NORMAL and r.trump_maker == B
    history = deal.play_state().history()
    assert history[0][0] == A  # A leads to trick 1


def test_e23_everybody_passes() -> None:
    g = game(4, first_dealer="D")
    m = g.new_match(seed=3)
    deal = m.deal
    assert deal.dealer == D
    k = _plain_cut(deal)
    m.apply(f"cut:{k}")
    while m.phase == K.SPEAKING:
        m.apply("pass")
    r = m.results[-1]
    assert r.outcome == K.THROWN_IN and list(r.marks) == [0, 0, 0, 0]
    assert (m.deal.dealer, m.deal.cutter, m.deal.eldest) == (A, D, B)
    assert m.deal.examined_cut
    # all_pass_outcome = throw_in_same_dealer keeps the dealer.
    g = game(4, first_dealer="D", all_pass_outcome="throw_in_same_dealer")
    m = g.new_match(seed=3)
    m.apply(f"cut:{_plain_cut(m.deal)}")
    while m.phase == K.SPEAKING:
        m.apply("pass")
    assert m.results[-1].outcome == K.THROWN_IN and m.deal.dealer == D


def _plain_cut(deal: K.KirvesDeal) -> int:
    """A cut that turns an ordinary card and gives no cut jack and no pääköt."""
    for k in range(2, 53):
        trial = deal.clone()
        assert isinstance(trial, K.KirvesDeal)
        trial.apply(f"cut:{k}")
        if trial.phase == K.SPEAKING and trial.cut_jack is None:
            return k
    raise AssertionError("no plain cut")


def test_e25_direct_lead() -> None:
    deal = speaking_deal("6D", {A: "9C"})
    assert "9C" in legal(deal)
    deal.apply("9C")
    assert deal.trump == Suit.DIAMONDS and deal.trump_maker == A
    assert deal.phase == K.PLAY and deal.to_move == B
    assert deal.play_state().history() == [(A, Card.parse("9C").id)]
    assert "fold" not in legal(deal)
    # Only the eldest, and only as his call.
    deal = speaking_deal("6D", {A: "9C"})
    deal.apply("pass")
    assert not any(a.is_card for a in deal.legal_actions())
    # direct_lead_closes_folding = false: the others may fold first, then the card stands.
    deal = speaking_deal("6D", {A: "9C"}, direct_lead_closes_folding=False)
    deal.apply("9C")
    assert deal.phase == K.FOLDING and deal.to_move == B
    deal.apply("fold")
    deal.apply("stay")
    assert deal.to_move == D
    deal.apply("stay")
    assert deal.phase == K.PLAY and deal.to_move == C
    assert deal.play_state().history() == [(A, Card.parse("9C").id)]
    # direct_lead_allowed = false.
    deal = speaking_deal("6D", {A: "9C"}, direct_lead_allowed=False)
    assert not any(a.is_card for a in deal.legal_actions())


def e26_deal(**options: object) -> K.KirvesDeal:
    deal = speaking_deal("6D", {}, n=3, **options)
    assert deal.dealer == C and deal.eldest == A
    deal.apply("pass", seat=A)
    deal.apply("keep", seat=B)
    return deal


def test_e26_minimum_of_two_and_concession() -> None:
    deal = e26_deal()
    assert deal.to_move == B and legal(deal) == ["stay", "fold"]
    deal.apply("stay")
    assert deal.to_move == A
    deal.apply("fold")
    assert deal.to_move == C and legal(deal) == ["stay"]  # C may not fold
    deal.apply("stay")
    assert deal.phase == K.PLAY and deal.to_move == B  # A folded: B leads
    finish(deal, strong=(C,))
    # Case 2: B folds (concession): A and C get a mark each, no tricks.
    deal = e26_deal()
    deal.apply("fold")
    r = deal.result()
    assert r is not None and r.outcome == K.CONCESSION and r.conceded_by == B
    assert list(r.marks) == [1, 0, 1] and r.trick_winners == ()


def test_e26_case1_c_wins() -> None:
    g = game(3)
    hands = fill_hands(3, {C: "RJ BJ JS JH AD"}, exclude="6D")
    deal = g.new_deal(dealer="C", hands=hands, turned="6D")
    deal.apply("pass")
    deal.apply("keep")
    deal.apply("stay")
    deal.apply("fold")
    deal.apply("stay")
    finish(deal, strong=(C,))
    r = deal.result()
    assert r is not None and r.winner == C and list(r.marks) == [0, 0, 1]


def test_e28_paakot_declared_automatically() -> None:
    g = game(4)
    hands = fill_hands(4, {B: "RJ BJ JC 4H 6D"})
    deal = g.new_deal(dealer="D", hands=hands, turned="8S")
    r = deal.result()
    assert deal.is_over and r is not None and r.outcome == K.PAAKOT_DECLARED
    assert r.paakot_holder == B and list(r.marks) == [0, 1, 0, 0]
    assert not r.same_dealer_next and r.next_cut_examined
    assert deal.calls == []  # no speaking, folding or tricks
    # Variation: held by a cut-jack bystander (A, with a cut mark): no further mark.
    hands = fill_hands(4, {A: "RJ BJ JC 4H 6D"})
    deal = g.new_deal(dealer="C", hands=hands, turned="8S", cut_jack="JD")
    assert deal.phase == K.DISCARD
    finish(deal)
    r = deal.result()
    assert r is not None and r.outcome == K.PAAKOT_DECLARED and r.paakot_holder == A
    assert list(r.marks) == [1, 0, 0, 1]  # the cut marks only
    # paakot_mode = off: played normally.
    deal = game(4, paakot_mode="off").new_deal(
        dealer="D", hands=fill_hands(4, {B: "RJ BJ JC 4H 6D"}), turned="8S"
    )
    assert deal.phase == K.SPEAKING


def test_e28_manual_mode_void() -> None:
    g = game(4, paakot_mode="manual", tournament_scoring=True)
    hands = fill_hands(4, {B: "RJ BJ JC 4H 6D"}, exclude="8S")
    deal = g.new_deal(dealer="D", hands=hands, turned="8S")
    assert deal.phase == K.PAAKOT_ROUND
    for seat in (A, B, C, D):
        assert deal.to_move == seat
        assert legal(deal) == (["no", "declare"] if seat == B else ["no"])
        deal.apply("no")
    deal.apply("pass")
    assert "declare" in legal(deal)  # B's later chance, in place of his call
    deal.apply("keep")
    while deal.phase == K.FOLDING:
        deal.apply("stay")
    deal.apply(legal(deal)[0])  # A leads: the deal is void at once
    r = deal.result()
    assert r is not None and r.outcome == K.VOID and list(r.marks) == [0, 0, 0, 0]
    assert r.same_dealer_next and not r.next_cut_examined
    assert deal.state is not None and deal.state.cards_played == 0
    # unexamined_cut_after_void = false.
    g = game(4, paakot_mode="manual", unexamined_cut_after_void=False)
    deal = g.new_deal(dealer="D", hands=hands, turned="8S")
    for _ in range(4):
        deal.apply("no")
    deal.apply(legal(deal)[-1])  # a direct lead by A
    r = deal.result()
    assert r is not None and r.outcome == K.VOID and r.next_cut_examined


def test_e29_cut_mark_brings_a_player_to_three() -> None:
    g = game(4)
    hands = fill_hands(4, {C: "RJ BJ JS JH AD"}, exclude="5S")
    deal = g.new_deal(dealer="C", marks=[2, 1, 0, 1], hands=hands, turned="5S", cut_jack="JD")
    assert deal.cut_marks == [1, 0, 0, 1]  # A 3, D 2
    deal.apply(legal(deal)[0])
    deal.apply(legal(deal)[0])
    order = []
    while deal.phase == K.FOLDING:
        order.append(deal.to_move)
        deal.apply("stay")
    assert order == [B, C, D]  # A may not fold and is skipped
    finish(deal, strong=(C,))
    r = deal.result()
    assert r is not None and r.winner == C and list(r.marks) == [1, 0, 1, 1]
    # In a match: A escapes; the next deal is dealt by D, cut by C, and B is eldest.
    m = g.new_match(seed=1, dealer="C", marks=[2, 1, 0, 1])
    m.deal = g.new_deal(dealer="C", marks=[2, 1, 0, 1], hands=hands, turned="5S", cut_jack="JD")
    while m.deal is not None and m.results == []:
        if m.phase == K.PLAY:
            seat = m.to_move
            m.apply(_highest(m.deal) if seat == C else m.legal_actions()[0])
        else:
            m.apply("stay" if m.phase == K.FOLDING else m.legal_actions()[0])
    assert m.marks == [3, 1, 1, 2]
    assert m.active() == [B, C, D]
    assert (m.deal.dealer, m.deal.cutter, m.deal.eldest) == (D, C, B)
    assert m.deal.participants == (B, C, D)


def _highest(deal: K.KirvesDeal) -> str:
    from kirves_helpers import strength

    options = [a.card for a in deal.legal_actions() if a.card is not None]
    return str(max(options, key=lambda c: strength(deal, c)))


def test_e31_tournament_bonuses() -> None:
    # (a) 4 participants: B says "Tuosta vaan" and wins: +2 and a mark.
    deal = speaking_deal("6D", {B: "RJ BJ JS JH AC"}, tournament_scoring=True)
    deal.apply("pass")
    deal.apply("keep")
    finish(deal, strong=(B,))
    r = deal.result()
    assert r is not None and r.winner == B and r.points[B] == 2 and r.marks[B] == 1
    # (b) 3 participants, one of whom folded: +2.
    deal = speaking_deal("6D", {B: "RJ BJ JS JH AC"}, n=3, tournament_scoring=True)
    deal.apply("pass")
    deal.apply("keep")
    finish(deal, strong=(B,), fold=(A,))
    r = deal.result()
    assert r is not None and r.folded == (A,) and r.points[B] == 2
    # (c) only A and C are active: C says "Tuosta vaan" and wins: 0 points.
    g = game(4, tournament_scoring=True)
    hands = fill_hands(4, {C: "RJ BJ JS JH AC"}, participants=[A, C], exclude="6D")
    deal = g.new_deal(dealer="A", participants=["A", "C"], hands=hands, turned="6D")
    assert deal.eldest == C and deal.cutter == C
    deal.apply("keep")
    finish(deal, strong=(C,))
    r = deal.result()
    assert r is not None and r.winner == C and r.marks[C] == 1 and r.points[C] == 0
    # (f) the opposition beats the trump maker: marks only.
    deal = speaking_deal("6D", {C: "RJ BJ JS JH AC"}, tournament_scoring=True)
    deal.apply("keep")
    finish(deal, strong=(C,))
    r = deal.result()
    assert r is not None and r.winner == C and r.trump_maker == A
    assert list(r.marks) == [0, 1, 1, 1] and list(r.points) == [0, 0, 0, 0]


def test_e31_voluntary_minimum_option() -> None:
    g = game(4, tournament_scoring=True, voluntary_bonus_min_participants=2)
    hands = fill_hands(4, {C: "RJ BJ JS JH AC"}, participants=[A, C], exclude="6D")
    deal = g.new_deal(dealer="A", participants=["A", "C"], hands=hands, turned="6D")
    deal.apply("keep")
    finish(deal, strong=(C,))
    r = deal.result()
    assert r is not None and r.points[C] == 2


def test_e32_tie_break() -> None:
    x, y = 0, 1
    assert K.rank_players([3, 3], [0, 1], [2, 0]) == ((x,), (y,))
    assert K.rank_players([3, 3], [0, 0], [1, 2]) == ((x,), (y,))
    assert K.rank_players([3, 3], [0, 0], [1, 1]) == ((x, y),)
    assert K.rank_players([1, 3], [0, 0], [0, 0]) == ((y,), (x,))


def e34_deal(**options: object) -> K.KirvesDeal:
    deal = speaking_deal("9H", {}, **options)
    deal.apply("pass", seat=A)
    deal.apply("throw_in", seat=B)
    assert deal.phase == K.THROW_IN_POLL and deal.to_move == C
    deal.apply("consent", seat=C)
    deal.apply("refuse", seat=D)
    return deal


def test_e34_refused_throw_in_is_played_by_the_refuser() -> None:
    deal = e34_deal(tournament_scoring=True)
    assert deal.phase == K.SPEAKING and deal.to_move == C  # A is not asked
    assert "throw_in" not in legal(deal)
    deal.apply("pass")
    assert deal.to_move == D and "throw_in" not in legal(deal)
    deal.apply("pass")
    assert deal.trump == Suit.HEARTS and deal.trump_maker == D and deal.voluntary
    assert not deal.turned_taken
    order = []
    while deal.phase == K.FOLDING:
        order.append(deal.to_move)
        deal.apply("stay")
    assert order == [D, A, B, C]
    assert deal.to_move == A  # A leads


def test_e34_refuser_wins_two_points() -> None:
    g = game(4, tournament_scoring=True)
    hands = fill_hands(4, {D: "RJ BJ JS JH AC"}, exclude="9H", avoid_suits="H")
    deal = g.new_deal(dealer="D", hands=hands, turned="9H")
    for action in ("pass", "throw_in", "consent", "refuse", "pass", "pass"):
        deal.apply(action)
    finish(deal, strong=(D,))
    r = deal.result()
    assert r is not None and r.winner == D and r.points[D] == 2


def test_e34_variations() -> None:
    deal = e34_deal()
    deal.apply("keep")  # C
    assert deal.trump_maker == C and [p for p, c in deal.calls].count(D) == 1
    deal = e34_deal(refused_throw_in_fallback="free_for_all")
    deal.apply("pass")
    deal.apply("pass")
    assert deal.kind == K.FREE_FOR_ALL and deal.trump == Suit.HEARTS
    assert deal.trump_maker is None


def test_throw_in_accepted() -> None:
    deal = speaking_deal("9H", {})
    deal.apply("throw_in")
    for _ in range(3):
        deal.apply("consent")
    r = deal.result()
    assert r is not None and r.outcome == K.THROWN_IN and not r.same_dealer_next
    # The dealer proposes, somebody refuses: speaking ends; the refuser plays.
    deal = speaking_deal("9H", {})
    for action in ("pass", "pass", "pass", "throw_in", "consent", "refuse"):
        deal.apply(action)
    assert deal.trump_maker == B and deal.phase == K.FOLDING


def test_e35_third_mark_at_the_cut_must_play() -> None:
    g = game(4)
    hands = fill_hands(4, {}, exclude="5S")
    deal = g.new_deal(dealer="B", marks=[2, 0, 1, 2], hands=hands, turned="5S", cut_jack="JD")
    assert (deal.cutter, deal.eldest) == (A, C)
    assert deal.cut_marks == [0, 0, 1, 1]
    deal.apply(legal(deal)[0])
    deal.apply(legal(deal)[0])
    assert deal.phase == K.FOLDING and deal.to_move == A  # order A, B, then C; D skipped
    deal.apply("stay")
    deal.apply("stay")
    assert deal.to_move == C and "fold" in legal(deal)
    # A folds instead: the deal ends and B gets the mark.
    deal = g.new_deal(dealer="B", marks=[2, 0, 1, 2], hands=hands, turned="5S", cut_jack="JD")
    deal.apply(legal(deal)[0])
    deal.apply(legal(deal)[0])
    deal.apply("fold")
    r = deal.result()
    assert r is not None and r.outcome == K.CONCESSION
    assert list(r.marks) == [0, 1, 1, 1]
    # In a match: marks A 2, B 1, C 2, D 3; D escapes; next dealer C, cutter B, eldest A.
    m = g.new_match(seed=2, dealer="B", marks=[2, 0, 1, 2])
    m.deal = g.new_deal(dealer="B", marks=[2, 0, 1, 2], hands=hands, turned="5S", cut_jack="JD")
    m.apply(m.legal_actions()[0])
    m.apply(m.legal_actions()[0])
    m.apply("fold")
    assert m.marks == [2, 1, 2, 3]
    assert (m.deal.dealer, m.deal.cutter, m.deal.eldest) == (C, B, A)
    assert m.deal.participants == (A, B, C)


def e37_deal(**options: object) -> K.KirvesDeal:
    g = game(4, paakot_mode="manual", **options)  # type: ignore[arg-type]
    hands = fill_hands(4, {A: "9C", C: "RJ BJ JC 4H 8S"}, exclude="6D")
    deal = g.new_deal(dealer="D", hands=hands, turned="6D")
    assert deal.phase == K.PAAKOT_ROUND
    deal.apply("no", seat=A)
    deal.apply("no", seat=B)
    return deal


def test_e37_manual_paakot() -> None:
    deal = e37_deal()
    deal.apply("declare", seat=C)
    r = deal.result()
    assert r is not None and r.outcome == K.PAAKOT_DECLARED and list(r.marks) == [0, 0, 1, 0]
    assert not r.same_dealer_next
    # C says NO; A leads directly: void.
    deal = e37_deal()
    deal.apply("no", seat=C)
    deal.apply("no", seat=D)
    assert deal.phase == K.SPEAKING and "9C" in legal(deal)
    deal.apply("9C")
    r = deal.result()
    assert r is not None and r.outcome == K.VOID and r.same_dealer_next
    assert not r.next_cut_examined
    # A passes, B keeps; C may declare in place of his folding decision.
    deal = e37_deal()
    deal.apply("no", seat=C)
    deal.apply("no", seat=D)
    deal.apply("pass")
    assert "declare" not in legal(deal)
    deal.apply("keep")
    order = []
    while deal.phase == K.FOLDING:
        order.append(deal.to_move)
        if deal.to_move == C:
            assert legal(deal) == ["stay", "fold", "declare"]
            deal.apply("fold")
        else:
            deal.apply("stay")
    assert order == [B, A, C, D]
    deal.apply(legal(deal)[0])
    r = deal.result()
    assert r is not None and r.outcome == K.VOID  # even though he folded
    # Thrown in: not void.
    deal = e37_deal()
    deal.apply("no", seat=C)
    deal.apply("no", seat=D)
    deal.apply("throw_in")
    for _ in range(3):
        deal.apply("consent")
    r = deal.result()
    assert r is not None and r.outcome == K.THROWN_IN


def test_e38_trump_maker_who_may_not_fold() -> None:
    deal = e26_deal(principals_may_fold="cut_jack_only")
    assert deal.to_move == A  # B is skipped
    deal.apply("fold")
    assert deal.to_move == C and legal(deal) == ["stay"]
    deal.apply("stay")
    assert deal.phase == K.PLAY and deal.to_move == B
    g = game(4, principals_may_fold="cut_jack_only")
    deal = g.new_deal(dealer="C", hands=fill_hands(4, {}), turned="BJ")
    deal.apply(legal(deal)[0])
    assert deal.to_move == D  # C, the forced trump maker, is skipped
    deal = g.new_deal(dealer="C", hands=fill_hands(4, {}, exclude="5S"), turned="5S", cut_jack="JD")
    deal.apply(legal(deal)[0])
    deal.apply(legal(deal)[0])
    assert deal.to_move == B and "fold" in legal(deal)
    deal.apply("stay")
    assert deal.to_move == C and "fold" in legal(deal)
    # principals_may_fold = none: even cut-jack principals play.
    g = game(4, principals_may_fold="none")
    deal = g.new_deal(dealer="C", hands=fill_hands(4, {}, exclude="5S"), turned="5S", cut_jack="JD")
    deal.apply(legal(deal)[0])
    deal.apply(legal(deal)[0])
    assert deal.to_move == D


def test_folding_not_allowed() -> None:
    deal = e26_deal(folding_allowed=False)
    assert deal.phase == K.PLAY and deal.to_move == A


def test_e40_stop_when_decided_gives_the_same_marks() -> None:
    import random

    stopped = 0
    for seed in range(40):
        g_stop = game(4, stop_when_decided=True)
        g_full = game(4)
        rng = random.Random(seed)
        deal = g_stop.new_deal(seed=seed, dealer="D")
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        r = deal.result()
        assert r is not None
        if r.outcome != K.PLAYED:
            continue
        full = g_full.new_deal(seed=seed, dealer="D")
        full.replay(deal.log)
        finish(full, rng=rng)
        rf = full.result()
        assert rf is not None and rf.marks == r.marks and rf.winner == r.winner
        assert full.state is not None and full.state.tricks_played == 5
        assert deal.state is not None
        if deal.state.tricks_played < 5:
            stopped += 1
            assert K._core.kirves_decided(deal.state)
    assert stopped > 0


def test_e43_free_for_all() -> None:
    g = game(4, all_pass_outcome="free_for_all", tournament_scoring=True)
    hands = fill_hands(4, {B: "RJ BJ JS JH AD"}, exclude="8C")
    deal = g.new_deal(dealer="D", hands=hands, turned="8C")
    for _ in range(4):
        deal.apply("pass")
    assert deal.kind == K.FREE_FOR_ALL and deal.trump == Suit.CLUBS and deal.trump_maker is None
    order = []
    while deal.phase == K.FOLDING:
        order.append(deal.to_move)
        deal.apply("stay")
    assert order == [A, B, C, D]
    assert deal.to_move == A
    finish(deal, strong=(B,))
    r = deal.result()
    assert r is not None and r.winner == B
    assert list(r.marks) == [0, 1, 0, 0] and list(r.points) == [0, 0, 0, 0]


def test_e44_paakot_held_by_a_cut_jack_principal() -> None:
    g = game(4, tournament_scoring=True)
    hands = fill_hands(4, {C: "RJ BJ 5H 6H 7H"})
    deal = g.new_deal(dealer="C", marks=[1, 0, 0, 0], hands=hands, turned="JC", cut_jack="JD")
    assert deal.trump == Suit.CLUBS
    deal.apply(legal(deal)[0])  # B
    assert deal.to_move == C
    assert "discard:RJ" in legal(deal) and "discard:JC" not in legal(deal)
    deal.apply("discard:5H")
    r = deal.result()
    assert r is not None and r.outcome == K.PAAKOT_DECLARED and r.paakot_holder == C
    assert list(r.marks) == [1, 0, 1, 1] and list(r.points) == [0, 0, 0, 0]
    # Had he discarded a joker, there would be no pääköt.
    deal = g.new_deal(dealer="C", hands=hands, turned="JC", cut_jack="JD")
    deal.apply(legal(deal)[0])
    deal.apply("discard:RJ")
    assert deal.phase == K.FOLDING
    # Roles swapped: B holds the club jack as his cut jack, with RJ and BJ dealt.
    hands = fill_hands(4, {B: "RJ BJ 5H 6H 7H"}, exclude="4S")
    deal = g.new_deal(dealer="C", hands=hands, turned="4S", cut_jack="JC")
    deal.apply("discard:5H")
    deal.apply(legal(deal)[0])
    r = deal.result()
    assert r is not None and r.paakot_holder == B and list(r.marks) == [1, 1, 0, 1]


def test_saving_angel_and_stub_top() -> None:
    g = game(4)
    hands = fill_hands(4, {}, exclude="4S 5S 7C")
    deck = build_deck([D, A, B, C], hands, "4S", 20, cut_jack="JD", angel="BJ")
    second = build_deck([D, A, B, C], hands, "5S", 30)
    deal = g.new_deal(seed=1, dealer="C", deck=[deck, second])
    event = deal.apply("cut:20")
    assert event.detail["saving_angel"] and deal.phase == K.CUT and deal.to_move == B
    assert deal.cut_marks == [0, 0, 0, 0] and deal.saving_angels
    deal.apply("cut:30")
    assert deal.turned_card == Card.parse("5S") and deal.cut_jack is None
    # stub_top: the angel is the top of the table packet, the eldest's first card.
    g = game(4, angel_card_source="stub_top")
    deck = build_deck([D, A, B, C], hands, "4S", 20, cut_jack="JD", angel="7C")
    deal = g.new_deal(seed=1, dealer="C", deck=deck)
    stub_top = Card.parse(deck[20])
    deal.apply("cut:20")
    assert deal.cut_jack == Card.parse("JD") and deal.angel_card is None
    assert deal.hand(D)[0] == stub_top or stub_top in deal.hand(D)
    assert deal.observation(D)["angel_card"] == str(stub_top)
    assert "angel_card" not in deal.observation(A) or deal.observation(A)["angel_card"] is None


def test_keppi_and_kirves() -> None:
    # Two players left without 3 marks; B reaches 3: A gets a keppi and chooses the dealer.
    g = game(3, tournament_scoring=True)
    m = g.new_match(seed=4, dealer="A", marks=[0, 2, 3])
    assert m.deal.participants == (A, B)
    _finish_match_deal(m, winner_mark=B)
    assert m.phase == K.CHOOSE_DEALER and m.to_move == A
    assert m.keppis == [1, 0, 0] and m.points == [-5, 0, 0]
    assert m.marks == [0, 0, 0] and m.legs == 1
    assert legal(m)[:2] == ["dealer", "dealer:A"]
    m.apply("dealer:C")
    assert m.deal.dealer == C and m.deal.participants == (A, B, C)
    # A second keppi is the kirves: the game ends.
    m = g.new_match(seed=4, dealer="A", marks=[0, 2, 3], keppis=[1, 0, 0])
    _finish_match_deal(m, winner_mark=B)
    assert m.is_over and m.result().kirves == (A,)
    assert m.points == [-7, 0, 0]
    assert m.result().ranking == ((B, C), (A,))
    g = game(3, tournament_scoring=True, kirves_penalty_mode="add")
    m = g.new_match(seed=4, dealer="A", marks=[0, 2, 3], keppis=[1, 0, 0])
    _finish_match_deal(m, winner_mark=B)
    assert m.points == [-12, 0, 0]


def test_keppi_default_dealer() -> None:
    for mode, expected in (("self", A), ("next_clockwise", B)):
        g = game(3, keppi_holder_default_dealer=mode)
        m = g.new_match(seed=4, dealer="A", marks=[0, 2, 3])
        _finish_match_deal(m, winner_mark=B)
        m.apply("dealer")
        assert m.deal.dealer == expected


def test_session_of_games_kirves_holder_deals_first() -> None:
    g = game(3)
    m = g.new_match(seed=4, dealer="A", marks=[0, 2, 3], keppis=[1, 0, 0], games=2)
    _finish_match_deal(m, winner_mark=B)
    assert not m.is_over and m.game_index == 1 and m.deal.dealer == A
    assert m.keppis == [0, 0, 0] and m.keppis_total == [1, 0, 0] and m.kirves_total == [1, 0, 0]


def _finish_match_deal(m: K.KirvesMatch, winner_mark: int) -> None:
    """Replace the match's deal by one that `winner_mark` wins, and play it out."""
    g = m.game
    parts = list(m.deal.participants)
    other = next(p for p in parts if p != winner_mark)
    hands = fill_hands(
        g.num_players, {winner_mark: "RJ BJ JS JH AD"}, participants=parts, exclude="6D"
    )
    m.deal = g.new_deal(
        dealer=m.deal.dealer,
        participants=parts,
        marks=list(m.marks),
        keppis=list(m.keppis),
        hands=hands,
        turned="6D",
    )
    m.apply("keep", seat=m.deal.eldest)
    while m.results == [] or m.phase in (K.FOLDING, K.PLAY):
        if m.phase == K.PLAY:
            seat = m.to_move
            m.apply(_highest(m.deal) if seat == winner_mark else m.legal_actions()[0])
        elif m.phase == K.FOLDING:
            m.apply("stay")
        else:
            break
    assert m.results and m.results[-1].winner == winner_mark, (other, m.results)


def test_seat_letters_and_unused_constants() -> None:
    assert (E, F) == (4, 5)
    assert K.seat_index("e", 6) == E
    with pytest.raises(ValueError, match="not a seat"):
        K.seat_index("G", 6)
    assert tt.load("kirves", num_players=6).new_deal(seed=1).num_players == 6
