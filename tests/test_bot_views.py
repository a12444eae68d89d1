"""The bots' view of the play: the cards a seat is shown not to hold come from the core's
``play_exclusions`` on the history, so they never contain a card the seat really holds, and
they catch every suit a seat has shown void in."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import tricktaker as tt
from tricktaker.games.allfours import bot as af
from tricktaker.games.kiksas import bot as kk
from tricktaker.games.kirves import bot as kv
from tricktaker.games.klaverjas import bot as kj
from tricktaker.protocol.card_play import PlayView

ViewOf = Callable[[Any, dict[str, Any], list[Any]], PlayView]

CASES: list[tuple[str, dict[str, Any], ViewOf]] = [
    ("klaverjas", {}, lambda g, o, legal: kj.play_view(o, legal, g.options)),
    (
        "klaverjas",
        {"play_rules": "rotterdam"},
        lambda g, o, legal: kj.play_view(o, legal, g.options),
    ),
    ("kiksas", {}, lambda g, o, legal: kk.play_view(o, legal, g.options)),
    ("kiksas", {"partner_exemption": True}, lambda g, o, legal: kk.play_view(o, legal, g.options)),
    ("trikiksis", {}, lambda g, o, legal: kk.play_view(o, legal, g.options)),
    ("kirves", {"num_players": 4}, lambda g, o, legal: kv.play_view(o, legal, g.options)),
    ("allfours", {}, lambda g, o, legal: af.play_view(o, legal, g.options)),
    ("pitch", {"preset": "auction_pitch"}, lambda g, o, legal: af.play_view(o, legal, g.options)),
]


@pytest.mark.parametrize(("name", "options", "view_of"), CASES)
def test_exclusions_never_contain_a_held_card(
    name: str, options: dict[str, Any], view_of: ViewOf
) -> None:
    game = tt.load(name, **options)
    rng = random.Random(len(name) + len(options))
    shown = 0
    for seed in range(12):
        deal = game.new_deal(seed=seed)
        while not deal.is_over:
            legal = deal.legal_actions()
            cards = [a for a in legal if a.is_card]
            if deal.phase == "play" and cards and deal.to_move is not None:
                state = deal.play_state() if deal.state is not None else None
                if state is not None:
                    obs = deal.observation(deal.to_move)
                    view = view_of(game, obs, cards)
                    for seat, excluded in view.excluded.items():
                        assert excluded & state.hand(seat) == 0, (seed, seat)
                        assert excluded & ~view.unseen == 0
                        shown += bin(excluded).count("1")
                    for seat in view.active:
                        if seat == view.me:
                            continue
                        for suit in range(4):
                            if view.is_void(seat, suit):
                                held = state.hand(seat) & view.rules.suit_cards(suit)
                                assert held & view.unseen == 0, (seed, seat, suit)
            deal.apply(rng.choice(legal))
    assert shown > 0


def test_a_discard_shows_a_void_and_the_duty_to_trump() -> None:
    """Klaverjas (Amsterdam): a seat that neither follows nor trumps while an opponent wins the
    trick holds no card of the led suit and no trump."""
    game = tt.load("klaverjas")
    for seed in range(200):
        deal = game.new_deal(seed=seed)
        rng = random.Random(seed)
        while not deal.is_over and deal.phase != "play":
            deal.apply(rng.choice(deal.legal_actions()))
        state = deal.play_state()
        rules = state.rules
        while not deal.is_over:
            trick = state.trick()
            seat = deal.to_move
            legal = deal.legal_actions()
            action = rng.choice(legal)
            card = action.card
            if trick and card is not None:
                led = rules.effective_suit(trick[0][1])
                winner = state.current_winner()
                opponent_wins = winner % 2 != seat % 2
                suit = rules.effective_suit(card.id)
                if suit != led and suit != rules.trump and led != rules.trump and opponent_wins:
                    deal.apply(action)
                    observer = (seat + 1) % 4
                    view = kj.play_view(deal.observation(observer), [], game.options)
                    unseen_led = view.unseen & rules.suit_cards(led)
                    unseen_trumps = view.unseen & rules.trump_cards
                    assert view.excluded.get(seat, 0) & unseen_led == unseen_led
                    assert view.excluded.get(seat, 0) & unseen_trumps == unseen_trumps
                    return
            deal.apply(action)
            state = deal.play_state()
    pytest.fail("no discard under an opponent's winning card found")
