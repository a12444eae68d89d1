"""One All Fours / Pitch deal: the deal flow of docs/rules/allfours.md §9 on the C++ play state.

Phases: ``beg`` (stand or beg, T7, V3), ``respond`` (the dealer gives one or runs, T8, T9),
``auction`` (P4, S4), ``declare`` (O6), ``exchange`` (PV5, O7), ``discard`` (O8), ``play`` and
``over``. Trick play, the items and the contract are the core's (``allfours_rules``,
``allfours_score``); this module deals, turns up, counts kicks and credits in the spec's order.
Its events and trick records name seats by id and sides by number (0 for A), as ``schema.py``
describes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktaker import _core
from tricktaker._core import CardStep
from tricktaker.cards import Card, Rank, Suit, cards_from_mask, mask_from_cards
from tricktaker.errors import Error, IllegalAction
from tricktaker.games.allfours.notation import play_tokens, write_position
from tricktaker.games.allfours.observation import DealViews
from tricktaker.games.allfours.options import AllFoursOptions, seat_name
from tricktaker.games.allfours.result import AllFoursResult, Credit
from tricktaker.games.allfours.tables import (
    deal_rules,
    objective_arguments,
    rules_table,
    scoring_options,
)
from tricktaker.protocol.base import Action, Event, Game, card_actions

KICK_TABLES: dict[str, dict[Rank, int]] = {
    "trinidad": {Rank.ACE: 1, Rank.SIX: 2, Rank.JACK: 3},
    "tobago": {Rank.ACE: 1, Rank.TWO: 2, Rank.JACK: 3},
    "none": {},
}
ITEM_NAMES = {
    _core.AllFoursItem.HIGH: "high",
    _core.AllFoursItem.LOW: "low",
    _core.AllFoursItem.JACK: "jack",
    _core.AllFoursItem.JICK: "jick",
    _core.AllFoursItem.JOKER_HIGH: "joker_high",
    _core.AllFoursItem.JOKER_LOW: "joker_low",
    _core.AllFoursItem.TREY: "trey",
    _core.AllFoursItem.FIVE: "five",
    _core.AllFoursItem.LAST: "last",
    _core.AllFoursItem.GAME: "game",
    _core.AllFoursItem.MOON: "moon",
}
# By the item's number: a dict keyed by the binding's enum hashes and compares through the
# binding, a dearer look-up than the number's.
_ITEM_NAME_BY_NUMBER = {int(item): name for item, name in ITEM_NAMES.items()}
# The credit of each award of the core's scoring (its item's number, side, points and card id,
# -1 for none), made once: a credit is immutable, so every deal that earns the same award
# shares it, and a deal's end makes none.
_AWARD_CREDITS: dict[tuple[int, int, int, int], Credit] = {}


def award_credits(awards: Sequence[tuple[int, int, int, int]]) -> list[Credit]:
    """The credits of the core's awards (``_core.allfours_score_fields``), in their order."""
    out = []
    for award in awards:
        credit = _AWARD_CREDITS.get(award)
        if credit is None:
            item, side, points, card = award
            credit = Credit.of(
                _ITEM_NAME_BY_NUMBER[item], side, points, None if card < 0 else Card(card)
            )
            _AWARD_CREDITS[award] = credit
        out.append(credit)
    return out


RUN_PACKET = 3  # a run deals one round of 3-card packets (T9)

STAND = Action.call("stand")
BEG = Action.call("beg")
GIVE_ONE = Action.call("give_one")
RUN = Action.call("run")
PASS = Action.call("pass")
DONE = Action.call("done")
FOLD = Action.call("fold")
TRUMP_CALLS = {suit: Action.call(f"trump:{suit.letter}") for suit in Suit}
# What the core's card step does with each card (protocol.base.Deal): the card, taken off the
# seat's hand; for a trick's last card its number and winner (the deal's trick records are made
# from the play state when read); the play's end goes to _card_stepped.
_CARD_STEP = CardStep(
    "play",
    detail_card="card",
    hands="hands",
    trick_detail=[("trick", "trick"), ("trick_winner", "winner")],
)


