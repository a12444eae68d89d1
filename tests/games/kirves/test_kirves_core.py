"""Kirves in the core: the deck, the trump ladder, legal cards, trick winners and who wins the
deal. Every card-ranking, trick-winner, legal-card and who-wins-the-deal example of the spec
(docs/rules/kirves.md, section 14) is a test here."""

from __future__ import annotations

import itertools

import pytest

from tricktaker import _core
from tricktaker.cards import Card, cards_from_mask, mask_from_cards, parse_cards

S, H, D, C = 0, 1, 2, 3
A_, B_, C_, D_, E_, F_ = range(6)
NORMAL = _core.KirvesDealKind.NORMAL
CUT_JACK = _core.KirvesDealKind.CUT_JACK
FREE_FOR_ALL = _core.KirvesDealKind.FREE_FOR_ALL
Rule = _core.KirvesWinRule


def cid(text: str) -> int:
    return Card.parse(text).id


def names(mask: int) -> set[str]:
    return {str(c) for c in cards_from_mask(mask)}


def rules(trump: int, **options: bool) -> _core.RulesTable:
    return _core.kirves_rules(trump, **options)


def all_seats(n: int) -> int:
    return (1 << n) - 1


# --- deck and ranking (R1.1-R1.6) ------------------------------------------------------------


def test_deck_has_54_cards_and_six_always_trumps() -> None:
    deck = _core.kirves_deck()
    assert bin(deck).count("1") == 54
    assert names(_core.KIRVES_ALWAYS_TRUMPS) == {"JS", "JH", "JD", "JC", "RJ", "BJ"}
    assert names(_core.KIRVES_PAAKOT) == {"RJ", "BJ", "JC"}


@pytest.mark.parametrize("trump", [S, H, D, C])
def test_trump_ladder_has_18_cards_in_order(trump: int) -> None:
    t = rules(trump)
    letter = "SHDC"[trump]
    ladder = [r + letter for r in "23456789TQKA"] + ["JD", "JH", "JS", "JC", "BJ", "RJ"]
    assert names(t.trump_cards) == set(ladder)
    assert [t.strength(cid(c)) for c in ladder] == list(range(1, 19))
    assert [_core.kirves_trump_strength(cid(c), trump) for c in ladder] == list(range(1, 19))
    for card in ladder:
        assert t.effective_suit(cid(card)) == trump
    # R1.6: each other suit has 12 cards, 2..10 Q K A, without its jack.
    for s in range(4):
        if s == trump:
            continue
        plain = [r + "SHDC"[s] for r in "23456789TQKA"]
        assert names(t.suit_cards(s)) == set(plain)
        assert [t.strength(cid(c)) for c in plain] == list(range(1, 13))
        assert all(_core.kirves_trump_strength(cid(c), trump) == 0 for c in plain)
    assert all(t.points(c.id) == 0 for c in cards_from_mask(t.deck))


def test_named_suit_of_turned_card() -> None:
    # R3.3: RJ names hearts, BJ names spades, anything else its printed suit.
    assert _core.kirves_named_suit(cid("RJ")) == H
    assert _core.kirves_named_suit(cid("BJ")) == S
    assert _core.kirves_named_suit(cid("JD")) == D
    assert _core.kirves_named_suit(cid("7C")) == C


def test_rules_need_a_trump_suit() -> None:
    with pytest.raises(ValueError, match="suit 0..3"):
        _core.kirves_rules(-1)
    with pytest.raises(ValueError, match="suit 0..3"):
        _core.kirves_rules(4)


def test_policy_options() -> None:
    p = rules(S).policy
    assert p.void_trump == _core.VoidTrumpDuty.NEVER and not p.must_beat_trick
    p = rules(S, overtake_required=True, overtake_exempts_partner=True).policy
    assert p.must_beat_trick and p.must_beat_exempts_partner
    # overtake_exempts_partner means nothing without overtake_required.
    assert not rules(S, overtake_exempts_partner=True).policy.must_beat_exempts_partner
    assert rules(S, must_trump_when_void=True).policy.void_trump == _core.VoidTrumpDuty.ALWAYS


# --- tricks on a play state ------------------------------------------------------------------


