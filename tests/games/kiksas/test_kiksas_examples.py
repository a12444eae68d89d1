"""The worked examples of docs/rules/kiksas.md §7 through the deal flow, the dealing order and the
match (the legal-card and trick examples at the level of the core are in test_kiksas_core.py).
"""

from __future__ import annotations

from typing import Any

import pytest

import tricktaker as tt
from tricktaker.cards import Card, Rank, Suit
from tricktaker.games.kiksas import FigureCount, KiksasDeal, match_winners, next_deal

A, B, C, D = 0, 1, 2, 3
AC, BD = 0, 1  # the pairs, as side ids


def cards(text: str) -> list[str]:
    """Cards as the spec writes them, suit first (``"♣Q ♥10"``), as card strings."""
    return [str(Card.make(Rank.parse(t[1:]), Suit.parse(t[0]))) for t in text.split()]


def kdeal(
    hands: list[str],
    *,
    deal_type: str,
    dealer: str,
    targets: tuple[int, int] | None = None,
    game: str = "kiksas",
    **options: Any,
) -> KiksasDeal:
    deal = tt.load(game, **options).new_deal(
        seed=1,
        deal_type=deal_type,
        dealer=dealer,
        targets=targets,
        hands=[cards(h) for h in hands],
    )
    assert isinstance(deal, KiksasDeal)
    return deal


def play(deal: KiksasDeal, trick: str, seats: str) -> None:
    for seat, card in zip(seats, cards(trick), strict=True):
        assert deal.seat_name(deal.to_move) == seat, (seat, card, deal.phase)  # type: ignore[arg-type]
        deal.apply(card)


def legal(deal: KiksasDeal, seat: int | None = None) -> set[str]:
    return {str(a) for a in deal.legal_actions(seat)}


def events(deal: KiksasDeal, kind: str) -> list[dict[str, Any]]:
    return [e for e in deal.events if e["type"] == kind]


def choose(deal: KiksasDeal, trump: str, akis_order: str) -> None:
    assert deal.phase == "trump_choice"
    deal.apply(f"trump:{trump}")
    for seat in akis_order:
        assert deal.phase == "akis" and deal.seat_name(deal.to_move) == seat  # type: ignore[arg-type]
        deal.apply("pass")
    assert deal.phase == "play"


def result(deal: KiksasDeal) -> Any:
    res = deal.result()
    assert res is not None and deal.phase == "over"
    return res


# --- §7.1 dealing and the peek ----------------------------------------------------------------

E2_DECK = "♠9 ♠J ♠Q ♠K ♠10 ♠A ♥9 ♥J ♥Q ♥K ♥10 ♥A ♦9 ♦J ♦Q ♦K ♦10 ♦A ♣9 ♣J ♣Q ♣K ♣10 ♣A"


def hand_of(deal: KiksasDeal, seat: int) -> set[str]:
    return {str(c) for c in deal.hand(seat)}


def test_e2_standard_deal_and_first_trick() -> None:
    deal = tt.load("kiksas").new_deal(seed=1, dealer="D", deck=cards(E2_DECK))
    assert isinstance(deal, KiksasDeal)
    assert hand_of(deal, A) == set(cards("♠9 ♠J ♠Q ♦9 ♦J ♦Q"))
    assert hand_of(deal, B) == set(cards("♠K ♠10 ♠A ♦K ♦10 ♦A"))
    assert hand_of(deal, C) == set(cards("♥9 ♥J ♥Q ♣9 ♣J ♣Q"))
    assert hand_of(deal, D) == set(cards("♥K ♥10 ♥A ♣K ♣10 ♣A"))
    assert deal.deal_type == "first" and deal.trump == Suit.CLUBS
    assert deal.writing_pair() == 0  # AC: C holds the clubs queen
    assert deal.phase == "play" and deal.to_move == C and legal(deal) == set(cards("♣Q"))
    deal.apply("QC")
    assert legal(deal) == set(cards("♣K ♣10 ♣A"))
    deal.apply("KC")
    assert legal(deal) == hand_of(deal, A)
    deal.apply("9S")
    assert legal(deal) == hand_of(deal, B)
    deal.apply("KS")
    assert events(deal, "TrumpCountAnnounced") == [
        {"type": "TrumpCountAnnounced", "player": C, "value": 4}
    ]
    assert events(deal, "TrumpCountSilent") == [
        {"type": "TrumpCountSilent", "player": A, "partner_trumps": 0}
    ]
    assert deal.to_move == C


def peek_deal(**options: Any) -> KiksasDeal:
    deal = tt.load("kiksas", **options).new_deal(
        seed=1, deal_type="writing_off", dealer="C", targets=(62, 76), deck=cards(E2_DECK), cut=5
    )
    assert isinstance(deal, KiksasDeal)
    return deal


def test_e3_peek_declined() -> None:
    deal = peek_deal()
    assert deal.phase == "peek" and deal.to_move == D
    deal.apply("peek:top")
    assert deal.observation(D)["peek"] == {"end": "top", "accepted": None, "card": "9S"}
    assert "card" not in deal.observation(A)["peek"]
    assert events(deal, "PeekTaken") == [{"type": "PeekTaken", "player": D, "end": "top"}]
    assert legal(deal) == {"accept", "decline"}
    deal.apply("decline")
    assert events(deal, "PeekDeclined")[0]["cut_k"] == 5
    assert hand_of(deal, D) == set(cards("♠A ♥9 ♥J ♦A ♣9 ♣J"))
    assert hand_of(deal, A) == set(cards("♥Q ♥K ♥10 ♣Q ♣K ♣10"))
    assert hand_of(deal, B) == set(cards("♥A ♦9 ♦J ♣A ♠9 ♠J"))
    assert hand_of(deal, C) == set(cards("♦Q ♦K ♦10 ♠Q ♠K ♠10"))
    assert deal.phase == "trump_choice"
    # E44: D holds every suit, so any suit may be named.
    assert legal(deal) == {"trump:S", "trump:H", "trump:D", "trump:C"}


