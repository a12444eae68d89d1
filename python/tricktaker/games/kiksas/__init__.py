"""Kiksas and Trikiksis, with Akis, as specified in rules/kiksas.md.

Kiksas is played by four players in crossed pairs (A C against B D), Trikiksis by three, each
for themselves: ``tt.load("kiksas")`` and ``tt.load("trikiksis")`` (the same as
``tt.load("kiksas", variant="trikiksis")``). The card play, the trump-count announcement and the
evaluation of a deal (points, the writing-off race decided trick by trick, eggs, "Su dviem", a
declined last lead, Akis) are the C++ core's (``kiksas_rules``, ``kiksas_evaluate``,
``kiksas_trump_count``); this module holds the options, the deal flow, the dealing order and the
match to 12 figures.

A deal's phases and actions:

* ``peek`` (the First, Kiksas deals after the first): ``peek:none``, ``peek:top``,
  ``peek:bottom``; then ``peek_decision``: ``accept`` (six at once) or ``decline`` (a cut);
* ``trump_choice`` (the First): ``trump:S`` ... for the suits held among the six cards;
* ``akis`` (the Second, the Dealer, then the Third): ``pass``, ``akis:a:S`` (a suit whose
  queen is held), ``akis:b``, ``akis:c``;
* ``play``: cards; ``su_dviem`` after trick 3 (O's leader, then the partner): ``su_dviem`` or
  ``pass``; ``last_lead`` before the last trick: ``lead`` or ``decline``;
* ``over``: ``result()`` is a ``KiksasResult`` with the figures and the next deal.

Every step appends public events (``DealStarted``, ``TrumpChosen``, ``TrumpCountAnnounced``,
``TargetReached``, ``FiguresAwarded``, ... as in §3.12) to ``deal.events``; ``observation(seat)``
shows them with only what the seat may see (no Third's hand before trumps, no Akis opponents'
hands before the first lead, the peeked card to the First alone).

>>> import tricktaker as tt
>>> deal = tt.load("kiksas").new_deal(seed=7, dealer="D")
>>> deal.phase, deal.deal_type, deal.trump.letter
('play', 'first', 'C')
>>> [str(a) for a in deal.legal_actions()] == [str(deal.trump_queen)]
True
>>> deal = tt.load("kiksas").new_deal(seed=7, deal_type="writing", dealer="A")
>>> deal.phase, deal.seat_name(deal.to_move), [str(a) for a in deal.legal_actions()]
('peek', 'B', ['peek:none', 'peek:top', 'peek:bottom'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Rank, Suit, cards_from_mask, deck, mask_from_cards
from tricktaker.errors import IllegalAction
from tricktaker.notation import format_hand, parse_hand, split_position
from tricktaker.protocol.base import (
    Action,
    Deal,
    Event,
    Game,
    Match,
    card_actions,
    check_seed,
    new_seed,
    trick_log,
)
from tricktaker.protocol.family import Family, Variant, hook
from tricktaker.protocol.options import build_options, checked, choice
from tricktaker.registry import register

SEATS = ("A", "B", "C", "D")
PAIRS = ("AC", "BD")
DECK = deck([Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE])
DECK_MASK = mask_from_cards(DECK)
DEAL_POINTS = 138
DEAL_TYPES = ("first", "writing", "writing_off")
FIGURE_KINDS = ("strokes", "eggs", "crosses")

_CORE_TYPE = {
    "first": _core.KiksasDealType.FIRST,
    "writing": _core.KiksasDealType.WRITING,
    "writing_off": _core.KiksasDealType.WRITING_OFF,
}
AKIS_KINDS = {
    "a": _core.AkisKind.OWN_TRUMPS,
    "b": _core.AkisKind.NO_TRUMPS_ALL,
    "c": _core.AkisKind.NO_TRUMPS_NONE,
}
_FIGURE_NAME = {
    _core.FigureKind.STROKE: "strokes",
    _core.FigureKind.EGG: "eggs",
    _core.FigureKind.CROSS: "crosses",
}


def _check_first_dealer(value: Any) -> str | None:
    if value == "random" or (isinstance(value, str) and value in SEATS):
        return None
    return "expected 'random' or a seat A, B, C, D (A, B, C in Trikiksis)"


def _check_figures(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return None
    return "expected an integer >= 1"


_BOOL = (True, False)


@dataclass(frozen=True, kw_only=True)
class KiksasOptions:
    """The option table of §6; names and values exactly as the spec writes them."""

    variant: str = choice("kiksas", ("kiksas", "trikiksis"), "4 players in pairs or 3 alone")
    first_dealer: str = checked("random", _check_first_dealer, "D2: 'random' or a seat")
    figures_to_lose: int = checked(12, _check_figures, "D23")
    must_overtrump: bool = choice(False, _BOOL, "D3")
    must_head_in_suit: bool = choice(False, _BOOL, "D3")
    partner_exemption: bool = choice(False, _BOOL, "D3")
    first_lead: str = choice("trump_queen", ("trump_queen", "holder_any_card"), "D4")
    announce_trump_count: bool = choice(True, _BOOL, "D5")
    history_visible: bool = choice(True, _BOOL, "D6")
    trump_choice_must_hold_suit: bool = choice(True, _BOOL, "D7")
    peek: str = choice("all_choice_deals", ("off", "writing_off_only", "all_choice_deals"), "D8")
    peek_decline: str = choice("cut", ("cut", "reshuffle"), "D8")
    writing_off_end: str = choice("play_out", ("play_out", "end_when_decided"), "D12")
    decline_last_lead: bool = choice(True, _BOOL, "D13")
    su_dviem: bool = choice(True, _BOOL, "D14")
    su_dviem_declarers: str = choice(
        "leader_then_partner", ("leader_then_partner", "leader_only"), "D14"
    )
    first_deal_egg_dealer: str = choice(
        "clubs_queen_holder", ("clubs_queen_holder", "literal_left_of_dealer"), "D16"
    )
    writing_off_pair_sweep_in_writing_deal: str = choice("none", ("none", "egg_to_W"), "D17")
    writing_pair_sweep_in_writing_off_deal: str = choice("stroke", ("stroke", "egg_to_O"), "D18")
    akis: bool = choice(True, _BOOL, "D19")
    akis_a_suit_must_differ: bool = choice(True, _BOOL, "D20")
    akis_play_out: bool = choice(False, _BOOL, "D21")
    trikiksis_peek: bool = choice(False, _BOOL, "D25")
    trikiksis_su_dviem_success: str = choice("two_each", ("two_each", "one_each"), "D28")
    trikiksis_tiebreak: str = choice("shared", ("shared", "fewest_eggs"), "D31")


PRESETS: dict[str, dict[str, Any]] = {}

PEEK_CALLS = [Action.call("peek:none"), Action.call("peek:top"), Action.call("peek:bottom")]
ACCEPT = Action.call("accept")
DECLINE = Action.call("decline")
LEAD = Action.call("lead")
PASS = Action.call("pass")
SU_DVIEM = Action.call("su_dviem")
TRUMP_CALLS = {suit: Action.call(f"trump:{suit.letter}") for suit in Suit}


@dataclass(frozen=True)
class KiksasResult:
    """The settlement of one deal. Sides are pairs (AC, BD) in Kiksas; in Trikiksis side 0 is
    the active player (the writer or writing-off player) and side 1 the coalition."""

    deal_type: str
    dealer: str
    first: str
    trump: str | None
    akis: dict[str, Any] | None
    writing_pair: str | None  # Kiksas: the writing pair W
    active_player: str | None  # Trikiksis: the writer, or the writing-off player
    points: tuple[int, int]
    tricks: tuple[int, int]
    player_points: tuple[int, ...]
    reached_at: tuple[int, int]
    race_winner: str | None
    outcome: str
    figures: tuple[dict[str, Any], ...]  # {"to": pair or player, "kind", "count"} each
    next_type: str
    next_dealer: str
    next_targets: tuple[int, int] | None
    clubs_queen_holder: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal_type": self.deal_type,
            "dealer": self.dealer,
            "first": self.first,
            "trump": self.trump,
            "akis": self.akis,
            "writing_pair": self.writing_pair,
            "active_player": self.active_player,
            "points": list(self.points),
            "tricks": list(self.tricks),
            "player_points": list(self.player_points),
            "reached_at": list(self.reached_at),
            "race_winner": self.race_winner,
            "outcome": self.outcome,
            "figures": [dict(f) for f in self.figures],
            "next_type": self.next_type,
            "next_dealer": self.next_dealer,
            "next_targets": None if self.next_targets is None else list(self.next_targets),
            "clubs_queen_holder": self.clubs_queen_holder,
        }


class KiksasDeal(Deal):
    """One deal of Kiksas or Trikiksis: peek, dealing, trump, Akis round, play, settlement.

    Phases: ``peek`` and ``peek_decision`` (the First), ``trump_choice`` (the First), ``akis``
    (Second, Dealer, Third in turn), ``play``, ``su_dviem`` (after trick 3), ``last_lead`` (before
    the last trick) and ``over``.
    """

    def __init__(self, game: KiksasGame, setup: dict[str, Any]) -> None:
        self.game = game
        self.options: KiksasOptions = game.options
        self.log = []
        self._setup = setup
        self.n: int = game.num_seats
        self.trikiksis = self.n == 3
        self.hand_size = 24 // self.n
        self.deal_type: str = setup["type"]
        self.dealer: int = setup["dealer"]
        self.first: int = (self.dealer + 1) % self.n
        self.second: int = (self.first + 1) % self.n
        self.third: int | None = None if self.trikiksis else (self.second + 1) % self.n
        targets = setup.get("targets")
        self.targets: tuple[int, int] | None = (
            None if targets is None else (int(targets[0]), int(targets[1]))
        )
        self.events: list[dict[str, Any]] = []
        self.trump: Suit | None = None
        self.trump_queen: Card | None = None
        self.akis: tuple[int, str, Suit | None] | None = None  # player, kind, suit
        self.sitting_out: int | None = None
        self.exposed = False
        self.su_dviem_by: int | None = None
        self.last_lead_declined = False
        self.peek_end: str | None = None
        self.peek_accepted: bool | None = None
        self.clubs_queen_holder: int | None = None
        self.active_player: int | None = None  # Trikiksis: the writer / writing-off player
        self.state: _core.PlayState | None = None
        self.hands_dealt: list[list[Card]] | None = None
        self._phase = "trump_choice"
        self._to_move: int | None = self.first
        self._akis_order: list[int] = []
        self._su_dviem_asked: list[int] = []
        self._reached: list[bool] = [False, False]
        self._result: KiksasResult | None = None

        rng = _core.Rng(setup["seed"])
        if setup.get("deck") is not None:
            self._order = [Card.parse(c) for c in setup["deck"]]
        else:
            self._order = [DECK[i] for i in rng.shuffled(list(range(len(DECK))))]
        self._cut: int = int(setup["cut"]) if setup.get("cut") is not None else 1 + rng.below(23)
        self._reshuffle = [self._order[i] for i in rng.shuffled(list(range(len(DECK))))]

        self._emit(
            "DealStarted",
            no=setup.get("no", 1 if self.deal_type == "first" else None),
            deal_type=self.deal_type,
            dealer=SEATS[self.dealer],
            first=SEATS[self.first],
            second=SEATS[self.second],
            third=None if self.third is None else SEATS[self.third],
            writing_pair=None if self.deal_type == "first" else self._writing_pair_name(),
            active_player=None
            if not self.trikiksis or self.deal_type == "first"
            else SEATS[self.first],
            targets=None if self.targets is None else list(self.targets),
        )
        if setup.get("hands") is not None:
            self._set_hands([[Card.parse(c) for c in h] for h in setup["hands"]])
        elif self._peek_applies():
            self._phase = "peek"
        else:
            self._set_hands(self._deal_standard(self._order))
        if setup.get("trump") is not None and self.deal_type != "first":
            self._choose_trump(Suit.parse(setup["trump"]))

    # --- seats and sides ----------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return SEATS[seat]

    def writing_pair(self) -> int | None:
        """Kiksas: the pair that writes (0 = AC, 1 = BD); None before deal 1 is dealt."""
        if self.trikiksis:
            return None
        if self.deal_type == "first":
            return None if self.clubs_queen_holder is None else self.clubs_queen_holder % 2
        return self.first % 2 if self.deal_type == "writing" else 1 - self.first % 2

    def _writing_pair_name(self) -> str | None:
        w = self.writing_pair()
        return None if w is None else PAIRS[w]

    def _active_name(self) -> str | None:
        """Trikiksis: the active player (the writer or the writing-off player)."""
        return None if self.active_player is None else SEATS[self.active_player]

    def _sides(self) -> list[int]:
        """Side of each seat in the play state."""
        if not self.trikiksis:
            return [s % 2 for s in range(self.n)]
        lone = self.akis[0] if self.akis is not None else self.active_player
        assert lone is not None
        return [0 if s == lone else 1 for s in range(self.n)]

    def _side_members(self, side: int) -> list[int]:
        sides = self._sides()
        return [s for s in range(self.n) if sides[s] == side]

    def _side_name(self, side: int) -> str:
        if not self.trikiksis:
            return PAIRS[side]
        return "".join(SEATS[s] for s in self._side_members(side))

    # --- dealing ------------------------------------------------------------------------

    def _peek_applies(self) -> bool:
        if self.deal_type == "first" or self.options.peek == "off":
            return False
        if self.trikiksis and not self.options.trikiksis_peek:
            return False
        return self.options.peek == "all_choice_deals" or self.deal_type == "writing_off"

    def _deal_standard(self, order: list[Card]) -> list[list[Card]]:
        packets = [3, 3, 2] if self.trikiksis else [3, 3]
        hands: list[list[Card]] = [[] for _ in range(self.n)]
        pos = 0
        for size in packets:
            for k in range(self.n):
                seat = (self.first + k) % self.n
                hands[seat] += order[pos : pos + size]
                pos += size
        return hands

    def _deal_at_once(self, order: list[Card], end: str) -> list[list[Card]]:
        """Six at once after an accepted peek (§3.5.2), packets of eight in Trikiksis (D25)."""
        size = self.hand_size
        hands: list[list[Card]] = [[] for _ in range(self.n)]
        if end == "top":
            for k in range(self.n):
                hands[(self.first + k) % self.n] = order[k * size : (k + 1) * size]
        else:
            # The First takes the bottom packet; its six cards nearest the bottom come first.
            hands[self.first] = order[24 - 6 :] + order[24 - size : 24 - 6]
            for k in range(1, self.n):
                hands[(self.first + k) % self.n] = order[(k - 1) * size : k * size]
        return hands

    def _set_hands(self, hands: list[list[Card]]) -> None:
        self.hands_dealt = hands
        for seat, hand in enumerate(hands):
            if Card.make(Rank.QUEEN, Suit.CLUBS) in hand:
                self.clubs_queen_holder = seat
        if self.deal_type == "first":
            # Deal 1: clubs are trumps; the clubs-queen holder writes and leads it (§3.4, §4.2).
            assert self.clubs_queen_holder is not None
            self.active_player = self.clubs_queen_holder if self.trikiksis else None
            self.trump = Suit.CLUBS
            self._emit(
                "TrumpFixed",
                suit="C",
                leader=SEATS[self.clubs_queen_holder],
                writing_pair=self._writing_pair_name(),
                active_player=self._active_name(),
            )
            self._start_play()
        else:
            self.active_player = self.first if self.trikiksis else None
            self._phase = "trump_choice"
            self._to_move = self.first

    # --- the protocol -------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        phase = self._phase
        if phase == "play" and (seat is None or seat == self._to_move):  # the common case
            assert self.state is not None
            return card_actions(self.state.legal_moves())
        seat = self._to_move if seat is None else seat
        if seat is None or seat != self._to_move or phase == "over":
            return []
        if phase == "peek":
            return list(PEEK_CALLS)
        if phase == "peek_decision":
            return [ACCEPT, DECLINE]
        if phase == "trump_choice":
            return [TRUMP_CALLS[s] for s in self._trump_choices()]
        if phase == "akis":
            return self._akis_actions(seat)
        if phase == "su_dviem":
            return [SU_DVIEM, PASS]
        if phase == "last_lead":
            return [LEAD, DECLINE]
        assert self.state is not None
        return card_actions(self.state.legal_moves())

    def _trump_choices(self) -> list[Suit]:
        if not self.options.trump_choice_must_hold_suit:
            return list(Suit)
        assert self.hands_dealt is not None
        six = self.hands_dealt[self.first][:6]
        return [s for s in Suit if any(c.suit == s for c in six)]

    def _akis_actions(self, seat: int) -> list[Action]:
        assert self.hands_dealt is not None and self.trump is not None
        hand = self.hands_dealt[seat]
        actions = [PASS]
        for suit in Suit:
            if Card.make(Rank.QUEEN, suit) not in hand:
                continue
            if suit == self.trump and self.options.akis_a_suit_must_differ:
                continue
            actions.append(Action.call(f"akis:a:{suit.letter}"))
        actions += [Action.call("akis:b"), Action.call("akis:c")]
        return actions

    def _try_play(self, action: Action, seat: int | None) -> Event | None:
        to_move = self._to_move
        if self._phase != "play" or (seat is not None and seat != to_move):
            return None
        assert to_move is not None and self.state is not None and action.card is not None
        if not self.state.legal_moves() >> action.card.id & 1:
            return None
        return self._apply(action, to_move)

    def _apply(self, action: Action, seat: int) -> Event:
        start = len(self.events)
        phase = self._phase
        if phase == "peek":
            self._apply_peek(action, seat)
        elif phase == "peek_decision":
            self._apply_peek_decision(action, seat)
        elif phase == "trump_choice":
            self._choose_trump(Suit.parse(action.name.split(":", 1)[1]))
        elif phase == "akis":
            self._apply_akis(action, seat)
        elif phase == "su_dviem":
            self._apply_su_dviem(action, seat)
        elif phase == "last_lead":
            self._apply_last_lead(action, seat)
        else:
            assert action.card is not None
            self._apply_card(action.card, seat)
        return Event(seat, str(action), phase, {"events": self.events[start:]})

    def _emit(self, event_type: str, **detail: Any) -> None:
        assert "type" not in detail
        self.events.append({"type": event_type, **detail})

    # --- peek, trump and Akis -----------------------------------------------------------

    def _apply_peek(self, action: Action, seat: int) -> None:
        end = action.name.split(":", 1)[1]
        if end == "none":
            self._set_hands(self._deal_standard(self._order))
            return
        self.peek_end = end
        self._emit("PeekTaken", player=SEATS[seat], end=end)
        self._phase = "peek_decision"

    @property
    def peeked_card(self) -> Card | None:
        """The card the First peeked at (private to the First), or None."""
        if self.peek_end is None:
            return None
        return self._order[0] if self.peek_end == "top" else self._order[-1]

    def _apply_peek_decision(self, action: Action, seat: int) -> None:
        assert self.peek_end is not None
        if action == ACCEPT:
            self.peek_accepted = True
            self._emit("PeekAccepted", player=SEATS[seat])
            self._set_hands(self._deal_at_once(self._order, self.peek_end))
            return
        self.peek_accepted = False
        if self.options.peek_decline == "cut":
            k = self._cut
            self._emit("PeekDeclined", player=SEATS[seat], cut_k=k)
            order = self._order[k:] + self._order[:k]
        else:
            self._emit("PeekDeclined", player=SEATS[seat], reshuffled=True)
            order = self._reshuffle
        self._set_hands(self._deal_standard(order))

    def _choose_trump(self, suit: Suit) -> None:
        self.trump = suit
        self._emit("TrumpChosen", player=SEATS[self.first], suit=suit.letter)
        if self.options.akis:
            assert self.third is not None or self.trikiksis
            order = [self.second, self.dealer]
            if self.third is not None:
                order.append(self.third)
            self._akis_order = order
            self._phase = "akis"
            self._to_move = order[0]
        else:
            self._start_play()

    def _apply_akis(self, action: Action, seat: int) -> None:
        if action == PASS:
            self._emit("AkisPassed", player=SEATS[seat])
            self._akis_order.pop(0)
            if self._akis_order:
                self._to_move = self._akis_order[0]
            else:
                self._start_play()
            return
        parts = action.name.split(":")
        kind = parts[1]
        suit = Suit.parse(parts[2]) if kind == "a" else None
        self.akis = (seat, kind, suit)
        self._emit(
            "AkisDeclared",
            player=SEATS[seat],
            kind=kind,
            suit=None if suit is None else suit.letter,
        )
        if not self.trikiksis:
            self.sitting_out = (seat + 2) % 4
            self._emit("HandTurnedDown", partner=SEATS[self.sitting_out])
        self._start_play()

    # --- play ---------------------------------------------------------------------------

    def _rules(self, trump: int) -> _core.RulesTable:
        opts = self.options
        return _core.kiksas_rules(
            trump,
            must_overtrump=opts.must_overtrump,
            must_head_in_suit=opts.must_head_in_suit,
            partner_exemption=opts.partner_exemption,
        )

    def _trump_play_state(self, trump: Suit) -> _core.PlayState:
        """The play of the hands as dealt with `trump` (no Akis): the trump queen's holder
        leads it (§2.5), or any card under first_lead = holder_any_card after the first deal."""
        assert self.hands_dealt is not None
        hands = [mask_from_cards(h) for h in self.hands_dealt]
        queen = Card.make(Rank.QUEEN, trump).mask
        leader = next(s for s in range(self.n) if hands[s] & queen)
        any_card = self.options.first_lead == "holder_any_card" and self.deal_type != "first"
        return _core.PlayState(
            self._rules(int(trump)),
            hands,
            self._sides(),
            leader,
            first_lead_cards=0 if any_card else queen,
        )

    def dd_table_states(self) -> list[list[tuple[_core.PlayState, int]]]:
        """For ``tt.dd_table``: per trump suit (S, H, D, C) the play of the hands as dealt with
        that suit trumps (no Akis), once for each side (0, 1)."""
        if self.hands_dealt is None:
            raise IllegalAction("the cards are not dealt yet")
        return [[(self._trump_play_state(suit), side) for side in (0, 1)] for suit in Suit]

    def _start_play(self) -> None:
        assert self.hands_dealt is not None and self.trump is not None
        if self.akis is None:
            self.trump_queen = Card.make(Rank.QUEEN, self.trump)
            self.state = self._trump_play_state(self.trump)
        else:
            # The Akis player leads every trick (§3.8); a partner's hand turned down is out.
            player, _, suit = self.akis
            hands = [mask_from_cards(h) for h in self.hands_dealt]
            active = 0
            if self.sitting_out is not None:
                hands[self.sitting_out] = 0
                active = ((1 << self.n) - 1) & ~(1 << self.sitting_out)
            self.state = _core.PlayState(
                self._rules(-1 if suit is None else int(suit)),
                hands,
                self._sides(),
                player,
                active=active,
                first_lead_cards=0 if suit is None else Card.make(Rank.QUEEN, suit).mask,
                fixed_leader=player,
            )
        self._phase = "play"
        self._to_move = self.state.to_move
        if self.deal_type == "writing_off" and self.akis is None:
            self._note_targets(self._evaluate())

    def context(self) -> _core.KiksasDealContext:
        """The core's view of this deal, for ``kiksas_evaluate`` (and a solver)."""
        opts = self.options
        ctx = _core.KiksasDealContext()
        ctx.type = _CORE_TYPE[self.deal_type]
        if self.trikiksis:
            # Side 0 is the active player: the writer, or the writing-off player (O).
            ctx.writing_side = 1 if self.deal_type == "writing_off" else 0
        else:
            w = self.writing_pair()
            ctx.writing_side = 0 if w is None else w
        if self.targets is not None:
            ctx.targets = list(self.targets)
        ctx.su_dviem = self.su_dviem_by is not None
        ctx.last_lead_declined = self.last_lead_declined
        if self.akis is not None:
            ctx.akis = AKIS_KINDS[self.akis[1]]
            ctx.akis_side = self._sides()[self.akis[0]]
        ctx.writing_off_end_when_decided = opts.writing_off_end == "end_when_decided"
        ctx.sweep_egg_to_o = opts.writing_pair_sweep_in_writing_off_deal == "egg_to_O"
        ctx.sweep_egg_to_w = opts.writing_off_pair_sweep_in_writing_deal == "egg_to_W"
        ctx.akis_play_out = opts.akis_play_out
        if self.trikiksis and opts.trikiksis_su_dviem_success == "one_each":
            ctx.su_dviem_made_strokes = 1
        return ctx

    def _evaluate(self) -> Any:
        assert self.state is not None
        return _core.kiksas_evaluate(self.state, self.context())

    def _note_targets(self, result: Any) -> None:
        for side in (0, 1):
            at = result.reached_at[side]
            if at >= 0 and not self._reached[side]:
                self._reached[side] = True
                self._emit(
                    "TargetReached",
                    **{"side" if self.trikiksis else "pair": self._side_name(side)},
                    trick_no=at,
                    points=result.points[side],
                )

    def _apply_card(self, card: Card, seat: int) -> None:
        state = self.state
        assert state is not None
        first_card = state.cards_played == 0
        state.play(card.id)
        self.events.append({"type": "CardPlayed", "player": SEATS[seat], "card": str(card)})
        if first_card and self.akis is not None:
            self.exposed = True
            for opp in self._akis_opponents():
                cards = [str(c) for c in cards_from_mask(state.hand(opp))]
                self._emit("HandsExposed", player=SEATS[opp], cards=cards)
        if state.trick_len == 0:  # the card completed a trick
            self._trick_completed()
        else:
            self._to_move = state.to_move

    def _akis_opponents(self) -> list[int]:
        assert self.akis is not None
        player = self.akis[0]
        return [s for s in range(self.n) if s != player and s != self.sitting_out]

    def _trick_completed(self) -> None:
        state = self.state
        assert state is not None
        no = state.tricks_played
        record = state.trick_record(-1)
        size = state.trick_size
        cards = state.history()[(no - 1) * size : no * size]
        last = state.is_terminal()
        self._emit(
            "TrickCompleted",
            no=no,
            leader=SEATS[record.leader],
            cards=[[SEATS[p], _core.card_to_string(c)] for p, c in cards],
            winner=SEATS[record.winner],
            card_points=record.points - (10 if last else 0),
            last_bonus=10 if last else 0,
        )
        if no == 1 and self.akis is None and self.options.announce_trump_count:
            self._announce()
        ctx = self.context()  # noting targets reached leaves it unchanged
        result = _core.kiksas_evaluate(state, ctx)
        if self.deal_type == "writing_off" and self.akis is None:
            self._note_targets(result)
        if result.over:
            self._finish(result)
            return
        self._phase = "play"
        self._to_move = state.to_move
        if self.options.su_dviem and _core.kiksas_su_dviem_available(state, ctx):
            leader = state.to_move
            asked = [leader]
            if not self.trikiksis and self.options.su_dviem_declarers == "leader_then_partner":
                asked.append((leader + 2) % 4)
            self._su_dviem_asked = asked
            self._phase = "su_dviem"
        elif self.options.decline_last_lead and _core.kiksas_may_decline_last_lead(state, ctx):
            self._phase = "last_lead"

    def _announce(self) -> None:
        state = self.state
        assert state is not None
        winner = state.trick_records()[0].winner
        partner = -1
        if not self.trikiksis:
            partner = (winner + 2) % 4
        elif winner != self.active_player:
            partner = next(s for s in range(self.n) if s not in (winner, self.active_player))
        count = _core.kiksas_trump_count(state, partner)
        self._emit("TrumpCountAnnounced", player=SEATS[winner], value=count.announced)
        if partner < 0:
            return
        if count.partner_trumps > 0:
            self._emit("TrumpCountAdded", player=SEATS[partner], total=count.total)
        else:
            self._emit("TrumpCountSilent", player=SEATS[partner], partner_trumps=0)

    def _apply_su_dviem(self, action: Action, seat: int) -> None:
        assert self.state is not None
        if action == SU_DVIEM:
            self.su_dviem_by = seat
            self._emit("SuDviemDeclared", player=SEATS[seat])
            self._su_dviem_asked = []
        else:
            self._emit("SuDviemPassed", player=SEATS[seat])
            self._su_dviem_asked.pop(0)
        if self._su_dviem_asked:
            self._to_move = self._su_dviem_asked[0]
        else:
            self._phase = "play"
            self._to_move = self.state.to_move

    def _apply_last_lead(self, action: Action, seat: int) -> None:
        assert self.state is not None
        if action == LEAD:
            self._emit("LastLeadTaken", player=SEATS[seat])
            self._phase = "play"
            self._to_move = self.state.to_move
            return
        self.last_lead_declined = True
        self._emit("LastLeadDeclined", player=SEATS[seat])
        self._finish(self._evaluate())

    # --- settlement ---------------------------------------------------------------------

    def _finish(self, result: Any) -> None:
        state = self.state
        assert state is not None and self.trump is not None
        figures: list[dict[str, Any]] = []
        reason = result.outcome.name.lower()
        if result.figure_side >= 0:
            kind = _FIGURE_NAME[result.figure_kind]
            if self.trikiksis:
                recipients = [SEATS[s] for s in self._side_members(result.figure_side)]
            else:
                recipients = [PAIRS[result.figure_side]]
            for to in recipients:
                figures.append({"to": to, "kind": kind, "count": result.figure_count})
                self._emit(
                    "FiguresAwarded",
                    **{"player" if self.trikiksis else "pair": to},
                    kind=kind,
                    count=result.figure_count,
                    reason=reason,
                )
        next_type, next_dealer, next_targets = self._next_deal(result)
        self._result = KiksasResult(
            deal_type=self.deal_type,
            dealer=SEATS[self.dealer],
            first=SEATS[self.first],
            trump=self.trump.letter,
            akis=None
            if self.akis is None
            else {
                "player": SEATS[self.akis[0]],
                "kind": self.akis[1],
                "suit": None if self.akis[2] is None else self.akis[2].letter,
            },
            writing_pair=self._writing_pair_name(),
            active_player=self._active_name(),
            points=(result.points[0], result.points[1]),
            tricks=(result.tricks[0], result.tricks[1]),
            player_points=tuple(state.points_won(s) for s in range(self.n)),
            reached_at=(result.reached_at[0], result.reached_at[1]),
            race_winner=None if result.race_winner < 0 else self._side_name(result.race_winner),
            outcome=reason,
            figures=tuple(figures),
            next_type=next_type,
            next_dealer=SEATS[next_dealer],
            next_targets=next_targets,
            clubs_queen_holder=None
            if self.clubs_queen_holder is None
            else SEATS[self.clubs_queen_holder],
        )
        self._emit(
            "DealEnded",
            outcome=reason,
            points=list(self._result.points),
            next_type=next_type,
            next_dealer=SEATS[next_dealer],
        )
        self._phase = "over"
        self._to_move = None

    def _next_deal(self, result: Any) -> tuple[str, int, tuple[int, int] | None]:
        return next_deal(
            players=self.n,
            deal_type=self.deal_type,
            dealer=self.dealer,
            outcome=result.outcome.name.lower(),
            akis=self.akis is not None,
            points=(result.points[0], result.points[1]),
            writing_pair=self.writing_pair(),
            clubs_queen_holder=self.clubs_queen_holder,
            targets=self.targets,
            first_deal_egg_dealer=self.options.first_deal_egg_dealer,
        )

    def result(self) -> KiksasResult | None:
        return self._result

    def evaluation(self) -> Any:
        """The core's ``KiksasDealResult`` of the deal as it stands."""
        if self.state is None:
            raise IllegalAction("the play has not started")
        return self._evaluate()

    # --- views --------------------------------------------------------------------------

    def play_state(self) -> _core.PlayState:
        """A copy of the C++ play state (raises before the play starts)."""
        if self.state is None:
            raise IllegalAction("there is no play state before trumps and Akis are settled")
        return self.state.copy()

    def hand(self, seat: int | str) -> list[Card]:
        """The cards a seat holds now (all-knowing view; see ``observation`` for a seat's)."""
        s = seat_index(seat, self.n)
        if self.hands_dealt is None:
            return []
        if self.state is not None and s != self.sitting_out:
            return cards_from_mask(self.state.hand(s))
        return sorted(self.hands_dealt[s])

    def visible_hand(self, seat: int) -> list[Card] | None:
        """What a seat sees of its own hand: None before the deal or, for the Kiksas Third,
        before trumps are chosen; the Trikiksis First sees only its first six before that."""
        if self.hands_dealt is None:
            return None
        choosing = self.deal_type != "first" and self.trump is None
        if choosing and not self.trikiksis and seat == self.third:
            return None
        if choosing and self.trikiksis and seat == self.first:
            return sorted(self.hands_dealt[seat][:6])
        return self.hand(seat)

    def completed_tricks(self) -> list[dict[str, Any]]:
        if self.state is None:
            return []
        return trick_log(self.state, SEATS)

    def observation(self, seat: int | str) -> dict[str, Any]:
        s = seat_index(seat, self.n)
        hidden_events = set() if self.options.history_visible else _HISTORY_EVENTS
        own = self.visible_hand(s)
        hand_sizes = [
            0 if self.hands_dealt is None or p == self.sitting_out else len(self.hand(p))
            for p in range(self.n)
        ]
        open_hands: dict[str, list[str]] = {}
        if self.exposed:
            for opp in self._akis_opponents():
                open_hands[SEATS[opp]] = [str(c) for c in self.hand(opp)]
        obs: dict[str, Any] = {
            "game": self.game.name,
            "seat": SEATS[s],
            "phase": self._phase,
            "to_move": None if self._to_move is None else SEATS[self._to_move],
            "deal_type": self.deal_type,
            "dealer": SEATS[self.dealer],
            "first": SEATS[self.first],
            "second": SEATS[self.second],
            "third": None if self.third is None else SEATS[self.third],
            "writing_pair": self._writing_pair_name(),
            "active_player": self._active_name(),
            "targets": None if self.targets is None else list(self.targets),
            "hand": None if own is None else [str(c) for c in own],
            "hand_sizes": hand_sizes,
            "trump": None if self.trump is None else self.trump.letter,
            "akis": None
            if self.akis is None
            else {
                "player": SEATS[self.akis[0]],
                "kind": self.akis[1],
                "suit": None if self.akis[2] is None else self.akis[2].letter,
            },
            "sitting_out": None if self.sitting_out is None else SEATS[self.sitting_out],
            "open_hands": open_hands,
            "peek": None
            if self.peek_end is None
            else {"end": self.peek_end, "accepted": self.peek_accepted},
            "trick": []
            if self.state is None
            else [[SEATS[p], _core.card_to_string(c)] for p, c in self.state.trick()],
            "tricks_won": [0, 0]
            if self.state is None
            else [self.state.side_tricks(0), self.state.side_tricks(1)],
            "events": [e for e in self.events if e["type"] not in hidden_events],
            "legal_actions": [str(a) for a in self.legal_actions(s)],
            "result": None if self._result is None else self._result.to_dict(),
        }
        if s == self.first and self.peeked_card is not None:
            obs["peek"]["card"] = str(self.peeked_card)
        if self.options.history_visible:
            obs["tricks"] = self.completed_tricks()
            obs["points"] = (
                [0, 0]
                if self.state is None
                else [self.state.side_points(0), self.state.side_points(1)]
            )
        else:
            played = [] if self.state is None else self.state.history()
            obs["my_played"] = [_core.card_to_string(c) for p, c in played if p == s]
        return obs

    def position(self) -> str:
        """The position text: type, dealer, targets, trump, dealt hands, actions since trumps.

        ``KiksasGame.parse_position`` reads it back exactly.
        """
        if self.hands_dealt is None:
            raise IllegalAction("a position needs dealt hands; resolve the peek first")
        parts = [f"type={self.deal_type}", f"dealer={SEATS[self.dealer]}"]
        if self.targets is not None:
            parts.append(f"targets={self.targets[0]}/{self.targets[1]}")
        if self.trump is not None and self.deal_type != "first":
            parts.append(f"trump={self.trump.letter}")
        hands = []
        for seat, hand in enumerate(self.hands_dealt):
            if self.trikiksis and seat == self.first and self.deal_type != "first":
                hands.append(format_hand(hand[:6]) + "+" + format_hand(hand[6:]))
            else:
                hands.append(format_hand(hand))
        text = " ".join(parts) + " A:" + " ".join(hands)
        actions = [a for _, a in self.log[self._actions_before_position() :]]
        if actions:
            text += " | " + " ".join(actions)
        return text

    def _actions_before_position(self) -> int:
        """Log entries up to and including the trump choice (they are in the head)."""
        for i, (_, action) in enumerate(self.log):
            if action.startswith("trump:"):
                return i + 1
        if self.deal_type == "first" or self._setup.get("trump") is not None:
            return 0
        return len(self.log)  # before trumps: peek calls only, not part of a position

    def __repr__(self) -> str:
        return f"<KiksasDeal {self.deal_type} phase={self._phase} to_move={self._to_move}>"


