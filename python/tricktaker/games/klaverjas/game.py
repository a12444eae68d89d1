"""The Klaverjas game: its options compiled into the factory of deals, matches and positions."""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Suit
from tricktaker.games.klaverjas.deal import KlaverjasDeal, deal_packets, first_dealer
from tricktaker.games.klaverjas.match import KlaverjasMatch
from tricktaker.games.klaverjas.notation import read_position
from tricktaker.games.klaverjas.options import (
    DECK,
    HAND_SIZE,
    NUM_SEATS,
    PRESETS,
    SEATS,
    KlaverjasOptions,
    seat_index,
)
from tricktaker.protocol.base import Game, check_seed, new_seed
from tricktaker.protocol.options import build_options


class KlaverjasGame(Game):
    """Klaverjas with a set of options: makes deals and 16-deal games."""

    name = "klaverjas"

    def __init__(self, options: KlaverjasOptions) -> None:
        self.options = options

    def new_deal(
        self,
        seed: int | None = None,
        *,
        dealer: int | str | None = None,
        deck: list[Card | str] | None = None,
        hands: list[Any] | None = None,
        proposed_suit: Suit | str | None = None,
        trump: Suit | str | None = None,
        declarer: int | str | None = None,
    ) -> KlaverjasDeal:
        """A new deal: shuffled from ``seed``, or from an exact ``deck`` order (top first), or
        from given ``hands`` (N, E, S, W; lists of cards or ``"AS KS ..."`` strings).

        ``dealer`` defaults to the ``first_dealer`` option (random: drawn from the seed).
        ``trump`` with ``declarer`` skip trump selection (for analysis and positions).
        """
        if deck is not None and hands is not None:
            raise ValueError("give either deck= or hands=, not both")
        if (trump is None) != (declarer is None):
            raise ValueError("trump= and declarer= go together")
        seed = new_seed() if seed is None else check_seed(seed)
        rng = _core.Rng(seed)
        dealer_seat = first_dealer(self.options, rng) if dealer is None else seat_index(dealer)
        if hands is not None:
            dealt = _check_hands(hands)
        else:
            if deck is not None:
                order = _check_deck(deck)
            else:
                order = [DECK[i] for i in rng.shuffled(list(range(len(DECK))))]
            dealt = deal_packets(order, dealer_seat, self.options.deal_packets)
        proposed: Suit | None = None
        if self.options.trump_selection == "drawn" and trump is None:
            proposed = (
                Suit.parse(proposed_suit) if proposed_suit is not None else Suit(rng.below(4))
            )
        elif proposed_suit is not None:
            raise ValueError("proposed_suit= is only for trump_selection='drawn'")
        setup: dict[str, Any] = {
            "seed": seed,
            "dealer": dealer_seat,
            "hands": [[str(c) for c in h] for h in dealt],
            "proposed_suit": None if proposed is None else proposed.letter,
        }
        if trump is not None and declarer is not None:
            setup["trump"] = Suit.parse(trump).letter
            setup["declarer"] = seat_index(declarer)
        return KlaverjasDeal(self, setup)

    def new_match(self, seed: int | None = None) -> KlaverjasMatch:
        """A whole game of 16 deals (or the ``game_end`` rule), or the 48-deal tournament."""
        seed = new_seed() if seed is None else check_seed(seed)
        return KlaverjasMatch(self, {"seed": seed})

    def parse_position(self, text: str) -> KlaverjasDeal:
        """Read a position written by ``KlaverjasDeal.position()``.

        Format: ``dealer=W trump=D declarer=N [rules=amsterdam] N:<N> <E> <S> <W> [| cards]``,
        where each hand is ``S.H.D.C`` ranks (``AKT.9.QJ7.-``) as dealt and the cards after
        ``|`` are played in order. The ``rules`` token must match this game's ``play_rules``.
        """
        position = read_position(text, self.options.play_rules)
        deal = self.new_deal(
            seed=0,
            dealer=position.dealer,
            hands=position.hands,
            trump=position.trump,
            declarer=position.declarer,
        )
        for tok in position.plays:
            deal.apply(tok)
        return deal

    def _deal_from_setup(self, setup: dict[str, Any]) -> KlaverjasDeal:
        try:
            hands = _check_hands(setup["hands"])
            dealer = seat_index(setup["dealer"])
        except KeyError as exc:
            raise ValueError(f"malformed deal set-up: missing {exc}") from None
        clean = dict(setup)
        clean["hands"] = [[str(c) for c in h] for h in hands]
        clean["dealer"] = dealer
        return KlaverjasDeal(self, clean)

    def _match_from_setup(self, setup: dict[str, Any]) -> KlaverjasMatch:
        if "seed" not in setup:
            raise ValueError("malformed match set-up: missing 'seed'")
        return KlaverjasMatch(self, {"seed": check_seed(setup["seed"])})


def _check_hands(hands: list[Any]) -> list[list[Card]]:
    if len(hands) != NUM_SEATS:
        raise ValueError(f"hands: need 4 hands (N, E, S, W), got {len(hands)}")
    out: list[list[Card]] = []
    seen: set[Card] = set()
    for seat, hand in zip(SEATS, hands, strict=True):
        cards = _parse_card_list(hand)
        if len(cards) != HAND_SIZE:
            raise ValueError(f"hands: {seat} has {len(cards)} cards; every hand has 8")
        for card in cards:
            if card not in DECK:
                raise ValueError(f"hands: {card} is not in the 32-card Klaverjas pack (7 to A)")
            if card in seen:
                raise ValueError(f"hands: {card} is dealt twice")
            seen.add(card)
        out.append(cards)
    return out


def _check_deck(order: list[Any]) -> list[Card]:
    cards = _parse_card_list(order)
    if len(cards) != len(DECK) or set(cards) != set(DECK):
        missing = sorted(set(DECK) - set(cards))
        raise ValueError(
            "deck: expected each of the 32 cards 7..A exactly once"
            + (f"; missing {' '.join(map(str, missing))}" if missing else "")
        )
    return cards


def _parse_card_list(items: Any) -> list[Card]:
    if isinstance(items, str):
        return [Card.parse(tok) for tok in items.replace(",", " ").split()]
    return [Card.parse(c) for c in items]


def make_game(*, preset: str | None = None, **options: Any) -> KlaverjasGame:
    """The game ``tt.load("klaverjas", preset=..., **options)`` returns."""
    return KlaverjasGame(build_options(KlaverjasOptions, PRESETS, preset, options, "klaverjas"))
