"""The state every phase of a Kirves deal shares: the attributes of a deal, the seats in
clockwise order, the set-up modes (from a seed, from dealt hands, from a position) and the
public record. The phases are mixins on this class (``cut``, ``discard``, ``paakot``,
``speaking``, ``folding``, ``play``, ``scoring``), joined in ``deal.KirvesDeal``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktaker import _core
from tricktaker.cards import Card, Suit
from tricktaker.games.kirves.actions import CUT
from tricktaker.games.kirves.common import DECK, NORMAL, SEAT_NAMES, _mix
from tricktaker.protocol.base import Action, Deal, Event

if TYPE_CHECKING:
    from tricktaker.games.kirves.game import KirvesGame
    from tricktaker.games.kirves.options import KirvesOptions
    from tricktaker.games.kirves.result import KirvesResult


class KirvesDealState(Deal):
    """The attributes of a Kirves deal and what every phase uses; see ``KirvesDeal``."""

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

    # --- the public record --------------------------------------------------------------

    def _event(self, seat: int, action: Action | str, phase: str, detail: dict[str, Any]) -> Event:
        event = Event(seat, str(action), phase, detail)
        return event

    def _public(self, seat: int | None, what: str, **detail: Any) -> None:
        record: dict[str, Any] = {"seat": None if seat is None else SEAT_NAMES[seat], "event": what}
        record.update(detail)
        self.events.append(record)

    if TYPE_CHECKING:
        # Defined by the phase mixins (see deal.KirvesDeal); declared for the type checker.
        def _give_cut_marks(self) -> None: ...  # cut

        def _after_deal(self) -> None: ...  # cut

        def dealt_cards(self, seat: int) -> list[Card]: ...  # cut

        def _trump_letter(self) -> str | None: ...  # cut

        def _next_discard(self) -> None: ...  # discard

        def _hands_final(self, speaking: bool) -> None: ...  # paakot

        def _void_if_undeclared(self) -> bool: ...  # paakot

        def _start_folding(self) -> None: ...  # folding

        def roles(self) -> _core.KirvesDealRoles: ...  # play

        def _start_play(self) -> None: ...  # play

        def _finish(
            self,
            outcome: str,
            *,
            paakot_holder: int | None = None,
            conceded_by: int | None = None,
            same_dealer: bool = False,
        ) -> None: ...  # scoring