@pytest.mark.parametrize(
    ("end", "hands", "trumps"),
    [
        (
            "bottom",
            [
                "♠9 ♠J ♠Q ♠K ♠10 ♠A",
                "♥9 ♥J ♥Q ♥K ♥10 ♥A",
                "♦9 ♦J ♦Q ♦K ♦10 ♦A",
                "♣9 ♣J ♣Q ♣K ♣10 ♣A",
            ],
            {"trump:C"},
        ),
        (
            "top",
            [
                "♥9 ♥J ♥Q ♥K ♥10 ♥A",
                "♦9 ♦J ♦Q ♦K ♦10 ♦A",
                "♣9 ♣J ♣Q ♣K ♣10 ♣A",
                "♠9 ♠J ♠Q ♠K ♠10 ♠A",
            ],
            {"trump:S"},
        ),
    ],
)
def test_e4_peek_accepted(end: str, hands: list[str], trumps: set[str]) -> None:
    deal = peek_deal()
    deal.apply(f"peek:{end}")
    deal.apply("accept")
    assert events(deal, "PeekAccepted")
    for seat, hand in enumerate(hands):
        assert hand_of(deal, seat) == set(cards(hand))
    assert legal(deal) == trumps  # E44: D may name only the suit it holds


def test_peek_reshuffle_and_none() -> None:
    deal = peek_deal(peek_decline="reshuffle")
    deal.apply("peek:bottom")
    deal.apply("decline")
    assert events(deal, "PeekDeclined")[0]["reshuffled"] is True
    assert deal.phase == "trump_choice"
    deal = peek_deal()
    deal.apply("peek:none")
    assert not events(deal, "PeekTaken")
    assert hand_of(deal, D) == set(cards("♠9 ♠J ♠Q ♦9 ♦J ♦Q"))  # the standard deal, no cut


@pytest.mark.parametrize(
    ("peek", "deal_type", "applies"),
    [
        ("off", "writing", False),
        ("off", "writing_off", False),
        ("writing_off_only", "writing", False),
        ("writing_off_only", "writing_off", True),
        ("all_choice_deals", "writing", True),
    ],
)
def test_peek_option(peek: str, deal_type: str, applies: bool) -> None:
    targets = (62, 76) if deal_type == "writing_off" else None
    deal = tt.load("kiksas", peek=peek).new_deal(
        seed=3, deal_type=deal_type, dealer="A", targets=targets
    )
    assert deal.phase == ("peek" if applies else "trump_choice")


E5_HANDS = [
    "♠9 ♠J ♠Q ♥K ♥10 ♥A ♣9 ♣J",
    "♠K ♠10 ♠A ♦9 ♦J ♦Q ♣Q ♣K",
    "♥9 ♥J ♥Q ♦K ♦10 ♦A ♣10 ♣A",
]


def test_e5_trikiksis_deal_and_hidden_last_two() -> None:
    deal = tt.load("trikiksis").new_deal(
        seed=1, deal_type="writing", dealer="C", deck=cards(E2_DECK)
    )
    assert isinstance(deal, KiksasDeal)
    for seat, hand in enumerate(E5_HANDS):
        assert hand_of(deal, seat) == set(cards(hand))
    assert deal.phase == "trump_choice" and deal.to_move == A
    six = set(cards("♠9 ♠J ♠Q ♥K ♥10 ♥A"))
    assert set(deal.observation(A)["hand"]) == six
    assert set(deal.observation(B)["hand"]) == set(cards(E5_HANDS[1]))
    # E44: only spades or hearts, not clubs (hidden) nor diamonds.
    assert legal(deal) == {"trump:S", "trump:H"}
    deal.apply("trump:S")
    assert set(deal.observation(A)["hand"]) == set(cards(E5_HANDS[0]))


def test_e5_trikiksis_peek_option() -> None:
    game = tt.load("trikiksis", trikiksis_peek=True)
    deal = game.new_deal(seed=1, deal_type="writing", dealer="C", deck=cards(E2_DECK))
    assert deal.phase == "peek"
    deal.apply("peek:bottom")
    deal.apply("accept")
    assert isinstance(deal, KiksasDeal)
    assert hand_of(deal, A) == set(cards("♦10 ♦A ♣9 ♣J ♣Q ♣K ♣10 ♣A"))
    assert set(deal.observation(A)["hand"]) == set(cards("♣9 ♣J ♣Q ♣K ♣10 ♣A"))
    assert hand_of(deal, B) == set(cards("♠9 ♠J ♠Q ♠K ♠10 ♠A ♥9 ♥J"))
    assert legal(deal) == {"trump:C"}
    assert tt.load("trikiksis").new_deal(seed=1, deal_type="writing", dealer="C").phase == (
        "trump_choice"
    )


# --- §7.3 announcement; §7.4 the race ---------------------------------------------------------


def test_e14_partner_adds() -> None:
    hands = [
        "♣Q ♣K ♠9 ♠J ♠Q ♠K",
        "♣9 ♣J ♠10 ♠A ♥9 ♥J",
        "♣A ♣10 ♥Q ♥K ♥A ♦9",
        "♥10 ♦J ♦Q ♦K ♦10 ♦A",
    ]
    deal = kdeal(hands, deal_type="first", dealer="D")
    play(deal, "♣Q ♣9 ♣A ♥10", "ABCD")
    assert events(deal, "TrickCompleted")[0]["card_points"] == 32
    assert events(deal, "TrumpCountAnnounced")[0]["value"] == 4
    assert events(deal, "TrumpCountAdded") == [{"type": "TrumpCountAdded", "player": C, "total": 5}]


def test_announcement_can_be_turned_off() -> None:
    deal = tt.load("kiksas", announce_trump_count=False).new_deal(
        seed=1, dealer="D", deck=cards(E2_DECK)
    )
    for card in cards("♣Q ♣K ♠9 ♠K"):
        deal.apply(card)
    assert isinstance(deal, KiksasDeal) and not events(deal, "TrumpCountAnnounced")


E16_HANDS = [
    "♠K ♥K ♦A ♦K ♣J ♣9",
    "♠10 ♠Q ♠J ♦10 ♦Q ♦J",
    "♠A ♥A ♥10 ♣10 ♣K ♣Q",
    "♠9 ♥Q ♥J ♥9 ♦9 ♣A",
]
E16_TRICKS = [
    ("♥Q ♥K ♠J ♥10", "DABC"),
    ("♥J ♦K ♦J ♥A", "DABC"),
    ("♠A ♠9 ♠K ♠10", "CDAB"),
    ("♣10 ♣A ♣9 ♦10", "CDAB"),
    ("♦9 ♦A ♦Q ♣K", "DABC"),
    ("♣J ♠Q ♣Q ♥9", "ABCD"),
]


