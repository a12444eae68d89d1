"""All Fours / Pitch deal flow, auctions, scoring order, matches and positions.

Each test named after an example of docs/rules/allfours.md reproduces it; card-play and item
examples that need no deal flow are in test_allfours_core.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import tricktaker as tt
from tricktaker.cards import Card, Suit
from tricktaker.games.allfours import AllFoursDeal, AllFoursGame, first_jack_dealer
from tricktaker.games.allfours.deal import deal_order, kick_points


def stacked(
    game: AllFoursGame,
    fixed: dict[int, str] | None = None,
    hands: dict[int, str] | None = None,
    avoid: dict[int, str] | None = None,
    dealer: int = 0,
) -> list[str]:
    """A deck order (top first) with card k (1-based) as ``fixed[k]``, the initial hands
    containing ``hands[seat]`` and seat s holding no card of suit ``avoid[s]`` in the initial
    deal; every other position gets the remaining cards in pack order."""
    o = game.options
    fixed = dict(fixed or {})
    size = len(game.deck)
    seats = deal_order(o.num_players, dealer, o.deal_size, o.deal_packet_size)
    order: list[str | None] = [None] * size
    for k, card in fixed.items():
        order[k - 1] = str(Card.parse(card))
    for seat, text in (hands or {}).items():
        free = [i for i, s in enumerate(seats) if s == seat and order[i] is None]
        for i, card in zip(free, text.split(), strict=False):
            order[i] = str(Card.parse(card))
    used = {c for c in order if c is not None}
    rest = [str(c) for c in game.deck if str(c) not in used]
    avoid = avoid or {}
    for i in range(size):
        if order[i] is not None:
            continue
        seat = seats[i] if i < len(seats) else None
        bad = avoid.get(seat) if seat is not None else None
        pick = next(c for c in rest if bad is None or not c.endswith(bad))
        rest.remove(pick)
        order[i] = pick
    return [c for c in order if c is not None]


def play_randomly(deal: AllFoursDeal, seed: int = 0) -> None:
    import random

    rnd = random.Random(seed)
    while not deal.is_over:
        deal.apply(rnd.choice(deal.legal_actions()))


def trinidad(**options: Any) -> AllFoursGame:
    game = tt.load("allfours", preset="trinidad", **options)
    assert isinstance(game, AllFoursGame)
    return game


def kinds(deal: AllFoursDeal) -> list[tuple[str, str, int]]:
    result = deal.result()
    assert result is not None
    return [(c.kind, "AB"[c.side] if c.side < 2 else "C", c.points) for c in result.credits]


# --- registry and options ---------------------------------------------------------------


def test_registry_and_presets() -> None:
    info = tt.games()
    presets = {
        "trinidad",
        "trinidad_modern",
        "tobago",
        "yorkshire",
        "auction_pitch",
        "five_point_setback",
        "oklahoma_ten_point",
    }
    assert set(info["allfours"].presets) == presets == set(info["pitch"].presets)
    assert tt.load("pitch").options == tt.load("allfours", preset="auction_pitch").options
    assert tt.load("allfours").options == tt.load("pitch", preset="trinidad").options
    ok = tt.load("pitch", preset="oklahoma_ten_point", num_players=6).options
    assert (ok.deal_size, ok.widow, ok.exchange_max, ok.partnership) == (8, "dealer", 0, "pairs")
    assert ok.sides() == [0, 1, 2, 0, 1, 2]
    assert tt.load("pitch", num_players=3).options.sides() == [0, 1, 2]
    assert tt.load("pitch", num_players=6, partnership="teams_of_three").options.sides() == [
        0, 1, 0, 1, 0, 1,
    ]  # fmt: skip
    sb = tt.load("pitch", preset="five_point_setback").options
    assert (sb.deck_size, sb.max_points, sb.bid_range, sb.target) == (28, 5, (2, 5), 12)
    okl = tt.load("pitch", preset="oklahoma_ten_point").options
    assert (okl.deck_size, okl.max_points, okl.bid_range) == (54, 10, (2, 10))
    assert tt.load("pitch", shoot_the_moon=True).options.bid_range == (2, 5)
    assert tt.load("allfours", preset="trinidad_modern").options.target == 14


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"preset": "nope"}, "no preset"),
        ({"colour": "red"}, "no option 'colour'"),
        ({"target": 0}, "target"),
        ({"five": 3}, "allowed values"),
        ({"max_runs": 3}, "allowed values"),
        ({"jokers": True}, "turn_up"),
        ({"preset": "auction_pitch", "jack_scoring": "hang_jack"}, "hang_jack"),
        ({"deal_size": 9}, "declare"),
        ({"preset": "yorkshire", "kick_points": "trinidad"}, "kick_points"),
        ({"num_players": 5, "partnership": "pairs"}, "pairs"),
        ({"preset": "trinidad", "num_players": 6}, "preset trinidad is for"),
        ({"preset": "auction_pitch", "num_players": 7, "deal_size": 9, "play_size": 6}, "declare"),
        (
            {
                "preset": "auction_pitch",
                "num_players": 7,
                "deal_size": 9,
                "trump_selection": "declare",
            },
            "63",
        ),
        ({"preset": "auction_pitch", "max_bid": 9}, "more than can be made"),
        ({"deck_ranks": "AKQX"}, "rank letters"),
        ({"first_dealer": "fixed:5"}, "not a seat"),
    ],
)
def test_bad_options(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tt.load("allfours", **kwargs)


# --- the kick and begging (T5-T13, V3) ------------------------------------------------------


def test_e8_kick_table() -> None:
    tri, tob = trinidad().options, trinidad(kick_points="tobago").options
    for card, t, b in [("AC", 1, 1), ("6D", 2, 0), ("JH", 3, 3), ("KS", 0, 0), ("2H", 0, 2)]:
        assert kick_points(tri, Card.parse(card)) == t
        assert kick_points(tob, Card.parse(card)) == b
    assert tt.load("allfours", preset="tobago").options.kick_points == "tobago"


def test_e10_beg_give_one() -> None:
    for first_lead, leader in [("dealer_unless_run", 0), ("eldest", 1)]:
        game = trinidad(first_lead=first_lead)
        deal = game.new_deal(deck=stacked(game, {25: "KD"}), dealer=0)
        assert deal.phase == "beg" and deal.to_move == 1
        deal.apply("beg")
        assert deal.phase == "respond" and deal.to_move == 0
        assert [str(a) for a in deal.legal_actions()] == ["give_one", "run"]
        deal.apply("give_one")
        assert deal.scores == [0, 1] and deal.trump == Suit.DIAMONDS
        assert deal.phase == "play" and deal.to_move == leader
        assert all(len(deal.hand(s)) == 6 for s in range(4))


def test_e11_run_new_suit_turned_jack() -> None:
    game = trinidad()
    deal = game.new_deal(deck=stacked(game, {25: "AH", 38: "JS"}), dealer=0)
    assert deal.scores == [1, 0]
    deal.apply("beg")
    deal.apply("run")
    assert deal.trump == Suit.SPADES and deal.scores == [4, 0]
    assert all(len(deal.hand(s)) == 9 for s in range(4))
    assert deal.to_move == 1  # the begger leads (both lead rules)
    order = deal._setup["deck"]
    assert [str(c) for c in deal.hand(1)] == sorted(
        order[0:3] + order[12:15] + order[25:28], key=lambda c: Card.parse(c).id
    )
    play_randomly(deal)
    result = deal.result()
    assert result is not None and all(c.kind != "jack" for c in result.items)
    assert [c.kind for c in result.credits[:2]] == ["kick", "kick"]
    eldest = trinidad(first_lead="eldest").new_deal(deck=order, dealer=0)
    eldest.apply("beg")
    eldest.apply("run")
    assert eldest.to_move == 1


def test_e12_two_runs_then_throw_in() -> None:
    for max_runs in (2, "unlimited"):
        game = trinidad(max_runs=max_runs)
        deal = game.new_deal(deck=stacked(game, {25: "2C", 38: "6C", 51: "AC"}), dealer=0)
        deal.apply("beg")
        deal.apply("run")
        result = deal.result()
        assert result is not None and result.thrown_in and deal.runs == 2
        assert result.scores == (3, 0) and result.next_dealer == 0 and result.winner is None


def test_e12_two_players_runs() -> None:
    fixed = {13: "2C", 20: "3C", 27: "4C", 34: "5C", 41: "6C", 48: "7C"}
    game = trinidad(num_players=2)
    deal = game.new_deal(deck=stacked(game, fixed), dealer=0)
    deal.apply("beg")
    deal.apply("run")
    assert deal.result() is not None and deal.runs == 2
    assert [str(c) for c in deal.turned] == ["2C", "3C", "4C"]
    game = trinidad(num_players=2, max_runs="unlimited")
    deal = game.new_deal(deck=stacked(game, fixed), dealer=0)
    deal.apply("beg")
    deal.apply("run")
    assert deal.runs == 5 and len(deal.stock) == 4
    assert [str(c) for c in deal.turned] == ["2C", "3C", "4C", "5C", "6C", "7C"]
    result = deal.result()
    assert result is not None and result.thrown_in and result.next_dealer == 0


def test_e13_kick_wins_the_game() -> None:
    game = trinidad()
    deal = game.new_deal(deck=stacked(game, {25: "JD"}), dealer=0, scores=[19, 0])
    result = deal.result()
    assert deal.is_over and result is not None and result.winner == 0
    assert result.scores == (22, 0) and deal.state is None


def test_e14_complete_deal_through_the_flow() -> None:
    game = trinidad()
    hands = {
        0: "KH 4H AS TC 3D 7S",
        1: "JH 9H KC QD 4S 2C",
        2: "2H TD KS 5C 6D 9S",
        3: "7H TS QC JD 8C 4D",
    }
    deal = game.new_deal(deck=stacked(game, {25: "5H"}, hands), dealer=0)
    assert deal.scores == [0, 0]
    deal.apply("stand")
    assert deal.trump == Suit.HEARTS and deal.to_move == 0
    plays = "AS 4S 9S TS 3D QD 6D 4D JH 2H 7H KH 7S 2C KS JD TD 8C TC 9H KC 5C QC 4H"
    for card in plays.split():
        deal.apply(card)
    assert kinds(deal) == [("high", "A", 1), ("low", "A", 1), ("jack", "A", 3), ("game", "A", 1)]
    result = deal.result()
    assert result is not None and result.scores == (6, 0) and result.game_values == (27, 22)


def test_t17_counting_order_stops_at_the_target() -> None:
    """E14's deal with A at 17: High 18, Low 19, hang jack 22 -> A wins; Game is not credited."""
    game = trinidad()
    position = "dealer=S0 trump=H leader=S0 scores=17,20 S0:A7.K4.3.T 4.J9.Q.K2 K9.2.T6.5 T.7.J4.Q8"
    deal = game.parse_position(position)
    for card in [
        "AS",
        "4S",
        "9S",
        "TS",
        "3D",
        "QD",
        "6D",
        "4D",
        "JH",
        "2H",
        "7H",
        "KH",
        "7S",
        "2C",
        "KS",
        "JD",
        "TD",
        "8C",
        "TC",
        "9H",
        "KC",
        "5C",
        "QC",
        "4H",
    ]:
        deal.apply(card)
    result = deal.result()
    assert result is not None and result.winner == 0
    assert [c.kind for c in result.credits] == ["high", "low", "jack"]
    assert result.scores == (22, 20)