def kick_points(options: AllFoursOptions, card: Card) -> int:
    if card.rank is None:
        return 0
    return KICK_TABLES[options.kick_points].get(card.rank, 0)


def rules_for(options: AllFoursOptions, trump: Suit) -> _core.RulesTable:
    """The rules table of a deal with ``trump`` (the core's, built in ``tables.py``)."""
    return rules_table(options, int(trump))


def deal_order(num_players: int, dealer: int, hand_size: int, packet: int) -> list[int]:
    """The seat receiving each of the first ``num_players * hand_size`` cards (C10)."""
    seats: list[int] = []
    given = 0
    while given < hand_size:
        size = min(packet, hand_size - given)
        for k in range(num_players):
            seats += [(dealer + 1 + k) % num_players] * size
        given += size
    return seats


def first_jack_dealer(
    cards: list[Card], num_players: int, start: int = 0, before: bool = False
) -> tuple[int, int]:
    """Y4: deal ``cards`` face up one at a time from ``start`` until a jack appears.

    Returns (first dealer, receiver of the jack). With ``before`` (first_jack_faceup_before)
    the receiver is the first eldest and the player before him deals.
    """
    for i, card in enumerate(cards):
        if card.rank == Rank.JACK:
            receiver = (start + i) % num_players
            dealer = (receiver - 1) % num_players if before else receiver
            return dealer, receiver
    raise Error("the face-up deal found no jack")


def first_dealer(options: AllFoursOptions, rng: _core.Rng) -> tuple[int, dict[str, Any] | None]:
    """The dealer of a match's first deal by the ``first_dealer`` option (T2, Y4), and for the
    face-up deal to the first jack, what it showed (start seat, cards, the jack's receiver and
    the dealer, seats by id)."""
    o = options
    if o.first_dealer == "random":
        return int(rng.below(o.num_players)), None
    if o.first_dealer.startswith("fixed:"):
        return int(o.first_dealer[6:]), None
    deck = cards_from_mask(o.deck_mask)
    cards = [deck[i] for i in rng.shuffled(list(range(len(deck))))]
    start = int(rng.below(o.num_players))  # D43: a random start seat
    before = o.first_dealer == "first_jack_faceup_before"
    dealer, receiver = first_jack_dealer(cards, o.num_players, start, before)
    shown = next(i for i, c in enumerate(cards) if c.rank == Rank.JACK) + 1
    draw = {
        "start": start,
        "cards": [str(c) for c in cards[:shown]],
        "jack_to": receiver,
        "dealer": dealer,
    }
    return dealer, draw


