"""The All Fours and Pitch games: the options compiled into the factory of deals, matches and
positions."""

from __future__ import annotations

from typing import Any, ClassVar

from tricktaker import _core
from tricktaker.cards import Card, cards_from_mask, parse_card_list
from tricktaker.errors import Error, InvalidPosition, rejected_as, require_text
from tricktaker.games.allfours.deal import AllFoursDeal, deal_order, first_dealer
from tricktaker.games.allfours.match import AllFoursMatch
from tricktaker.games.allfours.notation import check_scores, check_start_setup, read_position
from tricktaker.games.allfours.options import (
    AllFoursOptions,
    make_options,
    parse_seat,
    seat_name,
)
from tricktaker.protocol.base import Game, check_seed, new_seed


class AllFoursGame(Game):
    """All Fours or Pitch with a set of options: makes deals and matches to the target."""

    name: ClassVar[str] = "allfours"

    def __init__(self, options: AllFoursOptions) -> None:
        self.options: AllFoursOptions = options
        self.deck: list[Card] = cards_from_mask(options.deck_mask)

    @property
    def seat_count(self) -> int:
        return self.options.num_players

    # --- deals ----------------------------------------------------------------------------

    def new_deal(
        self,
        seed: int | None = None,
        *,
        dealer: int | str | None = None,
        deck: list[Card | str] | str | None = None,
        hands: list[Any] | None = None,
        scores: list[int] | None = None,
    ) -> AllFoursDeal:
        """A new deal: shuffled from ``seed``, or from an exact ``deck`` order (top first, the
        whole pack), or from given ``hands`` (one per seat, dealt order; the rest of the pack is
        shuffled from ``seed`` and forms the stock). ``scores`` are the sides' scores before the
        deal (for the win checks of T17, P10 and PV3; default all 0).
        """
        o = self.options
        if deck is not None and hands is not None:
            raise Error("give either deck= or hands=, not both")
        seed = new_seed() if seed is None else check_seed(seed)
        rng = _core.Rng(seed)
        dealer_seat = (
            first_dealer(o, rng)[0] if dealer is None else parse_seat(dealer, o.num_players)
        )
        scores = check_scores(scores, o)
        if deck is not None:
            order = self._check_deck(deck)
        else:
            shuffled = [self.deck[i] for i in rng.shuffled(list(range(len(self.deck))))]
            order = shuffled if hands is None else self._stack(hands, dealer_seat, shuffled)
        setup = {
            "seed": seed,
            "dealer": dealer_seat,
            "deck": [str(c) for c in order],
            "scores": list(scores),
        }
        return AllFoursDeal(self, setup)

    def _check_deck(self, deck: list[Card | str] | str) -> list[Card]:
        cards = parse_card_list(deck)
        if len(cards) != len(self.deck) or set(cards) != set(self.deck):
            missing = sorted(set(self.deck) - set(cards))
            extra = sorted(set(cards) - set(self.deck))
            raise Error(
                f"deck: expected each of the {len(self.deck)} cards of this game exactly once"
                + (f"; missing {' '.join(map(str, missing))}" if missing else "")
                + (f"; not in this pack: {' '.join(map(str, extra))}" if extra else "")
                + ("; a card appears twice" if len(set(cards)) != len(cards) else "")
            )
        return cards

    def _stack(self, hands: list[Any], dealer: int, rest: list[Card]) -> list[Card]:
        """A deck order that deals exactly ``hands``, with the other cards after them."""
        o = self.options
        if len(hands) != o.num_players:
            raise Error(f"hands: need {o.num_players} hands, got {len(hands)}")
        parsed = [parse_card_list(h) for h in hands]
        seen: set[Card] = set()
        for seat, cards in enumerate(parsed):
            if len(cards) != o.deal_size:
                raise Error(
                    f"hands: {seat_name(seat)} has {len(cards)} cards; every hand has {o.deal_size}"
                )
            for card in cards:
                if card not in self.deck:
                    raise Error(f"hands: {card} is not in this game's pack")
                if card in seen:
                    raise Error(f"hands: {card} is dealt twice")
                seen.add(card)
        seats = deal_order(o.num_players, dealer, o.deal_size, o.deal_packet_size)
        queues = [list(h) for h in parsed]
        order = [queues[seat].pop(0) for seat in seats]
        return order + [c for c in rest if c not in seen]

    # --- positions ----------------------------------------------------------------------

    def parse_position(self, text: str) -> AllFoursDeal:
        """Read a position written by ``AllFoursDeal.position()``.

        Format: ``dealer=S0 trump=H leader=S1 [pitcher=S0 bid=3] [scores=3,5]
        S0:<hand> <hand> ... [| cards and folds played]``, each hand in ``S.H.D.C`` rank
        notation (``AK.T9.-.Q2``, jokers after a fifth dot) as held at the start of play.
        """
        with rejected_as(InvalidPosition):
            position = read_position(require_text(text, "a position"), self.options, self.deck)
            deal = AllFoursDeal(self, position.setup)
            for tok in position.plays:
                deal.apply(tok)
            return deal

    def _deal_from_setup(self, setup: dict[str, Any]) -> AllFoursDeal:
        """A deal from a JSON set-up: a position (``start``) checked as ``parse_position``
        checks it, or a deal from its ``deck`` order checked as ``new_deal`` checks it."""
        if "start" in setup:
            return AllFoursDeal(self, check_start_setup(setup, self.options, self.deck))
        missing = [key for key in ("dealer", "deck", "scores") if key not in setup]
        if missing:
            raise Error(f"malformed deal set-up: missing {', '.join(map(repr, missing))}")
        clean = {
            "seed": check_seed(setup.get("seed", 0)),
            "dealer": parse_seat(setup["dealer"], self.options.num_players),
            "deck": [str(c) for c in self._check_deck(setup["deck"])],
            "scores": check_scores(setup["scores"], self.options),
        }
        return AllFoursDeal(self, clean)

    # --- matches --------------------------------------------------------------------------

    def new_match(self, seed: int | None = None) -> AllFoursMatch:
        """A whole game: deal after deal until a side wins by the game's end rule."""
        seed = new_seed() if seed is None else check_seed(seed)
        return AllFoursMatch(self, {"seed": seed})

    def _match_from_setup(self, setup: dict[str, Any]) -> AllFoursMatch:
        if "seed" not in setup:
            raise Error("malformed match set-up: missing 'seed'")
        return AllFoursMatch(self, {"seed": check_seed(setup["seed"])})


class PitchGame(AllFoursGame):
    """The same family loaded as ``pitch`` (default preset auction_pitch)."""

    name: ClassVar[str] = "pitch"


def make_allfours(*, preset: str | None = None, **options: Any) -> AllFoursGame:
    """The game ``tt.load("allfours", preset=..., **options)`` returns (preset trinidad)."""
    return AllFoursGame(make_options(preset, options, "allfours", "trinidad"))


def make_pitch(*, preset: str | None = None, **options: Any) -> PitchGame:
    """The game ``tt.load("pitch", preset=..., **options)`` returns (preset auction_pitch)."""
    return PitchGame(make_options(preset, options, "pitch", "auction_pitch"))
