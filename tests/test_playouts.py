"""Native batch playouts (tt.random_playouts, playouts_from_deals, playouts_from_position):
consistent results per game, determinism under a seed, independence of the thread count, exact
replay of returned deals, positions evaluated with their deal's own roles, and clear errors."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker import _core
from tricktaker.protocol.base import Deal, Game

N = 400

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("klaverjas", {}),
    ("klaverjas", {"play_rules": "rotterdam", "undertrump_when_cannot_overtrump": "compulsory"}),
    ("kirves", {"num_players": 4}),
    ("kirves", {"num_players": 10, "overtake_required": True}),
    ("kirves", {"num_players": 2, "must_trump_when_void": True}),
    ("kiksas", {}),
    (
        "kiksas",
        {"must_overtrump": True, "must_head_in_suit": True, "first_lead": "holder_any_card"},
    ),
    ("trikiksis", {}),
    ("allfours", {}),
    ("allfours", {"preset": "yorkshire", "num_players": 3}),
    ("allfours", {"num_players": 2, "folding": True}),
    ("pitch", {"preset": "oklahoma_ten_point"}),
    ("pitch", {"preset": "five_point_setback"}),
    ("pitch", {"preset": "auction_pitch", "num_players": 5, "five": 5, "last_trick": True}),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in kw.items()) or 'default'}" for name, kw in GAMES]


def load(name: str, kw: dict[str, Any]) -> Game:
    return tt.load(name, **kw)


def mask_bits(values: np.ndarray) -> np.ndarray:
    """Popcount of every uint64 mask."""
    v = values.astype(np.uint64)
    bits = np.unpackbits(v.view(np.uint8).reshape(*v.shape, 8), axis=-1)
    return np.asarray(bits.sum(axis=-1))


@pytest.mark.parametrize(("name", "kw"), GAMES, ids=IDS)
def test_columns_deal_and_replay(name: str, kw: dict[str, Any]) -> None:
    game = load(name, kw)
    engine = tt.playouts.playout_engine(game)
    r = tt.random_playouts(game, N, seed=11)
    for col, dtype, width, _doc in engine.columns():
        assert r[col].dtype == np.dtype(dtype), col
        assert r[col].shape == ((N,) if width == 0 else (N, width)), col
    players, size = engine.num_players, engine.hand_size
    hands = r["hands"]
    assert (mask_bits(hands) == size).all()
    union = np.bitwise_or.reduce(hands, axis=1)
    assert (mask_bits(union) == players * size).all()  # disjoint hands
    assert ((union & ~np.uint64(engine.deck)) == 0).all()  # inside the game's deck
    assert ((r["trump"] >= 0) & (r["trump"] < 4)).all()
    assert ((r["leader"] >= 0) & (r["leader"] < players)).all()
    # Deterministic under a seed, independent of the threads, and a new seed differs.
    again = tt.random_playouts(game, N, seed=11, threads=3)
    assert all((again[k] == r[k]).all() for k in r)
    other = tt.random_playouts(game, N, seed=12)
    assert not (other["hands"] == r["hands"]).all()
    # The returned deals played again from the same seed give the same results.
    replay = tt.playouts_from_deals(
        game,
        r["hands"],
        r["trump"],
        r["leader"],
        declarer=r["declarer"] if (r["declarer"] >= 0).any() else None,
        dealer=r["dealer"],
        seed=11,
        threads=2,
    )
    assert all((replay[k] == r[k]).all() for k in r)


@pytest.mark.parametrize("kw", [{}, {"play_rules": "rotterdam"}, {"tie_is_nat": False}])
def test_klaverjas_points_add_up(kw: dict[str, Any]) -> None:
    r = tt.random_playouts(tt.load("klaverjas", **kw), 2000, seed=3)
    assert (r["card_points"].sum(axis=1) == 162).all()
    total = r["card_points"] + r["roem"] + r["pit"]
    assert (r["score"].sum(axis=1) == total.sum(axis=1)).all()
    assert (r["roem"] % 10 == 0).all()
    team = r["declarer"] % 2
    rows = np.arange(len(team))
    mine, theirs = total[rows, team], total[rows, 1 - team]
    made = mine > theirs if kw.get("tie_is_nat", True) else mine >= theirs
    assert (r["made"] == made).all()
    assert (r["score"][rows, team][~made] == 0).all()
    pit = r["pit_team"]
    assert ((r["pit"].sum(axis=1) == 100) == (pit >= 0)).all()
    assert r["made"].any() and (~r["made"]).any() and (pit >= 0).any()


def test_klaverjas_options_change_the_play() -> None:
    amsterdam = tt.random_playouts(tt.load("klaverjas"), 500, seed=9)
    rotterdam = tt.random_playouts(tt.load("klaverjas", play_rules="rotterdam"), 500, seed=9)
    assert (amsterdam["hands"] == rotterdam["hands"]).all()
    assert not (amsterdam["card_points"] == rotterdam["card_points"]).all()


@pytest.mark.parametrize("players", [2, 3, 5, 10])
def test_kirves_exactly_one_winner(players: int) -> None:
    r = tt.random_playouts(tt.load("kirves", num_players=players), 1000, seed=4)
    rows = np.arange(1000)
    winner, maker = r["winner"], r["declarer"]
    assert ((winner >= 0) & (winner < players)).all()
    assert (r["tricks"].sum(axis=1) == 5).all()
    won = r["tricks"][rows, winner]
    assert ((r["win_rule"] == 1) <= (won >= 3)).all()
    assert ((r["win_rule"] == 2) <= (won == 2)).all()
    assert (r["trump_maker_won"] == (winner == maker)).all()
    assert (r["winning_side"] == np.where(winner == maker, 0, 1)).all()
    # Marks: the trump maker alone, or every other seat.
    maker_mark = r["marks"][rows, maker]
    assert (maker_mark == r["trump_maker_won"]).all()
    assert (r["marks"].sum(axis=1) == np.where(r["trump_maker_won"], 1, players - 1)).all()


@pytest.mark.parametrize("name", ["kiksas", "trikiksis"])
def test_kiksas_points_add_up(name: str) -> None:
    game = tt.load(name)
    r = tt.random_playouts(game, 1000, seed=8)
    players = 3 if name == "trikiksis" else 4
    assert (r["points"].sum(axis=1) == 138).all()
    assert (r["player_points"].sum(axis=1) == 138).all()
    assert (r["tricks"].sum(axis=1) == (8 if players == 3 else 6)).all()
    rows = np.arange(1000)
    seats = np.arange(players)
    pair_ac = seats[None, :] % 2 == 0
    side_of = pair_ac if players == 4 else seats[None, :] == r["declarer"][:, None]
    assert (np.where(side_of, r["player_points"], 0).sum(axis=1) == r["points"][:, 0]).all()
    # The trump-queen holder leads.
    queens = np.array([_core.kiksas_trump_queen(t) for t in range(4)], dtype=np.uint64)
    leader_hand = r["hands"][rows, r["leader"]]
    assert ((leader_hand >> queens[r["trump"]]) & np.uint64(1) == 1).all()
    # A writing deal: the writer's egg when his side took every trick, otherwise written.
    side = r["declarer"] % 2 if players == 4 else np.zeros(1000, dtype=int)  # the writer's
    sweep = r["tricks"][rows, side] == (8 if players == 3 else 6)
    assert (r["outcome"] == np.where(sweep, 2, 1)).all()
    assert ((r["figure_kind"] == 2) == sweep).all()


@pytest.mark.parametrize(
    "kw",
    [
        {},
        {"preset": "yorkshire", "num_players": 2},
        {"preset": "auction_pitch", "num_players": 3, "low_award": "captor"},
        {"num_players": 6, "partnership": "teams_of_three", "deal_size": 8, "play_size": 8},
    ],
)
def test_allfours_items_follow_the_cards(kw: dict[str, Any]) -> None:
    game = tt.load("allfours", **kw)
    o: Any = game.options
    sides = o.sides()
    r = tt.random_playouts(game, 600, seed=2)
    item = {name: int(getattr(_core.AllFoursItem, name.upper())) for name in ("high", "low")}
    jack, game_item = int(_core.AllFoursItem.JACK), int(_core.AllFoursItem.GAME)
    for i in range(600):
        trump = int(r["trump"][i])
        holder: dict[int, int] = {}
        for seat, hand in enumerate(r["hands"][i]):
            for c in range(64):
                if (int(hand) >> c) & 1:
                    holder[c] = seat
        # Trump ranks run 2..A inside the lane: the lowest and highest trump dealt.
        dealt = sorted(c for c in range(trump * 16, trump * 16 + 13) if c in holder)
        side_of_item = r["item_side"][i]
        if not dealt:
            assert side_of_item[item["high"]] == -1
            continue
        assert side_of_item[item["high"]] == sides[holder[dealt[-1]]]
        if o.low_award == "holder":
            assert side_of_item[item["low"]] == sides[holder[dealt[0]]]
        jack_dealt = trump * 16 + 9 in holder
        assert (side_of_item[jack] >= 0) == jack_dealt
        values = r["game_values"][i]
        best = values.max()
        if (values == best).sum() == 1 and o.game_tie == "nobody":
            assert side_of_item[game_item] == int(np.argmax(values))
        # Points per side are the sums of the side's items.
        for side in range(len(values)):
            credited = r["item_points"][i][side_of_item == side].sum()
            assert r["points"][i][side] == credited
    assert ((r["item_points"] > 0) == (r["item_side"] >= 0)).all()


def test_allfours_first_lead_fixes_trump() -> None:
    game = tt.load("allfours", preset="yorkshire")
    r = tt.random_playouts(game, 500, seed=1)
    rows = np.arange(500)
    lane = np.uint64(0x1FFF) << (r["trump"].astype(np.uint64) * np.uint64(16))
    assert ((r["hands"][rows, r["leader"]] & lane) != 0).all()
    assert (r["leader"] == r["dealer"]).all()  # Yorkshire: the dealer leads


def test_pitch_pitcher_leads_and_bids() -> None:
    game = tt.load("pitch", preset="auction_pitch", num_players=4)
    r = tt.random_playouts(game, 500, seed=5)
    assert (r["leader"] == r["declarer"]).all()
    assert ((r["declarer"] >= 0) & (r["declarer"] < 4)).all()
    rows = np.arange(500)
    side = r["declarer"] % 2
    bid = game.options.min_bid
    pts = r["points"][rows, side]
    assert (r["made"] == (pts >= bid)).all()
    assert (r["score"][rows, side] == np.where(r["made"], pts, -bid)).all()


# --- positions ------------------------------------------------------------------------------


def to_play(game: Game, seed: int, cards: int) -> Deal | None:
    """A deal of the game brought to its play phase by random actions, then ``cards`` cards
    (or calls) further; None when the deal ended before."""
    deal = game.new_deal(seed=seed)
    rnd = random.Random(seed)
    played = -1
    while not deal.is_over and played < cards:
        if deal.phase == "play" and played < 0:
            try:
                deal.play_state()  # type: ignore[attr-defined]
                played = 0
                continue
            except tt.IllegalAction:
                pass
        deal.apply(rnd.choice(deal.legal_actions()))
        if played >= 0:
            played += 1
    if deal.is_over or played < 0:
        return None
    return deal


POSITION_GAMES = [
    ("klaverjas", {}),
    ("kirves", {"num_players": 4}),
    ("kiksas", {}),
    ("trikiksis", {}),
    ("pitch", {"preset": "auction_pitch"}),
    ("allfours", {}),
]


@pytest.mark.parametrize(("name", "kw"), POSITION_GAMES, ids=[n for n, _ in POSITION_GAMES])
def test_positions(name: str, kw: dict[str, Any]) -> None:
    game = load(name, kw)
    deal = next(d for s in range(40) if (d := to_play(game, s, 3)) is not None)
    state = deal.play_state()  # type: ignore[attr-defined]
    r = tt.playouts_from_position(deal, 300, seed=1)
    again = tt.playouts_from_position(deal, 300, seed=1, threads=2)
    assert all((again[k] == r[k]).all() for k in r)
    players = state.num_players
    assert (r["hands"] == np.array([state.hand(p) for p in range(players)], dtype=np.uint64)).all()
    assert (r["trump"] == state.rules.trump).all()
    if name == "klaverjas":
        assert (r["card_points"].sum(axis=1) == 162).all()
        assert (r["declarer"] == deal.declarer).all()  # type: ignore[attr-defined]
    if name == "kirves":
        assert (r["tricks"].sum(axis=1) == 5).all()
    if name in ("kiksas", "trikiksis"):
        assert (r["points"].sum(axis=1) == 138).all()
    # The deal itself, played to its end with random cards, gives one of the outcomes.
    assert len({tuple(row) for row in r["hands"]}) == 1


FINISHED = [("klaverjas", {}, "score"), ("kiksas", {}, "points"), ("allfours", {}, "points")]


@pytest.mark.parametrize(("name", "kw", "column"), FINISHED, ids=[n for n, _, _ in FINISHED])
def test_finished_position_gives_the_deal_result(
    name: str, kw: dict[str, Any], column: str
) -> None:
    game = load(name, kw)
    checked = 0
    for seed in range(30):
        deal = game.new_deal(seed=seed)
        rnd = random.Random(seed)
        while not deal.is_over:
            deal.apply(rnd.choice(deal.legal_actions()))
        try:
            state = deal.play_state()  # type: ignore[attr-defined]
        except tt.IllegalAction:
            continue
        if not state.is_terminal():
            continue
        r = tt.playouts_from_position(deal, 3, seed=seed)
        result: Any = deal.result()
        assert (r[column] == np.array(result.points if column == "points" else result.score)).all()
        checked += 1
    assert checked >= 5


def test_bare_play_state() -> None:
    game = tt.load("klaverjas")
    deal = to_play(game, 1, 4)
    assert deal is not None
    state = deal.play_state()  # type: ignore[attr-defined]
    declarer = deal.declarer  # type: ignore[attr-defined]
    a = tt.playouts_from_position(state, 50, game=game, declarer=declarer, seed=3)
    b = tt.playouts_from_position(deal, 50, seed=3)
    assert (a["score"] == b["score"]).all()
    with pytest.raises(ValueError, match="needs its game"):
        tt.playouts_from_position(state, 5)
    with pytest.raises(ValueError, match="declarer"):
        tt.playouts_from_position(state, 5, game=game)
    with pytest.raises(ValueError, match="not of this game"):
        tt.playouts_from_position(state, 5, game=tt.load("kiksas"), declarer=0)


# --- bad input ------------------------------------------------------------------------------


def test_bad_input() -> None:
    game = tt.load("klaverjas")
    r = tt.random_playouts(game, 10, seed=1)
    hands, trump, leader = r["hands"].copy(), r["trump"], r["leader"]
    with pytest.raises(ValueError, match="n must be"):
        tt.random_playouts(game, -1)
    with pytest.raises(ValueError, match=r"shape \(n, 4\)"):
        tt.playouts_from_deals(game, hands[:, :3], trump, leader)
    with pytest.raises(ValueError, match=r"trump must have shape \(10,\)"):
        tt.playouts_from_deals(game, hands, trump[:5], leader)
    bad_trump = trump.copy()
    bad_trump[6] = 4
    with pytest.raises(ValueError, match="deal 6: trump must be a suit"):
        tt.playouts_from_deals(game, hands, bad_trump, leader, seed=1)
    overlap = hands.copy()
    overlap[3, 0] = overlap[3, 1]  # seat 1's cards also held by seat 0
    with pytest.raises(ValueError, match="deal 3: .* is held by more than one seat"):
        tt.playouts_from_deals(game, overlap, trump, leader, seed=1, threads=2)
    with pytest.raises(ValueError, match="declarer must be a seat"):
        tt.playouts_from_deals(game, hands, trump, leader, declarer=np.full(10, 4), seed=1)
    assert tt.random_playouts(game, 0, seed=1)["score"].shape == (0, 2)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(range(len(GAMES))),
    st.integers(0, 2**64 - 1),
    st.integers(1, 40),
    st.integers(1, 4),
)
def test_any_seed_any_threads(index: int, seed: int, n: int, threads: int) -> None:
    name, kw = GAMES[index]
    game = load(name, kw)
    a = tt.random_playouts(game, n, seed=seed, threads=threads)
    b = tt.random_playouts(game, n + 3, seed=seed)
    assert all((a[k] == b[k][:n]).all() for k in a)
