"""Whist and bridge tools: PBN boards read through endplay, and endplay.Deal both ways."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker.games.whist.pbn import from_endplay, read_pbn, read_pbn_file, to_endplay

endplay_types = pytest.importorskip("endplay.types")

HANDS = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
BOARDS = f"""[Event "club night"]
[Board "1"]
[Dealer "N"]
[Deal "{HANDS}"]
[Declarer "S"]
[Contract "4H"]
[Result "10"]
[Play "W"]
SK H3 SA S3
HA H6 HK H2
*

[Board "2"]
[Dealer "E"]
[Deal "E:{HANDS[2:]}"]
"""


def test_a_pbn_file_of_two_boards(tmp_path: Path) -> None:
    path = tmp_path / "night.pbn"
    path.write_text(BOARDS, encoding="utf-8")
    first, second = read_pbn_file(str(path))
    # Board 1: 4♥ by S, so hearts are trumps and W (declarer's left) leads; the play is
    # replayed (PBN lists each trick from W's column): N ruffs W's K♠ with the 3♥, leads the
    # 6♥, and W's A♥ wins; W leads trick 3.
    assert first.trump == tt.Suit.HEARTS
    assert first.position().startswith(f"trump=H leader=W {HANDS} | KS 3H AS 3S 6H KH 2H AH")
    assert [t["winner"] for t in first.completed_tricks()] == [0, 3]
    assert first.seat_name(first.to_move) == "W"
    # Board 2: no contract (no trump), the dealer E's left-hand opponent S leads; the hands
    # are given from E, so each seat holds what board 1 gave the seat before it.
    assert second.trump is None
    assert second.seat_name(second.to_move) == "S"
    h1, h2, h3, h4 = HANDS[2:].split()
    assert second.position() == f"trump=NT leader=S N:{h4} {h1} {h2} {h3}"


def test_a_lone_deal_tag() -> None:
    [deal] = read_pbn('[Deal "W:AK.7.. QJ.8.. T9.9.. 87.T.."]')
    assert [str(c) for c in deal.hand("W")] == ["KS", "AS", "7H"]
    assert deal.seat_name(deal.to_move) == "N"  # no dealer tag: North leads


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("no pbn here", "not a PBN text"),
        ('[Deal "N:AK.7.. QJ.8.. T9.9.. 87.TA.."]', "board 1: .*equal size"),
        ('[Event "x"]', "board 1: .*hands are empty"),
        (BOARDS.replace("SK H3 SA S3", "SA H3 SK S3"), "card 1 of the play"),
    ],
)
def test_bad_pbn_is_refused_naming_the_fault(text: str, words: str) -> None:
    with pytest.raises(tt.Error, match=words):
        read_pbn(text)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), played=st.integers(0, 51), trump=st.sampled_from("SHDCN"))
def test_endplay_round_trip_keeps_the_position(seed: int, played: int, trump: str) -> None:
    game = tt.load("whist")
    deal = game.new_deal(seed, trump="NT" if trump == "N" else trump, leader=seed % 4)
    for _ in range(played):
        deal.apply(deal.legal_actions()[seed % len(deal.legal_actions())])
    theirs = to_endplay(deal)
    # endplay sees the same hands, trump, trick and the same legal cards
    assert len(theirs.curtrick) == len(deal.observation(0)["trick"])
    legal = sorted(f"{c.rank.name[1:]}{'SHDC'[int(c.suit)]}" for c in theirs.legal_moves())
    assert legal == sorted(str(a) for a in deal.legal_actions())
    back = from_endplay(theirs, game)
    assert back.to_move == deal.to_move
    assert back.observation(0)["trick"] == deal.observation(0)["trick"]
    for seat in range(4):
        assert back.hand(seat) == deal.hand(seat)
    # the double-dummy value of the rest of the play (tricks to come) is the same
    if 4 * 13 - played <= 16:
        assert tt.solve(back).value == tt.solve(deal).value


def test_from_endplay_of_an_endplay_deal() -> None:
    theirs = endplay_types.Deal("N:AK.7.. QJ.8.. T9.9.. 87.T..")
    theirs.trump = endplay_types.Denom.spades
    theirs.first = endplay_types.Player.east
    theirs.play(endplay_types.Card("SQ"))
    deal = from_endplay(theirs)
    assert deal.position() == "trump=S leader=E N:AK.7.. QJ.8.. T9.9.. 87.T.. | QS"
    assert deal.seat_name(deal.to_move) == "S"
