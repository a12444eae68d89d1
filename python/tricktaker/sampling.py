"""Hidden-hand sampling: full deals drawn uniformly among those consistent with what a seat knows.

>>> import tricktaker as tt
>>> deal = tt.load("klaverjas").new_deal(seed=7, dealer="W", trump="H", declarer="N")
>>> for card in ("TS", "8S", "7S", "AS"):
...     _ = deal.apply(card)
>>> samples = tt.sample_deals(deal, "S", 1000, seed=1)
>>> samples.hands.shape, samples.hands.dtype.name
((1000, 4), 'uint64')
>>> all(int(h) == deal.play_state().hand(2) for h in samples.hands[:, 2])  # S's own hand
True
>>> state = samples.play_state(0)  # a play state with sampled hands, ready for the solver
>>> state.cards_played, state.to_move  # W won the trick and leads
(4, 3)

What a seat knows is compiled by its game's family (the ``knowledge`` capability,
``games/<family>/knowledge.py``, built with the kit of ``tricktaker.protocol.knowledge``) into
*locations* (every other hand, the seat's own hand when it has not seen it, the stock, discard
piles, turned-down and folded hands), the cards allowed in each, and count constraints; the C++
sampler (``cpp/include/tricktaker/sampling.h``) counts the consistent deals exactly and draws
proportionally, so that every consistent deal is equally likely. Sequential dealing is never
used: it is biased under void constraints.

A seat is assumed to remember everything it has seen, even where an option hides the history
from its observation: the cards were played face up in front of it. In every game a seat knows
its own hand (unless it has not looked at it yet), every card played, and what the plays prove.
A card is excluded from a hand when holding it would have made one of that seat's plays illegal
under the deal's follow policy (a suit shown void, no higher trump after an undertrump, no trump
after a discard where trumping was compulsory, a forced first lead not made, ...). This is
exact: every duty of the follow policy is triggered by holding a single card of some set
(``play_exclusions``), and each draw is also replayed as a check. What else a seat of a game
knows (calls, announcements, cards seen, cards out of play) is told by its family's
``knowledge`` module.

Before any hand is dealt and after the deal is over, there is nothing to sample:
``sample_deals`` raises ``ValueError``; a game whose family has no ``knowledge`` capability
raises ``tricktaker.Unsupported``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from tricktaker import _core
from tricktaker.cards import Card, cards_from_mask
from tricktaker.labels import frame, game_labels, show_cards, to_arrow
from tricktaker.protocol.base import Deal, Game, Match, StateMachine, new_seed
from tricktaker.protocol.family import capability
from tricktaker.protocol.knowledge import Knowledge, KnowledgeHook
from tricktaker.rebuild import rebuild

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

__all__ = ["DealSamples", "Knowledge", "knowledge", "sample_deals"]


def _resolve(target: StateMachine, seat: int | str) -> tuple[Deal, int]:
    """The deal and the seat in it, from a deal or a match and a seat (or match player)."""
    if isinstance(target, Match):
        deal = getattr(target, "deal", None)
        if deal is None or target.is_over:
            raise ValueError("the match is over; there is no deal to sample")
        player = _seat_of(deal, seat)
        seat_of = getattr(target, "seat_of", None)
        return deal, (seat_of(player) if seat_of is not None else player)
    if not isinstance(target, Deal):
        raise TypeError(f"expected a deal or a match, got {type(target).__name__}")
    return target, _seat_of(target, seat)


def _hook(deal: Deal) -> KnowledgeHook:
    """The knowledge capability of the deal's family (``tt.Unsupported`` when it has none)."""
    hook: KnowledgeHook = capability(deal, "knowledge")
    return hook


def _seat_of(deal: Deal, seat: int | str) -> int:
    return _hook(deal).seat_of(deal, seat)


def knowledge(target: StateMachine, seat: int | str) -> Knowledge:
    """What ``seat`` knows about where the cards are in the current deal of ``target``."""
    deal, s = _resolve(target, seat)
    if deal.is_over:
        raise ValueError("the deal is over; there is nothing left to sample")
    return _hook(deal).knowledge(deal, s)


