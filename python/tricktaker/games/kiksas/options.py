"""The options of Kiksas and Trikiksis (rules/kiksas.md §6) and their presets, with the table
they speak of: the seats A, B, C(, D), the pairs, the 24-card pack and the kinds of deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktaker.cards import Rank, deck, mask_from_cards
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
    raise ValueError(f"not a seat: {seat!r}; seats are {', '.join(SEATS[:n])} (or 0-{n - 1})")


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

    variant: str = choice("kiksas", ("kiksas", "trikiksis"), "4 players in pairs or 3 alone")
    first_dealer: str = checked("random", _check_first_dealer, "D2: 'random' or a seat")
    figures_to_lose: int = checked(12, _check_figures, "D23")
    must_overtrump: bool = choice(False, _BOOL, "D3")
    must_head_in_suit: bool = choice(False, _BOOL, "D3")
    partner_exemption: bool = choice(False, _BOOL, "D3")
    first_lead: str = choice("trump_queen", ("trump_queen", "holder_any_card"), "D4")
    announce_trump_count: bool = choice(True, _BOOL, "D5")
    history_visible: bool = choice(True, _BOOL, "D6")
    trump_choice_must_hold_suit: bool = choice(True, _BOOL, "D7")
    peek: str = choice("all_choice_deals", ("off", "writing_off_only", "all_choice_deals"), "D8")
    peek_decline: str = choice("cut", ("cut", "reshuffle"), "D8")
    writing_off_end: str = choice("play_out", ("play_out", "end_when_decided"), "D12")
    decline_last_lead: bool = choice(True, _BOOL, "D13")
    su_dviem: bool = choice(True, _BOOL, "D14")
    su_dviem_declarers: str = choice(
        "leader_then_partner", ("leader_then_partner", "leader_only"), "D14"
    )
    first_deal_egg_dealer: str = choice(
        "clubs_queen_holder", ("clubs_queen_holder", "literal_left_of_dealer"), "D16"
    )
    writing_off_pair_sweep_in_writing_deal: str = choice("none", ("none", "egg_to_W"), "D17")
    writing_pair_sweep_in_writing_off_deal: str = choice("stroke", ("stroke", "egg_to_O"), "D18")
    akis: bool = choice(True, _BOOL, "D19")
    akis_a_suit_must_differ: bool = choice(True, _BOOL, "D20")
    akis_play_out: bool = choice(False, _BOOL, "D21")
    trikiksis_peek: bool = choice(False, _BOOL, "D25")
    trikiksis_su_dviem_success: str = choice("two_each", ("two_each", "one_each"), "D28")
    trikiksis_tiebreak: str = choice("shared", ("shared", "fewest_eggs"), "D31")

    @property
    def num_seats(self) -> int:
        """The players at the table: 4 in Kiksas, 3 in Trikiksis."""
        return 3 if self.variant == "trikiksis" else 4


PRESETS: dict[str, dict[str, Any]] = {}
