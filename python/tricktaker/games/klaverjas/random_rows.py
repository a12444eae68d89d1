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
from tricktaker.games.klaverjas.deal import BITS, first_dealer, packet_ids
from tricktaker.games.klaverjas.game import DECK_IDS, KlaverjasGame
from tricktaker.games.klaverjas.options import NUM_SEATS, KlaverjasOptions
from tricktaker.games.klaverjas.tables import rules_table
from tricktaker.protocol.base import Game

__all__ = ["random_rows"]

SIDES = [0, 1, 0, 1]
PASS, ACCEPT = -1, -2  # the calls that name no suit; a suit call is the suit's number
SUIT_CALLS = [int(suit) for suit in Suit]  # KlaverjasDeal lists the suits in this order
FREE_CHOICE = [PASS, *SUIT_CALLS]  # as KlaverjasDeal lists them: pass, then the suits


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
    rules = {suit: rules_table(options, suit) for suit in SUIT_CALLS}
    packets = options.deal_packets
    drawn = options.trump_selection == "drawn"
    forced_from_start = options.trump_selection == "utrecht"
    other_suit = drawn and options.drawn_forced_choice == "other_suit"
    pit_for_any_team = options.pit_bonus_for == "any_team"
    tie_is_nat = options.tie_is_nat
    for i, seed in enumerate(deal_seeds):
        # The shuffle of KlaverjasGame.new_deal(seed).
        deal_rng = Rng(seed)
        dealer = first_dealer(options, deal_rng)
        hands = packet_ids(deal_rng.shuffled(DECK_IDS), dealer, packets)
        proposed = int(Suit(deal_rng.below(4))) if drawn else -1
        rngs = [Rng(seeds[i]) for seeds in seat_seeds]
        # The trump selection of KlaverjasDeal (_selection_actions, _apply_selection).
        forehand = (dealer + 1) % NUM_SEATS
        seat = forehand
        forced = forced_from_start
        while True:
            if forced:
                choices = [s for s in SUIT_CALLS if s != proposed] if other_suit else SUIT_CALLS
            elif drawn:
                choices = [ACCEPT, PASS]
            else:
                choices = FREE_CHOICE
            call = choices[rngs[seat].below(len(choices))]
            if call != PASS:
                break
            if seat == dealer:  # everyone passed: forehand must name a suit
                forced = True
                seat = forehand
            else:
                seat = (seat + 1) % NUM_SEATS
        trump = proposed if call == ACCEPT else call
        declarer = seat
        # The card play, then KlaverjasDeal._finish with roem counted automatically.
        masks = [sum(map(BITS.__getitem__, hand)) for hand in hands]
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
            "trump": trump,
            "penalized_team": -1,
        }
