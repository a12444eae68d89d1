"""One Kiksas or Trikiksis deal: the peek, the dealing, the trump choice, the Akis round, the
play with the trump-count announcement, "Su dviem" and a declined last lead, and the settlement
(§3, §4), on the C++ play state; and the dealing order from one deal to the next (§3.10, §4.6).
"""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker._core import CardStep, KiksasDealContext, KiksasTrickGate
from tricktaker.cards import Card, Rank, Suit, cards_from_mask, mask_from_cards
from tricktaker.errors import Error, IllegalAction
from tricktaker.games.kiksas.notation import write_position
from tricktaker.games.kiksas.observation import DealViews
from tricktaker.games.kiksas.options import (
    DEAL_POINTS,
    DECK,
    PAIRS,
    SEATS,
    KiksasOptions,
)
from tricktaker.games.kiksas.result import KiksasResult
from tricktaker.games.kiksas.tables import option_context, rules_table
from tricktaker.protocol.base import (
    CARD_ACTION_TABLE,
    LOG_TABLE,
    Action,
    Event,
    Game,
    card_actions,
)

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
# By the number of the core's FigureKind and KiksasOutcome (a dict keyed by the binding's enum
# hashes and compares through the binding; kiksas_evaluate_fields gives the numbers).
_FIGURE_NAME = {
    int(_core.FigureKind.STROKE): "strokes",
    int(_core.FigureKind.EGG): "eggs",
    int(_core.FigureKind.CROSS): "crosses",
}
_OUTCOME_NAME = {
    int(value): name.lower() for name, value in _core.KiksasOutcome.__members__.items()
}
# kiksas_evaluate_fields's tuple: (over, outcome, points, tricks, reached_at, race_winner,
# figure_side, figure_kind, figure_count, su_dviem_available, may_decline_last_lead).
Evaluation = tuple[
    bool,
    int,
    tuple[int, int],
    tuple[int, int],
    tuple[int, int],
    int,
    int,
    int,
    int,
    bool,
    bool,
]


PEEK_CALLS = [Action.call("peek:none"), Action.call("peek:top"), Action.call("peek:bottom")]
ACCEPT = Action.call("accept")
DECLINE = Action.call("decline")
LEAD = Action.call("lead")
PASS = Action.call("pass")
SU_DVIEM = Action.call("su_dviem")
TRUMP_CALLS = {suit: Action.call(f"trump:{suit.letter}") for suit in Suit}
# What the core's card step does with each card (protocol.base.Deal): the CardPlayed event,
# in the deal's events and the card's; a trick's last card adds the TrickCompleted event (as
# _trick_completed makes it on the Python path), in both (the trick's record goes to the list
# the card's does, so to the card's detail too). A deal's step asks its context's
# KiksasTrickGate (_ContextCache) which completed tricks come back to the deal (_card_stepped)
# for what they decide; this one, without a gate (a pickle of a gated step), sends every one.
_CARD_STEP = CardStep(
    "play",
    detail_record="events",
    record_list="events",
    record=[("type", "CardPlayed"), ("player", ("seat",)), ("card", ("card",))],
    hook_every_trick=True,
    trick_list="events",
    trick_record=[
        ("type", "TrickCompleted"),
        ("no", ("trick",)),
        ("leader", ("leader",)),
        ("cards", ("cards",)),
        ("winner", ("winner",)),
        ("card_points", ("card_points",)),
        ("last_bonus", ("last_bonus",)),
    ],
)


# What a deal's core context is made of besides the options (KiksasDeal._context_facts): the
# deal's type, the writing side, the targets, "Su dviem" declared, the last lead declined, the
# Akis's kind (None for none) and side.
ContextFacts = tuple[str, int, "tuple[int, int] | None", bool, bool, "str | None", int]


def _new_context(options: KiksasOptions, facts: ContextFacts) -> KiksasDealContext:
    """The core's context of a deal under ``options`` with these facts."""
    deal_type, writing_side, targets, su_dviem, last_lead_declined, akis, akis_side = facts
    ctx = option_context(options)
    ctx.type = _CORE_TYPE[deal_type]
    ctx.writing_side = writing_side
    if targets is not None:
        ctx.targets = list(targets)
    ctx.su_dviem = su_dviem
    ctx.last_lead_declined = last_lead_declined
    if akis is not None:
        ctx.akis = AKIS_KINDS[akis]
        ctx.akis_side = akis_side
    return ctx


