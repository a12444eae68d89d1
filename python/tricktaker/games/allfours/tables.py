"""All Fours's and Pitch's options as the core's tables: the rules table of a trump, the items
the deal scores, the solver's scoring and the playout engine; the family's ``SOLVER`` and
``PLAYOUTS`` hooks.

The solver (``tt.solve``): ``"points"`` (the default) and ``"margin"`` count game points of the
whole deal: High, Low, Jack with hang jack, Game and the extras the options turn on, and for a
bidder who is set, minus the bid; the items are decided by the whole play, so these values are
the deal's, not the remaining play's. A side is named as the game shows it (``A``, ``B``, ...),
by its number, or by a seat. Before a Pitch deal's first card, which fixes trump, each suit the
pitcher can lead is its own play. ``tt.dd_table`` of a deal is ``[trump][side]`` with the
deal's first leader (where the first card fixes trump, leading that suit): the side's game
points. A Pitch deal needs its auction ended (the pitcher leads), and a deal that deals more
than it plays its discards made.

Playouts (``tt.random_playouts``; ``num_players`` seats in the game's sides): ``play_size``
cards each (no turn-up, begging, widow or exchange: the hands at the start of play are
uniform), the leader by ``first_lead``; with ``trump_selection = "first_lead"`` the leader's
first card, uniform among his suited cards, fixes trump. In auction games ``declarer`` is the
pitcher (uniform) with a bid of ``min_bid`` (``playouts_from_deals`` takes any bid). Random
players fold, where ``folding`` allows it, as one more uniform choice. Columns ``points``,
``game_values``, ``score`` (n, sides) int16, ``made`` (bool), ``all_tricks_side``,
``moon_side`` (int8, -1 for none), and per item in the order of ``_core.AllFoursItem`` (High,
Low, Jack, Jick, Joker-H, Joker-L, Trey, Five, Last, Game, Moon) ``item_side`` (-1 when not
awarded) and ``item_points`` (n, 11) int8 (``allfours_score``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktaker import _core
from tricktaker.games.allfours.options import SIDE_NAMES, AllFoursOptions
from tricktaker.protocol.base import Game
from tricktaker.protocol.tables import (
    DealObjective,
    PlayoutDefaults,
    PlayoutRoles,
    PlayoutTables,
    SolverBase,
    SolverTables,
)

__all__ = [
    "PLAYOUTS",
    "SOLVER",
    "deal_rules",
    "objective_arguments",
    "playout_engine",
    "rules_table",
    "scoring_items",
    "scoring_options",
]

# The core's codes of the trump selection and first-lead options (AllFoursPlayoutOptions).
_TRUMP_SELECTION = {"turn_up": 0, "first_lead": 1, "declare": 2}
_FIRST_LEAD = {"dealer_unless_run": 0, "dealer": 0, "eldest": 1, "pitcher": 2}


def rules_table(options: AllFoursOptions, trump: int) -> _core.RulesTable:
    """The rules table of a deal with ``trump`` (0..3) under these options."""
    return _core.allfours_rules(
        int(trump),
        options.deck_mask,
        jick=options.jick,
        may_trump_when_able_to_follow=options.may_trump_when_able_to_follow,
        no_undertrump=options.no_undertrump_rule,
        must_head_trump=options.must_head_trump_rule,
    )


# The rules table of each options object and trump, by the options' identity (as
# _SCORING_OPTIONS below): every deal's play starts from one, and making it reads the deck's
# ranks and calls the core with keywords. Only the deal's own play states and checks read
# these (the core interns the table a play state is made with); rules_table makes a new one.
_DEAL_RULES: dict[tuple[int, int], tuple[AllFoursOptions, _core.RulesTable]] = {}


def deal_rules(options: AllFoursOptions, trump: int) -> _core.RulesTable:
    """``rules_table(options, trump)``, made once per options object and trump, for reading
    and for making play states (never to be changed: it is shared)."""
    key = (id(options), trump)
    kept = _DEAL_RULES.get(key)
    if kept is not None and kept[0] is options:
        return kept[1]
    if len(_DEAL_RULES) >= 256:
        _DEAL_RULES.clear()
    made = rules_table(options, trump)
    _DEAL_RULES[key] = (options, made)
    return made


def scoring_items(options: AllFoursOptions) -> dict[str, Any]:
    """The items a deal under these options scores, as the core's scoring takes them."""
    return {
        "hang_jack": options.jack_scoring == "hang_jack",
        "low_to_captor": options.low_award == "captor",
        "game_tie_non_dealer": options.game_tie == "non_dealer_side",
        "jick": options.jick,
        "jokers": options.jokers,
        "five": options.five_value,
        "trey": options.trey,
        "last_trick": options.last_trick,
        "shoot_the_moon": options.shoot_the_moon,
        "moon_requires_bid": options.moon_requires_bid,
    }


