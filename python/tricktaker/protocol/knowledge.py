"""What a seat knows about where the cards are: the kit a game family compiles it with.

The sampler (``tricktaker.sample_deals``, the C++ ``DealSampler``) draws the cards a seat cannot
see into *locations* (every other hand, the seat's own hand when it has not looked at it, the
stock, discard piles, turned-down and folded hands): each holds a known number of hidden cards,
allows some of them, and count constraints weigh the completions. A game family describes what
one of its seats knows in those terms, with a ``KnowledgeBuilder``, and rebuilds a full deal of
its game around one draw; its ``games/<family>/knowledge.py`` exposes both as ``KNOWLEDGE``, an
object of the ``KnowledgeHook`` protocol below. The helpers here are what the families share.

The same sampler serves the bots, which see a deal only through a seat's observation: a
``HiddenHands`` holds what a seat's play view says of the cards it cannot see (how many each seat
holds, the cards known to be or proved not to be in a hand, exact counts that were announced)
and ``HiddenHands.sample`` draws hands from it uniformly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from tricktaker import _core
from tricktaker.cards import Card, mask_from_cards
from tricktaker.protocol.base import Deal

__all__ = [
    "FamilyKnowledge",
    "HiddenHands",
    "Knowledge",
    "KnowledgeBuilder",
    "KnowledgeHook",
    "at_least",
    "at_most",
    "cards_played_by",
    "exactly",
    "first_with",
    "mask_played",
    "mask_played_by",
    "popcount",
    "shuffled",
]


def popcount(mask: int) -> int:
    """The number of cards in a card mask."""
    return int(bin(mask).count("1"))


@dataclass
class Knowledge:
    """What one seat knows about where the cards are, ready for the sampler.

    ``known[l]`` are the cards known to be in location ``l`` and ``capacity[l]`` the number of
    hidden cards it holds besides; ``allowed[l]`` are the hidden cards that may be there.
    ``constraints`` are (location bit mask, card mask, weights by the count of those cards among
    the hidden cards of those locations). ``hand_location[seat]`` is where a seat's current hand
    is (-1: it holds nothing), ``play_location[seat]`` the same for the seats of the play state.
    """

    seat: int
    num_seats: int
    names: list[str]
    known: list[int]
    capacity: list[int]
    allowed: list[int]
    hidden: int
    constraints: list[tuple[int, int, list[float]]]
    hand_location: list[int]
    play_location: list[int]
    state: _core.PlayState | None = None
    check_legal: bool = True
    notes: list[str] = field(default_factory=list)

    def location(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise KeyError(f"no location {name!r}; locations: {', '.join(self.names)}") from None


class KnowledgeHook(Protocol):
    """A family's ``KNOWLEDGE`` (``games/<family>/knowledge.py``): what a seat of one of its deals
    knows, and the deal rebuilt around a sample. One object serves every variant of the family.
    """

    def seat_of(self, deal: Deal, seat: int | str) -> int:
        """The seat of ``deal`` as 0..n-1 from an index or the name the game gives it; raises
        ``ValueError`` (``not a seat``) for anything else."""
        ...

    def knowledge(self, deal: Deal, seat: int) -> Knowledge:
        """What ``seat`` knows about where the cards are now (the deal is not over); raises
        ``ValueError`` when there is nothing to sample (no hands dealt yet)."""
        ...

    def rebuild(self, deal: Deal, info: Knowledge, row: list[int], rng: _core.Rng) -> Deal:
        """A full deal of the game at the same point as ``deal``, dealt so that location ``l`` of
        ``info`` holds the cards ``row[l]`` (known cards included), with ``deal``'s actions
        replayed: the seat ``info.seat`` cannot tell it from ``deal`` (its observation is the
        same after every action). Choices the seat cannot see are drawn from ``rng``."""
        ...


@dataclass(frozen=True)
class FamilyKnowledge:
    """A ``KnowledgeHook`` made of a family's three functions, so that a family states them
    once (``KNOWLEDGE = FamilyKnowledge(seat_of, knowledge, rebuild)``) rather than writing a
    class that forwards to them."""

    seat_of: Callable[[Deal, int | str], int]
    knowledge: Callable[[Deal, int], Knowledge]
    rebuild: Callable[[Deal, Knowledge, list[int], _core.Rng], Deal]


# --- count constraints: the weight of a completion by the count t of a set's cards ----------


def exactly(value: int) -> Callable[[int], float]:
    return lambda t: 1.0 if t == value else 0.0


def at_least(value: int) -> Callable[[int], float]:
    return lambda t: 1.0 if t >= value else 0.0


def at_most(value: int) -> Callable[[int], float]:
    return lambda t: 1.0 if t <= value else 0.0


# --- the cards of a play state's history ------------------------------------------------------


def mask_played(state: _core.PlayState | None) -> int:
    """Every card played so far (0 before the play)."""
    if state is None:
        return 0
    return mask_from_cards(Card(c) for _, c in state.history())


def mask_played_by(state: _core.PlayState | None, seat: int) -> int:
    """The cards ``seat`` has played so far (0 before the play)."""
    if state is None:
        return 0
    return mask_from_cards(Card(c) for p, c in state.history() if p == seat)


def cards_played_by(state: _core.PlayState | None, seat: int) -> list[Card]:
    """The cards ``seat`` has played so far, in the order played."""
    if state is None:
        return []
    return [Card(c) for p, c in state.history() if p == seat]


# --- choices a rebuilt deal makes at random ---------------------------------------------------


def shuffled(cards: list[Card], rng: _core.Rng) -> list[Card]:
    return [cards[i] for i in rng.shuffled(list(range(len(cards))))]


def first_with(cards: list[Card], wanted: int, rng: _core.Rng) -> list[Card]:
    """The cards in random order, one of ``wanted`` first (when there is one)."""
    order = shuffled(cards, rng)
    for i, card in enumerate(order):
        if card.mask & wanted:
            return [card] + order[:i] + order[i + 1 :]
    return order


# --- compiling a seat's knowledge ---------------------------------------------------------------


class KnowledgeBuilder:
    """Collects a seat's knowledge location by location, then checks and compiles it
    (``finish``). ``gone`` holds the cards in no location: played, or public and out of play.
    """

    def __init__(self, deck: int, num_seats: int, seat: int) -> None:
        self.deck = deck
        self.num_seats = num_seats
        self.seat = seat
        self.names: list[str] = []
        self.sizes: list[int] = []
        self.known: list[int] = []
        self.excluded: list[int] = []
        self.only: list[int] = []
        self.gone = 0
        self.hand_location = [-1] * num_seats
        self.play_location = [-1] * num_seats
        self._constraints: list[tuple[list[int], int, Callable[[int], float], int]] = []
        self.notes: list[str] = []

    def add(self, name: str, size: int, known: int = 0) -> int:
        """A location of ``size`` cards, ``known`` of them known; returns its index."""
        if popcount(known) > size:
            raise AssertionError(f"{name}: more known cards than cards")
        self.names.append(name)
        self.sizes.append(size)
        self.known.append(known)
        self.excluded.append(0)
        self.only.append(self.deck)
        return len(self.names) - 1

    def hand(self, seat: int, name: str, size: int, known: int = 0, playing: bool = True) -> int:
        """A seat's current hand (``playing``: the hand of its seat in the play state)."""
        loc = self.add(name, size, known)
        self.hand_location[seat] = loc
        if playing:
            self.play_location[seat] = loc
        return loc

    def place(self, loc: int, cards: int) -> None:
        """Cards known to be in a location."""
        self.known[loc] |= cards

    def exclude(self, loc: int, cards: int) -> None:
        """Cards that cannot be in a location."""
        self.excluded[loc] |= cards

    def restrict(self, loc: int, cards: int) -> None:
        """Only these hidden cards may be in the location."""
        self.only[loc] &= cards

    def constrain(
        self, locs: Sequence[int], cards: int, weight: Callable[[int], float], extra: int = 0
    ) -> None:
        """Weigh completions by ``weight(t)``, t the number of ``cards`` in the locations (known
        and hidden) plus ``extra`` (cards of the set known to have been there: played ones)."""
        self._constraints.append((list(locs), cards, weight, extra))

    def hidden_so_far(self) -> int:
        """The cards neither known in a location nor gone, as placed until now."""
        known_all = 0
        for k in self.known:
            known_all |= k
        return self.deck & ~known_all & ~self.gone

    def apply_play_facts(self, state: _core.PlayState) -> None:
        """Exclude from each playing hand the cards that would have made one of its plays
        illegal (the core's ``play_exclusions``: every duty of the state's follow policy)."""
        n = state.num_players
        known = [0] * n
        for p in range(n):
            loc = self.play_location[p]
            if loc >= 0:
                known[p] = self.known[loc]
        excluded = _core.play_exclusions(state, known, self.hidden_so_far())
        for p in range(n):
            loc = self.play_location[p]
            if loc >= 0 and excluded[p]:
                self.exclude(loc, excluded[p])

    def finish(self, state: _core.PlayState | None, check_legal: bool = True) -> Knowledge:
        known_all = 0
        for k in self.known:
            if k & known_all:
                raise AssertionError("a card is known in two locations")
            known_all |= k
        if known_all & self.gone:
            raise AssertionError("a card is both placed and gone")
        hidden = self.deck & ~known_all & ~self.gone
        capacity = [size - popcount(k) for size, k in zip(self.sizes, self.known, strict=True)]
        if sum(capacity) != popcount(hidden):
            raise AssertionError(
                f"the locations hold {sum(capacity)} hidden cards, {popcount(hidden)} are hidden"
            )
        allowed = [hidden & ~ex & only for ex, only in zip(self.excluded, self.only, strict=True)]
        constraints: list[tuple[int, int, list[float]]] = []
        for locs, cards, weight, extra in self._constraints:
            room = sum(capacity[loc] for loc in locs)
            base = extra + sum(popcount(self.known[loc] & cards) for loc in locs)
            weights = [float(weight(base + t)) for t in range(room + 1)]
            if all(w == 1.0 for w in weights):
                continue
            mask = 0
            for loc in locs:
                mask |= 1 << loc
            constraints.append((mask, cards & hidden, weights))
        return Knowledge(
            seat=self.seat,
            num_seats=self.num_seats,
            names=list(self.names),
            known=list(self.known),
            capacity=capacity,
            allowed=allowed,
            hidden=hidden,
            constraints=constraints,
            hand_location=list(self.hand_location),
            play_location=list(self.play_location),
            state=state,
            check_legal=check_legal,
            notes=list(self.notes),
        )