def test_e19_gift_reaching_the_target() -> None:
    game = trinidad()
    deck = stacked(game, {25: "3S"})
    deal = game.new_deal(deck=deck, dealer=0, scores=[0, 20])
    deal.apply("beg")
    deal.apply("give_one")
    result = deal.result()
    assert result is not None and result.winner == 1 and result.scores == (0, 21)
    strict = trinidad(gift_may_win=False).new_deal(deck=deck, dealer=0, scores=[0, 20])
    strict.apply("beg")
    assert [str(a) for a in strict.legal_actions()] == ["run"]
    with pytest.raises(tt.IllegalAction):
        strict.apply("give_one")


V3 = {"begging": "eldest_or_trumpless_opponent"}


def test_e20_trumpless_opponent_begs() -> None:
    game = trinidad(**V3)
    deck = stacked(game, {25: "7S", 38: "QD"}, avoid={3: "S"})
    deal = game.new_deal(deck=deck, dealer=0)
    deal.apply("stand")
    assert deal.phase == "beg" and deal.to_move == 3  # S2 is on the dealer's side
    deal.apply("beg")
    deal.apply("give_one")
    assert deal.scores == [0, 1] and deal.trump == Suit.SPADES and deal.to_move == 0
    for first_lead, leader in [("dealer_unless_run", 3), ("eldest", 1)]:
        ran = trinidad(first_lead=first_lead, **V3).new_deal(deck=deck, dealer=0)
        ran.apply("stand")
        ran.apply("beg")
        ran.apply("run")
        assert ran.trump == Suit.DIAMONDS and ran.to_move == leader
    # With a spade, S3 may not beg: play starts at once with spades.
    deck = stacked(game, {25: "7S"}, hands={3: "2S"})
    deal = game.new_deal(deck=deck, dealer=0)
    deal.apply("stand")
    assert deal.phase == "play" and deal.trump == Suit.SPADES and deal.to_move == 0


