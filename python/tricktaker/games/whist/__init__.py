"""Whist: plain trick taking, the game the double-dummy solver is compared on with bridge
solvers.

Four players in two partnerships (N-S against E-W), follow suit, an optional trump suit, no
card points: the value of a position is the number of tricks. The deck has the top
``ranks_per_suit`` ranks of every suit (2..13: 8 is the 32-card pack A..7, 13 the full pack).

Positions are read from PBN, the deal notation of bridge: the seat of the first hand, a colon,
then four hands clockwise, each ``spades.hearts.diamonds.clubs``:

>>> import tricktaker as tt
>>> game = tt.load("whist", ranks_per_suit=8)
>>> deal = game.position_from_pbn("N:AK... QJ... T9... 87...", trump="NT", leader="W")
>>> deal.seat_name(deal.to_move), [str(a) for a in deal.legal_actions()]
('W', ['7S', '8S'])
>>> tt.solve(deal).value  # tricks for the side to move (E-W): N-S hold the top spades
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Suit, cards_from_mask
from tricktaker.errors import IllegalAction
from tricktaker.protocol.base import (
    Action,
    Deal,
    Event,
    Game,
    Match,
    card_actions,
    check_seed,
    new_seed,
)
from tricktaker.protocol.family import Family, Variant, hook
from tricktaker.protocol.options import build_options, checked
from tricktaker.registry import register

SEATS = ("N", "E", "S", "W")
SIDES = ("NS", "EW")
STRAINS = ("S", "H", "D", "C", "NT")
NUM_SEATS = 4


def seat_index(seat: int | str) -> int:
    """A seat as 0..3 from an int or a letter N/E/S/W."""
    if isinstance(seat, str) and seat.strip().upper() in SEATS:
        return SEATS.index(seat.strip().upper())
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < NUM_SEATS:
        return seat
    raise ValueError(f"not a seat: {seat!r}; seats are N, E, S, W (or 0-3)")


def strain_index(trump: str | Suit | None) -> int:
    """0..3 for a trump suit, 4 for no trump (``"NT"``, ``"N"`` or None)."""
    if trump is None:
        return 4
    if isinstance(trump, Suit):
        return int(trump)
    key = trump.strip().upper()
    if key in ("NT", "N", "NOTRUMP", "NO_TRUMP", "NONE"):
        return 4
    try:
        return int(Suit.parse(key))
    except ValueError:
        raise ValueError(f"not a strain: {trump!r}; strains are S, H, D, C and NT") from None


def _check_ranks(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 13:
        return None
    return "expected an integer 2..13 (8 for the 32-card pack A..7, 13 for the full pack)"


@dataclass(frozen=True, kw_only=True)
class WhistOptions:
    """Whist's only option: the size of the deck."""

    ranks_per_suit: int = checked(13, _check_ranks, "ranks per suit, from the ace down (2..13)")


@dataclass(frozen=True)
class WhistResult:
    """Tricks won by N-S and E-W."""

    tricks: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {"tricks": list(self.tricks)}


