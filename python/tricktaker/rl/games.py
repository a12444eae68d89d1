"""What the reinforcement-learning environment needs to know of each game family.

A ``GameAdapter`` gives, for one loaded game (name and options):

* the action layout (``layout``): the pack's cards by card id, then every call the game can
  make with these options, in the order listed below;
* the phases (for the observation's phase one-hot), the seats and how deals and matches start;
* the reward of a finished deal per seat (below);
* which calls are private (seen only by the seat that makes them);
* a few game-specific numbers for the observation (``extras``).

Rewards, per seat, when a deal ends (every one is the deal's own score, never a shaped one):

* Klaverjas: the seat's team's deal score minus the other team's (``KlaverjasResult.score``:
  card points, roem and pit as the deal scored them, after nat).
* All Fours / Pitch: the change of the seat's side's score in the deal (kicks, gifts, the items,
  a set back) minus the mean change of the other sides (``AllFoursResult.score_change``).
* Kirves: marks are good: the seat's marks in the deal minus the mean marks of the other
  participants (0 for a seat that sits the deal out).
* Kiksas / Trikiksis: figures are penalties: the mean number of figures the other pairs (Kiksas)
  or players (Trikiksis) received in the deal minus the number the seat's own pair or the seat
  received. Most deals award no figure and so give 0.

The sides' rewards thus sum to zero whenever the sides are equal in size.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tricktaker.cards import Card, Suit, cards_from_mask
from tricktaker.protocol.base import Deal, Game, Match, StateMachine
from tricktaker.rl.layout import ActionLayout

SUITS = tuple(s.letter for s in Suit)


def _one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


class GameAdapter:
    """The environment's view of one game family; one instance per loaded game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.num_seats = self._num_seats()
        self.deal_seat_names: tuple[str, ...] = self._deal_seat_names()
        self.layout = ActionLayout(
            tuple(sorted(self._cards(), key=lambda c: c.id)), tuple(self._calls())
        )

    # --- per game --------------------------------------------------------------------------

    def _num_seats(self) -> int:
        raise NotImplementedError

    def _deal_seat_names(self) -> tuple[str, ...]:
        raise NotImplementedError

    def _cards(self) -> list[Card]:
        raise NotImplementedError

    def _calls(self) -> list[str]:
        raise NotImplementedError

    def deal_rewards(self, result: Any) -> list[float]:
        """The reward of each deal seat for a finished deal's ``result()``."""
        raise NotImplementedError

    # --- shared, overridable ---------------------------------------------------------------

    def new_deal(self, seed: int) -> Deal:
        return self.game.new_deal(seed=seed)

    def new_match(self, seed: int) -> Match:
        return self.game.new_match(seed=seed)

    def agent_names(self, machine: StateMachine) -> list[str]:
        return [machine.seat_name(i) for i in range(self.num_seats)]

    def current_deal(self, machine: StateMachine) -> Deal:
        if isinstance(machine, Deal):
            return machine
        deal = getattr(machine, "deal", None)
        if not isinstance(deal, Deal):
            raise TypeError(f"{machine!r} has no current deal")
        return deal

    def deal_seat(self, machine: StateMachine, player: int) -> int:
        """The seat in the current deal of a player (agent index); the same by default."""
        return player

    def finished_deals(self, match: Match) -> list[tuple[Any, Sequence[int]]]:
        """Each finished deal of a match: its result and the player at each of its seats."""
        results: list[Any] = list(getattr(match, "results", []))
        seating = tuple(range(self.num_seats))
        return [(r, seating) for r in results]

    def relative(self, seat: int, other: int | None) -> int | None:
        return None if other is None else (other - seat) % self.num_seats

    def seat_of_name(self, name: Any) -> int | None:
        if name is None:
            return None
        try:
            return self.deal_seat_names.index(str(name))
        except ValueError:
            return None


# --- Klaverjas ---------------------------------------------------------------------------------


