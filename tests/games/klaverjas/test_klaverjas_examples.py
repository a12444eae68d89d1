"""Every worked example (E1-E68) of docs/rules/klaverjas.md §9."""

from __future__ import annotations

import pytest

import tricktaker as tt
from conftest import mask, names
from tricktaker import _core
from tricktaker.cards import Card, Suit, parse_cards
from tricktaker.games.klaverjas import (
    game_is_over,
    score_sheet_is_consistent,
    tournament_standings,
)

SEAT = {"N": 0, "E": 1, "S": 2, "W": 3}
SUIT = {"S": 0, "H": 1, "D": 2, "C": 3}


# --- §9.1 dealing and trump selection -----------------------------------------------------

E1_PACK = (
    "7S 8S 9S TS JS QS KS AS 7H 8H 9H TH JH QH KH AH "
    "7D 8D 9D TD JD QD KD AD 7C 8C 9C TC JC QC KC AC"
)


def hand_set(deal: tt.Deal, seat: str) -> set[str]:
    return {str(c) for c in deal.hand(seat)}  # type: ignore[attr-defined]


def test_e1_deal_3_2_3() -> None:
    deal = tt.load("klaverjas").new_deal(deck=parse_cards(E1_PACK), dealer="W")
    assert hand_set(deal, "N") == set(["7S", "8S", "9S", "JH", "QH", "JD", "QD", "KD"])
    assert hand_set(deal, "E") == set(["TS", "JS", "QS", "KH", "AH", "AD", "7C", "8C"])
    assert hand_set(deal, "S") == set(["KS", "AS", "7H", "7D", "8D", "9C", "TC", "JC"])
    assert hand_set(deal, "W") == set(["8H", "9H", "TH", "9D", "TD", "QC", "KC", "AC"])


def test_e2_deal_4_4() -> None:
    game = tt.load("klaverjas", deal_packets="4-4")
    deal = game.new_deal(deck=parse_cards(E1_PACK), dealer="W")
    assert hand_set(deal, "N") == set(["7S", "8S", "9S", "TS", "7D", "8D", "9D", "TD"])
    assert hand_set(deal, "E") == set(["JS", "QS", "KS", "AS", "JD", "QD", "KD", "AD"])
    assert hand_set(deal, "S") == set(["7H", "8H", "9H", "TH", "7C", "8C", "9C", "TC"])
    assert hand_set(deal, "W") == set(["JH", "QH", "KH", "AH", "JC", "QC", "KC", "AC"])


def test_e4_free_choice_third_player_names() -> None:
    deal = tt.load("klaverjas").new_deal(seed=1, dealer="W")
    assert deal.to_move == SEAT["N"]
    deal.apply("pass")
    assert deal.to_move == SEAT["E"]
    deal.apply("pass")
    assert deal.to_move == SEAT["S"]
    deal.apply("trump:D")
    assert deal.trump == Suit.DIAMONDS and deal.declarer == SEAT["S"]  # type: ignore[attr-defined]
    assert deal.phase == "play" and deal.to_move == SEAT["N"]  # N leads; W was not asked
    assert [s for s, _ in deal.calls] == [0, 1, 2]  # type: ignore[attr-defined]


def test_e5_free_choice_all_pass() -> None:
    deal = tt.load("klaverjas").new_deal(seed=1, dealer="W")
    for _ in range(4):
        deal.apply("pass")
    assert deal.to_move == SEAT["N"]
    assert [str(a) for a in deal.legal_actions()] == ["trump:S", "trump:H", "trump:D", "trump:C"]
    deal.apply("trump:C")
    assert deal.trump == Suit.CLUBS and deal.declarer == SEAT["N"]  # type: ignore[attr-defined]
    assert deal.to_move == SEAT["N"]


@pytest.mark.parametrize(
    ("forced", "allowed"),
    [
        ("any_suit", ["trump:S", "trump:H", "trump:D", "trump:C"]),
        ("other_suit", ["trump:H", "trump:D", "trump:C"]),
    ],
)
def test_e7_drawn_all_pass(forced: str, allowed: list[str]) -> None:
    game = tt.load("klaverjas", trump_selection="drawn", drawn_forced_choice=forced)
    deal = game.new_deal(seed=1, dealer="W", proposed_suit="S")
    assert [str(a) for a in deal.legal_actions()] == ["accept", "pass"]
    for _ in range(4):
        deal.apply("pass")
    assert deal.to_move == SEAT["N"]
    assert [str(a) for a in deal.legal_actions()] == allowed
    deal.apply(allowed[0])
    assert deal.declarer == SEAT["N"]  # type: ignore[attr-defined]


