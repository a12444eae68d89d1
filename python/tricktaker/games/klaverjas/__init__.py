"""Klaverjas (Amsterdam and Rotterdam), as specified in docs/rules/klaverjas.md.

The card play, roem, last trick and deal scoring are the C++ core's (``klaverjas_rules``,
``klaverjas_score``); this package holds the options, the deal flow (dealing, trump selection,
roem claims) and the 16-deal game: the options and the table in ``options``, the deal's record
in ``result``, what a seat sees in ``observation``, the position text in ``notation``, the deal
in ``deal``, the game of 16 deals in ``match`` and the game itself in ``game``.

>>> import tricktaker as tt
>>> game = tt.load("klaverjas")
>>> deal = game.new_deal(seed=7, dealer=3)
>>> deal.phase, deal.seat_name(deal.to_move)
('trump_selection', 'N')
>>> [str(a) for a in deal.legal_actions()]
['pass', 'trump:S', 'trump:H', 'trump:D', 'trump:C']
"""

from __future__ import annotations

from tricktaker.games.klaverjas.deal import (
    ACCEPT,
    CLAIM,
    PASS,
    TRUMP_CALLS,
    KlaverjasDeal,
    deal_packets,
)
from tricktaker.games.klaverjas.game import KlaverjasGame, make_game
from tricktaker.games.klaverjas.match import (
    PILE_PER_SUIT,
    ROTATION_SEATING,
    KlaverjasMatch,
    KlaverjasStandings,
    game_is_over,
    score_sheet_is_consistent,
    tournament_standings,
)
from tricktaker.games.klaverjas.options import (
    DEAL_POINTS,
    DECK,
    DECK_MASK,
    HAND_SIZE,
    NUM_SEATS,
    PRESETS,
    SEATS,
    TEAMS,
    KlaverjasOptions,
    seat_index,
    team_of,
)
from tricktaker.games.klaverjas.result import KlaverjasResult
from tricktaker.protocol.family import Family, Variant, standard_hooks
from tricktaker.registry import register

__all__ = [
    "ACCEPT",
    "CLAIM",
    "DEAL_POINTS",
    "DECK",
    "DECK_MASK",
    "FAMILY",
    "HAND_SIZE",
    "NUM_SEATS",
    "PASS",
    "PILE_PER_SUIT",
    "PRESETS",
    "ROTATION_SEATING",
    "SEATS",
    "TEAMS",
    "TRUMP_CALLS",
    "KlaverjasDeal",
    "KlaverjasGame",
    "KlaverjasMatch",
    "KlaverjasOptions",
    "KlaverjasResult",
    "KlaverjasStandings",
    "deal_packets",
    "game_is_over",
    "score_sheet_is_consistent",
    "seat_index",
    "team_of",
    "tournament_standings",
]


FAMILY = Family(
    name="klaverjas",
    package=__name__,
    variants=(
        Variant(
            "klaverjas",
            "Klaverjas (Dutch jass): Amsterdam and Rotterdam, free / Utrecht / drawn trump",
            make_game,
            KlaverjasOptions,
            PRESETS,
            aliases=("klaverjassen",),
        ),
    ),
    # Every capability at its standard place in this folder (docs/adding-a-game.md).
    **standard_hooks(),
)
register(FAMILY)