class KlaverjasAdapter(GameAdapter):
    """Calls: ``pass accept claim trump:S trump:H trump:D trump:C``."""

    def _num_seats(self) -> int:
        return 4

    def _deal_seat_names(self) -> tuple[str, ...]:
        return ("N", "E", "S", "W")

    def _cards(self) -> list[Card]:
        from tricktaker.games.klaverjas import DECK

        return list(DECK)

    def _calls(self) -> list[str]:
        return ["pass", "accept", "claim"] + [f"trump:{s}" for s in SUITS]

    def deal_rewards(self, result: Any) -> list[float]:
        score = result.score
        return [float(score[s % 2] - score[1 - s % 2]) for s in range(4)]

    def finished_deals(self, match: Match) -> list[tuple[Any, Sequence[int]]]:
        from tricktaker.games.klaverjas import ROTATION_SEATING

        rotating = getattr(match, "games_total", 1) == 3
        out: list[tuple[Any, Sequence[int]]] = []
        for g, results in enumerate(getattr(match, "results", [])):
            seating = ROTATION_SEATING[g] if rotating else (0, 1, 2, 3)
            out += [(r, seating) for r in results]
        return out

    def deal_seat(self, machine: StateMachine, player: int) -> int:
        seat_of: Callable[[int], int] | None = getattr(machine, "seat_of", None)
        return player if seat_of is None else seat_of(player)


# --- All Fours / Pitch -------------------------------------------------------------------------


class AllFoursAdapter(GameAdapter):
    """Calls: ``stand beg give_one run pass done fold trump:S .. trump:C``, then ``bid:N`` for
    every bid of the options' range (``min_bid`` .. the highest bid), then ``discard:<card>``
    for every card of the pack in card id order. Discards are private calls."""

    def __init__(self, game: Game) -> None:
        self.options: Any = game.options
        self.sides: list[int] = list(self.options.sides())
        self.num_sides = max(self.sides) + 1
        super().__init__(game)

    def _num_seats(self) -> int:
        return int(self.options.num_players)

    def _deal_seat_names(self) -> tuple[str, ...]:
        return tuple(f"S{i}" for i in range(self.num_seats))

    def _cards(self) -> list[Card]:
        return cards_from_mask(self.options.deck_mask)

    def _calls(self) -> list[str]:
        low, high = self.options.bid_range
        calls = ["stand", "beg", "give_one", "run", "pass", "done", "fold"]
        calls += [f"trump:{s}" for s in SUITS]
        calls += [f"bid:{b}" for b in range(low, high + 1)]
        calls += [f"discard:{c}" for c in sorted(self._cards(), key=lambda c: c.id)]
        return calls

    def deal_rewards(self, result: Any) -> list[float]:
        change = list(result.score_change)
        total = sum(change)
        others = max(1, self.num_sides - 1)
        out = []
        for s in range(self.num_seats):
            own = change[self.sides[s]]
            out.append(float(own - (total - own) / others))
        return out

    def side_order(self, seat: int) -> list[int]:
        """The sides as met going round the table from ``seat``: its own side first."""
        order: list[int] = []
        for k in range(self.num_seats):
            side = self.sides[(seat + k) % self.num_seats]
            if side not in order:
                order.append(side)
        return order


# --- Kiksas / Trikiksis ------------------------------------------------------------------------


class KiksasAdapter(GameAdapter):
    """Calls: ``peek:none peek:top peek:bottom accept decline trump:S .. trump:C pass
    akis:a:S .. akis:a:C akis:b akis:c su_dviem lead``.

    A deal episode is a deal of any kind (first, writing or writing-off, one in three each,
    writing-off targets from a first deal played at random), as ``tricktaker simulate`` plays.
    """

    DEAL_TYPES = ("first", "writing", "writing_off")

    def _num_seats(self) -> int:
        return 3 if self.game.options.variant == "trikiksis" else 4

    def _deal_seat_names(self) -> tuple[str, ...]:
        return ("A", "B", "C", "D")[: self.num_seats]

    def _cards(self) -> list[Card]:
        from tricktaker.games.kiksas import DECK

        return list(DECK)

    def _calls(self) -> list[str]:
        calls = ["peek:none", "peek:top", "peek:bottom", "accept", "decline"]
        calls += [f"trump:{s}" for s in SUITS]
        calls += ["pass"] + [f"akis:a:{s}" for s in SUITS] + ["akis:b", "akis:c"]
        return calls + ["su_dviem", "lead"]

    def new_deal(self, seed: int) -> Deal:
        from tricktaker.games.kiksas import KiksasGame, simulation_deal

        assert isinstance(self.game, KiksasGame)
        return simulation_deal(self.game, seed)

    @property
    def units(self) -> tuple[str, ...]:
        """Who receives figures: the pairs (Kiksas) or the players (Trikiksis)."""
        return ("AC", "BD") if self.num_seats == 4 else self.deal_seat_names

    def unit_of(self, seat: int) -> int:
        return seat % 2 if self.num_seats == 4 else seat

    def deal_rewards(self, result: Any) -> list[float]:
        figures = [0.0] * len(self.units)
        for award in result.figures:
            figures[self.units.index(award["to"])] += award["count"]
        total = sum(figures)
        others = len(self.units) - 1
        out = []
        for s in range(self.num_seats):
            own = figures[self.unit_of(s)]
            out.append((total - own) / others - own)
        return out


