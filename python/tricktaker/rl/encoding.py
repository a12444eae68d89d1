"""The fixed-shape numeric encoding of a seat's observation used by the environment.

``encode_observation`` reads only the seat's own observation (``observation(seat)``, the data a
front end or a bot gets) and the calls the seat has seen, so it never shows a hidden card. It
returns a ``float32`` vector of ``observation_size(adapter)`` values, every one in -1..1 (the
few scores that could go beyond are clipped). With ``C`` the number of cards of the action
layout, ``n`` the number of seats, ``K`` the number of calls and every seat written relative to
the observing seat (0 = the seat itself, 1 = the next seat in turn order, ...), the blocks are:

==========================  ========  =====================================================
block                       size      contents
==========================  ========  =====================================================
hand                        C         1 for each card the seat holds (or sees of its hand)
played                      n * C     cards each seat played to completed tricks (as far as
                                      the options show the history)
trick                       n * C     the cards of the trick in progress, by who played them
open hands                  n * C     cards known to be in another seat's hand (a hand laid
                                      open, e.g. Akis in Kiksas)
seen                        C         other cards seen: turned up, folded, peeked, discarded
                                      (``GameAdapter.seen_cards``)
calls                       n * K     the calls each seat made in this deal (private calls,
                                      such as discards, only the seat's own)
phase                       P         one-hot of the deal's phase (``GameAdapter.phases``)
trump                       4         one-hot of the trump suit (S, H, D, C), if fixed
dealer                      n         one-hot of the dealer's relative seat
to move                     n         one-hot of the relative seat to act
extras                      E         the game's own numbers (``GameAdapter.extras``)
==========================  ========  =====================================================

Cards and calls are in the order of the action layout. This is the one place the encoding
lives: another encoding (for instance per-game observation tensors from the core) replaces it by
replacing this function and ``observation_size``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker.rl.games import SUITS, GameAdapter


def observation_size(adapter: GameAdapter) -> int:
    """The length of the vector ``encode_observation`` returns for this game."""
    c, n, k = adapter.layout.num_cards, adapter.num_seats, len(adapter.layout.calls)
    return c * (2 + 3 * n) + n * k + len(adapter.phases) + 4 + 2 * n + adapter.extras_size


def encode_observation(
    adapter: GameAdapter,
    obs: Mapping[str, Any],
    seat: int,
    calls: Iterable[tuple[int, int]] = (),
) -> npt.NDArray[np.float32]:
    """Encode ``obs``, the observation of deal seat ``seat``; ``calls`` are the (deal seat,
    call number) pairs of the deal that the seat has seen, call number 0 being the first call
    of the layout."""
    layout = adapter.layout
    c, n, k = layout.num_cards, adapter.num_seats, len(layout.calls)
    out = np.zeros(observation_size(adapter), dtype=np.float32)

    def rel(name: Any) -> int | None:
        return adapter.relative(seat, adapter.seat_of_name(name))

    def put(offset: int, cards: Iterable[Any] | None) -> None:
        for name in cards or ():
            index = layout.lookup(str(name))
            if index is not None and index < c:
                out[offset + index] = 1.0

    def put_played(offset: int, played: Sequence[Sequence[Any]]) -> None:
        for who, card in played:
            r = rel(who)
            if r is not None:
                put(offset + r * c, (card,))

    hand, played, trick, open_, seen = 0, c, c + n * c, c + 2 * n * c, c + 3 * n * c
    put(hand, obs.get("hand"))
    for done in obs.get("tricks") or ():
        put_played(played, done.get("cards", ()))
    put(played, obs.get("my_played"))  # own cards only, when the history is hidden
    put_played(trick, obs.get("trick") or ())
    for who, cards in (obs.get("open_hands") or {}).items():
        r = rel(who)
        if r is not None:
            put(open_ + r * c, cards)
    put(seen, adapter.seen_cards(obs))

    at = seen + c
    for who, call in calls:
        r = adapter.relative(seat, who)
        assert r is not None
        out[at + r * k + call] = 1.0
    at += n * k
    phase = obs.get("phase")
    if phase in adapter.phases:
        out[at + adapter.phases.index(phase)] = 1.0
    at += len(adapter.phases)
    trump = obs.get("trump")
    if trump in SUITS:
        out[at + SUITS.index(trump)] = 1.0
    at += 4
    for name in (obs.get("dealer"), obs.get("to_move")):
        r = rel(name)
        if r is not None:
            out[at + r] = 1.0
        at += n
    extras = adapter.extras(obs, seat)
    out[at : at + len(extras)] = extras
    np.clip(out, -1.0, 1.0, out=out)
    return out