# --- hidden hands from a seat's view of the play ------------------------------------------------


@dataclass(frozen=True)
class HiddenHands:
    """What a seat's view of the play says of the cards it cannot see.

    ``pool``: the unseen cards, in another seat's hand or out of play (a stock, a hand turned
    down); ``counts[s]``: how many unseen cards seat ``s`` holds (0 for the viewing seat and for
    a hand it has seen); ``known[s]``: cards known to be in ``s``'s hand (not in the pool);
    ``excluded[s]``: unseen cards ``s`` cannot hold (a suit it showed void in, a card that would
    have made one of its plays illegal); ``exact_counts[s] = (cards, n)``: ``s`` holds exactly
    ``n`` cards of the set, known ones included (an announced trump count).

    ``sample`` compiles this once for the core's exact sampler and draws hands uniformly among
    those consistent with it.
    """

    pool: int
    counts: Sequence[int]
    known: Sequence[int] = ()
    excluded: Sequence[int] = ()
    exact_counts: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    _compiled: _Compiled | None = field(default=None, init=False, repr=False, compare=False)

    def sample(self, n: int, seed: int) -> list[list[int]]:
        """``n`` deals of the unseen cards, each as every seat's hand (its unseen cards plus its
        known ones; the viewing seat's is 0): uniform among the deals that fit the counts, the
        known cards, the exclusions and the exact counts. The same seed gives the same deals.

        Should the exclusions and exact counts admit no deal (a play accepted although illegal
        proves nothing), they are dropped and only the counts and known cards hold; raises
        ``ValueError`` when even those admit none.
        """
        return self._problem().sample(n, seed)

    @property
    def relaxed(self) -> bool:
        """Whether sampling drops the exclusions and exact counts (they admit no deal)."""
        return self._problem().relaxed

    def _problem(self) -> _Compiled:
        # Compiled on first use (the exact count of the deals is the costly part) and kept.
        if self._compiled is None:
            object.__setattr__(self, "_compiled", _Compiled(self))
        assert self._compiled is not None
        return self._compiled


