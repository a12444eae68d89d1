"""Random playouts in batches, entirely native: deal, play uniformly random legal cards, evaluate.

>>> import tricktaker as tt
>>> r = tt.random_playouts(tt.load("klaverjas"), 1000, seed=1)
>>> r["card_points"].shape, bool((r["card_points"].sum(axis=1) == 162).all())
((1000, 2), True)
>>> again = tt.playouts_from_deals(
...     tt.load("klaverjas"), r["hands"], r["trump"], r["leader"], declarer=r["declarer"], seed=1
... )
>>> bool((again["score"] == r["score"]).all())
True

Three entry points, all with the GIL released and optional threads:

* ``random_playouts(game, n, seed=...)``: n random deals of the game, with its deck and hand
  size, a random dealer, a uniform trump suit and a uniform role (below), played with uniformly
  random legal cards and evaluated by the game's own C++ evaluation;
* ``playouts_from_deals(game, hands, trump, leader, ...)``: given deals (numpy arrays);
* ``playouts_from_position(deal, n, seed=...)``: n random playouts of a deal in its play phase,
  evaluated with that deal's own roles and context (or of a bare ``PlayState``).

Deal ``i`` depends only on ``(seed, i)``: the results do not depend on ``threads``. The deal and
the play of deal ``i`` use two separate generators, so that playing the returned deals again with
``playouts_from_deals`` and the same seed gives the same results.

Results are a dict of numpy arrays, one row per deal. Every game has:

* ``hands`` (n, seats) uint64: each seat's cards at the start of play, as a card mask
  (``tt.cards_from_mask``);
* ``trump``, ``leader``, ``declarer``, ``dealer`` (n,) int8: the trump suit (0..3 = S H D C), the
  seat that led first, the seat of the game's role (-1 for none), the dealer (-1 if unknown).

The options that change the play or the evaluation are the game's (``game.options``); the
rest are below, per game. ``playout_engine(game).columns()`` lists every column with its dtype,
width (0 for one value per deal) and meaning.

**Klaverjas** (4 seats N E S W; teams N-S = 0, E-W = 1): forehand (after the dealer) leads;
``declarer`` is the seat that chose trump (uniform). Columns ``score``, ``card_points``,
``roem``, ``pit`` (n, 2) int16 per team (``klaverjas_score``: card points sum to 162; the scores
sum to 162 + roem + pit), ``made`` (bool: the declarer's team made it), ``pit_team`` (int8, -1
for none). Roem is credited as under ``roem_claim = "auto"``.

**Kirves** (``num_players`` seats, five cards each, a normal deal): the eldest leads;
``declarer`` is the trump maker (uniform), alone against the rest (no folding, no turned card).
Columns ``winner`` (the seat that won, R9.1), ``win_rule`` (1 three tricks, 2 first to two, 3
last trick), ``winning_side`` (0 the trump maker, 1 the others), ``trump_maker_won`` (bool),
``marks`` and ``tricks`` (n, seats) int8 (``kirves_outcome``).

**Kiksas / Trikiksis**: a writing deal (§3.6, §4.5) with a uniform trump; the trump-queen holder
leads (the queen itself under ``first_lead = "trump_queen"``). ``declarer`` is the writer
(uniform): in Kiksas his pair (A-C = 0, B-D = 1) writes, in Trikiksis he plays alone (side 0)
against the other two (side 1). Columns ``points`` (sum 138) and ``tricks`` (n, 2) per side,
``player_points`` (n, seats), and ``kiksas_evaluate``'s ``outcome`` (1 written, 2 the writer's
egg, 3 the writing-off side's sweep under ``egg_to_W``), ``figure_side``, ``figure_kind`` (0 none,
1 stroke, 2 egg, 3 cross) and ``figure_count``.

**All Fours / Pitch** (``num_players`` seats in the game's sides): ``play_size`` cards each (no
turn-up, begging, widow or exchange: the hands at the start of play are uniform), the leader by
``first_lead``; with ``trump_selection = "first_lead"`` the leader's first card, uniform among his
suited cards, fixes trump. In auction games ``declarer`` is the pitcher (uniform) with a bid of
``min_bid`` (``playouts_from_deals`` takes any bid). Random players fold, where ``folding`` allows
it, as one more uniform choice. Columns ``points``, ``game_values``, ``score`` (n, sides) int16,
``made`` (bool), ``all_tricks_side``, ``moon_side`` (int8, -1 for none), and per item in the order
of ``_core.AllFoursItem`` (High, Low, Jack, Jick, Joker-H, Joker-L, Trey, Five, Last, Game, Moon)
``item_side`` (-1 when not awarded) and ``item_points`` (n, 11) int8 (``allfours_score``).
"""

