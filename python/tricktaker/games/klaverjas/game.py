"""The Klaverjas game: its options compiled into the factory of deals, matches and positions."""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Suit, parse_card_list
from tricktaker.errors import Error, InvalidPosition, rejected_as, require_text, short_repr
from tricktaker.games.klaverjas.deal import (
    KlaverjasDeal,
    deal_packets,
    first_dealer,
    fixed_first_dealer,
    packet_ids,
)
from tricktaker.games.klaverjas.match import KlaverjasMatch
from tricktaker.games.klaverjas.notation import read_position
from tricktaker.games.klaverjas.options import (
    DECK,
    DECK_MASK,
    HAND_SIZE,
    NUM_SEATS,
    PRESETS,
    SEATS,
    KlaverjasOptions,
    seat_index,
)
from tricktaker.protocol.base import Game, check_seed, new_seed
from tricktaker.protocol.options import build_options

DECK_IDS = [card.id for card in DECK]  # the pack a seed shuffles, as card ids
SUITS = list(Suit)  # by value: SUITS[i] is Suit(i)
# The pack dealt from a seed in one core call, per packet rule: the places of each seat's cards
# in the shuffled pack (top first) when each seat deals, as deal_packets deals them.
_DEAL_PLANS = {
    packets: _core.DealPlan(
        DECK_IDS,
        [deal_packets(list(range(len(DECK_IDS))), dealer, packets) for dealer in range(NUM_SEATS)],
    )
    for packets in ("3-2-3", "4-4")
}


class KlaverjasGame(Game):
    """Klaverjas with a set of options: makes deals and 16-deal games."""

    name = "klaverjas"

    def __init__(self, options: KlaverjasOptions) -> None:
        self.options = options

    @property
    def seat_count(self) -> int:
        return NUM_SEATS

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
            raise Error("give either deck= or hands=, not both")
        seed = new_seed() if seed is None else check_seed(seed)
        shuffle_alone = dealer is None and deck is None and hands is None
        if shuffle_alone and trump is None and proposed_suit is None:
            return self._shuffled_deal(seed)  # what every simulated deal is
        rng = _core.Rng(seed)
        dealer_seat = first_dealer(self.options, rng) if dealer is None else seat_index(dealer)
        shuffled: list[tuple[int, ...]] | None = None
        dealt: list[list[Card]] | list[list[str]]
        if hands is not None:
            dealt = _check_hands(hands)
        elif deck is not None:
            dealt = deal_packets(_check_deck(deck), dealer_seat, self.options.deal_packets)
        else:
            # A shuffle of the pack is a valid deal by construction: the card ids go straight
            # to the deal, which writes their texts into the set-up if it is ever asked for.
            # (Shuffling the ids permutes them as shuffling their indices into DECK did.)
            shuffled = packet_ids(rng.shuffled(DECK_IDS), dealer_seat, self.options.deal_packets)
            dealt = []
        if self.options.trump_selection == "drawn" and trump is None and proposed_suit is None:
            proposed_suit = Suit(rng.below(4))
        setup: dict[str, Any] = {
            "seed": seed,
            "dealer": dealer_seat,
            "hands": dealt,
            "proposed_suit": proposed_suit,
        }
        if trump is not None:
            setup.update(trump=trump, declarer=declarer)
        return KlaverjasDeal(
            self, self._check_setup(setup, hands_checked=shuffled is not None), dealt=shuffled
        )

    def _shuffled_deal(self, seed: int) -> KlaverjasDeal:
        """``new_deal(seed)``: the same draws and the same checked set-up, made directly (a
        shuffle is a valid deal by construction, and every field is already in its form)."""
        dealer, shuffled, masks, proposed = shuffle_seed(self.options, seed)
        setup = {
            "seed": seed,
            "dealer": dealer,
            "hands": None,
            "proposed_suit": None if proposed is None else proposed.letter,
        }
        return KlaverjasDeal(self, setup, dealt=shuffled, masks=masks)

    def _check_setup(self, setup: dict[str, Any], *, hands_checked: bool = False) -> dict[str, Any]:
        """The set-up of a deal, checked and in its JSON form: the one path of ``new_deal`` and
        of a JSON document's set-up. The proposed suit belongs to drawn trump before trump is
        chosen, and only there; ``trump`` and ``declarer`` go together. ``hands_checked``: the
        hands are a shuffle's, valid by construction: the deal fills them in."""
        trump: Any = setup.get("trump")
        declarer: Any = setup.get("declarer")
        if (trump is None) != (declarer is None):
            raise Error("trump= and declarer= go together")
        proposed = setup.get("proposed_suit")
        wants_proposal = self.options.trump_selection == "drawn" and trump is None
        if proposed is not None and not wants_proposal:
            raise Error("proposed_suit= is only for trump_selection='drawn'")
        if proposed is None and wants_proposal:
            raise Error("proposed_suit: trump_selection='drawn' needs the drawn suit (S, H, D, C)")
        clean: dict[str, Any] = {
            "seed": check_seed(setup.get("seed", 0)),
            "dealer": seat_index(setup["dealer"]),
            "hands": (
                None
                if hands_checked
                else [[str(c) for c in h] for h in _check_hands(setup["hands"])]
            ),
            "proposed_suit": None if proposed is None else Suit.parse(proposed).letter,
        }
        if trump is not None:
            clean["trump"] = Suit.parse(trump).letter
            clean["declarer"] = seat_index(declarer)
        return clean

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
        with rejected_as(InvalidPosition):
            position = read_position(require_text(text, "a position"), self.options.play_rules)
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
        missing = [key for key in ("dealer", "hands") if key not in setup]
        if missing:
            raise Error(f"malformed deal set-up: missing {', '.join(map(repr, missing))}")
        return KlaverjasDeal(self, self._check_setup(setup))

    def _match_from_setup(self, setup: dict[str, Any]) -> KlaverjasMatch:
        if "seed" not in setup:
            raise Error("malformed match set-up: missing 'seed'")
        return KlaverjasMatch(self, {"seed": check_seed(setup["seed"])})