# Per options object (by identity: the options' hash reads every field; the object is kept
# beside its value, so a recycled id is never mistaken for it), the contexts made for deals and
# the card step gated by each, by the deal's facts. Only the core reads these contexts.
_GATED: dict[int, tuple[KiksasOptions, dict[ContextFacts, tuple[KiksasDealContext, CardStep]]]] = {}


def _gated_step(options: KiksasOptions, facts: ContextFacts) -> tuple[KiksasDealContext, CardStep]:
    """The context of a deal with ``facts`` and the card step whose gate hands back the tricks
    ``KiksasDeal._after_trick`` acts on, made once per options object and facts."""
    kept = _GATED.get(id(options))
    if kept is None or kept[0] is not options:
        if len(_GATED) >= 64:
            _GATED.clear()
        kept = _GATED[id(options)] = (options, {})
    made = kept[1].get(facts)
    if made is None:
        if len(kept[1]) >= 1024:
            kept[1].clear()
        context = _new_context(options, facts)
        gate = KiksasTrickGate(
            context,
            options.su_dviem,
            options.decline_last_lead,
            facts[5] is None and options.announce_trump_count,  # no Akis: the count is told
        )
        made = kept[1][facts] = (context, _CARD_STEP.with_gate(gate))
    return made


class _ContextCache:
    """The deal's last core context, what it was made from, and the card step gated by it. A
    copy or a pickle of the deal starts with an empty one: the core's context object can be
    neither. (The step in the deal's slot is shared by a copy: its gate holds a copy of the
    context, which nothing changes.)"""

    __slots__ = ("key", "context", "step")

    def __init__(self) -> None:
        self.key: tuple[Any, ...] | None = None
        self.context: KiksasDealContext | None = None
        self.step: CardStep | None = None

    def __reduce__(self) -> tuple[type[_ContextCache], tuple[()]]:
        return (_ContextCache, ())


