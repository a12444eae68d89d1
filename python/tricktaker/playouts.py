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
  size, a random dealer, a uniform trump suit and a uniform role (where the game has one),
  played with uniformly random legal cards and evaluated by the game's own C++ evaluation;
* ``playouts_from_deals(game, hands, trump, leader, ...)``: given deals (numpy arrays);
* ``playouts_from_position(deal, n, seed=...)``: n random playouts of a deal in its play phase,
  evaluated with that deal's own roles and context (or of a bare ``PlayState``).

Deal ``i`` depends only on ``(seed, i)``: the results do not depend on ``threads``. The deal and
the play of deal ``i`` use two separate generators, so that playing the returned deals again with
``playouts_from_deals`` and the same seed gives the same results.

Results are a dict of numpy arrays, one row per deal (a ``tricktaker.results.PlayoutResults``):
its items are one-dimensional columns labelled by the game's seat and side names
(``hands_N``, ``score_NS``), so ``pd.DataFrame(results)`` is a table and ``results.to_pandas()``
or ``results.to_arrow()`` add trump suits and seats by name, the game and its options; each group
below is still there by its own name (``results["hands"]``, shape (n, seats)). Every game has:

* ``hands`` (n, seats) uint64: each seat's cards at the start of play, as a card mask
  (``tt.cards_from_mask``);
* ``trump``, ``leader``, ``declarer``, ``dealer`` (n,) int8: the trump suit (0..3 = S H D C), the
  seat that led first, the seat of the game's role (-1 for none), the dealer (-1 if unknown).

The options that change the play or the evaluation are the game's (``game.options``). The
roles, the leader and the columns are the game's own: its family's ``tables`` module
(``tricktaker.games.<family>.tables``) documents them, and ``playout_engine(game).columns()``
lists every column with its dtype, width (0 for one value per deal) and meaning. A game without
native playouts raises ``tt.Unsupported``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker import _core
from tricktaker.labels import game_labels
from tricktaker.protocol.base import Deal, Game, check_seed, new_seed
from tricktaker.protocol.family import capability
from tricktaker.protocol.tables import PlayoutTables
from tricktaker.results import PlayoutResults

__all__ = [
    "PlayoutResults",
    "playout_engine",
    "playouts_from_deals",
    "playouts_from_position",
    "random_playouts",
]


def _labelled(game: Game, engine: _core.GamePlayouts, arrays: Any, seed: int) -> PlayoutResults:
    """The core's arrays as labelled results (``tricktaker.results.PlayoutResults``)."""
    docs = {name: doc for name, _dtype, _width, doc in engine.columns()}
    return PlayoutResults(dict(arrays), game_labels(game), docs, seed)


def _tables(game: Game) -> PlayoutTables:
    """The game's family ``PLAYOUTS`` (``tt.Unsupported`` for a game without playouts)."""
    tables: PlayoutTables = capability(game, "playouts")
    return tables


def playout_engine(game: Game) -> _core.GamePlayouts:
    """The core's playout batch for a game and its options (rules tables built once)."""
    return _tables(game).engine(game)


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
    engine, seed = playout_engine(game), _seed(seed)
    return _labelled(game, engine, _core.random_playouts(engine, _count(n), seed, threads), seed)


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
    tables = _tables(game)
    engine = tables.engine(game)
    players = engine.num_players
    masks = np.asarray(hands)
    if masks.ndim != 2 or masks.shape[1] != players:
        raise ValueError(f"hands must have shape (n, {players}), got {masks.shape}")
    if masks.dtype.kind not in "iu":
        raise ValueError(f"hands must be integer card masks, got dtype {masks.dtype}")
    n = masks.shape[0]
    seed = _seed(seed)
    leaders = _column("leader", leader, n, 0)
    defaults = tables.defaults(game)
    if declarer is None and defaults.draws_declarer:
        declarer = np.random.default_rng(seed).integers(0, players, n)
    default_dealer = leaders if defaults.dealer_leads else (leaders - 1) % players
    return _labelled(
        game,
        engine,
        _core.playouts_from_deals(
            engine,
            masks.astype(np.uint64),
            _column("trump", trump, n, 0),
            leaders,
            _column("declarer", declarer, n, -1),
            _column("dealer", dealer, n, default_dealer),
            _column("bid", bid, n, defaults.bid),
            seed,
            threads,
        ),
        seed,
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
        tables = _tables(position.game)
        engine = tables.engine(position.game)
        state = position.play_state()  # type: ignore[attr-defined]
        declarer, dealer, bid = tables.position_roles(position, engine)
    seed = _seed(seed)
    return _labelled(
        game,
        engine,
        _core.playouts_from_state(engine, state, declarer, dealer, bid, _count(n), seed, threads),
        seed,
    )
