"""The one state of a Kirves deal, and the words every phase of it uses.

``KirvesState`` holds everything a deal is: the seats and their roles, the deck and the cut,
the hands, the calls, the trump and the sides, the C++ play state and the result. Its methods
answer questions (who is next, who are the principals, who leads) and add to the public record;
every other change is made by the phase modules, one per phase, each named as its phase:
``cut``, ``turned_card``, ``discard``, ``paakot``, ``speaking``, ``change_poll``,
``choose_suit``, ``throw_in_poll``, ``folding``, ``play``, and ``scoring`` for the end.
``deal.KirvesDeal`` is this state with the deal protocol: it sends each action to its phase's
module.

Attributes with a leading underscore are the bookkeeping of the phases (whose turn it is within
a poll, what is left to discard, ...): the phase modules read and write them, other code does
not.

Also here: the deck and its always-trumps, the phases of a deal and the calls a player makes.
"""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Suit, cards_from_mask, mask_from_cards
from tricktaker.games.kirves.options import SEAT_NAMES, KirvesOptions
from tricktaker.games.kirves.result import CUT_JACK, NORMAL, KirvesResult, deal_roles, seat_sides
from tricktaker.protocol.base import Action

HAND_SIZE = 5
TRICKS = 5
MARKS_TO_ESCAPE = 3
DECK: list[Card] = cards_from_mask(_core.kirves_deck())
DECK_SET = frozenset(DECK)
ALWAYS_TRUMPS: int = _core.KIRVES_ALWAYS_TRUMPS
PAAKOT: int = _core.KIRVES_PAAKOT

# Phases of a deal; each but ``over`` is the module of the same name.
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

# The calls a player makes (the seed's Finnish words beside some).
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


def is_always_trump(card: Card) -> bool:
    """R1.2: a jack or a joker."""
    return bool(ALWAYS_TRUMPS & card.mask)


def named_suit(card: Card) -> Suit:
    """R3.3: the suit a turned card names (RJ hearts, BJ spades)."""
    return Suit(_core.kirves_named_suit(card.id))


# The index of the draw of a game's first dealer from its seed (``mix_seed``), apart from the
# indexes of the shuffles.
FIRST_DEALER_DRAW = 1 << 20


def mix_seed(seed: int, index: int) -> int:
    """A 64-bit seed for the index-th random draw of something seeded with ``seed``."""
    z = (seed + (index + 1) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


class KirvesState:
    """Everything a Kirves deal holds, from the set-up on; see the module doc."""

    def __init__(self, options: KirvesOptions, setup: dict[str, Any]) -> None:
        assert options.num_players is not None
        self.options = options
        self._setup = setup
        n = self.num_players = options.num_players
        self.dealer: int = setup["dealer"]
        self.participants: tuple[int, ...] = tuple(setup["participants"])
        self.marks_before: tuple[int, ...] = tuple(setup["marks"])
        self.keppis_before: tuple[int, ...] = tuple(setup.get("keppis") or [0] * n)
        self.examined_cut: bool = setup["examined_cut"]
        self.eldest = self._next(self.dealer)
        self.cutter = self._previous(self.dealer)
        # Participants clockwise from the eldest; the dealer is last (R3.1, R5.2).
        self.order: tuple[int, ...] = self.clockwise_from(self.eldest)

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
        self.state: _core.PlayState | None = None  # the C++ play state, once the play begins
        self._result: KirvesResult | None = None
        self.events: list[dict[str, Any]] = []  # the public record of the deal

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

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """The participants clockwise, starting with ``seat``."""
        out = [seat]
        s = self._next(seat)
        while s != seat:
            out.append(s)
            s = self._next(s)
        return tuple(out)

    # --- the deck and the hands ---------------------------------------------------------

    def _shuffled(self, index: int) -> list[Card]:
        """The deck of the index-th shuffle: given in the set-up, or drawn from its seed (the
        dealer shuffles again after a saving angel, R2.5a)."""
        decks = self._setup.get("decks") or []
        if index < len(decks):
            return [Card.parse(c) for c in decks[index]]
        rng = _core.Rng(mix_seed(self._setup["seed"], index))
        return [DECK[i] for i in rng.shuffled(list(range(len(DECK))))]

    def dealt_cards(self, seat: int) -> list[Card]:
        """The five cards dealt to a seat, in dealing order."""
        return self.hands[seat][:HAND_SIZE] if seat in self.participants else []

    def holds_paakot(self, seat: int) -> bool:
        """R4.1: the seat holds the three highest trumps (RJ, BJ, ♣J)."""
        return (mask_from_cards(self.hands[seat]) & PAAKOT) == PAAKOT

    def paakot_holder(self) -> int | None:
        for p in self.participants:
            if self.holds_paakot(p):
                return p
        return None

    def undeclared_paakot(self) -> bool:
        """R4.3: in manual mode, a pääköt still held voids the deal at the first card of
        trick 1."""
        if self.options.paakot_mode != "manual":
            return False
        return self.paakot_holder() is not None

    # --- calls, trump and sides ---------------------------------------------------------

    def calls_made_by(self, seat: int) -> list[str]:
        return [call for s, call in self.calls if s == seat]

    def trump_letter(self) -> str | None:
        return None if self.trump is None else self.trump.letter

    def principals(self) -> list[int]:
        """The trump maker, or the cutter and the dealer of a cut jack deal (R6)."""
        if self.kind == NORMAL and self.trump_maker is not None:
            return [self.trump_maker]
        if self.kind == CUT_JACK:
            return [p for p in self.order if p in (self.cutter, self.dealer)]
        return []

    def roles(self) -> _core.KirvesDealRoles:
        """The kind of deal and its principals as the core takes them (``kirves_sides``,
        ``kirves_outcome``)."""
        assert self.kind is not None
        return deal_roles(
            self.kind,
            self.participants,
            trump_maker=self.trump_maker,
            cutter=self.cutter,
            dealer=self.dealer,
        )

    def sides(self) -> list[int]:
        """The side id of each seat: the play's sides once the kind of deal is known, every
        seat its own side before (``result.seat_sides``)."""
        return seat_sides(
            self.num_players,
            self.kind,
            self.participants,
            trump_maker=self.trump_maker,
            cutter=self.cutter,
            dealer=self.dealer,
        )

    def leader(self) -> int:
        """R8.2: the eldest, or the first non-folded player after the dealer."""
        for seat in self.order:
            if seat not in self.folded:
                return seat
        raise AssertionError("everybody folded")

    # --- the public record --------------------------------------------------------------

    def publish(self, seat: int | None, what: str, **detail: Any) -> None:
        """Add to the public record of the deal (every seat's observation shows it); the seat
        is its id, None for what no seat did."""
        record: dict[str, Any] = {"seat": seat, "event": what}
        record.update(detail)
        self.events.append(record)
