"""The options of Kirves (the option table of docs/rules/kirves.md §13), the presets, and the seats
the options name (``first_dealer``).

This is the bottom of the family: every other module of it may import from here, and this
module imports nothing of the family.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktaker.errors import Error, InvalidSeat
from tricktaker.protocol.options import checked, choice

SEAT_NAMES = "ABCDEFGHIJ"
MIN_PLAYERS, MAX_PLAYERS = 2, 10


def is_int(value: Any) -> bool:
    """An integer that is not a bool (``True`` would otherwise pass for 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def seat_index(seat: int | str, num_players: int) -> int:
    """A seat as 0..n-1 from an int or a letter A, B, C, ..."""
    if isinstance(seat, str):
        key = seat.strip().upper()
        if len(key) == 1 and key in SEAT_NAMES[:num_players]:
            return SEAT_NAMES.index(key)
    elif is_int(seat) and 0 <= seat < num_players:
        return seat
    raise InvalidSeat(
        f"not a seat: {seat!r}; seats are {', '.join(SEAT_NAMES[:num_players])} "
        f"(or 0-{num_players - 1})"
    )


def _check_num_players(value: Any) -> str | None:
    if is_int(value) and MIN_PLAYERS <= value <= MAX_PLAYERS:
        return None
    return "expected an integer 2..10"


def _check_first_dealer(value: Any) -> str | None:
    if value == "random":
        return None
    if is_int(value) and 0 <= value < MAX_PLAYERS:
        return None
    if isinstance(value, str) and len(value) == 1 and value.upper() in SEAT_NAMES:
        return None
    return "expected 'random' or a seat (a letter A-J or 0-9)"


def _check_packet(value: Any) -> str | None:
    if is_int(value) and 2 <= value <= 52:
        return None
    return "expected an integer 2..52 (both packets and the angel card must exist, D4)"


def _check_points(value: Any) -> str | None:
    return None if is_int(value) else "expected an integer"


def _check_min_participants(value: Any) -> str | None:
    if is_int(value) and 0 <= value <= MAX_PLAYERS:
        return None
    return "expected an integer 0..10"


_BOOL = (True, False)


@dataclass(frozen=True, kw_only=True)
class KirvesOptions:
    """The option table of §13; names and values exactly as the spec writes them."""

    num_players: int | None = checked(
        None, _check_num_players, "the number of players, 2 to 10; required (3-5 play best) [S]"
    )
    first_dealer: str | int = checked(
        "random",
        _check_first_dealer,
        "the dealer of the first deal: drawn by lot from the seed, or a seat (D3)",
    )
    cut_min_packet: int = checked(2, _check_packet, "the fewest cards the cutter may lift (D4)")
    cut_max_packet: int = checked(52, _check_packet, "the most cards the cutter may lift (D4)")
    angel_card_source: str = choice(
        "lifted_packet_next",
        ("lifted_packet_next", "stub_top"),
        "the angel card under a cut jack: the next card of the lifted packet (public), or the "
        "top of the packet left on the table (dealt to the eldest) (D5)",
    )
    discard_to_five: bool = choice(
        True,
        _BOOL,
        "whether a player who took a card (the cut jack, the turned card) discards back to "
        "five, or keeps six (D8)",
    )
    may_discard_taken_card: bool = choice(
        False, _BOOL, "whether the taken card itself may be the card discarded (D8)"
    )
    change_veto_scope: str = choice(
        "all_others",
        ("all_others", "not_yet_spoken"),
        "who is asked to consent to a change of trump: every other player, or only those who "
        "have not spoken yet (D13)",
    )
    change_suit_announce: str = choice(
        "after_consent",
        ("after_consent", "with_request"),
        "when the player asking for a change names the new trump: after everyone consents, or "
        "with the request (D13)",
    )
    all_pass_outcome: str = choice(
        "throw_in_next_dealer",
        ("throw_in_next_dealer", "throw_in_same_dealer", "free_for_all"),
        "what happens when everybody passes: a throw-in dealt by the next dealer or by the "
        "same one, or a free-for-all in the turned suit (D16, D34)",
    )
    refused_throw_in_fallback: str = choice(
        "refuser_plays",
        ("refuser_plays", "free_for_all"),
        "a deal whose throw-in was refused and whose trump nobody made: the refuser makes the "
        "turned suit trumps, or every player plays for himself (R5.8, D15, D34)",
    )
    direct_lead_allowed: bool = choice(
        True, _BOOL, "whether the eldest may lead at once as his speaking call ([S], D17)"
    )
    direct_lead_closes_folding: bool = choice(
        True,
        _BOOL,
        "whether the eldest's direct lead ends folding, or the others may still fold (D17)",
    )
    folding_allowed: bool = choice(
        True, _BOOL, "whether players may fold before the play ([S], D19)"
    )
    principals_may_fold: str = choice(
        "all",
        ("all", "cut_jack_only", "none"),
        "which principals may fold (a concession): all, only the cutter and dealer of a cut "
        "jack, or none (D19)",
    )
    folded_players_score_with_side: bool = choice(
        False, _BOOL, "whether a folded player gets a mark when his side wins (D20)"
    )
    overtake_required: bool = choice(
        False,
        _BOOL,
        "whether a player must beat the winning card when he can, as in Rantasalmi "
        "(ylimenopakko) (D21)",
    )
    overtake_exempts_partner: bool = choice(
        False,
        _BOOL,
        "with overtake_required: no need to beat a card of one's own side (D21)",
    )
    must_trump_when_void: bool = choice(
        False, _BOOL, "whether a player void in the led suit must trump (not in the seed, D21)"
    )
    stop_when_decided: bool = choice(
        False, _BOOL, "whether the play stops once the winning player is certain (D23)"
    )
    paakot_mode: str = choice(
        "auto",
        ("auto", "manual", "off"),
        "pääköt (RJ, BJ and the jack of clubs in one hand) end the deal: declared "
        "automatically, declared by the holder, or no such rule (D25)",
    )
    misdeal_action_enabled: bool = choice(
        False, _BOOL, "whether a player may call a misdeal, which redeals the deal (D26)"
    )
    unexamined_cut_after_void: bool = choice(
        True, _BOOL, "whether the redeal after a void pääköt deal has an unexamined cut (D26)"
    )
    keppi_holder_default_dealer: str = choice(
        "self",
        ("self", "next_clockwise"),
        "who deals the new leg when the keppi holder makes no choice: he himself, or the "
        "player after him (D3)",
    )
    tournament_scoring: bool = choice(
        False, _BOOL, "whether tournament points are kept: bonuses and penalties (§11)"
    )
    points_voluntary_win: int = checked(
        2, _check_points, "the points of a trump maker who chose trumps and wins (R11.1)"
    )
    points_forced_win: int = checked(
        1, _check_points, "the points of a forced dealer who wins (R11.2)"
    )
    points_keppi: int = checked(-5, _check_points, "the points of a keppi (R11.5)")
    points_kirves: int = checked(-7, _check_points, "the points of the kirves (R11.6)")
    voluntary_bonus_min_participants: int = checked(
        3,
        _check_min_participants,
        "the fewest players in the deal for the voluntary winner's bonus (D30)",
    )
    forced_bonus_min_participants: int = checked(
        0,
        _check_min_participants,
        "the fewest players in the deal for the forced winner's bonus (D30)",
    )
    forced_bonus_recipients: str = choice(
        "dealer_only",
        ("dealer_only", "cutter_and_dealer"),
        "who gets the forced winner's bonus in a cut-jack deal: the dealer only, or the "
        "cutter too (D30)",
    )
    concession_counts_as_win: bool = choice(
        True, _BOOL, "whether a principal who wins by the other's concession gets the bonus (D30)"
    )
    kirves_penalty_mode: str = choice(
        "replace",
        ("replace", "add"),
        "the kirves's points replace those of the second keppi, or are added to them (D31)",
    )


PRESETS: dict[str, dict[str, Any]] = {
    "rantasalmi": {"overtake_required": True},
}


def check_option_mix(options: KirvesOptions) -> None:
    """The checks that span several options (each option alone is checked by its field)."""
    if options.num_players is None:
        raise Error("kirves needs num_players=2..10, e.g. tt.load('kirves', num_players=4)")
    if options.cut_min_packet > options.cut_max_packet:
        raise Error(
            f"cut_min_packet={options.cut_min_packet} is above "
            f"cut_max_packet={options.cut_max_packet}"
        )
    if options.first_dealer != "random":
        seat_index(options.first_dealer, options.num_players)
    if options.overtake_exempts_partner and not options.overtake_required:
        raise Error(
            "overtake_exempts_partner=True needs overtake_required=True (the Rantasalmi rule)"
        )