class WhistDeal(Deal):
    """One whist deal (or ending): the trump, the leader and the play of the cards."""

    game: WhistGame

    def __init__(self, game: WhistGame, setup: dict[str, Any]) -> None:
        self.game = game
        self.log = []
        self._setup = setup
        self.hands_dealt = _core.parse_pbn(setup["pbn"])
        self.strain = strain_index(setup["trump"])
        self.leader = seat_index(setup["leader"])
        self.state = _core.whist_state(
            self.hands_dealt,
            self.strain if self.strain < 4 else -1,
            self.leader,
            game.options.ranks_per_suit,
        )

    @property
    def trump(self) -> Suit | None:
        return None if self.strain == 4 else Suit(self.strain)

    @property
    def phase(self) -> str:
        return "over" if self.state.is_terminal() else "play"

    @property
    def to_move(self) -> int | None:
        return None if self.state.is_terminal() else self.state.to_move

    def seat_name(self, seat: int) -> str:
        return SEATS[seat]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.state.is_terminal():
            return []
        if seat is not None and seat != self.state.to_move:
            return []
        return card_actions(self.state.legal_moves())

    def _try_play(self, action: Action, seat: int | None) -> Event | None:
        state = self.state
        assert action.card is not None
        if state.is_terminal():
            return None
        to_move = state.to_move
        if seat is not None and seat != to_move:
            return None
        try:
            state.play(action.card.id)  # checked: illegal or over, nothing is played
        except IllegalAction:
            return None
        return self._card_played(action, to_move)

    def _apply(self, action: Action, seat: int) -> Event:
        assert action.card is not None
        self.state.play(action.card.id)
        return self._card_played(action, seat)

    def _card_played(self, action: Action, seat: int) -> Event:
        state = self.state
        detail: dict[str, Any] = {"card": action.name}
        if state.trick_len == 0:
            record = state.trick_record(-1)
            detail.update(trick=state.tricks_played, trick_winner=SEATS[record.winner])
        return Event(seat, action.name, "play", detail)

    def result(self) -> WhistResult | None:
        if not self.state.is_terminal():
            return None
        return WhistResult((self.state.side_tricks(0), self.state.side_tricks(1)))

    def play_state(self) -> _core.PlayState:
        """A copy of the C++ play state."""
        return self.state.copy()

    def hand(self, seat: int | str) -> list[Card]:
        return cards_from_mask(self.state.hand(seat_index(seat)))

    def pbn(self) -> str:
        """The cards still in the hands, in PBN (from N)."""
        return _core.format_pbn([self.state.hand(p) for p in range(NUM_SEATS)])

    def position(self) -> str:
        """``trump=NT leader=W N:...``, then ``| cards played`` once play has begun."""
        text = (
            f"trump={STRAINS[self.strain]} leader={SEATS[self.leader]} "
            f"{_core.format_pbn(self.hands_dealt)}"
        )
        history = self.state.history()
        if history:
            text += " | " + " ".join(_core.card_to_string(c) for _, c in history)
        return text

    def observation(self, seat: int | str) -> dict[str, Any]:
        s = seat_index(seat)
        return {
            "game": "whist",
            "seat": SEATS[s],
            "phase": self.phase,
            "to_move": None if self.to_move is None else SEATS[self.to_move],
            "trump": STRAINS[self.strain],
            "leader": SEATS[self.leader],
            "hand": [str(c) for c in self.hand(s)],
            "hand_sizes": [bin(self.state.hand(p)).count("1") for p in range(NUM_SEATS)],
            "trick": [[SEATS[p], _core.card_to_string(c)] for p, c in self.state.trick()],
            "tricks": self.completed_tricks(),
            "tricks_won": [self.state.side_tricks(0), self.state.side_tricks(1)],
            "legal_actions": [str(a) for a in self.legal_actions(s)],
        }

    def completed_tricks(self) -> list[dict[str, Any]]:
        history = self.state.history()
        out = []
        for i, record in enumerate(self.state.trick_records()):
            cards = history[i * NUM_SEATS : (i + 1) * NUM_SEATS]
            out.append(
                {
                    "leader": SEATS[record.leader],
                    "cards": [[SEATS[p], _core.card_to_string(c)] for p, c in cards],
                    "winner": SEATS[record.winner],
                }
            )
        return out

    def _setup_json(self) -> dict[str, Any]:
        return dict(self._setup)

    def __repr__(self) -> str:
        return f"<WhistDeal {self.position()!r}>"