@pytest.mark.parametrize("end", ["play_out", "end_when_decided"])
def test_e16_first_to_reach_wins(end: str) -> None:
    deal = kdeal(
        E16_HANDS, deal_type="writing_off", dealer="C", targets=(62, 76), writing_off_end=end
    )
    assert deal.writing_pair() == 0 and deal.observation(A)["writing_pair"] == AC
    choose(deal, "H", "ACB")
    for no, (trick, seats) in enumerate(E16_TRICKS, 1):
        if no == 4:
            assert deal.phase == "play"  # no Su dviem: BD did not win tricks 1-3
        play(deal, trick, seats)
        if end == "end_when_decided" and no == 5:
            break
    res = result(deal)
    assert res.race_winner == "AC" and res.reached_at[0] == 5
    assert res.figures == ({"to": "BD", "kind": "strokes", "count": 1},)
    assert (res.next_type, res.next_dealer) == ("writing", "D")
    reached = events(deal, "TargetReached")
    assert reached[0] == {"type": "TargetReached", "pair": AC, "trick_no": 5, "points": 62}
    if end == "play_out":
        assert res.points == (62, 76) and reached[1]["pair"] == BD
        assert len(events(deal, "TrickCompleted")) == 6
    else:
        assert len(events(deal, "TrickCompleted")) == 5


E19_HANDS = [
    "♠J ♣9 ♠Q ♠A ♥A ♦Q",
    "♠K ♣10 ♣K ♠10 ♦J ♦10",
    "♦A ♣Q ♣J ♦K ♣A ♦9",
    "♥Q ♥9 ♥J ♠9 ♥10 ♥K",
]
E19_TRICKS = [
    ("♥Q ♥A ♠K ♦K", "DABC"),
    ("♥J ♦Q ♣K ♣A", "DABC"),
    ("♥K ♠J ♦J ♣Q", "DABC"),
    ("♠9 ♠Q ♠10 ♣J", "DABC"),
    ("♦10 ♦9 ♥9 ♣9", "BCDA"),
]
E19C_HANDS = [
    "♥K ♦9 ♣K ♣Q ♣A ♣J",
    "♥A ♠10 ♠A ♠J ♥9 ♠9",
    "♦A ♦10 ♦J ♠Q ♣9 ♦K",
    "♥10 ♥Q ♥J ♣10 ♦Q ♠K",
]
E19C_TRICKS = [
    ("♥Q ♥K ♥A ♦K", "DABC"),
    ("♥10 ♦9 ♥9 ♦10", "DABC"),
    ("♦Q ♣K ♠J ♦J", "DABC"),
    ("♥J ♣J ♠A ♣9", "DABC"),
    ("♠K ♣Q ♠9 ♠Q", "DABC"),
]


def e19(
    hands: list[str], tricks: list[tuple[str, str]], targets: tuple[int, int], **options: Any
) -> KiksasDeal:
    deal = kdeal(hands, deal_type="writing_off", dealer="C", targets=targets, **options)
    choose(deal, "H", "ACB")
    for no, (trick, seats) in enumerate(tricks, 1):
        play(deal, trick, seats)
        if no == 3:
            assert deal.phase == "su_dviem" and deal.to_move == D
            assert legal(deal) == {"su_dviem", "pass"}
            deal.apply("pass")
            assert deal.to_move == B
            deal.apply("pass")
            assert deal.phase == "play" and deal.to_move == D
    return deal


@pytest.mark.parametrize(
    ("targets", "loser", "outcome"), [((62, 76), "AC", "race_won"), ((50, 88), "BD", "conceded")]
)
def test_e19_decline(targets: tuple[int, int], loser: str, outcome: str) -> None:
    deal = e19(E19_HANDS, E19_TRICKS, targets)
    assert deal.phase == "last_lead" and deal.to_move == D
    assert legal(deal) == {"lead", "decline"}
    deal.apply("decline")
    res = result(deal)
    assert res.outcome == outcome and res.points == (0, 86)
    assert res.figures == ({"to": loser, "kind": "strokes", "count": 1},)
    assert (res.next_type, res.next_dealer) == ("writing", "D")  # roles unchanged


@pytest.mark.parametrize("targets", [(62, 76), (50, 88)])
def test_e19_lead_and_self_egg(targets: tuple[int, int]) -> None:
    deal = e19(E19_HANDS, E19_TRICKS, targets)
    deal.apply("lead")
    assert deal.phase == "play"
    play(deal, "♥10 ♠A ♣10 ♦A", "DABC")
    res = result(deal)
    assert res.outcome == "self_egg" and res.points == (0, 138)
    assert res.figures == ({"to": "BD", "kind": "eggs", "count": 1},)
    assert (res.next_type, res.next_dealer) == ("writing", "C")  # same dealer; First D: BD writes


@pytest.mark.parametrize(("targets", "loser"), [((62, 76), "AC"), ((50, 88), "BD")])
def test_e19_case_c_ac_wins_trick_six(targets: tuple[int, int], loser: str) -> None:
    deal = e19(E19C_HANDS, E19C_TRICKS, targets)
    deal.apply("lead")
    play(deal, "♣10 ♣A ♠10 ♦A", "DABC")
    res = result(deal)
    assert res.points == (52, 86) and res.outcome == "race_won"
    assert res.figures == ({"to": loser, "kind": "strokes", "count": 1},)


def test_decline_last_lead_option_off() -> None:
    deal = e19(E19_HANDS, E19_TRICKS, (62, 76), decline_last_lead=False)
    assert deal.phase == "play"


# A deal in which A (with C) takes every trick, hearts trump.
SWEEP_HANDS = [
    "♥Q ♥A ♥10 ♥K ♠A ♦A",
    "♣A ♣K ♠10 ♦J ♠9 ♦9",
    "♥9 ♥J ♣10 ♣Q ♣9 ♠J",
    "♣J ♠Q ♠K ♦K ♦10 ♦Q",
]
SWEEP_TRICKS = [
    "♥Q ♣A ♥9 ♣J",
    "♥A ♣K ♥J ♠Q",
    "♥10 ♠10 ♣10 ♠K",
    "♥K ♦J ♣Q ♦K",
    "♠A ♠9 ♠J ♦10",
    "♦A ♦9 ♣9 ♦Q",
]


def rotate(hands: list[str]) -> list[str]:
    """The same cards one seat to the left (A's hand to B, ...)."""
    return [hands[-1]] + hands[:-1]


def test_e20_self_egg() -> None:
    deal = kdeal(SWEEP_HANDS, deal_type="writing_off", dealer="B", targets=(70, 68))
    assert deal.writing_pair() == 1  # First C: AC writes off
    choose(deal, "H", "DBA")
    for no, trick in enumerate(SWEEP_TRICKS, 1):
        play(deal, trick, "ABCD")
        if no == 3:
            assert deal.phase == "su_dviem" and deal.to_move == A
            deal.apply("pass")
            deal.apply("pass")
        if no == 5:
            assert deal.phase == "last_lead"
            deal.apply("lead")
    res = result(deal)
    assert res.outcome == "self_egg"
    assert res.figures == ({"to": "AC", "kind": "eggs", "count": 1},)
    assert (res.next_type, res.next_dealer) == ("writing", "B")  # First C: AC now writes


