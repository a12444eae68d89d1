"""The rule bots' card heuristic: the core's ``choose_card`` picks what the Python heuristic
it replaced picked (tests/card_heuristic_reference.py), on random positions of every game with
random styles; and a simulated bot's card play read as masks (``seat_play``) gives the view
and the pick that the observation's text gives."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from card_heuristic_reference import choose_card as reference_choice
from tricktaker import _core
from tricktaker.bots import RuleBot
from tricktaker.errors import Error
from tricktaker.games.allfours import bot as af
from tricktaker.games.kiksas import bot as kk
from tricktaker.games.kirves import bot as kv
from tricktaker.games.klaverjas import bot as kj
from tricktaker.games.whist import bot as wh
from tricktaker.protocol.card_heuristics import Style, choose_card, no_bonus
from tricktaker.sim import SeatObservation

# The family's bot module of each game: its ``play_view(obs, legal, options)``.
CASES: list[tuple[str, dict[str, Any], str]] = [
    ("klaverjas", {}, "klaverjas"),
    ("klaverjas", {"play_rules": "rotterdam"}, "klaverjas"),
    ("kiksas", {}, "kiksas"),
    ("trikiksis", {}, "kiksas"),
    ("kirves", {"num_players": 4}, "kirves"),
    ("kirves", {"num_players": 3}, "kirves"),
    ("allfours", {}, "allfours"),
    ("pitch", {"preset": "auction_pitch"}, "allfours"),
    ("whist", {}, "whist"),
]
BOTS: dict[str, Any] = {"klaverjas": kj, "kiksas": kk, "kirves": kv, "allfours": af, "whist": wh}


def positions(game: Any, seed: int, deals: int) -> Iterator[tuple[Any, list[Any]]]:
    """Deals at decisions of the card play with two legal cards or more, played at random."""
    rng = random.Random(seed)
    for k in range(deals):
        deal = game.new_deal(seed=seed * 1000 + k)
        while not deal.is_over:
            legal = deal.legal_actions()
            cards = [a for a in legal if a.is_card]
            playing = deal.phase == "play" and getattr(deal, "state", None) is not None
            if playing and len(cards) > 1 and deal.to_move is not None:
                yield deal, cards
            deal.apply(rng.choice(legal))


def random_style(rng: random.Random) -> Style:
    table = [rng.choice([0, 0, 0, 1, 5, 20]) for _ in range(64)]
    return Style(
        pull_trumps=rng.random() < 0.5,
        bonus=no_bonus if rng.random() < 0.5 else table.__getitem__,
        gamble_from=rng.choice([0, 5, 10, 15]),
        trick_worth=rng.choice([0, 0, 10]),
        prefer_lead=set(rng.sample(range(4), rng.randint(0, 2))),
        avoid_lead=set(rng.sample(range(4), rng.randint(0, 2))),
    )


@pytest.mark.parametrize(("name", "options", "family"), CASES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_core_picks_what_the_python_heuristic_picked(
    name: str, options: dict[str, Any], family: str, seed: int
) -> None:
    game = tt.load(name, **options)
    play_view = BOTS[family].play_view
    rng = random.Random(seed)
    for deal, cards in positions(game, seed, 3):
        view = play_view(deal.observation(deal.to_move), cards, game.options)
        for _ in range(3):
            style = random_style(rng)
            assert choose_card(view, style) == reference_choice(view, style)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"trick_history_visible": "last_trick_only"},
        {"illegal_play": "penalize"},
        {"signals": "same_suit", "lead_signals": True},
        {"signals": "opposite_colour", "play_rules": "rotterdam"},
    ],
)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_simulated_klaverjas_bot_sees_the_play_as_its_observation_shows_it(
    options: dict[str, Any], seed: int
) -> None:
    game = tt.load("klaverjas", **options)
    for deal, cards in positions(game, seed, 2):
        seat = deal.to_move
        plain = deal.observation(seat)
        lazy = SeatObservation(deal, seat)
        assert lazy.seat_play() is not None
        assert vars(kj.play_view(lazy, cards, game.options)) == vars(
            kj.play_view(plain, cards, game.options)
        )
        lazy.close()


def assert_same_picks(game: Any, seed: int) -> None:
    """Every decision of random deals: the bot given the simulation's observation (which
    offers the play as masks) acts as the bot given the plain observation dict."""
    fast, slow = RuleBot(seed), RuleBot(seed)
    fast.bind(game)
    slow.bind(game)
    rng = random.Random(seed)
    for k in range(2):
        deal = game.new_deal(seed=seed * 10 + k)
        while not deal.is_over:
            seat = deal.to_move
            legal = deal.legal_actions()
            if seat is not None and len(legal) > 1:
                lazy = SeatObservation(deal, seat)
                assert fast.act(lazy, legal) == slow.act(deal.observation(seat), legal)
                lazy.close()
            deal.apply(rng.choice(legal))


@pytest.mark.parametrize(("name", "options", "family"), CASES)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_simulated_rule_bot_picks_what_it_picks_from_a_plain_observation(
    name: str, options: dict[str, Any], family: str, seed: int
) -> None:
    assert_same_picks(tt.load(name, **options), seed)


@pytest.mark.parametrize(
    "options",
    [
        {"trick_history_visible": "last_trick_only"},
        {"illegal_play": "penalize"},
        {"signals": "same_suit", "lead_signals": True},
        {"signals": "opposite_colour", "play_rules": "rotterdam"},
        {"roem_claim": "manual"},
    ],
)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_simulated_klaverjas_bot_picks_the_same_under_every_option(
    options: dict[str, Any], seed: int
) -> None:
    assert_same_picks(tt.load("klaverjas", **options), seed)


def test_a_closed_observation_shows_no_play() -> None:
    game = tt.load("klaverjas")
    deal, _ = next(positions(game, 1, 1))
    obs = SeatObservation(deal, deal.to_move)
    obs.close()
    with pytest.raises(RuntimeError):
        obs.seat_play()


def test_bad_views_are_rejected_with_a_clear_error() -> None:
    game = tt.load("klaverjas")
    deal, cards = next(positions(game, 2, 1))
    view = kj.play_view(deal.observation(deal.to_move), cards, game.options)
    style = Style()
    good = choose_card(view, style)
    assert good in _core.mask_to_ids(view.legal)
    for field, bad in [
        ("legal", 0),
        ("legal", view.legal | (1 << 63)),
        ("me", 7),
        ("trick", [(9, 0)]),
        ("hidden", [0]),
        ("known", {5: 1}),
        ("active", [0, 1, 2, 3, 4]),
    ]:
        saved = getattr(view, field)
        setattr(view, field, bad)
        with pytest.raises((Error, TypeError)):
            choose_card(view, style)
        setattr(view, field, saved)
    assert choose_card(view, style) == good


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), exclusions=st.booleans())
def test_the_cores_seat_view_is_the_view_of_the_observation(seed: int, exclusions: bool) -> None:
    game = tt.load("klaverjas")
    for deal, cards in positions(game, seed, 2):
        seat = deal.to_move
        view = kj.play_view(deal.observation(seat), cards, game.options)
        seen = _core.SeatView(deal.state, seat, exclusions)
        assert seen.me == view.me
        assert seen.hand == view.hand
        assert seen.unseen == view.unseen
        assert seen.hidden == view.hidden
        assert seen.trick == view.trick
        assert seen.excluded == (view.excluded if exclusions else {})
        style = Style(pull_trumps=bool(seed % 2))
        if exclusions:
            picked = _core.choose_card_seen(seen, view.legal, style.pull_trumps, 10, 0, 0, 0, None)
            assert picked == choose_card(view, style)


def test_a_bad_seat_or_legal_mask_on_the_cores_view_is_rejected() -> None:
    deal, cards = next(positions(tt.load("klaverjas"), 3, 1))
    with pytest.raises(Error, match="seat"):
        _core.SeatView(deal.state, 4, True)
    seen = _core.SeatView(deal.state, deal.to_move, True)
    for legal in (0, ~seen.hand & ((1 << 64) - 1)):
        with pytest.raises(Error, match="legal"):
            _core.choose_card_seen(seen, legal, False, 10, 0, 0, 0, None)