def position(
    trump: int,
    played: list[str],
    hand: list[str],
    *,
    num_players: int = 4,
    trump_maker: int = A_,
    **options: bool,
) -> _core.PlayState:
    """A state where seat 0 led and seats 1.. played `played` (by any means) and the next seat
    holds `hand`; the other cards are fillers nobody looks at."""
    used = {cid(c) for c in played + hand}
    pool = [c.id for c in cards_from_mask(_core.kirves_deck()) if c.id not in used]
    k = len(hand)
    hands = []
    for seat in range(num_players):
        if seat < len(played):
            cards = [cid(played[seat])] + [pool.pop() for _ in range(k - 1)]
        elif seat == len(played):
            cards = [cid(c) for c in hand]
        else:
            cards = [pool.pop() for _ in range(k)]
        hands.append(sum(1 << c for c in cards))
    roles = _core.KirvesDealRoles(
        kind=NORMAL, trump_maker=trump_maker, participants=all_seats(num_players)
    )
    sides = _core.kirves_sides(roles, num_players)
    state = _core.PlayState(rules(trump, **options), hands, sides, leader=0)
    for card in played:
        state.play_any_held(cid(card))
    assert state.to_move == len(played)
    return state


def legal(trump: int, played: list[str], hand: str, **options: bool) -> set[str]:
    return names(position(trump, played, hand.split(), **options).legal_moves())


def trick_winner(trump: int, trick: list[str]) -> int:
    state = position(trump, trick[:-1], [trick[-1]], num_players=len(trick))
    state.play_any_held(cid(trick[-1]))
    assert state.tricks_played == 1
    return state.trick_records()[0].winner


def test_e1_a_jack_beats_the_two_of_trumps() -> None:
    assert trick_winner(C, ["KH", "AH", "2C", "JH"]) == D_
    # The plays of C and D are legal for players without natural hearts.
    assert "2C" in legal(C, ["KH", "AH"], "2C 3D")
    assert "JH" in legal(C, ["KH", "AH", "2C"], "JH 4D")


def test_e2_jack_of_trumps_has_no_special_rank() -> None:
    assert trick_winner(H, ["AH", "JD", "JH", "JS"]) == D_
    t = rules(H)
    assert [t.strength(cid(c)) for c in ["AH", "JD", "JH", "JS"]] == [12, 13, 14, 15]
    # Even the lowest jack beats the ace of trumps.
    assert trick_winner(H, ["AH", "JD"]) == B_


def test_e4_plain_queen_above_ten_and_off_suit_never_wins() -> None:
    assert trick_winner(S, ["TH", "QH", "9H", "AD"]) == B_


def test_trump_led_by_jack_of_other_suit() -> None:
    # R8.4: a jack led is a trump lead; a natural trump follows, a plain heart may not.
    assert legal(S, ["JH"], "2S 5H") == {"2S"}
    assert legal(S, ["JH"], "5H 6D") == {"5H", "6D"}
    assert trick_winner(S, ["JH", "AS", "RJ"]) == C_


def test_e5_only_heart_is_a_jack_so_void() -> None:
    assert legal(S, ["4H"], "JH 5C 9D") == {"JH", "5C", "9D"}
    assert legal(S, ["4H"], "JH 5C 9D", overtake_required=True) == {"JH"}


def test_e7_following_comes_before_overtaking() -> None:
    assert legal(H, ["TC", "5H"], "QC 3C AH") == {"QC", "3C"}
    assert legal(H, ["TC", "5H"], "QC 3C AH", overtake_required=True) == {"QC", "3C"}
    # Variation: only 10C on the table.
    assert legal(H, ["TC"], "QC 3C AH RJ", overtake_required=True) == {"QC"}
    assert legal(H, ["TC"], "QC 3C AH RJ") == {"QC", "3C"}


def test_e8_rantasalmi_void_player_must_overtrump() -> None:
    assert legal(S, ["AD", "3S"], "2S QS KC") == {"2S", "QS", "KC"}
    assert legal(S, ["AD", "3S"], "2S QS KC", overtake_required=True) == {"QS"}
    # B played the ace of trumps: nothing of C beats it.
    assert legal(S, ["AD", "AS"], "2S QS KC", overtake_required=True) == {"2S", "QS", "KC"}
    # C holds diamonds: he must follow.
    for opts in ({}, {"overtake_required": True}):
        assert legal(S, ["AD", "3S"], "2D 5D RJ", **opts) == {"2D", "5D"}


def test_overtake_exempts_partner() -> None:
    # Trump maker A; B and C are partners. B's 3S is winning, so C need not beat it.
    opts = {"overtake_required": True, "overtake_exempts_partner": True}
    assert legal(S, ["AD", "3S"], "2S QS KC", **opts) == {"2S", "QS", "KC"}
    # The trump maker's card winning: the opposition must beat it.
    state = position(S, ["3S", "AD"], ["2S", "QS", "KC"], **opts)
    assert names(state.legal_moves()) == {"QS"}
    # Trump maker B: his partner-less position must beat the opposition.
    state = position(S, ["AD", "3S"], ["2S", "QS", "KC"], trump_maker=C_, **opts)
    assert names(state.legal_moves()) == {"QS"}


