"""Klaverjas (Amsterdam and Rotterdam), as specified in rules/klaverjas.md.

The card play, roem, last trick and deal scoring are the C++ core's (``klaverjas_rules``,
``klaverjas_score``); this module holds the options, the deal flow (dealing, trump selection,
roem claims) and the 16-deal game.

>>> import tricktaker as tt
>>> game = tt.load("klaverjas")
>>> deal = game.new_deal(seed=7, dealer=3)
>>> deal.phase, deal.seat_name(deal.to_move)
('trump_selection', 'N')
>>> [str(a) for a in deal.legal_actions()]
['pass', 'trump:S', 'trump:H', 'trump:D', 'trump:C']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tricktaker import _core
from tricktaker._core import mask_to_items
from tricktaker.cards import Card, Rank, Suit, cards_from_mask, deck, mask_from_cards
from tricktaker.errors import IllegalAction
from tricktaker.notation import format_hand, parse_hand, split_position
from tricktaker.protocol.base import (
    CARD_ACTION_TABLE,
    Action,
    Deal,
    Event,
    Game,
    Match,
    card_actions,
    check_seed,
    new_seed,
    trick_log,
)
from tricktaker.protocol.family import Family, Variant, hook
from tricktaker.protocol.options import build_options, checked, choice
from tricktaker.registry import register

SEATS = ("N", "E", "S", "W")
TEAMS = ("NS", "EW")
NUM_SEATS = 4
HAND_SIZE = 8
DEAL_POINTS = 162
DECK = deck(
    [Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE]
)
DECK_MASK = mask_from_cards(DECK)
# Drawn-trump pile (§2.3, D10): five cards per suit, drawn without replacement.
PILE_PER_SUIT = 5


def seat_index(seat: int | str) -> int:
    """A seat as 0..3 from an int or a letter N/E/S/W."""
    if isinstance(seat, str) and seat.upper() in SEATS:
        return SEATS.index(seat.upper())
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < NUM_SEATS:
        return seat
    raise ValueError(f"not a seat: {seat!r}; seats are N, E, S, W (or 0-3)")


def team_of(seat: int) -> int:
    """0 for N-S, 1 for E-W."""
    return seat % 2


def _check_game_end(value: Any) -> str | None:
    if isinstance(value, str):
        m = re.fullmatch(r"(deals|points):(\d+)", value)
        if m and int(m.group(2)) >= 1:
            return None
    return "expected 'deals:N' (N >= 1) or 'points:P' (P >= 1), e.g. 'deals:16', 'points:1500'"


def _check_first_dealer(value: Any) -> str | None:
    if value == "random" or value in SEATS:
        return None
    return "expected 'random' or a seat N, E, S, W"


@dataclass(frozen=True, kw_only=True)
class KlaverjasOptions:
    """The option table of §8; names and values exactly as the spec writes them."""

    play_rules: str = choice("amsterdam", ("amsterdam", "rotterdam"), "§3.4, §3.5")
    undertrump_when_cannot_overtrump: str = choice(
        "forbidden_if_alternative", ("forbidden_if_alternative", "compulsory"), "D18, D19"
    )
    trump_selection: str = choice("free", ("free", "utrecht", "drawn"), "§2, D7")
    drawn_forced_choice: str = choice("any_suit", ("any_suit", "other_suit"), "D9")
    drawn_suit_source: str = choice(
        "independent_each_deal", ("independent_each_deal", "persistent_pile"), "D10"
    )
    drawn_first_deal_clubs: bool = choice(False, (False, True), "D10")
    deal_packets: str = choice("3-2-3", ("3-2-3", "4-4"), "§1.7, D6")
    first_dealer: str = checked("random", _check_first_dealer, "D5: 'random' or N/E/S/W")
    roem_claim: str = choice("auto", ("auto", "manual"), "§4.6, D25")
    pit_bonus_for: str = choice("any_team", ("any_team", "playing_team_only"), "D28")
    tie_is_nat: bool = choice(True, (True, False), "D26")
    game_end: str = checked("deals:16", _check_game_end, "D29: 'deals:N' or 'points:P'")
    match_format: str = choice("single_game", ("single_game", "rotating_partners_48"), "D30")
    illegal_play: str = choice("reject", ("reject", "penalize"), "§5.8, D31")
    trick_history_visible: str = choice("all", ("all", "last_trick_only"), "D32")
    signals: str = choice("none", ("none", "same_suit", "opposite_colour"), "§6 (metadata)")
    lead_signals: bool = choice(False, (False, True), "§6 (metadata)")


PRESETS: dict[str, dict[str, Any]] = {
    "rotterdam_dutch_club": {
        "play_rules": "rotterdam",
        "undertrump_when_cannot_overtrump": "compulsory",
    },
}


@dataclass(frozen=True)
class KlaverjasResult:
    """The record of §5.5 for one deal. Team pairs are (N-S, E-W)."""

    declarer: int
    trump: Suit
    method: str
    playing_team: int
    card_points: tuple[int, int]
    roem: tuple[int, int]
    pit: tuple[int, int]
    total: tuple[int, int]
    score: tuple[int, int]
    made: bool
    pit_team: int | None
    penalized_team: int | None

    @property
    def nat(self) -> bool:
        return not self.made

    def to_dict(self) -> dict[str, Any]:
        return {
            "declarer": SEATS[self.declarer],
            "trump": self.trump.letter,
            "method": self.method,
            "playing_team": TEAMS[self.playing_team],
            "card_points": list(self.card_points),
            "roem": list(self.roem),
            "pit": list(self.pit),
            "total": list(self.total),
            "score": list(self.score),
            "made": self.made,
            "pit_team": None if self.pit_team is None else TEAMS[self.pit_team],
            "penalized_team": None if self.penalized_team is None else TEAMS[self.penalized_team],
        }


TRUMP_CALLS = {suit: Action.call(f"trump:{suit.letter}") for suit in Suit}
PASS = Action.call("pass")
ACCEPT = Action.call("accept")
CLAIM = Action.call("claim")


class KlaverjasDeal(Deal):
    """One Klaverjas deal: trump selection, eight tricks, scoring."""

    game: KlaverjasGame

    def __init__(self, game: KlaverjasGame, setup: dict[str, Any]) -> None:
        self.game = game
        self.options = game.options
        self.log = []
        self._setup = setup
        self.dealer: int = setup["dealer"]
        self.forehand: int = (self.dealer + 1) % NUM_SEATS
        self.hands_dealt: list[list[Card]] = [[Card.parse(c) for c in h] for h in setup["hands"]]
        self.proposed_suit: Suit | None = (
            None if setup.get("proposed_suit") is None else Suit.parse(setup["proposed_suit"])
        )
        self.trump: Suit | None = None
        self.declarer: int | None = None
        self.method: str = self.options.trump_selection
        self.calls: list[tuple[int, str]] = []
        self._phase = "trump_selection"
        self._to_move: int | None = self.forehand
        self._forced = False  # everybody passed (or Utrecht): forehand must name a suit
        self.state: _core.PlayState | None = None
        self._claimed = [0, 0]
        self._claimable_trick: int | None = None  # index of a trick whose roem may be claimed
        self._offending_team: int | None = None
        self._result: KlaverjasResult | None = None
        # The legal card actions of the seat to move, as the core gave them with the last card
        # played; the next legal_actions() hands the list over. Only a card play sets it, and
        # every other action clears it.
        self._next_legal: list[Action] | None = None
        if self.options.trump_selection == "utrecht":
            self._forced = True
        if setup.get("trump") is not None:
            self.method = "given"
            self._start_play(Suit.parse(setup["trump"]), seat_index(setup["declarer"]))

    # --- the protocol -------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return SEATS[seat]

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if (
            self._phase == "play"
            and (seat is None or seat == self._to_move)
            and self._claimable_trick is None
        ):  # the card play, the common case: the legal cards alone
            legal = self._next_legal
            if legal is not None:
                self._next_legal = None  # the caller owns the list
                return legal
            assert self.state is not None
            return mask_to_items(self.state.legal_moves(), CARD_ACTION_TABLE)
        seat = self._to_move if seat is None else seat
        if seat is None or self._phase == "over":
            return []
        if self._phase == "trump_selection":
            return self._selection_actions() if seat == self._to_move else []
        actions: list[Action] = []
        if self._claim_open_for(seat):
            actions.append(CLAIM)
        if self._phase == "roem_claim":
            if seat == self._to_move:
                actions.append(PASS)
            return actions
        if seat == self._to_move:
            assert self.state is not None
            actions += card_actions(self.state.legal_moves())
        return actions

    def _accepts_extra(self, action: Action, seat: int) -> bool:
        # illegal_play = penalize: any held card is accepted (§5.8).
        return (
            self.options.illegal_play == "penalize"
            and self._phase == "play"
            and seat == self._to_move
            and action.card is not None
            and self.state is not None
            and bool(self.state.hand(seat) & action.card.mask)
        )

    def _apply(self, action: Action, seat: int) -> Event:
        self._next_legal = None
        if self._phase == "trump_selection":
            return self._apply_selection(action, seat)
        if action == CLAIM:
            return self._apply_claim(seat)
        if action == PASS:  # declining to claim the last trick's roem
            self._claimable_trick = None
            self._finish()
            return Event(seat, "pass", "roem_claim", {})
        assert action.card is not None and self.state is not None
        legal = self.state.play_any_held(action.card.id)
        return self._card_played(action, seat, legal)

    def _try_play(self, action: Action, seat: int | None) -> Event | None:
        to_move = self._to_move
        if self._phase != "play" or (seat is not None and seat != to_move):
            return None
        state = self.state
        assert state is not None and action.card is not None and to_move is not None
        try:
            self._next_legal = state.step_items(action.card.id, CARD_ACTION_TABLE)
        except IllegalAction:  # not a legal card: apply() says why (or takes a penalized play)
            return None
        if state.trick_len == 0 or self._claimable_trick is not None:
            return self._card_played(action, to_move, True)
        # Within a trick, no claim window open: _card_played's first case, inline.
        self._to_move = state.to_move
        return Event(to_move, action.name, "play", {"card": action.name})

    # --- trump selection ----------------------------------------------------------------

    def _selection_actions(self) -> list[Action]:
        suits = list(Suit)
        if self._forced:
            if (
                self.options.trump_selection == "drawn"
                and self.options.drawn_forced_choice == "other_suit"
            ):
                suits = [s for s in suits if s != self.proposed_suit]
            return [TRUMP_CALLS[s] for s in suits]
        if self.options.trump_selection == "drawn":
            return [ACCEPT, PASS]
        return [PASS] + [TRUMP_CALLS[s] for s in suits]

    def _apply_selection(self, action: Action, seat: int) -> Event:
        self.calls.append((seat, str(action)))
        if action == PASS:
            if seat == self.dealer:  # everyone passed: forehand must choose (§2.1.4, §2.3.3)
                self._forced = True
                self._to_move = self.forehand
            else:
                self._to_move = (seat + 1) % NUM_SEATS
            return Event(seat, "pass", "trump_selection", {})
        if action == ACCEPT:
            assert self.proposed_suit is not None
            suit = self.proposed_suit
        else:
            suit = Suit.parse(action.name.split(":", 1)[1])
        self._start_play(suit, seat)
        return Event(
            seat, str(action), "trump_selection", {"trump": suit.letter, "declarer": SEATS[seat]}
        )

    def _start_play(self, trump: Suit, declarer: int) -> None:
        self.trump = trump
        self.declarer = declarer
        rules = _core.klaverjas_rules(
            int(trump),
            rotterdam=self.options.play_rules == "rotterdam",
            undertrump_compulsory=self.options.undertrump_when_cannot_overtrump == "compulsory",
        )
        hands = [mask_from_cards(h) for h in self.hands_dealt]
        self.state = _core.PlayState(rules, hands, [0, 1, 0, 1], self.forehand)
        self._phase = "play"
        self._to_move = self.forehand  # forehand always leads (§1.8, D13)

    # --- play and roem ------------------------------------------------------------------

    def _claim_open_for(self, seat: int) -> bool:
        if self._claimable_trick is None or self.state is None:
            return False
        return team_of(self.state.trick_record(self._claimable_trick).winner) == team_of(seat)

    def _apply_claim(self, seat: int) -> Event:
        assert self.state is not None and self._claimable_trick is not None
        record = self.state.trick_record(self._claimable_trick)
        self._claimed[team_of(record.winner)] += record.bonus
        trick = self._claimable_trick
        self._claimable_trick = None
        if self._phase == "roem_claim":
            self._finish()
        return Event(seat, "claim", "play", {"trick": trick + 1, "roem": record.bonus})

    def _card_played(self, action: Action, seat: int, legal: bool) -> Event:
        """The deal after the core played ``action``'s card for ``seat`` (``legal``: whether
        the card was a legal one; an illegal one is a penalized play)."""
        state = self.state
        assert state is not None
        if not legal and self._offending_team is None:
            self._offending_team = team_of(seat)
        self._claimable_trick = None  # the claim window closes with the next card (§4.6)
        detail: dict[str, Any] = {"card": action.name}
        if not legal:
            detail["illegal"] = True
        if state.trick_len != 0:  # within a trick: the play goes on
            self._to_move = state.to_move
            return Event(seat, action.name, "play", detail)
        # The card completed a trick (and the last trick ends the play).
        record = state.trick_record(-1)
        tricks = state.tricks_played
        winner = record.winner
        bonus = record.bonus
        detail["trick"] = tricks
        detail["trick_winner"] = SEATS[winner]
        detail["trick_points"] = record.points
        detail["roem"] = bonus
        if bonus > 0 and self.options.roem_claim == "manual":
            self._claimable_trick = tricks - 1
        if state.is_terminal():  # the last trick ends the play
            if self._claimable_trick is not None:
                self._phase = "roem_claim"
                self._to_move = winner
            else:
                self._finish()
        else:
            self._to_move = state.to_move
        return Event(seat, action.name, "play", detail)

    def _finish(self) -> None:
        state = self.state
        assert state is not None and self.declarer is not None and self.trump is not None
        if self.options.roem_claim == "auto":
            roem = (state.side_bonus(0), state.side_bonus(1))
        else:
            roem = (self._claimed[0], self._claimed[1])
        playing = team_of(self.declarer)
        score = _core.klaverjas_score(
            state,
            playing,
            roem,
            pit_for_any_team=self.options.pit_bonus_for == "any_team",
            tie_is_nat=self.options.tie_is_nat,
            offending_team=-1 if self._offending_team is None else self._offending_team,
        )
        self._result = KlaverjasResult(
            declarer=self.declarer,
            trump=self.trump,
            method=self.method,
            playing_team=playing,
            card_points=_pair(score.card_points),
            roem=_pair(score.roem),
            pit=_pair(score.pit),
            total=_pair(score.total),
            score=_pair(score.score),
            made=score.made,
            pit_team=None if score.pit_team < 0 else score.pit_team,
            penalized_team=self._offending_team,
        )
        self._phase = "over"
        self._to_move = None

    def result(self) -> KlaverjasResult | None:
        return self._result

    # --- views --------------------------------------------------------------------------

    def play_state(self) -> _core.PlayState:
        """A copy of the C++ play state (raises before trumps are chosen)."""
        if self.state is None:
            raise IllegalAction("there is no play state before the trump suit is chosen")
        return self.state.copy()

    def hand(self, seat: int | str) -> list[Card]:
        """The cards a seat holds now."""
        s = seat_index(seat)
        if self.state is None:
            return sorted(self.hands_dealt[s])
        return cards_from_mask(self.state.hand(s))

    def completed_tricks(self) -> list[dict[str, Any]]:
        if self.state is None:
            return []
        return trick_log(self.state, SEATS, bonus_name="roem")

    def observation(self, seat: int | str) -> dict[str, Any]:
        s = seat_index(seat)
        tricks = self.completed_tricks()
        if self.options.trick_history_visible == "last_trick_only":
            tricks = tricks[-1:]
        current = []
        if self.state is not None:
            current = [[SEATS[p], _core.card_to_string(c)] for p, c in self.state.trick()]
        team_points = [0, 0]
        team_roem = [0, 0]
        if self.state is not None:
            team_points = [self.state.side_points(0), self.state.side_points(1)]
            if self.options.roem_claim == "auto":
                team_roem = [self.state.side_bonus(0), self.state.side_bonus(1)]
            else:
                team_roem = list(self._claimed)
        obs: dict[str, Any] = {
            "game": "klaverjas",
            "seat": SEATS[s],
            "phase": self._phase,
            "to_move": None if self._to_move is None else SEATS[self._to_move],
            "dealer": SEATS[self.dealer],
            "forehand": SEATS[self.forehand],
            "hand": [str(c) for c in self.hand(s)],
            "hand_sizes": [len(self.hand(p)) for p in range(NUM_SEATS)],
            "calls": [[SEATS[p], call] for p, call in self.calls],
            "proposed_suit": None if self.proposed_suit is None else self.proposed_suit.letter,
            "trump": None if self.trump is None else self.trump.letter,
            "declarer": None if self.declarer is None else SEATS[self.declarer],
            "trick": current,
            "tricks": tricks,
            "card_points": team_points,
            "roem": team_roem,
            "conventions": {
                "signals": self.options.signals,
                "lead_signals": self.options.lead_signals,
            },
            "legal_actions": [str(a) for a in self.legal_actions(s)],
            "result": None if self._result is None else self._result.to_dict(),
        }
        return obs

    def position(self) -> str:
        """The position text: dealer, trump, declarer, rules, dealt hands and cards played.

        ``KlaverjasGame.parse_position`` reads it back exactly.
        """
        if self.trump is None or self.declarer is None:
            raise IllegalAction("a position needs the trump suit and declarer; choose trumps first")
        hands = " ".join(format_hand(h) for h in self.hands_dealt)
        text = (
            f"dealer={SEATS[self.dealer]} trump={self.trump.letter} "
            f"declarer={SEATS[self.declarer]} rules={self.options.play_rules} N:{hands}"
        )
        if self.state is not None and self.state.cards_played:
            text += " | " + " ".join(_core.card_to_string(c) for _, c in self.state.history())
        return text

    def __repr__(self) -> str:
        return f"<KlaverjasDeal phase={self._phase} to_move={self._to_move}>"


def _pair(values: Any) -> tuple[int, int]:
    return (int(values[0]), int(values[1]))


def deal_packets(order: list[Card], dealer: int, packets: str) -> list[list[Card]]:
    """Deal a 32-card pack (top first) in packets from forehand to dealer (§1.7)."""
    sizes = [3, 2, 3] if packets == "3-2-3" else [4, 4]
    hands: list[list[Card]] = [[] for _ in range(NUM_SEATS)]
    pos = 0
    for size in sizes:
        for k in range(NUM_SEATS):
            seat = (dealer + 1 + k) % NUM_SEATS
            hands[seat] += order[pos : pos + size]
            pos += size
    return hands


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
        dealer_seat = self._first_dealer(rng) if dealer is None else seat_index(dealer)
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

    def _first_dealer(self, rng: _core.Rng) -> int:
        if self.options.first_dealer == "random":
            return int(rng.below(NUM_SEATS))
        return SEATS.index(self.options.first_dealer)

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
        fields, hands_text, plays = split_position(
            text, "N", ("dealer", "trump", "declarer", "rules"), ("dealer", "trump", "declarer")
        )
        if len(hands_text) != NUM_SEATS:
            raise ValueError(
                f"malformed position: expected N: followed by 4 hands, got {len(hands_text)}"
            )
        rules = fields.get("rules", self.options.play_rules)
        if rules != self.options.play_rules:
            raise ValueError(
                f"position is for rules={rules} but this game plays {self.options.play_rules}; "
                f"load it with tt.load('klaverjas', play_rules={rules!r})"
            )
        hands = [parse_hand(h) for h in hands_text]
        deal = self.new_deal(
            seed=0,
            dealer=fields["dealer"],
            hands=hands,
            trump=fields["trump"],
            declarer=fields["declarer"],
        )
        for tok in plays:
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


# Partnerships of the 48-deal tournament (§5.7): players 0..3 are P1..P4, seated N, E, S, W.
ROTATION_SEATING = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))


@dataclass(frozen=True)
class KlaverjasStandings:
    """Running or final standings of a game (or the 48-deal tournament)."""

    team_scores: tuple[int, int]  # current game, (N-S, E-W)
    deals_played: int
    over: bool
    winner: str | None  # "NS", "EW", "draw" (single game) or "P1".. (tournament), None if open
    player_totals: tuple[int, int, int, int] | None = None  # tournament only
    ranking: tuple[tuple[str, ...], ...] | None = None  # tournament: groups sharing a place

    def to_dict(self) -> dict[str, Any]:
        return {
            "team_scores": list(self.team_scores),
            "deals_played": self.deals_played,
            "over": self.over,
            "winner": self.winner,
            "player_totals": None if self.player_totals is None else list(self.player_totals),
            "ranking": None if self.ranking is None else [list(g) for g in self.ranking],
        }


def game_is_over(game_end: str, scores: list[int] | tuple[int, int], deals: int) -> bool:
    """The end rule of §5.6: after N deals, or once a team reaches P points with no tie."""
    kind, _, number = game_end.partition(":")
    limit = int(number)
    if kind == "deals":
        return deals >= limit
    return max(scores) >= limit and scores[0] != scores[1]


def tournament_standings(
    game_scores: list[list[int]] | list[tuple[int, int]],
) -> tuple[tuple[int, int, int, int], tuple[tuple[str, ...], ...]]:
    """Individual totals of P1..P4 over the rotation of §5.7, and the ranking (groups of
    players sharing a place, best first)."""
    totals = [0, 0, 0, 0]
    for g, scores in enumerate(game_scores):
        for seat, player in enumerate(ROTATION_SEATING[g]):
            totals[player] += scores[team_of(seat)]
    ranking = tuple(
        tuple(f"P{p + 1}" for p in range(4) if totals[p] == value)
        for value in sorted(set(totals), reverse=True)
    )
    return (totals[0], totals[1], totals[2], totals[3]), ranking


def score_sheet_is_consistent(ns_total: int, ew_total: int, deals: int) -> bool:
    """The game-total invariant of §5.9: after n deals the two totals sum to 162 n plus a
    multiple of 10 (every roem value and the pit bonus are multiples of 10)."""
    total = ns_total + ew_total
    return total >= DEAL_POINTS * deals and (total - DEAL_POINTS * deals) % 10 == 0


class KlaverjasMatch(Match):
    """A game of 16 deals with dealer rotation and running totals (§1.5, §5.6), or the 48-deal
    tournament with rotating partners (§5.7). Seats of ``to_move`` and ``apply`` are players
    P1..P4 as 0..3; in a single game they are the seats N, E, S, W.
    """

    game: KlaverjasGame

    def __init__(self, game: KlaverjasGame, setup: dict[str, Any]) -> None:
        self.game = game
        self.options = game.options
        self.log = []
        self._setup = setup
        self._rng = _core.Rng(setup["seed"])
        self.games_total = 3 if self.options.match_format == "rotating_partners_48" else 1
        self.game_index = 0
        self.results: list[list[KlaverjasResult]] = [[]]
        self.game_scores: list[list[int]] = [[0, 0]]
        self._pile: list[Suit] = []
        self._dealer = 0
        self._over = False
        self._start_game()

    # --- deal sequencing ----------------------------------------------------------------

    def _start_game(self) -> None:
        self._dealer = self.game._first_dealer(self._rng)
        self._new_deal()

    def _seating(self) -> tuple[int, ...]:
        """Player at each seat N, E, S, W in the current game."""
        return ROTATION_SEATING[self.game_index] if self.games_total == 3 else (0, 1, 2, 3)

    def _proposed_suit(self) -> Suit | None:
        if self.options.trump_selection != "drawn":
            return None
        first = self.game_index == 0 and not self.results[0]
        if first and self.options.drawn_first_deal_clubs:
            return Suit.CLUBS
        if self.options.drawn_suit_source == "persistent_pile":
            if not self._pile:
                pile = [s for s in Suit for _ in range(PILE_PER_SUIT)]
                self._pile = [pile[i] for i in self._rng.shuffled(list(range(len(pile))))]
            return self._pile.pop()
        return Suit(self._rng.below(4))

    def _new_deal(self) -> None:
        proposed = self._proposed_suit()
        self.deal = self.game.new_deal(
            seed=int(self._rng.next() >> 1), dealer=self._dealer, proposed_suit=proposed
        )

    def _deal_finished(self) -> None:
        result = self.deal.result()
        assert result is not None
        self.results[self.game_index].append(result)
        scores = self.game_scores[self.game_index]
        scores[0] += result.score[0]
        scores[1] += result.score[1]
        if game_is_over(self.options.game_end, scores, len(self.results[self.game_index])):
            if self.game_index + 1 < self.games_total:
                self.game_index += 1
                self.results.append([])
                self.game_scores.append([0, 0])
                self._start_game()
            else:
                self._over = True
            return
        self._dealer = (self._dealer + 1) % NUM_SEATS
        self._new_deal()

    # --- the protocol -------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return "over" if self._over else self.deal.phase

    @property
    def to_move(self) -> int | None:
        if self._over or self.deal.to_move is None:
            return None
        return self._seating()[self.deal.to_move]

    def seat_of(self, player: int) -> int:
        """The seat (0..3 = N, E, S, W) where a player sits in the current game."""
        return self._seating().index(player)

    def seat_name(self, seat: int) -> str:
        return f"P{seat + 1}" if self.games_total == 3 else SEATS[seat]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self._over:
            return []
        player = self.to_move if seat is None else seat
        if player is None:
            return []
        return self.deal.legal_actions(self.seat_of(player))

    def _accepts_extra(self, action: Action, seat: int) -> bool:
        return self.deal._accepts_extra(action, self.seat_of(seat))

    def _apply(self, action: Action, seat: int) -> Event:
        event = self.deal._apply(action, self.seat_of(seat))
        self.deal.log.append((self.seat_of(seat), str(action)))
        if self.deal.is_over:
            self._deal_finished()
        return event

    def observation(self, seat: int) -> dict[str, Any]:
        if not 0 <= seat < NUM_SEATS:
            raise ValueError(f"not a player: {seat!r}; players are 0..3")
        obs = self.deal.observation(self.seat_of(seat)) if not self._over else {}
        obs.update(
            {
                "player": seat,
                "match": {
                    "game": self.game_index + 1,
                    "games": self.games_total,
                    "deal": len(self.results[self.game_index]) + (0 if self._over else 1),
                    "team_scores": list(self.game_scores[self.game_index]),
                    "seating": [f"P{p + 1}" for p in self._seating()],
                    "over": self._over,
                },
            }
        )
        return obs

    def result(self) -> KlaverjasStandings:
        scores = self.game_scores[self.game_index]
        deals = sum(len(r) for r in self.results)
        if self.games_total == 1:
            winner = None
            if self._over:
                winner = "draw" if scores[0] == scores[1] else TEAMS[scores.index(max(scores))]
            return KlaverjasStandings((scores[0], scores[1]), deals, self._over, winner)
        totals, ranking = tournament_standings(self.game_scores)
        winner = None
        if self._over:
            winner = "/".join(ranking[0])
        return KlaverjasStandings(
            (scores[0], scores[1]),
            deals,
            self._over,
            winner,
            totals,
            ranking,
        )

    def __repr__(self) -> str:
        return f"<KlaverjasMatch game={self.game_index + 1} phase={self.phase}>"


def _make_game(*, preset: str | None = None, **options: Any) -> KlaverjasGame:
    return KlaverjasGame(build_options(KlaverjasOptions, PRESETS, preset, options, "klaverjas"))


FAMILY = Family(
    name="klaverjas",
    package=__name__,
    variants=(
        Variant(
            "klaverjas",
            "Klaverjas (Dutch jass): Amsterdam and Rotterdam, free / Utrecht / drawn trump",
            _make_game,
            KlaverjasOptions,
            PRESETS,
            aliases=("klaverjassen",),
        ),
    ),
    tensors=hook("tensors", "CODEC"),
    knowledge=hook("knowledge", "KNOWLEDGE"),
    solver=hook("tables", "SOLVER"),
    playouts=hook("tables", "PLAYOUTS"),
    rule_bot=hook("bot", "RULE_BOT"),
    pimc=hook("bot", "PIMC"),
    view=hook("view", "VIEW"),
    summary=hook("summary", "SUMMARY"),
    metric=hook("summary", "METRIC"),
    episode=hook("episode", "EPISODE"),
)
register(FAMILY)
