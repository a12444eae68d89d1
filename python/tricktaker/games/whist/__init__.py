"""Whist: plain trick taking, the game the double-dummy solver is compared on with bridge
solvers.

Four players in two partnerships (N-S against E-W), follow suit, an optional trump suit, no
card points: the value of a position is the number of tricks. The deck has the top
``ranks_per_suit`` ranks of every suit (2..13: 8 is the 32-card pack A..7, 13 the full pack).
The option and the table are in ``options``, the tricks won in ``result``, what a seat sees in
``observation``, the position text in ``notation``, the deal in ``deal`` and the game in
``game``; a deal is the whole game here (there is no match).

Positions are read from PBN, the deal notation of bridge: the seat of the first hand, a colon,
then four hands clockwise, each ``spades.hearts.diamonds.clubs``:

>>> import tricktaker as tt
>>> game = tt.load("whist", ranks_per_suit=8)
>>> deal = game.position_from_pbn("N:AK... QJ... T9... 87...", trump="NT", leader="W")
>>> deal.seat_name(deal.to_move), [str(a) for a in deal.legal_actions()]
('W', ['7S', '8S'])
>>> tt.solve(deal).value  # tricks for the side to move (E-W): N-S hold the top spades
0
"""

from __future__ import annotations

from tricktaker.games.whist.deal import WhistDeal
from tricktaker.games.whist.game import WhistGame, make_game
from tricktaker.games.whist.options import (
    NUM_SEATS,
    SEATS,
    SIDES,
    STRAINS,
    WhistOptions,
    seat_index,
    strain_index,
)
from tricktaker.games.whist.result import WhistResult
from tricktaker.protocol.family import Family, Variant, standard_hooks
from tricktaker.registry import register

__all__ = [
    "FAMILY",
    "NUM_SEATS",
    "SEATS",
    "SIDES",
    "STRAINS",
    "WhistDeal",
    "WhistGame",
    "WhistOptions",
    "WhistResult",
    "seat_index",
    "strain_index",
]


FAMILY = Family(
    name="whist",
    package=__name__,
    variants=(
        Variant(
            "whist",
            "Whist: plain trick taking (follow suit, optional trump) with 2..13 ranks a suit",
            make_game,
            WhistOptions,
            {},
        ),
    ),
    # Every capability at its standard place in this folder (docs/adding-a-game.md), but
    # native playouts: the core has no whist playout engine.
    **standard_hooks(lacks=("playouts",)),
)
register(FAMILY)