class KiksasDeal(DealViews):
    """One deal of Kiksas or Trikiksis: peek, dealing, trump, Akis round, play, settlement.

    Phases: ``peek`` and ``peek_decision`` (the First), ``trump_choice`` (the First), ``akis``
    (Second, Dealer, Third in turn), ``play``, ``su_dviem`` (after trick 3), ``last_lead`` (before
    the last trick) and ``over``.
    """

    def __init__(self, game: Game, setup: dict[str, Any]) -> None:
        self.game = game
        self.options: KiksasOptions = game.options
        self.log = []
        self._setup = setup
        self.n: int = self.options.num_seats
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
        # The legal card actions of the seat to move, as the core gave them with the last card
        # played within a trick; the next legal_actions() hands the list over. Every other
        # action clears it.
        self._next_legal: list[Action] | None = None
        self._context_cache = _ContextCache()
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
            dealer=self.dealer,
            first=self.first,
            second=self.second,
            third=self.third,
            writing_pair=None if self.deal_type == "first" else self.writing_pair(),
            active_player=None if not self.trikiksis or self.deal_type == "first" else self.first,
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
        # A deal whose play begins here (deal 1, given hands and trump) takes the step from its
        # first card, as one does after the call that begins it.
        self._card_step = self._card_step_now()

    # --- seats and sides ----------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return SEATS[seat]

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
                leader=self.clubs_queen_holder,
                writing_pair=self.writing_pair(),
                active_player=self.active_player,
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
            legal = self._next_legal
            if legal is not None:
                self._next_legal = None  # the caller owns the list
                return legal
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
        state = self.state
        assert to_move is not None and state is not None and action.card is not None
        if self.akis is not None and state.cards_played == 0:  # the first card exposes hands
            if not state.legal_moves() >> action.card.id & 1:
                return None
            return self._apply(action, to_move)
        # _apply_card in one core call: the card played and the next seat's legal cards, which
        # the next legal_actions() hands over while the trick goes on.
        try:
            legal = state.step_items(action.card.id, CARD_ACTION_TABLE)
        except IllegalAction:  # not a legal card: apply() says why
            return None
        name = action.name
        played = {"type": "CardPlayed", "player": to_move, "card": name}
        self.events.append(played)
        if state.trick_len != 0:
            self._to_move = state.to_move
            self._next_legal = legal
            return Event(to_move, name, "play", {"events": [played]})
        self._next_legal = None  # a completed trick may change the phase
        start = len(self.events) - 1
        self._trick_completed()
        return Event(to_move, name, "play", {"events": self.events[start:]})

    def _card_step_now(self) -> CardStep | None:
        state = self.state
        if self._phase != "play" or state is None:
            return None
        if self.akis is not None and state.cards_played == 0:
            return None  # the first card exposes the Akis opponents' hands
        return self._context_now().step

    def _card_stepped(self, action: Action, seat: int, detail: dict[str, Any]) -> Event:
        state = self.state
        assert state is not None
        start = len(self.events) - 2  # the card's own CardPlayed, its TrickCompleted, then more
        self._after_trick(state.tricks_played)
        return Event(seat, action.name, "play", {"events": self.events[start:]})

    def _apply(self, action: Action, seat: int) -> Event:
        self._next_legal = None
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
        self._emit("PeekTaken", player=seat, end=end)
        self._phase = "peek_decision"

    def _apply_peek_decision(self, action: Action, seat: int) -> None:
        assert self.peek_end is not None
        if action == ACCEPT:
            self.peek_accepted = True
            self._emit("PeekAccepted", player=seat)
            self._set_hands(self._deal_at_once(self._order, self.peek_end))
            return
        self.peek_accepted = False
        if self.options.peek_decline == "cut":
            k = self._cut
            self._emit("PeekDeclined", player=seat, cut_k=k)
            order = self._order[k:] + self._order[:k]
        else:
            self._emit("PeekDeclined", player=seat, reshuffled=True)
            order = self._reshuffle
        self._set_hands(self._deal_standard(order))

    def _choose_trump(self, suit: Suit) -> None:
        self.trump = suit
        self._emit("TrumpChosen", player=self.first, suit=suit.letter)
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
            self._emit("AkisPassed", player=seat)
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
            player=seat,
            kind=kind,
            suit=None if suit is None else suit.letter,
        )
        if not self.trikiksis:
            self.sitting_out = (seat + 2) % 4
            self._emit("HandTurnedDown", partner=self.sitting_out)
        self._start_play()

    # --- play ---------------------------------------------------------------------------

    def _trump_play_state(self, trump: Suit) -> _core.PlayState:
        """The play of the hands as dealt with `trump` (no Akis): the trump queen's holder
        leads it (§2.5), or any card under first_lead = holder_any_card after the first deal."""
        assert self.hands_dealt is not None
        hands = [mask_from_cards(h) for h in self.hands_dealt]
        queen = Card.make(Rank.QUEEN, trump).mask
        leader = next(s for s in range(self.n) if hands[s] & queen)
        any_card = self.options.first_lead == "holder_any_card" and self.deal_type != "first"
        return _core.PlayState(
            rules_table(self.options, int(trump)),
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
                rules_table(self.options, -1 if suit is None else int(suit)),
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
            result = self._evaluate()
            self._note_targets(result.reached_at, result.points)

    def context(self) -> KiksasDealContext:
        """The core's view of this deal, for ``kiksas_evaluate`` (and a solver): what the
        options fix (``tables.option_context``) and the deal's type, sides, targets and calls."""
        return _new_context(self.options, self._context_facts())

    def _context_facts(self) -> ContextFacts:
        """What ``context()`` reads of the deal: its type, the writing side, the targets, the
        calls made and the Akis (kind and side)."""
        if self.trikiksis:
            # Side 0 is the active player: the writer, or the writing-off player (O).
            writing_side = 1 if self.deal_type == "writing_off" else 0
        else:
            w = self.writing_pair()
            writing_side = 0 if w is None else w
        akis = self.akis
        return (
            self.deal_type,
            writing_side,
            self.targets,
            self.su_dviem_by is not None,
            self.last_lead_declined,
            None if akis is None else akis[1],
            0 if akis is None else self._sides()[akis[0]],
        )

    def _trick_context(self) -> KiksasDealContext:
        """``context()`` for the core's checks after each trick, kept while what it reads of the
        deal stays the same (the calls and the writing pair; the rest is fixed for the deal).
        Only the core reads it; ``context()`` still gives every caller its own."""
        context = self._context_now().context
        assert context is not None
        return context

    def _context_now(self) -> _ContextCache:
        """The cache of ``_trick_context``, made again when what it reads has changed, with
        the card step whose gate hands back the tricks ``_after_trick`` acts on."""
        key = (
            self.su_dviem_by,
            self.last_lead_declined,
            self.akis,
            self.clubs_queen_holder,
            self.active_player,
        )
        cache = self._context_cache
        if cache.key != key or cache.context is None:
            cache.context, cache.step = _gated_step(self.options, self._context_facts())
            cache.key = key
        return cache

    def _evaluate(self) -> Any:
        assert self.state is not None
        return _core.kiksas_evaluate(self.state, self.context())

    def _evaluate_fields(self) -> Evaluation:
        """The evaluation of the deal as it stands and the calls the last trick opens, in one
        core call (``kiksas_evaluate_fields``)."""
        assert self.state is not None
        options = self.options
        return _core.kiksas_evaluate_fields(
            self.state, self._trick_context(), options.su_dviem, options.decline_last_lead
        )

    def _note_targets(self, reached_at: Any, points: Any) -> None:
        for side in (0, 1):
            at = reached_at[side]
            if at >= 0 and not self._reached[side]:
                self._reached[side] = True
                self._emit(
                    "TargetReached",
                    **{"side" if self.trikiksis else "pair": side},
                    trick_no=at,
                    points=points[side],
                )

    def _apply_card(self, card: Card, seat: int) -> None:
        state = self.state
        assert state is not None
        first_card = state.cards_played == 0
        state.play(card.id)
        self.events.append({"type": "CardPlayed", "player": seat, "card": str(card)})
        if first_card and self.akis is not None:
            self.exposed = True
            for opp in self._akis_opponents():
                cards = [str(c) for c in cards_from_mask(state.hand(opp))]
                self._emit("HandsExposed", player=opp, cards=cards)
        if state.trick_len == 0:  # the card completed a trick
            self._trick_completed()
        else:
            self._to_move = state.to_move

    def _trick_completed(self) -> None:
        state = self.state
        assert state is not None
        no = state.tricks_played
        record = state.trick_record(-1)
        bonus = 10 if state.is_terminal() else 0
        # The trick's (seat, card) pairs from the log's shared tuples, each its own list.
        self.events.append(
            {
                "type": "TrickCompleted",
                "no": no,
                "leader": record.leader,
                "cards": [list(pair) for pair in state.history_items(record.first, LOG_TABLE)],
                "winner": record.winner,
                "card_points": record.points - bonus,
                "last_bonus": bonus,
            }
        )
        self._after_trick(no)

    def _after_trick(self, no: int) -> None:
        """What the completed trick number ``no`` decides: the trump count after the first, the
        targets reached, the end of the deal, or a call before the next card."""
        state = self.state
        assert state is not None
        options = self.options
        akis = self.akis
        if no == 1 and akis is None and options.announce_trump_count:
            self._announce()
        # Noting targets reached leaves the context unchanged: the calls are asked of it too.
        result = self._evaluate_fields()
        if akis is None and self.deal_type == "writing_off":
            self._note_targets(result[4], result[2])
        if result[0]:  # over
            self._finish(result)
            return
        self._phase = "play"
        leader = self._to_move = state.to_move
        if result[9]:  # "Su dviem" may be declared (with the option on)
            asked = [leader]
            if not self.trikiksis and options.su_dviem_declarers == "leader_then_partner":
                asked.append((leader + 2) % 4)
            self._su_dviem_asked = asked
            self._phase = "su_dviem"
        elif result[10]:  # the last lead may be declined (with the option on)
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
        self._emit("TrumpCountAnnounced", player=winner, value=count.announced)
        if partner < 0:
            return
        if count.partner_trumps > 0:
            self._emit("TrumpCountAdded", player=partner, total=count.total)
        else:
            self._emit("TrumpCountSilent", player=partner, partner_trumps=0)

    def _apply_su_dviem(self, action: Action, seat: int) -> None:
        assert self.state is not None
        if action == SU_DVIEM:
            self.su_dviem_by = seat
            self._emit("SuDviemDeclared", player=seat)
            self._su_dviem_asked = []
        else:
            self._emit("SuDviemPassed", player=seat)
            self._su_dviem_asked.pop(0)
        if self._su_dviem_asked:
            self._to_move = self._su_dviem_asked[0]
        else:
            self._phase = "play"
            self._to_move = self.state.to_move

    def _apply_last_lead(self, action: Action, seat: int) -> None:
        assert self.state is not None
        if action == LEAD:
            self._emit("LastLeadTaken", player=seat)
            self._phase = "play"
            self._to_move = self.state.to_move
            return
        self.last_lead_declined = True
        self._emit("LastLeadDeclined", player=seat)
        self._finish(self._evaluate_fields())

    # --- settlement ---------------------------------------------------------------------

    def _finish(self, result: Evaluation) -> None:
        state = self.state
        assert state is not None and self.trump is not None
        (
            _,
            outcome,
            points,
            tricks,
            reached_at,
            race_winner,
            figure_side,
            figure_kind,
            figure_count,
            _,
            _,
        ) = result
        figures: list[dict[str, Any]] = []
        reason = _OUTCOME_NAME[outcome]
        if figure_side >= 0:
            kind = _FIGURE_NAME[figure_kind]
            if self.trikiksis:
                recipients = [SEATS[s] for s in self._side_members(figure_side)]
            else:
                recipients = [PAIRS[figure_side]]
            for to in recipients:
                figures.append({"to": to, "kind": kind, "count": figure_count})
                self._emit(
                    "FiguresAwarded",
                    # Figures go to a player (a seat id) in Trikiksis, to a pair (a side id)
                    # in Kiksas, whose sides are the pairs.
                    **({"player": SEATS.index(to)} if self.trikiksis else {"pair": figure_side}),
                    kind=kind,
                    count=figure_count,
                    reason=reason,
                )
        next_type, next_dealer, next_targets = self._next_deal(reason, points)
        self._result = KiksasResult.of(
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
            points=points,
            tricks=tricks,
            player_points=tuple(state.points_won(s) for s in range(self.n)),
            reached_at=reached_at,
            race_winner=None if race_winner < 0 else self._side_name(race_winner),
            outcome=reason,
            figures=tuple(figures),
            next_type=next_type,
            next_dealer=SEATS[next_dealer],
            next_targets=next_targets,
            clubs_queen_holder=None
            if self.clubs_queen_holder is None
            else SEATS[self.clubs_queen_holder],
            game=self.game.name,
            sides=tuple(self.sides()),
        )
        self._emit(
            "DealEnded",
            outcome=reason,
            points=list(points),
            next_type=next_type,
            next_dealer=next_dealer,
        )
        self._phase = "over"
        self._to_move = None

    def _next_deal(
        self, outcome: str, points: tuple[int, int]
    ) -> tuple[str, int, tuple[int, int] | None]:
        return next_deal(
            players=self.n,
            deal_type=self.deal_type,
            dealer=self.dealer,
            outcome=outcome,
            akis=self.akis is not None,
            points=points,
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

    # --- the position text --------------------------------------------------------------

    def position(self) -> str:
        """The position text: type, dealer, targets, trump, dealt hands, actions since trumps.

        ``KiksasGame.parse_position`` reads it back exactly.
        """
        if self.hands_dealt is None:
            raise IllegalAction("a position needs dealt hands; resolve the peek first")
        return write_position(
            deal_type=self.deal_type,
            dealer=self.dealer,
            first=self.first,
            trikiksis=self.trikiksis,
            targets=self.targets,
            trump=self.trump,
            hands_dealt=self.hands_dealt,
            actions=[a for _, a in self.log[self._actions_before_position() :]],
        )

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
                raise Error("the first deal's next dealer is the clubs-queen holder")
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
            raise Error("a Kiksas writing deal needs its writing pair")
        new = [0, 0]
        new[writing_pair] = points[1 - writing_pair]
        new[1 - writing_pair] = points[writing_pair]
        return "writing_off", nd, (new[0], new[1])
    if players == 3 or outcome == "self_egg":
        return "writing", dealer, None
    return "writing", left, None


def first_dealer(options: KiksasOptions, rng: _core.Rng) -> int:
    """The dealer of a match's first deal by the ``first_dealer`` option (D2): a seat, or one
    drawn from ``rng``."""
    if options.first_dealer == "random":
        return int(rng.below(options.num_seats))
    return SEATS.index(options.first_dealer)