def test_drawn_accept_makes_acceptor_declarer() -> None:
    game = tt.load("klaverjas", trump_selection="drawn")
    deal = game.new_deal(seed=1, dealer="W", proposed_suit="H")
    deal.apply("pass")
    deal.apply("accept")
    assert deal.trump == Suit.HEARTS and deal.declarer == SEAT["E"]  # type: ignore[attr-defined]
    assert deal.to_move == SEAT["N"]


def test_e8_utrecht_pass_rejected() -> None:
    deal = tt.load("klaverjas", trump_selection="utrecht").new_deal(seed=1, dealer="W")
    before = deal.to_json()
    with pytest.raises(tt.IllegalAction, match="trump:S trump:H trump:D trump:C"):
        deal.apply("pass")
    assert deal.to_json() == before
    deal.apply("trump:H")
    assert deal.declarer == SEAT["N"]  # type: ignore[attr-defined]


# --- §9.2 legal plays ---------------------------------------------------------------------

AMS = "amsterdam"
ROT = "rotterdam"

# (id, trump, trick "seat card ...", seat to play, hand, {rules: legal}, undertrump compulsory)
LEGAL_CASES = [
    ("E9a", "H", "N 7S E 8S", "S", "AS 9S 8H KC", {AMS: "AS 9S", ROT: "AS 9S"}, False),
    ("E9b", "H", "N 7S E 8S", "S", "KH 8H 7D KC", {AMS: "KH 8H", ROT: "KH 8H"}, False),
    ("E9c", "H", "N 7S E 8S", "S", "AD 7D KC", {AMS: "AD 7D KC", ROT: "AD 7D KC"}, False),
    ("E10", "H", "N 8S E 7S", "S", "KH 8H 7D KC", {AMS: "KH 8H 7D KC", ROT: "KH 8H"}, False),
    ("E11a", "H", "W 8S N JH E 7S", "S", "9H 7H AC 8D", {AMS: "AC 8D", ROT: "AC 8D"}, False),
    ("E11a-c", "H", "W 8S N JH E 7S", "S", "9H 7H AC 8D", {AMS: "AC 8D", ROT: "9H 7H"}, True),
    ("E11b", "H", "W 8S N JH E 7S", "S", "AH 9H 7H", {AMS: "AH 9H 7H", ROT: "AH 9H 7H"}, False),
    ("E13a", "S", "E TD S 7D W 9S", "N", "AS 7S AC 8H", {AMS: "AC 8H", ROT: "AC 8H"}, False),
    ("E13a-c", "S", "E TD S 7D W 9S", "N", "AS 7S AC 8H", {AMS: "AS 7S", ROT: "AS 7S"}, True),
    ("E13b", "S", "E TD S 7D W 9S", "N", "AS 7S", {AMS: "AS 7S", ROT: "AS 7S"}, False),
    ("E14", "C", "W 9D N 8D E AD", "S", "TC 7C AH 8S", {AMS: "TC 7C", ROT: "TC 7C"}, False),
    ("E16a", "D", "N 9D E 7D", "S", "JD AD 8D KS", {AMS: "JD", ROT: "JD"}, False),
    ("E16b", "D", "N 9D E 7D", "S", "AD 8D KS", {AMS: "AD 8D", ROT: "AD 8D"}, False),
    ("E16c", "D", "N 9D E 7D", "S", "KS 7C", {AMS: "KS 7C", ROT: "KS 7C"}, False),
    ("E17", "H", "W AC N TH E 8C", "S", "9H QH KD 7S", {AMS: "9H KD 7S", ROT: "9H"}, False),
    ("E18", "H", "W AC N TH E 8C", "S", "9H QH", {AMS: "9H", ROT: "9H"}, False),
    ("E19", "S", "W AH N 7S", "E", "KH 8H JS", {AMS: "KH 8H", ROT: "KH 8H"}, False),
    ("E20", "S", "W TH", "N", "AH 7H JS", {AMS: "AH 7H", ROT: "AH 7H"}, False),
    ("E22", "C", "N AH E 8C S 7H", "W", "JC 7C KD", {AMS: "JC KD", ROT: "JC"}, False),
    ("E23", "D", "N QD", "E", "KS AH 7C", {AMS: "KS AH 7C", ROT: "KS AH 7C"}, False),
    ("E25", "S", "", "N", "JS 7H", {AMS: "JS 7H", ROT: "JS 7H"}, False),
]