def test_e21_yorkshire_first_dealer_and_trump() -> None:
    cards = [Card.parse(c) for c in ["4D", "KC", "JH"]]
    assert first_jack_dealer(cards, 4) == (2, 2)
    assert first_jack_dealer(cards, 4, before=True) == (1, 2)
    game = tt.load("allfours", preset="yorkshire")
    assert isinstance(game, AllFoursGame)
    deal = game.new_deal(deck=stacked(game, hands={2: "8S"}, dealer=2), dealer=2)
    assert deal.phase == "play" and deal.to_move == 2 and deal.state is None
    assert deal.credits == [] and deal.turned == []
    assert len(deal.legal_actions()) == 6
    deal.apply("8S")
    assert deal.trump == Suit.SPADES and deal.to_move == 3
    mcleod = tt.load(
        "allfours", preset="yorkshire", first_lead="eldest", first_dealer="first_jack_faceup_before"
    )
    deal = mcleod.new_deal(dealer=1, seed=1)
    assert deal.to_move == 2
    alone = tt.load("allfours", preset="yorkshire", first_lead="eldest").new_deal(dealer=2, seed=1)
    assert alone.to_move == 3


def test_e40_yorkshire_mcleod_first_dealer() -> None:
    cards = [Card.parse(c) for c in ["5C", "9D", "QH", "2S", "JC"]]
    assert first_jack_dealer(cards, 4, start=0, before=True) == (3, 0)
    assert first_jack_dealer(cards, 4, start=0) == (0, 0)


def test_first_dealer_in_a_match() -> None:
    game = tt.load("allfours", preset="yorkshire")
    match = game.new_match(seed=11)
    draw = match.first_dealer_draw
    assert draw is not None and draw["cards"][-1][0] == "J"
    assert match.deal.dealer == draw["dealer"] == draw["jack_to"]
    assert match.observation(0)["match"]["first_dealer_draw"] == draw


def test_e41_one_beg_per_deal() -> None:
    game = trinidad(**V3)
    deck = stacked(game, {25: "7S", 38: "QD"}, avoid={3: "S", 1: "D"})
    deal = game.new_deal(deck=deck, dealer=0)
    deal.apply("stand")
    assert deal.trump is None
    deal.apply("beg")
    deal.apply("run")
    assert deal.trump == Suit.DIAMONDS and deal.phase == "play" and deal.to_move == 3
    declined = game.new_deal(deck=deck, dealer=0)
    declined.apply("stand")
    declined.apply("stand")
    assert declined.trump == Suit.SPADES and declined.to_move == 0
    assert all(len(declined.hand(s)) == 6 for s in range(4))