from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from tricktaker import _core
from tricktaker.protocol.base import Deal, Game, check_seed, new_seed

__all__ = [
    "PlayoutResults",
    "playout_engine",
    "playouts_from_deals",
    "playouts_from_position",
    "random_playouts",
]

PlayoutResults: TypeAlias = dict[str, npt.NDArray[Any]]

_ALLFOURS_TRUMP = {"turn_up": 0, "first_lead": 1, "declare": 2}
_ALLFOURS_LEAD = {"dealer_unless_run": 0, "dealer": 0, "eldest": 1, "pitcher": 2}


def playout_engine(game: Game) -> _core.GamePlayouts:
    """The core's playout batch for a game and its options (rules tables built once)."""
    o: Any = game.options
    name = game.name
    if name == "klaverjas":
        return _core.KlaverjasPlayouts(
            rotterdam=o.play_rules == "rotterdam",
            undertrump_compulsory=o.undertrump_when_cannot_overtrump == "compulsory",
            pit_for_any_team=o.pit_bonus_for == "any_team",
            tie_is_nat=o.tie_is_nat,
        )
    if name == "kirves":
        return _core.KirvesPlayouts(
            o.num_players,
            overtake_required=o.overtake_required,
            overtake_exempts_partner=o.overtake_exempts_partner,
            must_trump_when_void=o.must_trump_when_void,
            folded_players_score_with_side=o.folded_players_score_with_side,
        )
    if name in ("kiksas", "trikiksis"):
        trikiksis = o.variant == "trikiksis"
        context = _core.KiksasDealContext()
        context.writing_off_end_when_decided = o.writing_off_end == "end_when_decided"
        context.sweep_egg_to_o = o.writing_pair_sweep_in_writing_off_deal == "egg_to_O"
        context.sweep_egg_to_w = o.writing_off_pair_sweep_in_writing_deal == "egg_to_W"
        context.akis_play_out = o.akis_play_out
        if trikiksis and o.trikiksis_su_dviem_success == "one_each":
            context.su_dviem_made_strokes = 1
        return _core.KiksasPlayouts(
            trikiksis=trikiksis,
            must_overtrump=o.must_overtrump,
            must_head_in_suit=o.must_head_in_suit,
            partner_exemption=o.partner_exemption,
            forced_first_lead=o.first_lead == "trump_queen",
            options=context,
        )
    if name in ("allfours", "pitch"):
        return _core.AllFoursPlayouts(
            {
                "num_players": o.num_players,
                "sides": o.sides(),
                "hand_size": o.play_size,
                "trump_selection": _ALLFOURS_TRUMP[o.trump_selection],
                "first_lead": _ALLFOURS_LEAD[o.first_lead],
                "first_lead_must_be_trump": o.first_lead_must_be_trump,
                "folding": o.folding,
                "bid": o.min_bid,
                "deck": o.deck_mask,
                "jick": o.jick,
                "may_trump_when_able_to_follow": o.may_trump_when_able_to_follow,
                "no_undertrump": o.no_undertrump_rule,
                "must_head_trump": o.must_head_trump_rule,
                "hang_jack": o.jack_scoring == "hang_jack",
                "low_to_captor": o.low_award == "captor",
                "game_tie_non_dealer": o.game_tie == "non_dealer_side",
                "five": o.five_value,
                "trey": o.trey,
                "last_trick": o.last_trick,
                "shoot_the_moon": o.shoot_the_moon,
                "moon_requires_bid": o.moon_requires_bid,
            }
        )
    raise ValueError(f"no native playouts for game {name!r}")


def _seed(seed: int | None) -> int:
    return new_seed() if seed is None else check_seed(seed)


def _count(n: Any) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"n must be a whole number >= 0, got {n!r}")
    return int(n)


def random_playouts(
    game: Game, n: int, *, seed: int | None = None, threads: int = 1
) -> PlayoutResults:
    """``n`` random deals of ``game`` played with random legal cards (see the module doc).

    ``threads`` <= 0 uses every hardware thread; the results do not depend on it.
    """
    return dict(_core.random_playouts(playout_engine(game), _count(n), _seed(seed), threads))


def _column(
    name: str, values: npt.ArrayLike | None, n: int, default: int | npt.NDArray[Any]
) -> npt.NDArray[np.int64]:
    if values is None:
        return np.broadcast_to(np.asarray(default, dtype=np.int64), (n,)).copy()
    out = np.asarray(values)
    if out.dtype.kind not in "iu":
        raise ValueError(f"{name} must hold whole numbers, got dtype {out.dtype}")
    if out.shape != (n,):
        raise ValueError(f"{name} must have shape ({n},), got {out.shape}")
    return out.astype(np.int64)


