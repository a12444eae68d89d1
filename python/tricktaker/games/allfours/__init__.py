"""All Fours (Trinidad, Tobago, Yorkshire) and Pitch (Auction Pitch, Five Point Set Back,
Oklahoma Ten Point), as specified in docs/rules/allfours.md.

The card play, the items (High, Low, Jack, Game and the extra point cards) and the contract are
the C++ core's (``allfours_rules``, ``allfours_score``); this package holds the options and
presets, the deal flow (turn-up and kick, begging and running the cards, the auction, declaring,
widow, exchange and discards, folding) and the match to the target: the options, presets and
seat names in ``options``, the deal's credits in ``result``, what a seat sees in
``observation``, the position text in ``notation``, the deal and the dealing in ``deal``, the
match in ``match``, the games in ``game`` and the JSON Schema of the family's own observation,
event and result fields in ``schema``.

>>> import tricktaker as tt
>>> deal = tt.load("allfours", preset="trinidad").new_deal(seed=3, dealer=0)
>>> deal.phase, deal.seat_name(deal.to_move), [str(a) for a in deal.legal_actions()]
('beg', 'S1', ['stand', 'beg'])
>>> pitch = tt.load("pitch").new_deal(seed=3, dealer=0)
>>> [str(a) for a in pitch.legal_actions()]
['pass', 'bid:2', 'bid:3', 'bid:4']
"""

from __future__ import annotations

from tricktaker.games.allfours.deal import AllFoursDeal, first_jack_dealer
from tricktaker.games.allfours.game import AllFoursGame, PitchGame, make_allfours, make_pitch
from tricktaker.games.allfours.match import AllFoursMatch, AllFoursStandings
from tricktaker.games.allfours.options import (
    PRESETS,
    SIDE_NAMES,
    AllFoursOptions,
    parse_seat,
    seat_name,
)
from tricktaker.games.allfours.result import AllFoursResult, Credit
from tricktaker.protocol.family import Family, Variant, standard_hooks
from tricktaker.registry import register

__all__ = [
    "FAMILY",
    "PRESETS",
    "SIDE_NAMES",
    "AllFoursDeal",
    "AllFoursGame",
    "AllFoursMatch",
    "AllFoursOptions",
    "AllFoursResult",
    "AllFoursStandings",
    "Credit",
    "PitchGame",
    "first_jack_dealer",
    "parse_seat",
    "seat_name",
]


FAMILY = Family(
    name="allfours",
    package=__name__,
    variants=(
        Variant(
            "allfours",
            "All Fours: Trinidad, Tobago, Yorkshire (and every Pitch preset); "
            "default preset trinidad",
            make_allfours,
            AllFoursOptions,
            PRESETS,
            aliases=("all_fours", "all-fours", "seven_up"),
        ),
        Variant(
            "pitch",
            "Pitch: Auction Pitch, Five Point Set Back, Oklahoma Ten Point "
            "(and every All Fours preset); default preset auction_pitch",
            make_pitch,
            AllFoursOptions,
            PRESETS,
            aliases=("auction_pitch", "setback", "set_back"),
        ),
    ),
    # Every capability at its standard place in this folder (docs/adding-a-game.md).
    **standard_hooks(),
)
register(FAMILY)