def test_e42_dealer_partner_begs_run_only() -> None:
    game = trinidad(dealer_side_may_beg="run_only", **V3)
    deck = stacked(game, {25: "7S", 38: "TC"}, avoid={2: "S", 3: "S"})
    deal = game.new_deal(deck=deck, dealer=0)
    deal.apply("stand")
    assert deal.to_move == 2
    deal.apply("beg")
    assert [str(a) for a in deal.legal_actions()] == ["run"]
    deal.apply("run")
    assert deal.trump == Suit.CLUBS and deal.to_move == 2 and len(deal.hand(0)) == 9
    # Had S2 declined, S3 (no spade) may beg.
    other = game.new_deal(deck=deck, dealer=0)
    other.apply("stand")
    other.apply("stand")
    assert other.to_move == 3 and other.phase == "beg"
    # Default dealer_side_may_beg = no: S2 never gets a turn.
    default = trinidad(**V3).new_deal(deck=deck, dealer=0)
    default.apply("stand")
    assert default.to_move == 3


def test_e44_jick_with_a_turn_up() -> None:
    game = trinidad(jick=True)
    deal = game.new_deal(deck=stacked(game, {25: "JH", 38: "4D"}), dealer=0)
    assert deal.scores == [3, 0]
    deal.apply("beg")
    deal.apply("run")
    assert deal.trump == Suit.DIAMONDS
    play_randomly(deal)
    result = deal.result()
    assert result is not None and all(c.kind != "jick" for c in result.items)
    spades = game.new_deal(deck=stacked(game, {25: "JH", 38: "4S"}, hands={1: "JC"}), dealer=0)
    spades.apply("beg")
    spades.apply("run")
    assert spades.trump == Suit.SPADES
    state = spades.play_state()
    assert state.rules.effective_suit(Card.parse("JC").id) == int(Suit.SPADES)
    assert (
        state.rules.strength(Card.parse("JC").id) == state.rules.strength(Card.parse("JS").id) - 1
    )
    play_randomly(spades)
    result = spades.result()
    assert result is not None and any(c.kind == "jick" for c in result.items)
    with pytest.raises(ValueError, match="jokers"):
        trinidad(jick=True, jokers=True)


def test_e45_run_order() -> None:
    game = trinidad()
    fixed = {25: "KD", 26: "5D", 38: "QC", 39: "6S"}
    deal = game.new_deal(deck=stacked(game, fixed), dealer=0)
    deal.apply("beg")
    deal.apply("run")
    assert deal.trump == Suit.CLUBS and Card.parse("5D") in deal.hand(1)
    assert len(deal.hand(0)) == 9 and deal.to_move == 1
    other = trinidad(run_order="turn_then_deal").new_deal(deck=stacked(game, fixed), dealer=0)
    other.apply("beg")
    other.apply("run")
    assert [str(c) for c in other.turned] == ["KD", "5D", "6S"]
    assert other.trump == Suit.SPADES and other.scores == [2, 0]
    assert Card.parse("QC") in other.hand(0) and len(other.hand(0)) == 12
    assert other.to_move == 1


def test_e46_trinidad_modern() -> None:
    modern = tt.load("allfours", preset="trinidad_modern")
    assert isinstance(modern, AllFoursGame)
    deck = stacked(modern, {25: "9C"})
    for preset, leader in [("trinidad_modern", 1), ("trinidad", 0)]:
        deal = tt.load("allfours", preset=preset).new_deal(deck=deck, dealer=0)
        deal.apply("stand")
        assert deal.to_move == leader
        gift = tt.load("allfours", preset=preset).new_deal(deck=deck, dealer=0)
        gift.apply("beg")
        gift.apply("give_one")
        assert gift.to_move == leader
    kick = stacked(modern, {25: "6C"})
    won = modern.new_deal(deck=kick, dealer=0, scores=[12, 10])
    assert won.is_over and won.result() is not None and won.result().winner == 0  # type: ignore[union-attr]
    going = trinidad().new_deal(deck=kick, dealer=0, scores=[12, 10])
    assert not going.is_over and going.scores == [14, 10]


def test_e49_kick_during_a_run_decides() -> None:
    game = trinidad()
    a = game.new_deal(deck=stacked(game, {25: "3S", 38: "JD"}), dealer=0, scores=[19, 20])
    a.apply("beg")
    a.apply("run")
    result = a.result()
    assert result is not None and result.winner == 0 and result.scores == (22, 20)
    assert a.state is None
    b = game.new_deal(deck=stacked(game, {25: "3S", 38: "AS", 51: "6H"}), dealer=0, scores=[19, 20])
    b.apply("beg")
    b.apply("run")
    result = b.result()
    assert result is not None and result.winner == 0 and result.scores == (22, 20)
    assert [c.points for c in result.credits] == [1, 2]


# --- the auction (P4, S4) ---------------------------------------------------------------------


def bids(deal: AllFoursDeal) -> list[str]:
    return [str(a) for a in deal.legal_actions()]


