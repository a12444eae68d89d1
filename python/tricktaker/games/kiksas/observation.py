"""What a seat may see of a Kiksas or Trikiksis deal: who writes and who is active, the hands
(the Third's hidden before trumps, the Akis opponents' shown after the first lead), the peeked
card, the tricks and the observation with the public events (§3.12, D6)."""

from __future__ import annotations

import functools
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Suit, cards_from_mask
from tricktaker.errors import IllegalAction
from tricktaker.games.kiksas.options import PAIRS, SEATS, KiksasOptions, seat_index
from tricktaker.games.kiksas.result import KiksasResult
from tricktaker.protocol.base import Deal, trick_log

# The events an observation leaves out when the history is hidden (history_visible = false, D6).
_HISTORY_EVENTS = frozenset({"CardPlayed", "TrickCompleted", "TargetReached"})


@functools.lru_cache(maxsize=64)
def _side_names(sides: tuple[int, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Each side's name and seats (side 0, then 1) of a deal whose seats have these sides; the
    sides are few, and a deal's end and every observation ask for them."""
    members = [tuple(s for s, side in enumerate(sides) if side == k) for k in (0, 1)]
    return tuple(("-".join(SEATS[s] for s in seats), seats) for seats in members)


class DealViews(Deal):
    """The views of a deal, the base of ``KiksasDeal`` (``deal.py``), whose constructor sets
    the attributes declared here."""

    options: KiksasOptions
    n: int
    trikiksis: bool
    deal_type: str
    dealer: int
    first: int
    second: int
    third: int | None
    targets: tuple[int, int] | None
    events: list[dict[str, Any]]
    trump: Suit | None
    akis: tuple[int, str, Suit | None] | None
    sitting_out: int | None
    exposed: bool
    peek_end: str | None
    peek_accepted: bool | None
    clubs_queen_holder: int | None
    active_player: int | None
    state: _core.PlayState | None
    hands_dealt: list[list[Card]] | None
    _order: list[Card]
    _result: KiksasResult | None

    # --- who is who, as every seat knows it ---------------------------------------------

    def writing_pair(self) -> int | None:
        """Kiksas: the pair that writes (0 = AC, 1 = BD); None before deal 1 is dealt."""
        if self.trikiksis:
            return None
        if self.deal_type == "first":
            return None if self.clubs_queen_holder is None else self.clubs_queen_holder % 2
        return self.first % 2 if self.deal_type == "writing" else 1 - self.first % 2

    def _writing_pair_name(self) -> str | None:
        w = self.writing_pair()
        return None if w is None else PAIRS[w]

    def _active_name(self) -> str | None:
        """Trikiksis: the active player (the writer or the writing-off player)."""
        return None if self.active_player is None else SEATS[self.active_player]

    def _sides(self) -> list[int]:
        """Side of each seat in the play state."""
        if not self.trikiksis:
            return [s % 2 for s in range(self.n)]
        lone = self.akis[0] if self.akis is not None else self.active_player
        if lone is None:
            # Before the First's peek is resolved no hand is dealt, but the First is the
            # active player of every deal after the first (§4.6).
            lone = self.first
        return [0 if s == lone else 1 for s in range(self.n)]

    def _side_members(self, side: int) -> list[int]:
        sides = self._sides()
        return [s for s in range(self.n) if sides[s] == side]

    def _side_name(self, side: int) -> str:
        """A side's seats' letters run together: the pairs AC and BD; in Trikiksis the lone
        player ("B") and the others ("AC")."""
        if not self.trikiksis:
            return PAIRS[side]
        return "".join(SEATS[s] for s in self._side_members(side))

    def sides(self) -> list[dict[str, Any]]:
        """The sides the deal is scored and solved by, by side id: ``{"name", "seats"}``.

        A side is named by its seats' letters joined by hyphens ("A-C", "B-D"; in Trikiksis
        "B" and "A-C"), which ``tt.solve(side=...)`` takes as it takes "AC"; run together, a
        pair's name would read as a card (the ace of clubs)."""
        return [
            {"name": name, "seats": list(seats)}
            for name, seats in _side_names(tuple(self._sides()))
        ]

    def _akis_opponents(self) -> list[int]:
        assert self.akis is not None
        player = self.akis[0]
        return [s for s in range(self.n) if s != player and s != self.sitting_out]

    @property
    def peeked_card(self) -> Card | None:
        """The card the First peeked at (private to the First), or None."""
        if self.peek_end is None:
            return None
        return self._order[0] if self.peek_end == "top" else self._order[-1]

    # --- views --------------------------------------------------------------------------

    def play_state(self) -> _core.PlayState:
        """A copy of the C++ play state (raises before the play starts)."""
        if self.state is None:
            raise IllegalAction("there is no play state before trumps and Akis are settled")
        return self.state.copy()

    def hand(self, seat: int | str) -> list[Card]:
        """The cards a seat holds now (all-knowing view; see ``observation`` for a seat's)."""
        s = seat_index(seat, self.n)
        if self.hands_dealt is None:
            return []
        if self.state is not None and s != self.sitting_out:
            return cards_from_mask(self.state.hand(s))
        return sorted(self.hands_dealt[s])

    def visible_hand(self, seat: int) -> list[Card] | None:
        """What a seat sees of its own hand: None before the deal or, for the Kiksas Third,
        before trumps are chosen; the Trikiksis First sees only its first six before that."""
        if self.hands_dealt is None:
            return None
        choosing = self.deal_type != "first" and self.trump is None
        if choosing and not self.trikiksis and seat == self.third:
            return None
        if choosing and self.trikiksis and seat == self.first:
            return sorted(self.hands_dealt[seat][:6])
        return self.hand(seat)

    def completed_tricks(self) -> list[dict[str, Any]]:
        """The completed tricks: leader, cards and winner by seat id, and the card points
        (with the last trick's bonus of 10)."""
        if self.state is None:
            return []
        return trick_log(self.state)

    def observation(self, seat: int | str) -> dict[str, Any]:
        """What ``seat`` (an id or a letter) may see, in the form every game shares
        (``tricktaker.protocol.schema``: seats by id, sides by side id) with this game's own
        fields (``schema.py`` describes them)."""
        s = seat_index(seat, self.n)
        hidden_events = set() if self.options.history_visible else _HISTORY_EVENTS
        own = self.visible_hand(s)
        hand_sizes = [
            0 if self.hands_dealt is None or p == self.sitting_out else len(self.hand(p))
            for p in range(self.n)
        ]
        open_hands: list[list[str] | None] = [None] * self.n
        if self.exposed:
            for opp in self._akis_opponents():
                open_hands[opp] = [str(c) for c in self.hand(opp)]
        obs: dict[str, Any] = {
            "game": self.game.name,
            "seat": s,
            "seats": list(SEATS[: self.n]),
            "sides": self.sides(),
            "phase": self._phase,
            "to_move": self._to_move,
            "dealer": self.dealer,
            "hand": None if own is None else [str(c) for c in own],
            "hand_sizes": hand_sizes,
            "trump": None if self.trump is None else self.trump.letter,
            "trick": []
            if self.state is None
            else [[p, _core.card_to_string(c)] for p, c in self.state.trick()],
            # With the history hidden (D6) a seat sees no completed trick, only its own cards.
            "tricks": self.completed_tricks() if self.options.history_visible else [],
            "legal_actions": [str(a) for a in self.legal_actions(s)],
            "result": None if self._result is None else self._result.to_dict(),
            "deal_type": self.deal_type,
            "first": self.first,
            "second": self.second,
            "third": self.third,
            "writing_pair": self.writing_pair(),
            "active_player": self.active_player,
            "targets": None if self.targets is None else list(self.targets),
            "akis": None
            if self.akis is None
            else {
                "player": self.akis[0],
                "kind": self.akis[1],
                "suit": None if self.akis[2] is None else self.akis[2].letter,
            },
            "sitting_out": self.sitting_out,
            "open_hands": open_hands,
            "peek": None
            if self.peek_end is None
            else {"end": self.peek_end, "accepted": self.peek_accepted},
            "tricks_won": [0, 0]
            if self.state is None
            else [self.state.side_tricks(0), self.state.side_tricks(1)],
            "events": [e for e in self.events if e["type"] not in hidden_events],
        }
        if s == self.first and self.peeked_card is not None:
            obs["peek"]["card"] = str(self.peeked_card)
        if self.options.history_visible:
            obs["points"] = (
                [0, 0]
                if self.state is None
                else [self.state.side_points(0), self.state.side_points(1)]
            )
        else:
            played = [] if self.state is None else self.state.history()
            obs["my_played"] = [_core.card_to_string(c) for p, c in played if p == s]
        return obs