def test_e21_su_dviem_succeeds() -> None:
    deal = kdeal(rotate(SWEEP_HANDS), deal_type="writing_off", dealer="C", targets=(62, 76))
    choose(deal, "H", "ACB")
    for no, trick in enumerate(SWEEP_TRICKS, 1):
        play(deal, trick, "BCDA")
        if no == 3:
            assert deal.to_move == B
            deal.apply("su_dviem")
            assert events(deal, "SuDviemDeclared") == [{"type": "SuDviemDeclared", "player": B}]
            assert deal.phase == "play" and deal.to_move == B
        if no == 5:
            assert deal.phase == "play"  # no declining after Su dviem
    res = result(deal)
    assert res.outcome == "su_dviem_made"
    assert res.figures == ({"to": "AC", "kind": "strokes", "count": 2},)
    assert (res.next_type, res.next_dealer) == ("writing", "D")  # First A: AC still writes


def test_su_dviem_partner_declares_and_leader_only() -> None:
    deal = kdeal(rotate(SWEEP_HANDS), deal_type="writing_off", dealer="C", targets=(62, 76))
    choose(deal, "H", "ACB")
    for trick in SWEEP_TRICKS[:3]:
        play(deal, trick, "BCDA")
    deal.apply("pass")
    assert deal.to_move == D
    deal.apply("su_dviem")
    assert deal.su_dviem_by == D and deal.to_move == B
    deal = kdeal(
        rotate(SWEEP_HANDS),
        deal_type="writing_off",
        dealer="C",
        targets=(62, 76),
        su_dviem_declarers="leader_only",
    )
    choose(deal, "H", "ACB")
    for trick in SWEEP_TRICKS[:3]:
        play(deal, trick, "BCDA")
    deal.apply("pass")
    assert deal.phase == "play" and deal.to_move == B
    deal = kdeal(
        rotate(SWEEP_HANDS), deal_type="writing_off", dealer="C", targets=(62, 76), su_dviem=False
    )
    choose(deal, "H", "ACB")
    for trick in SWEEP_TRICKS[:3]:
        play(deal, trick, "BCDA")
    assert deal.phase == "play"


@pytest.mark.parametrize("end", ["play_out", "end_when_decided"])
def test_e22_su_dviem_fails_though_target_reached(end: str) -> None:
    deal = kdeal(
        E19C_HANDS, deal_type="writing_off", dealer="C", targets=(62, 76), writing_off_end=end
    )
    choose(deal, "H", "ACB")
    for no, (trick, seats) in enumerate(E19C_TRICKS, 1):
        play(deal, trick, seats)
        if no == 3:
            deal.apply("su_dviem")
    assert deal.phase == "play"  # BD reached 76 at trick 4, yet plays on
    play(deal, "♣10 ♣A ♠10 ♦A", "DABC")
    res = result(deal)
    assert res.outcome == "su_dviem_failed" and res.race_winner == "BD"
    assert res.figures == ({"to": "BD", "kind": "strokes", "count": 2},)
    assert (res.next_type, res.next_dealer) == ("writing", "D")


def test_e23_su_dviem_not_available() -> None:
    # (ii) a writing deal: BD writes (First B names hearts), AC takes every trick.
    deal = kdeal(SWEEP_HANDS, deal_type="writing", dealer="A", trump_choice_must_hold_suit=False)
    choose(deal, "H", "CAD")
    for trick in SWEEP_TRICKS:
        play(deal, trick, "ABCD")  # no su_dviem and no last_lead phase
    res = result(deal)
    # D17: O's sweep of a writing deal is nothing special; targets W 138, O 0.
    assert res.outcome == "written" and res.figures == () and res.points == (138, 0)
    assert (res.next_type, res.next_dealer, res.next_targets) == ("writing_off", "B", (0, 138))
    # (iii) W (AC, dealer C) wins tricks 1-3 of a writing-off deal: no declaration either.
    deal = kdeal(
        SWEEP_HANDS,
        deal_type="writing_off",
        dealer="C",
        targets=(62, 76),
        trump_choice_must_hold_suit=False,
    )
    choose(deal, "H", "ACB")
    for trick in SWEEP_TRICKS:
        play(deal, trick, "ABCD")
    res = result(deal)
    assert res.outcome == "race_won"  # D18: a W sweep is no special event
    assert res.figures == ({"to": "BD", "kind": "strokes", "count": 1},)


def test_d17_egg_to_w() -> None:
    deal = kdeal(
        SWEEP_HANDS,
        deal_type="writing",
        dealer="A",
        trump_choice_must_hold_suit=False,
        writing_off_pair_sweep_in_writing_deal="egg_to_W",
    )
    choose(deal, "H", "CAD")
    for trick in SWEEP_TRICKS:
        play(deal, trick, "ABCD")
    res = result(deal)
    assert res.outcome == "writing_off_sweep"
    assert res.figures == ({"to": "BD", "kind": "eggs", "count": 1},)
    assert (res.next_type, res.next_dealer) == ("writing", "A")


def test_writer_egg_in_a_writing_deal() -> None:
    # Dealer B, First C: AC writes and takes every trick; BD receives an egg; roles swap.
    deal = kdeal(SWEEP_HANDS, deal_type="writing", dealer="B")
    choose(deal, "H", "DBA")
    for trick in SWEEP_TRICKS:
        play(deal, trick, "ABCD")
    res = result(deal)
    assert res.outcome == "writer_egg"
    assert res.figures == ({"to": "BD", "kind": "eggs", "count": 1},)
    assert (res.next_type, res.next_dealer) == ("writing", "C")  # First D: BD writes


# --- §7.5 eggs and the dealing order -----------------------------------------------------------

E25_HANDS = [
    "♣9 ♣J ♥A ♥10 ♥K ♥Q",
    "♠9 ♠J ♠Q ♠K ♠10 ♥9",
    "♣Q ♣A ♣10 ♣K ♠A ♦A",
    "♥J ♦9 ♦J ♦Q ♦K ♦10",
]