def test_e22_dealer_steals() -> None:
    deal = tt.load("pitch").new_deal(seed=1, dealer=0)
    for call in ["pass", "bid:2", "bid:3"]:
        deal.apply(call)
    assert bids(deal) == ["pass", "bid:3", "bid:4"]
    deal.apply("bid:3")
    assert deal.pitcher == 0 and deal.bid == 3 and deal.to_move == 0
    strict = tt.load("pitch", dealer_priority=False).new_deal(seed=1, dealer=0)
    for call in ["pass", "bid:2", "bid:3"]:
        strict.apply(call)
    assert bids(strict) == ["pass", "bid:4"]
    with pytest.raises(tt.IllegalAction):
        strict.apply("bid:3")
    strict.apply("pass")
    assert strict.pitcher == 3 and strict.bid == 3 and strict.to_move == 3


def test_e23_forced_dealer() -> None:
    deal = tt.load("pitch").new_deal(seed=1, dealer=0)
    for _ in range(3):
        deal.apply("pass")
    assert bids(deal) == ["bid:2", "bid:3", "bid:4"]
    with pytest.raises(tt.IllegalAction):
        deal.apply("pass")
    deal.apply("bid:2")
    assert deal.pitcher == 0 and deal.bid == 2 and deal.phase == "play"


def test_all_pass_redeal_next_dealer() -> None:
    game = tt.load("pitch", preset="five_point_setback", all_pass="redeal_next_dealer",
                   auction_style="single_round")  # fmt: skip
    deal = game.new_deal(seed=2, dealer=1)
    for _ in range(4):
        deal.apply("pass")
    result = deal.result()
    assert result is not None and result.thrown_in and result.next_dealer == 2


def test_e34_set_back_multi_round() -> None:
    game = tt.load("pitch", preset="five_point_setback")
    deal = game.new_deal(seed=3, dealer=0)
    for call in ["bid:2", "pass", "bid:3", "pass", "bid:4"]:
        deal.apply(call)
    assert deal.to_move == 3
    deal.apply("bid:5")
    assert deal.pitcher == 3 and deal.bid == 5 and deal.phase == "play"
    other = game.new_deal(seed=3, dealer=0)
    for call in ["bid:2", "pass", "bid:3", "pass", "bid:4", "pass"]:
        other.apply(call)
    assert other.pitcher == 1 and other.bid == 4
    forced = game.new_deal(seed=3, dealer=0)
    for _ in range(3):
        forced.apply("pass")
    assert bids(forced) == ["bid:2", "bid:3", "bid:4", "bid:5"]


def test_e39_set_back_dealer_priority() -> None:
    game = tt.load("pitch", preset="five_point_setback")
    deal = game.new_deal(seed=3, dealer=0)
    for call in ["bid:2", "bid:3", "pass"]:
        deal.apply(call)
    assert deal.to_move == 0 and "bid:3" in bids(deal)
    for call in ["bid:3", "bid:4", "pass"]:
        deal.apply(call)
    assert deal.to_move == 0 and bids(deal) == ["pass", "bid:4", "bid:5"]
    deal.apply("bid:4")
    deal.apply("bid:5")
    assert deal.to_move == 0 and bids(deal) == ["pass", "bid:5"]
    steal = deal.clone()
    assert isinstance(steal, AllFoursDeal)
    steal.apply("bid:5")
    assert steal.pitcher == 0 and steal.bid == 5
    deal.apply("pass")
    assert deal.pitcher == 1 and deal.bid == 5
    # A 5 from the dealer in round 2 ends the auction at once.
    early = game.new_deal(seed=3, dealer=0)
    for call in ["bid:2", "bid:3", "pass", "bid:3", "bid:4", "pass", "bid:5"]:
        early.apply(call)
    assert early.pitcher == 0 and early.phase == "play"
    strict = tt.load("pitch", preset="five_point_setback", dealer_priority=False)
    deal = strict.new_deal(seed=3, dealer=0)
    for call in ["bid:2", "bid:3", "pass"]:
        deal.apply(call)
    assert bids(deal) == ["pass", "bid:4", "bid:5"]


def test_e48_forced_dealer_with_moon() -> None:
    game = tt.load("pitch", shoot_the_moon=True, moon_requires_bid=True)
    deal = game.new_deal(seed=1, dealer=0)
    for _ in range(3):
        deal.apply("pass")
    assert bids(deal) == ["bid:2", "bid:3", "bid:4", "bid:5"]


# --- pitching, scoring and winning (P6, P9, P10, PV3) -----------------------------------------


def test_pitch_sets_trump_e37() -> None:
    game = tt.load("pitch", preset="five_point_setback")
    assert isinstance(game, AllFoursGame)
    deck = stacked(game, hands={2: "JD JH"})
    for card, trump, jick in [("JD", Suit.DIAMONDS, "JH"), ("JH", Suit.HEARTS, "JD")]:
        deal = game.new_deal(deck=deck, dealer=0)
        for call in ["pass", "bid:2", "pass", "pass"]:
            deal.apply(call)
        assert deal.pitcher == 2 and deal.to_move == 2
        deal.apply(card)
        assert deal.trump == trump
        rules = deal.play_state().rules
        assert rules.effective_suit(Card.parse(jick).id) == int(trump)
    jokers = tt.load("pitch", jokers=True)
    deal = jokers.new_deal(seed=4, dealer=0)
    for call in ["pass", "pass", "pass", "bid:2"]:
        deal.apply(call)
    hand = deal.hand(0)
    if not any(c.is_joker for c in hand):
        deal.hands[0][0] = Card.parse("RJ")  # the pitcher holds a joker for this check
    assert all(not a.card.is_joker for a in deal.legal_actions() if a.card is not None)
    with pytest.raises(tt.IllegalAction):
        deal.apply("RJ")


