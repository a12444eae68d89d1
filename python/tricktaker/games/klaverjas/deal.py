"""One Klaverjas deal: trump selection (free, Utrecht or drawn, §2), the eight tricks with roem
claims (§4) and the scoring of §5, on the C++ play state; and the dealing of the pack (§1.7)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any, TypeVar

from tricktaker import _core
from tricktaker._core import CardStep, mask_to_items
from tricktaker.cards import Card, Suit
from tricktaker.errors import IllegalAction
from tricktaker.games.klaverjas.notation import write_position
from tricktaker.games.klaverjas.observation import DealViews
from tricktaker.games.klaverjas.options import (
    NUM_SEATS,
    SEATS,
    KlaverjasOptions,
    seat_index,
    team_of,
)
from tricktaker.games.klaverjas.result import KlaverjasResult
from tricktaker.games.klaverjas.tables import rules_table
from tricktaker.protocol.base import (
    CARD_ACTION_TABLE,
    CARD_NAMES,
    Action,
    Event,
    Game,
    card_actions,
    card_of_text,
)

SUITS = list(Suit)  # iterating an Enum class is slow, and every deal lists the suits
TRUMP_CALLS = {suit: Action.call(f"trump:{suit.letter}") for suit in SUITS}
SUIT_OF_CALL = {action.name: suit for suit, action in TRUMP_CALLS.items()}
PASS = Action.call("pass")
FREE_CHOICE = [PASS] + [TRUMP_CALLS[s] for s in SUITS]  # pass or name a suit (§2.1)
BITS = [1 << i for i in range(64)]  # the mask of each card id
ACCEPT = Action.call("accept")
# The rules tables of the play, by (play_rules, undertrump rule, trump): never handed out, only
# read by the play states made from them.
_RULES: dict[tuple[str, str, Suit], _core.RulesTable] = {}
CLAIM = Action.call("claim")
# What the core's card step does with each card (protocol.base.Deal): the card, and for a
# trick's last card its number, winner, points and roem; a trick with roem to claim (manual
# claims) and the last trick come back to the deal (_card_stepped).
_CARD_STEPS = {
    manual: CardStep(
        "play",
        detail_card="card",
        trick_detail=[
            ("trick", "trick"),
            ("trick_winner", "winner"),
            ("trick_points", "points"),
            ("roem", "bonus"),
        ],
        hook_on_bonus=manual,
    )
    for manual in (False, True)
}


# --- trump selection: the rules, for the deal and for the rows of random play ----------------


def starts_forced(options: KlaverjasOptions) -> bool:
    """Whether forehand must name a suit from the start (Utrecht, §2.2), no pass allowed."""
    return options.trump_selection == "utrecht"


def selection_actions(
    options: KlaverjasOptions, forced: bool, proposed: Suit | None
) -> list[Action]:
    """The calls open to the seat to move in trump selection, in the order ``legal_actions()``
    lists them: a suit when forced (under drawn trump with ``other_suit``, not the drawn one),
    else accept or pass the drawn suit, else pass or name a suit (§2.1)."""
    if forced:
        if options.trump_selection == "drawn" and options.drawn_forced_choice == "other_suit":
            return [TRUMP_CALLS[s] for s in SUITS if s != proposed]
        return [TRUMP_CALLS[s] for s in SUITS]
    if options.trump_selection == "drawn":
        return [ACCEPT, PASS]
    return FREE_CHOICE.copy()  # the caller owns the list


def after_pass(seat: int, dealer: int, forced: bool) -> tuple[int, bool]:
    """Who calls after ``seat`` passes, and whether that call is forced: after the dealer
    everyone has passed and forehand must choose (§2.1.4, §2.3.3)."""
    if seat == dealer:
        return (dealer + 1) % NUM_SEATS, True
    return (seat + 1) % NUM_SEATS, forced


class KlaverjasDeal(DealViews):
    """One Klaverjas deal: trump selection, eight tricks, scoring."""

    def __init__(
        self,
        game: Game,
        setup: dict[str, Any],
        *,
        dealt: Sequence[Sequence[int]] | None = None,
        masks: list[int] | None = None,
    ) -> None:
        """A deal from its checked set-up; ``dealt``: the set-up's hands as card ids, when the
        caller has them (a shuffle): then the set-up's ``hands`` may be None, and their texts
        are made when the set-up is asked for; ``masks``: the same hands as bit masks, when
        the caller has them too."""
        self.game = game
        self.options = game.options
        self.log = []
        self._setup_fields = setup
        self.dealer: int = setup["dealer"]
        self.forehand: int = (self.dealer + 1) % NUM_SEATS
        if dealt is None:
            dealt = [[card_of_text(c).id for c in h] for h in setup["hands"]]
        self._hand_ids = dealt
        self._hands_dealt: list[list[Card]] | None = None  # built when asked for
        self._hand_masks = (
            [sum(map(BITS.__getitem__, h)) for h in dealt] if masks is None else masks
        )
        self.proposed_suit: Suit | None = (
            None if setup.get("proposed_suit") is None else Suit.parse(setup["proposed_suit"])
        )
        self.trump: Suit | None = None
        self.declarer: int | None = None
        self.method: str = self.options.trump_selection
        self.calls: list[tuple[int, str]] = []
        self._phase = "trump_selection"
        self._to_move: int | None = self.forehand
        self._forced = starts_forced(self.options)  # forehand must name a suit
        self.state: _core.PlayState | None = None
        self._claimed = [0, 0]
        self._claimable_trick: int | None = None  # index of a trick whose roem may be claimed
        self._offending_team: int | None = None
        self._result: KlaverjasResult | None = None
        # The legal card actions of the seat to move, as the core gave them with the last card
        # played; the next legal_actions() hands the list over. Only a card play sets it, and
        # every other action clears it.
        self._next_legal: list[Action] | None = None
        if setup.get("trump") is not None:
            self.method = "given"
            self._start_play(Suit.parse(setup["trump"]), seat_index(setup["declarer"]))

    @property
    def _setup(self) -> dict[str, Any]:
        """The set-up in its JSON form; a shuffle's hands get their texts when first asked for
        (a simulation never asks)."""
        setup = self._setup_fields
        if setup["hands"] is None:
            setup["hands"] = [[CARD_NAMES[c] for c in h] for h in self._hand_ids]
        return setup

    @_setup.setter
    def _setup(self, setup: dict[str, Any]) -> None:
        self._setup_fields = setup

    # --- the protocol -------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return SEATS[seat]

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
        name = action.name  # comparing the names: Action's __eq__ is a Python call
        if name == "claim":
            return self._apply_claim(seat)
        if name == "pass":  # declining to claim the last trick's roem
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

    def _card_step_now(self) -> CardStep | None:
        if self._phase != "play" or self._claimable_trick is not None:
            return None  # a claim window lists CLAIM beside the cards
        return _CARD_STEPS[self.options.roem_claim == "manual"]

    def _card_stepped(self, action: Action, seat: int, detail: dict[str, Any]) -> Event:
        state = self.state
        assert state is not None
        return self._trick_completed(action, seat, detail, state.trick_record(-1).bonus)

    def _card_run(self) -> _core.PlayState | None:
        # With roem counted automatically nothing but cards comes between the first card and
        # the scoring; a claim window (manual roem) needs the deal after every trick.
        if (
            self._phase != "play"
            or self.options.roem_claim != "auto"
            or self._claimable_trick is not None
        ):
            return None
        return self.state

    def _end_card_run(self) -> None:
        self._next_legal = None
        self._finish()

    # --- trump selection ----------------------------------------------------------------

    def _selection_actions(self) -> list[Action]:
        return selection_actions(self.options, self._forced, self.proposed_suit)

    def _apply_selection(self, action: Action, seat: int) -> Event:
        name = action.name
        self.calls.append((seat, name))
        if name == "pass":
            self._to_move, self._forced = after_pass(seat, self.dealer, self._forced)
            return Event(seat, "pass", "trump_selection", {})
        if name == "accept":
            assert self.proposed_suit is not None
            suit = self.proposed_suit
        else:
            suit = SUIT_OF_CALL[name]
        self._start_play(suit, seat)
        return Event(seat, name, "trump_selection", {"trump": suit.letter, "declarer": seat})

    def _start_play(self, trump: Suit, declarer: int) -> None:
        self.trump = trump
        self.declarer = declarer
        options = self.options
        key = (options.play_rules, options.undertrump_when_cannot_overtrump, trump)
        rules = _RULES.get(key)
        if rules is None:  # the play state copies the table: one per rule set can serve all
            rules = _RULES[key] = rules_table(options, int(trump))
        self.state = _core.PlayState(rules, self._hand_masks, [0, 1, 0, 1], self.forehand)
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
        phase = self._phase  # a claim of the last trick's roem is made in roem_claim
        if phase == "roem_claim":
            self._finish()
        return Event(seat, "claim", phase, {"trick": trick + 1, "roem": record.bonus})

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
        detail["trick"] = state.tricks_played
        detail["trick_winner"] = record.winner
        detail["trick_points"] = record.points
        detail["roem"] = record.bonus
        return self._trick_completed(action, seat, detail, record.bonus)

    def _trick_completed(
        self, action: Action, seat: int, detail: dict[str, Any], bonus: int
    ) -> Event:
        """The deal after ``action``'s card completed a trick with ``bonus`` roem, ``detail``
        its event's detail: a claim window (manual roem), the end of the play."""
        state = self.state
        assert state is not None
        tricks = state.tricks_played
        if bonus > 0 and self.options.roem_claim == "manual":
            self._claimable_trick = tricks - 1
        if state.is_terminal():  # the last trick ends the play
            if self._claimable_trick is not None:
                self._phase = "roem_claim"
                self._to_move = state.trick_record(-1).winner
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
        # By position (pit_for_any_team, tie_is_nat, offending_team after the roem): the
        # bindings take keywords several times slower, and every deal is scored.
        card_points, roem, pit, total, score, made, pit_team = _core.klaverjas_score_fields(
            state,
            playing,
            roem,
            self.options.pit_bonus_for == "any_team",
            self.options.tie_is_nat,
            -1 if self._offending_team is None else self._offending_team,
        )
        self._result = KlaverjasResult.of(
            declarer=self.declarer,
            trump=self.trump,
            method=self.method,
            playing_team=playing,
            card_points=card_points,
            roem=roem,
            pit=pit,
            total=total,
            score=score,
            made=made,
            pit_team=None if pit_team < 0 else pit_team,
            penalized_team=self._offending_team,
        )
        self._phase = "over"
        self._to_move = None

    def result(self) -> KlaverjasResult | None:
        return self._result

    # --- the position text --------------------------------------------------------------

    def position(self) -> str:
        """The position text: dealer, trump, declarer, rules, dealt hands and cards played.

        ``KlaverjasGame.parse_position`` reads it back exactly.
        """
        if self.trump is None or self.declarer is None:
            raise IllegalAction("a position needs the trump suit and declarer; choose trumps first")
        played: list[str] = []
        if self.state is not None and self.state.cards_played:
            played = [_core.card_to_string(c) for _, c in self.state.history()]
        return write_position(
            dealer=self.dealer,
            trump=self.trump,
            declarer=self.declarer,
            play_rules=self.options.play_rules,
            hands_dealt=self.hands_dealt,
            played=played,
        )

    def __repr__(self) -> str:
        return f"<KlaverjasDeal phase={self._phase} to_move={self._to_move}>"