class _Compiled:
    """A ``HiddenHands`` as a sampling problem of the core: one location per seat holding unseen
    cards, in seat order, and one for the cards out of play."""

    def __init__(self, hidden: HiddenHands) -> None:
        seats = len(hidden.counts)
        self.known = [hidden.known[s] if s < len(hidden.known) else 0 for s in range(seats)]
        known_all = 0
        for mask in self.known:
            known_all |= mask
        if (hidden.pool | known_all) & ~_core.ALL_CARDS:
            raise ValueError("hidden hands: the pool and the known cards must be card ids")
        self.pool = hidden.pool & ~known_all
        self.location = [-1] * seats
        capacity: list[int] = []
        for s, count in enumerate(hidden.counts):
            if count > 0:
                self.location[s] = len(capacity)
                capacity.append(count)
        out_of_play = popcount(self.pool) - sum(capacity)
        if out_of_play < 0:
            raise ValueError("no deal of the hidden cards fits the counts")
        if out_of_play:
            capacity.append(out_of_play)
        self.relaxed = False
        self.sampler: _core.DealSampler | None = None
        if not capacity:
            return  # nothing unseen: every deal is the known hands
        try:
            self.sampler = self._problem(hidden, capacity, strict=True)
        except ValueError:
            # Facts that admit no deal are not facts (an illegal play accepted unnoticed): keep
            # what is certain, the counts and the known cards.
            self.relaxed = True
            try:
                self.sampler = self._problem(hidden, capacity, strict=False)
            except ValueError:
                raise ValueError("no deal of the hidden cards fits the counts") from None

    def _problem(self, hidden: HiddenHands, capacity: list[int], strict: bool) -> _core.DealSampler:
        allowed = [self.pool] * len(capacity)
        constraints: list[tuple[int, int, list[float]]] = []
        if strict:
            for s, loc in enumerate(self.location):
                if loc >= 0 and s < len(hidden.excluded):
                    allowed[loc] &= ~hidden.excluded[s]
            for s, (cards, wanted) in hidden.exact_counts.items():
                need = wanted - popcount(self.known[s] & cards)
                loc = self.location[s]
                if loc < 0:
                    if need != 0:
                        raise ValueError("an exact count does not fit a hand with no unseen card")
                    continue
                weights = [1.0 if t == need else 0.0 for t in range(capacity[loc] + 1)]
                constraints.append((1 << loc, cards & self.pool, weights))
        return _core.DealSampler(self.pool, capacity, allowed, constraints)

    def sample(self, n: int, seed: int) -> list[list[int]]:
        if self.sampler is None:
            return [list(self.known) for _ in range(n)]
        drawn, _ = self.sampler.sample(n, seed)
        rows: list[list[int]] = drawn.tolist()
        return [
            [
                known | (row[loc] if loc >= 0 else 0)
                for known, loc in zip(self.known, self.location, strict=True)
            ]
            for row in rows
        ]
