"""The options of Klaverjas (docs/rules/klaverjas.md §8) and its presets, with the table they speak
of: the seats N, E, S, W (seat ids 0 to 3) in two teams, N-S (side 0) and E-W (side 1), and the
32-card pack."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tricktaker.cards import Rank, deck, mask_from_cards
from tricktaker.errors import InvalidSeat
from tricktaker.protocol.options import checked, choice

SEATS = ("N", "E", "S", "W")
TEAMS = ("NS", "EW")
NUM_SEATS = 4
HAND_SIZE = 8
DEAL_POINTS = 162
DECK = deck(
    [Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE]
)
DECK_MASK = mask_from_cards(DECK)


def seat_index(seat: int | str) -> int:
    """A seat as 0..3 from an int or a letter N/E/S/W."""
    if isinstance(seat, str) and seat.upper() in SEATS:
        return SEATS.index(seat.upper())
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < NUM_SEATS:
        return seat
    raise InvalidSeat(f"not a seat: {seat!r}; seats are N, E, S, W (or 0-3)")


def team_of(seat: int) -> int:
    """0 for N-S, 1 for E-W."""
    return seat % 2


def sides_json() -> list[dict[str, Any]]:
    """The two teams as observations and results list them, by side id: each named as
    ``tt.solve(..., side=...)`` accepts it (its seats' names run together) with its seat ids."""
    return [
        {"name": name, "seats": [s for s in range(NUM_SEATS) if team_of(s) == team]}
        for team, name in enumerate(TEAMS)
    ]


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

    play_rules: str = choice(
        "amsterdam",
        ("amsterdam", "rotterdam"),
        "who must trump when void: amsterdam lets a seat off when its partner wins the trick, "
        "rotterdam always makes it trump and overtrump (§3.4, §3.5)",
    )
    undertrump_when_cannot_overtrump: str = choice(
        "forbidden_if_alternative",
        ("forbidden_if_alternative", "compulsory"),
        "a void seat that cannot overtrump discards another suit if it can, or must still "
        "play a lower trump (D18, D19)",
    )
    trump_selection: str = choice(
        "free",
        ("free", "utrecht", "drawn"),
        "how trumps are chosen: each seat in turn names a suit or passes, forehand must name "
        "one, or a drawn suit is accepted or passed (§2, D7)",
    )
    drawn_forced_choice: str = choice(
        "any_suit",
        ("any_suit", "other_suit"),
        "drawn trumps, all passed: forehand names any suit, or one other than the drawn (D9)",
    )
    drawn_suit_source: str = choice(
        "independent_each_deal",
        ("independent_each_deal", "persistent_pile"),
        "drawn trumps: each deal draws a fresh suit, or draws from a 20-card pile kept over "
        "the game (D10)",
    )
    drawn_first_deal_clubs: bool = choice(
        False, (False, True), "drawn trumps: clubs are proposed in the game's first deal (D10)"
    )
    deal_packets: str = choice(
        "3-2-3", ("3-2-3", "4-4"), "the packets the cards are dealt in (§1.7, D6)"
    )
    first_dealer: str = checked(
        "random",
        _check_first_dealer,
        "the first deal's dealer: drawn from the seed ('random'), or the seat N, E, S or W (D5)",
    )
    roem_claim: str = choice(
        "auto",
        ("auto", "manual"),
        "roem is credited when the trick completes, or only when the winning team claims it "
        "before the next card (§4.6, D25)",
    )
    pit_bonus_for: str = choice(
        "any_team",
        ("any_team", "playing_team_only"),
        "who earns the 100-point pit bonus for taking all eight tricks: either team, or only "
        "the playing team (§4.7, D28)",
    )
    tie_is_nat: bool = choice(
        True,
        (True, False),
        "a playing team with no more than the defenders' total goes nat; false lets a tie "
        "make it (§5.2, D26)",
    )
    game_end: str = checked(
        "deals:16",
        _check_game_end,
        "when a game ends: after N deals ('deals:N'), or once a team has P points and leads "
        "('points:P') (§5.6, D29)",
    )
    match_format: str = choice(
        "single_game",
        ("single_game", "rotating_partners_48"),
        "one game, or three games of rotating partners, 48 deals, scored per player (§5.7, D30)",
    )
    illegal_play: str = choice(
        "reject",
        ("reject", "penalize"),
        "an illegal card is refused, or accepted and its team scores 0 for the deal (§5.8, D31)",
    )
    trick_history_visible: str = choice(
        "all",
        ("all", "last_trick_only"),
        "which completed tricks an observation shows: all, or only the last (D32)",
    )
    signals: str = choice(
        "none",
        ("none", "same_suit", "opposite_colour"),
        "the discard signals both teams declare, shown to the bots; never enforced (§6, D33)",
    )
    lead_signals: bool = choice(
        False,
        (False, True),
        "the declarer's opening lead signals whether it holds the trump jack; never "
        "enforced (§6.3, D33)",
    )


PRESETS: dict[str, dict[str, Any]] = {
    "rotterdam_dutch_club": {
        "play_rules": "rotterdam",
        "undertrump_when_cannot_overtrump": "compulsory",
    },
}
