"""All Fours (Trinidad, Tobago, Yorkshire) and Pitch (Auction Pitch, Five Point Set Back,
Oklahoma Ten Point), as specified in rules/allfours.md.

The card play, the items (High, Low, Jack, Game and the extra point cards) and the contract are
the C++ core's (``allfours_rules``, ``allfours_score``); this package holds the options and
presets, the deal flow (turn-up and kick, begging and running the cards, the auction, declaring,
widow, exchange and discards, folding) and the match to the target.

>>> import tricktaker as tt
>>> deal = tt.load("allfours", preset="trinidad").new_deal(seed=3, dealer=0)
>>> deal.phase, deal.seat_name(deal.to_move), [str(a) for a in deal.legal_actions()]
('beg', 'S1', ['stand', 'beg'])
>>> pitch = tt.load("pitch").new_deal(seed=3, dealer=0)
>>> [str(a) for a in pitch.legal_actions()]
['pass', 'bid:2', 'bid:3', 'bid:4']
"""

from __future__ import annotations

from typing import Any

from tricktaker.games.allfours import summary, text  # noqa: E402, F401  (sim and CLI hooks)
from tricktaker.games.allfours.deal import AllFoursDeal, AllFoursResult, Credit
from tricktaker.games.allfours.game import (
    AllFoursGame,
    AllFoursMatch,
    AllFoursStandings,
    PitchGame,
    first_jack_dealer,
)
from tricktaker.games.allfours.options import PRESETS, AllFoursOptions, make_options
from tricktaker.protocol.family import Family, Variant, hook
from tricktaker.registry import register


def _make_allfours(*, preset: str | None = None, **options: Any) -> AllFoursGame:
    return AllFoursGame(make_options(preset, options, "allfours", "trinidad"))


def _make_pitch(*, preset: str | None = None, **options: Any) -> PitchGame:
    return PitchGame(make_options(preset, options, "pitch", "auction_pitch"))


FAMILY = Family(
    name="allfours",
    package=__name__,
    variants=(
        Variant(
            "allfours",
            "All Fours: Trinidad, Tobago, Yorkshire (and every Pitch preset); "
            "default preset trinidad",
            _make_allfours,
            AllFoursOptions,
            PRESETS,
            aliases=("all_fours", "all-fours", "seven_up"),
        ),
        Variant(
            "pitch",
            "Pitch: Auction Pitch, Five Point Set Back, Oklahoma Ten Point "
            "(and every All Fours preset); default preset auction_pitch",
            _make_pitch,
            AllFoursOptions,
            PRESETS,
            aliases=("auction_pitch", "setback", "set_back"),
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

__all__ = [
    "PRESETS",
    "AllFoursDeal",
    "AllFoursGame",
    "AllFoursMatch",
    "AllFoursOptions",
    "AllFoursResult",
    "AllFoursStandings",
    "Credit",
    "PitchGame",
    "first_jack_dealer",
]