class DealSamples:
    """Sampled deals: the full content of every location, the seats' current hands, and the
    play state of each sample (during the play).

    ``cards[i, l]`` is the card mask of location ``l`` (``names[l]``) in sample ``i``, known cards
    included; ``hands[i, seat]`` is the seat's current hand (its turned-down or folded hand when
    it is out of the play; 0 when it holds nothing). ``count`` is the weighted number of
    consistent deals (completions of the hidden cards), ``acceptance`` the share of draws kept.
    """

    def __init__(
        self,
        info: Knowledge,
        drawn: npt.NDArray[np.uint64],
        count: float,
        proposals: int,
        seed: int,
        deal: Deal | None = None,
    ) -> None:
        self.knowledge = info
        self._deal = deal
        self._actions = None if deal is None else len(deal.log)
        self.names = tuple(info.names)
        known = np.array(info.known, dtype=np.uint64)
        self.cards: npt.NDArray[np.uint64] = drawn | known[np.newaxis, :]
        n = self.cards.shape[0]
        hands = np.zeros((n, info.num_seats), dtype=np.uint64)
        for p, loc in enumerate(info.hand_location):
            if loc >= 0:
                hands[:, p] = self.cards[:, loc]
        self.hands: npt.NDArray[np.uint64] = hands
        self.count = count
        self.proposals = proposals
        self.seed = seed

    def __len__(self) -> int:
        return int(self.cards.shape[0])

    @property
    def acceptance(self) -> float:
        return len(self) / self.proposals if self.proposals else 1.0

    def hand(self, i: int, seat: int) -> list[Card]:
        """The cards of a seat's current hand in sample ``i``."""
        return cards_from_mask(int(self.hands[i, seat]))

    def location(self, name: str) -> npt.NDArray[np.uint64]:
        """One location's card masks over the samples (``"stock"``, ``"hand:N"``, ...)."""
        return self.cards[:, self.knowledge.location(name)]

    def play_hands(self, i: int) -> list[int]:
        """The hands of the play state's seats in sample ``i`` (0 for seats out of the play)."""
        info = self.knowledge
        if info.state is None:
            raise ValueError("the deal has no play state yet")
        return [
            int(self.cards[i, loc]) if loc >= 0 else 0
            for loc in info.play_location[: info.state.num_players]
        ]

    def play_state(self, i: int) -> _core.PlayState:
        """A copy of the deal's play state holding sample ``i``'s hands."""
        info = self.knowledge
        if info.state is None:
            raise ValueError("the deal has no play state yet (trump or sides are not fixed)")
        state = info.state.copy()
        state.set_hands(self.play_hands(i))
        return state

    def deal(self, i: int) -> Deal:
        """Sample ``i`` as a full deal of the game at the same point: dealt so that every
        location holds the sample's cards, then the real deal's actions replayed (with sampled
        discards for the other seats). The sampling seat's observation of it is the same as of
        the real deal after every action. Raises ``ValueError`` once the real deal has moved on.
        """
        deal = self._deal
        if deal is None or len(deal.log) != self._actions:
            raise ValueError("the sampled deal has changed since sampling; sample it again")
        if not 0 <= i < len(self):
            raise IndexError(f"sample {i} out of range 0..{len(self) - 1}")
        rng = _core.Rng((self.seed ^ (0x5851F42D4C957F2D * (i + 1))) % 2**64)
        return rebuild(deal, self.knowledge, [int(v) for v in self.cards[i]], rng)

    def _columns(self) -> dict[str, npt.NDArray[Any]]:
        """``seed``, then ``hands_<seat>`` for every seat's current hand and ``cards_<location>``
        for every other location (``cards_stock``; ``:`` in a name as ``_``)."""
        info = self.knowledge
        columns: dict[str, npt.NDArray[Any]] = {
            "seed": np.full(len(self), self.seed, dtype=np.uint64)
        }
        game = self._game()
        seats = game_labels(game).seats if game is not None else ()
        for p in range(info.num_seats):
            name = seats[p] if p < len(seats) else str(p)
            columns[f"hands_{name}"] = self.hands[:, p]
        as_hands = {loc for loc in info.hand_location if loc >= 0}
        for loc, name in enumerate(self.names):
            if loc not in as_hands:
                columns[f"cards_{name.replace(':', '_')}"] = self.cards[:, loc]
        return columns

    def _game(self) -> Game | None:
        """The game of the sampled deal (None for samples made without one)."""
        return None if self._deal is None else self._deal.game

    def to_pandas(self, *, options: bool = True, cards: str = "mask") -> pd.DataFrame:
        """One row per sample (the index ``sample``): ``seed`` (of the whole batch),
        ``hands_<seat>`` (each seat's current hand as a card mask, ``tt.cards_from_mask``;
        seats by the game's names), ``cards_<location>`` for the locations that are not a
        seat's hand (a stock, turned-down cards), the game and (with ``options``) its options
        as columns. ``attrs`` holds ``count`` and ``acceptance``. ``cards="text"`` shows the
        hands and locations as text (``AKT.9.QJ7.-``, ``tricktaker.labels.hand_text``)."""
        game = self._game()
        labels = game_labels(game) if game is not None else None
        columns = self._columns()
        shown = show_cards(columns, [k for k in columns if k != "seed"], cards)
        df = frame(shown, labels=labels, options=options, index_name="sample")
        df.attrs.update(seed=self.seed, count=self.count, acceptance=self.acceptance)
        return df

    def to_arrow(self, *, options: bool = True, cards: str = "mask") -> pa.Table:
        """``to_pandas()`` as an Arrow table (the sample number as a column ``sample``; the
        seed, count and acceptance in the schema's metadata)."""
        meta = {
            "seed": str(self.seed),
            "count": repr(self.count),
            "acceptance": repr(self.acceptance),
        }
        return to_arrow(self.to_pandas(options=options, cards=cards), meta)

    def __repr__(self) -> str:
        return f"<DealSamples n={len(self)} locations={', '.join(self.names)}>"


def sample_deals(
    target: StateMachine,
    seat: int | str,
    n: int,
    *,
    seed: int | None = None,
    threads: int = 1,
) -> DealSamples:
    """``n`` deals drawn uniformly among those consistent with what ``seat`` knows.

    ``target`` is a deal or a match (then ``seat`` is a player of the match). The work runs in
    C++ with the GIL released, on ``threads`` threads (0: one per core); the same seed gives
    the same samples whatever ``threads`` (each sample has its own generator). Raises
    ``ValueError`` when nothing can be sampled (no hands dealt yet, or the deal is over).
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be an integer >= 0, got {n!r}")
    if seed is None:
        seed = new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an integer 0 <= seed < 2**64, got {seed!r}")
    deal, _ = _resolve(target, seat)
    info = knowledge(target, seat)
    sampler = _core.DealSampler(info.hidden, info.capacity, info.allowed, info.constraints)
    state = info.state
    if state is not None:
        seats = state.num_players
        known = [info.known[loc] if loc >= 0 else 0 for loc in info.play_location[:seats]]
        drawn, proposals = sampler.sample(
            n,
            seed,
            threads=threads,
            state=state,
            known=known,
            location=list(info.play_location[:seats]),
            check_legal=info.check_legal,
        )
    else:
        drawn, proposals = sampler.sample(n, seed, threads=threads)
    return DealSamples(info, drawn, sampler.count, proposals, seed, deal)
