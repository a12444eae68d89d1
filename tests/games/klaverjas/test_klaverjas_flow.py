"""Klaverjas deal flow, options, matches, notation and bad input."""

from __future__ import annotations

import json
import random

import pytest
from test_klaverjas_examples import E63_HANDS, E65_HANDS, E65_PLAY

import tricktaker as tt
from tricktaker.games.klaverjas import KlaverjasDeal, KlaverjasMatch


def e65_deal(**options: object) -> KlaverjasDeal:
    deal = tt.load("klaverjas", **options).new_deal(hands=E65_HANDS, dealer="W")
    deal.apply("trump:C")
    return deal  # type: ignore[return-value]


# --- manual roem claims (§4.6) ------------------------------------------------------------


def test_manual_claim_window_and_out_of_turn_claim() -> None:
    deal = e65_deal(roem_claim="manual")
    cards = E65_PLAY.split()
    for card in cards[:4]:  # trick 1: 7-8-9 of clubs, 20 roem, won by N
        deal.apply(card)
    assert deal.to_move == 0
    assert "claim" in [str(a) for a in deal.legal_actions()]
    assert [str(a) for a in deal.legal_actions(2)] == ["claim"]  # partner S may claim too
    assert deal.legal_actions(1) == []  # E-W won nothing
    with pytest.raises(tt.IllegalAction):
        deal.apply("claim", seat=1)
    event = deal.apply("claim", seat=2)
    assert event.detail["roem"] == 20
    assert "claim" not in [str(a) for a in deal.legal_actions()]
    for card in cards[4:8]:  # trick 2: Q-K-A of clubs + stuk, 40 roem to E-W
        deal.apply(card)
    deal.apply(cards[8])  # E leads: the window closed unclaimed
    assert deal.legal_actions(3) == []
    for card in cards[9:]:
        deal.apply(card)
    result = deal.result()
    assert result is not None and result.roem == (20, 0)
    # NS 82 + 20 = 102 against EW 80: made, because E-W lost their 40 by not claiming.
    assert result.made and result.score == (102, 80)


def test_manual_claim_of_last_trick_before_scoring() -> None:
    hands = [
        "AS KS QS JS TS 9S 8S 7S",
        "AH KH QH JH TH 9H 8H 7H",
        "AD KD QD JD TD 9D 8D 7D",
        "AC KC QC JC TC 9C 8C 7C",
    ]
    deal = tt.load("klaverjas", roem_claim="manual").new_deal(hands=hands, dealer="W")
    deal.apply("trump:S")
    for rank in "AKQT987J":  # N's trump wins every trick; each trick is four of a kind
        for suit in "SHDC":
            deal.apply(rank + suit)
        if deal.phase == "play" and rank in "AKQT":
            deal.apply("claim")
    # The last trick (four jacks, 200) waits for a claim before scoring.
    assert deal.phase == "roem_claim"
    assert {str(a) for a in deal.legal_actions()} == {"claim", "pass"}
    deal.apply("claim")
    assert deal.is_over
    result = deal.result()
    assert result is not None and result.pit_team == 0
    assert result.roem == (4 * 100 + 200, 0)


# --- illegal_play = penalize (§5.8) ---------------------------------------------------------


def test_penalize_accepts_a_revoke_and_scores_it() -> None:
    deal = tt.load("klaverjas", illegal_play="penalize").new_deal(hands=E63_HANDS, dealer="W")
    deal.apply("trump:D")
    deal.apply("JD")
    event = deal.apply("8S")  # E holds QD 9D: a revoke
    assert event.detail.get("illegal") is True
    with pytest.raises(tt.IllegalAction, match="AS is not allowed for seat S"):
        deal.apply("AS")  # a card S does not hold is still rejected
    rng = random.Random(3)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    result = deal.result()
    assert result is not None and result.penalized_team == 1
    assert result.score == (162 + sum(result.roem), 0)


def test_reject_is_default() -> None:
    deal = tt.load("klaverjas").new_deal(hands=E63_HANDS, dealer="W")
    deal.apply("trump:D")
    deal.apply("JD")
    before = deal.to_json()
    with pytest.raises(tt.IllegalAction, match=r"8S is not allowed.*allowed: 9D QD"):
        deal.apply("8S")
    assert deal.to_json() == before


# --- bad input ------------------------------------------------------------------------------


