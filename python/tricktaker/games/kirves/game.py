"""The Kirves game: options checked, set-ups of deals and matches validated, deals and matches
made; and the deals of whole games for simulations."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Suit, parse_card_list
from tricktaker.errors import Error, InvalidPosition, rejected_as, require_text, short_repr
from tricktaker.games.kirves.deal import KirvesDeal, first_dealer
from tricktaker.games.kirves.match import CHOOSE_DEALER, KirvesMatch
from tricktaker.games.kirves.notation import read_position
from tricktaker.games.kirves.options import (
    SEAT_NAMES,
    KirvesOptions,
    check_option_mix,
    is_int,
    seat_index,
)
from tricktaker.games.kirves.result import CUT_JACK, FREE_FOR_ALL, NORMAL
from tricktaker.games.kirves.state import (
    DECK,
    DECK_SET,
    FIRST_DEALER_DRAW,
    HAND_SIZE,
    MARKS_TO_ESCAPE,
    is_always_trump,
    mix_seed,
)
from tricktaker.protocol.base import Game, check_seed, new_seed


class KirvesGame(Game):
    """Kirves with a set of options: makes deals and games (to the kirves)."""

    name = "kirves"

    def __init__(self, options: KirvesOptions) -> None:
        check_option_mix(options)
        self.options = options
        assert options.num_players is not None
        self.num_players: int = options.num_players

    @property
    def seat_count(self) -> int:
        return self.num_players

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
            if not isinstance(participants, (list, tuple)):
                raise Error(f"participants: a list of seats, got {short_repr(participants)}")
            parts = sorted({self.seat(p) for p in participants})
        if len(parts) < 2:
            raise Error("a deal needs at least 2 participants (players without 3 marks)")
        for p in parts:
            if marks_list[p] >= MARKS_TO_ESCAPE:
                raise Error(f"{SEAT_NAMES[p]} has 3 marks and cannot be dealt in")
        if dealer is None:
            dealer_seat = first_dealer(self.options, _core.Rng(mix_seed(seed, FIRST_DEALER_DRAW)))
            if dealer_seat not in parts:
                dealer_seat = parts[0]
        else:
            dealer_seat = self.seat(dealer)
        if dealer_seat not in parts:
            raise Error(f"the dealer {SEAT_NAMES[dealer_seat]} is not a participant")
        if not isinstance(examined_cut, bool):
            raise Error("examined_cut must be True or False")
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
                raise Error("give either deck= or hands=, not both")
            setup["decks"] = self._check_decks(deck)
        position_args = (trump, trump_maker, kind, folded)
        if hands is None:
            if (
                turned is not None
                or cut_jack is not None
                or any(a is not None for a in position_args)
            ):
                raise Error(
                    "turned=, cut_jack=, trump=, trump_maker=, kind= and folded= need hands="
                )
        elif trump is not None:
            if turned is not None or cut_jack is not None:
                raise Error("a position (trump=) takes final hands, not turned= or cut_jack=")
            setup.update(self._check_position(hands, parts, trump, trump_maker, kind, folded))
        else:
            if any(a is not None for a in position_args):
                raise Error("trump_maker=, kind= and folded= need trump=")
            setup.update(self._check_dealt(hands, parts, dealer_seat, turned, cut_jack))
        return KirvesDeal(self, setup)

    def _check_marks(self, marks: list[int] | None) -> list[int]:
        n = self.num_players
        if marks is None:
            return [0] * n
        out = list(marks) if isinstance(marks, (list, tuple)) else []
        if len(out) != n or not all(is_int(m) and 0 <= m <= MARKS_TO_ESCAPE for m in out):
            raise Error(f"marks: need {n} integers 0..3, one per seat, got {marks!r}")
        return out

    def _check_keppis(self, keppis: list[int]) -> list[int]:
        ks = list(keppis)
        if len(ks) != self.num_players or not all(is_int(k) and k in (0, 1) for k in ks):
            raise Error(
                f"keppis: need {self.num_players} values 0 or 1 (a second keppi is the "
                f"kirves), got {keppis!r}"
            )
        return ks

    def _check_decks(self, deck: list[Any]) -> list[list[str]]:
        decks = deck if deck and isinstance(deck[0], (list, tuple)) else [deck]
        out = []
        for d in decks:
            cards = parse_card_list(d)
            if len(cards) != len(DECK) or set(cards) != DECK_SET:
                missing = sorted(DECK_SET - set(cards))
                raise Error(
                    "deck: expected each of the 54 cards (52 and RJ, BJ) exactly once"
                    + (f"; missing {' '.join(map(str, missing))}" if missing else "")
                )
            out.append([str(c) for c in cards])
        return out

    def _hands_list(self, hands: list[Any], parts: list[int]) -> list[list[Card]]:
        n = self.num_players
        if not isinstance(hands, (list, tuple)) or len(hands) != n:
            raise Error(f"hands: need {n} entries, one per seat (None for a seat out)")
        out: list[list[Card]] = []
        seen: set[Card] = set()
        for p, h in enumerate(hands):
            cards = [] if h is None else parse_card_list(h)
            if p not in parts and cards:
                raise Error(f"hands: {SEAT_NAMES[p]} is not dealt in but holds cards")
            for c in cards:
                if c in seen:
                    raise Error(f"hands: {c} is dealt twice")
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
                raise Error(
                    f"hands: {SEAT_NAMES[p]} has {len(dealt[p])} cards; 5 are dealt to each"
                )
        if turned is None:
            raise Error("hands= of a new deal need the turned= card (or trump= for a play)")
        turned_card = Card.parse(turned)
        used = {c for h in dealt for c in h}
        if turned_card in used:
            raise Error(f"turned: {turned_card} is also in a hand")
        setup: dict[str, Any] = {
            "hands": [[str(c) for c in h] for h in dealt],
            "turned": str(turned_card),
        }
        if cut_jack is not None:
            jack = Card.parse(cut_jack)
            if not is_always_trump(jack):
                raise Error(f"cut_jack: {jack} is not a jack or a joker")
            if jack in used or jack == turned_card:
                raise Error(f"cut_jack: {jack} is also dealt")
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
                raise Error(f"folded: {SEAT_NAMES[p]} is not a participant")
        playing = [p for p in parts if p not in folded_seats]
        if len(playing) < 2:
            raise Error("at least 2 participants must not have folded (R7.3)")
        for p in playing:
            size = len(final[p])
            if size != HAND_SIZE and not (
                size == HAND_SIZE + 1 and not self.options.discard_to_five
            ):
                raise Error(f"hands: {SEAT_NAMES[p]} has {size} cards; a hand has 5")
        kind = kind or (NORMAL if trump_maker is not None else None)
        if kind not in (NORMAL, CUT_JACK, FREE_FOR_ALL):
            raise Error(
                "a position needs trump_maker= (a normal deal) or kind='cut_jack' / 'free_for_all'"
            )
        maker: int | None = None
        if kind == NORMAL:
            if trump_maker is None:
                raise Error("kind='normal' needs trump_maker=")
            maker = self.seat(trump_maker)
            if maker not in parts:
                raise Error(f"trump_maker: {SEAT_NAMES[maker]} is not a participant")
        elif trump_maker is not None:
            raise Error(f"kind={kind!r} has no trump maker")
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
        if not is_int(games) or games < 1:
            raise Error(f"games must be an integer >= 1, got {games!r}")
        setup: dict[str, Any] = {"seed": seed, "games": games}
        if marks is not None:
            setup["marks"] = self._check_marks(marks)
            if sum(m < MARKS_TO_ESCAPE for m in setup["marks"]) < 2:
                raise Error("marks: at least 2 players must have fewer than 3 marks")
        if keppis is not None:
            setup["keppis"] = self._check_keppis(keppis)
        if dealer is not None:
            setup["dealer"] = self.seat(dealer)
            active = setup.get("marks", [0] * self.num_players)
            if active[setup["dealer"]] >= MARKS_TO_ESCAPE:
                raise Error("dealer: a player with 3 marks has escaped and cannot deal")
        return KirvesMatch(self, setup)

    def parse_position(self, text: str) -> KirvesDeal:
        """Read a position written by ``KirvesDeal.position()``.

        Format: ``players=4 dealer=C trump=S maker=B [folded=D] [out=E] A:<A> <B> <C> <D>
        [| cards]``, where ``kind=cut_jack`` or ``kind=free_for_all`` replaces ``maker=``, each
        hand is ``S.H.D.C[.jokers]`` ranks (``AKT.9.QJ7.-.RJ``) as at the start of the play,
        ``*`` stands for a seat that folded or is out of the leg, and the cards after ``|`` are
        played in order.
        """
        with rejected_as(InvalidPosition):
            position = read_position(require_text(text, "a position"), self.num_players)
            deal = self.new_deal(
                seed=0,
                dealer=position.dealer,
                participants=list(position.participants),
                hands=position.hands,
                trump=position.trump,
                trump_maker=position.trump_maker,
                kind=position.kind,
                folded=list(position.folded),
            )
            for tok in position.plays:
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
            raise Error(f"malformed deal set-up: missing {exc}") from None
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
            raise Error("malformed match set-up: missing 'seed'")
        return self.new_match(
            setup["seed"],
            games=setup.get("games", 1),
            dealer=setup.get("dealer"),
            marks=setup.get("marks"),
            keppis=setup.get("keppis"),
        )


def simulation_deals(game: Game, seed: int) -> Iterator[tuple[int, KirvesDeal]]:
    """The deals of whole games, one after another, for ``tricktaker.sim.simulate``: each deal
    is yielded to be played to its end (by bots, directly on the deal), then the game goes on.
    The keppi holder's choice of dealer is left to the default (R10.4)."""
    if not isinstance(game, KirvesGame):
        raise Error("simulation_deals needs a Kirves game")
    index = 0
    while True:
        match = game.new_match(seed=mix_seed(seed, index) >> 1)
        index += 1
        while not match.is_over:
            if match.phase == CHOOSE_DEALER:
                match.apply("dealer")
                continue
            deal = match.deal
            yield int(deal._setup["seed"]), deal
            match.sync()