@pytest.mark.parametrize(
    ("option", "dealer"), [("clubs_queen_holder", "C"), ("literal_left_of_dealer", "B")]
)
def test_e25_egg_in_deal_one(option: str, dealer: str) -> None:
    deal = kdeal(E25_HANDS, deal_type="first", dealer="A", first_deal_egg_dealer=option)
    assert deal.writing_pair() == 0 and deal.to_move == C
    for trick in [
        "♣Q ♦9 ♣9 ♥9",
        "♣A ♦J ♣J ♠9",
        "♣10 ♦Q ♥A ♠J",
        "♣K ♦K ♥10 ♠Q",
        "♠A ♥J ♥K ♠K",
        "♦A ♦10 ♥Q ♠10",
    ]:
        play(deal, trick, "CDAB")
    res = result(deal)
    assert res.outcome == "writer_egg" and res.points == (138, 0)
    assert res.figures == ({"to": "BD", "kind": "eggs", "count": 1},)
    assert (res.next_type, res.next_dealer) == ("writing", dealer)


def test_e26_dealing_order_over_a_match() -> None:
    # §3.11: deal 1 dealer D, C holds the clubs queen (q = C).
    rows = [
        # type, dealer, outcome, akis, points (AC, BD), figures awarded
        ("first", D, "written", False, (76, 62), None),
        ("writing_off", C, "race_won", False, (70, 68), ("BD", "strokes", 1)),
        ("writing", D, "writer_egg", False, (138, 0), ("BD", "eggs", 1)),
        ("writing", A, "written", False, (58, 80), None),
        ("writing_off", B, "self_egg", False, (138, 0), ("AC", "eggs", 1)),
        ("writing", B, "akis_failed", True, (0, 0), ("BD", "crosses", 1)),
        ("writing", B, "written", False, (70, 68), None),
        ("writing_off", C, "su_dviem_made", False, (0, 138), ("AC", "strokes", 2)),
    ]
    expected = [
        ("writing_off", C, (62, 76)),
        ("writing", D, None),
        ("writing", A, None),
        ("writing_off", B, (80, 58)),
        ("writing", B, None),
        ("writing", B, None),
        ("writing_off", C, (68, 70)),
        ("writing", D, None),
    ]
    figures = {"AC": FigureCount(), "BD": FigureCount()}
    targets: tuple[int, int] | None = None
    firsts = []
    for (deal_type, dealer, outcome, akis, points, award), want in zip(rows, expected, strict=True):
        first = (dealer + 1) % 4
        firsts.append("ABCD"[first])
        writing_pair = (
            0 if deal_type == "first" else (first % 2 if deal_type == "writing" else 1 - first % 2)
        )
        assert writing_pair == (0 if len(firsts) < 4 or len(firsts) > 5 else 1)
        got = next_deal(
            players=4,
            deal_type=deal_type,
            dealer=dealer,
            outcome=outcome,
            akis=akis,
            points=points,
            writing_pair=writing_pair,
            clubs_queen_holder=C,
            targets=targets,
        )
        assert got == want
        targets = got[2]
        if award:
            figures[award[0]].add(award[1], award[2])
    assert firsts[1:] == list("DABCCCD")
    assert figures["AC"].total == 3 and figures["AC"].eggs == 1 and figures["AC"].strokes == 2
    assert figures["BD"].total == 3 and figures["BD"].to_dict() == {
        "strokes": 1,
        "eggs": 1,
        "crosses": 1,
        "total": 3,
    }


# --- §7.6 Akis -------------------------------------------------------------------------------

E28_HANDS = [
    "♠Q ♠A ♠10 ♠9 ♦A ♦10",
    "♠K ♠J ♥A ♥10 ♥K ♣9",
    "♥J ♥Q ♦J ♦K ♣J ♣Q",
    "♦9 ♦Q ♥9 ♣A ♣10 ♣K",
]


@pytest.mark.parametrize("play_out", [False, True])
def test_e28_akis_a_fails(play_out: bool) -> None:
    deal = kdeal(E28_HANDS, deal_type="writing", dealer="A", akis_play_out=play_out)
    assert legal(deal) == {"trump:S", "trump:H", "trump:C"}  # E44: no diamonds
    deal.apply("trump:H")
    assert deal.phase == "akis" and deal.to_move == C
    # E45: C may pass, declare (b), (c) or (a) in clubs; not in hearts (the First's suit).
    assert legal(deal) == {"pass", "akis:a:C", "akis:b", "akis:c"}
    assert legal(deal, B) == set()  # the First is never asked
    deal.apply("pass")
    assert deal.to_move == A and legal(deal) == {"pass", "akis:a:S", "akis:b", "akis:c"}
    assert legal(deal, D) == set()
    deal.apply("akis:a:S")
    assert deal.phase == "play" and deal.sitting_out == C
    assert events(deal, "HandTurnedDown") == [{"type": "HandTurnedDown", "partner": C}]
    assert legal(deal) == set(cards("♠Q"))
    for seat in (A, C, D):
        assert deal.observation(seat)["open_hands"] == [None] * 4
    deal.apply("QS")
    opened = deal.observation(C)["open_hands"]  # by seat id, None where not shown
    shown = {seat for seat, hand in enumerate(opened) if hand is not None}
    assert shown == {B, D} and set(opened[B]) == set(cards(E28_HANDS[1]))
    assert len(events(deal, "HandsExposed")) == 2
    assert legal(deal) == set(cards("♠K ♠J"))
    deal.apply("KS")
    assert legal(deal) == set(cards(E28_HANDS[3]))
    deal.apply("9H")
    assert deal.to_move == A
    play(deal, "♦A", "A")
    assert legal(deal) == set(cards("♠J"))  # must trump: spades are the Akis trumps
    play(deal, "♠J", "B")
    assert legal(deal) == set(cards("♦9 ♦Q"))
    play(deal, "♦9", "D")
    if play_out:
        assert deal.phase == "play" and deal.to_move == A  # the Akis player leads again
        while deal.phase == "play":
            deal.apply(deal.legal_actions()[0])
    res = result(deal)
    assert res.outcome == "akis_failed"
    assert res.figures == ({"to": "AC", "kind": "crosses", "count": 1},)
    assert (res.next_type, res.next_dealer) == ("writing", "A")
    assert res.akis == {"player": "A", "kind": "a", "suit": "S"}
    assert not events(deal, "TrumpCountAnnounced")


def test_e45_akis_a_suit_may_equal_with_option() -> None:
    deal = kdeal(E28_HANDS, deal_type="writing", dealer="A", akis_a_suit_must_differ=False)
    deal.apply("trump:H")
    assert legal(deal) == {"pass", "akis:a:C", "akis:a:H", "akis:b", "akis:c"}
    deal.apply("pass")
    deal.apply("pass")
    assert deal.to_move == D and legal(deal) == {"pass", "akis:a:D", "akis:b", "akis:c"}