Item = TypeVar("Item")


def deal_packets(order: list[Item], dealer: int, packets: str) -> list[list[Item]]:
    """Deal a 32-card pack (top first) in packets from forehand to dealer (§1.7)."""
    sizes = [3, 2, 3] if packets == "3-2-3" else [4, 4]
    hands: list[list[Item]] = [[] for _ in range(NUM_SEATS)]
    pos = 0
    for size in sizes:
        for k in range(NUM_SEATS):
            seat = (dealer + 1 + k) % NUM_SEATS
            hands[seat] += order[pos : pos + size]
            pos += size
    return hands


def _packet_takers(packets: str, dealer: int) -> list[itemgetter[Any]]:
    """For each seat, the getter of its cards' places in the pack as ``deal_packets`` deals."""
    places = deal_packets(list(range(32)), dealer, packets)
    return [itemgetter(*hand) for hand in places]


# The getters of every packet rule and dealer: dealing a shuffle is eight look-ups per seat.
_PACKET_TAKERS = {
    (packets, dealer): _packet_takers(packets, dealer)
    for packets in ("3-2-3", "4-4")
    for dealer in range(NUM_SEATS)
}


def packet_ids(order: list[int], dealer: int, packets: str) -> list[tuple[int, ...]]:
    """``deal_packets`` of a pack of card ids (top first)."""
    return [take(order) for take in _PACKET_TAKERS[packets, dealer]]


def first_dealer(options: KlaverjasOptions, rng: _core.Rng) -> int:
    """The dealer of a game's first deal by the ``first_dealer`` option (D5): a seat, or one
    drawn from ``rng``."""
    seat = fixed_first_dealer(options)
    return int(rng.below(NUM_SEATS)) if seat is None else seat


def fixed_first_dealer(options: KlaverjasOptions) -> int | None:
    """The seat the ``first_dealer`` option names (D5), or None where it is drawn."""
    return None if options.first_dealer == "random" else SEATS.index(options.first_dealer)
