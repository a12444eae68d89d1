"""Klaverjas deals played by random bots at every seat, straight to their simulation rows.

``tt.simulate(game, bots="random")`` spends most of a deal's time on the objects of the deal
protocol (the deal, its events, log and result, the bots), not on the play. Here each deal is
only what its row needs: the shuffle of ``KlaverjasGame.new_deal(seed)``, the trump selection
of ``KlaverjasDeal`` with each seat's pick ``legal[rng.below(len(legal))]`` among the actions
its ``legal_actions()`` lists, in that order (what ``RandomBot`` picks), the card play in one
core call with each seat's own generator, and the scoring of ``KlaverjasDeal._finish``.
``tests/test_sim_random_rows.py`` checks every row against the deal ``play_deal`` plays, under
every trump-selection rule.

Manual roem claims need the deal between the tricks: then ``random_rows`` gives None and the
simulation plays each deal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from tricktaker._core import PlayState, Rng, klaverjas_score
from tricktaker.cards import Suit
from tricktaker.games.klaverjas.deal import (
    ACCEPT,
    PASS,
    SUIT_OF_CALL,
    after_pass,
    selection_actions,
    starts_forced,
)
from tricktaker.games.klaverjas.game import KlaverjasGame, shuffle_seed
from tricktaker.games.klaverjas.options import NUM_SEATS, KlaverjasOptions
from tricktaker.games.klaverjas.tables import rules_table
from tricktaker.protocol.base import Game

__all__ = ["random_rows"]

SIDES = [0, 1, 0, 1]


def random_rows(
    game: Game, deal_seeds: list[int], bot_seeds: Callable[[int], list[int]]
) -> Iterator[dict[str, Any]] | None:
    """The simulation rows of the deals shuffled from ``deal_seeds``, the bot at ``seat``
    seeded with ``bot_seeds(seat)[i]`` for deal ``i``; None when roem is claimed by hand."""
    if not isinstance(game, KlaverjasGame) or game.options.roem_claim != "auto":
        return None
    return _rows(game.options, deal_seeds, [bot_seeds(seat) for seat in range(NUM_SEATS)])


def _rows(
    options: KlaverjasOptions, deal_seeds: list[int], seat_seeds: list[list[int]]
) -> Iterator[dict[str, Any]]:
    rules = {suit: rules_table(options, int(suit)) for suit in Suit}
    pit_for_any_team = options.pit_bonus_for == "any_team"
    tie_is_nat = options.tie_is_nat
    for i, seed in enumerate(deal_seeds):
        dealer, _, masks, proposed = shuffle_seed(options, seed)  # as new_deal(seed) deals
        rngs = [Rng(seeds[i]) for seeds in seat_seeds]
        # Trump selection by the deal's own rules, each seat picking as RandomBot does.
        forehand = (dealer + 1) % NUM_SEATS
        seat, forced = forehand, starts_forced(options)
        while True:
            choices = selection_actions(options, forced, proposed)
            call = choices[rngs[seat].below(len(choices))]
            if call is not PASS:
                break
            seat, forced = after_pass(seat, dealer, forced)
        trump = proposed if call is ACCEPT else SUIT_OF_CALL[call.name]
        assert trump is not None
        declarer = seat
        # The card play, then KlaverjasDeal._finish with roem counted automatically.
        state = PlayState(rules[trump], masks, SIDES, forehand)
        state.play_random_seats(rngs)
        playing = declarer % 2
        roem = (state.side_bonus(0), state.side_bonus(1))
        score = klaverjas_score(state, playing, roem, pit_for_any_team, tie_is_nat, -1)
        made = score.made
        pit_team = score.pit_team
        yield {
            "score": tuple(score.score),
            "card_points": tuple(score.card_points),
            "roem": tuple(score.roem),
            "pit": tuple(score.pit),
            "made": made,
            "nat": not made,
            "pit_team": -1 if pit_team < 0 else pit_team,
            "playing_team": playing,
            "declarer": declarer,
            "trump": int(trump),
            "penalized_team": -1,
        }
