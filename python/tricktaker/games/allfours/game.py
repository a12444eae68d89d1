"""The All Fours / Pitch game: deals, positions and the match to the target."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tricktaker import _core
from tricktaker.cards import Card, Rank, Suit, cards_from_mask
from tricktaker.games.allfours.deal import (
    SIDE_NAMES,
    AllFoursDeal,
    AllFoursResult,
    deal_order,
    parse_seat,
    seat_name,
)
from tricktaker.games.allfours.options import AllFoursOptions
from tricktaker.notation import parse_hand, split_position
from tricktaker.protocol.base import Action, Event, Game, Match, check_seed, new_seed


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
    raise ValueError("the face-up deal found no jack")


class AllFoursGame(Game):
    """All Fours or Pitch with a set of options: makes deals and matches to the target."""

    name: ClassVar[str] = "allfours"

    def __init__(self, options: AllFoursOptions) -> None:
        self.options: AllFoursOptions = options
        self.deck: list[Card] = cards_from_mask(options.deck_mask)

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
            raise ValueError("give either deck= or hands=, not both")
        seed = new_seed() if seed is None else check_seed(seed)
        rng = _core.Rng(seed)
        dealer_seat = (
            self._first_dealer(rng)[0] if dealer is None else parse_seat(dealer, o.num_players)
        )
        num_sides = max(o.sides()) + 1
        if scores is None:
            scores = [0] * num_sides
        if len(scores) != num_sides or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in scores
        ):
            raise ValueError(f"scores: need {num_sides} whole numbers, one per side")
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

    def _first_dealer(self, rng: _core.Rng) -> tuple[int, dict[str, Any] | None]:
        o = self.options
        if o.first_dealer == "random":
            return int(rng.below(o.num_players)), None
        if o.first_dealer.startswith("fixed:"):
            return int(o.first_dealer[6:]), None
        cards = [self.deck[i] for i in rng.shuffled(list(range(len(self.deck))))]
        start = int(rng.below(o.num_players))  # D43: a random start seat
        before = o.first_dealer == "first_jack_faceup_before"
        dealer, receiver = first_jack_dealer(cards, o.num_players, start, before)
        shown = next(i for i, c in enumerate(cards) if c.rank == Rank.JACK) + 1
        draw = {
            "start": seat_name(start),
            "cards": [str(c) for c in cards[:shown]],
            "jack_to": seat_name(receiver),
            "dealer": seat_name(dealer),
        }
        return dealer, draw

    def _check_deck(self, deck: list[Card | str] | str) -> list[Card]:
        cards = _parse_cards(deck)
        if len(cards) != len(self.deck) or set(cards) != set(self.deck):
            missing = sorted(set(self.deck) - set(cards))
            extra = sorted(set(cards) - set(self.deck))
            raise ValueError(
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
            raise ValueError(f"hands: need {o.num_players} hands, got {len(hands)}")
        parsed = [_parse_cards(h) for h in hands]
        seen: set[Card] = set()
        for seat, cards in enumerate(parsed):
            if len(cards) != o.deal_size:
                raise ValueError(
                    f"hands: {seat_name(seat)} has {len(cards)} cards; every hand has {o.deal_size}"
                )
            for card in cards:
                if card not in self.deck:
                    raise ValueError(f"hands: {card} is not in this game's pack")
                if card in seen:
                    raise ValueError(f"hands: {card} is dealt twice")
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
        o = self.options
        fields, hands_text, plays = split_position(
            text,
            "S0",
            ("dealer", "trump", "leader", "pitcher", "bid", "scores"),
            ("dealer", "trump", "leader"),
        )
        if len(hands_text) != o.num_players:
            raise ValueError(
                f"malformed position: expected S0: followed by {o.num_players} hands, "
                f"got {len(hands_text)}"
            )
        if o.has_auction != ("pitcher" in fields):
            raise ValueError(
                "malformed position: pitcher= and bid= are required in an auction game "
                "and not allowed otherwise"
            )
        hands = [parse_hand(h) for h in hands_text]
        seen: set[Card] = set()
        for seat, hand in enumerate(hands):
            for card in hand:
                if card not in self.deck:
                    raise ValueError(f"position: {card} is not in this game's pack")
                if card in seen:
                    raise ValueError(f"position: {card} is held twice")
                seen.add(card)
            if len(hand) != len(hands[0]) or not hand:
                raise ValueError(f"position: {seat_name(seat)} must hold as many cards as S0")
        num_sides = max(o.sides()) + 1
        scores = [0] * num_sides
        if "scores" in fields:
            try:
                scores = [int(x) for x in fields["scores"].split(",")]
            except ValueError:
                raise ValueError("malformed position: scores= takes whole numbers") from None
            if len(scores) != num_sides:
                raise ValueError(f"malformed position: scores= needs {num_sides} numbers")
        start: dict[str, Any] = {
            "trump": Suit.parse(fields["trump"]).letter,
            "leader": parse_seat(fields["leader"], o.num_players),
            "hands": [[str(c) for c in h] for h in hands],
        }
        if "pitcher" in fields:
            start["pitcher"] = parse_seat(fields["pitcher"], o.num_players)
            try:
                start["bid"] = int(fields.get("bid", ""))
            except ValueError:
                raise ValueError("malformed position: bid= takes a whole number") from None
            low, high = o.bid_range
            if not low <= start["bid"] <= high:
                raise ValueError(f"position: bid must be {low}..{high}")
        setup = {
            "dealer": parse_seat(fields["dealer"], o.num_players),
            "scores": scores,
            "start": start,
        }
        deal = AllFoursDeal(self, setup)
        for tok in plays:
            deal.apply(tok)
        return deal

    def _deal_from_setup(self, setup: dict[str, Any]) -> AllFoursDeal:
        o = self.options
        try:
            dealer = parse_seat(setup["dealer"], o.num_players)
            scores = list(setup["scores"])
        except KeyError as exc:
            raise ValueError(f"malformed deal set-up: missing {exc}") from None
        if "start" in setup:
            return AllFoursDeal(self, {"dealer": dealer, "scores": scores, "start": setup["start"]})
        if "deck" not in setup:
            raise ValueError("malformed deal set-up: missing 'deck'")
        clean = dict(setup)
        clean["dealer"] = dealer
        clean["deck"] = [str(c) for c in self._check_deck(setup["deck"])]
        return AllFoursDeal(self, clean)

    # --- matches --------------------------------------------------------------------------

    def new_match(self, seed: int | None = None) -> AllFoursMatch:
        """A whole game: deal after deal until a side wins by the game's end rule."""
        seed = new_seed() if seed is None else check_seed(seed)
        return AllFoursMatch(self, {"seed": seed})

    def _match_from_setup(self, setup: dict[str, Any]) -> AllFoursMatch:
        if "seed" not in setup:
            raise ValueError("malformed match set-up: missing 'seed'")
        return AllFoursMatch(self, {"seed": check_seed(setup["seed"])})