_HISTORY_EVENTS = frozenset({"CardPlayed", "TrickCompleted", "TargetReached"})


def next_deal(
    *,
    players: int,
    deal_type: str,
    dealer: int,
    outcome: str,
    akis: bool = False,
    points: tuple[int, int] = (0, 0),
    writing_pair: int | None = None,
    clubs_queen_holder: int | None = None,
    targets: tuple[int, int] | None = None,
    first_deal_egg_dealer: str = "clubs_queen_holder",
) -> tuple[str, int, tuple[int, int] | None]:
    """The dealing order of §3.10 (Kiksas, 4 players) and §4.6 (Trikiksis, 3 players).

    ``outcome`` is the deal's outcome name (``writer_egg``, ``race_won``, ``self_egg``, ...),
    ``points`` the deal's points per side (Kiksas: AC, BD; Trikiksis: the active player, the
    coalition) and ``writing_pair`` (Kiksas) W. Returns the next deal's type, dealer and targets
    (Kiksas: AC, BD; Trikiksis: the next writing-off player, the coalition).
    """
    left = (dealer + 1) % players
    if akis:  # §3.8.5, D22: same dealer, same type, same targets
        return deal_type, dealer, targets
    if deal_type in ("first", "writing"):
        if deal_type == "first":
            if clubs_queen_holder is None:
                raise ValueError("the first deal's next dealer is the clubs-queen holder")
            nd = clubs_queen_holder
        else:
            nd = left
        if outcome == "writer_egg":
            if (
                deal_type == "first"
                and players == 4
                and first_deal_egg_dealer == "literal_left_of_dealer"
            ):
                nd = left
            return "writing", nd, None
        if outcome == "writing_off_sweep":  # D17 egg_to_W: the same dealer writes again
            return "writing", dealer, None
        if players == 3:
            x = points[0]  # the writer's points: the next writing-off player's target
            return "writing_off", nd, (x, DEAL_POINTS - x)
        if writing_pair is None:
            raise ValueError("a Kiksas writing deal needs its writing pair")
        new = [0, 0]
        new[writing_pair] = points[1 - writing_pair]
        new[1 - writing_pair] = points[writing_pair]
        return "writing_off", nd, (new[0], new[1])
    if players == 3 or outcome == "self_egg":
        return "writing", dealer, None
    return "writing", left, None


