"""The whist bots: the rule-based bot (``RULE_BOT``) and the PIMC bot's search (``PIMC``).

Whist has no calls and no card points: a deal is only the play of the cards, and a trick is
worth a trick. The rule-based bot plays the shared card-play heuristic with every trick worth
winning: it follows suit, wins a trick with its cheapest sure winner (or its strongest card when
no win is sure), keeps its low cards for tricks already lost, discards low from a short suit,
cashes its top cards, and draws trumps with the top trump.

The PIMC bot solves the tricks the seat's side takes in the rest of the deal, once at most 32
cards are left in the hands: the whole deal in the 32-card pack; in the full pack the first five
tricks are left to the rules (a double-dummy search of 52 cards costs seconds a sample, of 32
about 10 ms).

>>> import tricktaker as tt
>>> from tricktaker.bots import make_bot
>>> game = tt.load("whist", ranks_per_suit=8)
>>> deal = game.position_from_pbn("N:AK... QJ... T9... 87...", trump="NT", leader="W")
>>> bot = make_bot("rule")
>>> while not deal.is_over:
...     _ = deal.apply(bot.act(deal.observation(deal.to_move), deal.legal_actions()))
>>> deal.result().tricks  # N-S hold the top spades
(2, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Suit
from tricktaker.games.whist.options import NUM_SEATS
from tricktaker.games.whist.tables import rules_table
from tricktaker.protocol.base import Action, Game
from tricktaker.protocol.card_heuristics import Style, choose_card
from tricktaker.protocol.card_play import (
    PlayView,
    legal_mask,
    mask_of,
    observation_tricks,
    play_exclusions,
)
from tricktaker.protocol.pimc_search import PlaySearch, played_by, replay
from tricktaker.protocol.players import GameRuleBot

__all__ = ["PIMC", "RULE_BOT", "WhistBot", "WhistPimc", "play_view"]

SIDES = [0, 1, 0, 1]  # the side id of each seat: N-S against E-W
NO_TRUMP = "NT"
# A trick is the only thing at stake: worth trying for even when the win is not sure.
TRICK_WORTH = 10
# Cards left in the hands from which the PIMC bot searches (see the module doc).
MAX_SEARCH_CARDS = 32


def seat_id(seat: Any) -> int:
    """A seat of the observation: its id (observations name every seat by id)."""
    return int(seat)


def ranks_per_suit(obs: Mapping[str, Any], options: Any) -> int:
    """The game's ranks a suit: from its options, else (a bot never bound to the game) from
    the observation, which tells the size of the pack."""
    if options is not None:
        return int(options.ranks_per_suit)
    return int(obs["ranks_per_suit"])


def rules_for(obs: Mapping[str, Any], options: Any) -> _core.RulesTable:
    trump = obs["trump"]
    strain = -1 if trump == NO_TRUMP else int(Suit.parse(trump))
    return rules_table(ranks_per_suit(obs, options), strain)


def play_view(obs: Mapping[str, Any], legal: Sequence[Action], options: Any = None) -> PlayView:
    """The play as the seat sees it; ``options`` (the game's) give the deck."""
    me = seat_id(obs["seat"])
    done, current = observation_tricks(obs, seat_id)
    history = [pc for t in done for pc in t] + current
    hand = mask_of(obs["hand"])
    played = 0
    for _, c in history:
        played |= 1 << c
    rules = rules_for(obs, options)
    hidden = list(obs["hand_sizes"])
    hidden[me] = 0
    view = PlayView(
        rules=rules,
        num_seats=NUM_SEATS,
        me=me,
        sides=list(SIDES),
        active=list(range(NUM_SEATS)),
        hand=hand,
        legal=legal_mask(legal),
        trick=current,
        history=history,
        # the cards of the deck nobody has shown: in another hand, or (an ending) not dealt
        unseen=rules.deck & ~hand & ~played,
        hidden=hidden,
    )
    view.excluded = play_exclusions(view)
    return view


class WhistBot(GameRuleBot):
    """Whist by simple rules (see the module doc)."""

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        cards = [a for a in legal_actions if a.is_card]
        if not cards:
            return legal_actions[0]
        if len(cards) == 1:
            return cards[0]
        style = Style(pull_trumps=True, trick_worth=TRICK_WORTH, gamble_from=TRICK_WORTH)
        ask = getattr(observation, "seat_view", None)
        seen = ask(True) if ask is not None else None
        if seen is not None:  # the core's view of the play, as the observation shows it
            card = _core.choose_card_seen(
                seen, legal_mask(cards), True, style.gamble_from, style.trick_worth, 0, 0, None
            )
            return Action.play(Card(card))
        view = play_view(observation, cards, self.options)
        return Action.play(Card(choose_card(view, style)))


RULE_BOT = WhistBot


# --- the PIMC bot's search ---------------------------------------------------------------------


class WhistPimc:
    """What the PIMC bot solves in whist: the tricks of the seat's side."""

    def search(
        self, game: Game | None, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> PlaySearch | None:
        obs = observation
        options = game.options if game is not None else None
        view = play_view(obs, legal, options)
        leader = seat_id(obs["leader"])
        played = played_by(view)
        history = list(view.history)

        def make_state(hands: list[int]) -> _core.PlayState | None:
            start = [
                hands[s] | played[s] | (view.hand if s == view.me else 0) for s in range(NUM_SEATS)
            ]
            return replay(_core.PlayState(view.rules, start, SIDES, leader), history)

        objective = _core.Objective(kind=_core.ObjectiveKind.TRICKS, side=SIDES[view.me])
        return PlaySearch(view, make_state, objective, max_cards=MAX_SEARCH_CARDS)


PIMC = WhistPimc()
