"""The rule-based and PIMC bots: legal actions only, deterministic under a seed, blind to the
state, better than random; the hidden-hand sampler; the duplicate comparison and its CLI."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pytest

import tricktaker as tt
from tricktaker import _core
from tricktaker.bots import Bot, bind_bot, make_bot
from tricktaker.bots.pimc import PimcBot, position_for
from tricktaker.cli import main
from tricktaker.compare import compare, seatings
from tricktaker.protocol.base import Action, Deal, Game
from tricktaker.protocol.card_play import bits, legal_mask
from tricktaker.protocol.knowledge import HiddenHands
from tricktaker.sim import bot_seed, deal_seed, summary_adapter

# (name, options) of every game and the presets whose calls differ
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("klaverjas", {}),
    ("klaverjas", {"trump_selection": "drawn"}),
    ("klaverjas", {"trump_selection": "utrecht", "play_rules": "rotterdam"}),
    ("klaverjas", {"roem_claim": "manual", "signals": "same_suit"}),
    ("klaverjas", {"signals": "opposite_colour", "lead_signals": True}),
    ("kiksas", {}),
    ("trikiksis", {}),
    ("allfours", {}),
    ("allfours", {"preset": "yorkshire"}),
    ("allfours", {"folding": True}),
    ("pitch", {"preset": "auction_pitch"}),
    ("pitch", {"preset": "five_point_setback"}),
    ("pitch", {"preset": "oklahoma_ten_point"}),
    ("pitch", {"preset": "auction_pitch", "partnership": "none", "num_players": 3}),
    ("kirves", {"num_players": 3}),
    ("kirves", {"num_players": 5, "paakot_mode": "manual"}),
]


def load(name: str, options: Mapping[str, Any]) -> Game:
    return tt.load(name, **options)


def new_deal(game: Game, seed: int) -> Deal:
    adapter = summary_adapter(game.name)
    return adapter.new_deal(game, seed) if adapter.new_deal else game.new_deal(seed=seed)


class Watched:
    """Wraps a bot: checks every answer is legal and records the choices."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.choices: list[str] = []

    def bind(self, game: Game) -> None:
        bind_bot(self.bot, game)

    def reset(self, seed: int) -> None:
        self.bot.reset(seed)

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        assert isinstance(observation, Mapping)
        action = self.bot.act(observation, legal_actions)
        assert action in legal_actions, (action, legal_actions)
        self.choices.append(str(action))
        return action


def obs_cards(obs: Mapping[str, Any]) -> int:
    """The seat's own cards and every card played, as a mask."""
    mask = 0
    for text in obs.get("hand") or []:
        mask |= tt.Card.parse(text).mask
    for trick in obs.get("tricks") or []:
        for _, text in trick["cards"]:
            mask |= tt.Card.parse(text).mask
    for _, text in obs.get("trick") or []:
        mask |= tt.Card.parse(text).mask
    return mask


def play(game: Game, seed: int, specs: Sequence[str]) -> tuple[Deal, list[str]]:
    deal = new_deal(game, seed)
    bots: dict[int, Watched] = {}
    log: list[str] = []
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        if seat not in bots:
            bots[seat] = Watched(make_bot(specs[seat % len(specs)], bot_seed(seed, seat)))
            bots[seat].bind(game)
            bots[seat].reset(bot_seed(seed, seat))
        action = bots[seat].act(deal.observation(seat), deal.legal_actions())
        deal.apply(action)
        log.append(f"{seat}:{action}")
    return deal, log


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_rule_bot_plays_only_legal_actions(name: str, options: dict[str, Any]) -> None:
    game = load(name, options)
    for i in range(12):
        deal, _ = play(game, deal_seed(7, i), ["rule"])
        assert deal.result() is not None


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_pimc_bot_plays_only_legal_actions(name: str, options: dict[str, Any]) -> None:
    game = load(name, options)
    for i in range(2):
        deal, _ = play(game, deal_seed(11, i), ["pimc:2", "rule"])
        assert deal.result() is not None


@pytest.mark.parametrize(("name", "options"), GAMES[::3])
@pytest.mark.parametrize("spec", ["rule", "pimc:3"])
def test_bots_are_deterministic_under_a_seed(name: str, options: dict[str, Any], spec: str) -> None:
    game = load(name, options)
    for i in range(2):
        seed = deal_seed(3, i)
        _, first = play(game, seed, [spec, "random"])
        _, again = play(game, seed, [spec, "random"])
        assert first == again