def test_e31_no_akis_a_without_the_queen() -> None:
    hands = ["♥A ♥10 ♥K ♥J ♠9 ♠J", "♠Q ♠K ♠10 ♠A ♦9 ♦J", "♥Q ♥9 ♦Q ♦K ♦10 ♦A", "♣9 ♣J ♣Q ♣K ♣10 ♣A"]
    deal = kdeal(hands, deal_type="writing", dealer="B")  # First C, Second D, Third A
    deal.apply("trump:D")
    deal.apply("pass")
    deal.apply("pass")
    assert deal.to_move == A and legal(deal) == {"pass", "akis:b", "akis:c"}


E29_HANDS = [
    "♠A ♠10 ♥A ♥10 ♦A ♣A",
    "♠9 ♠J ♠Q ♥9 ♥J ♥Q",
    "♠K ♥K ♦9 ♦J ♦Q ♦K",
    "♦10 ♣9 ♣J ♣Q ♣K ♣10",
]


def test_e29_akis_succeeds_in_a_writing_off_deal() -> None:
    deal = kdeal(E29_HANDS, deal_type="writing_off", dealer="C", targets=(62, 76))
    deal.apply("trump:C")
    deal.apply("akis:b")  # A, the Second, is asked first
    assert deal.sitting_out == C
    for card in cards("♠A ♠10 ♥A ♥10 ♦A ♣A"):
        assert deal.to_move == A
        deal.apply(card)
        deal.apply(deal.legal_actions()[0])
        deal.apply(deal.legal_actions()[0])
    res = result(deal)
    assert res.outcome == "akis_made"
    assert res.figures == ({"to": "BD", "kind": "crosses", "count": 2},)
    assert (res.next_type, res.next_dealer, res.next_targets) == ("writing_off", "C", (62, 76))


def test_e13_no_trump_akis_b_queen_is_ordinary() -> None:
    hands = ["♠K ♥9 ♥J ♥Q ♥K ♥10", "♣9 ♣J ♣Q ♣K ♣10 ♣A", "♠J ♠9 ♦9 ♦J ♦Q ♦K", "♠Q ♠A ♠10 ♥A ♦10 ♦A"]
    deal = kdeal(hands, deal_type="writing", dealer="A", trump_choice_must_hold_suit=False)
    deal.apply("trump:H")  # First B
    deal.apply("pass")  # C
    deal.apply("pass")  # A
    deal.apply("akis:b")  # D; B sits out, play order D, A, C
    play(deal, "♠Q ♠K ♠J", "DAC")
    res = result(deal)
    assert res.outcome == "akis_failed"
    assert res.figures == ({"to": "BD", "kind": "crosses", "count": 1},)
    assert (res.next_type, res.next_dealer) == ("writing", "A")


def test_akis_c_and_akis_off() -> None:
    deal = kdeal(E29_HANDS, deal_type="writing", dealer="C")
    deal.apply("trump:C")
    deal.apply("akis:c")
    deal.apply("AS")
    deal.apply(deal.legal_actions()[0])
    deal.apply(deal.legal_actions()[0])
    res = result(deal)  # A took a trick: failed at once
    assert res.outcome == "akis_failed" and res.figures[0]["to"] == "AC"
    deal = kdeal(E29_HANDS, deal_type="writing", dealer="C", akis=False)
    deal.apply("trump:C")
    assert deal.phase == "play"


# --- §7.7 the end of the match ---------------------------------------------------------------


def figures(**totals: tuple[int, int, int]) -> dict[str, FigureCount]:
    return {k: FigureCount(*v) for k, v in totals.items()}


def test_e32_ending_above_twelve() -> None:
    sheet = figures(AC=(11, 0, 0), BD=(9, 0, 0))
    assert match_winners(sheet, 12) == ((), ())
    sheet["AC"].add("strokes", 2)
    assert sheet["AC"].total == 13 and match_winners(sheet, 12) == (("BD",), ("AC",))


def test_e33_seed_score_sheet() -> None:
    sheet = figures(AC=(7, 1, 0), BD=(11, 1, 0))
    assert match_winners(sheet, 12) == (("AC",), ("BD",))


def test_match_ends_with_the_figures_option() -> None:
    import random

    match = tt.load("kiksas", figures_to_lose=2).new_match(seed=5)
    rnd = random.Random(5)
    while not match.is_over:
        match.apply(rnd.choice(match.legal_actions()))
    res = match.result()
    assert res.over and len(res.winners) == 1 and len(res.losers) == 1
    assert res.figures[res.losers[0]]["total"] >= 2 > res.figures[res.winners[0]]["total"]
    with pytest.raises(tt.IllegalAction, match="over"):
        match.apply("pass")


# --- §7.8 Trikiksis ---------------------------------------------------------------------------


def test_e34_e35_trikiksis_targets() -> None:
    # E34: deal 1, writer A (clubs queen) 54, B + C 84: deal 2 dealer A, First B.
    assert next_deal(
        players=3,
        deal_type="first",
        dealer=C,
        outcome="written",
        points=(54, 84),
        clubs_queen_holder=A,
    ) == ("writing_off", A, (54, 84))
    # E35: deal 3 dealer A, B writes 72: deal 4 dealer B, First C, C needs 72, A + B 66.
    assert next_deal(
        players=3, deal_type="writing", dealer=A, outcome="written", points=(72, 66)
    ) == ("writing_off", B, (72, 66))
    # After a writing-off deal the same dealer deals a writing deal (§4.6), self-egg included.
    for outcome in ("race_won", "self_egg", "su_dviem_made", "conceded"):
        assert next_deal(players=3, deal_type="writing_off", dealer=A, outcome=outcome) == (
            "writing",
            A,
            None,
        )


def tri_deal(
    hands: list[str],
    *,
    deal_type: str,
    dealer: str,
    targets: tuple[int, int] | None = None,
    **options: Any,
) -> KiksasDeal:
    return kdeal(
        hands, deal_type=deal_type, dealer=dealer, targets=targets, game="trikiksis", **options
    )


# Whoever holds the first hand leads every trump and two aces: it takes all eight tricks.
TRI_SWEEP = ["♠Q ♠A ♠10 ♠K ♠J ♠9 ♥A ♦A", "♥9 ♥J ♥Q ♥K ♥10 ♦9 ♦J ♦Q", "♦K ♦10 ♣9 ♣J ♣Q ♣K ♣10 ♣A"]