def test_e41_must_trump_when_void() -> None:
    hand_b = "2S JH KC 5H"
    assert legal(S, ["AD"], hand_b) == {"2S", "JH", "KC", "5H"}
    assert legal(S, ["AD"], hand_b, must_trump_when_void=True) == {"2S", "JH"}
    assert legal(S, ["AD"], hand_b, must_trump_when_void=True, overtake_required=True) == {
        "2S",
        "JH",
    }
    assert legal(S, ["AD", "JH"], "2S KC") == {"2S", "KC"}
    assert legal(S, ["AD", "JH"], "2S KC", overtake_required=True) == {"2S", "KC"}
    assert legal(S, ["AD", "JH"], "2S KC", must_trump_when_void=True) == {"2S"}
    assert legal(S, ["AD", "JH"], "2S KC", must_trump_when_void=True, overtake_required=True) == {
        "2S"
    }


def test_beats_matches_appendix_b() -> None:
    # R8.8 against the pseudocode of Appendix B, for every pair of cards and every led suit.
    deck = cards_from_mask(_core.kirves_deck())
    for trump in range(4):
        t = rules(trump)
        for c, w in itertools.permutations(deck, 2):
            for led in range(4):
                tc = _core.kirves_trump_strength(c.id, trump)
                tw = _core.kirves_trump_strength(w.id, trump)
                if tc:
                    expected = tc > tw
                elif tw:
                    expected = False
                else:
                    assert c.rank is not None and w.rank is not None
                    expected = t.effective_suit(c.id) == led and t.strength(c.id) > t.strength(w.id)
                assert t.beats(c.id, w.id, led) == expected


# --- who wins the deal (R9) ------------------------------------------------------------------


def winner(trick_winners: list[int]) -> tuple[int, _core.KirvesWinRule]:
    w = _core.kirves_winner(trick_winners)
    return w.player, w.rule


def played_deal(
    trick_winners: list[int], num_players: int, folded: tuple[int, ...] = ()
) -> _core.PlayState:
    """A played-out state whose tricks go to the given seats: each trick's winner holds the one
    spade of that trick, everyone else a plain card (played whether legal or not)."""
    plain = [c for c in parse_cards(" ".join(r + s for s in "HDC" for r in "23456789TQKA"))]
    active = [p for p in range(num_players) if p not in folded]
    hands = [0] * num_players
    for i, w in enumerate(trick_winners):
        for p in active:
            card = Card.make("23456"[i], "S") if p == w else plain.pop()
            hands[p] |= card.mask
    active_mask = sum(1 << p for p in active)
    state = _core.PlayState(
        rules(S), hands, [0] * num_players, leader=active[0], active=active_mask
    )
    while not state.is_terminal():
        seat = state.to_move
        trick_no = state.tricks_played
        spade = Card.make("23456"[trick_no], "S")
        plain_held = [c for c in cards_from_mask(state.hand(seat)) if c.suit != 0]
        card = spade if seat == trick_winners[trick_no] else plain_held[0]
        state.play_any_held(card.id)
    assert [r.winner for r in state.trick_records()] == trick_winners
    return state


def normal(trump_maker: int, n: int) -> _core.KirvesDealRoles:
    return _core.KirvesDealRoles(kind=NORMAL, trump_maker=trump_maker, participants=all_seats(n))


def test_e10_three_tricks_beat_eeleiset() -> None:
    assert winner([B_, A_, B_, A_, A_]) == (A_, Rule.THREE_TRICKS)
    state = played_deal([B_, A_, B_, A_, A_], 4)
    out = _core.kirves_outcome(state, normal(A_, 4))
    assert out.winner.player == A_ and out.principal_won and out.winning_side == 0
    assert out.marks[:4] == [1, 0, 0, 0]


def test_e11_first_to_two_and_folded_player_gets_no_mark() -> None:
    wins = [B_, C_, A_, C_, B_]
    assert winner(wins) == (C_, Rule.FIRST_TO_TWO)
    state = played_deal(wins, 4, folded=(D_,))
    out = _core.kirves_outcome(state, normal(A_, 4))
    assert out.winner.player == C_ and not out.principal_won
    assert out.marks[:4] == [0, 1, 1, 0]
    # D20 option: folded players score with their side.
    out = _core.kirves_outcome(state, normal(A_, 4), folded_players_score_with_side=True)
    assert out.marks[:4] == [0, 1, 1, 1]


