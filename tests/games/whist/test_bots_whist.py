"""The whist bots: the rule-based bot and the PIMC bot's search, whist's ``rule_bot`` and
``pimc`` capabilities. They finish deals with legal cards only, are deterministic under a seed,
rebuild the true play state from the true hands, and take more tricks than random play on
duplicate deals (the PIMC bot never fewer on a deal)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import tricktaker as tt
from tricktaker.bots import Bot, PimcBot, bind_bot, make_bot
from tricktaker.bots.pimc import position_for
from tricktaker.games.whist import WhistDeal
from tricktaker.games.whist.bot import PIMC, RULE_BOT, WhistBot, play_view
from tricktaker.protocol.base import Game
from tricktaker.protocol.card_play import bits
from tricktaker.protocol.family import capability
from tricktaker.sim import bot_seed

TRUMPS = ("NT", "S", "H", "D", "C")


def new_deal(game: Game, seed: int) -> WhistDeal:
    """A shuffled deal whose trump and leader vary with the seed."""
    deal = game.new_deal(seed=seed, trump=TRUMPS[seed % 5], leader=seed % 4)
    assert isinstance(deal, WhistDeal)
    return deal


def play(
    game: Game, deal: WhistDeal, specs: Sequence[str | Bot], seed: int, bind: bool = True
) -> list[str]:
    """Plays ``deal`` to the end, N-S by ``specs[0]`` and E-W by ``specs[1]``; the cards played."""
    bots: dict[int, Bot] = {}
    log: list[str] = []
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        if seat not in bots:
            bots[seat] = make_bot(specs[seat % 2], bot_seed(seed, seat))
            if bind:
                bind_bot(bots[seat], game)
            bots[seat].reset(bot_seed(seed, seat))
        legal = deal.legal_actions()
        action = bots[seat].act(deal.observation(seat), legal)
        assert action in legal, (action, legal)
        deal.apply(action)
        log.append(str(action))
    return log


def duplicate(game: Game, seed: int, first: str, second: str) -> tuple[int, int]:
    """Tricks of ``first`` and of ``second`` over a deal played twice, the sides swapped."""
    ns = new_deal(game, seed)
    play(game, ns, [first, second], seed)
    ew = new_deal(game, seed)
    play(game, ew, [second, first], seed)
    a, b = ns.result(), ew.result()
    assert a is not None and b is not None
    return a.tricks[0] + b.tricks[1], a.tricks[1] + b.tricks[0]


def test_whist_has_both_bot_capabilities() -> None:
    caps = tt.games()["whist"].capabilities
    assert "rule_bot" in caps and "pimc" in caps
    assert capability("whist", "rule_bot") is RULE_BOT is WhistBot
    assert capability("whist", "pimc") is PIMC
    assert isinstance(RULE_BOT(), Bot)


@pytest.mark.parametrize("ranks", [8, 13])
@pytest.mark.parametrize("spec", ["rule", "pimc:2"])
def test_bots_finish_deals_with_legal_cards(ranks: int, spec: str) -> None:
    game = tt.load("whist", ranks_per_suit=ranks)
    for seed in range(5 if spec == "rule" else 2):
        deal = new_deal(game, seed)
        log = play(game, deal, [spec, "random"], seed, bind=seed % 2 == 0)
        result = deal.result()
        assert result is not None and sum(result.tricks) == ranks
        assert len(log) == 4 * ranks


@pytest.mark.parametrize("spec", ["rule", "pimc:3"])
def test_bots_are_deterministic_under_a_seed(spec: str) -> None:
    game = tt.load("whist", ranks_per_suit=8)
    for seed in range(2):
        first = play(game, new_deal(game, seed), [spec, "random"], seed)
        again = play(game, new_deal(game, seed), [spec, "random"], seed)
        assert first == again


@pytest.mark.parametrize("ranks", [6, 8, 13])
def test_an_unbound_bot_reads_the_deck_from_the_observation(ranks: int) -> None:
    game = tt.load("whist", ranks_per_suit=ranks)
    deal = new_deal(game, 3)
    for _ in range(5):
        seat = deal.to_move
        assert seat is not None
        legal = deal.legal_actions()
        view = play_view(deal.observation(seat), legal)
        assert view.rules.deck == game.deck_mask
        assert view.unseen & (view.hand | sum(1 << c for _, c in view.history)) == 0
        deal.apply(legal[0])


def test_positions_rebuild_the_true_play_state() -> None:
    """With the true hidden hands, the rebuilt state is the deal's own play state."""
    game = tt.load("whist", ranks_per_suit=8)
    rule = make_bot("rule")
    bind_bot(rule, game)
    for seed in range(4):
        deal = new_deal(game, seed)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            obs, legal = deal.observation(seat), deal.legal_actions()
            position = position_for(game, obs, legal)
            assert position is not None
            real = deal.play_state()
            hands = [real.hand(s) for s in range(4)]
            hands[seat] = 0
            states = position.states(hands)
            assert states is not None
            (state,) = states
            assert state.history() == real.history()
            assert state.trick() == real.trick()
            assert state.legal_moves() == real.legal_moves() == position.view.legal
            deal.apply(rule.act(obs, legal))


