"""Kirves, the Finnish joker-trump game for 2-10 players, as specified in rules/kirves.md.

The card play and the evaluation of a played deal (who wins it, who gets a mark) are the C++
core's (``kirves_rules``, ``kirves_outcome``); this module holds the options, the deal flow (cut,
deal, turned card, discards, pääköt, speaking, folding, play) and the match (legs, keppi, kirves,
tournament points).

Seats are 0..n-1, written ``A``, ``B``, ``C``, ... clockwise; play passes A -> B -> C.

>>> import tricktaker as tt
>>> game = tt.load("kirves", num_players=4)
>>> deal = game.new_deal(seed=1, dealer="D")
>>> deal.phase, deal.seat_name(deal.to_move)
('cut', 'C')
>>> deal.apply("cut:20").detail["bottom_card"]
'9C'
>>> deal.phase, deal.turned_card, deal.seat_name(deal.to_move)
('speaking', Card('4C'), 'A')
>>> [str(a) for a in deal.legal_actions()]  # the calls, or a card led at once
['keep', 'change', 'pass', 'throw_in', 'JS', 'QS', 'BJ', '2H', 'JH']
>>> deal.apply("keep").detail
{'trump': 'C'}
>>> deal.phase, deal.seat_name(deal.to_move)  # the trump maker decides first
('folding', 'A')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Rank, Suit, cards_from_mask, mask_from_cards
from tricktaker.errors import IllegalAction
from tricktaker.games.base import (
    Action,
    Deal,
    Event,
    Game,
    Match,
    check_seed,
    new_seed,
    trick_log,
)
from tricktaker.games.options import build_options, checked, choice
from tricktaker.notation import format_hand, parse_hand, split_position
from tricktaker.registry import register

SEAT_NAMES = "ABCDEFGHIJ"
MIN_PLAYERS, MAX_PLAYERS = 2, 10
HAND_SIZE = 5
TRICKS = 5
MARKS_TO_ESCAPE = 3
DECK: list[Card] = cards_from_mask(_core.kirves_deck())
DECK_SET = frozenset(DECK)
ALWAYS_TRUMPS: int = _core.KIRVES_ALWAYS_TRUMPS
PAAKOT: int = _core.KIRVES_PAAKOT

# Outcomes of a deal (KirvesResult.outcome).
PLAYED = "played"
PAAKOT_DECLARED = "paakot"
CONCESSION = "concession"
THROWN_IN = "thrown_in"
VOID = "void"
MISDEAL = "misdeal"

# Kinds of deal (R6, D34).
NORMAL = "normal"
CUT_JACK = "cut_jack"
FREE_FOR_ALL = "free_for_all"
_CORE_KIND = {
    NORMAL: _core.KirvesDealKind.NORMAL,
    CUT_JACK: _core.KirvesDealKind.CUT_JACK,
    FREE_FOR_ALL: _core.KirvesDealKind.FREE_FOR_ALL,
}
_WIN_RULE = {
    _core.KirvesWinRule.THREE_TRICKS: "three_tricks",
    _core.KirvesWinRule.FIRST_TO_TWO: "first_to_two",
    _core.KirvesWinRule.LAST_TRICK: "last_trick",
}


def is_always_trump(card: Card) -> bool:
    """R1.2: a jack or a joker."""
    return bool(ALWAYS_TRUMPS & card.mask)


def named_suit(card: Card) -> Suit:
    """R3.3: the suit a turned card names (RJ hearts, BJ spades)."""
    return Suit(_core.kirves_named_suit(card.id))


def seat_index(seat: int | str, num_players: int) -> int:
    """A seat as 0..n-1 from an int or a letter A, B, C, ..."""
    if isinstance(seat, str):
        key = seat.strip().upper()
        if len(key) == 1 and key in SEAT_NAMES[:num_players]:
            return SEAT_NAMES.index(key)
    elif isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < num_players:
        return seat
    raise ValueError(
        f"not a seat: {seat!r}; seats are {', '.join(SEAT_NAMES[:num_players])} "
        f"(or 0-{num_players - 1})"
    )


def _mix(seed: int, index: int) -> int:
    """A 64-bit seed for the index-th random draw of something seeded with ``seed``."""
    z = (seed + (index + 1) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


# --- options ------------------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_num_players(value: Any) -> str | None:
    if _is_int(value) and MIN_PLAYERS <= value <= MAX_PLAYERS:
        return None
    return "expected an integer 2..10"


def _check_first_dealer(value: Any) -> str | None:
    if value == "random":
        return None
    if _is_int(value) and 0 <= value < MAX_PLAYERS:
        return None
    if isinstance(value, str) and len(value) == 1 and value.upper() in SEAT_NAMES:
        return None
    return "expected 'random' or a seat (a letter A-J or 0-9)"


def _check_packet(value: Any) -> str | None:
    if _is_int(value) and 2 <= value <= 52:
        return None
    return "expected an integer 2..52 (both packets and the angel card must exist, D4)"


def _check_points(value: Any) -> str | None:
    return None if _is_int(value) else "expected an integer"


def _check_min_participants(value: Any) -> str | None:
    if _is_int(value) and 0 <= value <= MAX_PLAYERS:
        return None
    return "expected an integer 0..10"


_BOOL = (True, False)


@dataclass(frozen=True, kw_only=True)
class KirvesOptions:
    """The option table of §13; names and values exactly as the spec writes them."""

    num_players: int | None = checked(None, _check_num_players, "2-10, required [S]")
    first_dealer: str | int = checked("random", _check_first_dealer, "D3: 'random' or a seat")
    cut_min_packet: int = checked(2, _check_packet, "D4")
    cut_max_packet: int = checked(52, _check_packet, "D4")
    angel_card_source: str = choice("lifted_packet_next", ("lifted_packet_next", "stub_top"), "D5")
    discard_to_five: bool = choice(True, _BOOL, "D8")
    may_discard_taken_card: bool = choice(False, _BOOL, "D8")
    change_veto_scope: str = choice("all_others", ("all_others", "not_yet_spoken"), "D13")
    change_suit_announce: str = choice("after_consent", ("after_consent", "with_request"), "D13")
    all_pass_outcome: str = choice(
        "throw_in_next_dealer",
        ("throw_in_next_dealer", "throw_in_same_dealer", "free_for_all"),
        "D16, D34",
    )
    refused_throw_in_fallback: str = choice(
        "refuser_plays", ("refuser_plays", "free_for_all"), "R5.8, D15, D34"
    )
    direct_lead_allowed: bool = choice(True, _BOOL, "[S], D17")
    direct_lead_closes_folding: bool = choice(True, _BOOL, "D17")
    folding_allowed: bool = choice(True, _BOOL, "[S], D19")
    principals_may_fold: str = choice("all", ("all", "cut_jack_only", "none"), "D19")
    folded_players_score_with_side: bool = choice(False, _BOOL, "D20")
    overtake_required: bool = choice(False, _BOOL, "Rantasalmi (ylimenopakko), D21")
    overtake_exempts_partner: bool = choice(False, _BOOL, "only with overtake_required, D21")
    must_trump_when_void: bool = choice(False, _BOOL, "not in the seed, D21")
    stop_when_decided: bool = choice(False, _BOOL, "D23")
    paakot_mode: str = choice("auto", ("auto", "manual", "off"), "D25")
    misdeal_action_enabled: bool = choice(False, _BOOL, "D26")
    unexamined_cut_after_void: bool = choice(True, _BOOL, "D26")
    keppi_holder_default_dealer: str = choice("self", ("self", "next_clockwise"), "D3")
    tournament_scoring: bool = choice(False, _BOOL, "§11")
    points_voluntary_win: int = checked(2, _check_points, "R11.1")
    points_forced_win: int = checked(1, _check_points, "R11.2")
    points_keppi: int = checked(-5, _check_points, "R11.5")
    points_kirves: int = checked(-7, _check_points, "R11.6")
    voluntary_bonus_min_participants: int = checked(3, _check_min_participants, "D30")
    forced_bonus_min_participants: int = checked(0, _check_min_participants, "D30")
    forced_bonus_recipients: str = choice(
        "dealer_only", ("dealer_only", "cutter_and_dealer"), "D30"
    )
    concession_counts_as_win: bool = choice(True, _BOOL, "D30")
    kirves_penalty_mode: str = choice("replace", ("replace", "add"), "D31")


PRESETS: dict[str, dict[str, Any]] = {
    "rantasalmi": {"overtake_required": True},
}


def _check_option_mix(options: KirvesOptions) -> None:
    if options.num_players is None:
        raise ValueError("kirves needs num_players=2..10, e.g. tt.load('kirves', num_players=4)")
    if options.cut_min_packet > options.cut_max_packet:
        raise ValueError(
            f"cut_min_packet={options.cut_min_packet} is above "
            f"cut_max_packet={options.cut_max_packet}"
        )
    if options.first_dealer != "random":
        seat_index(options.first_dealer, options.num_players)
    if options.overtake_exempts_partner and not options.overtake_required:
        raise ValueError(
            "overtake_exempts_partner=True needs overtake_required=True (the Rantasalmi rule)"
        )


# --- actions ------------------------------------------------------------------------------

KEEP = Action.call("keep")  # "Tuosta vaan"
CHANGE = Action.call("change")  # "Ei olisi tuota"
PASS = Action.call("pass")  # "Viisi"
THROW_IN = Action.call("throw_in")  # "Viitenä pakkaan"
CONSENT = Action.call("consent")
VETO = Action.call("veto")
REFUSE = Action.call("refuse")
TAKE_BLIND = Action.call("take_blind")
PEEK = Action.call("peek")
TAKE = Action.call("take")
LEAVE = Action.call("leave")
FOLD = Action.call("fold")
STAY = Action.call("stay")
DECLARE = Action.call("declare")  # "Kolme suurinta", manual pääköt
NO = Action.call("no")
MISDEAL_CALL = Action.call("misdeal")
CHANGE_TO = {s: Action.call(f"change:{s.letter}") for s in Suit}
SUIT_CALLS = {s: Action.call(f"suit:{s.letter}") for s in Suit}

# Phases of a deal.
CUT = "cut"
TURNED_CARD = "turned_card"
DISCARD = "discard"
PAAKOT_ROUND = "paakot"
SPEAKING = "speaking"
CHANGE_POLL = "change_poll"
CHOOSE_SUIT = "choose_suit"
THROW_IN_POLL = "throw_in_poll"
FOLDING = "folding"
PLAY = "play"
OVER = "over"


@dataclass(frozen=True)
class KirvesResult:
    """The record of one deal: how it ended, the trump, the sides, and what each seat earned."""

    outcome: str  # played, paakot, concession, thrown_in, void, misdeal
    dealer: int
    cutter: int
    eldest: int
    participants: tuple[int, ...]
    kind: str | None  # normal, cut_jack, free_for_all; None when no trump was fixed
    trump: Suit | None
    turned_card: Card | None
    cut_jack: Card | None
    trump_maker: int | None
    voluntary: bool  # the trump maker chose (R11.1)
    forced: bool  # the dealer had to take the turned card (R3.4, R3.5)
    folded: tuple[int, ...]
    trick_winners: tuple[int, ...]
    winner: int | None  # the winning player (R9.1)
    win_rule: str | None  # three_tricks, first_to_two, last_trick
    conceded_by: int | None
    paakot_holder: int | None  # the declarer of pääköt
    cut_marks: tuple[int, ...]  # given at the cut (revoked for void and misdeal)
    marks: tuple[int, ...]  # every mark of this deal that stands, per seat
    points: tuple[int, ...]  # tournament bonuses of this deal (R11.1-R11.3)
    same_dealer_next: bool  # R10.5 / §10.1: the same dealer deals again
    next_cut_examined: bool
    # R10.1-R10.3, what the deal brings about in its game: who escapes after it, and the one
    # player left without 3 marks, who gets a keppi, or the kirves if he already holds one.
    escaped: tuple[int, ...] = ()
    keppi: int | None = None
    kirves: int | None = None

    @property
    def completed(self) -> bool:
        """A deal that counts (escapes and keppi are checked after it, R10.1)."""
        return self.outcome in (PLAYED, PAAKOT_DECLARED, CONCESSION)

    def to_dict(self) -> dict[str, Any]:
        def seat(s: int | None) -> str | None:
            return None if s is None else SEAT_NAMES[s]

        return {
            "outcome": self.outcome,
            "dealer": seat(self.dealer),
            "cutter": seat(self.cutter),
            "eldest": seat(self.eldest),
            "participants": [SEAT_NAMES[s] for s in self.participants],
            "kind": self.kind,
            "trump": None if self.trump is None else self.trump.letter,
            "turned_card": None if self.turned_card is None else str(self.turned_card),
            "cut_jack": None if self.cut_jack is None else str(self.cut_jack),
            "trump_maker": seat(self.trump_maker),
            "voluntary": self.voluntary,
            "forced": self.forced,
            "folded": [SEAT_NAMES[s] for s in self.folded],
            "trick_winners": [SEAT_NAMES[s] for s in self.trick_winners],
            "winner": seat(self.winner),
            "win_rule": self.win_rule,
            "conceded_by": seat(self.conceded_by),
            "paakot_holder": seat(self.paakot_holder),
            "cut_marks": list(self.cut_marks),
            "marks": list(self.marks),
            "points": list(self.points),
            "same_dealer_next": self.same_dealer_next,
            "next_cut_examined": self.next_cut_examined,
            "escaped": [SEAT_NAMES[s] for s in self.escaped],
            "keppi": seat(self.keppi),
            "kirves": seat(self.kirves),
        }


class KirvesDeal(Deal):
    """One Kirves deal, from the cut to the marks (Appendix B, phase order)."""

    def __init__(self, game: KirvesGame, setup: dict[str, Any]) -> None:
        self.game = game
        self.options: KirvesOptions = game.options
        self.log = []
        self._setup = setup
        n = self.num_players = game.num_players
        self.dealer: int = setup["dealer"]
        self.participants: tuple[int, ...] = tuple(setup["participants"])
        self.marks_before: tuple[int, ...] = tuple(setup["marks"])
        self.keppis_before: tuple[int, ...] = tuple(setup.get("keppis") or [0] * n)
        self.examined_cut: bool = setup["examined_cut"]
        self.eldest = self._next(self.dealer)
        self.cutter = self._previous(self.dealer)
        # Participants clockwise from the eldest; the dealer is last (R3.1, R5.2).
        self.order: tuple[int, ...] = self._clockwise_from(self.eldest)

        self._phase = CUT
        self._to_move: int | None = self.cutter
        self._shuffles = 0
        self._deck: list[Card] = self._shuffled(0)
        self.cut_packet: int | None = None
        self.cut_shown: Card | None = None  # the exposed bottom card (R2.4)
        self.angel_card: Card | None = None  # the angel card, when it is public
        self._angel_private: Card | None = None  # stub_top natural angel (the eldest's card)
        self.saving_angels: list[tuple[Card, Card]] = []
        self.cut_jack: Card | None = None
        self.cut_marks: list[int] = [0] * n
        self.hands: list[list[Card]] = [[] for _ in range(n)]  # in dealing order, then taken
        self.turned_card: Card | None = None
        self.turned_taken = False
        self.peeked: list[Card] = []  # the dealer's peeked cards (private)
        self._dealer_decided = True
        self.discarded: list[Card | None] = [None] * n
        self._discard_queue: list[int] = []
        self.trump: Suit | None = None
        self.trump_maker: int | None = None
        self.kind: str | None = None
        self.voluntary = False
        self.forced = False
        # Speaking.
        self.calls: list[tuple[int, str]] = []  # every call and poll answer, public
        self._speaker_pos = 0
        self._spoken: set[int] = set()
        self._poll: list[int] = []
        self._poll_pos = 0
        self._requester: int | None = None
        self._requested_suit: Suit | None = None
        self._proposer: int | None = None
        self.throw_in_refused_by: int | None = None
        # Pääköt (manual mode).
        self._paakot_round_done = False
        self._paakot_pos = 0
        self._speaking_next = False
        # Folding.
        self.folded: list[int] = []
        self._fold_order: list[int] = []
        self._fold_pos = 0
        self._direct_lead: Card | None = None
        # Play and result.
        self.state: _core.PlayState | None = None
        self._result: KirvesResult | None = None
        self.events: list[dict[str, Any]] = []  # the public record of the deal

        if setup.get("trump") is not None:
            self._start_from_position(setup)
        elif setup.get("hands") is not None:
            self._start_from_hands(setup)

    # --- seats ------------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def _next(self, seat: int) -> int:
        """The next participant clockwise (D1)."""
        for k in range(1, self.num_players + 1):
            s = (seat + k) % self.num_players
            if s in self.participants:
                return s
        raise AssertionError("no participants")

    def _previous(self, seat: int) -> int:
        for k in range(1, self.num_players + 1):
            s = (seat - k) % self.num_players
            if s in self.participants:
                return s
        raise AssertionError("no participants")

    def _clockwise_from(self, seat: int) -> tuple[int, ...]:
        out = [seat]
        s = self._next(seat)
        while s != seat:
            out.append(s)
            s = self._next(s)
        return tuple(out)

    # --- set-up modes -------------------------------------------------------------------

    def _shuffled(self, index: int) -> list[Card]:
        decks = self._setup.get("decks") or []
        if index < len(decks):
            return [Card.parse(c) for c in decks[index]]
        rng = _core.Rng(_mix(self._setup["seed"], index))
        return [DECK[i] for i in rng.shuffled(list(range(len(DECK))))]

    def _start_from_hands(self, setup: dict[str, Any]) -> None:
        """Dealt hands and the turned card given: start at the turned card (R3.4-R3.8)."""
        for seat, cards in enumerate(setup["hands"]):
            self.hands[seat] = [Card.parse(c) for c in cards or []]
        if setup.get("cut_jack") is not None:
            self.cut_jack = Card.parse(setup["cut_jack"])
            self.hands[self.cutter].append(self.cut_jack)
            self._give_cut_marks()
        self.turned_card = Card.parse(setup["turned"])
        self._after_deal()

    def _start_from_position(self, setup: dict[str, Any]) -> None:
        """Final hands, trump and sides given: start at the play (a position)."""
        for seat, cards in enumerate(setup["hands"]):
            self.hands[seat] = [Card.parse(c) for c in cards or []]
        self.trump = Suit.parse(setup["trump"])
        self.kind = setup["kind"]
        if self.kind == NORMAL:
            self.trump_maker = setup["trump_maker"]
        self.folded = list(setup.get("folded") or [])
        self._dealer_decided = True
        self._start_play()

    # --- the protocol -------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        seat = self._to_move if seat is None else seat
        if seat is None or self._phase == OVER or seat != self._to_move:
            return []
        actions = self._phase_actions(seat)
        if self._may_declare_now(seat):
            actions.append(DECLARE)
        if self.options.misdeal_action_enabled and self._phase not in (CUT, OVER):
            actions.append(MISDEAL_CALL)
        return actions

    def _phase_actions(self, seat: int) -> list[Action]:
        phase = self._phase
        if phase == CUT:
            lo, hi = self.options.cut_min_packet, self.options.cut_max_packet
            return [Action.call(f"cut:{k}") for k in range(lo, hi + 1)]
        if phase == TURNED_CARD:
            return [TAKE, LEAVE] if self.peeked else [TAKE_BLIND, PEEK]
        if phase == DISCARD:
            return [Action.call(f"discard:{c}") for c in self._discardable(seat)]
        if phase == PAAKOT_ROUND:
            return [NO, DECLARE] if self._holds_paakot(seat) else [NO]
        if phase == SPEAKING:
            return self._speaking_actions(seat)
        if phase == CHANGE_POLL:
            return [CONSENT, VETO] if self._has_kiellonvara(seat) else [CONSENT]
        if phase == CHOOSE_SUIT:
            assert self.turned_card is not None
            turned = named_suit(self.turned_card)
            return [SUIT_CALLS[s] for s in Suit if s != turned]
        if phase == THROW_IN_POLL:
            return [CONSENT, REFUSE]
        if phase == FOLDING:
            return [STAY, FOLD] if self._fold_is_legal() else [STAY]
        if phase == PLAY:
            assert self.state is not None
            return [Action.play(c) for c in cards_from_mask(self.state.legal_moves())]
        return []

    def _speaking_actions(self, seat: int) -> list[Action]:
        assert self.turned_card is not None
        actions = [KEEP]
        if self.options.change_suit_announce == "with_request":
            turned = named_suit(self.turned_card)
            actions += [CHANGE_TO[s] for s in Suit if s != turned]
        else:
            actions.append(CHANGE)
        actions.append(PASS)
        if self.throw_in_refused_by is None:
            actions.append(THROW_IN)
        if self._direct_lead_open(seat):
            actions += [Action.play(c) for c in sorted(self.hands[seat])]
        return actions

    def _direct_lead_open(self, seat: int) -> bool:
        return (
            self.options.direct_lead_allowed
            and seat == self.eldest
            and self._speaker_pos == 0
            and seat not in self._spoken
        )

    def calls_made_by(self, seat: int) -> list[str]:
        return [call for s, call in self.calls if s == seat]

    def _apply(self, action: Action, seat: int) -> Event:
        phase = self._phase
        if action == MISDEAL_CALL:
            self._finish(MISDEAL)
            return self._event(seat, action, phase, {"outcome": MISDEAL})
        if action == DECLARE and phase != PAAKOT_ROUND:
            return self._declare(seat, phase)
        handler = {
            CUT: self._apply_cut,
            TURNED_CARD: self._apply_turned,
            DISCARD: self._apply_discard,
            PAAKOT_ROUND: self._apply_paakot_round,
            SPEAKING: self._apply_speaking,
            CHANGE_POLL: self._apply_change_poll,
            CHOOSE_SUIT: self._apply_choose_suit,
            THROW_IN_POLL: self._apply_throw_in_poll,
            FOLDING: self._apply_folding,
            PLAY: self._apply_play,
        }[phase]
        return handler(action, seat)

    def _event(self, seat: int, action: Action | str, phase: str, detail: dict[str, Any]) -> Event:
        event = Event(seat, str(action), phase, detail)
        return event

    def _public(self, seat: int | None, what: str, **detail: Any) -> None:
        record: dict[str, Any] = {"seat": None if seat is None else SEAT_NAMES[seat], "event": what}
        record.update(detail)
        self.events.append(record)

    # --- the cut (R2) --------------------------------------------------------------------

    def _apply_cut(self, action: Action, seat: int) -> Event:
        k = int(action.name.split(":", 1)[1])
        order = self._deck
        self.cut_packet = k
        detail: dict[str, Any] = {"packet": k}
        if not self.examined_cut:
            self.cut_shown = None
            self._public(seat, "cut", packet=k, examined=False)
            self._deal(order[k:] + order[:k])
            detail["examined"] = False
            return self._event(seat, action, CUT, detail)
        bottom = order[k - 1]
        self.cut_shown = bottom
        detail["bottom_card"] = str(bottom)
        if not is_always_trump(bottom):
            self._public(seat, "cut", packet=k, bottom_card=str(bottom))
            self._deal(order[k:] + order[:k])
            return self._event(seat, action, CUT, detail)
        lifted_next = self.options.angel_card_source == "lifted_packet_next"
        angel = order[k - 2] if lifted_next else order[k]
        if is_always_trump(angel):
            # R2.5a: a saving angel; the dealer shuffles again and the same cutter cuts.
            self.saving_angels.append((bottom, angel))
            self._public(seat, "saving_angel", packet=k, bottom_card=str(bottom), angel=str(angel))
            detail.update(angel=str(angel), saving_angel=True)
            self._shuffles += 1
            self._deck = self._shuffled(self._shuffles)
            self.cut_shown = None
            return self._event(seat, action, CUT, detail)
        # R2.5b: a valid cut jack.
        self.cut_jack = bottom
        if lifted_next:
            self.angel_card = angel
            detail["angel"] = str(angel)
        else:
            self._angel_private = angel
        self.hands[self.cutter].append(bottom)
        self._give_cut_marks()
        detail.update(cut_jack=str(bottom), cut_marks=self._named_marks(self.cut_marks))
        self._public(
            seat,
            "cut_jack",
            packet=k,
            cut_jack=str(bottom),
            angel=None if self.angel_card is None else str(self.angel_card),
            cut_marks=self._named_marks(self.cut_marks),
        )
        self._deal(order[k:] + order[: k - 1])
        return self._event(seat, action, CUT, detail)

    def _give_cut_marks(self) -> None:
        for p in self.participants:
            if p not in (self.cutter, self.dealer):
                self.cut_marks[p] = 1

    def _named_marks(self, marks: list[int]) -> dict[str, int]:
        return {SEAT_NAMES[p]: m for p, m in enumerate(marks) if m}

    # --- dealing and the turned card (R3) ------------------------------------------------

    def _deal(self, stock: list[Card]) -> None:
        pos = 0
        for _ in range(HAND_SIZE):
            for seat in self.order:
                self.hands[seat].insert(len(self.hands[seat]) - self._extra(seat), stock[pos])
                pos += 1
        self.turned_card = stock[pos]
        self._after_deal()

    def _extra(self, seat: int) -> int:
        """The cut jack stays after the dealt cards in the cutter's list."""
        return 1 if self.cut_jack is not None and seat == self.cutter else 0

    def dealt_cards(self, seat: int) -> list[Card]:
        """The five cards dealt to a seat, in dealing order."""
        return self.hands[seat][:HAND_SIZE] if seat in self.participants else []

    def _after_deal(self) -> None:
        turned = self.turned_card
        assert turned is not None
        self._public(self.dealer, "turned_card", card=str(turned))
        if self.cut_jack is not None:
            # R3.4 Case A: the dealer must take the turned card, whatever it is.
            self.kind = CUT_JACK
            self.forced = True
            self._take_turned()
            return
        if is_always_trump(turned):
            # R3.5 Case B: pakkovaltti.
            self.kind = NORMAL
            self.forced = True
            self.trump_maker = self.dealer
            self._take_turned()
            return
        if turned.rank in (Rank.ACE, Rank.TWO):
            # R3.6, R3.7: the dealer decides.
            self._dealer_decided = False
            self._phase = TURNED_CARD
            self._to_move = self.dealer
            return
        self._hands_final(speaking=True)

    def _take_turned(self) -> None:
        turned = self.turned_card
        assert turned is not None
        self.turned_taken = True
        self._dealer_decided = True
        self.trump = named_suit(turned)
        self.hands[self.dealer].append(turned)
        self._public(self.dealer, "takes_turned_card", card=str(turned), trump=self.trump.letter)
        self._discard_queue = []
        if self.options.discard_to_five:
            if self.cut_jack is not None:
                self._discard_queue.append(self.cutter)
            self._discard_queue.append(self.dealer)
        self._next_discard()

    def _apply_turned(self, action: Action, seat: int) -> Event:
        assert self.turned_card is not None
        if action == PEEK:
            count = 2 if self.turned_card.rank == Rank.ACE else 3
            self.peeked = self.hands[seat][:count]
            self._public(seat, "peek", count=count)
            return self._event(seat, action, TURNED_CARD, {"count": count})
        if action in (TAKE, TAKE_BLIND):
            self.kind = NORMAL
            self.voluntary = True
            self.trump_maker = seat
            self._public(seat, str(action))
            self._take_turned()
            return self._event(seat, action, TURNED_CARD, {"trump": self._trump_letter()})
        # LEAVE: the card stays on the stock and speaking begins.
        self._dealer_decided = True
        self._public(seat, "leave")
        self._hands_final(speaking=True)
        return self._event(seat, action, TURNED_CARD, {})

    def _trump_letter(self) -> str | None:
        return None if self.trump is None else self.trump.letter

    # --- discards (R3.10-R3.12) ----------------------------------------------------------

    def _discardable(self, seat: int) -> list[Card]:
        if self.options.may_discard_taken_card:
            return sorted(self.hands[seat])
        return sorted(self.dealt_cards(seat))

    def _next_discard(self) -> None:
        if self._discard_queue:
            self._phase = DISCARD
            self._to_move = self._discard_queue.pop(0)
            return
        self._hands_final(speaking=False)

    def _apply_discard(self, action: Action, seat: int) -> Event:
        card = Card.parse(action.name.split(":", 1)[1])
        self.hands[seat].remove(card)
        self.discarded[seat] = card
        self._public(seat, "discard")
        self._next_discard()
        # The event names the card for the discarding seat only; the public record does not.
        return self._event(seat, action, DISCARD, {"card": str(card)})

    # --- pääköt (R4) ---------------------------------------------------------------------

    def _holds_paakot(self, seat: int) -> bool:
        return (mask_from_cards(self.hands[seat]) & PAAKOT) == PAAKOT

    def _paakot_holder(self) -> int | None:
        for p in self.participants:
            if self._holds_paakot(p):
                return p
        return None

    def _hands_final(self, speaking: bool) -> None:
        self._speaking_next = speaking
        mode = self.options.paakot_mode
        if mode == "auto":
            holder = self._paakot_holder()
            if holder is not None:
                self._public(holder, "declare", cards=["RJ", "BJ", "JC"], automatic=True)
                self._finish(PAAKOT_DECLARED, paakot_holder=holder)
                return
        elif mode == "manual":
            self._phase = PAAKOT_ROUND
            self._paakot_pos = 0
            self._to_move = self.order[0]
            return
        self._after_paakot()

    def _after_paakot(self) -> None:
        self._paakot_round_done = True
        if self._speaking_next:
            self._phase = SPEAKING
            self._speaker_pos = 0
            self._to_move = self.order[0]
        else:
            self._start_folding()

    def _apply_paakot_round(self, action: Action, seat: int) -> Event:
        if action == DECLARE:
            return self._declare(seat, PAAKOT_ROUND)
        self.calls.append((seat, "no"))
        self._public(seat, "no")
        self._paakot_pos += 1
        if self._paakot_pos < len(self.order):
            self._to_move = self.order[self._paakot_pos]
        else:
            self._after_paakot()
        return self._event(seat, action, PAAKOT_ROUND, {})

    def _may_declare_now(self, seat: int) -> bool:
        """R4.3 later chances: manual mode, after the round, before the first card."""
        if self.options.paakot_mode != "manual" or not self._paakot_round_done:
            return False
        if self._phase not in (SPEAKING, CHANGE_POLL, CHOOSE_SUIT, THROW_IN_POLL, FOLDING, PLAY):
            return False
        if self._phase == PLAY and (self.state is None or self.state.cards_played > 0):
            return False
        return self._holds_paakot(seat)

    def _declare(self, seat: int, phase: str) -> Event:
        self.calls.append((seat, "declare"))
        self._public(seat, "declare", cards=["RJ", "BJ", "JC"])
        self._finish(PAAKOT_DECLARED, paakot_holder=seat)
        return self._event(seat, DECLARE, phase, {"outcome": PAAKOT_DECLARED})

    def _void_if_undeclared(self) -> bool:
        """R4.3: the first card of trick 1 with an undeclared pääköt voids the deal."""
        if self.options.paakot_mode != "manual":
            return False
        return self._paakot_holder() is not None

    # --- speaking (R5) -------------------------------------------------------------------

    def _has_kiellonvara(self, seat: int) -> bool:
        assert self.turned_card is not None
        suit = named_suit(self.turned_card)
        return bool(mask_from_cards(self.hands[seat]) & _core.kirves_kiellonvara(int(suit)))

    def _apply_speaking(self, action: Action, seat: int) -> Event:
        assert self.turned_card is not None
        turned_suit = named_suit(self.turned_card)
        if action.card is not None:
            # R5.3 direct lead: "Tuosta vaan" plus the first card of trick 1.
            self.calls.append((seat, f"lead:{action.card}"))
            self._spoken.add(seat)
            self._public(seat, "direct_lead", card=str(action.card))
            self._make_trump(turned_suit, seat, voluntary=True)
            if self._void_if_undeclared():
                # R4.3: the first card of trick 1 with an undeclared pääköt.
                self._finish(VOID)
                return self._event(seat, action, SPEAKING, {"outcome": VOID})
            self._direct_lead = action.card
            if self.options.direct_lead_closes_folding:
                self._start_play()
            else:
                self._start_folding()
            return self._event(seat, action, SPEAKING, {"trump": turned_suit.letter, "lead": True})
        self.calls.append((seat, str(action)))
        self._spoken.add(seat)
        self._public(seat, str(action))
        if action == KEEP:
            self._make_trump(turned_suit, seat, voluntary=True)
            self._start_folding()
            return self._event(seat, action, SPEAKING, {"trump": turned_suit.letter})
        if action == PASS:
            self._advance_speaker()
            return self._event(seat, action, SPEAKING, {})
        if action == THROW_IN:
            self._proposer = seat
            self._poll = [p for p in self._clockwise_from(seat)[1:]]
            self._poll_pos = 0
            self._phase = THROW_IN_POLL
            self._to_move = self._poll[0]
            return self._event(seat, action, SPEAKING, {})
        # A change request, with or without the suit (change_suit_announce).
        self._requester = seat
        self._requested_suit = (
            Suit.parse(action.name.split(":", 1)[1]) if ":" in action.name else None
        )
        poll = list(self._clockwise_from(seat)[1:])
        if self.options.change_veto_scope == "not_yet_spoken":
            poll = [p for p in poll if p not in self._spoken]
        self._poll = poll
        self._poll_pos = 0
        if poll:
            self._phase = CHANGE_POLL
            self._to_move = poll[0]
        else:
            self._change_consented()
        return self._event(seat, action, SPEAKING, {})

    def _advance_speaker(self) -> None:
        self._speaker_pos += 1
        while self._speaker_pos < len(self.order) and self.order[self._speaker_pos] in self._spoken:
            self._speaker_pos += 1
        if self._speaker_pos < len(self.order):
            self._phase = SPEAKING
            self._to_move = self.order[self._speaker_pos]
            return
        self._speaking_ended_without_maker()

    def _speaking_ended_without_maker(self) -> None:
        assert self.turned_card is not None
        turned_suit = named_suit(self.turned_card)
        if self.throw_in_refused_by is not None:
            # R5.8, D15: the deal can no longer be thrown in.
            if self.options.refused_throw_in_fallback == "refuser_plays":
                self._public(self.throw_in_refused_by, "refuser_plays")
                self._make_trump(turned_suit, self.throw_in_refused_by, voluntary=True)
            else:
                self._free_for_all(turned_suit)
            self._start_folding()
            return
        # R5.9, D16: everybody passed.
        if self.options.all_pass_outcome == "free_for_all":
            self._free_for_all(turned_suit)
            self._start_folding()
            return
        self._public(None, "all_pass")
        self._finish(THROWN_IN, same_dealer=self.options.all_pass_outcome == "throw_in_same_dealer")

    def _free_for_all(self, suit: Suit) -> None:
        self.trump = suit
        self.kind = FREE_FOR_ALL
        self.trump_maker = None
        self._public(None, "free_for_all", trump=suit.letter)

    def _make_trump(self, suit: Suit, maker: int, *, voluntary: bool) -> None:
        self.trump = suit
        self.trump_maker = maker
        self.kind = NORMAL
        self.voluntary = voluntary
        self._public(maker, "trump_maker", trump=suit.letter)

    def _apply_change_poll(self, action: Action, seat: int) -> Event:
        assert self.turned_card is not None
        self.calls.append((seat, str(action)))
        self._public(seat, str(action))
        if action == VETO:
            suit = named_suit(self.turned_card)
            self._make_trump(suit, seat, voluntary=True)
            self._start_folding()
            return self._event(seat, action, CHANGE_POLL, {"trump": suit.letter})
        self._poll_pos += 1
        if self._poll_pos < len(self._poll):
            self._to_move = self._poll[self._poll_pos]
        else:
            self._change_consented()
        return self._event(seat, action, CHANGE_POLL, {})

    def _change_consented(self) -> None:
        assert self._requester is not None
        if self._requested_suit is not None:
            self._make_trump(self._requested_suit, self._requester, voluntary=True)
            self._start_folding()
            return
        self._phase = CHOOSE_SUIT
        self._to_move = self._requester

    def _apply_choose_suit(self, action: Action, seat: int) -> Event:
        suit = Suit.parse(action.name.split(":", 1)[1])
        self.calls.append((seat, str(action)))
        self._public(seat, str(action))
        self._make_trump(suit, seat, voluntary=True)
        self._start_folding()
        return self._event(seat, action, CHOOSE_SUIT, {"trump": suit.letter})

    def _apply_throw_in_poll(self, action: Action, seat: int) -> Event:
        self.calls.append((seat, str(action)))
        self._public(seat, str(action))
        if action == REFUSE:
            self.throw_in_refused_by = seat
            self._advance_speaker()
            return self._event(seat, action, THROW_IN_POLL, {"refused": True})
        self._poll_pos += 1
        if self._poll_pos < len(self._poll):
            self._to_move = self._poll[self._poll_pos]
            return self._event(seat, action, THROW_IN_POLL, {})
        self._finish(THROWN_IN, same_dealer=False)
        return self._event(seat, action, THROW_IN_POLL, {"outcome": THROWN_IN})

    # --- folding (R7) --------------------------------------------------------------------

    def principals(self) -> list[int]:
        if self.kind == NORMAL and self.trump_maker is not None:
            return [self.trump_maker]
        if self.kind == CUT_JACK:
            return [p for p in self.order if p in (self.cutter, self.dealer)]
        return []

    def _may_fold_at_all(self, seat: int) -> bool:
        if self.marks_before[seat] + self.cut_marks[seat] >= MARKS_TO_ESCAPE:
            return False  # R7.3: his third mark came at the cut
        if seat == self.eldest and self._direct_lead is not None:
            return False  # he has led (direct_lead_closes_folding = false)
        if seat in self.principals():
            mode = self.options.principals_may_fold
            return mode == "all" or (mode == "cut_jack_only" and self.kind == CUT_JACK)
        return True

    def _start_folding(self) -> None:
        if not self.options.folding_allowed or len(self.participants) <= 2:
            self._start_play()
            return
        principals = self.principals()
        order = principals + [p for p in self.order if p not in principals]
        self._fold_order = [p for p in order if self._may_fold_at_all(p)]
        self._fold_pos = 0
        if not self._fold_order:
            self._start_play()
            return
        self._phase = FOLDING
        self._to_move = self._fold_order[0]

    def _fold_is_legal(self) -> bool:
        return len(self.participants) - len(self.folded) - 1 >= 2

    def _apply_folding(self, action: Action, seat: int) -> Event:
        self.calls.append((seat, str(action)))
        self._public(seat, str(action))
        if action == FOLD:
            self.folded.append(seat)
            if seat in self.principals():
                self._finish(CONCESSION, conceded_by=seat)
                return self._event(seat, action, FOLDING, {"outcome": CONCESSION})
        self._fold_pos += 1
        if self._fold_pos < len(self._fold_order):
            self._to_move = self._fold_order[self._fold_pos]
        else:
            self._start_play()
        return self._event(seat, action, FOLDING, {})

    # --- play (R8) -----------------------------------------------------------------------

    def roles(self) -> _core.KirvesDealRoles:
        assert self.kind is not None
        participants = sum(1 << p for p in self.participants)
        if self.kind == CUT_JACK:
            return _core.KirvesDealRoles(
                kind=_CORE_KIND[CUT_JACK],
                cutter=self.cutter,
                dealer=self.dealer,
                participants=participants,
            )
        if self.kind == NORMAL:
            assert self.trump_maker is not None
            return _core.KirvesDealRoles(
                kind=_CORE_KIND[NORMAL], trump_maker=self.trump_maker, participants=participants
            )
        return _core.KirvesDealRoles(kind=_CORE_KIND[FREE_FOR_ALL], participants=participants)

    def leader(self) -> int:
        """R8.2: the eldest, or the first non-folded player after the dealer."""
        for seat in self.order:
            if seat not in self.folded:
                return seat
        raise AssertionError("everybody folded")

    def _start_play(self) -> None:
        assert self.trump is not None
        o = self.options
        rules = _core.kirves_rules(
            int(self.trump),
            overtake_required=o.overtake_required,
            overtake_exempts_partner=o.overtake_exempts_partner,
            must_trump_when_void=o.must_trump_when_void,
        )
        sides = _core.kirves_sides(self.roles(), self.num_players)
        playing = [p for p in self.participants if p not in self.folded]
        hands = [
            mask_from_cards(self.hands[p]) if p in playing else 0 for p in range(self.num_players)
        ]
        self.state = _core.PlayState(
            rules,
            hands,
            sides,
            leader=self.leader(),
            active=sum(1 << p for p in playing),
            tricks=0 if all(len(self.hands[p]) == HAND_SIZE for p in playing) else TRICKS,
        )
        self._phase = PLAY
        self._to_move = self.state.to_move
        if self._direct_lead is not None:
            self.state.play(self._direct_lead.id)
            self._to_move = self.state.to_move

    def _apply_play(self, action: Action, seat: int) -> Event:
        state = self.state
        assert state is not None and action.card is not None
        if state.cards_played == 0 and self._void_if_undeclared():
            self._public(seat, "void", card=str(action.card))
            self._finish(VOID)
            return self._event(seat, action, PLAY, {"outcome": VOID})
        state.play(action.card.id)
        detail: dict[str, Any] = {"card": str(action.card)}
        self._public(seat, "play", card=str(action.card))
        if not state.trick():
            record = state.trick_records()[-1]
            detail.update(trick=state.tricks_played, trick_winner=SEAT_NAMES[record.winner])
            decided = self.options.stop_when_decided and _core.kirves_decided(state)
            if state.is_terminal() or decided:
                self._finish(PLAYED)
                return self._event(seat, action, PLAY, detail)
        self._to_move = state.to_move
        return self._event(seat, action, PLAY, detail)

    # --- the end of the deal (R9, R11) ---------------------------------------------------

    def _finish(
        self,
        outcome: str,
        *,
        paakot_holder: int | None = None,
        conceded_by: int | None = None,
        same_dealer: bool = False,
    ) -> None:
        n = self.num_players
        o = self.options
        marks = list(self.cut_marks)
        points = [0] * n
        winner: int | None = None
        win_rule: str | None = None
        trick_winners: tuple[int, ...] = ()
        if self.state is not None:
            trick_winners = tuple(r.winner for r in self.state.trick_records())
        principal_win: int | None = None  # a principal who won, for R11.1-R11.3
        if outcome == PLAYED:
            assert self.state is not None
            out = _core.kirves_outcome(self.state, self.roles(), o.folded_players_score_with_side)
            winner = out.winner.player
            win_rule = _WIN_RULE[out.winner.rule]
            for p in range(n):
                marks[p] = min(1, marks[p] + out.marks[p])
            if out.principal_won:
                principal_win = winner
        elif outcome == PAAKOT_DECLARED:
            assert paakot_holder is not None
            marks[paakot_holder] = 1  # R4.2: a bystander's cut mark is his one mark
        elif outcome == CONCESSION:
            assert conceded_by is not None
            folded_before = sum(1 << p for p in self.folded if p != conceded_by)
            concession = _core.kirves_concession_marks(
                self.roles(), n, conceded_by, folded_before, o.folded_players_score_with_side
            )
            for p in range(n):
                marks[p] = min(1, marks[p] + concession[p])
            if self.kind == CUT_JACK and o.concession_counts_as_win:
                principal_win = self.dealer if conceded_by == self.cutter else self.cutter
        elif outcome in (VOID, MISDEAL):
            marks = [0] * n  # R3.13, R4.3: the cut marks are revoked
        if o.tournament_scoring and principal_win is not None:
            points = self._bonus(principal_win, points)
        escaped: list[int] = []
        keppi: int | None = None
        kirves: int | None = None
        if outcome in (PLAYED, PAAKOT_DECLARED, CONCESSION):
            after = {p: self.marks_before[p] + marks[p] for p in self.participants}
            escaped = [p for p in self.participants if after[p] >= MARKS_TO_ESCAPE]
            left = [p for p in self.participants if after[p] < MARKS_TO_ESCAPE]
            if len(left) == 1:
                if self.keppis_before[left[0]] >= 1:
                    kirves = left[0]
                else:
                    keppi = left[0]
        same = same_dealer or outcome in (VOID, MISDEAL)
        examined = True
        if outcome == MISDEAL:
            examined = False
        elif outcome == VOID:
            examined = not o.unexamined_cut_after_void
        self._result = KirvesResult(
            outcome=outcome,
            dealer=self.dealer,
            cutter=self.cutter,
            eldest=self.eldest,
            participants=self.participants,
            kind=self.kind,
            trump=self.trump,
            turned_card=self.turned_card,
            cut_jack=self.cut_jack,
            trump_maker=self.trump_maker,
            voluntary=self.voluntary,
            forced=self.forced,
            folded=tuple(self.folded),
            trick_winners=trick_winners,
            winner=winner,
            win_rule=win_rule,
            conceded_by=conceded_by,
            paakot_holder=paakot_holder,
            cut_marks=tuple(self.cut_marks),
            marks=tuple(marks),
            points=tuple(points),
            same_dealer_next=same,
            next_cut_examined=examined,
            escaped=tuple(escaped),
            keppi=keppi,
            kirves=kirves,
        )
        self._public(None, "result", **self._result.to_dict())
        self._phase = OVER
        self._to_move = None

    def _bonus(self, winner: int, points: list[int]) -> list[int]:
        """R11.1-R11.3 for the principal who won (by play or by concession)."""
        o = self.options
        count = len(self.participants)
        if self.kind == NORMAL and winner == self.trump_maker:
            if self.voluntary and count >= o.voluntary_bonus_min_participants:
                points[winner] += o.points_voluntary_win
            elif self.forced and count >= o.forced_bonus_min_participants:
                points[winner] += o.points_forced_win
        elif (
            self.kind == CUT_JACK
            and count >= o.forced_bonus_min_participants
            and (
                winner == self.dealer
                or (winner == self.cutter and o.forced_bonus_recipients == "cutter_and_dealer")
            )
        ):
            points[winner] += o.points_forced_win
        return points

    def result(self) -> KirvesResult | None:
        return self._result

    # --- views --------------------------------------------------------------------------

    def play_state(self) -> _core.PlayState:
        """A copy of the C++ play state (raises before the play begins)."""
        if self.state is None:
            raise IllegalAction("there is no play state before the trump and sides are fixed")
        return self.state.copy()

    def hand(self, seat: int | str) -> list[Card]:
        """The cards a seat holds now (all-knowing; observations show only one's own)."""
        s = seat_index(seat, self.num_players)
        if self.state is not None and s not in self.folded and s in self.participants:
            return cards_from_mask(self.state.hand(s))
        return sorted(self.hands[s])

    def _known_hand(self, seat: int) -> list[Card] | None:
        """What a seat knows of its own hand: before deciding on an ace or a 2 the dealer has
        seen only the cards he peeked at (R3.6)."""
        if seat not in self.participants:
            return []
        if seat == self.dealer and not self._dealer_decided:
            return sorted(self.peeked)
        return self.hand(seat)

    def completed_tricks(self) -> list[dict[str, Any]]:
        if self.state is None:
            return []
        return trick_log(self.state, SEAT_NAMES, points=False)

    def observation(self, seat: int | str) -> dict[str, Any]:
        """Only what ``seat`` may know (R3.14): its own hand, peeked and discarded cards, and
        the public record. Other hands, discards, peeked cards and a dealt angel card are never
        included."""
        s = seat_index(seat, self.num_players)
        names = SEAT_NAMES
        current = []
        tricks_won = [0] * self.num_players
        if self.state is not None:
            current = [[names[p], _core.card_to_string(c)] for p, c in self.state.trick()]
            tricks_won = [self.state.tricks_won(p) for p in range(self.num_players)]
        hand_sizes = {}
        for p in self.participants:
            hand_sizes[names[p]] = 0 if p in self.folded else len(self.hand(p))
        known = self._known_hand(s)
        private: dict[str, Any] = {
            "hand": None if known is None else [str(c) for c in known],
            "hand_hidden": s == self.dealer and not self._dealer_decided,
            "peeked": [str(c) for c in self.peeked] if s == self.dealer else [],
            "discarded": None if self.discarded[s] is None else str(self.discarded[s]),
        }
        if s == self.eldest and self._angel_private is not None:
            private["angel_card"] = str(self._angel_private)
        return {
            "game": "kirves",
            "seat": names[s],
            "num_players": self.num_players,
            "phase": self._phase,
            "to_move": None if self._to_move is None else names[self._to_move],
            "dealer": names[self.dealer],
            "cutter": names[self.cutter],
            "eldest": names[self.eldest],
            "participants": [names[p] for p in self.participants],
            "marks_before": list(self.marks_before),
            "cut_marks": list(self.cut_marks),
            "cut": {
                "examined": self.examined_cut,
                "packet": self.cut_packet,
                "bottom_card": None if self.cut_shown is None else str(self.cut_shown),
                "angel_card": None if self.angel_card is None else str(self.angel_card),
                "saving_angels": [[str(a), str(b)] for a, b in self.saving_angels],
                "cut_jack": None if self.cut_jack is None else str(self.cut_jack),
            },
            "turned_card": None if self.turned_card is None else str(self.turned_card),
            "turned_taken": self.turned_taken,
            "trump": self._trump_letter(),
            "kind": self.kind,
            "trump_maker": None if self.trump_maker is None else names[self.trump_maker],
            "calls": [[names[p], c] for p, c in self.calls],
            "folded": [names[p] for p in self.folded],
            "hand_sizes": hand_sizes,
            "trick": current,
            "tricks": self.completed_tricks(),
            "tricks_won": tricks_won,
            "events": [dict(e) for e in self.events],
            "legal_actions": [str(a) for a in self.legal_actions(s)],
            "result": None if self._result is None else self._result.to_dict(),
            **private,
        }

    def position(self) -> str:
        """The position text of the play: see ``KirvesGame.parse_position``."""
        if self.state is None or self.trump is None or self.kind is None:
            raise IllegalAction("a position needs the trump and sides; it starts with the play")
        names = SEAT_NAMES
        head = [f"players={self.num_players}", f"dealer={names[self.dealer]}"]
        head.append(f"trump={self.trump.letter}")
        if self.kind == NORMAL:
            assert self.trump_maker is not None
            head.append(f"maker={names[self.trump_maker]}")
        else:
            head.append(f"kind={self.kind}")
        if self.folded:
            head.append("folded=" + ",".join(names[p] for p in sorted(self.folded)))
        out = [p for p in range(self.num_players) if p not in self.participants]
        if out:
            head.append("out=" + ",".join(names[p] for p in out))
        hands = []
        history = self.state.history()
        for p in range(self.num_players):
            if p not in self.participants or p in self.folded:
                hands.append("*")
                continue
            held = cards_from_mask(self.state.hand(p))
            played = [Card(c) for q, c in history if q == p]
            hands.append(format_hand(held + played))
        text = " ".join(head) + " A:" + " ".join(hands)
        if self.state.cards_played:
            text += " | " + " ".join(_core.card_to_string(c) for _, c in self.state.history())
        return text

    def __repr__(self) -> str:
        to_move = None if self._to_move is None else SEAT_NAMES[self._to_move]
        return f"<KirvesDeal phase={self._phase} to_move={to_move}>"


