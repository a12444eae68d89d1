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

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tricktaker.cards import Card, Suit, cards_from_mask
from tricktaker.games.base import Deal, Game, Match, StateMachine
from tricktaker.rl.layout import ActionLayout

SUITS = tuple(s.letter for s in Suit)


def _one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


class GameAdapter:
    """The environment's view of one game family; one instance per loaded game."""

    phases: tuple[str, ...] = ()

    def __init__(self, game: Game) -> None:
        self.game = game
        self.num_seats = self._num_seats()
        self.deal_seat_names: tuple[str, ...] = self._deal_seat_names()
        self.layout = ActionLayout(
            tuple(sorted(self._cards(), key=lambda c: c.id)), tuple(self._calls())
        )
        self.extras_size = len(self._extras_template())

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

    def extras(self, obs: Mapping[str, Any], seat: int) -> list[float]:
        """Game-specific numbers of seat ``seat``'s observation ``obs`` (about -1..1)."""
        raise NotImplementedError

    def _extras_template(self) -> list[float]:
        """Extras of an empty observation, for the size."""
        return self.extras({}, 0)

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

    def private_call(self, name: str) -> bool:
        """Whether a call is seen only by the seat that makes it."""
        return False

    def seen_cards(self, obs: Mapping[str, Any]) -> list[str]:
        """Cards the observation shows outside the hands and tricks: turned up, folded face
        up, peeked at, discarded by the seat."""
        out = [str(c) for c in obs.get("turned_up") or ()]
        out += [str(c) for c in obs.get("my_discards") or ()]
        folded = obs.get("folded")
        if isinstance(folded, Mapping):
            for cards in folded.values():
                out += [str(c) for c in cards]
        peek = obs.get("peek")
        if isinstance(peek, Mapping) and peek.get("card"):
            out.append(str(peek["card"]))
        return out

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

    phases = ("trump_selection", "play", "roem_claim", "over")

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

    def extras(self, obs: Mapping[str, Any], seat: int) -> list[float]:
        """Declarer (relative seat, 4), proposed suit (4), card points and roem of the seat's
        team and the other (/162, /200), and in a match the team scores (/2000) and the deal
        number (/16)."""
        team = seat % 2
        out = _one_hot(4, self.relative(seat, self.seat_of_name(obs.get("declarer"))))
        proposed = obs.get("proposed_suit")
        out += _one_hot(4, None if proposed is None else SUITS.index(proposed))
        points = obs.get("card_points", [0, 0])
        roem = obs.get("roem", [0, 0])
        out += [points[team] / 162, points[1 - team] / 162, roem[team] / 200, roem[1 - team] / 200]
        info = obs.get("match") or {}
        scores = info.get("team_scores", [0, 0])
        out += [scores[team] / 2000, scores[1 - team] / 2000, info.get("deal", 0) / 16]
        return out


# --- All Fours / Pitch -------------------------------------------------------------------------


class AllFoursAdapter(GameAdapter):
    """Calls: ``stand beg give_one run pass done fold trump:S .. trump:C``, then ``bid:N`` for
    every bid of the options' range (``min_bid`` .. the highest bid), then ``discard:<card>``
    for every card of the pack in card id order. Discards are private calls."""

    phases = (
        "deal",
        "beg",
        "respond",
        "auction",
        "declare",
        "exchange",
        "discard",
        "play",
        "over",
    )

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

    def private_call(self, name: str) -> bool:
        return name.startswith("discard:")

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

    def extras(self, obs: Mapping[str, Any], seat: int) -> list[float]:
        """Side scores from the seat's side round the table (/target), the bid and the high
        bid (/highest bid), the pitcher and the begger (relative seat), the stock size (/pack)
        and every seat's hand size (relative order, /cards dealt)."""
        n = self.num_seats
        target = max(1, int(self.options.target))
        scores = obs.get("scores", [0] * self.num_sides)
        out = [scores[side] / target for side in self.side_order(seat)]
        top = max(1, self.options.bid_range[1])
        out += [(obs.get("bid") or 0) / top, (obs.get("high_bid") or 0) / top]
        out += _one_hot(n, self.relative(seat, self.seat_of_name(obs.get("pitcher"))))
        out += _one_hot(n, self.relative(seat, self.seat_of_name(obs.get("begger"))))
        out.append(obs.get("stock_size", 0) / max(1, self.layout.num_cards))
        sizes = obs.get("hand_sizes", [0] * n)
        deal_size = max(1, int(self.options.deal_size))
        out += [sizes[(seat + k) % n] / deal_size for k in range(n)]
        return out


# --- Kiksas / Trikiksis ------------------------------------------------------------------------