PITCH_PV3 = {"win_check": "end_of_deal_any"}


def test_e25_e26_contracts_through_positions() -> None:
    game = tt.load("pitch")
    assert isinstance(game, AllFoursGame)
    made = game.parse_position(
        "dealer=S3 trump=H leader=S0 pitcher=S0 bid=2 S0:-.A.-.- -.2.-.- -.J.-.- -.-.-.5"
    )
    for card in ["AH", "2H", "JH", "5C"]:
        made.apply(card)
    result = made.result()
    assert result is not None and result.made and result.score_change == (3, 1)
    set_back = game.parse_position(
        "dealer=S3 trump=H leader=S0 pitcher=S0 bid=3 scores=1,0 "
        "S0:-.A.4.- -.3J.-.- -.2.5.- 5.-.A.-"
    )
    for card in ["AH", "3H", "2H", "5S", "4D", "JH", "5D", "AD"]:
        set_back.apply(card)
    result = set_back.result()
    assert result is not None and not result.made
    assert result.scores == (-2, 2) and result.winner is None
    assert ("set_back", 0, -3) in [(c.kind, c.side, c.points) for c in result.credits]


def test_e28_pv3_bidder_priority() -> None:
    game = tt.load("pitch", **PITCH_PV3)
    assert isinstance(game, AllFoursGame)
    a = game.parse_position(
        "dealer=S0 trump=H leader=S1 pitcher=S1 bid=3 scores=20,18 "
        "S0:6.2.-.- 7.3.-.- 5.A.-.- T.J.-.-"
    )
    for card in ["3H", "AH", "JH", "2H", "5S", "TS", "6S", "7S"]:
        a.apply(card)
    result = a.result()
    assert result is not None and result.scores == (23, 15) and result.winner == 0
    p10 = tt.load("pitch").parse_position(a.position().split(" | ")[0])
    for card in ["3H", "AH", "JH", "2H", "5S", "TS", "6S", "7S"]:
        p10.apply(card)
    assert p10.result() is not None and p10.result().winner is None  # type: ignore[union-attr]
    b = game.parse_position(
        "dealer=S0 trump=H leader=S1 pitcher=S1 bid=2 scores=20,19 "
        "S0:T.5.-.- 7.A.-.- -.J4.-.- 8.2.-.-"
    )
    for card in ["AH", "4H", "2H", "5H", "7S", "JH", "8S", "TS"]:
        b.apply(card)
    result = b.result()
    assert result is not None and result.scores == (22, 21) and result.winner == 1


def test_p10_non_bidder_passes_target_without_winning() -> None:
    game = tt.load("pitch")
    assert isinstance(game, AllFoursGame)
    deal = game.parse_position(
        "dealer=S0 trump=H leader=S1 pitcher=S1 bid=3 scores=20,18 "
        "S0:6.2.-.- 7.3.-.- 5.A.-.- T.J.-.-"
    )
    for card in ["3H", "AH", "JH", "2H", "5S", "TS", "6S", "7S"]:
        deal.apply(card)
    result = deal.result()
    assert result is not None and result.scores == (23, 15) and result.winner is None


E50_OPTIONS = {"num_players": 3, "win_check": "end_of_deal_any"}


def test_e50_pv3_tie_break_three_sides() -> None:
    game = tt.load("pitch", **E50_OPTIONS)
    assert isinstance(game, AllFoursGame) and game.options.partnership == "none"
    a = game.parse_position(
        "dealer=S0 trump=H leader=S2 pitcher=S2 bid=2 scores=19,20,15 S0:4.A.-.- -.J3.-.- 5.2.-.-"
    )
    for card in ["2H", "AH", "3H", "4S", "JH", "5S"]:
        a.apply(card)
    result = a.result()
    assert result is not None and result.scores == (21, 21, 13) and result.winner == 1
    b = game.parse_position(
        "dealer=S0 trump=H leader=S2 pitcher=S2 bid=2 scores=20,20,15 S0:-.J3.-.- T.A.-.- 5.2.-.-"
    )
    for card in ["2H", "3H", "AH", "TS", "5S", "JH"]:
        b.apply(card)
    result = b.result()
    assert result is not None and result.scores == (22, 21, 13) and result.winner == 0


# --- Oklahoma (O4-O9) -------------------------------------------------------------------------


def test_e36_oklahoma_six_players() -> None:
    game = tt.load("pitch", preset="oklahoma_ten_point", num_players=6)
    deal = game.new_deal(seed=5, dealer=0)
    assert [len(deal.hand(s)) for s in range(6)] == [8] * 6 and len(deal.stock) == 6
    for _ in range(5):
        deal.apply("pass")
    deal.apply("bid:2")
    assert deal.phase == "declare" and deal.to_move == 0
    deal.apply("trump:S")
    assert deal.widow_taker == 0 and len(deal.hand(0)) == 14 and deal.stock == []
    discards = 0
    while deal.phase == "discard":
        deal.apply(deal.legal_actions()[0])
        discards += 1
    assert discards == 8 + 5 * 2
    assert deal.phase == "play" and all(len(deal.hand(s)) == 6 for s in range(6))
    assert [len(d) for d in deal.discards] == [8, 2, 2, 2, 2, 2]


