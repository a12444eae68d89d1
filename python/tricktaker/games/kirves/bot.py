"""The Kirves bots: the rule-based bot (``RULE_BOT``) and the PIMC bot's search (``PIMC``).

The rule-based bot (docs/rules/kirves.md).

Hand evaluation: with suit s as trumps a hand is expected to take about one trick with each of
RJ, BJ and ♣J, 0.7 with another jack, 0.5 with the ace, king or queen of trumps, 0.3 with a low
trump, 0.4 with a side ace, plus 0.2 for every trump beyond the second. A trump maker must be
the winning player himself (three tricks, or the first to two), against more players the more
there are, so the bot makes trumps from ``make_from(n) = 1 + n/4`` expected tricks with n
participants (1.75 with three, 2 with four: measured against other thresholds on duplicate
deals):

* the cut is a seeded random packet size (it only decides which cards come up);
* the dealer offered a turned ace or two peeks and takes it when the peeked cards hold a trump;
* speaking: "Tuosta vaan" (keep) with the turned suit worth ``make_from``, "Ei olisi tuota"
  (change) when another suit is worth that and the turned one is not, else "Viisi" (pass); it
  never proposes a throw-in and never leads directly;
* polls: a veto with a kiellonvara and the turned suit worth ``make_from``, else consent; a
  throw-in is refused only with such a hand;
* folding: never. Marks are good in Kirves (three escape a leg): an opposition player who stays
  gets a mark when the trump maker fails, and a principal who concedes gives the opponents the
  marks a lost deal would;
* discards: the weakest natural card that is not a trump; pääköt are declared when manual.

Play: the shared heuristic with every trick worth winning, the trump maker drawing trumps, and
the opposition playing as one side (a partner's winning trick is left alone).

The PIMC bot solves winning the deal (1 if the winning player is on the seat's side: the trump
maker alone, or the opposition together); a bystander of a cut-jack deal leaves the play to the
rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Rank, Suit
from tricktaker.games.kirves import FAMILY, TRICKS
from tricktaker.games.kirves.tables import rules_table
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
from tricktaker.protocol.players import GameRuleBot, pick_action

__all__ = ["PIMC", "RULE_BOT", "KirvesBot", "KirvesPimc", "play_view", "rules_for"]


def make_from(participants: int) -> float:
    """Expected tricks from which the bot makes trumps (see the module doc)."""
    return min(1.0 + participants / 4, 3.0)


TOP_TRUMPS = {"RJ", "BJ", "JC"}


def named_suit(card: Card) -> Suit:
    """R3.3: the suit a turned card names (RJ hearts, BJ spades)."""
    if card.is_joker:
        return Suit.HEARTS if str(card) == "RJ" else Suit.SPADES
    assert card.suit is not None
    return card.suit


def is_trump(card: Card, trump: Suit) -> bool:
    return card.is_joker or card.rank == Rank.JACK or card.suit == trump


def suit_worth(hand: Sequence[Card], trump: Suit) -> float:
    worth = 0.0
    trumps = 0
    for card in hand:
        if is_trump(card, trump):
            trumps += 1
            if str(card) in TOP_TRUMPS:
                worth += 1.0
            elif card.rank == Rank.JACK:
                worth += 0.7
            elif card.rank in (Rank.ACE, Rank.KING, Rank.QUEEN):
                worth += 0.5
            else:
                worth += 0.3
        elif card.rank == Rank.ACE:
            worth += 0.4
    return worth + 0.2 * max(0, trumps - 2)


def seat_id(seat: Any) -> int:
    """A seat of an observation: its id (observations name every seat by id)."""
    return int(seat)


def seat_sides(obs: Mapping[str, Any]) -> list[int]:
    """The side id of each seat, from the observation's ``sides``."""
    sides = [0] * int(obs["num_players"])
    for side, entry in enumerate(obs["sides"]):
        for seat in entry["seats"]:
            sides[seat] = side
    return sides


def rules_for(obs: Mapping[str, Any], options: Any) -> _core.RulesTable:
    """The rules table of the observation's trump under the game's options (the core's
    defaults without options)."""
    return rules_table(options, int(Suit.parse(obs["trump"])))


def play_view(obs: Mapping[str, Any], legal: Sequence[Action], options: Any) -> PlayView:
    n = int(obs["num_players"])
    rules = rules_for(obs, options)
    me = seat_id(obs["seat"])
    done, current = observation_tricks(obs, seat_id)
    history = [pc for t in done for pc in t] + current
    hand = mask_of(obs["hand"] or [])
    seen = hand
    for _, c in history:
        seen |= 1 << c
    cut = obs.get("cut") or {}
    for key in ("bottom_card", "angel_card"):
        if cut.get(key):
            seen |= Card.parse(cut[key]).mask
    if obs.get("turned_card") and not obs.get("turned_taken"):
        seen |= Card.parse(obs["turned_card"]).mask
    if obs.get("discarded"):
        seen |= Card.parse(obs["discarded"]).mask
    known: dict[int, int] = {}
    cutter, dealer = seat_id(obs["cutter"]), seat_id(obs["dealer"])
    if cut.get("cut_jack") and cutter != me:
        jack = Card.parse(cut["cut_jack"]).mask
        if not any(jack == 1 << c for s, c in history):
            known[cutter] = jack & ~seen
    if obs.get("turned_card") and obs.get("turned_taken") and dealer != me:
        taken = Card.parse(obs["turned_card"]).mask
        if not (taken & seen):
            known[dealer] = known.get(dealer, 0) | taken
    for mask in known.values():
        seen |= mask
    hidden = [
        0 if s == me else size - bin(known.get(s, 0)).count("1")
        for s, size in enumerate(obs["hand_sizes"])
    ]
    folded = {seat_id(x) for x in obs.get("folded") or []}
    playing = [seat_id(p) for p in obs["participants"]]
    active = [s for s in range(n) if s in playing and s not in folded]
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
    view.excluded = play_exclusions(view, tricks=TRICKS)
    return view