# --- the game -----------------------------------------------------------------------------


POSITION_KEYS = ("players", "dealer", "trump", "maker", "kind", "folded", "out")


class KirvesGame(Game):
    """Kirves with a set of options: makes deals and games (to the kirves)."""

    name = "kirves"

    def __init__(self, options: KirvesOptions) -> None:
        _check_option_mix(options)
        self.options = options
        assert options.num_players is not None
        self.num_players: int = options.num_players

    def seat(self, seat: int | str) -> int:
        return seat_index(seat, self.num_players)

    def new_deal(
        self,
        seed: int | None = None,
        *,
        dealer: int | str | None = None,
        participants: list[int | str] | None = None,
        marks: list[int] | None = None,
        keppis: list[int] | None = None,
        examined_cut: bool = True,
        deck: list[Any] | None = None,
        hands: list[Any] | None = None,
        turned: Card | str | None = None,
        cut_jack: Card | str | None = None,
        trump: Suit | str | None = None,
        trump_maker: int | str | None = None,
        kind: str | None = None,
        folded: list[int | str] | None = None,
    ) -> KirvesDeal:
        """A new deal.

        * From ``seed`` (or an exact ``deck``, top card first, or a list of decks for the
          shuffles after saving angels): the deal starts at the cut.
        * From dealt ``hands`` (one list per seat, in dealing order; ``None`` or ``[]`` for a
          seat not dealt in) and the ``turned`` card, optionally with the ``cut_jack`` the
          cutter holds: the deal starts at the turned card.
        * From final ``hands`` with ``trump`` and ``trump_maker`` (or ``kind="cut_jack"`` /
          ``"free_for_all"``) and ``folded`` seats: the deal starts at the play.

        ``participants`` are the seats dealt in (default: every seat with fewer than 3
        ``marks``); ``marks`` and ``keppis`` are the marks and keppis before the deal (so that
        the result names a keppi or the kirves); ``examined_cut=False`` makes the unexamined cut
        of a redeal (R2.6).
        """
        n = self.num_players
        seed = new_seed() if seed is None else check_seed(seed)
        marks_list = self._check_marks(marks)
        if participants is None:
            parts = [p for p in range(n) if marks_list[p] < MARKS_TO_ESCAPE]
        else:
            parts = sorted({self.seat(p) for p in participants})
        if len(parts) < 2:
            raise ValueError("a deal needs at least 2 participants (players without 3 marks)")
        for p in parts:
            if marks_list[p] >= MARKS_TO_ESCAPE:
                raise ValueError(f"{SEAT_NAMES[p]} has 3 marks and cannot be dealt in")
        if dealer is None:
            dealer_seat = self._first_dealer(seed)
            if dealer_seat not in parts:
                dealer_seat = parts[0]
        else:
            dealer_seat = self.seat(dealer)
        if dealer_seat not in parts:
            raise ValueError(f"the dealer {SEAT_NAMES[dealer_seat]} is not a participant")
        if not isinstance(examined_cut, bool):
            raise ValueError("examined_cut must be True or False")
        setup: dict[str, Any] = {
            "seed": seed,
            "dealer": dealer_seat,
            "participants": parts,
            "marks": marks_list,
            "examined_cut": examined_cut,
        }
        if keppis is not None:
            setup["keppis"] = self._check_keppis(keppis)
        if deck is not None:
            if hands is not None:
                raise ValueError("give either deck= or hands=, not both")
            setup["decks"] = self._check_decks(deck)
        position_args = (trump, trump_maker, kind, folded)
        if hands is None:
            if (
                turned is not None
                or cut_jack is not None
                or any(a is not None for a in position_args)
            ):
                raise ValueError(
                    "turned=, cut_jack=, trump=, trump_maker=, kind= and folded= need hands="
                )
        elif trump is not None:
            if turned is not None or cut_jack is not None:
                raise ValueError("a position (trump=) takes final hands, not turned= or cut_jack=")
            setup.update(self._check_position(hands, parts, trump, trump_maker, kind, folded))
        else:
            if any(a is not None for a in position_args):
                raise ValueError("trump_maker=, kind= and folded= need trump=")
            setup.update(self._check_dealt(hands, parts, dealer_seat, turned, cut_jack))
        return KirvesDeal(self, setup)

    def _check_marks(self, marks: list[int] | None) -> list[int]:
        n = self.num_players
        if marks is None:
            return [0] * n
        out = list(marks)
        if len(out) != n or not all(_is_int(m) and 0 <= m <= MARKS_TO_ESCAPE for m in out):
            raise ValueError(f"marks: need {n} integers 0..3, one per seat, got {marks!r}")
        return out

    def _check_keppis(self, keppis: list[int]) -> list[int]:
        ks = list(keppis)
        if len(ks) != self.num_players or not all(_is_int(k) and k in (0, 1) for k in ks):
            raise ValueError(
                f"keppis: need {self.num_players} values 0 or 1 (a second keppi is the "
                f"kirves), got {keppis!r}"
            )
        return ks

    def _first_dealer(self, seed: int) -> int:
        if self.options.first_dealer == "random":
            return int(_core.Rng(_mix(seed, 1 << 20)).below(self.num_players))
        return self.seat(self.options.first_dealer)

    def _check_decks(self, deck: list[Any]) -> list[list[str]]:
        decks = deck if deck and isinstance(deck[0], (list, tuple)) else [deck]
        out = []
        for d in decks:
            cards = _parse_card_list(d)
            if len(cards) != len(DECK) or set(cards) != DECK_SET:
                missing = sorted(DECK_SET - set(cards))
                raise ValueError(
                    "deck: expected each of the 54 cards (52 and RJ, BJ) exactly once"
                    + (f"; missing {' '.join(map(str, missing))}" if missing else "")
                )
            out.append([str(c) for c in cards])
        return out

    def _hands_list(self, hands: list[Any], parts: list[int]) -> list[list[Card]]:
        n = self.num_players
        if len(hands) != n:
            raise ValueError(f"hands: need {n} entries, one per seat (None for a seat out)")
        out: list[list[Card]] = []
        seen: set[Card] = set()
        for p, h in enumerate(hands):
            cards = [] if h is None else _parse_card_list(h)
            if p not in parts and cards:
                raise ValueError(f"hands: {SEAT_NAMES[p]} is not dealt in but holds cards")
            for c in cards:
                if c in seen:
                    raise ValueError(f"hands: {c} is dealt twice")
                seen.add(c)
            out.append(cards)
        return out

    def _check_dealt(
        self,
        hands: list[Any],
        parts: list[int],
        dealer: int,
        turned: Card | str | None,
        cut_jack: Card | str | None,
    ) -> dict[str, Any]:
        dealt = self._hands_list(hands, parts)
        for p in parts:
            if len(dealt[p]) != HAND_SIZE:
                raise ValueError(
                    f"hands: {SEAT_NAMES[p]} has {len(dealt[p])} cards; 5 are dealt to each"
                )
        if turned is None:
            raise ValueError("hands= of a new deal need the turned= card (or trump= for a play)")
        turned_card = Card.parse(turned)
        used = {c for h in dealt for c in h}
        if turned_card in used:
            raise ValueError(f"turned: {turned_card} is also in a hand")
        setup: dict[str, Any] = {
            "hands": [[str(c) for c in h] for h in dealt],
            "turned": str(turned_card),
        }
        if cut_jack is not None:
            jack = Card.parse(cut_jack)
            if not is_always_trump(jack):
                raise ValueError(f"cut_jack: {jack} is not a jack or a joker")
            if jack in used or jack == turned_card:
                raise ValueError(f"cut_jack: {jack} is also dealt")
            setup["cut_jack"] = str(jack)
        return setup

    def _check_position(
        self,
        hands: list[Any],
        parts: list[int],
        trump: Suit | str,
        trump_maker: int | str | None,
        kind: str | None,
        folded: list[int | str] | None,
    ) -> dict[str, Any]:
        final = self._hands_list(hands, parts)
        folded_seats = sorted({self.seat(p) for p in folded or []})
        for p in folded_seats:
            if p not in parts:
                raise ValueError(f"folded: {SEAT_NAMES[p]} is not a participant")
        playing = [p for p in parts if p not in folded_seats]
        if len(playing) < 2:
            raise ValueError("at least 2 participants must not have folded (R7.3)")
        for p in playing:
            size = len(final[p])
            if size != HAND_SIZE and not (
                size == HAND_SIZE + 1 and not self.options.discard_to_five
            ):
                raise ValueError(f"hands: {SEAT_NAMES[p]} has {size} cards; a hand has 5")
        kind = kind or (NORMAL if trump_maker is not None else None)
        if kind not in (NORMAL, CUT_JACK, FREE_FOR_ALL):
            raise ValueError(
                "a position needs trump_maker= (a normal deal) or kind='cut_jack' / 'free_for_all'"
            )
        maker: int | None = None
        if kind == NORMAL:
            if trump_maker is None:
                raise ValueError("kind='normal' needs trump_maker=")
            maker = self.seat(trump_maker)
            if maker not in parts:
                raise ValueError(f"trump_maker: {SEAT_NAMES[maker]} is not a participant")
        elif trump_maker is not None:
            raise ValueError(f"kind={kind!r} has no trump maker")
        return {
            "hands": [[str(c) for c in h] for h in final],
            "trump": Suit.parse(trump).letter,
            "kind": kind,
            "trump_maker": maker,
            "folded": folded_seats,
        }

    def new_match(
        self,
        seed: int | None = None,
        *,
        games: int = 1,
        dealer: int | str | None = None,
        marks: list[int] | None = None,
        keppis: list[int] | None = None,
    ) -> KirvesMatch:
        """A game to the kirves, or a session of ``games`` games (tournament points, R11.7).

        ``dealer``, ``marks`` and ``keppis`` resume a game from a given standing (the first
        dealer otherwise follows the ``first_dealer`` option).
        """
        seed = new_seed() if seed is None else check_seed(seed)
        if not _is_int(games) or games < 1:
            raise ValueError(f"games must be an integer >= 1, got {games!r}")
        setup: dict[str, Any] = {"seed": seed, "games": games}
        if marks is not None:
            setup["marks"] = self._check_marks(marks)
            if sum(m < MARKS_TO_ESCAPE for m in setup["marks"]) < 2:
                raise ValueError("marks: at least 2 players must have fewer than 3 marks")
        if keppis is not None:
            setup["keppis"] = self._check_keppis(keppis)
        if dealer is not None:
            setup["dealer"] = self.seat(dealer)
            active = setup.get("marks", [0] * self.num_players)
            if active[setup["dealer"]] >= MARKS_TO_ESCAPE:
                raise ValueError("dealer: a player with 3 marks has escaped and cannot deal")
        return KirvesMatch(self, setup)

    def parse_position(self, text: str) -> KirvesDeal:
        """Read a position written by ``KirvesDeal.position()``.

        Format: ``players=4 dealer=C trump=S maker=B [folded=D] [out=E] A:<A> <B> <C> <D>
        [| cards]``, where ``kind=cut_jack`` or ``kind=free_for_all`` replaces ``maker=``, each
        hand is ``S.H.D.C[.jokers]`` ranks (``AKT.9.QJ7.-.RJ``) as at the start of the play,
        ``*`` stands for a seat that folded or is out of the leg, and the cards after ``|`` are
        played in order.
        """
        fields, hands_text, plays = split_position(
            text, "A", POSITION_KEYS, ("players", "dealer", "trump")
        )
        if fields["players"] != str(self.num_players):
            raise ValueError(
                f"position is for players={fields['players']} but this game has "
                f"{self.num_players}; load it with tt.load('kirves', "
                f"num_players={fields['players']})"
            )
        if len(hands_text) != self.num_players:
            raise ValueError(
                f"malformed position: expected A: followed by {self.num_players} hands, "
                f"got {len(hands_text)}"
            )
        folded = [f for f in fields.get("folded", "").split(",") if f]
        out = {self.seat(f) for f in fields.get("out", "").split(",") if f}
        hands: list[Any] = []
        for h in hands_text:
            hands.append(None if h == "*" else parse_hand(h))
        for p in range(self.num_players):
            star = hands[p] is None
            if star != (p in out or SEAT_NAMES[p] in [f.upper() for f in folded]):
                raise ValueError(
                    f"malformed position: {SEAT_NAMES[p]} is written '*' exactly when it "
                    "folded or is out"
                )
        parts = [p for p in range(self.num_players) if p not in out]
        deal = self.new_deal(
            seed=0,
            dealer=fields["dealer"],
            participants=list(parts),
            hands=hands,
            trump=fields["trump"],
            trump_maker=fields.get("maker"),
            kind=fields.get("kind"),
            folded=list(folded),
        )
        for tok in plays:
            deal.apply(tok)
        return deal

    def _deal_from_setup(self, setup: dict[str, Any]) -> KirvesDeal:
        try:
            kwargs: dict[str, Any] = {
                "dealer": setup["dealer"],
                "participants": setup["participants"],
                "marks": setup["marks"],
                "keppis": setup.get("keppis"),
                "examined_cut": setup["examined_cut"],
            }
            seed = setup["seed"]
        except KeyError as exc:
            raise ValueError(f"malformed deal set-up: missing {exc}") from None
        if setup.get("decks") is not None:
            kwargs["deck"] = setup["decks"]
        if setup.get("hands") is not None:
            kwargs["hands"] = setup["hands"]
            if setup.get("trump") is not None:
                kwargs.update(
                    trump=setup["trump"],
                    kind=setup.get("kind"),
                    trump_maker=setup.get("trump_maker"),
                    folded=setup.get("folded"),
                )
            else:
                kwargs.update(turned=setup.get("turned"), cut_jack=setup.get("cut_jack"))
        return self.new_deal(seed, **kwargs)

    def _match_from_setup(self, setup: dict[str, Any]) -> KirvesMatch:
        if "seed" not in setup:
            raise ValueError("malformed match set-up: missing 'seed'")
        return self.new_match(
            setup["seed"],
            games=setup.get("games", 1),
            dealer=setup.get("dealer"),
            marks=setup.get("marks"),
            keppis=setup.get("keppis"),
        )