def legal_for(
    trump: str, trick: str, seat: str, hand: str, rules: str, compulsory: bool
) -> set[str]:
    table = _core.klaverjas_rules(SUIT[trump], rules == ROT, compulsory)
    tokens = trick.split()
    seats = [SEAT[s] for s in tokens[0::2]]
    cards = [Card.parse(c).id for c in tokens[1::2]]
    partner = False
    if cards:
        winner = seats[_core.trick_winner_index(table, cards)]
        partner = winner % 2 == SEAT[seat] % 2
    return names(_core.legal_cards(table, mask(hand), cards, partner))


@pytest.mark.parametrize("case", LEGAL_CASES, ids=[c[0] for c in LEGAL_CASES])
@pytest.mark.parametrize("rules", [AMS, ROT])
def test_legal_plays(case: tuple, rules: str) -> None:  # type: ignore[type-arg]
    _, trump, trick, seat, hand, expected, compulsory = case
    assert legal_for(trump, trick, seat, hand, rules, compulsory) == set(expected[rules].split())


def test_e11_compulsory_preset_is_rotterdam_dutch_club() -> None:
    game = tt.load("klaverjas", preset="rotterdam_dutch_club")
    assert game.options.play_rules == "rotterdam"
    assert game.options.undertrump_when_cannot_overtrump == "compulsory"


# --- §9.3 trick winners -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "trick", "winner", "points"),
    [
        ("H", "N TS E AS S 7S W AC", "E", 32),
        ("D", "N AD E 9D S JD W TD", "S", 55),
        ("C", "N 9H E JH S QH W 8H", "S", 5),
    ],
    ids=["E26", "E28", "E29"],
)
def test_trick_winners(trump: str, trick: str, winner: str, points: int) -> None:
    table = _core.klaverjas_rules(SUIT[trump])
    tokens = trick.split()
    cards = [Card.parse(c).id for c in tokens[1::2]]
    assert tokens[0::2][_core.trick_winner_index(table, cards)] == winner
    assert sum(table.points(c) for c in cards) == points


# --- §9.4 roem ----------------------------------------------------------------------------

ROEM_CASES = [
    ("E31", "H", "QS JS TS 7D", 20),
    ("E32", "H", "7C 8C 9C TC", 50),
    ("E33", "H", "KH AS QH 7D", 20),
    ("E34", "H", "KH QH JH 7C", 40),
    ("E35", "H", "KH QH JH TH", 70),
    ("E36", "S", "KH QH JH TH", 50),
    ("E37", "H", "JS JH JD JC", 200),
    ("E38", "H", "9S 9H 9D 9C", 0),
    ("E39", "H", "KS KH KD KC", 100),
    ("E40", "S", "TS TH TD TC", 100),
    ("E41", "H", "KS AS 7S 8S", 0),
    ("E42", "H", "7S 8S TS JS", 0),
    ("E43", "C", "9D TD JD AD", 20),
    ("E44", "H", "TH 9H 8H 7H", 50),
    ("E45", "C", "QC KC AC JC", 70),
    ("E46", "S", "JS QS KS 9S", 40),
    ("E47", "H", "QH KS AH KH", 40),
    ("E48", "C", "AD KD QD JD", 50),
    ("E49", "D", "QH KH AH JD", 20),
    ("E50-1", "H", "KH 7S 8D 9C", 0),
    ("E50-2", "H", "QH 8S 9D TC", 0),
]


@pytest.mark.parametrize("case", ROEM_CASES, ids=[c[0] for c in ROEM_CASES])
def test_roem(case: tuple) -> None:  # type: ignore[type-arg]
    _, trump, cards, roem = case
    ids = [Card.parse(c).id for c in cards.split()]
    assert _core.klaverjas_roem(ids, SUIT[trump]) == roem


# --- §9.5 deal scoring --------------------------------------------------------------------


