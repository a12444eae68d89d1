"""The All Fours and Pitch bots: the rule-based bot (``RULE_BOT``) and the PIMC bot's search
(``PIMC``), for both variants and every preset.

The rule-based bot (docs/rules/allfours.md).

Hand evaluation: with suit s as trumps a hand is expected to score about

* High: 1 with the ace of trumps, 0.6 with the king, 0.3 with the queen;
* Low: 1 with the two (the three 0.5) when Low goes to its holder, half that when to its captor;
* Jack: 0.7 with the jack and two more trumps or a higher one, else 0.3;
* Game: 0.4, plus 0.2 a ten and 0.1 an ace or king, capped at 1;
* the extra items: jick 0.5, each joker 0.5, trey 1.5 (3 points with two covers), five.

Calls: the eldest stands when the turned suit is worth 1.5 or more, else begs; the dealer gives
one when his own hand likes the turned suit (1.5) and the gift does not put the beggers out,
else runs; in an auction the bot bids the whole part of its best suit's worth (if that is a
legal bid, else passes; it bids the least when it must); it declares its best suit; it exchanges
and discards its cards of least worth (no trump, no game value first). Play: the shared
heuristic with the item cards valued on top of their game values (the jack of trumps most,
three times over under hang jack), trumps drawn with the top trump, and a pitcher's first card
the top card of his best suit. It never folds (folding only gives up the chance of Game).

The PIMC bot solves the margin in game points of the deal with the game's own scoring (High,
Low, Jack with hang jack, Game, the extras, and the contract for a bidder); it searches once at
most 24 cards are left in the hands (a deal whose hands grew to 9 or 12 cards by running the
cards takes seconds a sample with 36 cards, so its first tricks are left to the rules). A first
card that fixes trump (the pitch) is searched as one play per suit it can name, each card valued
in the play of its own suit. Under ``folding`` the folds so far are replayed (each at the
folder's turn) and folding is one more move for the solver and for the bot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Rank, Suit
from tricktaker.errors import Error
from tricktaker.games.allfours import FAMILY
from tricktaker.games.allfours.tables import objective_arguments, rules_table
from tricktaker.protocol.base import Action, Game
from tricktaker.protocol.card_heuristics import Style, choose_card
from tricktaker.protocol.card_play import (
    PlayView,
    bits,
    legal_mask,
    mask_of,
    observation_tricks,
    play_exclusions,
)
from tricktaker.protocol.pimc_search import PlaySearch, played_by, replay_with_folds
from tricktaker.protocol.players import GameRuleBot, pick_action

__all__ = ["PIMC", "RULE_BOT", "AllFoursBot", "AllFoursPimc", "play_view", "rules_for"]

SAME_COLOUR = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
GAME_VALUE = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1, Rank.TEN: 10}


def unbound_game(name: str) -> Game:
    """The variant called ``name`` (``allfours`` or ``pitch``) with its default preset: the
    game of a bot that was never bound to one."""
    for variant in FAMILY.variants:
        if name.lower() in (variant.name, *variant.aliases):
            game: Game = variant.factory()
            return game
    raise Error(f"not a game of the {FAMILY.name} family: {name!r}")


def _options(game: Game | None, name: str) -> Any:
    return (game or unbound_game(name)).options


def is_trump(card: Card, suit: Suit, options: Any) -> bool:
    if card.is_joker:
        return bool(options.jokers)
    if card.suit == suit:
        return True
    return bool(options.jick) and card.rank == Rank.JACK and card.suit == SAME_COLOUR[suit]


def suit_worth(hand: Sequence[Card], suit: Suit, options: Any) -> float:
    """The points a hand may expect with ``suit`` as trumps (see the module doc)."""
    trumps = [c for c in hand if is_trump(c, suit, options)]
    ranks = {c.rank for c in trumps if c.suit == suit and not c.is_joker}
    worth = 0.0
    if Rank.ACE in ranks:
        worth += 1.0
    elif Rank.KING in ranks:
        worth += 0.6
    elif Rank.QUEEN in ranks:
        worth += 0.3
    low = 1.0 if options.low_award == "holder" else 0.5
    if Rank.TWO in ranks:
        worth += low
    elif Rank.THREE in ranks and not options.trey:
        worth += low / 2
    if Rank.JACK in ranks:
        covered = len(trumps) >= 3 or bool(ranks & {Rank.ACE, Rank.KING, Rank.QUEEN})
        worth += 0.7 if covered else 0.3
    game = 0.4
    for card in hand:
        if card.rank == Rank.TEN:
            game += 0.2
        elif card.rank in (Rank.ACE, Rank.KING):
            game += 0.1
    worth += min(game, 1.0)
    if options.jick and any(c.rank == Rank.JACK and c.suit == SAME_COLOUR[suit] for c in hand):
        worth += 0.5
    worth += 0.5 * sum(1 for c in hand if c.is_joker and options.jokers)
    if options.trey and Rank.THREE in ranks:
        worth += 1.5 if len(trumps) >= 3 else 0.5
    if options.five_value and Rank.FIVE in ranks:
        worth += options.five_value * (0.8 if len(trumps) >= 3 else 0.4)
    return worth


def best_suit(hand: Sequence[Card], options: Any, held_only: bool = False) -> tuple[Suit, float]:
    suits = [s for s in Suit if not held_only or any(c.suit == s for c in hand)]
    if not suits:
        suits = list(Suit)
    best = max(suits, key=lambda s: (suit_worth(hand, s, options), -int(s)))
    return best, suit_worth(hand, best, options)


def card_bonus(card: int, trump: Suit, options: Any) -> int:
    """What capturing ``card`` is worth beyond its game value, in game-value units (80 = all)."""
    c = Card(card)
    if c.is_joker:
        return 15 if options.jokers else 0
    if c.rank == Rank.JACK and c.suit == trump:
        return 45 if options.jack_scoring == "hang_jack" else 20
    if c.rank == Rank.JACK and options.jick and c.suit == SAME_COLOUR[trump]:
        return 15
    if c.suit == trump and c.rank == Rank.THREE and options.trey:
        return 40
    if c.suit == trump and c.rank == Rank.FIVE and options.five_value:
        return 15 * int(options.five_value)
    if c.suit == trump and c.rank == Rank.TWO and options.low_award == "captor":
        return 15
    return 0


# Each card's bonus by (options, trump): every decision of the play reads a few of them.
_BONUS: dict[tuple[Any, int], list[int]] = {}


def bonus_by_card(options: Any, trump: Suit) -> list[int]:
    """``card_bonus`` of every card of the deck by card id (0 for the ids not in it)."""
    key = (options, int(trump))
    table = _BONUS.get(key)
    if table is None:
        table = [0] * 64
        for card in _core.mask_to_ids(options.deck_mask):
            table[card] = card_bonus(card, trump, options)
        _BONUS[key] = table
    return table


# The rules tables met so far by (options, trump): every decision of the play asks for one,
# and the bots only read them.
_RULES: dict[tuple[Any, int], _core.RulesTable] = {}
SUITS = {suit.letter: suit for suit in Suit}


def _suit(text: str) -> Suit:
    """A suit from its letter (as observations write it), or any text ``Suit.parse`` reads."""
    return SUITS.get(text) or Suit.parse(text)


def rules_for(options: Any, trump: Suit) -> _core.RulesTable:
    """The rules table of the play with ``trump`` (the core's, built in ``tables.py``)."""
    key = (options, int(trump))
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = rules_table(options, int(trump))
    return rules


def seat_sides(obs: Mapping[str, Any]) -> list[int]:
    """The side number of each seat, by seat id, from the observation's ``sides``."""
    sides = [0] * len(obs["seats"])
    for number, side in enumerate(obs["sides"]):
        for seat in side["seats"]:
            sides[seat] = number
    return sides


def folded_hands(obs: Mapping[str, Any]) -> dict[int, int]:
    """The folded hands (PV10) by seat id, as card masks: the seats that have folded."""
    folded = obs.get("folded") or []
    return {seat: mask_of(cards) for seat, cards in enumerate(folded) if cards is not None}


def play_view(
    obs: Mapping[str, Any], legal: Sequence[Action], options: Any, trump: Suit | None = None
) -> PlayView:
    """The play as the seat sees it, with the deal's trump (or ``trump`` before it is fixed)."""
    trump = _suit(obs["trump"]) if trump is None else trump
    rules = rules_for(options, trump)
    n = len(obs["seats"])
    me = int(obs["seat"])
    done, current = observation_tricks(obs, int)
    history = [pc for t in done for pc in t] + current
    hand = mask_of(obs["hand"])
    seen = hand
    for _, c in history:
        seen |= 1 << c
    seen |= mask_of(obs.get("turned_up") or []) | mask_of(obs.get("my_discards") or [])
    known: dict[int, int] = {}
    folded = folded_hands(obs)
    for cards in folded.values():
        seen |= cards
    hidden = list(obs["hand_sizes"])
    hidden[me] = 0
    active = [s for s in range(n) if s not in folded]
    view = PlayView(
        rules=rules,
        num_seats=n,
        me=me,
        sides=seat_sides(obs),
        active=active,
        hand=hand,
        legal=legal_mask(legal),
        trick=current,
        history=history,
        unseen=rules.deck & ~seen,
        hidden=hidden,
        known=known,
    )
    if not folded:  # a fold takes cards out mid-play: the history alone does not replay it
        view.excluded = play_exclusions(view)
    return view


class AllFoursBot(GameRuleBot):
    """All Fours and Pitch by simple rules (see the module doc)."""

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        obs = observation
        legal = legal_actions
        options = _options(self.game, str(obs.get("game", "allfours")))
        phase = obs.get("phase")
        # The hand as cards serves the calls, the discards and the pitch; the play reads masks.
        playing = phase == "play" and obs.get("trump") is not None
        hand = [] if playing else [Card.parse(c) for c in obs.get("hand") or []]
        if phase == "beg":
            turned = Suit.parse(obs["turned_up"][-1][-1])
            stand = suit_worth(hand, turned, options) >= 1.5
            return pick_action(legal, "stand" if stand else "beg") or legal[0]
        if phase == "respond":
            turned = Suit.parse(obs["turned_up"][-1][-1])
            give = pick_action(legal, "give_one")
            begger = obs.get("begger")
            begger_side = None if begger is None else seat_sides(obs)[begger]
            scores = obs.get("scores") or []
            near = (
                begger_side is not None
                and scores
                and scores[begger_side] + 1 >= int(obs.get("target", 99))
            )
            if give is not None and not near and suit_worth(hand, turned, options) >= 1.5:
                return give
            return pick_action(legal, "run") or legal[0]
        if phase == "auction":
            _, worth = best_suit(hand, options)
            bids = sorted((int(a.name[4:]), a) for a in legal if a.name.startswith("bid:"))
            affordable = [a for b, a in bids if b <= worth]
            passing = pick_action(legal, "pass")
            if affordable:
                return affordable[-1]
            return passing or bids[0][1]
        if phase == "declare":
            suit, _ = best_suit(hand, options)
            return pick_action(legal, f"trump:{suit.letter}") or legal[0]
        if phase in ("exchange", "discard"):
            return self._discard(obs, legal, hand, options, phase == "exchange")
        cards = [a for a in legal if a.is_card]
        if not cards:
            return legal[0]
        if len(cards) == 1:
            return cards[0]
        if obs.get("trump") is None:  # the pitcher's first card fixes trump (P6)
            suit, _ = best_suit(hand, options, held_only=True)
            mine = [a for a in cards if a.card is not None and a.card.suit == suit]
            pool = mine or cards
            return max(pool, key=lambda a: (a.card.rank if a.card else 0, a.name))
        trump = _suit(obs["trump"])
        view = play_view(obs, cards, options, trump)
        style = Style(pull_trumps=True, bonus=bonus_by_card(options, trump).__getitem__)
        return Action.play(Card(choose_card(view, style)))

    def _discard(
        self,
        obs: Mapping[str, Any],
        legal: Sequence[Action],
        hand: Sequence[Card],
        options: Any,
        optional: bool,
    ) -> Action:
        trump = Suit.parse(obs["trump"])
        choices = [a for a in legal if a.name.startswith("discard:")]

        def keep(a: Action) -> tuple[int, int, int]:
            card = Card.parse(a.name[8:])
            trumpish = is_trump(card, trump, options)
            worth = GAME_VALUE.get(card.rank, 0) if card.rank is not None else 0
            return (int(trumpish), worth + card_bonus(card.id, trump, options), int(card.rank or 0))

        if not choices:
            return pick_action(legal, "done") or legal[0]
        worst = min(choices, key=keep)
        if optional and (keep(worst)[0] or keep(worst)[1] >= 4):
            # exchange only cards that are neither trumps nor worth anything
            return pick_action(legal, "done") or worst
        return worst


RULE_BOT = AllFoursBot


# --- the PIMC bot's search ---------------------------------------------------------------------

# Cards left in the hands from which the search takes over from the rules: six tricks of four
# (a deal with runs is searched from there).
MAX_SEARCH_CARDS = 24


def _of_suit(hand: int, suit: Suit) -> int:
    """The cards of ``hand`` of the printed ``suit``."""
    return sum(1 << c for c in bits(hand) if Card(c).suit == suit)


class AllFoursPimc:
    """What the PIMC bot solves in All Fours and Pitch (see the module doc)."""

    def search(
        self, game: Game | None, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> PlaySearch | None:
        obs = observation
        if game is None:
            game = unbound_game(str(obs["game"]))
        options = game.options
        pitch = obs.get("trump") is None  # the card to play fixes trump: its printed suit (X11)
        if pitch and (obs.get("phase") != "play" or obs.get("tricks") or obs.get("trick")):
            return None
        trumps: list[Suit] = (
            sorted({suit for c in bits(legal_mask(legal)) if (suit := Card(c).suit) is not None})
            if pitch
            else [Suit.parse(obs["trump"])]
        )
        view = play_view(obs, legal, options, trump=trumps[0])
        rules = {t: rules_for(options, t) for t in trumps}
        n = view.num_seats
        played = played_by(view)
        history = list(view.history)
        # the first leader (a fold may have passed his lead on before the first card)
        leader = view.me if obs.get("leader") is None else int(obs["leader"])
        # folded hands are public (PV10); each fold happened at the folder's turn, where the
        # history goes on without a card of his
        folded = folded_hands(obs)

        def state_for(hands: list[int], trump: Suit, first_lead: int) -> _core.PlayState | None:
            start = [
                hands[s] | played[s] | folded.get(s, 0) | (view.hand if s == view.me else 0)
                for s in range(n)
            ]
            state = _core.PlayState(
                rules[trump],
                start,
                view.sides,
                leader,
                first_lead_cards=first_lead,
                folding=bool(options.folding),
            )
            return replay_with_folds(state, history, set(folded), view.me)

        def make_state(hands: list[int]) -> _core.PlayState | list[_core.PlayState] | None:
            if not pitch:  # before the first card a trump lead may be due (PV6)
                return state_for(hands, trumps[0], 0 if history else view.legal)
            states = [state_for(hands, t, view.legal & _of_suit(view.hand, t)) for t in trumps]
            return [st for st in states if st is not None]

        pitcher = obs.get("pitcher")
        bid = obs.get("bid")
        objective = _core.Objective(
            kind=_core.ObjectiveKind.MARGIN,
            side=view.sides[view.me],
            **objective_arguments(
                options,
                int(obs["dealer"]),
                -1 if pitcher is None or bid is None else view.sides[pitcher],
                int(bid or 0),
            ),
        )
        return PlaySearch(view, make_state, objective, max_cards=MAX_SEARCH_CARDS)


PIMC = AllFoursPimc()