def _parse_card_list(items: Any) -> list[Card]:
    if isinstance(items, str):
        return [Card.parse(tok) for tok in items.replace(",", " ").split()]
    return [Card.parse(c) for c in items]


# --- the match: legs, keppi, kirves (R10, R11) --------------------------------------------

CHOOSE_DEALER = "choose_dealer"


@dataclass(frozen=True)
class KirvesStandings:
    """Where a game (or a session of games) stands."""

    marks: tuple[int, ...]  # in the current leg
    escaped: tuple[int, ...]  # seats out of the current leg
    keppis: tuple[int, ...]  # in the current game
    game: int  # 1-based index of the current game
    games: int
    legs: int  # legs finished in the current game
    deals: int  # deals finished in the session (every outcome)
    kirves: tuple[int, ...]  # the seat that got the kirves, per finished game
    keppis_total: tuple[int, ...]  # over the session
    kirves_total: tuple[int, ...]
    points: tuple[int, ...]  # tournament points (all zero without tournament_scoring)
    ranking: tuple[tuple[int, ...], ...]  # R11.7: groups of seats sharing a place
    over: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "marks": list(self.marks),
            "escaped": [SEAT_NAMES[p] for p in self.escaped],
            "keppis": list(self.keppis),
            "game": self.game,
            "games": self.games,
            "legs": self.legs,
            "deals": self.deals,
            "kirves": [SEAT_NAMES[p] for p in self.kirves],
            "keppis_total": list(self.keppis_total),
            "kirves_total": list(self.kirves_total),
            "points": list(self.points),
            "ranking": [[SEAT_NAMES[p] for p in group] for group in self.ranking],
            "over": self.over,
        }