class AllFoursDeal(DealViews):
    """One deal of All Fours or Pitch, from the shuffle to its credits."""

    def __init__(self, game: Game, setup: dict[str, Any]) -> None:
        self.game = game
        o: AllFoursOptions = game.options
        self.options = o
        self.log = []
        self._setup = setup
        self.n = o.num_players
        self.sides = o.sides()
        self.num_sides = max(self.sides) + 1
        self.dealer: int = setup["dealer"]
        self.eldest = (self.dealer + 1) % self.n
        self.scores_before: tuple[int, ...] = tuple(setup["scores"])
        self.scores: list[int] = list(self.scores_before)
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.stock: list[Card] = []
        self.turned: list[Card] = []
        self.credits: list[Credit] = []
        self.calls: list[tuple[int, str]] = []
        self.trump: Suit | None = None
        self.begger: int | None = None
        self.runs = 0
        self.pitcher: int | None = None
        self.bid: int | None = None
        self.discards: list[list[Card]] = [[] for _ in range(self.n)]
        self.exchanged: list[int] = [0] * self.n
        self.widow_taker: int | None = None
        self.state: _core.PlayState | None = None
        self.leader: int | None = None
        self.start_hands: list[list[Card]] = []
        self._tricks: list[dict[str, Any]] = []  # made when read (tricks)
        self._phase = "deal"
        self._to_move: int | None = None
        self._winner: int | None = None
        self._thrown_in = False
        self._next_dealer = (self.dealer + 1) % self.n
        self._result: AllFoursResult | None = None
        # The play's score: points and game values per side, made, the all-tricks and moon
        # sides (None for none), as _core.allfours_score_fields gives them.
        self._score: (
            tuple[tuple[int, ...], tuple[int, ...], bool, int | None, int | None] | None
        ) = None
        # auction
        self._high = 0
        self._holder: int | None = None
        self._passed: set[int] = set()
        self._acted: set[int] = set()
        # begging (V3) and the exchange / discard turns
        self._queue: list[int] = []
        self._exchange_out: list[Card] = []
        self._proposed: Card | None = None
        self._items: list[Credit] = []
        if "start" in setup:
            self._start_from_position(setup["start"])
        else:
            self._deal(setup["deck"])

    # --- the protocol -------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        state = self.state
        if self._phase == "play" and state is not None and (seat is None or seat == self._to_move):
            actions = card_actions(state.legal_moves())  # the card play, the common case
            if state.can_fold():
                actions.append(FOLD)
            return actions
        seat = self._to_move if seat is None else seat
        if seat is None or seat != self._to_move or self._phase == "over":
            return []
        o = self.options
        phase = self._phase
        if phase == "beg":
            return [STAND, BEG]
        if phase == "respond":
            return ([GIVE_ONE] if self._may_give_one() else []) + [RUN]
        if phase == "auction":
            bids = [Action.call(f"bid:{b}") for b in self._legal_bids(seat)]
            return bids if self._must_bid(seat) else [PASS] + bids
        if phase == "declare":
            return [TRUMP_CALLS[s] for s in Suit]
        if phase == "exchange":
            room = min(o.exchange_max, len(self.stock)) - len(self._exchange_out)
            cards = sorted(self.hands[seat]) if room > 0 else []
            return [Action.call(f"discard:{c}") for c in cards] + [DONE]
        if phase == "discard":
            return [Action.call(f"discard:{c}") for c in sorted(self.hands[seat])]
        if phase == "play":
            if self.state is None:  # the first card fixes trump: a suited card (X11)
                return [Action.play(c) for c in sorted(self.hands[seat]) if not c.is_joker]
            actions = card_actions(self.state.legal_moves())
            if self.state.can_fold():
                actions.append(FOLD)
            return actions
        return []

    def _try_play(self, action: Action, seat: int | None) -> Event | None:
        to_move = self._to_move
        state = self.state
        if self._phase != "play" or state is None or (seat is not None and seat != to_move):
            return None
        assert to_move is not None and action.card is not None
        if not state.legal_moves() >> action.card.id & 1:
            return None
        return self._play_card(action, to_move)

    def _card_step_now(self) -> CardStep | None:
        state = self.state
        # Under folding a fold may stand beside the cards.
        if self._phase != "play" or state is None or state.folding:
            return None
        return _CARD_STEP

    def _card_stepped(self, action: Action, seat: int, detail: dict[str, Any]) -> Event:
        return self._played(action, seat, detail)

    def _apply(self, action: Action, seat: int) -> Event:
        phase = self._phase
        if phase == "beg":
            return self._apply_beg(action, seat)
        if phase == "respond":
            return self._apply_respond(action, seat)
        if phase == "auction":
            return self._apply_bid(action, seat)
        if phase == "declare":
            suit = Suit.parse(action.name.split(":", 1)[1])
            self.calls.append((seat, action.name))
            self._declare(suit)
            return self._event(seat, action, phase, trump=suit.letter)
        if phase in ("exchange", "discard"):
            return self._apply_discard(action, seat)
        return self._apply_play(action, seat)

    def _event(self, seat: int, action: Action, phase: str, **detail: Any) -> Event:
        return Event(seat, str(action), phase, detail)

    # --- dealing and credits ------------------------------------------------------------

    def _deal(self, deck: list[str]) -> None:
        o = self.options
        order = [Card.parse(c) for c in deck]
        seats = deal_order(self.n, self.dealer, o.deal_size, o.deal_packet_size)
        for card, seat in zip(order, seats, strict=False):
            self.hands[seat].append(card)
        self.stock = order[len(seats) :]
        if o.trump_selection == "turn_up":
            card = self._turn_up()
            if self._winner is not None:
                return self._finish_early()
            self._proposed = card
            if o.begging == "none":
                return self._start_play(self._suit_of(card))
            self._phase = "beg"
            self._to_move = self.eldest
        elif o.has_auction:
            self._phase = "auction"
            self._to_move = self.eldest
            self._next_bidder(self.dealer)
        else:  # Yorkshire: the dealer's (or eldest's) first card sets trump
            self._phase = "play"
            self.leader = self.eldest if o.first_lead == "eldest" else self.dealer
            self._to_move = self.leader

    @staticmethod
    def _suit_of(card: Card) -> Suit:
        assert card.suit is not None
        return card.suit

    def _credit(self, kind: str, side: int, points: int, card: Card | None = None) -> bool:
        """Credit points; with win_check = immediate_ordered, report a win at once (T17)."""
        return self._apply_credit(Credit.of(kind, side, points, card))

    def _apply_credit(self, credit: Credit) -> bool:
        """``_credit`` of a credit made already (an item earned in play: the record is
        immutable, so the items and the credits share it)."""
        return self._apply_credits((credit,), -1)

    def _apply_credits(self, credits: Sequence[Credit], skipped_side: int) -> bool:
        """Apply ``credits`` in order, leaving out those of ``skipped_side`` (a bidding side
        that was set; -1 for none); with win_check = immediate_ordered, stop at the credit that
        wins and report it (T17)."""
        o = self.options
        immediate = o.win_check == "immediate_ordered"
        target = o.target
        applied = self.credits
        scores = self.scores
        for credit in credits:
            side = credit.side
            if side == skipped_side:
                continue
            applied.append(credit)
            scores[side] += credit.points
            if immediate and self._winner is None and scores[side] >= target:
                self._winner = side
                return True
        return False

    def _turn_up(self) -> Card:
        card = self.stock.pop(0)
        self.turned.append(card)
        points = kick_points(self.options, card)
        if points:
            self._credit("kick", self.side_of(self.dealer), points, card)
        return card

    def _deal_round(self) -> None:
        for k in range(self.n):
            seat = (self.dealer + 1 + k) % self.n
            self.hands[seat] += self.stock[:RUN_PACKET]
            del self.stock[:RUN_PACKET]

    # --- begging (T7-T12, V3) ------------------------------------------------------------

    def _trumpless(self, seat: int, suit: Suit) -> bool:
        rules = deal_rules(self.options, int(suit))
        return not (mask_from_cards(self.hands[seat]) & rules.trump_cards)

    def _apply_beg(self, action: Action, seat: int) -> Event:
        self.calls.append((seat, action.name))
        if action == BEG:
            self.begger = seat
            self._phase = "respond"
            self._to_move = self.dealer
            return self._event(seat, action, "beg", begger=seat)
        assert self._proposed is not None
        proposed = self._suit_of(self._proposed)
        if seat == self.eldest and self.options.begging == "eldest_or_trumpless_opponent":
            dealer_side = self.side_of(self.dealer)
            run_only = self.options.dealer_side_may_beg == "run_only"
            self._queue = [
                s
                for s in ((self.eldest + k) % self.n for k in range(1, self.n))
                if s != self.dealer
                and (self.side_of(s) != dealer_side or run_only)
                and self._trumpless(s, proposed)
            ]
        if self._queue and seat != self.eldest:
            self._queue.pop(0)
        if self._queue:
            self._to_move = self._queue[0]
        else:
            self._start_play(proposed)
        return self._event(seat, action, "beg")

    def _may_give_one(self) -> bool:
        assert self.begger is not None
        side = self.side_of(self.begger)
        if side == self.side_of(self.dealer):
            return False  # dealer_side_may_beg = run_only: he must run (V3)
        # D14: with gift_may_win = false the gift may not take the begger's side to the target.
        return self.options.gift_may_win or self.scores[side] != self.options.target - 1

    def _apply_respond(self, action: Action, seat: int) -> Event:
        assert self.begger is not None and self._proposed is not None
        self.calls.append((seat, action.name))
        proposed = self._suit_of(self._proposed)
        if action == GIVE_ONE:
            if self._credit("gift", self.side_of(self.begger), 1):
                self._finish_early()
            else:
                self._start_play(proposed)
            return self._event(seat, action, "respond", side=self.side_of(self.begger))
        self._run_cards(proposed)
        detail: dict[str, Any] = {"turned": [str(c) for c in self.turned[1:]]}
        if self.trump is not None:
            detail["trump"] = self.trump.letter
        if self._thrown_in:
            detail["thrown_in"] = True
        return self._event(seat, action, "respond", **detail)

    def _run_cards(self, original: Suit) -> None:
        o = self.options
        while True:
            if len(self.stock) < RUN_PACKET * self.n + 1:  # T12, D6
                return self._throw_in(same_dealer=True)
            self.runs += 1
            if o.run_order == "deal_then_turn":
                self._deal_round()
                card = self._turn_up()
            else:
                card = self._turn_up()
                if self._winner is None:
                    self._deal_round()
            if self._winner is not None:
                return self._finish_early()
            if card.suit != original:
                return self._start_play(self._suit_of(card))
            if o.max_runs == 2 and self.runs >= 2:
                return self._throw_in(same_dealer=True)

    def _throw_in(self, *, same_dealer: bool) -> None:
        self._thrown_in = True
        self._next_dealer = self.dealer if same_dealer else (self.dealer + 1) % self.n
        self._finish_early()

    # --- the auction (P4, S4) ------------------------------------------------------------

    def _legal_bids(self, seat: int) -> list[int]:
        low, high = self.options.bid_range
        lowest = max(low, self._high + 1)
        if (
            seat == self.dealer
            and self.options.dealer_priority
            and self._holder is not None
            and self._holder != self.dealer
        ):
            lowest = max(low, self._high)  # the dealer's steal
        return list(range(lowest, high + 1))

    def _must_bid(self, seat: int) -> bool:
        return (
            seat == self.dealer
            and self._holder is None
            and self.options.all_pass == "dealer_must_bid"
            and all(s in self._passed for s in range(self.n) if s != self.dealer)
        )

    def _may_act(self, seat: int) -> bool:
        return bool(self._legal_bids(seat)) or self._must_bid(seat)

    def _next_bidder(self, after: int) -> None:
        single = self.options.auction_style == "single_round"
        for k in range(1, self.n + 1):
            seat = (after + k) % self.n
            if seat in self._passed or seat == self._holder:
                continue
            if single and seat in self._acted:
                continue
            if self._may_act(seat):
                self._to_move = seat
                return
        self._end_auction()

    def _apply_bid(self, action: Action, seat: int) -> Event:
        self.calls.append((seat, action.name))
        self._acted.add(seat)
        if action == PASS:
            self._passed.add(seat)
        else:
            self._high = int(action.name.split(":", 1)[1])
            self._holder = seat
        self._next_bidder(seat)
        detail: dict[str, Any] = {}
        if self._phase != "auction":
            detail = {"pitcher": self.pitcher, "bid": self.bid}
        return self._event(seat, action, "auction", **detail)

    def _end_auction(self) -> None:
        if self._holder is None:  # everybody passed: all_pass = redeal_next_dealer (D38)
            return self._throw_in(same_dealer=False)
        self.pitcher = self._holder
        self.bid = self._high
        if self.options.trump_selection == "declare":
            self._phase = "declare"
            self._to_move = self.pitcher
        else:
            self._phase = "play"
            self.leader = self.pitcher
            self._to_move = self.pitcher

    # --- declaring, widow, exchange, discard (PV5, O6-O8) ----------------------------------

    def _declare(self, suit: Suit) -> None:
        o = self.options
        self.trump = suit
        assert self.pitcher is not None
        if o.widow != "none":
            taker = self.dealer if o.widow == "dealer" else self.pitcher
            self.widow_taker = taker
            self.hands[taker] += self.stock
            self.stock = []
        if o.exchange_max > 0 and self.stock:
            self._phase = "exchange"
            self._queue = [(self.eldest + k) % self.n for k in range(self.n)]
            self._exchange_out = []
            self._to_move = self._queue[0]
            return
        self._begin_discards()

    def _begin_discards(self) -> None:
        size = self.options.play_size
        self._queue = [
            s
            for s in ((self.eldest + k) % self.n for k in range(self.n))
            if len(self.hands[s]) > size
        ]
        if not self._queue:
            assert self.trump is not None
            return self._start_play(self.trump)
        self._phase = "discard"
        self._to_move = self._queue[0]

    def _apply_discard(self, action: Action, seat: int) -> Event:
        phase = self._phase
        if action == DONE:
            drawn = self.stock[: len(self._exchange_out)]
            del self.stock[: len(drawn)]
            self.hands[seat] += drawn
            self.exchanged[seat] = len(drawn)
            self._exchange_out = []
            self._queue.pop(0)
            if self._queue and self.stock:
                self._to_move = self._queue[0]
            else:
                self._begin_discards()
            return self._event(seat, action, phase, exchanged=len(drawn))
        card = Card.parse(action.name.split(":", 1)[1])
        self.hands[seat].remove(card)
        self.discards[seat].append(card)
        if phase == "exchange":
            self._exchange_out.append(card)
        elif len(self.hands[seat]) == self.options.play_size:
            self._queue.pop(0)
            if self._queue:
                self._to_move = self._queue[0]
            else:
                assert self.trump is not None
                self._start_play(self.trump)
        return self._event(seat, action, phase)

    # --- play -----------------------------------------------------------------------------

    def _first_leader(self) -> int:
        """Who leads the first trick (C13, P6, runs)."""
        o = self.options
        if self.leader is not None:
            return self.leader
        if o.first_lead == "eldest":
            return int(self.eldest)
        if o.first_lead == "pitcher":
            assert self.pitcher is not None
            return self.pitcher
        if o.first_lead == "dealer_unless_run" and self.runs > 0:
            assert self.begger is not None
            return self.begger
        return self.dealer

    def _play_state(
        self, trump: Suit, hands: list[list[Card]], leader: int, first_lead_cards: int
    ) -> _core.PlayState:
        o = self.options
        return _core.PlayState(
            deal_rules(o, int(trump)),
            [mask_from_cards(h) for h in hands],
            self.sides,
            leader,
            first_lead_cards=first_lead_cards,
            folding=o.folding,
        )

    def _start_play(self, trump: Suit, first_card: Card | None = None) -> None:
        o = self.options
        self.trump = trump
        self.leader = self._first_leader()
        self.start_hands = [list(h) for h in self.hands]
        first_lead_cards = 0
        if first_card is not None:
            first_lead_cards = first_card.mask
        elif o.trump_selection == "declare" and o.first_lead_must_be_trump:
            first_lead_cards = deal_rules(o, int(trump)).trump_cards
        self.state = self._play_state(trump, self.hands, self.leader, first_lead_cards)
        self._phase = "play"
        self._to_move = self.leader

    def dd_table_states(self) -> list[list[tuple[_core.PlayState, int]]]:
        """For ``tt.dd_table``: per trump suit (S, H, D, C) the play of the hands at the start
        of play (as they are now before it, once any exchange and discards have brought them to
        the play's size) with that suit trumps, once for each side. Where the first card fixes
        trump, the leader leads that suit (a suit the leader lacks is played as if declared);
        in an auction game the pitcher leads, so the auction must have ended."""
        o = self.options
        # Once play has begun (or ended), the hands it began with.
        hands = self.start_hands if self.state is not None else self.hands
        if self._phase in ("deal", "beg") or not any(hands):
            raise IllegalAction("a double-dummy table needs the hands of the play")
        if o.has_auction and self.pitcher is None:
            raise IllegalAction(
                "a double-dummy table of a Pitch deal needs the auction's result (the pitcher "
                "leads and the bid is the contract): finish the auction first"
            )
        if o.deal_size > o.play_size and any(len(h) > o.play_size for h in hands):
            # Deal more, keep six (PV5): the cards beyond the play's are yet to be discarded,
            # and a table of them would count cards that are dead when play begins (C21). (A
            # run instead plays every card it deals: nine cards, nine tricks.)
            raise IllegalAction(
                f"a double-dummy table needs the hands of the play: {o.play_size} cards each, "
                "after the exchange and the discards"
            )
        leader = self._first_leader()
        rows = []
        for suit in Suit:
            first = 0
            if o.trump_selection not in ("turn_up", "declare"):
                first = mask_from_cards([c for c in hands[leader] if c.suit == suit])
            elif o.trump_selection == "declare" and o.first_lead_must_be_trump:
                first = rules_for(o, suit).trump_cards
            state = self._play_state(suit, hands, leader, first)
            rows.append([(state, side) for side in range(self.num_sides)])
        return rows

    def pitch_states(self) -> dict[Suit, _core.PlayState]:
        """Before the pitch (the first card fixes trump, X11): for each suit the leader can
        pitch, the play state that pitching a card of it starts. Empty at any other time."""
        if self._phase != "play" or self.state is not None or self._to_move is None:
            return {}
        leader = self._to_move
        out: dict[Suit, _core.PlayState] = {}
        for card in sorted(self.hands[leader]):
            if card.is_joker or self._suit_of(card) in out:
                continue
            suit = self._suit_of(card)
            leads = mask_from_cards([c for c in self.hands[leader] if c.suit == suit])
            out[suit] = self._play_state(suit, self.hands, leader, leads)
        return out

    def _apply_play(self, action: Action, seat: int) -> Event:
        if action != FOLD:
            return self._play_card(action, seat)
        state = self.state
        assert state is not None
        folded = cards_from_mask(state.hand(seat))
        before = state.tricks_played
        state.fold()
        self.hands[seat] = []
        return self._played(action, seat, {"folded": [str(c) for c in folded]}, before)

    def _play_card(self, action: Action, seat: int) -> Event:
        card = action.card
        assert card is not None
        detail: dict[str, Any]
        if self.state is None:
            self._start_play(self._suit_of(card), first_card=card)
            detail = {"card": action.name, "trump": self._suit_of(card).letter}
        else:
            detail = {"card": action.name}
        state = self.state
        assert state is not None
        before = state.tricks_played
        state.play(card.id)
        self.hands[seat].remove(card)
        return self._played(action, seat, detail, before)

    def _played(
        self, action: Action, seat: int, detail: dict[str, Any], tricks_before: int = -1
    ) -> Event:
        """The deal after a card or a fold (``tricks_before``: the tricks completed before it,
        -1 where the core's card step has put the trick's number and winner in the detail
        already): the trick's fields, the end of the play."""
        state = self.state
        assert state is not None
        if 0 <= tricks_before < state.tricks_played:
            detail["trick"] = state.tricks_played
            detail["trick_winner"] = state.trick_record(-1).winner
        if state.is_terminal():
            self._score_deal()
        else:
            self._to_move = state.to_move
        return Event(seat, action.name, "play", detail)

    # --- scoring (T15-T17, P8-P10, PV3, X8) --------------------------------------------------

    def solver_scoring(self) -> dict[str, Any]:
        """The solver objective's arguments for this deal's game points (tt.solve)."""
        bidding_side = -1 if self.pitcher is None else self.side_of(self.pitcher)
        return objective_arguments(self.options, self.dealer, bidding_side, self.bid or 0)

    def _score_deal(self) -> None:
        o = self.options
        state = self.state
        assert state is not None
        bidding_side = -1 if self.pitcher is None else self.side_of(self.pitcher)
        points, game_values, made, all_tricks_side, moon_side, awards = _core.allfours_score_fields(
            state, self.dealer, bidding_side, self.bid or 0, scoring_options(o)
        )
        self._score = (points, game_values, made, all_tricks_side, moon_side)
        items = self._items = award_credits(awards)
        if o.win_check == "immediate_ordered":
            self._apply_credits(items, -1)
        else:
            start = list(self.scores)
            first = len(self.credits)
            self._apply_credits(items, -1 if made else bidding_side)
            if bidding_side >= 0 and not made:
                assert self.bid is not None
                self._credit("set_back", bidding_side, -self.bid)
            self._winner = self._end_of_deal_winner(start, self.credits[first:], bidding_side, made)
        self._finish()

    def _end_of_deal_winner(
        self, start: list[int], credits: list[Credit], bidding_side: int, made: bool
    ) -> int | None:
        target = self.options.target
        if self.options.win_check == "bidder_made_only":  # P10
            if bidding_side >= 0 and made and self.scores[bidding_side] >= target:
                return bidding_side
            return None
        candidates = [s for s in range(self.num_sides) if self.scores[s] >= target]  # PV3
        if not candidates:
            return None
        if bidding_side in candidates:
            return bidding_side
        best = max(self.scores[s] for s in candidates)
        tied = [s for s in candidates if self.scores[s] == best]
        if len(tied) == 1:
            return tied[0]
        running = list(start)
        for credit in credits:
            running[credit.side] += credit.points
            if credit.side in tied and running[credit.side] >= target:
                return credit.side
        return tied[0]  # unreachable: every tied side reaches the target at some credit

    def _finish_early(self) -> None:
        """The deal ends before or without play: a kick or gift won the game, or a throw-in."""
        self._items = []
        self._finish()

    def _finish(self) -> None:
        self._phase = "over"
        self._to_move = None
        score = self._score
        pitcher = self.pitcher
        state = self.state
        zeros = (0,) * self.num_sides
        # Only a game with folding has folds to read (the core's call makes a list).
        folded: tuple[int, ...] = ()
        if state is not None and self.options.folding:
            folded = tuple([seat for seat, _, _ in state.folds()])
        self._result = AllFoursResult.filled(
            {
                "dealer": self.dealer,
                "next_dealer": self._next_dealer,
                "thrown_in": self._thrown_in,
                "trump": None if self._thrown_in else self.trump,
                "begger": self.begger,
                "runs": self.runs,
                "pitcher": pitcher,
                "bid": self.bid,
                "made": None if score is None or pitcher is None else score[2],
                "items": tuple(self._items),
                "points": zeros if score is None else score[0],
                "game_values": zeros if score is None else score[1],
                "credits": tuple(self.credits),
                "scores_before": self.scores_before,
                "scores": tuple(self.scores),
                "winner": self._winner,
                "bidding_side": None if pitcher is None else self.sides[pitcher],
                "all_tricks_side": None if score is None else score[3],
                "moon_side": None if score is None else score[4],
                "folded": folded,
                "game": self.game.name,
                "sides": tuple(self.sides),
            }
        )

    def result(self) -> AllFoursResult | None:
        return self._result

    # --- positions --------------------------------------------------------------------------

    def _start_from_position(self, start: dict[str, Any]) -> None:
        o = self.options
        self.hands = [[Card.parse(c) for c in h] for h in start["hands"]]
        if start.get("pitcher") is not None:
            self.pitcher = start["pitcher"]
            self.bid = start["bid"]
        self.leader = start["leader"]
        trump = Suit.parse(start["trump"])
        self.start_hands = [list(h) for h in self.hands]
        first: Card | None = None
        if o.trump_selection != "turn_up" and o.trump_selection != "declare":
            # The first card fixes trump: it must be a card of that printed suit (X11).
            leader_cards = [c for c in self.hands[self.leader] if c.suit == trump]
            if not leader_cards:
                raise Error(
                    f"position: the leader holds no {trump.name.lower()[:-1]} to fix trump with"
                )
            self.trump = trump
            rules = rules_for(o, trump)
            self.state = _core.PlayState(
                rules,
                [mask_from_cards(h) for h in self.hands],
                self.sides,
                self.leader,
                first_lead_cards=mask_from_cards(leader_cards),
                folding=o.folding,
            )
            self._phase = "play"
            self._to_move = self.leader
        else:
            self._start_play(trump, first)

    def position(self) -> str:
        """The position text: dealer, trump, leader, the contract, scores, the hands at the start
        of play and everything played since. ``AllFoursGame.parse_position`` reads it back."""
        if self.trump is None or self.leader is None or not self.start_hands:
            raise IllegalAction("a position needs the trump suit; it is not fixed yet")
        return write_position(
            dealer=self.dealer,
            trump=self.trump,
            leader=self.leader,
            pitcher=self.pitcher,
            bid=self.bid,
            scores_before=self.scores_before,
            start_hands=self.start_hands,
            moves=play_tokens(self.log),
        )

    def __repr__(self) -> str:
        return f"<AllFoursDeal phase={self._phase} to_move={self._to_move}>"
