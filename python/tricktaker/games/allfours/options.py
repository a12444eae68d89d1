"""The options of the All Fours family (docs/rules/allfours.md §7.1) and its presets (§7.2), with
the names of the table they speak of: the seats ``S0``, ``S1``, ... and the sides ``A``, ``B``, ...

Observations, events and results name a seat by its id (0 .. n - 1, ``S<id>`` being its display
name) and a side by its number (0 for A, 1 for B, ...); ``seat_names`` and ``side_list`` give
the ``seats`` and ``sides`` every observation and result carries.

Option names and values are exactly those of the spec's table. A few preset values depend on
the number of players (Oklahoma's 9 or 8 cards and its devil's pack, the partnerships); they are
resolved when the game is loaded, so the options object always holds concrete values.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tricktaker import _core
from tricktaker.errors import Error, InvalidSeat
from tricktaker.protocol.options import build_options, checked, choice

RANK_LETTERS = "AKQJT98765432"
SET_BACK_RANKS = "AKQJT92"

# Seats are written S0, S1, ... and sides A, B, ... (C5, C6).
SIDE_NAMES = "ABCDEFG"


def seat_name(seat: int) -> str:
    return f"S{seat}"


def seat_names(num_players: int) -> list[str]:
    """The display names of the seats, by seat id."""
    return [seat_name(seat) for seat in range(num_players)]


def side_list(seat_sides: Sequence[int]) -> list[dict[str, Any]]:
    """The sides by side number, each with its name (what ``tt.solve(..., side=)`` accepts) and
    its seats, from the side of each seat.

    >>> side_list([0, 1, 0, 1])
    [{'name': 'A', 'seats': [0, 2]}, {'name': 'B', 'seats': [1, 3]}]
    """
    return [
        {"name": SIDE_NAMES[side], "seats": [s for s, x in enumerate(seat_sides) if x == side]}
        for side in range(max(seat_sides, default=-1) + 1)
    ]


def parse_seat(seat: Any, num_players: int) -> int:
    """A seat from 0..n-1, ``"S2"`` or ``"2"``."""
    value: Any = seat
    if isinstance(seat, str):
        text = seat.strip().upper()
        text = text[1:] if text.startswith("S") else text
        value = int(text) if text.isdigit() else None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < num_players:
        return value
    raise InvalidSeat(
        f"not a seat: {seat!r}; seats are S0..S{num_players - 1} (or 0..{num_players - 1})"
    )


def _check_int(low: int, high: int | None = None) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return "expected a whole number"
        if value < low or (high is not None and value > high):
            return f"expected {low}..{high}" if high is not None else f"expected at least {low}"
        return None

    return check


def _check_deck_ranks(value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return "expected rank letters such as 'AKQJT98765432' or 'AKQJT92'"
    ranks = value.upper().replace("10", "T")
    if any(ch not in RANK_LETTERS for ch in ranks) or len(set(ranks)) != len(ranks):
        return "expected distinct rank letters from A K Q J T 9 8 7 6 5 4 3 2"
    if ranks != "".join(ch for ch in RANK_LETTERS if ch in ranks):
        return (
            f"write the ranks high to low, e.g. {''.join(sorted(ranks, key=RANK_LETTERS.index))!r}"
        )
    return None


def _check_first_dealer(value: Any) -> str | None:
    if value in ("random", "first_jack_faceup", "first_jack_faceup_before"):
        return None
    if isinstance(value, str) and re.fullmatch(r"fixed:\d", value):
        return None
    return "expected 'random', 'fixed:<seat>', 'first_jack_faceup' or 'first_jack_faceup_before'"


def _check_max_bid(value: Any) -> str | None:
    if value == "auto":
        return None
    return _check_int(1, 99)(value)


@dataclass(frozen=True, kw_only=True)
class AllFoursOptions:
    """The option table of §7.1; defaults are the generic ones, presets override them."""

    num_players: int = checked(
        4, _check_int(2, 7), "the number of players, 2 to 7 (C5, T1, P1, O3)"
    )
    partnership: str = choice(
        "pairs",
        ("none", "pairs", "teams_of_three"),
        "who plays together: nobody (each for himself), partners opposite in pairs, or two teams "
        "of three with 6 players (C6)",
    )
    table_direction: str = choice(
        "ccw",
        ("ccw", "cw"),
        "the direction the table is drawn in, counter-clockwise or clockwise; presentation only "
        "(C8, D1)",
    )
    deck_ranks: str = checked(
        RANK_LETTERS,
        _check_deck_ranks,
        "the ranks of the pack, high to low: all thirteen, or a short pack such as the set-back "
        "deck AKQJT92 (C2, PV8)",
    )
    jokers: bool = choice(
        False,
        (False, True),
        "add two jokers, high and low, as trumps that score 1 each to their captor's side (X2)",
    )
    deal_packet_size: int = checked(
        3,
        _check_int(1, 13),
        "cards in each packet of the deal, dealt round from the eldest to the dealer (C10)",
    )
    first_dealer: str = checked(
        "random",
        _check_first_dealer,
        "who deals first: a random seat, a fixed one (fixed:<seat>), the receiver of the first "
        "face-up jack, or the player before him (T2, Y4)",
    )
    deal_size: int = checked(6, _check_int(1, 27), "cards dealt to each player (T4, PV5, O4)")
    play_size: int = checked(
        6,
        _check_int(1, 27),
        "cards each player holds when trick play starts, after any exchange and discards (PV5, O8)",
    )
    trump_selection: str = choice(
        "turn_up",
        ("turn_up", "first_lead", "declare"),
        "how trump is fixed: by a turned-up card, by the suit of the first card led, or declared "
        "by the pitcher after the auction (T5, Y3, P6, PV5)",
    )
    first_lead: str = choice(
        "dealer_unless_run",
        ("dealer_unless_run", "eldest", "dealer", "pitcher"),
        "who leads the first trick: the dealer (the begger after a run), the eldest, the dealer, "
        "or the pitcher, which makes the deal an auction (T13, Y3, P6)",
    )
    first_lead_must_be_trump: bool = choice(
        True,
        (True, False),
        "with a declared trump, the pitcher must lead a trump to the first trick if he holds one "
        "(PV6, O9)",
    )
    may_trump_when_able_to_follow: bool = choice(
        True,
        (True, False),
        "a player may trump a plain-suit lead even when he can follow suit; false forbids this "
        "'jumping' (C16, V4)",
    )
    no_undertrump: bool = choice(
        False,
        (False, True),
        "after a plain-suit lead has been trumped, no lower trump may be played unless forced (V2)",
    )
    must_head_trump: bool = choice(
        False,
        (False, True),
        "on a trump lead, a player must beat the highest trump in the trick when he can (V2)",
    )
    must_overtrump: bool = choice(
        False, (False, True), "both no_undertrump and must_head_trump (V2)"
    )
    kick_points: str = choice(
        "trinidad",
        ("trinidad", "tobago", "none"),
        "what a turned-up card scores for the dealer's side: Trinidad A 1, 6 2, J 3; Tobago A 1, 2"
        " 2, J 3; or nothing (T6, V1)",
    )
    begging: str = choice(
        "eldest",
        ("none", "eldest", "eldest_or_trumpless_opponent"),
        "who may beg for another trump: nobody, the eldest, or also any trumpless player not on "
        "the dealer's side (T7, V3)",
    )
    dealer_side_may_beg: str = choice(
        "no",
        ("no", "run_only"),
        "whether a trumpless partner of the dealer may beg too, the dealer then having to run the "
        "cards (V3, D17)",
    )
    max_runs: int | str = choice(
        2,
        (2, "unlimited"),
        "how often the cards are run after a beg before the deal is thrown in: twice, or until a "
        "new suit turns up (T9, D5)",
    )
    run_order: str = choice(
        "deal_then_turn",
        ("deal_then_turn", "turn_then_deal"),
        "in a run, deal the three cards each before turning the next card, or turn it first (T9, "
        "D5)",
    )
    gift_may_win: bool = choice(
        True,
        (True, False),
        "whether the dealer may give one when that point would win the game for the begger's side "
        "(T8, D14)",
    )
    jack_scoring: str = choice(
        "hang_jack",
        ("hang_jack", "captor_1"),
        "the jack of trumps: 1 to its holder's side or 3 to another side that captures it (hang "
        "jack), or 1 to its captor's side (T15, P8)",
    )
    low_award: str = choice(
        "holder",
        ("holder", "captor"),
        "the Low point goes to the side that held the lowest trump in play, or to the side that "
        "captured it (C25, PV1)",
    )
    game_tie: str = choice(
        "nobody",
        ("nobody", "non_dealer_side"),
        "on a tie for the Game point nobody scores it, or the side of the non-dealer does (C27, "
        "D11)",
    )
    target: int = checked(21, _check_int(1, 999), "the points that win the game (T3, P2)")
    win_check: str = choice(
        "immediate_ordered",
        ("immediate_ordered", "bidder_made_only", "end_of_deal_any"),
        "when a side wins: at once on reaching the target, item by item; only by making its own "
        "bid; or at the end of any deal, the bidders first (T17, P10, PV3)",
    )
    min_bid: int = checked(2, _check_int(1, 99), "the lowest bid of the auction (P4)")
    max_bid: int | str = checked(
        "auto",
        _check_max_bid,
        "the highest bid: a number, or auto for every point a deal can give (plus one with shoot "
        "the moon) (X9)",
    )
    auction_style: str = choice(
        "single_round",
        ("single_round", "multi_round"),
        "one turn each in the auction, or rounds until all but the highest bidder have passed (P4,"
        " S4)",
    )
    dealer_priority: bool = choice(
        True,
        (True, False),
        "the dealer, bidding last, may take the contract by equalling the highest bid (P4, PV4)",
    )
    all_pass: str = choice(
        "dealer_must_bid",
        ("dealer_must_bid", "redeal_next_dealer"),
        "when everyone before the dealer passes: the dealer must bid, or the cards are thrown in "
        "and the next dealer deals (P4, D38)",
    )
    widow: str = choice(
        "none",
        ("none", "dealer", "pitcher"),
        "who takes the undealt cards (the devil's pack) after trump is declared: nobody, the "
        "dealer or the pitcher (O7)",
    )
    exchange_max: int = checked(
        0,
        _check_int(0, 27),
        "how many cards each player may exchange for cards of the stock after trump is declared "
        "(PV5, O7)",
    )
    jick: bool = choice(
        False,
        (False, True),
        "the other jack of the trump colour is a trump just below the jack, worth 1 to its "
        "captor's side (X1)",
    )
    five: str | int = choice(
        "off",
        ("off", 1, 5),
        "the five of trumps scores 1 or 5 to its captor's side, or nothing (X5)",
    )
    trey: bool = choice(
        False, (False, True), "the three of trumps scores 3 to its captor's side (X6)"
    )
    last_trick: bool = choice(
        False, (False, True), "1 point to the side that wins the last trick (X7)"
    )
    shoot_the_moon: bool = choice(
        False,
        (False, True),
        "a side that takes every trick and every item scores the maximum plus one, and may bid it "
        "(X8)",
    )
    moon_requires_bid: bool = choice(
        False, (False, True), "shooting the moon scores only for a side that bid it (X8, D35)"
    )
    folding: bool = choice(
        False,
        (False, True),
        "a player whose hand holds no trump and no card of game value may fold at his turn (PV10, "
        "Y6)",
    )

    # --- derived values -------------------------------------------------------------------

    @property
    def has_auction(self) -> bool:
        return self.first_lead == "pitcher"

    @property
    def rank_mask(self) -> int:
        ranks = self.deck_ranks.upper().replace("10", "T")
        return sum(1 << (12 - RANK_LETTERS.index(ch)) for ch in ranks)

    @property
    def deck_mask(self) -> int:
        return int(_core.allfours_deck(self.rank_mask, self.jokers))

    @property
    def deck_size(self) -> int:
        return len(self.deck_ranks.replace("10", "T")) * 4 + (2 if self.jokers else 0)

    @property
    def five_value(self) -> int:
        return 0 if self.five == "off" else int(self.five)

    @property
    def max_points(self) -> int:
        return int(
            _core.allfours_max_points(
                jick=self.jick,
                jokers=self.jokers,
                five=self.five_value,
                trey=self.trey,
                last_trick=self.last_trick,
            )
        )

    @property
    def bid_range(self) -> tuple[int, int]:
        top = self.max_points + (1 if self.shoot_the_moon else 0)
        high = top if self.max_bid == "auto" else int(self.max_bid)
        return self.min_bid, high

    @property
    def no_undertrump_rule(self) -> bool:
        return self.no_undertrump or self.must_overtrump

    @property
    def must_head_trump_rule(self) -> bool:
        return self.must_head_trump or self.must_overtrump

    def sides(self) -> list[int]:
        """The side of each seat (C6)."""
        n = self.num_players
        if self.partnership == "none":
            return list(range(n))
        if self.partnership == "teams_of_three":
            return [seat % 2 for seat in range(n)]
        return [seat % (n // 2) for seat in range(n)]


PRESETS: dict[str, dict[str, Any]] = {
    "trinidad": {},
    "trinidad_modern": {"first_lead": "eldest", "target": 14},
    "tobago": {"kick_points": "tobago"},
    "yorkshire": {
        "trump_selection": "first_lead",
        "first_lead": "dealer",
        "kick_points": "none",
        "begging": "none",
        "first_dealer": "first_jack_faceup",
    },
    "auction_pitch": {
        "trump_selection": "first_lead",
        "first_lead": "pitcher",
        "kick_points": "none",
        "begging": "none",
        "jack_scoring": "captor_1",
        "win_check": "bidder_made_only",
    },
    "five_point_setback": {
        "deck_ranks": SET_BACK_RANKS,
        "trump_selection": "first_lead",
        "first_lead": "pitcher",
        "kick_points": "none",
        "begging": "none",
        "jack_scoring": "captor_1",
        "jick": True,
        "auction_style": "multi_round",
        "target": 12,
        "win_check": "end_of_deal_any",
    },
    "oklahoma_ten_point": {
        "jokers": True,
        "deal_size": 9,
        "trump_selection": "declare",
        "first_lead": "pitcher",
        "kick_points": "none",
        "begging": "none",
        "jack_scoring": "captor_1",
        "jick": True,
        "trey": True,
        "dealer_priority": False,
        "exchange_max": 4,
        "win_check": "bidder_made_only",
    },
}

# Player counts each preset supports (§7.2).
PRESET_PLAYERS: dict[str, tuple[int, ...]] = {
    "trinidad": (2, 3, 4),
    "trinidad_modern": (2, 3, 4),
    "tobago": (2, 3, 4),
    "yorkshire": (2, 3, 4),
    "auction_pitch": (2, 3, 4, 5, 6, 7),
    "five_point_setback": (2, 3, 4),
    "oklahoma_ten_point": (4, 6),
}


def _per_player_count(preset: str | None, num_players: int) -> dict[str, Any]:
    """Preset values that depend on the number of players (§7.2, O4, O7, P1)."""
    values: dict[str, Any] = {}
    values["partnership"] = "pairs" if num_players in (4, 6) else "none"
    if preset == "oklahoma_ten_point" and num_players == 6:
        values.update(deal_size=8, widow="dealer", exchange_max=0)
    return values


def make_options(
    preset: str | None, overrides: Mapping[str, Any], game: str, default_preset: str
) -> AllFoursOptions:
    """Build and validate the options: preset, its per-player-count values, then keywords."""
    name = default_preset if preset is None else preset
    if name not in PRESETS:
        raise Error(f"{game} has no preset {name!r}; presets: {', '.join(sorted(PRESETS))}")
    num_players = overrides.get("num_players", PRESETS[name].get("num_players", 4))
    allowed = PRESET_PLAYERS[name]
    explicit = preset is not None and "num_players" in overrides
    if explicit and isinstance(num_players, int) and num_players not in allowed:
        raise Error(
            f"preset {name} is for {', '.join(map(str, allowed))} players, got num_players="
            f"{num_players!r}"
        )
    values = dict(PRESETS[name])
    if isinstance(num_players, int) and not isinstance(num_players, bool):
        values.update(_per_player_count(name, num_players))
    options = build_options(AllFoursOptions, {name: values}, name, overrides, game)
    check_combination(options)
    return options


def check_combination(o: AllFoursOptions) -> None:
    """§7.1's invalid combinations, and a few more that no rule could play."""
    problems: list[str] = []
    n = o.num_players
    if o.partnership == "pairs" and n not in (4, 6):
        problems.append("partnership='pairs' needs 4 or 6 players")
    if o.partnership == "teams_of_three" and n != 6:
        problems.append("partnership='teams_of_three' needs 6 players")
    if o.jack_scoring == "hang_jack" and o.has_auction:
        problems.append("jack_scoring='hang_jack' is not supported with an auction (D26)")
    if o.trump_selection != "declare":
        if o.deal_size != o.play_size:
            problems.append("deal_size != play_size needs trump_selection='declare' (PV5)")
        if o.exchange_max > 0:
            problems.append("exchange_max > 0 needs trump_selection='declare' (PV5)")
        if o.widow != "none":
            problems.append("a widow needs trump_selection='declare' (O7)")
    if o.deal_size < o.play_size:
        problems.append("deal_size must be at least play_size")
    if o.widow != "none" and o.exchange_max > 0:
        problems.append("widow and exchange_max both use the stock; choose one")
    if o.jokers and o.trump_selection == "turn_up":
        problems.append("jokers cannot be used with trump_selection='turn_up' (a turned joker)")
    if o.trump_selection != "turn_up":
        if o.kick_points != "none":
            problems.append("kick_points needs trump_selection='turn_up'; use kick_points='none'")
        if o.begging != "none":
            problems.append("begging needs trump_selection='turn_up'; use begging='none'")
    if o.trump_selection == "declare" and not o.has_auction:
        problems.append("trump_selection='declare' needs first_lead='pitcher' (an auction)")
    if o.trump_selection == "turn_up" and o.has_auction:
        problems.append("first_lead='pitcher' needs trump_selection 'first_lead' or 'declare'")
    if o.has_auction and o.win_check == "immediate_ordered":
        problems.append("an auction game needs win_check 'bidder_made_only' or 'end_of_deal_any'")
    if not o.has_auction and o.win_check == "bidder_made_only":
        problems.append("win_check='bidder_made_only' needs an auction (first_lead='pitcher')")
    low, high = o.bid_range
    if o.has_auction and low > high:
        problems.append(f"min_bid {low} is above the highest bid {high}")
    top = o.max_points + (1 if o.shoot_the_moon else 0)
    if o.has_auction and high > top:
        problems.append(f"max_bid {high} is more than can be made ({top})")
    if o.first_dealer.startswith("fixed:") and int(o.first_dealer[6:]) >= n:
        problems.append(f"first_dealer={o.first_dealer!r} is not a seat 0..{n - 1}")
    if o.first_dealer.startswith("first_jack") and "J" not in o.deck_ranks.upper():
        problems.append("first_dealer by a face-up jack needs jacks in the deck")
    needed = n * o.deal_size + (1 if o.trump_selection == "turn_up" else 0)
    if needed > o.deck_size:
        problems.append(
            f"{n} players x {o.deal_size} cards"
            + (" + a turn-up" if o.trump_selection == "turn_up" else "")
            + f" need {needed} cards; the deck has {o.deck_size}"
        )
    if problems:
        raise Error("impossible option mix: " + "; ".join(problems))


def options_changed(o: AllFoursOptions) -> dict[str, Any]:
    return {
        f.name: getattr(o, f.name) for f in dataclasses.fields(o) if getattr(o, f.name) != f.default
    }
