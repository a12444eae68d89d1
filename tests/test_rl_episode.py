"""The environment's parts that need no PettingZoo: action layouts, the observation encoding,
episodes by deal and by match, rewards, determinism and secrecy."""

from __future__ import annotations

import doctest
import importlib
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker.errors import IllegalAction
from tricktaker.rl import Episode, adapter_names, observation_size

# (game, options): every game, its presets and option mixes that change the calls or the flow.
DEAL_CASES: list[tuple[str, dict[str, Any]]] = [
    ("klaverjas", {}),
    ("klaverjas", {"play_rules": "rotterdam", "trump_selection": "drawn", "roem_claim": "manual"}),
    ("klaverjas", {"trump_selection": "utrecht", "trick_history_visible": "last_trick_only"}),
    ("allfours", {}),
    ("allfours", {"preset": "tobago", "num_players": 2}),
    ("allfours", {"preset": "yorkshire", "num_players": 3, "folding": True}),
    ("pitch", {}),
    ("pitch", {"preset": "five_point_setback"}),
    ("pitch", {"preset": "oklahoma_ten_point"}),
    ("pitch", {"preset": "oklahoma_ten_point", "num_players": 6}),
    ("pitch", {"num_players": 5, "shoot_the_moon": True, "all_pass": "redeal_next_dealer"}),
    ("kiksas", {}),
    ("kiksas", {"peek": "off", "su_dviem_declarers": "leader_only", "history_visible": False}),
    ("trikiksis", {}),
    ("trikiksis", {"trikiksis_peek": True, "akis_a_suit_must_differ": False}),
    ("kirves", {"num_players": 4}),
    ("kirves", {"num_players": 2}),
    (
        "kirves",
        {
            "num_players": 6,
            "preset": "rantasalmi",
            "paakot_mode": "manual",
            "misdeal_action_enabled": True,
            "change_suit_announce": "with_request",
        },
    ),
]

MATCH_CASES: list[tuple[str, dict[str, Any]]] = [
    ("klaverjas", {"game_end": "deals:3"}),
    ("klaverjas", {"game_end": "deals:1", "match_format": "rotating_partners_48"}),
    ("allfours", {"target": 7}),
    ("pitch", {"target": 7}),
    ("pitch", {"preset": "five_point_setback", "target": 5}),
    ("kiksas", {"figures_to_lose": 2}),
    ("trikiksis", {"figures_to_lose": 2}),
    ("kirves", {"num_players": 3}),
]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    name, options = case
    return name + "".join(f"-{k}={v}" for k, v in options.items())


def choose(episode: Episode, rng: np.random.Generator) -> int:
    """A random legal index, except that an auction is passed or won with the lowest bid (a
    random bidder overbids and is set back deal after deal, and a match would not end)."""
    legal = episode.legal_indices()
    names = [episode.layout.names[i] for i in legal]
    if any(name.startswith("bid:") for name in names):
        return legal[0]  # pass, or the lowest bid (the layout lists pass, then bids upwards)
    return int(rng.choice(legal))


def play(
    episode: Episode, seed: int, max_steps: int = 20_000, observe_all: bool = False
) -> list[float]:
    """Masked play of a started episode to its end; the total reward per player. Every
    observation looked at has the documented shape, type and range."""
    rng = np.random.default_rng(seed)
    totals = [0.0] * len(episode.agents)
    for _ in range(max_steps):
        player = episode.to_move
        if player is None:
            break
        legal = episode.legal_indices()
        assert legal, f"no legal action in phase {episode.machine and episode.machine.phase}"
        for seat in range(len(episode.agents)) if observe_all else (player,):
            obs = episode.observe(seat)
            assert obs.shape == (episode.observation_size,) and obs.dtype == np.float32
            assert np.all(np.isfinite(obs))
        rewards = episode.step(choose(episode, rng))
        totals = [t + r for t, r in zip(totals, rewards, strict=True)]
    assert episode.is_over
    return totals


def test_every_game_has_an_environment() -> None:
    assert set(tt.games()) <= set(adapter_names())


def test_layout_is_cards_by_id_then_calls() -> None:
    episode = Episode("klaverjas")
    layout = episode.layout
    assert layout.num_cards == 32 and layout.size == 39
    ids = [c.id for c in layout.cards]
    assert ids == sorted(ids)
    assert layout.names[:8] == ("7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS")
    assert layout.names[32:] == (
        "pass",
        "accept",
        "claim",
        "trump:S",
        "trump:H",
        "trump:D",
        "trump:C",
    )
    assert layout.index_of("AS") == 7 and layout.index_of(tt.Card.parse("7H")) == 8
    assert str(layout.action(35)) == "trump:S"
    with pytest.raises(ValueError, match="not an action"):
        layout.index_of("trump:X")
    with pytest.raises(ValueError, match="out of range"):
        layout.action(39)