def test_bots_by_name() -> None:
    assert isinstance(make_bot("rule"), Bot)
    assert isinstance(make_bot("pimc"), Bot)
    bot = make_bot("pimc:5")
    assert isinstance(bot, PimcBot) and bot.samples == 5
    timed = make_bot("PIMC:20ms")
    assert isinstance(timed, PimcBot) and timed.ms == 20
    with pytest.raises(ValueError, match="pimc budget 'x'"):
        make_bot("pimc:x")
    with pytest.raises(ValueError, match="pimc budget '0'"):
        make_bot("pimc:0")
    with pytest.raises(ValueError, match="samples must be at least 1"):
        PimcBot(samples=0)


def test_rule_bot_without_binding_uses_default_options() -> None:
    """A bot that was never told the game still plays, from the observation alone."""
    game = tt.load("pitch", preset="auction_pitch")
    deal = game.new_deal(seed=5)
    bot = make_bot("rule", 1)
    while not deal.is_over:
        legal = deal.legal_actions()
        assert deal.to_move is not None
        deal.apply(bot.act(deal.observation(deal.to_move), legal))


# --- rule-based beats random -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "options", "deals"),
    [
        ("klaverjas", {}, 30),
        ("kiksas", {}, 30),
        ("trikiksis", {}, 30),
        ("allfours", {}, 60),
        ("pitch", {"preset": "auction_pitch"}, 40),
        ("kirves", {"num_players": 4}, 40),
    ],
)
def test_rule_bot_beats_random(name: str, options: dict[str, Any], deals: int) -> None:
    result = compare(load(name, options), ["rule", "random"], deals=deals, seed=2026)
    (pair,) = result.pairs
    low, high = pair.interval
    assert low > 0, result.table()
    assert pair.verdict == "rule better"
    assert high > low


# --- the PIMC positions ----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_positions_rebuild_the_true_play_state(name: str, options: dict[str, Any]) -> None:
    """With the true hidden hands, the rebuilt state is the deal's own play state."""
    game = load(name, options)
    checked = 0
    for i in range(6):
        deal = new_deal(game, deal_seed(19, i))
        rule = make_bot("rule", 1)
        bind_bot(rule, game)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            legal = deal.legal_actions()
            obs = deal.observation(seat)
            position = position_for(game, obs, legal) if deal.phase == "play" else None
            if position is not None and len([a for a in legal if a.card]) == len(legal):
                pitches = deal.pitch_states() if hasattr(deal, "pitch_states") else {}
                if pitches:  # the card fixes trump: one play per suit it can name
                    hands = [pitches[next(iter(pitches))].hand(s) for s in range(deal.n)]
                    hands[seat] = 0
                    made = position.make_state(hands)
                    assert isinstance(made, list) and len(made) == len(pitches)
                else:
                    real = deal.play_state()
                    hands = [real.hand(s) for s in range(len(position.hidden.counts))]
                    hands[seat] = 0
                    state = position.make_state(hands)
                    assert isinstance(state, _core.PlayState)
                    assert state.legal_moves() == real.legal_moves()
                    assert state.history() == real.history()
                    assert state.trick() == real.trick()
                # samples never hold the seat's own cards, and fit the history after retries
                (sample,) = position.hidden.sample(1, seed=i)
                assert sample[seat] == 0
                assert all(h & obs_cards(obs) == 0 for h in sample)
                shown = position.sample(_core.Rng(i))
                assert shown is not None
                legal_union = 0
                for st in shown:
                    legal_union |= st.legal_moves()
                assert legal_union == position.view.legal == legal_mask(legal)
                checked += 1
            deal.apply(rule.act(obs, legal))
    assert checked > 0


def test_pimc_values_every_legal_card() -> None:
    game = tt.load("klaverjas")
    deal = game.new_deal(seed=4, dealer="W")
    deal.apply("trump:H")
    bot = PimcBot(1, samples=3)
    bot.bind(game)
    while deal.phase == "play":
        seat = deal.to_move
        assert seat is not None
        position = position_for(game, deal.observation(seat), deal.legal_actions())
        assert position is not None
        if position.cards_left <= position.max_cards:
            values = bot.card_values(position)
            assert set(values) == set(bits(deal.play_state().legal_moves()))
            break
        deal.apply(deal.legal_actions()[0])


# --- the sampler -----------------------------------------------------------------------------


