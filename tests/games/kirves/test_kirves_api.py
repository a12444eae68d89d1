"""The Kirves API: loading and options, bad input (a clear exception and no change), the
position notation, observations and JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest
from kirves_helpers import A, B, C, D, fill_hands, finish, game, legal

import tricktaker as tt
from tricktaker.cards import Card, Suit
from tricktaker.games import kirves as K

# --- loading and options ------------------------------------------------------------------


def test_registered_for_every_player_count() -> None:
    assert "kirves" in tt.games()
    info = tt.games()["kirves"]
    assert info.presets == ("rantasalmi",)
    names = {o["name"] for o in info.options}
    assert {"num_players", "overtake_required", "kirves_penalty_mode"} <= names
    for n in range(2, 11):
        g = tt.load("kirves", num_players=n)
        assert isinstance(g, K.KirvesGame) and g.num_players == n
        deal = g.new_deal(seed=n)
        assert deal.phase == K.CUT and len(deal.participants) == n
    rantasalmi = tt.load("kirves", num_players=4, preset="rantasalmi")
    assert rantasalmi.options.overtake_required
    assert "overtake_required=True" in repr(rantasalmi)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "needs num_players"),
        ({"num_players": 1}, "2..10"),
        ({"num_players": 11}, "2..10"),
        ({"num_players": True}, "2..10"),
        ({"num_players": 4, "paakot_mode": "sometimes"}, "allowed values: 'auto'"),
        ({"num_players": 4, "overtake_required": 1}, "allowed values"),
        ({"num_players": 4, "no_such_option": 1}, "no option 'no_such_option'"),
        ({"num_players": 4, "cut_min_packet": 1}, "2..52"),
        ({"num_players": 4, "cut_min_packet": 30, "cut_max_packet": 20}, "above"),
        ({"num_players": 4, "first_dealer": "E"}, "not a seat"),
        ({"num_players": 4, "first_dealer": "north"}, "'random' or a seat"),
        ({"num_players": 4, "overtake_exempts_partner": True}, "needs overtake_required"),
        ({"num_players": 4, "points_keppi": 1.5}, "integer"),
        ({"num_players": 4, "voluntary_bonus_min_participants": 11}, "0..10"),
        ({"num_players": 4, "preset": "helsinki"}, "no preset 'helsinki'"),
    ],
)
def test_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tt.load("kirves", **options)


# --- bad actions leave the deal unchanged ---------------------------------------------------


def rejects(machine: tt.Deal | tt.Match, action: str, match: str, seat: int | None = None) -> None:
    before = machine.to_json()
    obs = machine.observation(0)
    with pytest.raises(tt.IllegalAction, match=match):
        machine.apply(action, seat=seat)
    assert machine.to_json() == before
    assert machine.observation(0) == obs


def speaking(turned: str = "9H", given: dict[int, str] | None = None, **o: Any) -> K.KirvesDeal:
    suit = Card.parse(turned).suit
    assert suit is not None
    hands = fill_hands(4, given or {}, exclude=turned, avoid_suits=suit.letter)
    return game(4, **o).new_deal(dealer="D", hands=hands, turned=turned)


def test_veto_without_kiellonvara() -> None:
    deal = speaking()
    deal.apply("change")
    assert deal.to_move == B and legal(deal) == ["consent"]
    rejects(deal, "veto", "veto is not allowed for seat B")
    # A jack of the turned suit is no kiellonvara.
    deal = speaking(given={B: "JH"})
    deal.apply("change")
    rejects(deal, "veto", "not allowed")


def test_fold_that_would_leave_one_player() -> None:
    deal = game(3).new_deal(dealer="C", hands=fill_hands(3, {}, exclude="6D"), turned="6D")
    deal.apply("pass")
    deal.apply("keep")
    deal.apply("stay")
    deal.apply("fold")
    rejects(deal, "fold", "fold is not allowed.*allowed: stay")


def test_discard_of_the_taken_card() -> None:
    deal = game(4).new_deal(dealer="C", hands=fill_hands(4, {}), turned="BJ")
    rejects(deal, "discard:BJ", "not allowed")
    rejects(deal, "discard:AS", "not allowed")  # not held
    deal = game(4).new_deal(
        dealer="C", hands=fill_hands(4, {}, exclude="5S"), turned="5S", cut_jack="JD"
    )
    rejects(deal, "discard:JD", "not allowed for seat B")
    # may_discard_taken_card allows it.
    deal = game(4, may_discard_taken_card=True).new_deal(
        dealer="C", hands=fill_hands(4, {}), turned="BJ"
    )
    deal.apply("discard:BJ")
    assert Card.parse("BJ") not in deal.hand(C)


def test_action_by_the_wrong_seat() -> None:
    deal = speaking()
    rejects(deal, "pass", "not allowed for seat B", seat=B)
    rejects(deal, "keep", "allowed: \\(none\\)", seat=C)
    deal = game(4).new_deal(seed=1, dealer="D")
    rejects(deal, "cut:20", "not allowed for seat A", seat=A)


def test_malformed_and_out_of_phase_actions() -> None:
    deal = game(4).new_deal(seed=1, dealer="D")
    rejects(deal, "cut:1", "cut:1 is not allowed")
    rejects(deal, "cut:53", "not allowed")
    rejects(deal, "cut:x", "not allowed")
    rejects(deal, "keep", "not allowed for seat C in phase cut")
    deal = speaking(given={A: "9C"})
    rejects(deal, "declare", "not allowed")
    rejects(deal, "suit:S", "not allowed")
    rejects(deal, "misdeal", "not allowed")  # misdeal_action_enabled is off
    deal.apply("pass")
    rejects(deal, "9C", "not allowed for seat B")  # B cannot lead directly


def test_throw_in_after_a_refusal() -> None:
    deal = speaking()
    for action in ("pass", "throw_in", "consent", "refuse"):
        deal.apply(action)
    rejects(deal, "throw_in", "not allowed")


def test_illegal_card_and_finished_deal() -> None:
    deal = speaking(given={A: "9C KC"}, turned="6D")
    deal.apply("pass")
    deal.apply("keep")
    while deal.phase == K.FOLDING:
        deal.apply("stay")
    deal.apply("9C")
    held = [c for c in deal.hand(B)]
    not_held = next(c for c in K.DECK if c not in held and str(c) != "9C")
    rejects(deal, str(not_held), "not allowed")
    finish(deal)
    rejects(deal, "pass", "the deal is over")


def test_choose_dealer_by_another_player() -> None:
    g = game(3)
    m = g.new_match(seed=4, dealer="A", marks=[0, 2, 3])
    from test_kirves_examples import _finish_match_deal

    _finish_match_deal(m, winner_mark=B)
    assert m.phase == K.CHOOSE_DEALER
    rejects(m, "dealer:B", "not allowed for seat B", seat=B)
    rejects(m, "dealer:Z", "not allowed")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"dealer": "E"}, "not a seat"),
        ({"marks": [0, 0, 0]}, "need 4 integers"),
        ({"marks": [3, 3, 3, 0]}, "at least 2 participants"),
        ({"participants": ["A", "B"], "dealer": "C"}, "not a participant"),
        ({"marks": [3, 0, 0, 0], "participants": ["A", "B"]}, "has 3 marks"),
        ({"deck": ["AS"] * 54}, "exactly once"),
        ({"hands": [["AS"]] * 4, "turned": "2C"}, "dealt twice"),
        ({"hands": fill_hands(4, {}), "turned": "2C"}, "also in a hand"),
        ({"hands": fill_hands(4, {}, exclude="KH"), "turned": "KH", "cut_jack": "QS"}, "jack"),
        ({"hands": fill_hands(4, {})}, "turned="),
        ({"turned": "KH"}, "need hands="),
        ({"hands": fill_hands(4, {}), "trump": "H"}, "trump_maker="),
        ({"hands": fill_hands(4, {}), "trump": "H", "trump_maker": "A", "folded": "BCD"}, "2"),
        ({"hands": fill_hands(4, {}), "trump": "X", "trump_maker": "A"}, "malformed suit"),
        ({"seed": -1}, "seed"),
        ({"examined_cut": "no"}, "True or False"),
    ],
)
def test_bad_new_deal(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        game(4).new_deal(**kwargs)


def test_bad_new_match() -> None:
    g = game(4)
    with pytest.raises(ValueError, match="games"):
        g.new_match(seed=1, games=0)
    with pytest.raises(ValueError, match="keppis"):
        g.new_match(seed=1, keppis=[2, 0, 0, 0])
    with pytest.raises(ValueError, match="escaped"):
        g.new_match(seed=1, marks=[3, 0, 0, 0], dealer="A")


# --- position notation ----------------------------------------------------------------------


def test_position_round_trip() -> None:
    g = game(4)
    hands = fill_hands(4, {A: "9C KC RJ", B: "JD"}, exclude="6D")
    deal = g.new_deal(dealer="D", hands=hands, turned="6D")
    deal.apply("pass")
    deal.apply("keep")
    deal.apply("stay")
    deal.apply("stay")
    deal.apply("fold")  # C
    deal.apply("stay")
    deal.apply("9C")
    deal.apply(legal(deal)[0])
    text = deal.position()
    assert text.startswith("players=4 dealer=D trump=D maker=B folded=C A:")
    assert " * " in text and text.endswith("| 9C " + text.split()[-1])
    again = g.parse_position(text)
    assert again.position() == text
    assert legal(again) == legal(deal)
    assert again.to_move == deal.to_move
    finish(again)
    finish(deal)
    assert again.result() is not None


def test_written_position() -> None:
    g = game(3, preset="rantasalmi")
    text = "players=3 dealer=C trump=S maker=A A:AK.-.Q.2.RJ QJ.A.3.A -.KQ.AK.K | AS"
    deal = g.parse_position(text)
    assert deal.trump == Suit.SPADES and deal.trump_maker == A and deal.to_move == B
    # B holds the queen and the jack of spades (trumps) and must beat the ace: only JS does.
    assert legal(deal) == ["JS"]
    assert deal.position() == text
    cut_jack = g.parse_position(
        "players=3 dealer=C trump=H kind=cut_jack A:AK.-.Q.2.RJ QJ.A.3.A.- -.KQ.AK.K.-"
    )
    assert cut_jack.kind == K.CUT_JACK and cut_jack.principals() == [B, C]
    free = g.parse_position(
        "players=3 dealer=C trump=H kind=free_for_all A:AK.-.Q.2.RJ QJ.A.3.A.- -.KQ.AK.K.-"
    )
    assert free.kind == K.FREE_FOR_ALL and free.trump_maker is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("players=4 dealer=C trump=S maker=A A:- - -", "players=4 but this game has 3"),
        ("players=3 dealer=C trump=S A:AK.-.Q.2.RJ QJ.A.3.A.- -.KQ.AK.K.-", "trump_maker="),
        ("players=3 dealer=C maker=A A:AK.-.Q.2.RJ QJ.A.3.A.- -.KQ.AK.K.-", "trump= is missing"),
        ("players=3 dealer=C trump=S maker=A A:AK.-.Q.2.RJ QJ.A.3.A.-", "3 hands"),
        ("players=3 dealer=C trump=S maker=A lead=B A:x y z", "unexpected 'lead=B'"),
        ("players=3 dealer=C trump=S maker=A A:AK.-.Q.2.RJ QJ.A.3.A.- -.KQ.AK.-", "5"),
        ("players=3 dealer=C trump=S maker=A A:AK.-.Q.2.RJ QJ.A.3.A.- * ", "folded or is out"),
        (
            "players=3 dealer=C trump=S maker=A A:AK.-.Q.2.RJ QJ.A.3.A.- -.KQ.AK.K.- | 3D",
            "3D is not allowed",
        ),
        ("players=3 dealer=C trump=S maker=A A:AK.-.Q.2.RJ AK.A.3.A.- -.KQ.AK.K.-", "twice"),
    ],
)
def test_bad_positions(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        game(3).parse_position(text)


def test_position_needs_the_play() -> None:
    with pytest.raises(tt.IllegalAction, match="starts with the play"):
        speaking().position()
    with pytest.raises(tt.IllegalAction, match="no play state"):
        speaking().play_state()


# --- observations and JSON ------------------------------------------------------------------


def test_observation_hides_other_hands_discards_and_peeks() -> None:
    g = game(4)
    hands = fill_hands(4, {C: "KS QS"}, exclude="AD")
    deal = g.new_deal(dealer="C", hands=hands, turned="AD", cut_jack="JD")
    b_discard = legal(deal)[0].split(":")[1]
    deal.apply(legal(deal)[0])  # B, the cutter
    deal.apply("discard:KS")  # C, the dealer
    for seat in range(4):
        obs = deal.observation(seat)
        text = json.dumps(obs)
        assert obs["hand"] == [str(c) for c in deal.hand(seat)]
        for other in range(4):
            if other != seat:
                for card in deal.hand(other):
                    if card not in (Card.parse("JD"), Card.parse("AD")):
                        assert f'"{card}"' not in text
        if seat not in (B, C):
            assert f'"{b_discard}"' not in text and '"KS"' not in text
    assert deal.observation(B)["discarded"] == b_discard
    assert deal.observation(C)["discarded"] == "KS"
    assert deal.observation(A)["discarded"] is None
    assert deal.observation(A)["cut"]["cut_jack"] == "JD"
    assert deal.observation(A)["hand_sizes"] == [5, 5, 5, 5]  # by seat id


def test_folded_cards_never_revealed() -> None:
    g = game(4)
    hands = fill_hands(4, {D: "KS QS 9S"}, exclude="6D")
    deal = g.new_deal(dealer="A", hands=hands, turned="6D")
    deal.apply("keep")  # B
    deal.apply("stay")  # B
    deal.apply("stay")  # C
    deal.apply("fold")  # D
    finish(deal)
    for seat in (A, B, C):
        text = json.dumps(deal.observation(seat))
        assert '"KS"' not in text and '"QS"' not in text
    assert "KS" in deal.observation(D)["hand"]


def test_deal_json_round_trip_and_clone() -> None:
    g = game(5, paakot_mode="manual", tournament_scoring=True)
    deal = g.new_deal(seed=42)
    import random

    rng = random.Random(3)
    texts = []
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
        texts.append(deal.to_json())
    for text in texts[::5] + texts[-1:]:
        again = tt.from_json(text)
        assert again.to_json() == text
    clone = deal.clone()
    assert clone.to_json() == deal.to_json() and clone.result() == deal.result()
    result = deal.result()
    assert result is not None and json.dumps(result.to_dict())
    # Positions and dealt hands round-trip too.
    hands = fill_hands(5, {}, exclude="6D")
    d2 = g.new_deal(dealer="E", hands=hands, turned="6D", marks=[0, 1, 2, 0, 0])
    d2.apply("no")
    assert tt.from_json(d2.to_json()).to_json() == d2.to_json()
    with pytest.raises(ValueError, match="missing"):
        tt.from_json(json.dumps({"game": "kirves", "kind": "deal"}))


def test_play_state_is_the_core() -> None:
    deal = speaking(turned="6D")
    deal.apply("keep")
    while deal.phase == K.FOLDING:
        deal.apply("stay")
    state = deal.play_state()
    assert isinstance(state, tt.PlayState)
    assert state.rules.trump == int(Suit.DIAMONDS)
    assert state.side(A) == 0 and state.side(B) == 1
    assert [Card(c) for c in state.legal_cards()] == deal.hand(A)