def playouts_from_deals(
    game: Game,
    hands: npt.ArrayLike,
    trump: npt.ArrayLike,
    leader: npt.ArrayLike,
    *,
    declarer: npt.ArrayLike | None = None,
    dealer: npt.ArrayLike | None = None,
    bid: npt.ArrayLike | None = None,
    seed: int | None = None,
    threads: int = 1,
) -> PlayoutResults:
    """Given deals played with random legal cards: ``hands`` an (n, seats) array of card masks
    (every seat holding the game's hand size), ``trump`` (suits 0..3) and ``leader`` (seats) of
    shape (n,).

    ``declarer`` is the seat of the game's role (see the module doc); by default it is drawn
    uniformly from ``seed`` (in games without a role, -1). ``dealer`` defaults to the seat the
    game's first-lead rule puts before the leader (All Fours: the leader itself under
    ``first_lead = "dealer"``); ``bid`` (auction games) defaults to ``min_bid``. Bad input raises
    ``ValueError`` naming the first bad deal.
    """
    engine = playout_engine(game)
    players = engine.num_players
    masks = np.asarray(hands)
    if masks.ndim != 2 or masks.shape[1] != players:
        raise ValueError(f"hands must have shape (n, {players}), got {masks.shape}")
    if masks.dtype.kind not in "iu":
        raise ValueError(f"hands must be integer card masks, got dtype {masks.dtype}")
    n = masks.shape[0]
    seed = _seed(seed)
    leaders = _column("leader", leader, n, 0)
    o: Any = game.options
    auction = game.name in ("allfours", "pitch") and o.first_lead == "pitcher"
    has_role = game.name not in ("allfours", "pitch") or auction
    if declarer is None and has_role:
        declarer = np.random.default_rng(seed).integers(0, players, n)
    lead_is_dealer = game.name in ("allfours", "pitch") and o.first_lead in (
        "dealer",
        "dealer_unless_run",
    )
    default_dealer = leaders if lead_is_dealer else (leaders - 1) % players
    default_bid = o.min_bid if auction else 0
    return dict(
        _core.playouts_from_deals(
            engine,
            masks.astype(np.uint64),
            _column("trump", trump, n, 0),
            leaders,
            _column("declarer", declarer, n, -1),
            _column("dealer", dealer, n, default_dealer),
            _column("bid", bid, n, default_bid),
            seed,
            threads,
        )
    )


def playouts_from_position(
    position: Deal | _core.PlayState,
    n: int,
    *,
    game: Game | None = None,
    declarer: int = -1,
    dealer: int = -1,
    bid: int = 0,
    seed: int | None = None,
    threads: int = 1,
) -> PlayoutResults:
    """``n`` random playouts of a position, evaluated by its game.

    ``position`` is a deal in its play phase: its play state, roles (declarer, Kirves roles of
    any kind, the Kiksas deal context with its type, targets and calls, the All Fours pitcher
    and bid) and dealer are used. Or a bare ``PlayState`` with its ``game`` and the roles given
    as ``declarer``, ``dealer`` and ``bid`` (a Kirves normal deal, a Kiksas writing deal).
    Random players make no calls (no "Su dviem", no declined last lead).
    """
    if isinstance(position, _core.PlayState):
        if game is None:
            raise ValueError("a bare PlayState needs its game: game=tt.load(...)")
        engine = playout_engine(game)
        state = position
    else:
        game = position.game
        engine = playout_engine(game)
        state = position.play_state()  # type: ignore[attr-defined]
        declarer, dealer, bid = _position_roles(position, engine)
    return dict(
        _core.playouts_from_state(
            engine, state, declarer, dealer, bid, _count(n), _seed(seed), threads
        )
    )


def _position_roles(deal: Any, engine: _core.GamePlayouts) -> tuple[int, int, int]:
    """The declarer, dealer and bid of a deal, and its roles or context set on the engine."""
    name = deal.game.name
    if name == "klaverjas":
        return deal.declarer, deal.dealer, 0
    if name == "kirves":
        assert isinstance(engine, _core.KirvesPlayouts)
        engine.set_roles(deal.roles())
        maker = deal.trump_maker
        return -1 if maker is None else maker, deal.dealer, 0
    if name in ("kiksas", "trikiksis"):
        assert isinstance(engine, _core.KiksasPlayouts)
        context = deal.context()
        if context.last_lead_declined:
            raise ValueError("the last lead was declined: the deal is over, with no card to play")
        engine.set_context(context)
        return -1, deal.dealer, 0
    pitcher = deal.pitcher
    return -1 if pitcher is None else pitcher, deal.dealer, deal.bid or 0