def test_sampler_respects_counts_voids_known_cards() -> None:
    ids = [c for c in range(64) if (_core.ALL_CARDS >> c) & 1]
    pool = sum(1 << c for c in ids[:24])  # 24 cards, all unseen
    spades = sum(1 << c for c in ids[:16])  # 16 of them play the part of a suit
    extra = 1 << ids[40]  # a card seen in seat 1's hand
    h = HiddenHands(
        pool=pool,
        counts=[0, 5, 5, 6],
        known=[0, extra, 0, 0],
        excluded=[0, spades, 0, 0],
        exact_counts={3: (spades, 5)},
    )
    for hands in h.sample(200, seed=9):
        assert hands[0] == 0
        assert bin(hands[1]).count("1") == 6 and hands[1] & extra
        assert hands[1] & spades == 0
        assert bin(hands[2]).count("1") == 5
        assert bin(hands[3] & spades).count("1") == 5
        assert hands[1] & hands[2] == 0 and hands[2] & hands[3] == 0 and hands[1] & hands[3] == 0
        assert (hands[1] | hands[2] | hands[3]) & ~(pool | extra) == 0
        assert (hands[2] | hands[3]) & extra == 0


def test_sampler_frequencies_are_roughly_uniform() -> None:
    # 4 cards, two seats of two: each card is with seat 1 half the time
    h = HiddenHands(pool=0b1111, counts=[0, 2, 2], known=[0, 0, 0], excluded=[0, 0, 0])
    counts = np.zeros(4)
    for hands in h.sample(2000, seed=1):
        for c in range(4):
            counts[c] += (hands[1] >> c) & 1
    assert np.all(np.abs(counts / 2000 - 0.5) < 0.05)


def test_sampler_drops_impossible_voids() -> None:
    h = HiddenHands(pool=0b11, counts=[0, 2], known=[0, 0], excluded=[0, 0b11])
    assert h.sample(1, seed=1) == [[0, 0b11]]
    with pytest.raises(ValueError, match="no deal"):
        HiddenHands(pool=0b1, counts=[0, 2]).sample(1, seed=1)


# --- comparisons -----------------------------------------------------------------------------


def test_seatings_swap_the_bots_over_every_side() -> None:
    assert seatings([0, 1, 0, 1]) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert seatings([0, 1]) == [(0, 1), (1, 0)]
    three = seatings([0, 1, 2])
    assert len(three) == 6 and len(set(three)) == 6
    for seat in range(3):
        assert sum(s[seat] == 0 for s in three) == 3


def test_compare_is_reproducible_and_checks_input() -> None:
    game = tt.load("klaverjas")
    a = compare(game, ["rule", "random"], deals=4, seed=8)
    b = compare(game, ["rule", "random"], deals=4, seed=8)
    assert a.pairs[0].diffs.tolist() == b.pairs[0].diffs.tolist()
    data = a.to_dict()
    assert data["pairs"][0]["first"] == "rule" and len(data["pairs"][0]["ci95"]) == 2
    # the same bot on both sides: every duplicate deal is a wash
    same = compare(game, ["random", "random"], deals=3, seed=1)
    assert same.pairs[0].mean == 0.0
    with pytest.raises(ValueError, match="two or more bots"):
        compare(game, ["rule"], deals=2)
    with pytest.raises(ValueError, match="unknown bot"):
        compare(game, ["rule", "genius"], deals=2)
    with pytest.raises(ValueError, match="deals must be"):
        compare(game, ["rule", "random"], deals=0)


def test_compare_every_pair() -> None:
    result = compare(tt.load("kiksas"), ["rule", "random", "random"], deals=2, seed=1)
    assert [(p.first, p.second) for p in result.pairs] == [
        ("rule", "random"),
        ("rule", "random"),
        ("random", "random"),
    ]
    assert "rule vs random" in result.table()


