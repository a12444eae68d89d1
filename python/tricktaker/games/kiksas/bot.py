"""The Kiksas and Trikiksis bots: the rule-based bot (``RULE_BOT``) and the PIMC bot's search
(``PIMC``), for both variants.

The rule-based bot (docs/rules/kiksas.md):

* Peek (§3.5.2): the First always peeks at the top card and accepts it when it is an ace or
  a queen (the seed's advice), else declines.
* Trump choice (§3.5.1): the suit with the most worth (queen 30, ace 20, ten 15, king 8, jack
  6, nine 5, plus 6 a card of length), as the seed advises: strong, else long.
* Akis (§3.8): (a) with the queen, ace and ten of a suit, four or more of it, and only aces
  beside; (b) with six sure tricks of aces and tens under their aces; (c) with nothing above a
  jack and every jack guarded by the nine. Otherwise pass.
* "Su dviem" (§3.7.5): declared when every card the pair still holds that this seat can see is a
  sure winner (this seat's cards all top cards of their suits).
* Last lead (§3.7.4): always declined: with the target reached the pair wins at once, and
  without it leading only trades the stroke for an egg.
* Play: the shared heuristic; the side that holds more trumps (from the trump-count
  announcement, §2.6) draws them. In an Akis the soloist leads his best card (all tricks) or his
  lowest (misère) and the defenders try to take a trick (or to give him one).

The PIMC bot solves, in a writing-off deal, the race (1 if the seat's side reaches its target
first); in other deals the card-point margin of the seat's side; in an Akis, winning it (the
soloist takes every trick, or none in a misère). Deals without a full trick history are left to
the rule-based bot. Every call (peeks, trumps, Akis, "Su dviem", the last lead) is the rule-based
bot's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Rank, Suit
from tricktaker.games.kiksas import AKIS_KINDS
from tricktaker.games.kiksas.tables import rules_table
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
from tricktaker.protocol.pimc_search import PlaySearch, played_by, replay
from tricktaker.protocol.players import GameRuleBot, pick_action

__all__ = ["PIMC", "RULE_BOT", "KiksasBot", "KiksasPimc", "play_view", "trump_counts"]

TRUMP_WORTH = {Rank.QUEEN: 30, Rank.ACE: 20, Rank.TEN: 15, Rank.KING: 8, Rank.JACK: 6}
PLAIN_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)


def _cards(texts: Sequence[str] | None) -> list[Card]:
    return [Card.parse(c) for c in texts or []]


def suit_worth(hand: Sequence[Card], suit: Suit) -> int:
    worth = 0
    for card in hand:
        if card.suit == suit:
            assert card.rank is not None
            worth += TRUMP_WORTH.get(card.rank, 5) + 6
        elif card.rank == Rank.ACE:
            worth += 10
    return worth


def akis_call(hand: Sequence[Card], legal: Sequence[Action]) -> Action | None:
    """The Akis to declare with ``hand``, if any (see the module doc)."""
    by_suit: dict[Suit, set[Rank]] = {}
    for card in hand:
        assert card.suit is not None and card.rank is not None
        by_suit.setdefault(card.suit, set()).add(card.rank)
    for action in legal:
        if not action.name.startswith("akis:a:"):
            continue
        suit = Suit.parse(action.name[7:])
        trumps = by_suit.get(suit, set())
        side_ok = all(
            ranks <= {Rank.ACE, Rank.TEN} and Rank.ACE in ranks
            for s, ranks in by_suit.items()
            if s != suit
        )
        if {Rank.QUEEN, Rank.ACE, Rank.TEN} <= trumps and len(trumps) >= 4 and side_ok:
            return action
    take_all = all(
        ranks <= {Rank.ACE, Rank.TEN} and Rank.ACE in ranks for ranks in by_suit.values()
    )
    if take_all and len(by_suit) >= 3:
        return pick_action(legal, "akis:b")
    low = all(ranks <= {Rank.NINE, Rank.JACK} for ranks in by_suit.values())
    guarded = all(Rank.JACK not in ranks or Rank.NINE in ranks for ranks in by_suit.values())
    if low and guarded:
        return pick_action(legal, "akis:c")
    return None


def _sides(obs: Mapping[str, Any], n: int) -> list[int]:
    """The side id of each seat: the pairs in Kiksas; in Trikiksis the active or Akis player
    (side 0) and the other two."""
    sides = [0] * n
    for side, entry in enumerate(obs["sides"]):
        for seat in entry["seats"]:
            sides[seat] = side
    return sides


def rules_for(obs: Mapping[str, Any], options: Any = None) -> _core.RulesTable:
    """The deal's rules table; ``options`` (the game's) give the follow duties of D3, the
    defaults without them."""
    akis = obs.get("akis")
    if akis:
        suit = akis.get("suit")
        trump = -1 if suit is None else int(Suit.parse(suit))
    else:
        trump = int(Suit.parse(obs["trump"]))
    return rules_table(options, trump)


def trump_counts(obs: Mapping[str, Any], rules: _core.RulesTable) -> dict[int, int]:
    """Trumps each seat holds now, where the announcement (§2.6) tells: seat -> count."""
    known: dict[int, int] = {}
    events = obs.get("events") or []
    first_trick: list[tuple[int, int]] | None = None
    announced: dict[int, int] = {}
    partner_total: tuple[int, int] | None = None
    for e in events:
        if e["type"] == "TrickCompleted" and e["no"] == 1:
            first_trick = [(s, Card.parse(c).id) for s, c in e["cards"]]
        elif e["type"] == "TrumpCountAnnounced":
            announced[e["player"]] = e["value"]
        elif e["type"] == "TrumpCountAdded":
            partner_total = (e["player"], e["total"])
        elif e["type"] == "TrumpCountSilent":
            known[e["player"]] = 0
    if first_trick is None or not announced:
        return {}
    trumps = rules.trump_cards
    in_trick = sum(1 for _, c in first_trick if (trumps >> c) & 1)
    ((winner, n1),) = announced.items()
    known[winner] = n1 - in_trick
    if partner_total is not None:
        known[partner_total[0]] = partner_total[1] - n1
    # subtract the trumps played since trick 1
    done, current = observation_tricks(obs, int)  # the observation names seats by id
    for seat, card in [pc for t in done[1:] for pc in t] + current:
        if seat in known and (trumps >> card) & 1:
            known[seat] -= 1
    return {s: max(v, 0) for s, v in known.items()}


def play_view(obs: Mapping[str, Any], legal: Sequence[Action], options: Any = None) -> PlayView:
    n = len(obs["hand_sizes"])
    rules = rules_for(obs, options)
    me: int = obs["seat"]
    done, current = observation_tricks(obs, int)
    history = [pc for t in done for pc in t] + current
    hand = mask_of(obs["hand"] or [])
    played = 0
    for _, c in history:
        played |= 1 << c
    known: dict[int, int] = {}
    for seat, cards in enumerate(obs["open_hands"]):
        if cards is not None:
            known[seat] = mask_of(cards)
    seen = hand | played
    for mask in known.values():
        seen |= mask
    hidden = list(obs["hand_sizes"])
    hidden[me] = 0
    for seat in known:
        hidden[seat] = 0
    sitting = obs.get("sitting_out")
    active = [s for s in range(n) if s != sitting]
    unseen = rules.deck & ~seen
    if sitting is not None:
        # the sitting-out hand is out of play: its cards are unseen but held by nobody active
        pass
    view = PlayView(
        rules=rules,
        num_seats=n,
        me=me,
        sides=_sides(obs, n),
        active=active,
        hand=hand,
        legal=legal_mask(legal),
        trick=current,
        history=history,
        unseen=unseen,
        hidden=hidden,
        known=known,
    )
    akis = obs.get("akis")
    view.excluded = play_exclusions(view, fixed_leader=akis["player"] if akis else -1)
    return view


def _akis_play(obs: Mapping[str, Any], view: PlayView) -> int:
    akis = obs["akis"]
    soloist = akis["player"]
    misere = akis["kind"] == "c"
    legal = bits(view.legal)
    if view.me == soloist:
        if misere:
            # lead the card with the most cards above it still out
            def above(c: int) -> int:
                rivals = view.others_cards([s for s in view.active if s != view.me])
                return sum(
                    1
                    for r in bits(rivals & view.rules.suit_cards(view.suit(c)))
                    if view.strength(r) > view.strength(c)
                )

            return max(legal, key=lambda c: (above(c), -view.strength(c), c))
        return max(legal, key=lambda c: (int(view.is_boss(c)), view.strength(c), c))
    # a defender
    if misere:
        under = [c for c in legal if not view.would_win(c)]
        if under:
            return max(under, key=lambda c: (view.strength(c), c))
        return max(legal, key=lambda c: (view.strength(c), c))
    winners = [c for c in legal if view.would_win(c)]
    if winners:
        return max(winners, key=lambda c: (view.strength(c), c))
    return min(legal, key=lambda c: (view.strength(c), c))


def choose_play(obs: Mapping[str, Any], legal: Sequence[Action], options: Any = None) -> Action:
    view = play_view(obs, legal, options)
    if obs.get("akis"):
        return Action.play(Card(_akis_play(obs, view)))
    counts = trump_counts(obs, view.rules)
    mine = sum(v for s, v in counts.items() if view.friendly(s))
    theirs_known = [s for s in counts if not view.friendly(s)]
    own_trumps = bin(view.hand & view.rules.trump_cards).count("1")
    if view.me in counts:
        mine = sum(v for s, v in counts.items() if view.friendly(s))
    else:
        mine += own_trumps
    total_out = bin(view.unseen & view.rules.trump_cards).count("1") + own_trumps
    theirs = total_out - mine if not theirs_known else sum(counts[s] for s in theirs_known)
    style = Style(pull_trumps=mine > theirs, gamble_from=10)
    return Action.play(Card(choose_card(view, style)))


def _all_sure(obs: Mapping[str, Any], options: Any) -> bool:
    view = play_view(obs, [], options)
    return all(view.is_boss(c) for c in bits(view.hand)) and bool(view.hand)


class KiksasBot(GameRuleBot):
    """Kiksas and Trikiksis by simple rules (see the module doc)."""

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        phase = observation.get("phase")
        legal = legal_actions
        if phase == "peek":
            return pick_action(legal, "peek:top") or legal[0]
        if phase == "peek_decision":
            peek = observation.get("peek") or {}
            card = peek.get("card")
            good = card is not None and Card.parse(card).rank in (Rank.ACE, Rank.QUEEN)
            return pick_action(legal, "accept" if good else "decline") or legal[0]
        if phase == "trump_choice":
            hand = _cards(observation.get("hand"))
            calls = [a for a in legal if a.name.startswith("trump:")]
            if not calls:
                return legal[0]
            return max(calls, key=lambda a: (suit_worth(hand, Suit.parse(a.name[6:])), a.name))
        if phase == "akis":
            call = akis_call(_cards(observation.get("hand")), legal)
            return call or pick_action(legal, "pass") or legal[0]
        if phase == "su_dviem":
            if _all_sure(observation, self.options):
                return pick_action(legal, "su_dviem") or legal[0]
            return pick_action(legal, "pass") or legal[0]
        if phase == "last_lead":
            return pick_action(legal, "decline") or legal[0]
        cards = [a for a in legal if a.is_card]
        if not cards:
            return legal[0]
        if len(cards) == 1:
            return cards[0]
        return choose_play(observation, cards, self.options)


RULE_BOT = KiksasBot


# --- the PIMC bot's search ---------------------------------------------------------------------

DECK_SIZE = 24  # the whole Kiksas deck: four hands of six or three of eight
SITTING_OUT_CARDS = 6  # the hand turned down by an Akis player's partner


class KiksasPimc:
    """What the PIMC bot solves in Kiksas and Trikiksis (see the module doc)."""

    def search(
        self, game: Game | None, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> PlaySearch | None:
        obs = observation
        akis = obs.get("akis")
        if obs.get("hand") is None or "my_played" in obs:  # no hand yet, or no history (D6)
            return None
        options = game.options if game is not None else None
        view = play_view(obs, legal, options)
        n = view.num_seats
        out = SITTING_OUT_CARDS if obs.get("sitting_out") is not None else 0
        if len(view.history) != DECK_SIZE - out - sum(obs["hand_sizes"]):
            return None
        rules = rules_for(obs, options)
        sides = view.sides
        sitting_seat: int | None = obs.get("sitting_out")
        active_mask = 0
        if sitting_seat is not None:
            active_mask = ((1 << n) - 1) & ~(1 << sitting_seat)
        fixed_leader = akis["player"] if akis else -1
        first = fixed_leader if fixed_leader >= 0 else view.me
        leader = view.history[0][0] if view.history else first
        played = played_by(view)
        history = list(view.history)
        # before the first card this seat leads, and what it may lead is the forced first lead
        first_lead = 0 if history else view.legal
        counts = trump_counts(obs, view.rules) if not akis else {}
        suit_counts = {
            s: (view.rules.trump_cards, c)
            for s, c in counts.items()
            if s != view.me and s not in view.known
        }

        def make_state(hands: list[int]) -> _core.PlayState | None:
            start = [hands[s] | played[s] | (view.hand if s == view.me else 0) for s in range(n)]
            if sitting_seat is not None:
                start[sitting_seat] = 0
            state = _core.PlayState(
                rules,
                start,
                sides,
                leader,
                active=active_mask,
                first_lead_cards=first_lead,
                fixed_leader=fixed_leader,
            )
            return replay(state, history)

        objective: _core.Objective
        if akis:  # won or lost on tricks: every one, or none in a misère (c)
            objective = _core.Objective(
                kind=_core.ObjectiveKind.KIKSAS_AKIS,
                side=sides[view.me],
                akis=AKIS_KINDS[akis["kind"]],
                akis_side=sides[akis["player"]],
            )
        elif obs.get("deal_type") == "writing_off" and obs.get("targets"):
            # the race: first to its target writes the other side off
            objective = _core.Objective(
                kind=_core.ObjectiveKind.KIKSAS_RACE,
                side=sides[view.me],
                kiksas_targets=tuple(obs["targets"]),
            )
        else:
            objective = _core.Objective(kind=_core.ObjectiveKind.MARGIN, side=sides[view.me])
        if sitting_seat is not None:
            # the turned-down hand is out of play: its six cards are among the unseen ones
            view.hidden[sitting_seat] = 0
        return PlaySearch(view, make_state, objective, suit_counts=suit_counts)


PIMC = KiksasPimc()