def seat_index(seat: int | str, n: int = 4) -> int:
    """A seat as 0..n-1 from an int or a letter A, B, C (, D)."""
    if isinstance(seat, str) and seat.upper() in SEATS[:n]:
        return SEATS.index(seat.upper())
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n:
        return seat
    raise ValueError(f"not a seat: {seat!r}; seats are {', '.join(SEATS[:n])} (or 0-{n - 1})")


def _parse_card_list(items: Any) -> list[Card]:
    if isinstance(items, str):
        return [Card.parse(tok) for tok in items.replace(",", " ").split()]
    return [Card.parse(c) for c in items]


class KiksasGame(Game):
    """Kiksas (or, with ``variant="trikiksis"``, Trikiksis) with its options."""

    name = "kiksas"

    def __init__(self, options: KiksasOptions) -> None:
        self.options = options
        self.num_seats = 3 if options.variant == "trikiksis" else 4
        if options.first_dealer not in ("random",) + SEATS[: self.num_seats]:
            raise ValueError(
                f"option first_dealer={options.first_dealer!r} is not a seat of "
                f"{options.variant}; allowed values: 'random', "
                + ", ".join(repr(s) for s in SEATS[: self.num_seats])
            )

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS[: self.num_seats]

    def new_deal(
        self,
        seed: int | None = None,
        *,
        deal_type: str = "first",
        dealer: int | str | None = None,
        targets: Any = None,
        deck: list[Card | str] | str | None = None,
        hands: list[Any] | None = None,
        cut: int | None = None,
        trump: Suit | str | None = None,
        deal_no: int | None = None,
    ) -> KiksasDeal:
        """A new deal: shuffled from ``seed``, from an exact ``deck`` order (top first), or from
        given ``hands`` (seat order A, B, C(, D); in Trikiksis the First's first six cards come
        first).

        ``deal_type`` is ``first`` (clubs are trumps), ``writing`` or ``writing_off``; the latter
        needs ``targets``: (AC, BD) in Kiksas, (writing-off player, coalition) in Trikiksis,
        summing to 138. ``cut`` fixes the cut after a declined peek (1..23). ``trump`` skips the
        trump choice of a later deal. ``deal_no`` is the deal's number in a match (for events).
        """
        if deck is not None and hands is not None:
            raise ValueError("give either deck= or hands=, not both")
        if deal_type not in DEAL_TYPES:
            raise ValueError(f"deal_type {deal_type!r}: allowed values: {', '.join(DEAL_TYPES)}")
        seed = new_seed() if seed is None else check_seed(seed)
        dealer_seat = (
            self._first_dealer(_core.Rng(seed)) if dealer is None else seat_index(dealer, self.n)
        )
        setup: dict[str, Any] = {
            "seed": seed,
            "type": deal_type,
            "dealer": dealer_seat,
            "targets": self._check_targets(deal_type, targets),
            "deck": None if deck is None else [str(c) for c in self._check_deck(deck)],
            "hands": None
            if hands is None
            else [[str(c) for c in h] for h in self._check_hands(hands)],
            "cut": None if cut is None else self._check_cut(cut),
            "trump": None,
        }
        if deal_no is not None:
            if isinstance(deal_no, bool) or not isinstance(deal_no, int) or deal_no < 1:
                raise ValueError(f"deal_no must be an integer >= 1, got {deal_no!r}")
            setup["no"] = deal_no
        if trump is not None:
            suit = Suit.parse(trump)
            if deal_type == "first":
                if suit != Suit.CLUBS:
                    raise ValueError("the first deal is played with clubs as trumps")
            else:
                if hands is None:
                    raise ValueError("trump= needs hands= (the peek comes before the trump)")
                held = [Card.parse(c) for c in setup["hands"][(dealer_seat + 1) % self.n][:6]]
                if self.options.trump_choice_must_hold_suit and all(c.suit != suit for c in held):
                    raise ValueError(
                        f"trump={suit.letter}: the First holds no {suit.name.lower()} among "
                        "the six cards (trump_choice_must_hold_suit)"
                    )
                setup["trump"] = suit.letter
        return KiksasDeal(self, setup)

    @property
    def n(self) -> int:
        return self.num_seats

    def _first_dealer(self, rng: _core.Rng) -> int:
        if self.options.first_dealer == "random":
            return int(rng.below(self.n))
        return SEATS.index(self.options.first_dealer)

    def _check_targets(self, deal_type: str, targets: Any) -> list[int] | None:
        if deal_type != "writing_off":
            if targets is not None:
                raise ValueError("targets= belong to a writing_off deal only")
            return None
        what = "(AC, BD)" if self.n == 4 else "(writing-off player, coalition)"
        if isinstance(targets, dict):
            keys = ("AC", "BD") if self.n == 4 else ("O", "coalition")
            try:
                targets = [targets[k] for k in keys]
            except KeyError:
                raise ValueError(f"targets: expected keys {keys}") from None
        if (
            targets is None
            or len(targets) != 2
            or not all(isinstance(t, int) and not isinstance(t, bool) for t in targets)
        ):
            raise ValueError(f"a writing_off deal needs targets={what}, two integers")
        if min(targets) < 0 or sum(targets) != DEAL_POINTS:
            raise ValueError(f"targets {what} must be >= 0 and sum to 138, got {list(targets)}")
        return [int(targets[0]), int(targets[1])]

    def _check_hands(self, hands: list[Any]) -> list[list[Card]]:
        if len(hands) != self.n:
            raise ValueError(
                f"hands: need {self.n} hands ({', '.join(self.seats)}), got {len(hands)}"
            )
        out: list[list[Card]] = []
        seen: set[Card] = set()
        size = 24 // self.n
        for seat, hand in zip(self.seats, hands, strict=True):
            cards = _parse_card_list(hand)
            if len(cards) != size:
                raise ValueError(f"hands: {seat} has {len(cards)} cards; every hand has {size}")
            for card in cards:
                if card not in DECK:
                    raise ValueError(f"hands: {card} is not in the 24-card deck (9 to A)")
                if card in seen:
                    raise ValueError(f"hands: {card} is dealt twice")
                seen.add(card)
            out.append(cards)
        return out

    def _check_deck(self, order: Any) -> list[Card]:
        cards = _parse_card_list(order)
        if len(cards) != len(DECK) or set(cards) != set(DECK):
            missing = sorted(set(DECK) - set(cards))
            raise ValueError(
                "deck: expected each of the 24 cards 9..A exactly once"
                + (f"; missing {' '.join(map(str, missing))}" if missing else "")
            )
        return cards

    @staticmethod
    def _check_cut(cut: Any) -> int:
        if isinstance(cut, bool) or not isinstance(cut, int) or not 1 <= cut <= 23:
            raise ValueError(f"cut must be an integer 1..23, got {cut!r}")
        return cut

    def new_match(self, seed: int | None = None) -> KiksasMatch:
        """A whole match: deal after deal until a side has ``figures_to_lose`` figures."""
        seed = new_seed() if seed is None else check_seed(seed)
        return KiksasMatch(self, {"seed": seed})

    def parse_position(self, text: str) -> KiksasDeal:
        """Read a position written by ``KiksasDeal.position()``.

        Format: ``type=writing_off dealer=C [targets=62/76] [trump=H] A:<A> <B> <C> [<D>]
        [| actions]``. Hands are ``S.H.D.C`` ranks (``AKT.9.QJ.-``) as dealt; the Trikiksis
        First's hand of a later deal is ``<first six>+<last two>``. The actions after ``|`` (the
        Akis round, cards, ``su_dviem``, ``pass``, ``lead``, ``decline``) are applied in order.
        """
        fields, hands_text, plays = split_position(
            text, "A", ("type", "dealer", "targets", "trump"), ("type", "dealer")
        )
        if len(hands_text) != self.n:
            raise ValueError(
                f"malformed position: expected A: followed by {self.n} hands, got {len(hands_text)}"
            )
        hands = []
        for h in hands_text:
            six, plus, two = h.partition("+")
            hands.append(parse_hand(six) + (parse_hand(two) if plus else []))
        targets: list[int] | None = None
        if "targets" in fields:
            try:
                targets = [int(t) for t in fields["targets"].split("/")]
            except ValueError:
                raise ValueError(
                    f"malformed position: targets={fields['targets']!r}; expected e.g. 62/76"
                ) from None
        deal = self.new_deal(
            seed=0,
            deal_type=fields["type"],
            dealer=fields["dealer"],
            targets=targets,
            hands=hands,
            trump=fields.get("trump"),
        )
        for tok in plays:
            deal.apply(tok)
        return deal

    def _deal_from_setup(self, setup: dict[str, Any]) -> KiksasDeal:
        try:
            deal_type = setup["type"]
            dealer = setup["dealer"]
            seed = setup["seed"]
        except KeyError as exc:
            raise ValueError(f"malformed deal set-up: missing {exc}") from None
        return self.new_deal(
            seed=seed,
            deal_type=deal_type,
            dealer=dealer,
            targets=setup.get("targets"),
            deck=setup.get("deck"),
            hands=setup.get("hands"),
            cut=setup.get("cut"),
            trump=setup.get("trump"),
            deal_no=setup.get("no"),
        )

    def _match_from_setup(self, setup: dict[str, Any]) -> KiksasMatch:
        if "seed" not in setup:
            raise ValueError("malformed match set-up: missing 'seed'")
        return KiksasMatch(self, {"seed": check_seed(setup["seed"])})