# --- Kirves --------------------------------------------------------------------------------------


class KirvesAdapter(GameAdapter):
    """Calls: ``cut:K`` for every packet size of the options (``cut_min_packet`` ..
    ``cut_max_packet``), ``keep change change:S .. change:C pass throw_in consent veto refuse
    take_blind peek take leave fold stay declare no misdeal suit:S .. suit:C``, then
    ``discard:<card>`` for every card in card id order, then the keppi holder's choice of the
    next dealer (a match only): ``dealer dealer:A dealer:B ...``. Discards are private calls.

    A deal episode is the first deal of a game (nobody has marks yet); a match episode is a
    whole game to the kirves, in which the players who escaped a leg sit out its deals. The
    reward of a deal is the seat's marks in the deal minus the mean marks of the other
    participants (0 for a seat that does not take part); keppi and kirves follow from the marks
    and carry no reward of their own.
    """

    def _num_seats(self) -> int:
        return int(self.game.options.num_players)

    def _deal_seat_names(self) -> tuple[str, ...]:
        return tuple("ABCDEFGHIJ"[: self.num_seats])

    def _cards(self) -> list[Card]:
        from tricktaker.games.kirves import DECK

        return list(DECK)

    def _calls(self) -> list[str]:
        o = self.game.options
        calls = [f"cut:{k}" for k in range(o.cut_min_packet, o.cut_max_packet + 1)]
        calls += ["keep", "change"] + [f"change:{s}" for s in SUITS]
        calls += ["pass", "throw_in", "consent", "veto", "refuse", "take_blind", "peek"]
        calls += ["take", "leave", "fold", "stay", "declare", "no", "misdeal"]
        calls += [f"suit:{s}" for s in SUITS]
        calls += [f"discard:{c}" for c in sorted(self._cards(), key=lambda c: c.id)]
        return calls + ["dealer"] + [f"dealer:{name}" for name in self.deal_seat_names]

    def deal_rewards(self, result: Any) -> list[float]:
        marks = list(result.marks)
        players = list(result.participants)
        total = sum(marks[p] for p in players)
        out = [0.0] * self.num_seats
        for p in players:
            out[p] = float(marks[p] - (total - marks[p]) / max(1, len(players) - 1))
        return out


# --- Whist -------------------------------------------------------------------------------------


class WhistAdapter(GameAdapter):
    """No calls; a deal is the whole game (no matches). Reward: the seat's side's tricks minus
    the other side's."""

    def _num_seats(self) -> int:
        return 4

    def _deal_seat_names(self) -> tuple[str, ...]:
        return ("N", "E", "S", "W")

    def _cards(self) -> list[Card]:
        return cards_from_mask(self.game.deck_mask)  # type: ignore[attr-defined]

    def _calls(self) -> list[str]:
        return []

    def deal_rewards(self, result: Any) -> list[float]:
        tricks = result.tricks
        return [float(tricks[s % 2] - tricks[1 - s % 2]) for s in range(4)]


_ADAPTERS: dict[str, Callable[[Game], GameAdapter]] = {
    "whist": WhistAdapter,
    "klaverjas": KlaverjasAdapter,
    "allfours": AllFoursAdapter,
    "pitch": AllFoursAdapter,
    "kiksas": KiksasAdapter,
    "trikiksis": KiksasAdapter,
    "kirves": KirvesAdapter,
}


def register_adapter(name: str, factory: Callable[[Game], GameAdapter]) -> None:
    """Make a game (by its ``Game.name``) available to the environment."""
    _ADAPTERS[name] = factory


def adapter_for(game: Game) -> GameAdapter:
    factory = _ADAPTERS.get(game.name)
    if factory is None:
        known = ", ".join(sorted(_ADAPTERS))
        raise ValueError(f"no environment for game {game.name!r}; games: {known}")
    return factory(game)


def adapter_names() -> list[str]:
    return sorted(_ADAPTERS)