# The core's scoring options of each options object, by its identity: the options' own hash
# reads every field, which costs more than the deal's scoring. The object is kept beside its
# value, so a recycled id is never mistaken for it.
_SCORING_OPTIONS: dict[int, tuple[AllFoursOptions, _core.AllFoursScoringOptions]] = {}


def scoring_options(options: AllFoursOptions) -> _core.AllFoursScoringOptions:
    """``scoring_items`` as the core's object (``_core.allfours_score_fields`` takes it), made
    once per options object."""
    kept = _SCORING_OPTIONS.get(id(options))
    if kept is not None and kept[0] is options:
        return kept[1]
    if len(_SCORING_OPTIONS) >= 64:
        _SCORING_OPTIONS.clear()
    made = _core.AllFoursScoringOptions(**scoring_items(options))
    _SCORING_OPTIONS[id(options)] = (options, made)
    return made


def objective_arguments(
    options: AllFoursOptions, dealer: int, bidding_side: int, bid: int
) -> dict[str, Any]:
    """The ``_core.Objective`` arguments of a deal's game points (``bidding_side`` -1 without
    an auction)."""
    return {
        "scoring": _core.Scoring.ALLFOURS,
        "allfours": _core.AllFoursScoringOptions(**scoring_items(options)),
        "dealer": dealer,
        "bidding_side": bidding_side,
        "bid": bid,
    }


def playout_engine(options: AllFoursOptions) -> _core.AllFoursPlayouts:
    """The native playout batch of a game under these options."""
    return _core.AllFoursPlayouts(
        {
            "num_players": options.num_players,
            "sides": options.sides(),
            "hand_size": options.play_size,
            "trump_selection": _TRUMP_SELECTION[options.trump_selection],
            "first_lead": _FIRST_LEAD[options.first_lead],
            "first_lead_must_be_trump": options.first_lead_must_be_trump,
            "folding": options.folding,
            "bid": options.min_bid,
            "deck": options.deck_mask,
            "jick": options.jick,
            "may_trump_when_able_to_follow": options.may_trump_when_able_to_follow,
            "no_undertrump": options.no_undertrump_rule,
            "must_head_trump": options.must_head_trump_rule,
            "hang_jack": options.jack_scoring == "hang_jack",
            "low_to_captor": options.low_award == "captor",
            "game_tie_non_dealer": options.game_tie == "non_dealer_side",
            "five": options.five_value,
            "trey": options.trey,
            "last_trick": options.last_trick,
            "shoot_the_moon": options.shoot_the_moon,
            "moon_requires_bid": options.moon_requires_bid,
        }
    )


def _bidding_side(deal: Any) -> int:
    return -1 if deal.pitcher is None else int(deal.side_of(deal.pitcher))


class _Solver(SolverBase):
    def objective(self, deal: Any, state: _core.PlayState) -> DealObjective:
        arguments = objective_arguments(
            deal.options, deal.dealer, _bidding_side(deal), deal.bid or 0
        )
        return DealObjective("points", arguments)

    def side_names(self, deal: Any) -> Sequence[str]:
        # The letters the game shows its sides by (A, B, ...), by side number.
        return SIDE_NAMES[: max(deal.options.sides()) + 1]

    def first_card_states(self, deal: Any) -> list[_core.PlayState]:
        return list(deal.pitch_states().values())


class _Playouts:
    def engine(self, game: Game) -> _core.GamePlayouts:
        options: Any = game.options
        return playout_engine(options)

    def defaults(self, game: Game) -> PlayoutDefaults:
        options: Any = game.options
        auction = bool(options.has_auction)  # the pitcher is the role; else there is none
        return PlayoutDefaults(
            draws_declarer=auction,
            dealer_leads=options.first_lead in ("dealer", "dealer_unless_run"),
            bid=options.min_bid if auction else 0,
        )

    def position_roles(self, deal: Any, engine: _core.GamePlayouts) -> PlayoutRoles:
        pitcher = deal.pitcher
        return PlayoutRoles(-1 if pitcher is None else pitcher, deal.dealer, deal.bid or 0)


SOLVER: SolverTables = _Solver()
PLAYOUTS: PlayoutTables = _Playouts()