def simulation_deal(game: KiksasGame, seed: int) -> KiksasDeal:
    """A deal of any kind for simulations, everything drawn from ``seed``: the kind (first,
    writing or writing-off, one in three each), the dealer, and for a writing-off deal the
    targets, which are the points of a first deal dealt from the same seed and played with
    random cards (so the targets follow the game's own distribution)."""
    rng = _core.Rng(seed ^ 0x6B696B736173)
    kind = DEAL_TYPES[int(rng.below(3))]
    if kind != "writing_off":
        return game.new_deal(seed=seed, deal_type=kind)
    writing = game.new_deal(seed=seed, deal_type="first")
    while not writing.is_over:
        legal = writing.legal_actions()
        writing.apply(legal[int(rng.below(len(legal)))])
    done = writing.result()
    assert done is not None
    dealer = int(rng.below(game.n))
    if game.n == 3:
        targets = (done.points[0], DEAL_POINTS - done.points[0])
    else:
        assert done.writing_pair is not None
        w = PAIRS.index(done.writing_pair)
        new = [0, 0]
        new[dealer % 2] = done.points[1 - w]  # the dealer's pair writes in a writing-off deal
        new[1 - dealer % 2] = done.points[w]
        targets = (new[0], new[1])
    return game.new_deal(seed=seed, deal_type="writing_off", dealer=dealer, targets=targets)