def test_e12_last_trick_rule() -> None:
    assert winner([B_, C_, D_, E_, A_]) == (A_, Rule.LAST_TRICK)
    out = _core.kirves_outcome(played_deal([B_, C_, D_, E_, A_], 6), normal(A_, 6))
    assert out.marks[:6] == [1, 0, 0, 0, 0, 0]
    # Variation: the opposition wins; F took no trick but gets a mark.
    assert winner([A_, B_, C_, D_, E_]) == (E_, Rule.LAST_TRICK)
    out = _core.kirves_outcome(played_deal([A_, B_, C_, D_, E_], 6), normal(A_, 6))
    assert out.marks[:6] == [0, 1, 1, 1, 1, 1]


def test_e12_four_players_never_reach_the_last_trick_rule() -> None:
    for wins in itertools.product(range(4), repeat=5):
        assert winner(list(wins))[1] != Rule.LAST_TRICK


def test_e40_stop_when_decided() -> None:
    assert winner([A_, A_]) == (-1, Rule.UNDECIDED)
    assert winner([A_, A_, B_, B_, B_]) == (B_, Rule.THREE_TRICKS)
    assert winner([A_, A_, A_]) == (A_, Rule.THREE_TRICKS)
    assert winner([A_, B_, A_, C_]) == (A_, Rule.FIRST_TO_TWO)
    assert winner([A_, B_, A_, B_]) == (-1, Rule.UNDECIDED)
    assert winner([A_, B_, A_, B_, B_]) == (B_, Rule.THREE_TRICKS)
    assert winner([A_, B_, A_, B_, C_]) == (A_, Rule.FIRST_TO_TWO)
    # On a state: decided after trick 4 of A, B, A, C, with the same marks as after 5.
    state = played_deal([A_, B_, A_, C_, D_], 4)
    full = _core.kirves_outcome(state, normal(A_, 4))
    for _ in range(4):
        state.undo()
    assert state.tricks_played == 4 and _core.kirves_decided(state)
    early = _core.kirves_outcome(state, normal(A_, 4))
    assert early.marks == full.marks and early.winner.player == A_
    for _ in range(4):
        state.undo()
    assert state.tricks_played == 3 and not _core.kirves_decided(state)
    with pytest.raises(RuntimeError, match="not decided"):
        _core.kirves_outcome(state, normal(A_, 4))


def test_early_stop_never_changes_the_winner() -> None:
    # D23 on every sequence of 5 tricks among up to 6 players: once decided, the winner stays.
    for wins in itertools.product(range(6), repeat=5):
        final = _core.kirves_winner(list(wins))
        assert final.player >= 0
        for k in range(5):
            early = _core.kirves_winner(list(wins[:k]))
            if early.player >= 0:
                assert early.player == final.player


def test_e14_cut_jack_deal_marks() -> None:
    # Dealer C, cutter B, bystanders A and D.
    roles = _core.KirvesDealRoles(kind=CUT_JACK, cutter=B_, dealer=C_, participants=0b1111)
    assert _core.kirves_sides(roles, 4)[B_] != _core.kirves_sides(roles, 4)[C_]
    sides = _core.kirves_sides(roles, 4)
    assert len(set(sides)) == 4  # bystanders are nobody's partner
    out = _core.kirves_outcome(played_deal([B_, B_, B_, A_, D_], 4), roles)
    assert out.marks[:4] == [0, 1, 0, 0] and out.principal_won
    out = _core.kirves_outcome(played_deal([C_, A_, C_, D_, B_], 4), roles)
    assert out.marks[:4] == [0, 0, 1, 0] and out.principal_won
    for wins in ([A_, A_, B_, C_, D_], [D_, D_, D_, A_, B_]):
        out = _core.kirves_outcome(played_deal(wins, 4), roles)
        assert out.marks[:4] == [0, 0, 0, 0] and not out.principal_won


def test_e17_forced_trump_maker_marks() -> None:
    # Dealer C is the (forced) trump maker against D, A and B.
    out = _core.kirves_outcome(played_deal([C_, C_, C_, A_, B_], 4), normal(C_, 4))
    assert out.marks[:4] == [0, 0, 1, 0]
    out = _core.kirves_outcome(played_deal([A_, A_, C_, C_, C_], 4, folded=(B_,)), normal(C_, 4))
    assert out.marks[:4] == [0, 0, 1, 0]
    out = _core.kirves_outcome(played_deal([A_, D_, D_, C_, C_], 4, folded=(B_,)), normal(C_, 4))
    assert out.marks[:4] == [1, 0, 0, 1]


