"""The options of Kiksas and Trikiksis (docs/rules/kiksas.md §6) and their presets, with the table
they speak of: the seats A, B, C(, D), the pairs, the 24-card pack and the kinds of deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktaker.cards import Rank, deck, mask_from_cards
from tricktaker.errors import InvalidSeat
from tricktaker.protocol.options import checked, choice

SEATS = ("A", "B", "C", "D")
PAIRS = ("AC", "BD")
DECK = deck([Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE])
DECK_MASK = mask_from_cards(DECK)
DEAL_POINTS = 138
DEAL_TYPES = ("first", "writing", "writing_off")
FIGURE_KINDS = ("strokes", "eggs", "crosses")


def seat_index(seat: int | str, n: int = 4) -> int:
    """A seat as 0..n-1 from an int or a letter A, B, C (, D)."""
    if isinstance(seat, str) and seat.upper() in SEATS[:n]:
        return SEATS.index(seat.upper())
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n:
        return seat
    raise InvalidSeat(f"not a seat: {seat!r}; seats are {', '.join(SEATS[:n])} (or 0-{n - 1})")


def seats_of(name: str) -> list[int]:
    """The seat ids of a pair or a player named by its seats' letters ("AC" -> [0, 2]), as the
    JSON forms name whoever receives figures.

    >>> seats_of("BD"), seats_of("C")
    ([1, 3], [2])
    """
    return [SEATS.index(letter) for letter in name]


def _check_first_dealer(value: Any) -> str | None:
    if value == "random" or (isinstance(value, str) and value in SEATS):
        return None
    return "expected 'random' or a seat A, B, C, D (A, B, C in Trikiksis)"


def _check_figures(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return None
    return "expected an integer >= 1"


_BOOL = (True, False)


@dataclass(frozen=True, kw_only=True)
class KiksasOptions:
    """The option table of §6; names and values exactly as the spec writes them."""

    variant: str = choice(
        "kiksas",
        ("kiksas", "trikiksis"),
        "Kiksas for 4 players in crossed pairs, or Trikiksis for 3 players each alone (§4)",
    )
    first_dealer: str = checked(
        "random",
        _check_first_dealer,
        "the dealer of the match's first deal: drawn by lot from the seed, or a seat (D2)",
    )
    figures_to_lose: int = checked(
        12, _check_figures, "the figures a pair or player loses the match at (D23)"
    )
    must_overtrump: bool = choice(
        False, _BOOL, "a player who plays a trump must beat the highest trump in the trick (D3)"
    )
    must_head_in_suit: bool = choice(
        False, _BOOL, "a player following suit must beat the led suit's highest card (D3)"
    )
    partner_exemption: bool = choice(
        False, _BOOL, "a void player whose partner is winning the trick need not trump (D3)"
    )
    first_lead: str = choice(
        "trump_queen",
        ("trump_queen", "holder_any_card"),
        "how the trump queen's holder leads trick 1 from deal 2 on: the queen itself, or any "
        "card (D4)",
    )
    announce_trump_count: bool = choice(
        True, _BOOL, "trick 1's winner and partner announce their trumps after trick 1 (D5)"
    )
    history_visible: bool = choice(
        True,
        _BOOL,
        "observations show the played tricks and the points, or only the seat's own cards (D6)",
    )
    trump_choice_must_hold_suit: bool = choice(
        True, _BOOL, "the First must name a suit held among the six cards he chose from (D7)"
    )
    peek: str = choice(
        "all_choice_deals",
        ("off", "writing_off_only", "all_choice_deals"),
        "whether the First may peek at the top or bottom card before the deal: never, in "
        "writing-off deals, or in every deal where he chooses trumps (D8)",
    )
    peek_decline: str = choice(
        "cut",
        ("cut", "reshuffle"),
        "what follows a declined peek: a random cut, or a reshuffle (D8)",
    )
    writing_off_end: str = choice(
        "play_out",
        ("play_out", "end_when_decided"),
        "a writing-off deal is played out, or stops once its figures are fixed (D12)",
    )
    decline_last_lead: bool = choice(
        True,
        _BOOL,
        "the writing-off pair that took tricks 1-5 may decline to lead the last trick (D13)",
    )
    su_dviem: bool = choice(
        True,
        _BOOL,
        'the writing-off pair may declare "Su dviem" (all six tricks) after trick 3 (D14)',
    )
    su_dviem_declarers: str = choice(
        "leader_then_partner",
        ("leader_then_partner", "leader_only"),
        'who may declare "Su dviem": the leader then the partner, or the leader alone (D14)',
    )
    first_deal_egg_dealer: str = choice(
        "clubs_queen_holder",
        ("clubs_queen_holder", "literal_left_of_dealer"),
        "who deals after an egg in deal 1: the clubs-queen holder, or the dealer's left "
        "neighbour (D16)",
    )
    writing_off_pair_sweep_in_writing_deal: str = choice(
        "none",
        ("none", "egg_to_W"),
        "the writing-off pair takes all six tricks of a writing deal: nothing special, or an "
        "egg to the writing pair and no writing-off deal (D17)",
    )
    writing_pair_sweep_in_writing_off_deal: str = choice(
        "stroke",
        ("stroke", "egg_to_O"),
        "the writing pair takes all six tricks of a writing-off deal and wins the race: the "
        "writing-off pair receives a stroke, or an egg (D18)",
    )
    akis: bool = choice(
        True, _BOOL, "the players after the First may declare Akis once trumps are named (D19)"
    )
    akis_a_suit_must_differ: bool = choice(
        True, _BOOL, "an Akis (a) must name a suit other than the First's trumps (D20)"
    )
    akis_play_out: bool = choice(
        False, _BOOL, "an Akis is played to the end, not stopped when it fails (D21)"
    )
    trikiksis_peek: bool = choice(
        False, _BOOL, "Trikiksis: the First may peek as in Kiksas, with packets of eight (D25)"
    )
    trikiksis_su_dviem_success: str = choice(
        "two_each",
        ("two_each", "one_each"),
        'Trikiksis: the strokes a made "Su dviem" gives each opponent: two, or one (D28)',
    )
    trikiksis_tiebreak: str = choice(
        "shared",
        ("shared", "fewest_eggs"),
        "Trikiksis: a tie for the fewest figures is a shared win, or fewer eggs win (D31)",
    )

    @property
    def num_seats(self) -> int:
        """The players at the table: 4 in Kiksas, 3 in Trikiksis."""
        return 3 if self.variant == "trikiksis" else 4


PRESETS: dict[str, dict[str, Any]] = {}