class TrikiksisGame(KiksasGame):
    """Trikiksis: three players, each alone; 8 cards each."""

    name = "trikiksis"


@dataclass
class FigureCount:
    """The figures of one pair (Kiksas) or player (Trikiksis)."""

    strokes: int = 0
    eggs: int = 0
    crosses: int = 0

    @property
    def total(self) -> int:
        return self.strokes + self.eggs + self.crosses

    def add(self, kind: str, count: int) -> None:
        setattr(self, kind, getattr(self, kind) + count)

    def to_dict(self) -> dict[str, int]:
        return {
            "strokes": self.strokes,
            "eggs": self.eggs,
            "crosses": self.crosses,
            "total": self.total,
        }


@dataclass(frozen=True)
class KiksasStandings:
    """The score sheet: figures per pair (Kiksas) or player (Trikiksis triangle), the rows of
    writing points, and the figures log."""

    figures: dict[str, dict[str, int]]
    deals_played: int
    over: bool
    winners: tuple[str, ...]
    losers: tuple[str, ...]
    writing_rows: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    figures_log: tuple[dict[str, Any], ...] = field(default_factory=tuple)

    def to_dict(self) -> dict[str, Any]:
        return {
            "figures": {k: dict(v) for k, v in self.figures.items()},
            "deals_played": self.deals_played,
            "over": self.over,
            "winners": list(self.winners),
            "losers": list(self.losers),
            "writing_rows": [dict(r) for r in self.writing_rows],
            "figures_log": [dict(r) for r in self.figures_log],
        }


