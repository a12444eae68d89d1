"""Random playouts of whole Kirves games over every player count and every option value, with
the invariants checked at every step: cards conserved, five cards in every hand at the play,
one winning player or a correct no-play outcome per deal, marks and keppis consistent, exactly
one kirves per game, observations that leak nothing, and exact JSON and clone round trips."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker.cards import Card
from tricktaker.games import kirves as K

# One variant per non-default value of every option of §13 (and the preset).
VARIANTS: list[dict[str, Any]] = [
    {},
    {"preset": "rantasalmi"},
    {"overtake_required": True, "overtake_exempts_partner": True},
    {"must_trump_when_void": True},
    {"first_dealer": "B"},
    {"cut_min_packet": 10, "cut_max_packet": 12},
    {"angel_card_source": "stub_top"},
    {"discard_to_five": False},
    {"may_discard_taken_card": True},
    {"change_veto_scope": "not_yet_spoken"},
    {"change_suit_announce": "with_request"},
    {"all_pass_outcome": "throw_in_same_dealer"},
    {"all_pass_outcome": "free_for_all"},
    {"refused_throw_in_fallback": "free_for_all"},
    {"direct_lead_allowed": False},
    {"direct_lead_closes_folding": False},
    {"folding_allowed": False},
    {"principals_may_fold": "cut_jack_only"},
    {"principals_may_fold": "none"},
    {"folded_players_score_with_side": True},
    {"stop_when_decided": True},
    {"paakot_mode": "manual"},
    {"paakot_mode": "off"},
    {"misdeal_action_enabled": True},
    {"unexamined_cut_after_void": False, "paakot_mode": "manual"},
    {"keppi_holder_default_dealer": "next_clockwise"},
    {
        "tournament_scoring": True,
        "points_voluntary_win": 3,
        "points_forced_win": 2,
        "points_keppi": -4,
        "points_kirves": -9,
    },
    {"tournament_scoring": True, "voluntary_bonus_min_participants": 2},
    {"tournament_scoring": True, "forced_bonus_min_participants": 4},
    {"tournament_scoring": True, "forced_bonus_recipients": "cutter_and_dealer"},
    {"tournament_scoring": True, "concession_counts_as_win": False},
    {"tournament_scoring": True, "kirves_penalty_mode": "add"},
]

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][SHDC]|RJ|BJ)(?![A-Za-z0-9])")


def check_deal(deal: K.KirvesDeal) -> None:
    """The invariants of one deal at any step."""
    n = deal.num_players
    held: list[Card] = []
    for p in range(n):
        hand = deal.hand(p)
        if p not in deal.participants:
            assert hand == []
        held += hand
    played = []
    if deal.state is not None:
        played = [Card(c) for _, c in deal.state.history()]
    discards = [c for c in deal.discarded if c is not None]
    everything = held + played + discards
    if deal.turned_card is not None and not deal.turned_taken:
        everything.append(deal.turned_card)
    assert len(set(everything)) == len(everything), "a card is in two places"
    assert set(everything) <= K.DECK_SET
    if deal.phase in (K.CUT,) or deal.turned_card is None:
        return
    dealt = len(deal.participants) * K.HAND_SIZE + 1 + (deal.cut_jack is not None)
    assert len(everything) == dealt, "cards conserved"
    if deal.state is not None and deal.phase == K.PLAY:
        for p in deal.participants:
            if p in deal.folded:
                continue
            size = len(deal.hand(p)) + sum(1 for q, _ in deal.state.history() if q == p)
            six = not deal.options.discard_to_five and (
                (p == deal.dealer and deal.turned_taken) or (p == deal.cutter and deal.cut_jack)
            )
            assert size == (6 if six else 5), "five cards in every hand at the play"


def check_result(deal: K.KirvesDeal) -> None:
    r = deal.result()
    assert r is not None
    n = deal.num_players
    marks = list(r.marks)
    cut = list(r.cut_marks)
    assert all(m in (0, 1) for m in marks)
    assert all(marks[p] == 0 for p in range(n) if p not in r.participants)
    if r.outcome in (K.VOID, K.MISDEAL, K.THROWN_IN):
        assert marks == [0] * n and r.winner is None
        return
    if r.outcome == K.PAAKOT_DECLARED:
        assert r.paakot_holder is not None and marks[r.paakot_holder] == 1
        return
    if r.outcome == K.CONCESSION:
        assert r.conceded_by is not None and marks[r.conceded_by] == 0
        assert r.trick_winners == ()
        return
    assert r.outcome == K.PLAYED
    assert r.winner is not None and r.winner in r.participants
    assert r.winner not in r.folded
    playing = [p for p in r.participants if p not in r.folded]
    scoring = list(r.participants) if deal.options.folded_players_score_with_side else playing
    if r.kind == K.NORMAL:
        assert r.trump_maker is not None
        if r.winner == r.trump_maker:
            expected = [int(p == r.trump_maker) for p in range(n)]
        else:
            expected = [int(p in scoring and p != r.trump_maker) for p in range(n)]
        assert marks == expected
    elif r.kind == K.CUT_JACK:
        principal = r.winner in (r.cutter, r.dealer)
        expected = [max(cut[p], int(principal and p == r.winner)) for p in range(n)]
        assert marks == expected
    else:
        assert marks == [int(p == r.winner) for p in range(n)]
    # At least one participant gets no mark (R10.2).
    assert any(marks[p] == 0 for p in r.participants)


def allowed_cards(deal: K.KirvesDeal, seat: int) -> set[str]:
    """Every card a seat may see: its own cards and the public ones (R3.14)."""
    cards = set(deal.hands[seat]) | set(deal.dealt_cards(seat))
    if deal.discarded[seat] is not None:
        cards.add(deal.discarded[seat])  # type: ignore[arg-type]
    if seat == deal.dealer:
        cards |= set(deal.peeked)
    if seat == deal.eldest and deal._angel_private is not None:
        cards.add(deal._angel_private)
    for c in (deal.turned_card, deal.cut_shown, deal.angel_card, deal.cut_jack):
        if c is not None:
            cards.add(c)
    for a, b in deal.saving_angels:
        cards |= {a, b}
    if deal.state is not None:
        cards |= {Card(c) for _, c in deal.state.history()}
    if deal._direct_lead is not None:
        cards.add(deal._direct_lead)
    # The first card of trick 1 that voids the deal (R4.3: an undeclared pääköt) is played face
    # up, though the play state never takes it.
    cards |= {Card.parse(e["card"]) for e in deal.events if e["event"] == "void"}
    out = {str(c) for c in cards} | {"RJ", "BJ", "JC"} & _declared(deal)
    return out


def _declared(deal: K.KirvesDeal) -> set[str]:
    r = deal.result()
    return {"RJ", "BJ", "JC"} if r is not None and r.paakot_holder is not None else set()


def check_observations(deal: K.KirvesDeal) -> None:
    for seat in range(deal.num_players):
        text = json.dumps(deal.observation(seat))
        seen = set(CARD_TOKEN.findall(text))
        leaked = seen - allowed_cards(deal, seat)
        assert not leaked, f"seat {seat} sees {leaked} in phase {deal.phase}"


def play_match(
    n: int, options: dict[str, Any], seed: int, *, observe: bool = False, games: int = 1
) -> K.KirvesMatch:
    game = tt.load("kirves", num_players=n, **options)
    match = game.new_match(seed=seed, games=games)
    assert isinstance(match, K.KirvesMatch)
    rng = random.Random(seed)
    deals_seen = 0
    current: K.KirvesDeal | None = None
    steps = 0
    while not match.is_over:
        if match.deal is not current:
            current = match.deal
            deals_seen += 1
            check_deal(current)
        actions = match.legal_actions()
        assert actions, f"no legal action in phase {match.phase}"
        deal = match.deal
        match.apply(rng.choice(actions))
        steps += 1
        assert steps < 20000
        check_deal(deal)
        if deal.is_over:
            check_result(deal)
        if observe and deals_seen <= 3:
            check_observations(deal)
        check_standings(match)
    standings = match.result()
    assert len(standings.kirves) == games, "a game ends with exactly one kirves"
    return match


def check_standings(match: K.KirvesMatch) -> None:
    r = match.result()
    assert all(0 <= m <= 3 for m in r.marks)
    assert all(k in (0, 1) for k in r.keppis)
    assert r.escaped == tuple(p for p, m in enumerate(r.marks) if m == 3)
    if not match.is_over and match.phase != K.CHOOSE_DEALER:
        assert len(match.active()) >= 2
        assert set(match.deal.participants) == set(match.active())
    if not match.options.tournament_scoring:
        assert all(p == 0 for p in r.points)


def test_random_games_every_player_count_default_options() -> None:
    for n in range(2, 11):
        play_match(n, {}, seed=n, observe=n in (2, 4, 7, 10))


def test_random_games_every_option() -> None:
    for i, options in enumerate(VARIANTS):
        for n in (2 + i % 9, 2 + (i + 4) % 9):
            play_match(n, options, seed=1000 + i * 10 + n, observe=i % 4 == 0)


def test_session_of_games_ranks_by_points() -> None:
    match = play_match(4, {"tournament_scoring": True}, seed=77, games=3)
    r = match.result()
    assert len(r.kirves) == 3 and sum(r.kirves_total) == 3
    ranking = [p for group in r.ranking for p in group]
    assert sorted(ranking) == [0, 1, 2, 3]
    keys = [(-r.points[p], r.kirves_total[p], r.keppis_total[p]) for p in ranking]
    assert keys == sorted(keys)


def test_match_json_and_clone_round_trip() -> None:
    match = play_match(5, {"paakot_mode": "manual", "tournament_scoring": True}, seed=9)
    text = match.to_json()
    again = tt.from_json(text)
    assert again.to_json() == text
    assert again.result() == match.result()
    # Mid-game: round trip, then both continue identically.
    game = tt.load("kirves", num_players=3)
    m = game.new_match(seed=4)
    rng = random.Random(4)
    for _ in range(60):
        m.apply(rng.choice(m.legal_actions()))
    copy = tt.from_json(m.to_json())
    clone = m.clone()
    for _ in range(40):
        if m.is_over:
            break
        action = rng.choice(m.legal_actions())
        for x in (m, copy, clone):
            x.apply(action)
    assert m.to_json() == copy.to_json() == clone.to_json()
    assert m.observation(0) == copy.observation(0)


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=10),
    seed=st.integers(min_value=0, max_value=2**32),
    variant=st.sampled_from(VARIANTS),
    steps=st.integers(min_value=0, max_value=80),
)
def test_deal_round_trip_and_invariants(
    n: int, seed: int, variant: dict[str, Any], steps: int
) -> None:
    game = tt.load("kirves", num_players=n, **variant)
    deal = game.new_deal(seed=seed)
    assert isinstance(deal, K.KirvesDeal)
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
        check_deal(deal)
    if deal.is_over:
        check_result(deal)
    check_observations(deal)
    text = deal.to_json()
    again = tt.from_json(text)
    assert isinstance(again, K.KirvesDeal)
    assert again.to_json() == text
    assert again.observation(0) == deal.observation(0)
    assert again.result() == deal.result()