class PitchGame(AllFoursGame):
    """The same family loaded as ``pitch`` (default preset auction_pitch)."""

    name: ClassVar[str] = "pitch"


def _parse_cards(items: Any) -> list[Card]:
    if isinstance(items, str):
        return [Card.parse(tok) for tok in items.replace(",", " ").split()]
    return [Card.parse(c) for c in items]


@dataclass(frozen=True)
class AllFoursStandings:
    """Running or final standings of a match."""

    scores: tuple[int, ...]
    deals_played: int
    over: bool
    winner: str | None  # the winning side's name ("A", "B", ...), None while open

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "deals_played": self.deals_played,
            "over": self.over,
            "winner": self.winner,
        }


class AllFoursMatch(Match):
    """A game to the target (T3, P2): the dealer passes on after each completed deal (C9), a
    throw-in is redealt by the same dealer (T10) and the game ends when a deal reports a winner
    by the win check of the options (T17, P10, PV3)."""

    def __init__(self, game: AllFoursGame, setup: dict[str, Any]) -> None:
        self.game = game
        self.options: AllFoursOptions = game.options
        self.log = []
        self._setup = setup
        self._rng = _core.Rng(setup["seed"])
        self.num_sides = max(self.options.sides()) + 1
        self.scores = [0] * self.num_sides
        self.results: list[AllFoursResult] = []
        self._over = False
        self.winner: int | None = None
        self._dealer, self.first_dealer_draw = game._first_dealer(self._rng)
        self._new_deal()

    def _new_deal(self) -> None:
        self.deal = self.game.new_deal(
            seed=int(self._rng.next() >> 1), dealer=self._dealer, scores=list(self.scores)
        )
        if self.deal.is_over:
            self._deal_finished()

    def _deal_finished(self) -> None:
        result = self.deal.result()
        assert result is not None
        self.results.append(result)
        self.scores = list(result.scores)
        if result.winner is not None:
            self.winner = result.winner
            self._over = True
            return
        self._dealer = result.next_dealer
        self._new_deal()

    @property
    def phase(self) -> str:
        return "over" if self._over else self.deal.phase

    @property
    def to_move(self) -> int | None:
        return None if self._over else self.deal.to_move

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        return [] if self._over else self.deal.legal_actions(seat)

    def _apply(self, action: Action, seat: int) -> Event:
        event = self.deal._apply(action, seat)
        self.deal.log.append((seat, str(action)))
        if self.deal.is_over:
            self._deal_finished()
        return event

    def observation(self, seat: int | str) -> dict[str, Any]:
        s = parse_seat(seat, self.options.num_players)
        obs = self.deal.observation(s) if not self._over else {}
        obs["match"] = {
            "deal": len(self.results) + (0 if self._over else 1),
            "scores": list(self.scores),
            "target": self.options.target,
            "first_dealer_draw": self.first_dealer_draw,
            "over": self._over,
            "winner": None if self.winner is None else SIDE_NAMES[self.winner],
        }
        return obs

    def result(self) -> AllFoursStandings:
        return AllFoursStandings(
            tuple(self.scores),
            len(self.results),
            self._over,
            None if self.winner is None else SIDE_NAMES[self.winner],
        )

    def __repr__(self) -> str:
        return f"<AllFoursMatch deal={len(self.results) + 1} phase={self.phase}>"
