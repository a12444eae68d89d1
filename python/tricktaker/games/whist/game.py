"""The whist game: its deck size compiled into the factory of deals and positions (PBN)."""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Suit
from tricktaker.errors import (
    Error,
    InvalidPosition,
    Unsupported,
    rejected_as,
    require_text,
    short_repr,
)
from tricktaker.games.whist.deal import WhistDeal
from tricktaker.games.whist.notation import read_position
from tricktaker.games.whist.options import (
    NUM_SEATS,
    SEATS,
    STRAINS,
    WhistOptions,
    seat_index,
    strain_index,
)
from tricktaker.protocol.base import Game, Match, check_seed, new_seed
from tricktaker.protocol.options import build_options

# Whist is a single-deal game here: what asking it for a match (or reading one) says.
NO_MATCH = "whist has no match: a deal is the whole game; use new_deal or position_from_pbn"


class WhistGame(Game):
    """Whist with a deck size: makes deals and reads PBN positions."""

    name = "whist"

    def __init__(self, options: WhistOptions) -> None:
        self.options = options

    @property
    def seat_count(self) -> int:
        return len(SEATS)

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
                raise Error(f"hands: need 4 hands (N, E, S, W), got {len(hands)}")
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
        hands = _core.parse_pbn(require_text(pbn, "a PBN deal"))
        setup = {
            "pbn": _core.format_pbn(hands),
            "trump": STRAINS[strain_index(trump)],
            "leader": SEATS[seat_index(leader)],
        }
        return WhistDeal(self, setup)

    def parse_position(self, text: str) -> WhistDeal:
        """Read ``[trump=NT] [leader=W] N:<four hands> [| cards played]`` (what
        ``WhistDeal.position()`` writes; a bare PBN deal leads from its first seat, no trump)."""
        with rejected_as(InvalidPosition):
            position = read_position(require_text(text, "a position"))
            deal = self.position_from_pbn(
                position.pbn, trump=position.trump, leader=position.leader
            )
            for tok in position.plays:
                deal.apply(tok)
            return deal

    def new_match(self, *args: Any, **kwargs: Any) -> Match:
        raise Unsupported(NO_MATCH)

    def _deal_from_setup(self, setup: dict[str, Any]) -> WhistDeal:
        missing = [key for key in ("pbn", "trump", "leader") if key not in setup]
        if missing:
            raise Error(f"malformed deal set-up: missing {', '.join(map(repr, missing))}")
        if not isinstance(setup["pbn"], str):
            raise Error(
                f"pbn: a PBN deal text such as 'N:AKQ.. ...', got {short_repr(setup['pbn'])}"
            )
        return self.position_from_pbn(setup["pbn"], trump=setup["trump"], leader=setup["leader"])

    def _match_from_setup(self, setup: dict[str, Any]) -> Match:
        raise Unsupported(NO_MATCH)


def make_game(*, preset: str | None = None, **options: Any) -> WhistGame:
    """The game ``tt.load("whist", ranks_per_suit=...)`` returns."""
    return WhistGame(build_options(WhistOptions, {}, preset, options, "whist"))