def score(
    cp: tuple[int, int], roem: tuple[int, int], playing: int = 0, pit: int = -1, **options: object
) -> tuple[int, int]:
    s = _core.klaverjas_score_totals(cp, roem, pit, playing, **options)
    return (s.score[0], s.score[1])


def test_e51_made_and_revokes() -> None:
    assert score((92, 70), (20, 0)) == (112, 70)
    assert score((92, 70), (20, 0), offending_team=1) == (182, 0)
    assert score((92, 70), (20, 0), offending_team=0) == (0, 182)


def test_e52_to_e58() -> None:
    assert score((80, 82), (0, 0)) == (0, 162)  # E52
    assert score((81, 81), (0, 0)) == (0, 162)  # E53
    assert score((81, 81), (0, 0), tie_is_nat=False) == (81, 81)
    assert score((82, 80), (0, 0)) == (82, 80)  # E54
    assert score((70, 92), (50, 20)) == (120, 112)  # E55
    assert score((70, 92), (0, 20)) == (0, 182)  # E55, N-S forgot to claim
    assert score((90, 72), (0, 20)) == (0, 182)  # E56
    assert score((75, 87), (40, 50)) == (0, 252)  # E57
    assert score((71, 91), (20, 0)) == (0, 182)  # E58


def test_e59_to_e62() -> None:
    assert score((162, 0), (20, 0), pit=0) == (282, 0)  # E59
    assert score((0, 162), (0, 20), pit=1) == (0, 282)  # E60
    assert score((0, 162), (0, 20), pit=1, pit_for_any_team=False) == (0, 182)
    assert score((62, 100), (20, 0), playing=1) == (82, 100)  # E61
    assert score((60, 102), (200, 0)) == (260, 102)  # E62


# --- §9.6 full deals ----------------------------------------------------------------------

E63_HANDS = [
    "JS KH 8H AD TD JD 7D QC",
    "8S TH JH 7H QD 9D TC 8C",
    "TS QS AH QH KD AC KC 7C",
    "AS KS 9S 7S 9H 8D JC 9C",
]
E63_PLAY = (
    "JD QD KD 8D  AD 9D 7C AS  TH AH 9H KH  AC 9C QC 8C  TS 7S JS 8S  KC JC 8H TC "
    "JH QH 9S 7D  TD 7H QS KS"
)
E64_PLAY = (
    "JD QD KD 8D  AD 9D 7C AS  TH AH 9H KH  AC 9C QC 8C  TS 7S JS 8S  KC JC 7D TC "
    "TD 7H QS 9S  8H JH QH KS"
)


def play_deal(rules: str, hands: list[str], trump: str, plays: str) -> tt.Deal:
    deal = tt.load("klaverjas", play_rules=rules).new_deal(hands=hands, dealer="W")
    deal.apply(f"trump:{trump}")  # N names trumps at the first turn
    for card in plays.split():
        deal.apply(card)
    return deal


def test_e63_amsterdam_made() -> None:
    deal = tt.load("klaverjas").new_deal(hands=E63_HANDS, dealer="W")
    deal.apply("trump:D")
    cards = E63_PLAY.split()
    for i, card in enumerate(cards):
        if i == 1:  # trick 1: E must trump and cannot beat JD
            assert {str(a) for a in deal.legal_actions()} == {"QD", "9D"}
        if i == 22:  # trick 6: N may discard under partner's winning KC
            assert {str(a) for a in deal.legal_actions()} == {"8H", "TD", "7D"}
        if i == 27:  # trick 7: N void in hearts, partner winning with a plain card (A2a)
            assert {str(a) for a in deal.legal_actions()} == {"TD", "7D"}
        deal.apply(card)
    result = deal.result()
    assert result.card_points == (110, 52) and result.roem == (40, 0)
    assert result.score == (150, 52) and result.made
    winners = [t["winner"] for t in deal.completed_tricks()]  # type: ignore[attr-defined]
    assert winners == [SEAT[s] for s in "NESSSENN"]
    assert [t["points"] for t in deal.completed_tricks()] == [27, 36, 25, 14, 12, 16, 5, 27]  # type: ignore[attr-defined]