class WhistGame(Game):
    """Whist with a deck size: makes deals and reads PBN positions."""

    name = "whist"

    def __init__(self, options: WhistOptions) -> None:
        self.options = options

    @property
    def deck_mask(self) -> int:
        return int(_core.whist_deck(self.options.ranks_per_suit))

    def new_deal(
        self,
        seed: int | None = None,
        *,
        hands: str | list[Any] | None = None,
        trump: str | Suit | None = "NT",
        leader: int | str = "N",
    ) -> WhistDeal:
        """A deal shuffled from ``seed``, or given ``hands`` (PBN text, or four lists of cards
        N, E, S, W). ``trump`` is a suit or ``"NT"``; ``leader`` leads the first trick."""
        if hands is None:
            seed = new_seed() if seed is None else check_seed(seed)
            ids = [c for c in range(64) if (self.deck_mask >> c) & 1]
            order = _core.Rng(seed).shuffled(ids)
            n = len(order) // NUM_SEATS
            masks = [sum(1 << c for c in order[i * n : (i + 1) * n]) for i in range(NUM_SEATS)]
            pbn = _core.format_pbn(masks)
        elif isinstance(hands, str):
            pbn = hands
        else:
            if len(hands) != NUM_SEATS:
                raise ValueError(f"hands: need 4 hands (N, E, S, W), got {len(hands)}")
            masks = []
            for hand in hands:
                cards = hand.split() if isinstance(hand, str) else hand
                mask = 0
                for c in cards:
                    mask |= Card.parse(c).mask if isinstance(c, str) else Card(c).mask
                masks.append(mask)
            pbn = _core.format_pbn(masks)
        return self.position_from_pbn(pbn, trump=trump, leader=leader)

    def position_from_pbn(
        self, pbn: str, *, trump: str | Suit | None = "NT", leader: int | str = "N"
    ) -> WhistDeal:
        """A position from a PBN deal (``"N:AKQJ.T98.7.A ..."``); the hands may be an ending
        with fewer cards. Raises ``ValueError`` naming the fault of a malformed deal."""
        hands = _core.parse_pbn(pbn)
        setup = {
            "pbn": _core.format_pbn(hands),
            "trump": STRAINS[strain_index(trump)],
            "leader": SEATS[seat_index(leader)],
        }
        return WhistDeal(self, setup)

    def parse_position(self, text: str) -> WhistDeal:
        """Read ``[trump=NT] [leader=W] N:<four hands> [| cards played]`` (what
        ``WhistDeal.position()`` writes; a bare PBN deal leads from its first seat, no trump)."""
        head, _, plays = text.partition("|")
        fields: dict[str, str] = {}
        rest = head.strip()
        while rest and "=" in rest.split(None, 1)[0]:
            token, _, rest = rest.partition(" ")
            key, _, value = token.partition("=")
            if key not in ("trump", "leader"):
                raise ValueError(
                    f"malformed position: unexpected {token!r}; expected trump=, leader= and "
                    "then a PBN deal"
                )
            fields[key] = value
            rest = rest.strip()
        pbn = rest
        leader = fields.get("leader", pbn[:1] if pbn[:1].upper() in SEATS else "N")
        deal = self.position_from_pbn(pbn, trump=fields.get("trump", "NT"), leader=leader)
        for tok in plays.split():
            deal.apply(tok)
        return deal

    def new_match(self, *args: Any, **kwargs: Any) -> Match:
        raise IllegalAction("whist is a single-deal game here: use new_deal or position_from_pbn")

    def _deal_from_setup(self, setup: dict[str, Any]) -> WhistDeal:
        try:
            return self.position_from_pbn(
                setup["pbn"], trump=setup["trump"], leader=setup["leader"]
            )
        except KeyError as exc:
            raise ValueError(f"malformed deal set-up: missing {exc}") from None

    def _match_from_setup(self, setup: dict[str, Any]) -> Match:
        raise ValueError("whist has no matches")


def _make_game(*, preset: str | None = None, **options: Any) -> WhistGame:
    return WhistGame(build_options(WhistOptions, {}, preset, options, "whist"))


FAMILY = Family(
    name="whist",
    package=__name__,
    variants=(
        Variant(
            "whist",
            "Whist: plain trick taking (follow suit, optional trump) with 2..13 ranks a suit",
            _make_game,
            WhistOptions,
            {},
        ),
    ),
    tensors=hook("tensors", "CODEC"),
    solver=hook("tables", "SOLVER"),
    episode=hook("episode", "EPISODE"),
)
register(FAMILY)