def test_bad_input_is_clear_and_changes_nothing() -> None:
    deal = tt.load("klaverjas").new_deal(seed=11, dealer="N")
    before = deal.to_json()
    for bad, message in [
        ("JH", "not allowed.*trump_selection.*pass"),
        ("accept", "not allowed"),
        ("trump:X", "not allowed"),
        ("claim", "not allowed"),
        ("", "not allowed"),
    ]:
        with pytest.raises(tt.IllegalAction, match=message):
            deal.apply(bad)
        assert deal.to_json() == before
    with pytest.raises(tt.IllegalAction):
        deal.apply("pass", seat=3)  # the wrong seat
    with pytest.raises(tt.IllegalAction):
        deal.apply(42)  # type: ignore[arg-type]
    assert isinstance(tt.IllegalAction("x"), ValueError)


def test_bad_deal_setups() -> None:
    game = tt.load("klaverjas")
    with pytest.raises(ValueError, match="dealt twice"):
        game.new_deal(hands=["AS"] * 8 and [E63_HANDS[0]] * 4)
    with pytest.raises(ValueError, match="has 7 cards"):
        game.new_deal(hands=[h.rsplit(" ", 1)[0] for h in E63_HANDS])
    with pytest.raises(ValueError, match="not in the 32-card"):
        game.new_deal(hands=["2S" + E63_HANDS[0][2:]] + E63_HANDS[1:])
    with pytest.raises(ValueError, match="each of the 32 cards"):
        game.new_deal(deck=["AS"] * 32)
    with pytest.raises(ValueError, match="not a seat"):
        game.new_deal(seed=1, dealer="X")
    with pytest.raises(ValueError, match="seed"):
        game.new_deal(seed=-1)
    with pytest.raises(ValueError, match="either deck= or hands="):
        game.new_deal(deck=[], hands=[])
    with pytest.raises(ValueError, match="malformed card"):
        game.new_deal(hands=["ZZ"] * 4)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"play_rules": "paris"}, "allowed values: 'amsterdam', 'rotterdam'"),
        ({"tie_is_nat": "yes"}, "allowed values: True, False"),
        ({"game_end": "deals:0"}, "deals:N"),
        ({"game_end": "forever"}, "points:P"),
        ({"first_dealer": "Q"}, "N, E, S, W"),
        ({"colour": "red"}, "no option 'colour'"),
        ({"preset": "amsterdam_club"}, "no preset 'amsterdam_club'; presets: rotterdam_dutch_club"),
    ],
)
def test_bad_options(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tt.load("klaverjas", **options)  # type: ignore[arg-type]


def test_unknown_game() -> None:
    with pytest.raises(ValueError, match="unknown game 'bridge'; games: .*klaverjas"):
        tt.load("bridge")


def test_games_lists_options_and_presets() -> None:
    info = tt.games()["klaverjas"]
    assert "rotterdam_dutch_club" in info.presets
    names = {o["name"] for o in info.options}
    assert {"play_rules", "trump_selection", "game_end", "roem_claim"} <= names


# --- observations ---------------------------------------------------------------------------


def test_last_trick_only_visibility() -> None:
    deal = e65_deal(trick_history_visible="last_trick_only")
    for card in E65_PLAY.split()[:12]:
        deal.apply(card)
    obs = deal.observation("S")
    assert len(obs["tricks"]) == 1 and obs["tricks"][0]["winner"] == 2  # S
    full = e65_deal()
    for card in E65_PLAY.split()[:12]:
        full.apply(card)
    assert len(full.observation("S")["tricks"]) == 3


def test_observation_shows_only_own_hand_and_public_calls() -> None:
    deal = tt.load("klaverjas", trump_selection="drawn").new_deal(seed=3, dealer="W")
    deal.apply("pass")
    obs = deal.observation("E")
    assert obs["hand"] == [str(c) for c in deal.hand("E")]
    assert obs["calls"] == [[0, "pass"]]  # N
    assert obs["proposed_suit"] in "SHDC"
    assert obs["legal_actions"] == ["accept", "pass"]
    assert deal.observation("S")["legal_actions"] == []


# --- positions, play state, JSON ------------------------------------------------------------


def test_position_round_trip_and_errors() -> None:
    deal = e65_deal()
    for card in E65_PLAY.split()[:10]:
        deal.apply(card)
    text = deal.position()
    assert text.startswith("dealer=W trump=C declarer=N rules=amsterdam N:")
    again = tt.load("klaverjas").parse_position(text)
    assert again.position() == text
    observed, expected = again.observation("N"), deal.observation("N")
    assert observed.pop("calls") == [] and expected.pop("calls") == [[0, "trump:C"]]  # N
    assert observed == expected
    game = tt.load("klaverjas")
    with pytest.raises(ValueError, match="trump= is missing"):
        game.parse_position("dealer=W declarer=N N:" + text.split("N:")[1])
    with pytest.raises(ValueError, match="expected N: followed by 4 hands"):
        game.parse_position("dealer=W trump=C declarer=N N:AK.-.-.-")
    with pytest.raises(ValueError, match="play_rules='rotterdam'"):
        game.parse_position(text.replace("rules=amsterdam", "rules=rotterdam"))
    with pytest.raises(tt.IllegalAction):
        game.parse_position(text.split("|")[0] + "| 8C")  # N must lead; 8C is E's card
    with pytest.raises(ValueError, match="unexpected"):
        game.parse_position("vul=NS " + text)
    fresh = tt.load("klaverjas").new_deal(seed=1)
    with pytest.raises(tt.IllegalAction, match="choose trumps first"):
        fresh.position()


def test_play_state_is_a_copy() -> None:
    deal = e65_deal()
    state = deal.play_state()
    state.play(state.legal_cards()[0])
    assert deal.play_state().cards_played == 0
    assert state.cards_played == 1
    state.undo()
    assert state.cards_played == 0


def test_from_json_rejects_garbage() -> None:
    with pytest.raises(ValueError, match="not a tricktaker JSON"):
        tt.from_json("{}")
    with pytest.raises(json.JSONDecodeError):
        tt.from_json("not json")
    data = json.loads(e65_deal().to_json())
    data["log"].append([1, "AS"])
    with pytest.raises(tt.IllegalAction):
        tt.from_json(json.dumps(data))


# --- matches --------------------------------------------------------------------------------


def play_match(match: KlaverjasMatch, seed: int) -> None:
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))