def test_e36_oklahoma_four_players_exchange() -> None:
    game = tt.load("pitch", preset="oklahoma_ten_point")
    deal = game.new_deal(seed=6, dealer=0)
    assert [len(deal.hand(s)) for s in range(4)] == [9] * 4 and len(deal.stock) == 18
    for call in ["bid:3", "pass", "pass", "pass"]:
        deal.apply(call)
    assert deal.pitcher == 1 and deal.phase == "declare" and deal.to_move == 1
    deal.apply("trump:H")
    assert deal.phase == "exchange" and deal.to_move == 1
    order = []
    while deal.phase == "exchange":
        seat = deal.to_move
        assert seat is not None
        order.append(seat)
        for _ in range(4):
            discard = next(a for a in deal.legal_actions() if str(a).startswith("discard:"))
            deal.apply(discard)
        assert [str(a) for a in deal.legal_actions()] == ["done"]
        deal.apply("done")
        assert len(deal.hand(seat)) == 9 and deal.exchanged[seat] == 4
    assert order == [1, 2, 3, 0] and len(deal.stock) == 2
    while deal.phase == "discard":
        deal.apply(deal.legal_actions()[0])
    assert deal.phase == "play" and deal.to_move == 1
    hand = deal.play_state().hand(1)
    trumps = deal.play_state().rules.trump_cards
    legal = deal.play_state().legal_moves()
    if hand & trumps:
        assert legal == hand & trumps  # O9: the pitcher leads a trump if he holds one
    play_randomly(deal)
    result = deal.result()
    assert result is not None and result.bid == 3


def test_pv6_first_lead_need_not_be_trump() -> None:
    game = tt.load("pitch", preset="oklahoma_ten_point", first_lead_must_be_trump=False)
    deal = game.new_deal(seed=6, dealer=0)
    for call in ["bid:3", "pass", "pass", "pass", "trump:H"]:
        deal.apply(call)
    while deal.phase in ("exchange", "discard"):
        deal.apply(
            deal.legal_actions()[-1] if deal.phase == "exchange" else deal.legal_actions()[0]
        )
    state = deal.play_state()
    assert state.legal_moves() == state.hand(1)


# --- folding (PV10, E38) ----------------------------------------------------------------------


def test_e38_folding_in_a_deal() -> None:
    game = tt.load("pitch", folding=True)
    assert isinstance(game, AllFoursGame)
    deal = game.parse_position(
        "dealer=S3 trump=S leader=S0 pitcher=S0 bid=2 "
        "S0:AK.5432.-.- 64.T986.-.- 75.AKQJ.-.- 3.7.95.84"
    )
    for card in ["AS", "4S", "5S", "3S", "KS", "6S", "7S", "8C", "2H", "6H", "KH"]:
        deal.apply(card)
    assert deal.to_move == 3 and "fold" in bids(deal)
    deal.apply("fold")
    folded = deal.observation(0)["folded"]
    assert folded[:3] == [None, None, None] and set(folded[3]) == {"7H", "9D", "5D", "4C"}
    play_randomly(deal)
    result = deal.result()
    assert result is not None and result.folded[0] == 3
    no = game.parse_position(
        "dealer=S3 trump=S leader=S0 pitcher=S0 bid=2 "
        "S0:AK.5432.-.- 64.7986.-.- 75.AKQJ.-.- 3.T.95.84"
    )
    for card in ["AS", "4S", "5S", "3S", "KS", "6S", "7S", "8C", "2H", "6H", "KH"]:
        no.apply(card)
    assert "fold" not in bids(no)
    with pytest.raises(tt.IllegalAction):
        no.apply("fold")


# --- positions, JSON, observations, bad input -------------------------------------------------


def test_position_round_trip() -> None:
    game = tt.load("pitch", preset="oklahoma_ten_point")
    assert isinstance(game, AllFoursGame)
    deal = game.new_deal(seed=9, dealer=2)
    import random

    rnd = random.Random(1)
    while deal.phase != "play" or deal.state is None or deal.state.cards_played < 7:
        deal.apply(rnd.choice(deal.legal_actions()))
    text = deal.position()
    again = game.parse_position(text)
    assert again.position() == text
    assert again.play_state().legal_moves() == deal.play_state().legal_moves()
    assert again.play_state().history() == deal.play_state().history()


def test_json_round_trip_mid_deal_and_match() -> None:
    for preset in ["trinidad", "yorkshire", "five_point_setback", "oklahoma_ten_point"]:
        game = tt.load("allfours", preset=preset, folding=True)
        deal = game.new_deal(seed=21)
        import random

        rnd = random.Random(2)
        for _ in range(12):
            if deal.is_over:
                break
            deal.apply(rnd.choice(deal.legal_actions()))
        again = tt.from_json(deal.to_json())
        assert isinstance(again, AllFoursDeal)
        assert again.to_json() == deal.to_json()
        assert again.observation(1) == deal.observation(1)
        match = game.new_match(seed=5)
        for _ in range(40):
            if match.is_over:
                break
            match.apply(rnd.choice(match.legal_actions()))
        assert tt.from_json(match.to_json()).to_json() == match.to_json()


