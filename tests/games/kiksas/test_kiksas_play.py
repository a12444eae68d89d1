"""Kiksas and Trikiksis: the random-playout harness over every option, observations and their
secrecy, JSON and clone round trips, the position text, and bad input."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tricktaker as tt
from tricktaker.cards import Card, cards_from_mask
from tricktaker.games.kiksas import DECK, KiksasDeal, KiksasMatch, KiksasOptions

OPTION_VALUES: list[tuple[str, Any]] = []
for _f in KiksasOptions.__dataclass_fields__.values():
    _choices = _f.metadata.get("choices")
    if _f.name == "variant" or not _choices:
        continue
    OPTION_VALUES += [(_f.name, v) for v in _choices if v != _f.default]
OPTION_VALUES += [("first_dealer", "B")]

# Values under these keys name pairs or players ("AC" is also the ace of clubs).
CARD_NAMES = {str(Card(i)) for i in range(64) if (tt._core.ALL_CARDS >> i) & 1}
NOT_CARDS = {
    "name",
    "to",
    "side",
    "pair",
    "player",
    "winner",
    "writing_pair",
    "race_winner",
    "winners",
    "losers",
    "active_player",
}


def cards_in(data: Any, key: str | None = None) -> set[str]:
    """Every string in an observation that is a card, outside the pair/player fields."""
    if key in NOT_CARDS:
        return set()
    if isinstance(data, str):
        return {data} if data in CARD_NAMES else set()
    out: set[str] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            out |= cards_in(v, k)
    elif isinstance(data, (list, tuple)):
        for v in data:
            out |= cards_in(v, key)
    return out


def may_see(deal: KiksasDeal, seat: int) -> set[str]:
    """What a seat may know of the cards, worked out from the rules (§2.7, §3.5.1, §3.8.3, §4.3)
    independently of ``observation``."""
    seen: set[str] = set()
    if deal.hands_dealt is not None:
        choosing = deal.deal_type != "first" and deal.trump is None
        own = deal.hands_dealt[seat]
        if choosing and not deal.trikiksis and seat == deal.third:
            own = []
        elif choosing and deal.trikiksis and seat == deal.first:
            own = own[:6]
        seen |= {str(c) for c in own}
    if deal.state is not None:
        seen |= {str(Card(c)) for _, c in deal.state.history()}
    for event in deal.events:
        if event["type"] == "HandsExposed":
            seen |= set(event["cards"])
    if seat == deal.first and deal.peeked_card is not None:
        seen.add(str(deal.peeked_card))
    return seen


def check_deal(deal: KiksasDeal) -> None:
    """Invariants at any moment of a deal."""
    for seat in range(deal.n):
        obs = deal.observation(seat)
        leaked = cards_in(obs) - may_see(deal, seat)
        assert not leaked, (seat, deal.phase, leaked)
        json.dumps(obs)
    if deal.hands_dealt is not None:
        dealt = [c for h in deal.hands_dealt for c in h]
        assert sorted(dealt) == sorted(DECK)
    state = deal.state
    if state is not None:
        held = 0
        for seat in range(deal.n):
            hand = state.hand(seat)
            assert not held & hand
            held |= hand
        played = {Card(c) for _, c in state.history()}
        out = set() if deal.sitting_out is None else set(deal.hands_dealt[deal.sitting_out])  # type: ignore[index]
        everything = set(cards_from_mask(held)) | played | out
        assert everything == set(DECK) and len(played) == state.cards_played
        if deal.phase not in ("over",):
            assert deal.legal_actions(), deal.phase
        if deal.akis is not None and not deal.exposed:
            for seat in range(deal.n):
                assert deal.observation(seat)["open_hands"] == [None] * deal.n


def check_result(deal: KiksasDeal) -> None:
    res = deal.result()
    assert res is not None and deal.state is not None
    records = deal.state.trick_records()
    assert sum(res.points) == sum(r.points for r in records)
    if deal.state.is_terminal() and deal.akis is None:
        assert sum(res.points) == 138
        assert sum(res.player_points) == 138
    awarded = [e for e in deal.events if e["type"] == "FiguresAwarded"]
    assert [(_awardee(e), e["kind"], e["count"]) for e in awarded] == [
        (f["to"], f["kind"], f["count"]) for f in res.figures
    ]
    recipients = {f["to"] for f in res.figures}
    if deal.akis is not None:
        assert res.outcome in ("akis_made", "akis_failed")
        akis_side = deal._sides()[deal.akis[0]]
        side = akis_side if res.outcome == "akis_failed" else 1 - akis_side
        assert recipients == _side_names(deal, side)
        assert {f["kind"] for f in res.figures} == {"crosses"}
    elif deal.deal_type == "writing_off":
        # Exactly one side loses (receives figures) and so exactly one side wins.
        assert res.figures
        assert any(recipients == _side_names(deal, side) for side in (0, 1))
        if res.outcome == "race_won":
            assert res.race_winner is not None
            assert recipients == _side_names(deal, 1 - _side_index(deal, res.race_winner))
    else:
        assert res.outcome in ("written", "writer_egg", "writing_off_sweep")
    assert res.next_type in ("writing", "writing_off")


def _awardee(event: dict[str, Any]) -> str:
    """Who a FiguresAwarded event gives figures to, by name: a pair (its side id) in Kiksas, a
    player (its seat id) in Trikiksis."""
    return ("AC", "BD")[event["pair"]] if "pair" in event else "ABC"[event["player"]]


def _side_names(deal: KiksasDeal, side: int) -> set[str]:
    if not deal.trikiksis:
        return {("AC", "BD")[side]}
    return {"ABC"[s] for s in deal._side_members(side)}


def _side_index(deal: KiksasDeal, name: str) -> int:
    return 0 if name == deal._side_name(0) else 1


def choose_action(rnd: random.Random, phase: str, actions: list[tt.Action]) -> tt.Action:
    """A random policy that passes on Akis most of the time, so that every kind of deal occurs."""
    names = [str(a) for a in actions]
    if phase == "akis" and rnd.random() < 0.85:
        return actions[names.index("pass")]
    return rnd.choice(actions)


def run_match(game: tt.Game, seed: int, checks: bool = True) -> KiksasMatch:
    match = game.new_match(seed=seed)
    assert isinstance(match, KiksasMatch)
    rnd = random.Random(seed)
    seen_deals: list[KiksasDeal] = []
    steps = 0
    while not match.is_over:
        deal = match.deal
        if not seen_deals or seen_deals[-1] is not deal:
            seen_deals.append(deal)
        # Secrecy and conservation at every decision outside the play and at every trick's start.
        if checks and (deal.state is None or not deal.state.trick()):
            check_deal(deal)
        action = choose_action(rnd, match.phase, match.legal_actions())
        match.apply(action)
        if deal.is_over:
            check_result(deal)
        steps += 1
        assert steps < 5000
    # The figures are the sum of the awards, and the match ended at the limit.
    totals: dict[str, int] = {k: 0 for k in match.figures}
    for deal in seen_deals:
        for event in deal.events:
            if event["type"] == "FiguresAwarded":
                totals[_awardee(event)] += event["count"]
    assert totals == {k: v.total for k, v in match.figures.items()}
    res = match.result()
    assert match.events[-1]["type"] == "MatchEnded"
    winner = match.events[-1]["winner"]  # the seat ids of each winner
    assert "/".join("".join("ABCD"[s] for s in w) for w in winner) == "/".join(res.winners)
    assert [e["no"] for d in seen_deals for e in d.events if e["type"] == "DealStarted"] == list(
        range(1, len(seen_deals) + 1)
    )
    limit = game.options.figures_to_lose
    assert res.over and res.winners and res.losers
    assert all(totals[k] >= limit for k in res.losers)
    if game.options.variant != "trikiksis":
        assert len(res.losers) == 1 and totals[res.winners[0]] < limit
    else:
        fewest = min(totals.values())
        assert all(totals[k] == fewest for k in res.winners)
    assert res.deals_played == len(seen_deals)
    return match


@pytest.mark.parametrize("name", ["kiksas", "trikiksis"])
def test_harness_default_match(name: str) -> None:
    for seed in (1, 2):
        match = run_match(tt.load(name), seed)
        again = tt.from_json(match.to_json())
        assert again.result() == match.result()


@pytest.mark.parametrize("name", ["kiksas", "trikiksis"])
@pytest.mark.parametrize(("option", "value"), OPTION_VALUES)
def test_harness_every_option(name: str, option: str, value: Any) -> None:
    if name == "trikiksis" and option == "first_dealer" and value == "D":
        return
    game = tt.load(name, figures_to_lose=2, **{option: value})
    run_match(game, seed=hash((option, str(value))) % 1000)


def test_harness_option_mixes() -> None:
    mixes = [
        {"must_overtrump": True, "must_head_in_suit": True, "partner_exemption": True},
        {
            "writing_off_end": "end_when_decided",
            "writing_pair_sweep_in_writing_off_deal": "egg_to_O",
        },
        {"peek": "writing_off_only", "peek_decline": "reshuffle", "first_lead": "holder_any_card"},
        {"trikiksis_peek": True, "trikiksis_su_dviem_success": "one_each", "akis_play_out": True},
    ]
    for name in ("kiksas", "trikiksis"):
        for i, mix in enumerate(mixes):
            run_match(tt.load(name, figures_to_lose=3, **mix), seed=40 + i)


def test_every_kind_of_outcome_occurs() -> None:
    outcomes: dict[str, set[str]] = {"kiksas": set(), "trikiksis": set()}
    for name in outcomes:
        for seed in range(6):
            match = run_match(tt.load(name), seed, checks=False)
            outcomes[name] |= {r.outcome for r in match.results}
    for name in outcomes:
        assert {"written", "race_won", "akis_failed"} <= outcomes[name]


# --- observations -----------------------------------------------------------------------------


def test_third_hand_hidden_until_trump_chosen() -> None:
    deal = tt.load("kiksas").new_deal(seed=4, deal_type="writing", dealer="A")
    assert isinstance(deal, KiksasDeal)
    assert deal.phase == "peek"
    for seat in range(4):
        assert deal.observation(seat)["hand"] is None
    deal.apply("peek:none")
    obs = [deal.observation(s) for s in range(4)]
    assert obs[3]["hand"] is None  # D is the Third (First B's partner)
    assert obs[0]["hand"] and obs[1]["hand"] and obs[2]["hand"]
    assert obs[3]["hand_sizes"] == [6, 6, 6, 6]
    deal.apply(deal.legal_actions()[0])
    assert len(deal.observation(3)["hand"]) == 6
    check_deal(deal)


def test_first_deal_everyone_sees_their_hand() -> None:
    deal = tt.load("kiksas").new_deal(seed=4)
    assert all(len(deal.observation(s)["hand"]) == 6 for s in range(4))


def test_history_hidden_option() -> None:
    deal = tt.load("kiksas", history_visible=False).new_deal(seed=9, dealer="A")
    for _ in range(8):
        deal.apply(deal.legal_actions()[0])
    obs = deal.observation(0)
    assert obs["tricks"] == [] and "points" not in obs
    assert not [e for e in obs["events"] if e["type"] in ("CardPlayed", "TrickCompleted")]
    assert len(obs["my_played"]) == 2 and obs["tricks_won"] != [0, 0]
    visible = tt.load("kiksas").new_deal(seed=9, dealer="A").observation(0)
    assert "points" in visible and "my_played" not in visible


# --- round trips ------------------------------------------------------------------------------


def playout(deal: tt.Deal, seed: int, steps: int) -> None:
    rnd = random.Random(seed)
    for _ in range(steps):
        if deal.is_over:
            return
        deal.apply(choose_action(rnd, deal.phase, deal.legal_actions()))


@pytest.mark.parametrize("name", ["kiksas", "trikiksis"])
@pytest.mark.parametrize("steps", [0, 3, 9, 20, 200])
def test_json_and_clone_round_trip(name: str, steps: int) -> None:
    game = tt.load(name, peek_decline="cut")
    for deal_type, targets in (("first", None), ("writing", None), ("writing_off", (60, 78))):
        deal = game.new_deal(seed=steps + 11, deal_type=deal_type, targets=targets)
        playout(deal, steps, steps)
        text = deal.to_json()
        again = tt.from_json(text)
        assert again.to_json() == text
        copy = deal.clone()
        for seat in range(len(game.seats)):  # type: ignore[attr-defined]
            assert again.observation(seat) == deal.observation(seat)
            assert copy.observation(seat) == deal.observation(seat)
        assert again.legal_actions() == deal.legal_actions()


def test_match_json_and_clone_mid_match() -> None:
    match = tt.load("kiksas").new_match(seed=12)
    playout(match, 12, 60)
    text = match.to_json()
    again = tt.from_json(text)
    assert again.to_json() == text and again.observation(1) == match.observation(1)
    copy = match.clone()
    assert copy.observation(2) == match.observation(2)
    playout(copy, 3, 10)
    assert again.observation(2) == match.observation(2)  # the copy is independent


def test_same_seed_same_match() -> None:
    a = run_match(tt.load("trikiksis"), 77, checks=False)
    b = run_match(tt.load("trikiksis"), 77, checks=False)
    assert a.to_json() == b.to_json()


# --- the position text ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["kiksas", "trikiksis"])
@pytest.mark.parametrize("steps", [0, 1, 4, 11, 17, 30])
def test_position_round_trip(name: str, steps: int) -> None:
    game = tt.load(name)
    for deal_type, targets in (("first", None), ("writing", None), ("writing_off", (50, 88))):
        deal = game.new_deal(seed=steps, deal_type=deal_type, targets=targets)
        playout(deal, steps, steps)
        if deal.hands_dealt is None:  # type: ignore[attr-defined]
            with pytest.raises(tt.IllegalAction, match="peek"):
                deal.position()  # type: ignore[attr-defined]
            continue
        text = deal.position()  # type: ignore[attr-defined]
        again = game.parse_position(text)  # type: ignore[attr-defined]
        assert again.position() == text
        assert again.phase == deal.phase and again.legal_actions() == deal.legal_actions()
        for seat in range(len(game.seats)):  # type: ignore[attr-defined]
            assert again.hand(seat) == deal.hand(seat)


def test_position_example() -> None:
    game = tt.load("kiksas")
    text = (
        "type=writing_off dealer=C targets=62/76 trump=H "
        "A:K.K.AK.J9 QJT.-.QJT.- A.AT.-.KQT 9.QJ9.9.A | pass pass pass QH KH JS TH"
    )
    deal = game.parse_position(text)
    assert deal.position() == text
    assert deal.to_move == 3 and deal.phase == "play"  # D won trick 1
    assert deal.events[-1] == {"type": "TrumpCountSilent", "player": 1, "partner_trumps": 0}


@pytest.mark.parametrize(
    "text",
    [
        "dealer=C A:K.K.AK.J9 TQJ.-.TQJ.- A.AT.-.KQT 9.QJ9.9.A",
        "type=first A:K.K.AK.J9 TQJ.-.TQJ.- A.AT.-.KQT 9.QJ9.9.A",
        "type=first dealer=C A:K.K.AK.J9 TQJ.-.TQJ.- A.AT.-.KQT",
        "type=first dealer=C colour=red A:K.K.AK.J9 TQJ.-.TQJ.- A.AT.-.KQT 9.QJ9.9.A",
        "type=writing_off dealer=C targets=x A:K.K.AK.J9 TQJ.-.TQJ.- A.AT.-.KQT 9.QJ9.9.A",
        "type=writing_off dealer=C A:K.K.AK.J9 TQJ.-.TQJ.- A.AT.-.KQT 9.QJ9.9.A",
        "type=first dealer=C A:K.K.AK.J8 TQJ.-.TQJ.- A.AT.-.KQT 9.QJ9.9.A",
        "type=first dealer=C A:K.K.AK.J9 TQJ.-.TQJ.- A.AT.-.KQT 9.QJ9.9.A | 9S",
    ],
)
def test_position_bad_input(text: str) -> None:
    with pytest.raises(ValueError):
        tt.load("kiksas").parse_position(text)  # type: ignore[attr-defined]


# --- bad input ----------------------------------------------------------------------------------


def unchanged_after(deal: tt.Deal, action: str, seat: int | None = None) -> None:
    before = deal.to_json()
    with pytest.raises(tt.IllegalAction):
        deal.apply(action, seat=seat)
    assert deal.to_json() == before


def test_bad_actions_change_nothing() -> None:
    deal = tt.load("kiksas").new_deal(seed=5, deal_type="writing", dealer="A")
    assert isinstance(deal, KiksasDeal)
    unchanged_after(deal, "trump:H")  # choosing trumps before the peek is resolved
    deal.apply("peek:top")
    unchanged_after(deal, "trump:H")
    unchanged_after(deal, "peek:bottom")
    deal.apply("decline")
    suit = str(deal.legal_actions()[0])
    unchanged_after(deal, "akis:b")  # the First is choosing trumps, not declaring Akis
    deal.apply(suit)
    unchanged_after(deal, "akis:b", seat=deal.first)  # Akis by the trump chooser
    unchanged_after(deal, "su_dviem")  # Su dviem at the wrong moment
    unchanged_after(deal, "akis:a:X")
    unchanged_after(deal, "decline")
    for _ in range(3):
        deal.apply("pass")
    assert deal.phase == "play"
    unchanged_after(deal, "su_dviem")
    unchanged_after(deal, "pass")
    held = deal.hand(deal.to_move)  # type: ignore[arg-type]
    not_legal = [c for c in held if str(c) not in {str(a) for a in deal.legal_actions()}]
    if not_legal:
        unchanged_after(deal, str(not_legal[0]))
    other = (deal.to_move + 1) % 4  # type: ignore[operator]
    unchanged_after(deal, str(deal.hand(other)[0]))
    unchanged_after(deal, str(deal.legal_actions()[0]), seat=other)
    unchanged_after(deal, "8S")
    unchanged_after(deal, "ZZ")


def test_no_su_dviem_or_decline_in_a_writing_deal() -> None:
    deal = tt.load("kiksas").new_deal(seed=6, dealer="B")
    while not deal.is_over:
        assert deal.phase == "play"
        unchanged_after(deal, "su_dviem")
        unchanged_after(deal, "decline")
        deal.apply(deal.legal_actions()[0])
    with pytest.raises(tt.IllegalAction, match="over"):
        deal.apply("pass")


def test_bad_options() -> None:
    with pytest.raises(ValueError, match="allowed values"):
        tt.load("kiksas", peek="sometimes")
    with pytest.raises(ValueError, match="allowed values"):
        tt.load("kiksas", must_overtrump=1)
    with pytest.raises(ValueError, match="no option"):
        tt.load("kiksas", trump="H")
    with pytest.raises(ValueError, match="integer"):
        tt.load("kiksas", figures_to_lose=0)
    with pytest.raises(ValueError, match="first_dealer"):
        tt.load("trikiksis", first_dealer="D")
    with pytest.raises(ValueError, match="variant"):
        tt.load("trikiksis", variant="kiksas")
    with pytest.raises(ValueError, match="first_dealer"):
        tt.load("kiksas", first_dealer="N")
    assert tt.load("kiksas", variant="trikiksis").name == "trikiksis"
    assert tt.load("kiksas", first_dealer="C").new_deal(seed=1).dealer == 2  # type: ignore[attr-defined]


def test_bad_deal_setups() -> None:
    game = tt.load("kiksas")
    hands = ["9S JS QS 9D JD QD", "KS TS AS KD TD AD", "9H JH QH 9C JC QC", "KH TH AH KC TC AC"]
    with pytest.raises(ValueError, match="targets"):
        game.new_deal(deal_type="writing_off", targets=(60, 60))
    with pytest.raises(ValueError, match="targets"):
        game.new_deal(deal_type="writing_off")
    with pytest.raises(ValueError, match="targets"):
        game.new_deal(deal_type="writing", targets=(60, 78))
    with pytest.raises(ValueError, match="targets"):
        game.new_deal(deal_type="writing_off", targets=(-1, 139))
    with pytest.raises(ValueError, match="deal_type"):
        game.new_deal(deal_type="second")
    with pytest.raises(ValueError, match="seat"):
        game.new_deal(dealer="E")
    with pytest.raises(ValueError, match="twice"):
        game.new_deal(hands=[hands[0], hands[0], hands[2], hands[3]])
    with pytest.raises(ValueError, match="6"):
        game.new_deal(hands=[hands[0] + " 8S", hands[1], hands[2], hands[3]])
    with pytest.raises(ValueError, match="24-card"):
        game.new_deal(hands=[hands[0].replace("9S", "8S"), hands[1], hands[2], hands[3]])
    with pytest.raises(ValueError, match="hands"):
        game.new_deal(hands=hands[:3])
    with pytest.raises(ValueError, match="deck"):
        game.new_deal(deck=[str(c) for c in DECK[:23]])
    with pytest.raises(ValueError, match="either"):
        game.new_deal(deck=[str(c) for c in DECK], hands=hands)
    with pytest.raises(ValueError, match="cut"):
        game.new_deal(cut=24)
    with pytest.raises(ValueError, match="clubs"):
        game.new_deal(hands=hands, trump="H")
    with pytest.raises(ValueError, match="trump"):
        game.new_deal(deal_type="writing", dealer="D", hands=hands, trump="H")  # A holds no H
    with pytest.raises(ValueError, match="hands"):
        game.new_deal(deal_type="writing", trump="H")
    with pytest.raises(ValueError, match="seed"):
        game.new_deal(seed=-1)
    with pytest.raises(ValueError):
        tt.from_json('{"game": "kiksas", "kind": "deal", "options": {}, "setup": {}, "log": []}')
    deal = game.new_deal(seed=3, dealer="A")
    data = json.loads(deal.to_json())
    data["log"] = [[0, "trump:H"]]
    with pytest.raises(tt.IllegalAction):
        tt.from_json(data)


def test_play_state_and_evaluation_access() -> None:
    deal = tt.load("kiksas").new_deal(seed=3, deal_type="writing", dealer="A")
    assert isinstance(deal, KiksasDeal)
    with pytest.raises(tt.IllegalAction):
        deal.play_state()
    with pytest.raises(tt.IllegalAction):
        deal.evaluation()
    deal.apply("peek:none")
    deal.apply(deal.legal_actions()[0])
    for _ in range(3):
        deal.apply("pass")
    state = deal.play_state()
    assert state.legal_moves() == deal.play_state().legal_moves()
    assert not deal.evaluation().decided
    ctx = deal.context()
    assert ctx.writing_side == 1  # First B: BD writes
