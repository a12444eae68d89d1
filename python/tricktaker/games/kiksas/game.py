"""The Kiksas and Trikiksis games: their options compiled into the factory of deals (of every
kind, and the mixed deals of simulations), matches and positions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Suit, parse_card_list
from tricktaker.errors import Error, InvalidPosition, rejected_as, require_text, short_repr
from tricktaker.games.kiksas.deal import KiksasDeal, first_dealer
from tricktaker.games.kiksas.match import KiksasMatch
from tricktaker.games.kiksas.notation import read_position
from tricktaker.games.kiksas.options import (
    DEAL_POINTS,
    DEAL_TYPES,
    DECK,
    PAIRS,
    PRESETS,
    SEATS,
    KiksasOptions,
    seat_index,
)
from tricktaker.protocol.base import Game, check_seed, new_seed
from tricktaker.protocol.options import build_options


class KiksasGame(Game):
    """Kiksas (or, with ``variant="trikiksis"``, Trikiksis) with its options."""

    name = "kiksas"

    def __init__(self, options: KiksasOptions) -> None:
        self.options = options
        self.num_seats = options.num_seats
        if options.first_dealer not in ("random",) + SEATS[: self.num_seats]:
            raise Error(
                f"option first_dealer={options.first_dealer!r} is not a seat of "
                f"{options.variant}; allowed values: 'random', "
                + ", ".join(repr(s) for s in SEATS[: self.num_seats])
            )

    @property
    def seat_count(self) -> int:
        return int(self.num_seats)

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS[: self.num_seats]

    def new_deal(
        self,
        seed: int | None = None,
        *,
        deal_type: str = "first",
        dealer: int | str | None = None,
        targets: Any = None,
        deck: list[Card | str] | str | None = None,
        hands: list[Any] | None = None,
        cut: int | None = None,
        trump: Suit | str | None = None,
        deal_no: int | None = None,
    ) -> KiksasDeal:
        """A new deal: shuffled from ``seed``, from an exact ``deck`` order (top first), or from
        given ``hands`` (seat order A, B, C(, D); in Trikiksis the First's first six cards come
        first).

        ``deal_type`` is ``first`` (clubs are trumps), ``writing`` or ``writing_off``; the latter
        needs ``targets``: (AC, BD) in Kiksas, (writing-off player, coalition) in Trikiksis,
        summing to 138. ``cut`` fixes the cut after a declined peek (1..23). ``trump`` skips the
        trump choice of a later deal. ``deal_no`` is the deal's number in a match (for events).
        """
        if deck is not None and hands is not None:
            raise Error("give either deck= or hands=, not both")
        if deal_type not in DEAL_TYPES:
            raise Error(f"deal_type {deal_type!r}: allowed values: {', '.join(DEAL_TYPES)}")
        seed = new_seed() if seed is None else check_seed(seed)
        dealer_seat = (
            first_dealer(self.options, _core.Rng(seed))
            if dealer is None
            else seat_index(dealer, self.n)
        )
        setup: dict[str, Any] = {
            "seed": seed,
            "type": deal_type,
            "dealer": dealer_seat,
            "targets": self._check_targets(deal_type, targets),
            "deck": None if deck is None else [str(c) for c in self._check_deck(deck)],
            "hands": None
            if hands is None
            else [[str(c) for c in h] for h in self._check_hands(hands)],
            "cut": None if cut is None else self._check_cut(cut),
            "trump": None,
        }
        if deal_no is not None:
            if isinstance(deal_no, bool) or not isinstance(deal_no, int) or deal_no < 1:
                raise Error(f"deal_no must be an integer >= 1, got {deal_no!r}")
            setup["no"] = deal_no
        if trump is not None:
            suit = Suit.parse(trump)
            if deal_type == "first":
                if suit != Suit.CLUBS:
                    raise Error("the first deal is played with clubs as trumps")
            else:
                if hands is None:
                    raise Error("trump= needs hands= (the peek comes before the trump)")
                held = [Card.parse(c) for c in setup["hands"][(dealer_seat + 1) % self.n][:6]]
                if self.options.trump_choice_must_hold_suit and all(c.suit != suit for c in held):
                    raise Error(
                        f"trump={suit.letter}: the First holds no {suit.name.lower()} among "
                        "the six cards (trump_choice_must_hold_suit)"
                    )
                setup["trump"] = suit.letter
        return KiksasDeal(self, setup)

    @property
    def n(self) -> int:
        return self.num_seats

    def _check_targets(self, deal_type: str, targets: Any) -> list[int] | None:
        if deal_type != "writing_off":
            if targets is not None:
                raise Error("targets= belong to a writing_off deal only")
            return None
        what = "(AC, BD)" if self.n == 4 else "(writing-off player, coalition)"
        if isinstance(targets, dict):
            keys = ("AC", "BD") if self.n == 4 else ("O", "coalition")
            try:
                targets = [targets[k] for k in keys]
            except KeyError:
                raise Error(f"targets: expected keys {keys}") from None
        if (
            targets is None
            or len(targets) != 2
            or not all(isinstance(t, int) and not isinstance(t, bool) for t in targets)
        ):
            raise Error(f"a writing_off deal needs targets={what}, two integers")
        if min(targets) < 0 or sum(targets) != DEAL_POINTS:
            raise Error(f"targets {what} must be >= 0 and sum to 138, got {list(targets)}")
        return [int(targets[0]), int(targets[1])]

    def _check_hands(self, hands: list[Any]) -> list[list[Card]]:
        if not isinstance(hands, (list, tuple)) or len(hands) != self.n:
            got = len(hands) if isinstance(hands, (list, tuple)) else short_repr(hands)
            raise Error(f"hands: need {self.n} hands ({', '.join(self.seats)}), got {got}")
        out: list[list[Card]] = []
        seen: set[Card] = set()
        size = 24 // self.n
        for seat, hand in zip(self.seats, hands, strict=True):
            cards = parse_card_list(hand)
            if len(cards) != size:
                raise Error(f"hands: {seat} has {len(cards)} cards; every hand has {size}")
            for card in cards:
                if card not in DECK:
                    raise Error(f"hands: {card} is not in the 24-card deck (9 to A)")
                if card in seen:
                    raise Error(f"hands: {card} is dealt twice")
                seen.add(card)
            out.append(cards)
        return out

    def _check_deck(self, order: Any) -> list[Card]:
        cards = parse_card_list(order)
        if len(cards) != len(DECK) or set(cards) != set(DECK):
            missing = sorted(set(DECK) - set(cards))
            raise Error(
                "deck: expected each of the 24 cards 9..A exactly once"
                + (f"; missing {' '.join(map(str, missing))}" if missing else "")
            )
        return cards

    @staticmethod
    def _check_cut(cut: Any) -> int:
        if isinstance(cut, bool) or not isinstance(cut, int) or not 1 <= cut <= 23:
            raise Error(f"cut must be an integer 1..23, got {cut!r}")
        return cut

    def new_match(self, seed: int | None = None) -> KiksasMatch:
        """A whole match: deal after deal until a side has ``figures_to_lose`` figures."""
        seed = new_seed() if seed is None else check_seed(seed)
        return KiksasMatch(self, {"seed": seed})

    def parse_position(self, text: str) -> KiksasDeal:
        """Read a position written by ``KiksasDeal.position()``.

        Format: ``type=writing_off dealer=C [targets=62/76] [trump=H] A:<A> <B> <C> [<D>]
        [| actions]``. Hands are ``S.H.D.C`` ranks (``AKT.9.QJ.-``) as dealt; the Trikiksis
        First's hand of a later deal is ``<first six>+<last two>``. The actions after ``|`` (the
        Akis round, cards, ``su_dviem``, ``pass``, ``lead``, ``decline``) are applied in order.
        """
        with rejected_as(InvalidPosition):
            position = read_position(require_text(text, "a position"), self.n)
            deal = self.new_deal(
                seed=0,
                deal_type=position.deal_type,
                dealer=position.dealer,
                targets=position.targets,
                hands=position.hands,
                trump=position.trump,
            )
            for tok in position.plays:
                deal.apply(tok)
            return deal

    def _deal_from_setup(self, setup: dict[str, Any]) -> KiksasDeal:
        try:
            deal_type = setup["type"]
            dealer = setup["dealer"]
            seed = setup["seed"]
        except KeyError as exc:
            raise Error(f"malformed deal set-up: missing {exc}") from None
        return self.new_deal(
            seed=seed,
            deal_type=deal_type,
            dealer=dealer,
            targets=setup.get("targets"),
            deck=setup.get("deck"),
            hands=setup.get("hands"),
            cut=setup.get("cut"),
            trump=setup.get("trump"),
            deal_no=setup.get("no"),
        )

    def _match_from_setup(self, setup: dict[str, Any]) -> KiksasMatch:
        if "seed" not in setup:
            raise Error("malformed match set-up: missing 'seed'")
        return KiksasMatch(self, {"seed": check_seed(setup["seed"])})


def simulation_deal(game: KiksasGame, seed: int) -> KiksasDeal:
    """A deal of any kind for simulations, everything drawn from ``seed``: the kind (first,
    writing or writing-off, one in three each), the dealer, and for a writing-off deal the
    targets, which are the points of a first deal dealt from the same seed and played with
    random cards (so the targets follow the game's own distribution)."""
    rng = _core.Rng(seed ^ 0x6B696B736173)
    kind = DEAL_TYPES[int(rng.below(3))]
    if kind != "writing_off":
        return game.new_deal(seed=seed, deal_type=kind)
    writing = game.new_deal(seed=seed, deal_type="first")
    while not writing.is_over:
        legal = writing.legal_actions()
        writing.apply(legal[int(rng.below(len(legal)))])
    done = writing.result()
    assert done is not None
    dealer = int(rng.below(game.n))
    if game.n == 3:
        targets = (done.points[0], DEAL_POINTS - done.points[0])
    else:
        assert done.writing_pair is not None
        w = PAIRS.index(done.writing_pair)
        new = [0, 0]
        new[dealer % 2] = done.points[1 - w]  # the dealer's pair writes in a writing-off deal
        new[1 - dealer % 2] = done.points[w]
        targets = (new[0], new[1])
    return game.new_deal(seed=seed, deal_type="writing_off", dealer=dealer, targets=targets)


class TrikiksisGame(KiksasGame):
    """Trikiksis: three players, each alone; 8 cards each."""

    name = "trikiksis"


def game_factory(variant: str | None) -> Callable[..., KiksasGame]:
    """The factory ``tt.load`` calls for a variant: ``game_factory("trikiksis")`` loads
    Trikiksis only; ``game_factory(None)`` loads the ``variant`` option's game."""

    def factory(*, preset: str | None = None, **options: Any) -> KiksasGame:
        if variant is not None:
            given = options.get("variant", variant)
            if given != variant:
                raise Error(
                    f"tt.load({variant!r}) plays variant={variant!r}, got variant={given!r}"
                )
            options["variant"] = variant
        opts = build_options(KiksasOptions, PRESETS, preset, options, variant or "kiksas")
        return TrikiksisGame(opts) if opts.variant == "trikiksis" else KiksasGame(opts)

    return factory
