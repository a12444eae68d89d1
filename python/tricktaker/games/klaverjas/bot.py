"""The Klaverjas bots: the rule-based bot (``RULE_BOT``) and the PIMC bot's search (``PIMC``).

The rule-based bot: trump choice by hand strength, and the play of docs/rules/klaverjas.md.

Trump selection (§2): a suit is worth its trumps (J 45, 9 30, A 20, 10 15, K 10, Q 8, a small
trump 6) plus the side aces (20) and tens beside their ace (10); the bot names (or accepts) a
suit worth at least ``NAME_FROM`` (a little less for the last speakers) and, when forced, the
best suit it may name. Play: the shared heuristic with the playing team drawing trumps, the
defenders leading side aces rather than trumps, and the signals of §6 read as hints (a low
discard shows the ace: lead that suit; a picture discard: avoid it; opposite colour: lead the
same-colour suit). When the team's convention is on, the bot's own discards signal too, and with
lead signals on a forehand declarer opens as §6.3 says (a small card with the trump jack, an
ace without it), which tells his partner whether to draw trumps.
Roem is claimed whenever the trick has some (manual claiming, §4.6).

The PIMC bot solves the team's total minus the opponents' (card points, roem, pit) with the
game's own scoring, from trick 2 on (a full 32-card search costs about 0.1 s a sample, up to
0.5 s, so trick 1 is left to the rules); with ``trick_history_visible = last_trick_only`` the
history cannot be replayed and the rules play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Rank, Suit
from tricktaker.games.klaverjas.options import seat_index
from tricktaker.games.klaverjas.tables import rules_table, scoring_arguments
from tricktaker.protocol.base import Action, Game
from tricktaker.protocol.card_heuristics import Style, choose_card
from tricktaker.protocol.card_play import (
    PlayView,
    bits,
    legal_mask,
    play_exclusions,
    seen_play,
)
from tricktaker.protocol.pimc_search import PlaySearch, played_by, replay
from tricktaker.protocol.players import GameRuleBot, pick_action
from tricktaker.protocol.seat_play import SeatPlay

__all__ = ["PIMC", "RULE_BOT", "KlaverjasBot", "KlaverjasPimc", "play_view"]

NAME_FROM = 95
GAMBLE_FROM = 10  # the points at stake from which a doubtful win is tried (Style.gamble_from)
TRUMP_WORTH = {
    Rank.JACK: 45,
    Rank.NINE: 30,
    Rank.ACE: 20,
    Rank.TEN: 15,
    Rank.KING: 10,
    Rank.QUEEN: 8,
}
LOW_RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE)
PICTURES = (Rank.KING, Rank.QUEEN, Rank.JACK)
SAME_COLOUR = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}


SUIT_IDS = {suit.letter: int(suit) for suit in Suit}
SUITS = {suit.letter: suit for suit in Suit}


def _suit(text: str) -> Suit:
    """A suit from its letter (as observations and calls write it), or any text Suit reads."""
    return SUITS.get(text) or Suit.parse(text)


# The rules tables met so far by (follow rules, undertrump duty, trump): every decision of the
# play asks for one, and the bots only read them.
_RULES: dict[tuple[str, str, int], _core.RulesTable] = {}


# A card id is its suit times 16 plus its rank (cards.h): the worth of a trump by id & 15.
TRUMP_WORTH_BY_RANK = {int(rank): worth for rank, worth in TRUMP_WORTH.items()}


def suit_worth(hand: Sequence[Card], trump: Suit) -> int:
    """What a hand is worth with ``trump`` as trumps (see the module doc)."""
    worth = 0
    held = 0
    trump_id = int(trump)
    for card in hand:
        card_id = card.id
        held |= 1 << card_id
        if card_id >> 4 == trump_id:
            worth += TRUMP_WORTH_BY_RANK.get(card_id & 15, 6)
    for suit in range(4):
        if suit != trump_id and held >> (suit * 16 + Rank.ACE) & 1:
            worth += 30 if held >> (suit * 16 + Rank.TEN) & 1 else 20
    return worth


def choose_trump(obs: Mapping[str, Any], legal: Sequence[Action]) -> Action:
    hand = [Card.parse(c) for c in obs["hand"]]
    calls = obs.get("calls") or []
    passes_before = sum(1 for _, call in calls if call == "pass")
    threshold = NAME_FROM - 5 * min(passes_before, 3)
    accept = pick_action(legal, "accept")
    if accept is not None and obs.get("proposed_suit"):
        suit = _suit(obs["proposed_suit"])
        if suit_worth(hand, suit) >= threshold:
            return accept
        passed = pick_action(legal, "pass")
        if passed is not None:
            return passed
    named = [a for a in legal if a.name.startswith("trump:")]
    if not named:
        return pick_action(legal, "pass") or legal[0]
    best = max(named, key=lambda a: (suit_worth(hand, _suit(a.name[6:])), a.name))
    forced = pick_action(legal, "pass") is None
    if forced or suit_worth(hand, _suit(best.name[6:])) >= threshold:
        return best
    passed = pick_action(legal, "pass")
    assert passed is not None
    return passed


def _rules(options: Any, trump: str) -> _core.RulesTable:
    suit = SUIT_IDS.get(trump)
    if suit is None:
        suit = int(Suit.parse(trump))
    if options is None:
        return rules_table(None, suit)
    key = (options.play_rules, options.undertrump_when_cannot_overtrump, suit)
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = rules_table(options, suit)
    return rules


def _seat(seat: Any) -> int:
    return seat if type(seat) is int else seat_index(seat)  # observations give seat ids


def play_view(
    obs: Mapping[str, Any],
    legal: Sequence[Action],
    options: Any = None,
    seen: SeatPlay | None = None,
) -> PlayView:
    """The play as the seat sees it; ``options`` (the game's) give the follow rules, Amsterdam
    without them. ``seen``: the observation's card play (``seen_play``), if read already."""
    rules = _rules(options, obs["trump"])
    me: int = obs["seat"]  # observations name seats by id (0-3 = N, E, S, W)
    if seen is None:
        seen = seen_play(obs, _seat)
    history = [pc for t in seen.tricks for pc in t] + seen.trick
    hand = seen.hand
    played = 0
    for _, c in history:
        played |= 1 << c
    unseen = rules.deck & ~hand & ~played
    hidden = list(seen.hand_sizes)
    hidden[me] = 0
    view = PlayView(
        rules=rules,
        num_seats=4,
        me=me,
        sides=[0, 1, 0, 1],
        active=[0, 1, 2, 3],
        hand=hand,
        legal=legal_mask(legal),
        trick=seen.trick,
        history=history,
        unseen=unseen,
        hidden=hidden,
    )
    if options is None or options.illegal_play != "penalize":  # else plays prove nothing
        view.excluded = play_exclusions(view) if seen.excluded is None else seen.excluded
    return view


def _signal_hints(
    obs: Mapping[str, Any], view: PlayView, seen: SeatPlay
) -> tuple[set[int], set[int]]:
    """Suits to prefer and to avoid leading, from the partner's discards (§6)."""
    system = (obs.get("conventions") or {}).get("signals", "none")
    prefer: set[int] = set()
    avoid: set[int] = set()
    if system == "none":
        return prefer, avoid
    partner = (view.me + 2) % 4
    for trick in seen.tricks + [seen.trick]:
        if not trick:
            continue
        led = view.suit(trick[0][1])
        for seat, c in trick[1:]:
            if seat != partner or view.suit(c) == led or view.is_trump(c):
                continue
            card = Card(c)
            assert card.suit is not None
            if system == "same_suit":
                if card.rank in LOW_RANKS:
                    prefer.add(int(card.suit))
                elif card.rank in PICTURES:
                    avoid.add(int(card.suit))
            else:
                prefer.add(int(SAME_COLOUR[card.suit]))
    return prefer - avoid, avoid


def _signal_discard(obs: Mapping[str, Any], view: PlayView) -> int | None:
    """With the same-suit convention: discard a low card of a suit whose ace we hold."""
    system = (obs.get("conventions") or {}).get("signals", "none")
    if system != "same_suit" or not view.trick:
        return None
    led = view.led_suit
    if view.cards_in(view.hand, led):
        return None
    w = view.winner()
    if w is None or not view.friendly(w[0]):
        return None
    for c in bits(view.legal):
        card = Card(c)
        if view.is_trump(c) or card.rank not in LOW_RANKS or card.suit is None:
            continue
        if (view.hand >> Card.make(Rank.ACE, card.suit).id) & 1:
            return c
    return None


def _lead_signal(obs: Mapping[str, Any], view: PlayView, declarer: int) -> int | None:
    """§6.3, with ``lead_signals`` on: the declarer who is forehand opens with a small card of
    another suit when he holds the trump jack, else with an ace of another suit."""
    if not (obs.get("conventions") or {}).get("lead_signals") or view.history or view.trick:
        return None
    if view.me != declarer or obs["forehand"] != declarer:
        return None
    plain = [c for c in bits(view.legal) if not view.is_trump(c)]
    jack = Card.make(Rank.JACK, Suit(view.trump)).id
    if (view.hand >> jack) & 1:
        small = [c for c in plain if Card(c).rank in LOW_RANKS]
        return min(small, key=lambda c: (view.strength(c), c)) if small else None
    aces = [c for c in plain if Card(c).rank == Rank.ACE]
    return aces[0] if aces else None


def _declarer_lacks_jack(obs: Mapping[str, Any], view: PlayView, declarer: int) -> bool:
    """§6.3 read by the partner: an opening ace from a forehand declarer denies the trump jack."""
    if not (obs.get("conventions") or {}).get("lead_signals") or not view.history:
        return False
    seat, card = view.history[0]
    return seat == declarer and not view.is_trump(card) and Card(card).rank == Rank.ACE


def _unsignalled_play(obs: Mapping[str, Any], legal: Sequence[Action], options: Any) -> int | None:
    """Without signals to read or give, the shared heuristic alone in one core call on the
    view the observation offers (``SeatObservation.seat_view``); None where it offers none."""
    if options is None:  # the view's follow rules are the game's
        return None
    conventions = obs.get("conventions") or {}
    if conventions.get("signals", "none") != "none" or conventions.get("lead_signals"):
        return None
    ask = getattr(obs, "seat_view", None)
    seen = ask(options.illegal_play != "penalize") if ask is not None else None
    if seen is None:
        return None
    playing = seen.me % 2 == obs["declarer"] % 2  # sides are N-S and E-W
    return _core.choose_card_seen(seen, legal_mask(legal), playing, GAMBLE_FROM, 0, 0, 0, None)


def choose_play(obs: Mapping[str, Any], legal: Sequence[Action], options: Any = None) -> Action:
    fast = _unsignalled_play(obs, legal, options)
    if fast is not None:
        return Action.play(Card(fast))
    seen = seen_play(obs, _seat)
    view = play_view(obs, legal, options, seen)
    declarer: int = obs["declarer"]
    playing = view.friendly(declarer)
    prefer, avoid = _signal_hints(obs, view, seen)
    partner_lacks_jack = view.me != declarer and _declarer_lacks_jack(obs, view, declarer)
    style = Style(
        pull_trumps=playing and not partner_lacks_jack,
        gamble_from=GAMBLE_FROM,
        prefer_lead=prefer,
        avoid_lead=avoid,
    )
    card = _lead_signal(obs, view, declarer)
    if card is None:
        card = _signal_discard(obs, view)
    if card is None:
        card = choose_card(view, style)
    return Action.play(Card(card))


class KlaverjasBot(GameRuleBot):
    """Klaverjas by simple rules (see the module doc)."""

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        cards = [a for a in legal_actions if a.is_card]
        if len(cards) < len(legal_actions) or not cards:  # a claim, a pass or a trump call
            claim = pick_action(legal_actions, "claim")
            if claim is not None:
                tricks = observation.get("tricks") or []
                if not tricks or tricks[-1].get("roem", 1):
                    return claim
            phase = observation.get("phase")
            if phase == "trump_selection":
                return choose_trump(observation, legal_actions)
            if not cards:
                return pick_action(legal_actions, "pass") or legal_actions[0]
        if len(cards) == 1:
            return cards[0]
        return choose_play(observation, cards, self.options)


RULE_BOT = KlaverjasBot


# --- the PIMC bot's search ---------------------------------------------------------------------

# Cards left in the hands from which the search takes over from the rules: from trick 2 on.
MAX_SEARCH_CARDS = 28


class KlaverjasPimc:
    """What the PIMC bot solves in Klaverjas (see the module doc)."""

    def search(
        self, game: Game | None, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> PlaySearch | None:
        obs = observation
        if obs.get("trump") is None or obs.get("declarer") is None:
            return None
        options = game.options if game is not None else None
        view = play_view(obs, legal, options)
        if len(view.history) != 32 - sum(obs["hand_sizes"]):
            return None  # only the last trick is visible: the history cannot be replayed
        rules = view.rules
        forehand: int = obs["forehand"]
        played = played_by(view)
        lenient = options is not None and options.illegal_play == "penalize"
        history = list(view.history)

        def make_state(hands: list[int]) -> _core.PlayState | None:
            start = [hands[s] | played[s] | (view.hand if s == view.me else 0) for s in range(4)]
            state = _core.PlayState(rules, start, [0, 1, 0, 1], forehand)
            return replay(state, history, lenient)

        playing_team: int = obs["declarer"] % 2
        objective = _core.Objective(
            kind=_core.ObjectiveKind.MARGIN,
            side=view.me % 2,
            **scoring_arguments(options, playing_team),
        )
        return PlaySearch(view, make_state, objective, max_cards=MAX_SEARCH_CARDS)


PIMC = KlaverjasPimc()