def rank_players(
    points: list[int] | tuple[int, ...],
    kirves: list[int] | tuple[int, ...],
    keppis: list[int] | tuple[int, ...],
) -> tuple[tuple[int, ...], ...]:
    """R11.7: highest points first, then fewer kirves, then fewer keppis; ties share a place."""
    key = {p: (-points[p], kirves[p], keppis[p]) for p in range(len(points))}
    groups: list[tuple[int, ...]] = []
    for k in sorted(set(key.values())):
        groups.append(tuple(p for p in range(len(points)) if key[p] == k))
    return tuple(groups)


class KirvesMatch(Match):
    """A game of Kirves to the kirves (or a session of several games): deals, marks and
    escapes, keppis and new legs with the keppi holder choosing the dealer, the kirves.
    Players are the seats 0..n-1."""

    def __init__(self, game: KirvesGame, setup: dict[str, Any]) -> None:
        self.game = game
        self._game = game
        self.options = game.options
        self.log = []
        self._setup = setup
        n = self.num_players = game.num_players
        self.games_total: int = setup["games"]
        self.game_index = 0
        self.marks = list(setup.get("marks") or [0] * n)
        self.keppis = list(setup.get("keppis") or [0] * n)
        self.keppis_total = list(self.keppis)
        self.kirves_total = [0] * n
        self.kirves_holders: list[int] = []
        self.points = [0] * n
        self.legs = 0
        self.results: list[KirvesResult] = []
        self._deals_started = 0
        self._over = False
        self._keppi_holder: int | None = None
        self.deal: KirvesDeal
        dealer = setup.get("dealer")
        self._dealer = game._first_dealer(setup["seed"]) if dealer is None else dealer
        if self.marks[self._dealer] >= MARKS_TO_ESCAPE:
            self._dealer = self._next_active(self._dealer)
        self._new_deal(examined=True)

    # --- deal sequencing ----------------------------------------------------------------

    def active(self) -> list[int]:
        """Players who have not escaped the current leg."""
        return [p for p in range(self.num_players) if self.marks[p] < MARKS_TO_ESCAPE]

    def _next_active(self, seat: int) -> int:
        for k in range(1, self.num_players + 1):
            s = (seat + k) % self.num_players
            if self.marks[s] < MARKS_TO_ESCAPE:
                return s
        raise AssertionError("nobody is active")

    def _new_deal(self, *, examined: bool) -> None:
        seed = _mix(self._setup["seed"], self._deals_started)
        self._deals_started += 1
        self.deal = self._game.new_deal(
            seed >> 1,
            dealer=self._dealer,
            participants=list(self.active()),
            marks=list(self.marks),
            keppis=list(self.keppis),
            examined_cut=examined,
        )

    def _deal_finished(self) -> None:
        r = self.deal.result()
        assert r is not None
        self.results.append(r)
        if r.same_dealer_next:
            self._new_deal(examined=r.next_cut_examined)
            return
        if r.completed:
            o = self.options
            for p in range(self.num_players):
                self.marks[p] = min(MARKS_TO_ESCAPE, self.marks[p] + r.marks[p])
                self.points[p] += r.points[p]
            if r.kirves is not None:
                # R10.3: the kirves instead of a second keppi; the game ends.
                loser = r.kirves
                self.legs += 1
                self.kirves_total[loser] += 1
                self.kirves_holders.append(loser)
                if o.tournament_scoring:
                    self.points[loser] += o.points_kirves
                    if o.kirves_penalty_mode == "add":
                        self.points[loser] += o.points_keppi
                self._game_over(loser)
                return
            if r.keppi is not None:
                # R10.2, R10.4: a keppi; a new leg, whose dealer the keppi holder chooses.
                loser = r.keppi
                self.legs += 1
                self.keppis[loser] += 1
                self.keppis_total[loser] += 1
                if o.tournament_scoring:
                    self.points[loser] += o.points_keppi
                self.marks = [0] * self.num_players
                self._keppi_holder = loser
                return
        self._dealer = self._next_active(self._dealer)
        self._new_deal(examined=True)

    def sync(self) -> None:
        """Take account of a deal that was played to its end directly (``match.deal.apply``)
        rather than through the match, as a simulation does; the match's own log then lacks
        those actions, so such a match does not round-trip through JSON."""
        if not self._over and self._keppi_holder is None and self.deal.is_over:
            self._deal_finished()

    def _game_over(self, loser: int) -> None:
        if self.game_index + 1 >= self.games_total:
            self._over = True
            return
        # R10.6: the kirves recipient deals first in the next game.
        self.game_index += 1
        self.marks = [0] * self.num_players
        self.keppis = [0] * self.num_players
        self.legs = 0
        self._dealer = loser
        self._new_deal(examined=True)

    # --- the protocol -------------------------------------------------------------------

    @property
    def phase(self) -> str:
        if self._over:
            return OVER
        if self._keppi_holder is not None:
            return CHOOSE_DEALER
        return self.deal.phase

    @property
    def to_move(self) -> int | None:
        if self._over:
            return None
        if self._keppi_holder is not None:
            return self._keppi_holder
        return self.deal.to_move

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self._over:
            return []
        player = self.to_move if seat is None else seat
        if player is None:
            return []
        if self._keppi_holder is not None:
            if player != self._keppi_holder:
                return []
            names = [f"dealer:{SEAT_NAMES[p]}" for p in range(self.num_players)]
            return [Action.call("dealer")] + [Action.call(a) for a in names]
        return self.deal.legal_actions(player)

    def _apply(self, action: Action, seat: int) -> Event:
        if self._keppi_holder is not None:
            holder = self._keppi_holder
            if ":" in action.name:
                dealer = SEAT_NAMES.index(action.name.split(":", 1)[1])
            elif self.options.keppi_holder_default_dealer == "self":
                dealer = holder
            else:
                dealer = (holder + 1) % self.num_players
            self._keppi_holder = None
            self._dealer = dealer
            self._new_deal(examined=True)
            return Event(seat, str(action), CHOOSE_DEALER, {"dealer": SEAT_NAMES[dealer]})
        event = self.deal._apply(action, seat)
        self.deal.log.append((seat, str(action)))
        if self.deal.is_over:
            self._deal_finished()
        return event

    def observation(self, seat: int | str) -> dict[str, Any]:
        s = seat_index(seat, self.num_players)
        obs = self.deal.observation(s) if not self._over else {}
        obs["legal_actions"] = [str(a) for a in self.legal_actions(s)]
        obs["phase"] = self.phase
        obs["to_move"] = None if self.to_move is None else SEAT_NAMES[self.to_move]
        obs["match"] = self.result().to_dict()
        obs["keppi_holder"] = None if self._keppi_holder is None else SEAT_NAMES[self._keppi_holder]
        obs["player"] = SEAT_NAMES[s]
        return obs

    def result(self) -> KirvesStandings:
        escaped = tuple(p for p in range(self.num_players) if self.marks[p] >= MARKS_TO_ESCAPE)
        return KirvesStandings(
            marks=tuple(self.marks),
            escaped=escaped,
            keppis=tuple(self.keppis),
            game=self.game_index + 1,
            games=self.games_total,
            legs=self.legs,
            deals=len(self.results),
            kirves=tuple(self.kirves_holders),
            keppis_total=tuple(self.keppis_total),
            kirves_total=tuple(self.kirves_total),
            points=tuple(self.points),
            ranking=rank_players(self.points, self.kirves_total, self.keppis_total),
            over=self._over,
        )

    def __repr__(self) -> str:
        return f"<KirvesMatch game={self.game_index + 1} phase={self.phase}>"


def _make_game(*, preset: str | None = None, **options: Any) -> KirvesGame:
    return KirvesGame(build_options(KirvesOptions, PRESETS, preset, options, "kirves"))


register(
    "kirves",
    _make_game,
    description="Kirves (Finnish, 2-10 players, jokers and jacks always trump; Rantasalmi)",
    options_class=KirvesOptions,
    presets=PRESETS,
)


def simulation_deals(game: Game, seed: int) -> Iterator[tuple[int, KirvesDeal]]:
    """The deals of whole games, one after another, for ``tricktaker.sim.simulate``: each deal
    is yielded to be played to its end (by bots, directly on the deal), then the game goes on.
    The keppi holder's choice of dealer is left to the default (R10.4)."""
    if not isinstance(game, KirvesGame):
        raise ValueError("simulation_deals needs a Kirves game")
    index = 0
    while True:
        match = game.new_match(seed=_mix(seed, index) >> 1)
        index += 1
        while not match.is_over:
            if match.phase == CHOOSE_DEALER:
                match.apply("dealer")
                continue
            deal = match.deal
            yield int(deal._setup["seed"]), deal
            match.sync()