def test_observation_hides_other_hands() -> None:
    game = tt.load("pitch", preset="oklahoma_ten_point")
    deal = game.new_deal(seed=6, dealer=0)
    for call in ["bid:3", "pass", "pass", "pass", "trump:H", "discard:" + str(deal.hand(1)[0])]:
        deal.apply(call)
    obs = deal.observation(2)
    text = json.dumps(obs)
    for seat in (0, 1, 3):
        for card in deal.hand(seat):
            assert f'"{card}"' not in text
    assert f'"{deal.discards[1][0]}"' not in text
    for card in deal.stock:
        assert f'"{card}"' not in text
    assert obs["discard_counts"][1] == 1 and obs["my_discards"] == []


def unchanged(deal: AllFoursDeal, action: str, seat: int | None = None) -> None:
    before = deal.to_json(), deal.observation(0)
    with pytest.raises(tt.IllegalAction):
        deal.apply(action, seat=seat)
    assert (deal.to_json(), deal.observation(0)) == before


def test_bad_actions_leave_the_state_unchanged() -> None:
    pitch = tt.load("pitch").new_deal(seed=1, dealer=0)
    unchanged(pitch, "bid:1")  # below the minimum
    unchanged(pitch, "bid:5")  # above the maximum
    unchanged(pitch, "bid:2", seat=2)  # out of turn
    unchanged(pitch, "stand")
    pitch.apply("bid:3")
    unchanged(pitch, "bid:3")  # must exceed
    tri = trinidad().new_deal(seed=1, dealer=0)
    unchanged(tri, "beg", seat=2)  # begging by the wrong seat
    unchanged(tri, "give_one")
    unchanged(tri, str(tri.hand(1)[0]))  # no play before trump is fixed
    okl = tt.load("pitch", preset="oklahoma_ten_point").new_deal(seed=6, dealer=0)
    for call in ["bid:3", "pass", "pass", "pass", "trump:H"]:
        okl.apply(call)
    not_held = str(okl.hand(2)[0])
    unchanged(okl, f"discard:{not_held}")  # a discard that is not in hand
    unchanged(okl, "discard:XX")
    unchanged(okl, "trump:S")


def test_bad_setups() -> None:
    game = trinidad()
    with pytest.raises(ValueError, match="exactly once"):
        game.new_deal(deck=["AS"] * 52)
    with pytest.raises(ValueError, match="not a seat"):
        game.new_deal(dealer=7)
    with pytest.raises(ValueError, match="scores"):
        game.new_deal(scores=[1, 2, 3])
    with pytest.raises(ValueError, match="either"):
        game.new_deal(deck=[], hands=[])
    with pytest.raises(ValueError, match="twice"):
        game.new_deal(hands=["AS KS QS JS TS 9S"] * 4)
    with pytest.raises(ValueError, match="missing"):
        game.parse_position("dealer=S0 trump=H S0:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-")
    with pytest.raises(ValueError, match="pitcher"):
        game.parse_position(
            "dealer=S0 trump=H leader=S1 pitcher=S1 bid=2 S0:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-"
        )
    with pytest.raises(ValueError, match="malformed hand"):
        game.parse_position("dealer=S0 trump=H leader=S1 S0:X.-.-.- K.-.-.- Q.-.-.- J.-.-.-")
    with pytest.raises(ValueError):
        tt.from_json('{"game": "allfours"}')


def test_hands_setup_deals_exactly_those_hands() -> None:
    game = tt.load("pitch")
    hands = ["AS KS QS JS TS 9S", "AH KH QH JH TH 9H", "AD KD QD JD TD 9D", "AC KC QC JC TC 9C"]
    deal = game.new_deal(seed=3, dealer=2, hands=hands)
    for seat, text in enumerate(hands):
        assert {str(c) for c in deal.hand(seat)} == set(text.split())


def test_play_state_before_trump() -> None:
    deal = tt.load("pitch").new_deal(seed=1, dealer=0)
    with pytest.raises(tt.IllegalAction):
        deal.play_state()
    with pytest.raises(tt.IllegalAction):
        deal.position()


# --- simulate and the command line ------------------------------------------------------------


def test_simulate_summary() -> None:
    from tricktaker.sim import simulate

    res = simulate(tt.load("allfours"), deals=40, seed=1)
    summary = res.summary()
    assert 0 <= summary["beg_rate"] <= 1 and summary["bid_deals"] == 0
    assert res["score_change"].shape == (40, 7)
    pitch = simulate(tt.load("pitch", preset="five_point_setback"), deals=30, seed=2)
    s = pitch.summary()
    assert s["bid_deals"] == 30 and abs(s["made_rate"] + s["set_rate"] - 1) < 1e-9
    assert "bids made" in pitch.table() and "credited per deal" in pitch.table()
    again = simulate(tt.load("pitch", preset="five_point_setback"), deals=30, seed=2)
    assert (again["score_change"] == pitch["score_change"]).all()


def test_cli_play_and_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    from tricktaker.cli import main

    assert main(["simulate", "pitch", "--preset", "oklahoma_ten_point", "--deals", "5"]) == 0
    assert "mean bid" in capsys.readouterr().out
    code = main(["play", "allfours", "--preset", "tobago", "--seats", "none", "--deals", "1",
                 "--seed", "3"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0 and "a new deal" in out and "Done: 1 deal played." in out