class KiksasAdapter(GameAdapter):
    """Calls: ``peek:none peek:top peek:bottom accept decline trump:S .. trump:C pass
    akis:a:S .. akis:a:C akis:b akis:c su_dviem lead``.

    A deal episode is a deal of any kind (first, writing or writing-off, one in three each,
    writing-off targets from a first deal played at random), as ``tricktaker simulate`` plays.
    """

    phases = (
        "peek",
        "peek_decision",
        "trump_choice",
        "akis",
        "play",
        "su_dviem",
        "last_lead",
        "over",
    )
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

    def extras(self, obs: Mapping[str, Any], seat: int) -> list[float]:
        """Deal type (3); the writing pair or active player (relative seats, n); the side of
        the seat and the other side: targets, points (/138) and tricks (/tricks per deal);
        the Akis player (relative, n), its kind (3) and the seat sitting out (relative, n); the
        announced and added trump count (/6); in a match the figures of each pair or player,
        the seat's own first (/figures to lose)."""
        n = self.num_seats
        deal_type = obs.get("deal_type")
        out = _one_hot(
            3, self.DEAL_TYPES.index(deal_type) if deal_type in self.DEAL_TYPES else None
        )
        writers = [0.0] * n
        pair = obs.get("writing_pair")
        if pair:
            for name in pair:
                rel = self.relative(seat, self.seat_of_name(name))
                if rel is not None:
                    writers[rel] = 1.0
        active = self.relative(seat, self.seat_of_name(obs.get("active_player")))
        if active is not None:
            writers[active] = 1.0
        out += writers
        akis = obs.get("akis") or {}
        akis_player = self.seat_of_name(akis.get("player"))
        if n == 4:
            side = seat % 2
        else:  # Trikiksis: side 0 is the lone player (Akis player or active player)
            lone = (
                akis_player
                if akis_player is not None
                else self.seat_of_name(obs.get("active_player"))
            )
            side = 0 if lone == seat else 1
        targets = obs.get("targets") or [0, 0]
        points = obs.get("points") or [0, 0]
        tricks = obs.get("tricks_won") or [0, 0]
        per_deal = 24 // n
        out += [targets[side] / 138, targets[1 - side] / 138]
        out += [points[side] / 138, points[1 - side] / 138]
        out += [tricks[side] / per_deal, tricks[1 - side] / per_deal]
        out += _one_hot(n, self.relative(seat, akis_player))
        kind = akis.get("kind")
        out += _one_hot(3, "abc".index(kind) if kind in ("a", "b", "c") else None)
        out += _one_hot(n, self.relative(seat, self.seat_of_name(obs.get("sitting_out"))))
        announced = added = 0
        for event in obs.get("events", ()):
            if event.get("type") == "TrumpCountAnnounced":
                announced = event.get("value", 0)
            elif event.get("type") == "TrumpCountAdded":
                added = event.get("total", 0)
        out += [announced / 6, added / 6]
        info = obs.get("match") or {}
        figures = info.get("figures") or {}
        limit = max(1, int(info.get("figures_to_lose", 12)))
        units = self.units
        own = self.unit_of(seat)
        for k in range(len(units)):
            unit = units[(own + k) % len(units)]
            out.append(figures.get(unit, {}).get("total", 0) / limit)
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

    phases = (
        "cut",
        "turned_card",
        "discard",
        "paakot",
        "speaking",
        "change_poll",
        "choose_suit",
        "throw_in_poll",
        "folding",
        "play",
        "choose_dealer",
        "over",
    )

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

    def private_call(self, name: str) -> bool:
        return name.startswith("discard:")

    def deal_rewards(self, result: Any) -> list[float]:
        marks = list(result.marks)
        players = list(result.participants)
        total = sum(marks[p] for p in players)
        out = [0.0] * self.num_seats
        for p in players:
            out[p] = float(marks[p] - (total - marks[p]) / max(1, len(players) - 1))
        return out

    def seen_cards(self, obs: Mapping[str, Any]) -> list[str]:
        """The turned card, the cut's bottom, angel and saving-angel cards and cut jack, the
        seat's own peeked and discarded cards."""
        out = [str(c) for c in obs.get("peeked") or ()]
        for key in ("turned_card", "discarded", "angel_card"):
            if obs.get(key):
                out.append(str(obs[key]))
        cut = obs.get("cut") or {}
        for key in ("bottom_card", "angel_card", "cut_jack"):
            if cut.get(key):
                out.append(str(cut[key]))
        for pair in cut.get("saving_angels") or ():
            out += [str(c) for c in (pair if isinstance(pair, list | tuple) else [pair])]
        return out

    def extras(self, obs: Mapping[str, Any], seat: int) -> list[float]:
        """Per relative seat (n each): marks before the deal (/3), marks from the cut,
        taking part, folded, tricks won (/5), cards held (/5), keppis (/2); the trump maker,
        the cutter, the eldest and the keppi holder (relative one-hots, n each); the kind of
        deal (normal, cut jack, free for all) and whether the turned card was taken."""
        n = self.num_seats
        names = self.deal_seat_names

        def by_seat(values: Any, scale: float) -> list[float]:
            if isinstance(values, Mapping):
                values = [values.get(name, 0) for name in names]
            values = list(values or [0] * n)
            return [float(values[(seat + k) % n] or 0) / scale for k in range(n)]

        def members(seats: Any) -> list[float]:
            out = [0.0] * n
            for name in seats or ():
                rel = self.relative(seat, self.seat_of_name(name))
                if rel is not None:
                    out[rel] = 1.0
            return out

        info = obs.get("match") or {}
        out = by_seat(obs.get("marks_before"), 3) + by_seat(obs.get("cut_marks"), 1)
        out += members(obs.get("participants")) + members(obs.get("folded"))
        out += by_seat(obs.get("tricks_won"), 5) + by_seat(obs.get("hand_sizes"), 5)
        out += by_seat(info.get("keppis"), 2)
        for key in ("trump_maker", "cutter", "eldest", "keppi_holder"):
            out += _one_hot(n, self.relative(seat, self.seat_of_name(obs.get(key))))
        kinds = ("normal", "cut_jack", "free_for_all")
        kind = obs.get("kind")
        out += _one_hot(3, kinds.index(kind) if kind in kinds else None)
        out.append(1.0 if obs.get("turned_taken") else 0.0)
        return out


_ADAPTERS: dict[str, Callable[[Game], GameAdapter]] = {
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