class KirvesBot(GameRuleBot):
    """Kirves by simple rules (see the module doc)."""

    def __init__(self) -> None:
        super().__init__()
        self._rng = _core.Rng(0)

    def reset(self, seed: int) -> None:
        self._rng = _core.Rng(seed ^ 0x6B697276)

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        obs = observation
        legal = [a for a in legal_actions if a.name != "misdeal"] or list(legal_actions)
        declare = pick_action(legal, "declare")
        if declare is not None:
            return declare
        phase = obs.get("phase")
        hand = [Card.parse(c) for c in obs.get("hand") or []]
        turned = Card.parse(obs["turned_card"]) if obs.get("turned_card") else None
        threshold = make_from(len(obs.get("participants") or []) or int(obs["num_players"]))
        if phase == "cut":
            return legal[int(self._rng.below(len(legal)))]
        if phase == "turned_card":
            if pick_action(legal, "peek") is not None:
                return pick_action(legal, "peek") or legal[0]
            peeked = [Card.parse(c) for c in obs.get("peeked") or []]
            assert turned is not None
            good = any(is_trump(c, named_suit(turned)) for c in peeked)
            return pick_action(legal, "take" if good else "leave") or legal[0]
        if phase == "discard":
            fixed = Suit.parse(obs["trump"]) if obs.get("trump") else None

            def key(a: Action) -> tuple[int, int]:
                card = Card.parse(a.name[8:])
                trumpish = fixed is not None and is_trump(card, fixed)
                return (int(trumpish), int(card.rank or 0))

            choices = [a for a in legal if a.name.startswith("discard:")]
            return min(choices, key=key) if choices else legal[0]
        if phase == "paakot":
            return pick_action(legal, "no") or legal[0]
        if phase == "speaking":
            assert turned is not None
            suit = named_suit(turned)
            if pick_action(legal, "keep") and suit_worth(hand, suit) >= threshold:
                return pick_action(legal, "keep") or legal[0]
            others = [s for s in Suit if s != suit]
            best = max(others, key=lambda s: (suit_worth(hand, s), -int(s)))
            if pick_action(legal, "change") and suit_worth(hand, best) >= threshold:
                return pick_action(legal, "change") or legal[0]
            return pick_action(legal, "pass") or pick_action(legal, "keep") or legal[0]
        if phase == "change_poll":
            assert turned is not None
            veto = pick_action(legal, "veto")
            if veto is not None and suit_worth(hand, named_suit(turned)) >= threshold:
                return veto
            return pick_action(legal, "consent") or legal[0]
        if phase == "choose_suit":
            calls = [a for a in legal if a.name.startswith("suit:")]
            return max(calls, key=lambda a: (suit_worth(hand, Suit.parse(a.name[5:])), a.name))
        if phase == "throw_in_poll":
            assert turned is not None
            strong = suit_worth(hand, named_suit(turned)) >= threshold
            return pick_action(legal, "refuse" if strong else "consent") or legal[0]
        if phase == "folding":
            return pick_action(legal, "stay") or legal[0]
        cards = [a for a in legal if a.is_card]
        if not cards:
            return legal[0]
        if len(cards) == 1:
            return cards[0]
        view = play_view(obs, cards, self.options)
        maker = obs.get("trump_maker")
        style = Style(
            pull_trumps=maker is not None and seat_id(maker) == view.me,
            trick_worth=10,
            gamble_from=10,
        )
        return Action.play(Card(choose_card(view, style)))


RULE_BOT = KirvesBot


# --- the PIMC bot's search ---------------------------------------------------------------------


def unbound_game(num_players: int) -> Game:
    """Kirves for ``num_players`` with the default options: the game of a bot that was never
    bound to one."""
    (variant,) = FAMILY.variants
    game: Game = variant.factory(num_players=num_players)
    return game


class KirvesPimc:
    """What the PIMC bot solves in Kirves (see the module doc)."""

    def search(
        self, game: Game | None, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> PlaySearch | None:
        obs = observation
        if obs.get("trump") is None or obs.get("hand") is None:
            return None
        if game is None:
            game = unbound_game(int(obs["num_players"]))
        options = game.options
        view = play_view(obs, legal, options)
        me = view.me
        kind = obs.get("kind")
        principals = (seat_id(obs["cutter"]), seat_id(obs["dealer"]))
        if kind == "cut_jack" and me not in principals:
            return None  # a bystander wins nothing: the rules decide
        rules = rules_for(obs, options)
        n = view.num_seats
        played = played_by(view)
        history = list(view.history)
        leader = history[0][0] if history else me
        active_mask = sum(1 << s for s in view.active)

        def make_state(hands: list[int]) -> _core.PlayState | None:
            start = [
                (hands[s] | played[s] | (view.hand if s == me else 0)) if s in view.active else 0
                for s in range(n)
            ]
            state = _core.PlayState(
                rules, start, view.sides, leader, active=active_mask, tricks=TRICKS
            )
            return replay(state, history)

        objective = _core.Objective(kind=_core.ObjectiveKind.KIRVES_WIN, side=view.sides[me])
        return PlaySearch(view, make_state, objective)


PIMC = KirvesPimc()