def _check_hands(hands: list[Any]) -> list[list[Card]]:
    if not isinstance(hands, (list, tuple)) or len(hands) != NUM_SEATS:
        count = len(hands) if isinstance(hands, (list, tuple)) else short_repr(hands)
        raise Error(f"hands: need 4 hands (N, E, S, W), got {count}")
    out: list[list[Card]] = []
    seen = 0  # the cards met so far, as a mask: every deal is checked, so bit tests
    for seat, hand in zip(SEATS, hands, strict=True):
        cards = parse_card_list(hand)
        if len(cards) != HAND_SIZE:
            raise Error(f"hands: {seat} has {len(cards)} cards; every hand has 8")
        for card in cards:
            bit = card.mask
            if not DECK_MASK & bit:
                raise Error(f"hands: {card} is not in the 32-card Klaverjas pack (7 to A)")
            if seen & bit:
                raise Error(f"hands: {card} is dealt twice")
            seen |= bit
        out.append(cards)
    return out


def _check_deck(order: list[Any]) -> list[Card]:
    cards = parse_card_list(order)
    if len(cards) != len(DECK) or set(cards) != set(DECK):
        missing = sorted(set(DECK) - set(cards))
        raise Error(
            "deck: expected each of the 32 cards 7..A exactly once"
            + (f"; missing {' '.join(map(str, missing))}" if missing else "")
        )
    return cards


def make_game(*, preset: str | None = None, **options: Any) -> KlaverjasGame:
    """The game ``tt.load("klaverjas", preset=..., **options)`` returns."""
    return KlaverjasGame(build_options(KlaverjasOptions, PRESETS, preset, options, "klaverjas"))


def shuffle_seed(
    options: KlaverjasOptions, seed: int
) -> tuple[int, list[tuple[int, ...]], list[int], Suit | None]:
    """The draws of ``new_deal(seed)`` from ``Rng(seed)`` in one core call, in their order: the
    first dealer (where the options draw one), the pack shuffled and dealt in the options'
    packets (each seat's card ids, and the same as a bit mask), and the suit drawn for drawn
    trump (None under the other selections): (dealer, hands, masks, drawn suit)."""
    seat = fixed_first_dealer(options)
    dealer = -1 if seat is None else seat  # -1: the plan draws the dealer first
    drawn = options.trump_selection == "drawn"
    dealer, hands, masks, suit = _DEAL_PLANS[options.deal_packets].deal(seed, dealer, 4 * drawn)
    return dealer, hands, masks, SUITS[suit] if drawn else None