def test_e34_trikiksis_strokes() -> None:
    # Writing-off deal 2: dealer A, First B (target 54), the coalition A + C (84).
    hands = [TRI_SWEEP[1], TRI_SWEEP[0], TRI_SWEEP[2]]
    deal = tri_deal(hands, deal_type="writing_off", dealer="A", targets=(54, 84))
    assert deal.active_player == B and deal.observation(A)["active_player"] == B
    choose(deal, "S", "CA")
    for no in range(1, 9):
        assert deal.to_move == B
        deal.apply(deal.legal_actions()[0])
        deal.apply(deal.legal_actions()[0])
        deal.apply(deal.legal_actions()[0])
        if no == 3:
            assert deal.phase == "su_dviem" and deal.to_move == B
            deal.apply("pass")
            assert deal.phase == "play"  # nobody else is asked in Trikiksis
        if no == 7:
            assert deal.phase == "last_lead"
            deal.apply("lead")
    res = result(deal)
    assert res.outcome == "self_egg"  # D27
    assert res.figures == ({"to": "B", "kind": "eggs", "count": 1},)
    assert (res.next_type, res.next_dealer) == ("writing", "A")


@pytest.mark.parametrize(
    ("declare", "outcome", "figures_given"),
    [
        (
            "su_dviem",
            "su_dviem_made",
            (
                {"to": "A", "kind": "strokes", "count": 2},
                {"to": "C", "kind": "strokes", "count": 2},
            ),
        ),
    ],
)
def test_trikiksis_su_dviem(declare: str, outcome: str, figures_given: Any) -> None:
    for success, count in (("two_each", 2), ("one_each", 1)):
        hands = [TRI_SWEEP[1], TRI_SWEEP[0], TRI_SWEEP[2]]
        deal = tri_deal(
            hands,
            deal_type="writing_off",
            dealer="A",
            targets=(54, 84),
            trikiksis_su_dviem_success=success,
        )
        choose(deal, "S", "CA")
        while deal.phase != "over":
            if deal.phase == "su_dviem":
                deal.apply(declare)
            else:
                deal.apply(deal.legal_actions()[0])
        res = result(deal)
        assert res.outcome == outcome
        assert res.figures == tuple(dict(f, count=count) for f in figures_given)


def test_e37_trikiksis_writer_egg() -> None:
    # Deal 3: dealer A, writer B (First) takes all 8 tricks.
    hands = [TRI_SWEEP[1], TRI_SWEEP[0], TRI_SWEEP[2]]
    deal = tri_deal(hands, deal_type="writing", dealer="A")
    choose(deal, "S", "CA")
    while deal.phase == "play":
        deal.apply(deal.legal_actions()[0])
    res = result(deal)
    assert res.outcome == "writer_egg" and res.active_player == "B"
    assert res.figures == (
        {"to": "A", "kind": "eggs", "count": 1},
        {"to": "C", "kind": "eggs", "count": 1},
    )
    assert (res.next_type, res.next_dealer) == ("writing", "B")  # First C writes for A
    # Deal 1 ending in the writer's egg (writer A): WRITING, dealer A, First B.
    assert next_deal(
        players=3, deal_type="first", dealer=C, outcome="writer_egg", clubs_queen_holder=A
    ) == ("writing", A, None)


TRI_AKIS = ["♠A ♠10 ♥A ♥10 ♦A ♦10 ♣A ♣10", "♠9 ♠J ♠Q ♠K ♥9 ♥J ♥Q ♥K", "♦9 ♦J ♦Q ♦K ♣9 ♣J ♣Q ♣K"]


@pytest.mark.parametrize(
    ("kind", "outcome", "figures_given"),
    [
        (
            "b",
            "akis_made",
            (
                {"to": "B", "kind": "crosses", "count": 2},
                {"to": "C", "kind": "crosses", "count": 2},
            ),
        ),
        ("c", "akis_failed", ({"to": "A", "kind": "crosses", "count": 1},)),
    ],
)
def test_e38_trikiksis_akis(kind: str, outcome: str, figures_given: Any) -> None:
    deal = tri_deal(TRI_AKIS, deal_type="writing_off", dealer="B", targets=(60, 78))
    assert deal.to_move == C
    deal.apply("trump:D")
    assert deal.to_move == A and legal(deal) == {"pass", "akis:b", "akis:c"}
    deal.apply(f"akis:{kind}")
    assert deal.sitting_out is None and not events(deal, "HandTurnedDown")
    while deal.phase == "play":
        assert deal.state is not None and (deal.state.trick() or deal.to_move == A)
        deal.apply(deal.legal_actions()[0])
    res = result(deal)
    assert res.outcome == outcome and res.figures == figures_given
    assert (res.next_type, res.next_dealer, res.next_targets) == ("writing_off", "B", (60, 78))


def test_trikiksis_akis_order_second_then_dealer() -> None:
    deal = tri_deal(TRI_AKIS, deal_type="writing", dealer="B")
    deal.apply("trump:D")
    assert deal.to_move == A
    deal.apply("pass")
    assert deal.to_move == B
    deal.apply("pass")
    assert deal.phase == "play"


def test_e40_trikiksis_end() -> None:
    assert match_winners(figures(A=(12, 0, 0), B=(7, 0, 0), C=(9, 0, 0)), 12) == (("B",), ("A",))
    tied = figures(A=(12, 0, 0), B=(7, 1, 0), C=(8, 0, 0))
    assert match_winners(tied, 12) == (("B", "C"), ("A",))
    assert match_winners(tied, 12, "fewest_eggs") == (("C",), ("A",))
    even = figures(A=(12, 0, 0), B=(7, 1, 0), C=(7, 1, 0))
    assert match_winners(even, 12, "fewest_eggs") == (("B", "C"), ("A",))


# --- §7.9 -----------------------------------------------------------------------------------

E41_HANDS = [
    "♥Q ♥A ♥10 ♥K ♠A ♦A",
    "♣A ♣K ♠10 ♦J ♠9 ♦9",
    "♣10 ♦10 ♣Q ♣9 ♠J ♦Q",
    "♥9 ♥J ♣J ♠Q ♠K ♦K",
]
E41_TRICKS = [
    "♥Q ♣A ♣10 ♥9",
    "♥A ♣K ♦10 ♥J",
    "♥10 ♠10 ♣Q ♣J",
    "♥K ♦J ♣9 ♠Q",
    "♠A ♠9 ♠J ♠K",
    "♦A ♦9 ♦Q ♦K",
]