def test_e64_rotterdam() -> None:
    deal = tt.load("klaverjas", play_rules="rotterdam").new_deal(hands=E63_HANDS, dealer="W")
    deal.apply("trump:D")
    for i, card in enumerate(E64_PLAY.split()):
        if i == 22:  # trick 6: Rotterdam obliges N to trump over the partner
            assert {str(a) for a in deal.legal_actions()} == {"TD", "7D"}
        deal.apply(card)
    result = deal.result()
    assert result.card_points == (126, 36) and result.score == (166, 36)


E65_HANDS = [
    "TS QS KH 9H 9D 7D QC JC",
    "AS 9S 7S 7H TD KD AC 8C",
    "TH JH 8H QD 8D TC KC 7C",
    "KS JS 8S AH QH AD JD 9C",
]
E65_PLAY = (
    "JC 8C 7C 9C  QC AC KC AH  AS TC 8S TS  TH QH KH 7H  QD AD 7D TD  KS QS 7S 8H  "
    "JS 9H 9S 8D  JD 9D KD JH"
)


def test_e65_nat_by_roem() -> None:
    deal = tt.load("klaverjas").new_deal(hands=E65_HANDS, dealer="W")
    deal.apply("trump:C")
    for i, card in enumerate(E65_PLAY.split()):
        if i == 6:  # trick 2: S cannot beat AC, any trump
            assert {str(a) for a in deal.legal_actions()} == {"TC", "KC"}
        if i == 9:  # trick 3: S void in spades, opponent winning: must trump
            assert {str(a) for a in deal.legal_actions()} == {"TC"}
        deal.apply(card)
    result = deal.result()
    assert result.card_points == (82, 80) and result.roem == (20, 40)
    assert result.total == (102, 120) and not result.made
    assert result.score == (0, 222)


# --- §9.7 game and tournament totals ------------------------------------------------------


def test_e66_end_of_game() -> None:
    assert game_is_over("deals:16", [2010, 1992], 16)
    assert not game_is_over("deals:16", [2010, 1992], 15)
    assert game_is_over("points:1500", [1512, 1340], 11)
    assert not game_is_over("points:1500", [1600, 1600], 15)  # equal: another deal
    assert not game_is_over("points:1500", [1452, 1430], 11)
    assert game_is_over("points:1500", [1452 + 92, 1430 + 90], 12)
    assert score_sheet_is_consistent(2010, 1992, 16)


def test_e67_tournament_rotation() -> None:
    totals, ranking = tournament_standings([[1850, 1622], [1500, 1902], [1700, 1752]])
    assert totals == (5050, 4874, 5504, 5224)
    assert ranking == (("P3",), ("P4",), ("P1",), ("P2",))


def test_e68_game_total_invariant() -> None:
    deals = [
        ((110, 52), (40, 0), 0, -1),  # E63
        ((92, 70), (20, 0), 0, -1),  # E51
        ((80, 82), (0, 0), 0, -1),  # E52
        ((81, 81), (0, 0), 0, -1),  # E53
        ((82, 80), (20, 40), 0, -1),  # E65
        ((82, 80), (0, 0), 0, -1),  # E54
        ((70, 92), (50, 20), 0, -1),  # E55
        ((90, 72), (0, 20), 0, -1),  # E56
        ((75, 87), (40, 50), 0, -1),  # E57
        ((71, 91), (20, 0), 0, -1),  # E58
        ((162, 0), (20, 0), 0, 0),  # E59
        ((0, 162), (0, 20), 0, 1),  # E60
        ((62, 100), (20, 0), 1, -1),  # E61
        ((60, 102), (200, 0), 0, -1),  # E62
        ((92, 70), (20, 0), 0, -1),  # E51
        ((82, 80), (0, 0), 0, -1),  # E54
    ]
    cumulative = [0, 0]
    rows = []
    for n, (cp, roem, playing, pit) in enumerate(deals, start=1):
        ns, ew = score(cp, roem, playing=playing, pit=pit)
        cumulative[0] += ns
        cumulative[1] += ew
        rows.append((ns, ew, cumulative[0], cumulative[1]))
        assert (ns + ew) % 10 == 2
        assert score_sheet_is_consistent(cumulative[0], cumulative[1], n)
    assert rows[0] == (150, 52, 150, 52)
    assert rows[4] == (0, 222, 262, 668)
    assert rows[13] == (260, 102, 1088, 1960)
    assert cumulative == [1282, 2110]
    assert not score_sheet_is_consistent(2010, 1987, 16)