def test_e26_concession_marks() -> None:
    roles = normal(B_, 3)
    # Case 2: B (trump maker) folds first: A and C get a mark.
    assert _core.kirves_concession_marks(roles, 3, B_) == [1, 0, 1]
    # Case 1: A folded, C must stay; C wins and gets the only mark.
    out = _core.kirves_outcome(played_deal([C_, B_, C_, C_, B_], 3, folded=(A_,)), roles)
    assert out.marks[:3] == [0, 0, 1]
    with pytest.raises(ValueError, match="only the trump maker"):
        _core.kirves_concession_marks(roles, 3, A_)


def test_e35_cut_jack_concession() -> None:
    # Dealer B, cutter A: A folds, B gets the mark; bystanders nothing.
    roles = _core.KirvesDealRoles(kind=CUT_JACK, cutter=A_, dealer=B_, participants=0b1111)
    assert _core.kirves_concession_marks(roles, 4, A_) == [0, 1, 0, 0]
    assert _core.kirves_concession_marks(roles, 4, B_) == [1, 0, 0, 0]
    with pytest.raises(ValueError, match="cutter or the dealer"):
        _core.kirves_concession_marks(roles, 4, C_)


def test_e43_free_for_all() -> None:
    roles = _core.KirvesDealRoles(kind=FREE_FOR_ALL, participants=0b1111)
    assert _core.kirves_sides(roles, 4) == [0, 1, 2, 3]
    wins = [B_, C_, B_, A_, D_]
    assert winner(wins) == (B_, Rule.FIRST_TO_TWO)
    out = _core.kirves_outcome(played_deal(wins, 4), roles)
    assert out.marks[:4] == [0, 1, 0, 0] and not out.principal_won
    with pytest.raises(ValueError, match="no principals"):
        _core.kirves_concession_marks(roles, 4, A_)


def test_d33_two_players_decided_by_three_tricks() -> None:
    for wins in itertools.product(range(2), repeat=5):
        assert winner(list(wins))[1] == Rule.THREE_TRICKS
    out = _core.kirves_outcome(played_deal([A_, B_, B_, A_, B_], 2), normal(A_, 2))
    assert out.marks[:2] == [0, 1]


def test_bad_roles() -> None:
    with pytest.raises(ValueError, match="trump maker"):
        _core.kirves_sides(_core.KirvesDealRoles(kind=NORMAL, participants=0b111), 3)
    with pytest.raises(ValueError, match="cutter and the dealer"):
        _core.kirves_sides(
            _core.KirvesDealRoles(kind=CUT_JACK, cutter=0, dealer=5, participants=0b111), 3
        )
    with pytest.raises(ValueError, match="different"):
        _core.kirves_sides(
            _core.KirvesDealRoles(kind=CUT_JACK, cutter=1, dealer=1, participants=0b111), 3
        )
    with pytest.raises(ValueError, match="outside"):
        _core.kirves_sides(normal(0, 5), 3)
    with pytest.raises(ValueError, match="2..10 players"):
        _core.kirves_sides(normal(0, 2), 11)
    with pytest.raises(ValueError, match="5 tricks"):
        _core.kirves_winner([0] * 6)
    with pytest.raises(ValueError, match="seats"):
        _core.kirves_winner([0, 11])
    state = played_deal([A_, A_, A_, B_, B_], 4, folded=(C_,))
    with pytest.raises(ValueError, match="not a participant"):
        _core.kirves_outcome(
            state,
            _core.KirvesDealRoles(kind=NORMAL, trump_maker=A_, participants=0b0011),
        )


def test_random_play_conserves_cards_and_decides() -> None:
    # A small random-playout check of the play engine with Kirves tables, every option mix.
    rng = _core.Rng(7)
    deck = [c.id for c in cards_from_mask(_core.kirves_deck())]
    for n in range(2, 11):
        for opts in (
            {},
            {"overtake_required": True},
            {"overtake_required": True, "overtake_exempts_partner": True},
            {"must_trump_when_void": True},
            {"must_trump_when_void": True, "overtake_required": True},
        ):
            cards = rng.shuffled(deck)
            hands = [mask_from_cards([Card(c) for c in cards[5 * p : 5 * p + 5]]) for p in range(n)]
            trump = int(rng.below(4))
            roles = normal(int(rng.below(n)), n)
            state = _core.PlayState(
                rules(trump, **opts), hands, _core.kirves_sides(roles, n), leader=0
            )
            while not state.is_terminal():
                moves = state.legal_cards()
                assert moves
                state.play(moves[int(rng.below(len(moves)))])
            won = 0
            for p in range(n):
                won |= state.cards_won(p)
            assert won == sum(hands)
            out = _core.kirves_outcome(state, roles)
            assert out.winner.player >= 0
            assert sum(out.marks) in (1, n - 1)