def run_e41(targets: tuple[int, int], **options: Any) -> KiksasDeal:
    deal = kdeal(E41_HANDS, deal_type="writing_off", dealer="C", targets=targets, **options)
    choose(deal, "H", "ACB")
    for trick in E41_TRICKS:
        if deal.phase == "over":
            break
        play(deal, trick, "ABCD")
    return deal


@pytest.mark.parametrize(
    ("options", "tricks"),
    [
        ({}, 6),
        ({"writing_pair_sweep_in_writing_off_deal": "egg_to_O"}, 6),
        ({"writing_off_end": "end_when_decided"}, 1),
        (
            {
                "writing_off_end": "end_when_decided",
                "writing_pair_sweep_in_writing_off_deal": "egg_to_O",
            },
            6,
        ),
    ],
)
def test_e41_o_target_zero(options: dict[str, str], tricks: int) -> None:
    deal = run_e41((138, 0), **options)
    assert events(deal, "TargetReached")[0] == {
        "type": "TargetReached",
        "pair": BD,
        "trick_no": 0,
        "points": 0,
    }
    assert events(deal, "TrumpCountAnnounced")[0] == {
        "type": "TrumpCountAnnounced",
        "player": A,
        "value": 5,
    }
    assert events(deal, "TrumpCountSilent")[0]["player"] == C
    res = result(deal)
    assert len(events(deal, "TrickCompleted")) == tricks
    assert res.race_winner == "BD"
    assert res.figures == ({"to": "AC", "kind": "strokes", "count": 1},)
    assert (res.next_type, res.next_dealer) == ("writing", "D")
    if tricks == 6:
        assert res.points == (138, 0)


@pytest.mark.parametrize(
    ("options", "tricks", "kind"),
    [
        ({}, 6, "strokes"),
        ({"writing_pair_sweep_in_writing_off_deal": "egg_to_O"}, 6, "eggs"),
        ({"writing_off_end": "end_when_decided"}, 3, "strokes"),
        (
            {
                "writing_off_end": "end_when_decided",
                "writing_pair_sweep_in_writing_off_deal": "egg_to_O",
            },
            6,
            "eggs",
        ),
    ],
)
def test_e42_early_end_under_egg_to_o(options: dict[str, str], tricks: int, kind: str) -> None:
    deal = run_e41((62, 76), **options)
    assert events(deal, "TargetReached")[0]["trick_no"] == 3
    res = result(deal)
    assert len(events(deal, "TrickCompleted")) == tricks
    assert res.figures == ({"to": "BD", "kind": kind, "count": 1},)


def test_e43_forced_first_lead_by_option() -> None:
    any_card = {"first_lead": "holder_any_card"}
    deal = kdeal(E41_HANDS, deal_type="writing_off", dealer="C", targets=(62, 76), **any_card)
    choose(deal, "H", "ACB")
    assert deal.to_move == A and legal(deal) == set(cards(E41_HANDS[0]))
    deal = kdeal(E41_HANDS, deal_type="writing_off", dealer="C", targets=(62, 76))
    choose(deal, "H", "ACB")
    assert legal(deal) == set(cards("♥Q"))
    # Deal 1 and Akis (a) keep the forced lead under either setting.
    deal = kdeal(E25_HANDS, deal_type="first", dealer="A", **any_card)
    assert legal(deal) == set(cards("♣Q"))
    deal = kdeal(E28_HANDS, deal_type="writing", dealer="A", **any_card)
    deal.apply("trump:H")
    deal.apply("pass")
    deal.apply("akis:a:S")
    assert legal(deal) == set(cards("♠Q"))


def test_e44_trump_choice_any_suit_option() -> None:
    deal = kdeal(E28_HANDS, deal_type="writing", dealer="A", trump_choice_must_hold_suit=False)
    assert legal(deal) == {"trump:S", "trump:H", "trump:D", "trump:C"}
    deal = tt.load("trikiksis", trump_choice_must_hold_suit=False).new_deal(
        seed=1, deal_type="writing", dealer="C", deck=cards(E2_DECK)
    )
    assert legal(deal) == {"trump:S", "trump:H", "trump:D", "trump:C"}  # type: ignore[arg-type]


def test_e46_trikiksis_announcement_by_the_active_player() -> None:
    deal = tri_deal(E5_HANDS, deal_type="writing", dealer="C")
    choose(deal, "S", "BC")
    assert deal.to_move == A and legal(deal) == set(cards("♠Q"))
    play(deal, "♠Q", "A")
    assert legal(deal) == set(cards("♠K ♠10 ♠A"))
    play(deal, "♠A ♥9", "BC")
    assert events(deal, "TrickCompleted")[0]["card_points"] == 22
    assert events(deal, "TrumpCountAnnounced") == [
        {"type": "TrumpCountAnnounced", "player": A, "value": 4}
    ]
    assert not events(deal, "TrumpCountAdded") and not events(deal, "TrumpCountSilent")


def test_e47_trikiksis_coalition_partner_adds() -> None:
    hands = ["♦A ♦10 ♠A ♠10 ♥A ♥10 ♣9 ♣J", "♦Q ♦K ♠K ♠Q ♥K ♥Q ♣A ♣10", "♦J ♦9 ♠J ♠9 ♥J ♥9 ♣K ♣Q"]
    deal = tri_deal(hands, deal_type="writing", dealer="C")
    choose(deal, "D", "BC")
    play(deal, "♦Q ♦9 ♦10", "BCA")
    assert events(deal, "TrickCompleted")[0]["card_points"] == 21
    assert events(deal, "TrumpCountAnnounced")[0] == {
        "type": "TrumpCountAnnounced",
        "player": B,
        "value": 4,
    }
    assert events(deal, "TrumpCountAdded") == [{"type": "TrumpCountAdded", "player": C, "total": 5}]


def test_e48_seed_score_sheet_targets() -> None:
    # Row 1: AC 43, BD 95; row 2: AC 86, BD 52. W is either pair: targets are the opponents'.
    for w in (0, 1):
        assert next_deal(
            players=4,
            deal_type="writing",
            dealer=A,
            outcome="written",
            points=(43, 95),
            writing_pair=w,
        )[2] == (95, 43)
        assert next_deal(
            players=4,
            deal_type="writing",
            dealer=A,
            outcome="written",
            points=(86, 52),
            writing_pair=w,
        )[2] == (52, 86)


def test_e49_seed_triangle() -> None:
    sheet = figures(A=(2, 1, 1), B=(3, 0, 2), C=(2, 2, 1))
    assert [v.total for v in sheet.values()] == [4, 5, 5]
    assert match_winners(sheet, 12) == ((), ())