def test_sixteen_deal_game_rotates_the_dealer() -> None:
    match = tt.load("klaverjas").new_match(seed=9)
    dealers = []
    rng = random.Random(1)
    while not match.is_over:
        if match.deal.phase == "trump_selection" and not match.deal.calls:
            dealers.append(match.deal.dealer)
        match.apply(rng.choice(match.legal_actions()))
    assert len(dealers) == 16
    assert all((b - a) % 4 == 1 for a, b in zip(dealers, dealers[1:], strict=False))
    standings = match.result()
    assert standings.deals_played == 16 and standings.over
    total = sum(standings.team_scores)
    assert (total - 16 * 162) % 10 == 0 and total % 10 == 2
    assert standings.winner in ("NS", "EW", "draw")
    assert match.legal_actions() == []
    with pytest.raises(tt.IllegalAction, match="over"):
        match.apply("pass")


def test_points_game_end() -> None:
    match = tt.load("klaverjas", game_end="points:600").new_match(seed=4)
    play_match(match, 4)
    scores = match.result().team_scores
    assert max(scores) >= 600 and scores[0] != scores[1]
    first = match.results[0]
    running = [0, 0]
    for result in first[:-1]:
        running = [running[0] + result.score[0], running[1] + result.score[1]]
        assert max(running) < 600 or running[0] == running[1]


def test_rotating_partners_tournament() -> None:
    match = tt.load("klaverjas", match_format="rotating_partners_48").new_match(seed=2)
    play_match(match, 2)
    standings = match.result()
    assert standings.deals_played == 48
    assert standings.player_totals is not None and standings.ranking is not None
    assert sum(standings.player_totals) == 2 * sum(sum(s) for s in match.game_scores)
    assert [len(r) for r in match.results] == [16, 16, 16]


def test_drawn_persistent_pile_and_first_deal_clubs() -> None:
    game = tt.load(
        "klaverjas",
        trump_selection="drawn",
        drawn_suit_source="persistent_pile",
        drawn_first_deal_clubs=True,
        game_end="deals:21",
    )
    match = game.new_match(seed=8)
    proposed = []
    rng = random.Random(8)
    while not match.is_over:
        if not match.deal.calls and match.deal.phase == "trump_selection":
            proposed.append(match.deal.proposed_suit)
        match.apply(rng.choice(match.legal_actions()))
    assert proposed[0] == tt.Suit.CLUBS
    # Deals 2..21 draw the 20-card pile without replacement: five of each suit.
    assert sorted(proposed[1:21]) == sorted([s for s in tt.Suit for _ in range(5)])


def test_match_json_round_trip_mid_game() -> None:
    match = tt.load("klaverjas", roem_claim="manual").new_match(seed=12)
    rng = random.Random(12)
    for _ in range(150):
        match.apply(rng.choice(match.legal_actions()))
    text = match.to_json()
    again = tt.from_json(text)
    assert again.to_json() == text
    assert again.observation(0) == match.observation(0)
    assert match.clone().to_json() == text


def test_same_seed_same_match() -> None:
    a = tt.load("klaverjas").new_match(seed=77)
    b = tt.load("klaverjas").new_match(seed=77)
    assert a.observation(0) == b.observation(0)
    assert a.deal.hands_dealt == b.deal.hands_dealt