def match_winners(
    figures: dict[str, FigureCount], limit: int, tiebreak: str = "shared"
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Winners and losers once somebody has ``limit`` figures (§3.9, §4.8, D31); two empty
    tuples while the match goes on."""
    losers = tuple(k for k, v in figures.items() if v.total >= limit)
    if not losers:
        return (), ()
    fewest = min(v.total for v in figures.values())
    winners = [k for k, v in figures.items() if v.total == fewest]
    if len(winners) > 1 and tiebreak == "fewest_eggs":
        eggs = min(figures[k].eggs for k in winners)
        winners = [k for k in winners if figures[k].eggs == eggs]
    return tuple(winners), losers


class KiksasMatch(Match):
    """A match to 12 figures (``figures_to_lose``): deal after deal by the dealing order of
    §3.10 / §4.6. Seats are the players A, B, C(, D) as 0..n-1."""

    def __init__(self, game: KiksasGame, setup: dict[str, Any]) -> None:
        self.game = game
        self.options = game.options
        self.log = []
        self._setup = setup
        self.n = game.num_seats
        self.seed: int = setup["seed"]
        names = PAIRS if self.n == 4 else SEATS[: self.n]
        self.figures: dict[str, FigureCount] = {k: FigureCount() for k in names}
        self.results: list[KiksasResult] = []
        self.writing_rows: list[dict[str, Any]] = []
        self.figures_log: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []  # the match's own: MatchEnded
        self._over = False
        self._new_deal("first", game._first_dealer(_core.Rng(self.seed)), None)

    def _deal_seed(self) -> int:
        index = len(self.results) + 1
        mixed = (self.seed + 0x9E3779B97F4A7C15 * index) % 2**64
        return int(_core.Rng(mixed).next() >> 1)

    def _new_deal(self, deal_type: str, dealer: int, targets: tuple[int, int] | None) -> None:
        self.deal = self.game.new_deal(
            seed=self._deal_seed(),
            deal_type=deal_type,
            dealer=dealer,
            targets=None if targets is None else list(targets),
            deal_no=len(self.results) + 1,
        )

    def _deal_finished(self) -> None:
        result = self.deal.result()
        assert result is not None
        self.results.append(result)
        no = len(self.results)
        if result.akis is None and result.deal_type in ("first", "writing"):
            if self.n == 4:
                self.writing_rows.append(
                    {"deal": no, "AC": result.points[0], "BD": result.points[1]}
                )
            else:
                self.writing_rows.append(
                    {
                        "deal": no,
                        "writer": result.active_player,
                        "writer_points": result.points[0],
                        "others": result.points[1],
                    }
                )
        for award in result.figures:
            self.figures[award["to"]].add(award["kind"], award["count"])
            self.figures_log.append({"deal": no, **award, "reason": result.outcome})
        winners, _ = match_winners(
            self.figures, self.options.figures_to_lose, self.options.trikiksis_tiebreak
        )
        if winners:
            self._over = True
            self.events.append(
                {
                    "type": "MatchEnded",
                    "winner": "/".join(winners),
                    "figures": {k: v.to_dict() for k, v in self.figures.items()},
                }
            )
            return
        self._new_deal(result.next_type, SEATS.index(result.next_dealer), result.next_targets)

    # --- the protocol -------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return "over" if self._over else self.deal.phase

    @property
    def to_move(self) -> int | None:
        return None if self._over else self.deal.to_move

    def seat_name(self, seat: int) -> str:
        return SEATS[seat]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self._over:
            return []
        return self.deal.legal_actions(seat)

    def _apply(self, action: Action, seat: int) -> Event:
        event = self.deal._apply(action, seat)
        self.deal.log.append((seat, str(action)))
        if self.deal.is_over:
            self._deal_finished()
            if self._over:
                event.detail["events"] = list(event.detail["events"]) + self.events[-1:]
        return event

    def observation(self, seat: int | str) -> dict[str, Any]:
        s = seat_index(seat, self.n)
        obs = self.deal.observation(s)
        obs["match"] = {
            "deal": len(self.results) + (0 if self._over and self.deal.is_over else 1),
            "figures": {k: v.to_dict() for k, v in self.figures.items()},
            "figures_to_lose": self.options.figures_to_lose,
            "writing_rows": [dict(r) for r in self.writing_rows],
            "over": self._over,
            "events": [dict(e) for e in self.events],
            "result": self.result().to_dict() if self._over else None,
        }
        return obs

    def result(self) -> KiksasStandings:
        winners, losers = match_winners(
            self.figures, self.options.figures_to_lose, self.options.trikiksis_tiebreak
        )
        return KiksasStandings(
            figures={k: v.to_dict() for k, v in self.figures.items()},
            deals_played=len(self.results),
            over=self._over,
            winners=winners,
            losers=losers,
            writing_rows=tuple(dict(r) for r in self.writing_rows),
            figures_log=tuple(dict(r) for r in self.figures_log),
        )

    def __repr__(self) -> str:
        return f"<KiksasMatch deal={len(self.results) + 1} phase={self.phase}>"


def _make(variant: str | None) -> Any:
    def factory(*, preset: str | None = None, **options: Any) -> KiksasGame:
        if variant is not None:
            given = options.get("variant", variant)
            if given != variant:
                raise ValueError(
                    f"tt.load({variant!r}) plays variant={variant!r}, got variant={given!r}"
                )
            options["variant"] = variant
        opts = build_options(KiksasOptions, PRESETS, preset, options, variant or "kiksas")
        return TrikiksisGame(opts) if opts.variant == "trikiksis" else KiksasGame(opts)

    return factory


FAMILY = Family(
    name="kiksas",
    package=__name__,
    variants=(
        Variant(
            "kiksas",
            "Kiksas (Lithuanian, 4 players in crossed pairs, 24 cards): writing, writing "
            "off, eggs, Su dviem, Akis; the match to 12 figures",
            _make(None),
            KiksasOptions,
            PRESETS,
        ),
        Variant(
            "trikiksis",
            "Trikiksis: Kiksas for 3 players, each alone, 8 cards each; the triangle sheet",
            _make("trikiksis"),
            KiksasOptions,
            PRESETS,
        ),
    ),
    tensors=hook("tensors", "CODEC"),
    knowledge=hook("knowledge", "KNOWLEDGE"),
    solver=hook("tables", "SOLVER"),
    playouts=hook("tables", "PLAYOUTS"),
    rule_bot=hook("bot", "RULE_BOT"),
    pimc=hook("bot", "PIMC"),
    view=hook("view", "VIEW"),
    summary=hook("summary", "SUMMARY"),
    metric=hook("summary", "METRIC"),
    episode=hook("episode", "EPISODE"),
)
register(FAMILY)

from tricktaker.games import kiksas_cli as _kiksas_cli  # noqa: E402,F401  (views and summaries)