def test_pimc_values_every_legal_card_in_tricks() -> None:
    game = tt.load("whist", ranks_per_suit=8)
    deal = new_deal(game, 1)
    seat = deal.to_move
    assert seat is not None
    position = position_for(game, deal.observation(seat), deal.legal_actions())
    assert position is not None and position.cards_left <= position.max_cards
    bot = PimcBot(1, samples=4)
    bot.bind(game)
    values = bot.card_values(position)
    assert set(values) == set(bits(deal.play_state().legal_moves()))
    assert all(0 <= v <= 8 for v in values.values())


def test_the_full_pack_is_searched_from_the_last_eight_tricks() -> None:
    game = tt.load("whist")
    deal = new_deal(game, 2)
    seat = deal.to_move
    assert seat is not None
    position = position_for(game, deal.observation(seat), deal.legal_actions())
    assert position is not None and position.cards_left == 52 > position.max_cards == 32


def test_rule_bot_wins_cheaply_and_discards_low() -> None:
    game = tt.load("whist", ranks_per_suit=8)
    bot = WhistBot()
    bot.bind(game)
    # second hand with the ace and king of the suit led: the king wins as surely
    deal = game.position_from_pbn("N:AK.A.A. QJ.K.K. T9.Q.Q. 87.J.J.", trump="NT", leader="W")
    deal.apply("7S")
    assert {str(a) for a in deal.legal_actions()} == {"AS", "KS"}
    assert str(bot.act(deal.observation(0), deal.legal_actions())) == "KS"
    # void in the suit an opponent wins: the lowest card goes
    deal = game.position_from_pbn("N:.K8.Q7. KQJ.A.. T9.QJ.. A87.T..", trump="NT", leader="W")
    deal.apply("AS")
    assert len(deal.legal_actions()) == 4
    assert str(bot.act(deal.observation(0), deal.legal_actions())) == "7D"


def test_rule_bot_takes_more_tricks_than_random() -> None:
    game = tt.load("whist", ranks_per_suit=8)
    rule = random = 0
    for seed in range(12):
        a, b = duplicate(game, seed, "rule", "random")
        rule, random = rule + a, random + b
    assert rule > random + 12


def test_pimc_never_takes_fewer_tricks_than_random() -> None:
    """On every duplicate deal; and over the deals, at least as many as the rule-based bot."""
    game = tt.load("whist", ranks_per_suit=8)
    over_rule = 0
    for seed in range(6):
        pimc, random = duplicate(game, seed, "pimc:6", "random")
        assert pimc >= random, seed
        mine, rule = duplicate(game, seed, "pimc:6", "rule")
        over_rule += mine - rule
    assert over_rule >= 0


@pytest.mark.parametrize("bind", [True, False])
def test_pimc_plays_an_ending_whose_other_cards_were_never_dealt(bind: bool) -> None:
    """In an ending the cards of the pack nobody holds are out of play: the samples leave them
    out, and the search finds the tricks the hands hold."""
    game = tt.load("whist", ranks_per_suit=8)
    deal = game.position_from_pbn("N:AK.A.. QJ.K.. T9.Q.. 87.J..", trump="NT", leader="N")
    bot = make_bot("pimc:4", 1)
    if bind:
        bind_bot(bot, game)
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        legal = deal.legal_actions()
        action = bot.act(deal.observation(seat), legal)
        assert action in legal
        deal.apply(action)
    result = deal.result()
    assert result is not None and result.tricks == (3, 0)