def test_cli_simulate_compares_bots(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "klaverjas", "--deals", "6", "--seed", "1", "--bots", "rule,random"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "rule vs random" in out and "95% t interval" in out
    assert (
        main(
            [
                "simulate",
                "kirves",
                "--num-players",
                "3",
                "--deals",
                "3",
                "--seed",
                "1",
                "--bots",
                "rule,random",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "kirves" and data["pairs"][0]["plays_per_deal"] == 6
    # one bot per seat, as before, with --per-seat
    assert (
        main(
            [
                "simulate",
                "klaverjas",
                "--deals",
                "3",
                "--seed",
                "1",
                "--per-seat",
                "--bots",
                "rule,random,rule,random",
            ]
        )
        == 0
    )
    assert "bots rule random rule random" in capsys.readouterr().out


def test_simulator_observations_offer_the_engine_sampler() -> None:
    """``sample_hands`` gives sampled hands only: the seat's own hand as it is, the others'
    drawn from the cards it cannot see."""
    from tricktaker.sim import SeatObservation, play_deal

    game = tt.load("klaverjas")
    deal = game.new_deal(seed=3, dealer="W", trump="S", declarer="N")
    for _ in range(2):
        deal.apply(deal.legal_actions()[0])
    seat = deal.to_move
    assert seat is not None
    live = SeatObservation(deal, seat)
    drawn = live.sample_hands(5, seed=1)
    real = deal.play_state()
    assert len(drawn) == 5
    for hands in drawn:
        assert hands[seat] == real.hand(seat)
        assert sum(bin(h).count("1") for h in hands) == sum(
            bin(real.hand(s)).count("1") for s in range(4)
        )
    live.close()
    with pytest.raises(RuntimeError):
        live.sample_hands(1, seed=1)
    # the PIMC bot takes its samples from there during a simulation
    calls: list[int] = []

    class Counting(PimcBot):
        def _states(self, position: Any) -> Any:
            calls.append(int(callable(getattr(self._observation, "sample_hands", None))))
            return super()._states(position)

    bots = [Counting(1, samples=2), make_bot("rule", 2), Counting(3, samples=2), make_bot("rule")]
    for bot in bots:
        bind_bot(bot, game)
    play_deal(game.new_deal(seed=8), bots.__getitem__)
    assert calls and all(calls)


def test_pimc_in_the_simulator_is_deterministic() -> None:
    game = tt.load("kiksas")
    first = compare(game, ["pimc:3", "rule"], deals=3, seed=4).pairs[0].diffs.tolist()
    again = compare(game, ["pimc:3", "rule"], deals=3, seed=4).pairs[0].diffs.tolist()
    assert first == again


def test_klaverjas_lead_signals() -> None:
    """§6.3: a forehand declarer with the trump jack opens with a small card of another suit,
    without it with an ace of another suit."""
    game = tt.load("klaverjas", lead_signals=True)
    bot = make_bot("rule")
    seen = {"small": 0, "ace": 0}
    for seed in range(60):
        deal = game.new_deal(seed=seed, dealer="W")
        hand = deal.observation(0)["hand"]
        suits = {c[-1] for c in hand}
        trump = next((s for s in "SHDC" if s in suits and s != "S"), "H")
        deal.apply(f"trump:{trump}")  # N, the forehand, declares
        card = bot.act(deal.observation(0), deal.legal_actions())
        assert card.card is not None
        plain = [c for c in hand if c[-1] != trump and c[0] != "J"]
        if f"J{trump}" in hand:
            if any(c[0] in "789" for c in plain):
                assert card.card.suit is not None and card.card.suit.letter != trump
                assert str(card.card)[0] in "789"
                seen["small"] += 1
        elif any(c[0] == "A" for c in plain):
            assert str(card.card)[0] == "A" and str(card.card)[-1] != trump
            seen["ace"] += 1
    assert seen["small"] and seen["ace"]


def test_pimc_with_a_time_budget() -> None:
    """A budget in milliseconds (not deterministic: it depends on the machine) still plays legal
    cards, with the engine's sampler and with the stand-in one."""
    result = compare(tt.load("kiksas"), ["pimc:5ms", "random"], deals=2, seed=1)
    assert result.pairs[0].plays_per_deal == 2
    deal, _ = play(tt.load("klaverjas"), 5, ["pimc:5ms"])
    assert deal.result() is not None


@pytest.mark.parametrize("options", [{"folding": True}, {"preset": "yorkshire", "folding": True}])
def test_positions_replay_folds(options: dict[str, Any]) -> None:
    """All Fours with folding (PV10): after folds (each replayed at the folder's turn), the
    rebuilt state is the deal's own, and the solver sees the fold where it is legal."""
    game = load("allfours", options)
    after_fold = 0
    for seed in range(25):
        deal = game.new_deal(seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            seat = deal.to_move
            legal = deal.legal_actions()
            if deal.phase == "play" and deal.state is not None:
                obs = deal.observation(seat)
                position = position_for(game, obs, [a for a in legal if a.card is not None])
                assert position is not None
                real = deal.play_state()
                hands = [real.hand(s) for s in range(real.num_players)]
                hands[seat] = 0
                states = position.states(hands)
                assert states is not None
                (state,) = states
                assert state.history() == real.history()
                assert state.active == real.active
                assert state.can_fold() == real.can_fold()
                assert state.legal_moves() == real.legal_moves()
                after_fold += bool(obs.get("folded"))
            folds = [a for a in legal if a.name == "fold"]
            deal.apply(folds[0] if folds and rng.random() < 0.5 else rng.choice(legal))
    assert after_fold > 0