def test_layouts_follow_the_options() -> None:
    setback = Episode("pitch", preset="five_point_setback").layout
    assert setback.num_cards == 28  # A K Q J T 9 2 in four suits
    assert "bid:2" in setback.names and "discard:2S" in setback.names
    oklahoma = Episode("pitch", preset="oklahoma_ten_point").layout
    assert oklahoma.num_cards == 54 and oklahoma.names[13:15] == ("RJ", "BJ")
    kirves = Episode("kirves", num_players=3, cut_min_packet=5, cut_max_packet=9).layout
    assert [n for n in kirves.names if n.startswith("cut:")] == [f"cut:{k}" for k in range(5, 10)]
    assert kirves.names[-4:] == ("dealer", "dealer:A", "dealer:B", "dealer:C")


def test_bad_episode_options() -> None:
    with pytest.raises(ValueError, match="episode='hand'"):
        Episode("klaverjas", episode="hand")
    with pytest.raises(ValueError, match="unknown game"):
        Episode("bridge")
    with pytest.raises(ValueError, match="play_rules"):
        Episode("klaverjas", play_rules="paris")
    with pytest.raises(RuntimeError, match="start"):
        _ = Episode("klaverjas").to_move


@pytest.mark.parametrize("case", DEAL_CASES, ids=case_id)
def test_deal_random_play_and_rewards(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    episode = Episode(name, **options)
    adapter = episode.adapter
    for seed in range(4):
        episode.start(seed)
        assert observation_size(adapter) == episode.observation_size
        totals = play(episode, seed, observe_all=seed == 0)
        deal = episode.machine
        assert isinstance(deal, tt.Deal)
        result = deal.result()
        assert totals == pytest.approx(adapter.deal_rewards(result))
        check_rewards(name, adapter, result, totals)


def check_rewards(name: str, adapter: Any, result: Any, rewards: list[float]) -> None:
    """The rewards are the deal's own scores, as the module documents."""
    n = adapter.num_seats
    if name == "klaverjas":
        diff = result.score[0] - result.score[1]
        assert rewards == [diff, -diff, diff, -diff]
    elif name in ("allfours", "pitch"):
        change = result.score_change
        sides = adapter.sides
        for s in range(n):
            others = [change[x] for x in range(adapter.num_sides) if x != sides[s]]
            assert rewards[s] == pytest.approx(change[sides[s]] - sum(others) / len(others))
        if adapter.num_sides == 2:
            assert sum(rewards) == pytest.approx(0)
    elif name in ("kiksas", "trikiksis"):
        received = {unit: 0 for unit in adapter.units}
        for award in result.figures:
            received[award["to"]] += award["count"]
        for s in range(n):
            own = received[adapter.units[adapter.unit_of(s)]]
            others = sum(received.values()) - own
            assert rewards[s] == pytest.approx(others / (len(received) - 1) - own)
        assert sum(rewards) == pytest.approx(0)
    elif name == "kirves":
        players = list(result.participants)
        for s in range(n):
            if s not in players:
                assert rewards[s] == 0
            else:
                rest = [result.marks[p] for p in players if p != s]
                assert rewards[s] == pytest.approx(result.marks[s] - sum(rest) / len(rest))
        assert sum(rewards) == pytest.approx(0)


@pytest.mark.parametrize("case", MATCH_CASES, ids=case_id)
def test_match_rewards_add_up_deal_by_deal(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    episode = Episode(name, episode="match", **options)
    episode.start(11)
    totals = play(episode, 11, observe_all=True)
    match = episode.machine
    assert isinstance(match, tt.Match) and match.is_over
    finished = episode.adapter.finished_deals(match)
    assert finished
    expected = [0.0] * len(episode.agents)
    for result, seating in finished:
        for seat, reward in enumerate(episode.adapter.deal_rewards(result)):
            expected[seating[seat]] += reward
    assert totals == pytest.approx(expected)
    standings = match.result()
    if name == "klaverjas" and "match_format" not in options:
        ns, ew = standings.team_scores
        assert totals == [ns - ew, ew - ns, ns - ew, ew - ns]
    if name in ("allfours", "pitch") and len(standings.scores) == 2:
        a, b = standings.scores
        assert totals[0] == pytest.approx(a - b) and totals[1] == pytest.approx(b - a)


def test_match_episode_agents_are_the_players_of_the_tournament() -> None:
    episode = Episode(
        "klaverjas", episode="match", match_format="rotating_partners_48", game_end="deals:1"
    )
    episode.start(3)
    assert episode.agents == ["P1", "P2", "P3", "P4"]


@pytest.mark.parametrize("name", ["klaverjas", "pitch", "kiksas", "kirves"])
def test_same_seed_same_episode(name: str) -> None:
    options: dict[str, Any] = {"num_players": 4} if name == "kirves" else {}

    def trajectory(seed: int) -> list[Any]:
        episode = Episode(name, **options)
        episode.start(seed)
        rng = np.random.default_rng(0)
        out: list[Any] = []
        while episode.to_move is not None:
            player = episode.to_move
            out.append((player, episode.observe(player).tobytes(), tuple(episode.legal_indices())))
            out.append(tuple(episode.step(int(rng.choice(episode.legal_indices())))))
        return out

    assert trajectory(5) == trajectory(5)
    assert trajectory(5) != trajectory(6)


def test_illegal_index_changes_nothing() -> None:
    episode = Episode("klaverjas")
    episode.start(2)
    player = episode.to_move
    assert player is not None
    before = episode.observe(player).copy()
    illegal = int(np.flatnonzero(episode.mask(player) == 0)[0])
    with pytest.raises(IllegalAction, match="not allowed"):
        episode.step(illegal)
    with pytest.raises(IllegalAction, match="out of range"):
        episode.step(episode.layout.size)
    assert episode.to_move == player
    assert np.array_equal(episode.observe(player), before)
    assert episode.machine is not None and episode.machine.log == []


def test_over_episode_refuses_actions() -> None:
    episode = Episode("klaverjas")
    episode.start(1)
    play(episode, 1)
    assert episode.legal_indices() == []
    with pytest.raises(IllegalAction, match="over"):
        episode.step(0)
    assert not episode.mask(0).any()


def test_mask_is_zero_for_seats_not_to_move() -> None:
    episode = Episode("kiksas")
    episode.start(4)
    player = episode.to_move
    for other in range(len(episode.agents)):
        if other != player:
            assert not episode.mask(other).any()


def _decoded(episode: Episode, player: int) -> dict[str, Any]:
    """What a player's observation vector says, read back through the game's tensor layout."""
    return tt.decode_observation(episode.game, episode.observe(player))


def test_encoding_shows_hand_trick_and_trump() -> None:
    episode = Episode("klaverjas")
    episode.start(7)
    deal = episode.machine
    assert isinstance(deal, tt.Deal)
    first = episode.to_move
    assert first is not None
    assert _decoded(episode, first)["hand"] == [str(c) for c in deal.hand(first)]  # type: ignore[attr-defined]
    episode.step(episode.layout.index_of("trump:H"))
    for seat in range(4):
        assert _decoded(episode, seat)["trump"] == "H"
    leader = episode.to_move
    assert leader is not None
    card = episode.legal_indices()[0]
    episode.step(card)
    for seat in range(4):
        assert _decoded(episode, seat)["trick"] == [[leader, episode.layout.names[card]]]


def test_private_calls_are_seen_only_by_their_seat() -> None:
    episode = Episode("pitch", preset="oklahoma_ten_point")
    rng = np.random.default_rng(3)
    for seed in range(20):
        episode.start(seed)
        while episode.to_move is not None:
            player = episode.to_move
            index = int(rng.choice(episode.legal_indices()))
            name = episode.layout.names[index]
            episode.step(index)
            if name.startswith("discard:"):
                for seat in range(episode.adapter.num_seats):
                    shown = _decoded(episode, seat)["my_discards"]
                    assert (name.split(":", 1)[1] in shown) == (seat == player)
                return
    pytest.fail("no discard was played")


def test_kiksas_open_hands_after_akis() -> None:
    episode = Episode("kiksas", peek="off")
    rng = np.random.default_rng(0)
    for seed in range(200):
        episode.start(seed)
        deal = episode.machine
        assert deal is not None
        while episode.to_move is not None and deal.phase != "akis":
            episode.step(int(rng.choice(episode.legal_indices())))
        if episode.to_move is None:
            continue
        akis = [i for i in episode.legal_indices() if episode.layout.names[i].startswith("akis")]
        if not akis:
            continue
        declarer = episode.to_move
        episode.step(akis[0])
        episode.step(episode.legal_indices()[0])  # the first lead lays the opponents' hands open
        watcher = (declarer + 1) % 4
        shown = _decoded(episode, declarer)["open_hands"]
        held = sorted(str(c) for c in deal.hand(watcher))  # type: ignore[attr-defined]
        assert sorted(shown[watcher]) == held  # open hands by seat id
        return
    pytest.fail("no Akis was offered")


@settings(max_examples=40, deadline=None)
@given(
    case=st.sampled_from(DEAL_CASES),
    seed=st.integers(0, 2**64 - 1),
    choices=st.randoms(use_true_random=False),
)
def test_mask_is_exactly_the_legal_actions(case: Any, seed: int, choices: Any) -> None:
    """At every step the mask is the seat's legal actions, each of them is accepted, and the
    rewards of a deal sum to zero."""
    name, options = case
    episode = Episode(name, **options)
    episode.start(seed)
    totals = [0.0] * len(episode.agents)
    while episode.to_move is not None:
        machine = episode.machine
        assert machine is not None
        legal = sorted(episode.layout.index_of(a) for a in machine.legal_actions())
        assert episode.legal_indices() == legal
        totals = [t + r for t, r in zip(totals, episode.step(choices.choice(legal)), strict=True)]
    assert sum(totals) == pytest.approx(0)  # the sides of every game are of equal size


@pytest.mark.parametrize("name", ["tricktaker.rl.layout", "tricktaker.rl.episode"])
def test_module_docstrings_run(name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert tried > 0 and failures == 0
