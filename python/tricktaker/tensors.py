"""Observation tensors: a fixed-shape float32 encoding of what one seat may know, per game.

>>> import tricktaker as tt
>>> game = tt.load("klaverjas")
>>> game.observation_shape
(332,)
>>> deal = game.new_deal(seed=7, dealer="W", trump="H", declarer="N")
>>> x = deal.observation_tensor("S")
>>> x.shape == game.observation_shape, x.dtype.name
(True, 'float32')
>>> decoded = tt.decode_observation(game, x)
>>> decoded["hand"] == deal.observation("S")["hand"], decoded["trump"]
(True, 'H')

The tensor is built from the seat's observation dict alone (``encode_observation(game, obs)``),
so it can carry nothing the seat may not know; ``observation_tensor(deal, seat)`` is
``encode_observation(game, deal.observation(seat))``. Its shape depends only on the game and its
options (the number of players, the pack). ``decode_observation`` reads a tensor back into a
summary of the observation (own hand, cards played, current trick, trump, scores, ...), which is
also the executable definition of the layout. ``observation_layout(game)`` lists the segments.

Conventions, in every game:

* **Seats are relative to the observer**: entry k of a per-seat segment is the seat k places
  after the observer in turn order (0 = the observer, 1 = the next to play after him, ...).
  The first segment of every tensor, ``me`` (n), is the observer's own seat, the only absolute
  one (it lets ``decode_observation`` name seats as the observation does).
* **Card planes** have one entry per card of the game's pack, in increasing card id (spades
  2..A, hearts, diamonds, clubs, with the jokers after the spade ace: ``tensor_deck(game)``); 1
  marks a card in the set.
* **One-hot** segments are all zero when the item is absent (no trump yet, nobody to move).
* **Values** are divided by the scale named in the layout (card points by the deal's total,
  hand sizes by the largest hand, ...), so that they mostly lie in [0, 1].
* The current trick is a leader one-hot plus one card plane per seat; its order of play is the
  turn order from the leader. Cards played in completed tricks are one plane per seat, as far
  as the observation shows them (``trick_history_visible = last_trick_only`` in Klaverjas and
  ``history_visible = false`` in Kiksas show less, and the tensor follows the observation).

Segments per game (name, size, content); ``n`` is the number of seats, ``D`` the pack size:

**Klaverjas** (n = 4, D = 32; 332 floats): ``me`` n; ``phase`` 4 (trump_selection, play,
roem_claim, over); ``to_move``, ``dealer``, ``declarer`` n each; ``trump``, ``proposed_suit`` 4
each (S, H, D, C); ``passed`` n (seats that passed in trump selection); ``hand`` D;
``hand_sizes`` n (/8); ``trick_leader`` n; ``trick_0``..``trick_3`` D each;
``played_0``..``played_3`` D each; ``card_points`` 2 (own team, other team, /162); ``roem`` 2
(own team, other, /100).

**Kiksas / Trikiksis** (n = 4 or 3, D = 24; 418 or 335 floats): ``me`` n; ``phase`` 8 (peek,
peek_decision, trump_choice, akis, play, su_dviem, last_lead, over); ``deal_type`` 3 (first,
writing, writing_off); ``to_move``, ``dealer`` n; ``writing`` n (seats of the writing pair, or
the active player); ``targets`` 2 (as the observation: AC, BD or active, coalition; /138) and
``has_targets`` 1; ``trump`` 4; ``akis_player`` n, ``akis_kind`` 3 (a, b, c), ``akis_suit`` 4;
``sitting_out`` n; ``hand_seen`` 1, ``hand`` D; ``hand_sizes`` n (/8); ``open_0``.. D each (Akis
opponents' exposed hands); ``peek_end`` 2 (top, bottom), ``peek_decision`` 2 (accepted,
declined), ``peeked`` D (the First's own peeked card); ``trick_leader`` n, ``trick_k`` D each;
``played_k`` D each; ``tricks_won`` 2 and ``points`` 2 (sides as in the observation; /8, /138);
``count_player`` n, ``count`` 2 (N1, N2 of the trump-count announcement, /6), ``count_partner``
n, ``count_silent`` 1; ``su_dviem`` n (who declared it); ``last_lead_declined`` 1.

**Kirves** (n = 2..10, D = 54; 936 floats for 4 players): ``me`` n; ``phase`` 12 (cut,
turned_card, discard, paakot, speaking, change_poll, choose_suit, throw_in_poll, folding, play,
over, and the match phase choose_dealer); ``to_move``, ``dealer``, ``cutter``, ``eldest`` n
each; ``participants``, ``folded`` n each; ``marks_before`` n (/3), ``cut_marks`` n;
``examined_cut`` 1; ``cut_bottom``, ``angel``, ``cut_jack``, ``turned`` D each; ``turned_taken``
1; ``trump`` 4; ``kind`` 3 (normal, cut_jack, free_for_all); ``trump_maker`` n; ``calls_k`` 13
per seat (keep, change, pass, throw_in, consent, veto, refuse, suit, fold, stay, no, declare,
lead: the calls that seat has made); ``hand_hidden`` 1, ``hand``, ``peeked``, ``discarded`` D
each; ``hand_sizes`` n (/6); ``trick_leader`` n, ``trick_k`` D each; ``played_k`` D each;
``tricks_won`` n (/5).

**All Fours / Pitch** (n = 2..7, D = 28..54; 723 floats for 4 players and 52 cards): ``me`` n;
``phase`` 8 (beg, respond, auction, declare, exchange, discard, play, over); ``to_move``,
``dealer``, ``leader``, ``pitcher``, ``begger``, ``widow_taker`` n each; ``my_side`` n (seats on
the observer's side); ``scores`` n (each seat's side's score, /target); ``hand`` D;
``hand_sizes`` n (/14); ``stock_size`` 1 (/D); ``turned_up`` D; ``trump`` 4; ``bid``,
``high_bid`` 1 each (/10); ``calls_k`` 6 per seat (stand, beg, give_one, run, pass, bid),
``bids`` n (each seat's highest bid, /10); ``exchanged``, ``discard_counts`` n each (/4, /14);
``my_discards`` D; ``trick_leader`` n, ``trick_k`` D each; ``played_k`` D each; ``folded`` n,
``folded_cards`` D.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker.cards import Card, cards_from_mask
from tricktaker.protocol.base import Game, StateMachine

__all__ = [
    "Segment",
    "decode_observation",
    "encode_observation",
    "observation_layout",
    "observation_shape",
    "observation_tensor",
    "tensor_deck",
]

SUITS = "SHDC"


@dataclass(frozen=True)
class Segment:
    """One named part of a tensor: ``size`` floats from ``offset``."""

    name: str
    offset: int
    size: int
    kind: str  # one_hot, flags, cards, values
    scale: float = 1.0


class _Spec:
    """The layout of one game with its options, and the seat names and pack it encodes."""

    def __init__(self, seats: Sequence[str], deck: list[Card]) -> None:
        self.seats = list(seats)
        self.n = len(seats)
        self.deck = sorted(deck, key=lambda c: c.id)
        self.index = {str(c): i for i, c in enumerate(self.deck)}
        self.segments: dict[str, Segment] = {}
        self.size = 0
        self.add("me", self.n, "one_hot")  # the observer's own (absolute) seat

    def add(self, name: str, size: int, kind: str, scale: float = 1.0) -> None:
        self.segments[name] = Segment(name, self.size, size, kind, scale)
        self.size += size

    def seat(self, name: str) -> None:
        self.add(name, self.n, "one_hot")

    def cards(self, name: str) -> None:
        self.add(name, len(self.deck), "cards")

    def per_seat_cards(self, prefix: str) -> None:
        for k in range(self.n):
            self.cards(f"{prefix}_{k}")


class _Writer:
    def __init__(self, spec: _Spec, me: int) -> None:
        self.spec = spec
        self.me = me
        self.v = np.zeros(spec.size, dtype=np.float32)
        self.one_hot("me", me)

    def rel(self, seat: str | None) -> int | None:
        if seat is None:
            return None
        return (self.spec.seats.index(seat) - self.me) % self.spec.n

    def one_hot(self, name: str, index: int | None) -> None:
        if index is not None:
            seg = self.spec.segments[name]
            self.v[seg.offset + index] = 1.0

    def seat(self, name: str, seat: str | None) -> None:
        self.one_hot(name, self.rel(seat))

    def flags(self, name: str, indices: Iterable[int]) -> None:
        seg = self.spec.segments[name]
        for i in indices:
            self.v[seg.offset + i] = 1.0

    def seats(self, name: str, seats: Iterable[str]) -> None:
        self.flags(name, [r for r in (self.rel(s) for s in seats) if r is not None])

    def cards(self, name: str, cards: Iterable[str] | None) -> None:
        seg = self.spec.segments[name]
        for c in cards or ():
            self.v[seg.offset + self.spec.index[str(Card.parse(c))]] = 1.0

    def values(self, name: str, values: Sequence[float]) -> None:
        seg = self.spec.segments[name]
        for i, x in enumerate(values):
            self.v[seg.offset + i] = float(x) / seg.scale

    def seat_values(self, name: str, by_seat: dict[str, float]) -> None:
        values = [0.0] * self.spec.n
        for seat, x in by_seat.items():
            r = self.rel(seat)
            assert r is not None
            values[r] = x
        self.values(name, values)

    def suit(self, name: str, letter: str | None) -> None:
        self.one_hot(name, None if letter is None else SUITS.index(letter))

    def trick(self, trick: list[list[str]]) -> None:
        if trick:
            self.seat("trick_leader", trick[0][0])
        for seat, card in trick:
            self.cards(f"trick_{self.rel(seat)}", [card])

    def played(self, tricks: list[dict[str, Any]]) -> None:
        for t in tricks:
            for seat, card in t["cards"]:
                self.cards(f"played_{self.rel(seat)}", [card])


class _Reader:
    def __init__(self, spec: _Spec, v: npt.NDArray[np.float32]) -> None:
        self.spec = spec
        self.v = v
        me = self.one_hot_raw("me")
        self.me = 0 if me is None else me

    def raw(self, name: str) -> npt.NDArray[np.float32]:
        seg = self.spec.segments[name]
        return self.v[seg.offset : seg.offset + seg.size]

    def one_hot_raw(self, name: str) -> int | None:
        if name not in self.spec.segments:
            return None
        hot = np.flatnonzero(self.raw(name) > 0.5)
        return None if len(hot) == 0 else int(hot[0])

    def one_hot(self, name: str, labels: Sequence[str]) -> str | None:
        i = self.one_hot_raw(name)
        return None if i is None else labels[i]

    def abs(self, rel: int) -> str:
        return self.spec.seats[(rel + self.me) % self.spec.n]

    def seat(self, name: str) -> str | None:
        i = self.one_hot_raw(name)
        return None if i is None else self.abs(i)

    def flags(self, name: str) -> list[int]:
        return [int(i) for i in np.flatnonzero(self.raw(name) > 0.5)]

    def seats(self, name: str) -> list[str]:
        return sorted(self.abs(i) for i in self.flags(name))

    def cards(self, name: str) -> list[str]:
        return [str(self.spec.deck[i]) for i in self.flags(name)]

    def values(self, name: str) -> list[float]:
        seg = self.spec.segments[name]
        return [float(x) * seg.scale for x in self.raw(name)]

    def ints(self, name: str) -> list[int]:
        return [round(x) for x in self.values(name)]

    def seat_ints(self, name: str) -> dict[str, int]:
        return {self.abs(k): x for k, x in enumerate(self.ints(name))}

    def suit(self, name: str) -> str | None:
        return self.one_hot(name, SUITS)

    def trick(self) -> list[list[str]]:
        leader = self.one_hot_raw("trick_leader")
        if leader is None:
            return []
        out = []
        for k in range(self.spec.n):
            rel = (leader + k) % self.spec.n
            for card in self.cards(f"trick_{rel}"):
                out.append([self.abs(rel), card])
        return out

    def played(self) -> dict[str, list[str]]:
        return {self.abs(k): self.cards(f"played_{k}") for k in range(self.spec.n)}


def _sorted_cards(cards: Iterable[str]) -> list[str]:
    return [str(c) for c in sorted(Card.parse(x) for x in cards)]


def _played_from(tricks: list[dict[str, Any]], seats: Sequence[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {s: [] for s in seats}
    for t in tricks:
        for seat, card in t["cards"]:
            out[seat].append(card)
    return {s: _sorted_cards(c) for s, c in out.items()}


# --- Klaverjas ------------------------------------------------------------------------------

KJ_PHASES = ("trump_selection", "play", "roem_claim", "over")


def _klaverjas_spec(game: Game) -> _Spec:
    from tricktaker.games import klaverjas as kj

    spec = _Spec(kj.SEATS, list(kj.DECK))
    spec.add("phase", 4, "one_hot")
    for name in ("to_move", "dealer", "declarer"):
        spec.seat(name)
    spec.add("trump", 4, "one_hot")
    spec.add("proposed_suit", 4, "one_hot")
    spec.add("passed", 4, "flags")
    spec.cards("hand")
    spec.add("hand_sizes", 4, "values", 8)
    spec.seat("trick_leader")
    spec.per_seat_cards("trick")
    spec.per_seat_cards("played")
    spec.add("card_points", 2, "values", 162)
    spec.add("roem", 2, "values", 100)
    return spec


def _klaverjas_encode(spec: _Spec, obs: dict[str, Any]) -> npt.NDArray[np.float32]:
    w = _Writer(spec, spec.seats.index(obs["seat"]))
    w.one_hot("phase", KJ_PHASES.index(obs["phase"]))
    for name in ("to_move", "dealer", "declarer"):
        w.seat(name, obs[name])
    w.suit("trump", obs["trump"])
    w.suit("proposed_suit", obs["proposed_suit"])
    w.seats("passed", [s for s, call in obs["calls"] if call == "pass"])
    w.cards("hand", obs["hand"])
    w.seat_values("hand_sizes", dict(zip(spec.seats, obs["hand_sizes"], strict=True)))
    w.trick(obs["trick"])
    w.played(obs["tricks"])
    team = w.me % 2
    w.values("card_points", [obs["card_points"][team], obs["card_points"][1 - team]])
    w.values("roem", [obs["roem"][team], obs["roem"][1 - team]])
    return w.v


def _klaverjas_decode(spec: _Spec, r: _Reader) -> dict[str, Any]:
    team = r.me % 2
    points, roem = r.ints("card_points"), r.ints("roem")
    sizes = r.seat_ints("hand_sizes")
    return {
        "seat": spec.seats[r.me],
        "phase": r.one_hot("phase", KJ_PHASES),
        "to_move": r.seat("to_move"),
        "dealer": r.seat("dealer"),
        "declarer": r.seat("declarer"),
        "trump": r.suit("trump"),
        "proposed_suit": r.suit("proposed_suit"),
        "passed": r.seats("passed"),
        "hand": r.cards("hand"),
        "hand_sizes": [sizes[s] for s in spec.seats],
        "trick": r.trick(),
        "played": r.played(),
        "card_points": points if team == 0 else points[::-1],
        "roem": roem if team == 0 else roem[::-1],
    }


def _klaverjas_summary(spec: _Spec, obs: dict[str, Any]) -> dict[str, Any]:
    return {
        "seat": obs["seat"],
        "phase": obs["phase"],
        "to_move": obs["to_move"],
        "dealer": obs["dealer"],
        "declarer": obs["declarer"],
        "trump": obs["trump"],
        "proposed_suit": obs["proposed_suit"],
        "passed": sorted({s for s, call in obs["calls"] if call == "pass"}),
        "hand": _sorted_cards(obs["hand"]),
        "hand_sizes": list(obs["hand_sizes"]),
        "trick": [list(x) for x in obs["trick"]],
        "played": _played_from(obs["tricks"], spec.seats),
        "card_points": list(obs["card_points"]),
        "roem": list(obs["roem"]),
    }


# --- Kiksas and Trikiksis ---------------------------------------------------------------------

KK_PHASES = (
    "peek",
    "peek_decision",
    "trump_choice",
    "akis",
    "play",
    "su_dviem",
    "last_lead",
    "over",
)
KK_TYPES = ("first", "writing", "writing_off")
AKIS_KINDS = ("a", "b", "c")


def _kiksas_spec(game: Game) -> _Spec:
    from tricktaker.games import kiksas as kk

    n: int = game.num_seats  # type: ignore[attr-defined]
    spec = _Spec(kk.SEATS[:n], list(kk.DECK))
    spec.add("phase", len(KK_PHASES), "one_hot")
    spec.add("deal_type", 3, "one_hot")
    spec.seat("to_move")
    spec.seat("dealer")
    spec.add("writing", n, "flags")
    spec.add("targets", 2, "values", 138)
    spec.add("has_targets", 1, "flags")
    spec.add("trump", 4, "one_hot")
    spec.seat("akis_player")
    spec.add("akis_kind", 3, "one_hot")
    spec.add("akis_suit", 4, "one_hot")
    spec.seat("sitting_out")
    spec.add("hand_seen", 1, "flags")
    spec.cards("hand")
    spec.add("hand_sizes", n, "values", 8)
    spec.per_seat_cards("open")
    spec.add("peek_end", 2, "one_hot")
    spec.add("peek_decision", 2, "one_hot")
    spec.cards("peeked")
    spec.seat("trick_leader")
    spec.per_seat_cards("trick")
    spec.per_seat_cards("played")
    spec.add("tricks_won", 2, "values", 8)
    spec.add("points", 2, "values", 138)
    spec.seat("count_player")
    spec.add("count", 2, "values", 6)
    spec.seat("count_partner")
    spec.add("count_silent", 1, "flags")
    spec.seat("su_dviem")
    spec.add("last_lead_declined", 1, "flags")
    return spec


def _kiksas_encode(spec: _Spec, obs: dict[str, Any]) -> npt.NDArray[np.float32]:
    w = _Writer(spec, spec.seats.index(obs["seat"]))
    w.one_hot("phase", KK_PHASES.index(obs["phase"]))
    w.one_hot("deal_type", KK_TYPES.index(obs["deal_type"]))
    w.seat("to_move", obs["to_move"])
    w.seat("dealer", obs["dealer"])
    writing = obs["writing_pair"] or obs["active_player"] or ""
    w.seats("writing", [s for s in writing if s in spec.seats])
    if obs["targets"] is not None:
        w.values("targets", obs["targets"])
        w.flags("has_targets", [0])
    w.suit("trump", obs["trump"])
    akis = obs["akis"]
    if akis is not None:
        w.seat("akis_player", akis["player"])
        w.one_hot("akis_kind", AKIS_KINDS.index(akis["kind"]))
        w.suit("akis_suit", akis["suit"])
    w.seat("sitting_out", obs["sitting_out"])
    if obs["hand"] is not None:
        w.flags("hand_seen", [0])
        w.cards("hand", obs["hand"])
    w.seat_values("hand_sizes", dict(zip(spec.seats, obs["hand_sizes"], strict=True)))
    for seat, cards in obs["open_hands"].items():
        w.cards(f"open_{w.rel(seat)}", cards)
    peek = obs["peek"]
    if peek is not None:
        w.one_hot("peek_end", ("top", "bottom").index(peek["end"]))
        if peek["accepted"] is not None:
            w.one_hot("peek_decision", 0 if peek["accepted"] else 1)
        if "card" in peek:
            w.cards("peeked", [peek["card"]])
    w.trick(obs["trick"])
    if "tricks" in obs:
        w.played(obs["tricks"])
        w.values("points", obs["points"])
    else:
        w.cards("played_0", obs["my_played"])
    w.values("tricks_won", obs["tricks_won"])
    for e in obs["events"]:
        if e["type"] == "TrumpCountAnnounced":
            w.seat("count_player", e["player"])
            w.values("count", [e["value"], 0])
        elif e["type"] == "TrumpCountAdded":
            w.seat("count_partner", e["player"])
            seg = spec.segments["count"]
            w.v[seg.offset + 1] = e["total"] / seg.scale
        elif e["type"] == "TrumpCountSilent":
            w.seat("count_partner", e["player"])
            w.flags("count_silent", [0])
        elif e["type"] == "SuDviemDeclared":
            w.seat("su_dviem", e["player"])
        elif e["type"] == "LastLeadDeclined":
            w.flags("last_lead_declined", [0])
    return w.v


def _kiksas_decode(spec: _Spec, r: _Reader) -> dict[str, Any]:
    akis = None
    if r.one_hot_raw("akis_player") is not None:
        akis = {
            "player": r.seat("akis_player"),
            "kind": r.one_hot("akis_kind", AKIS_KINDS),
            "suit": r.suit("akis_suit"),
        }
    peek = None
    if r.one_hot_raw("peek_end") is not None:
        decision = r.one_hot_raw("peek_decision")
        peek = {
            "end": r.one_hot("peek_end", ("top", "bottom")),
            "accepted": None if decision is None else decision == 0,
            "card": next(iter(r.cards("peeked")), None),
        }
    count = None
    if r.one_hot_raw("count_player") is not None:
        values = r.ints("count")
        count = {
            "player": r.seat("count_player"),
            "value": values[0],
            "partner": r.seat("count_partner"),
            "total": None
            if r.flags("count_silent") or r.seat("count_partner") is None
            else values[1],
        }
    sizes = r.seat_ints("hand_sizes")
    return {
        "seat": spec.seats[r.me],
        "phase": r.one_hot("phase", KK_PHASES),
        "deal_type": r.one_hot("deal_type", KK_TYPES),
        "to_move": r.seat("to_move"),
        "dealer": r.seat("dealer"),
        "writing": r.seats("writing"),
        "targets": r.ints("targets") if r.flags("has_targets") else None,
        "trump": r.suit("trump"),
        "akis": akis,
        "sitting_out": r.seat("sitting_out"),
        "hand": r.cards("hand") if r.flags("hand_seen") else None,
        "hand_sizes": [sizes[s] for s in spec.seats],
        "open_hands": {
            r.abs(k): r.cards(f"open_{k}") for k in range(spec.n) if r.cards(f"open_{k}")
        },
        "peek": peek,
        "trick": r.trick(),
        "played": r.played(),
        "tricks_won": r.ints("tricks_won"),
        "points": r.ints("points"),
        "trump_count": count,
        "su_dviem": r.seat("su_dviem"),
        "last_lead_declined": bool(r.flags("last_lead_declined")),
    }


def _kiksas_summary(spec: _Spec, obs: dict[str, Any]) -> dict[str, Any]:
    writing = obs["writing_pair"] or obs["active_player"] or ""
    peek = obs["peek"]
    count: dict[str, Any] | None = None
    su_dviem = None
    declined = False
    for e in obs["events"]:
        if e["type"] == "TrumpCountAnnounced":
            count = {"player": e["player"], "value": e["value"], "partner": None, "total": None}
        elif e["type"] == "TrumpCountAdded" and count is not None:
            count.update(partner=e["player"], total=e["total"])
        elif e["type"] == "TrumpCountSilent" and count is not None:
            count.update(partner=e["player"])
        elif e["type"] == "SuDviemDeclared":
            su_dviem = e["player"]
        elif e["type"] == "LastLeadDeclined":
            declined = True
    if "tricks" in obs:
        played = _played_from(obs["tricks"], spec.seats)
        points = list(obs["points"])
    else:
        played = {s: [] for s in spec.seats}
        played[obs["seat"]] = _sorted_cards(obs["my_played"])
        points = [0, 0]
    return {
        "seat": obs["seat"],
        "phase": obs["phase"],
        "deal_type": obs["deal_type"],
        "to_move": obs["to_move"],
        "dealer": obs["dealer"],
        "writing": sorted(s for s in writing if s in spec.seats),
        "targets": obs["targets"],
        "trump": obs["trump"],
        "akis": obs["akis"],
        "sitting_out": obs["sitting_out"],
        "hand": None if obs["hand"] is None else _sorted_cards(obs["hand"]),
        "hand_sizes": list(obs["hand_sizes"]),
        "open_hands": {s: _sorted_cards(c) for s, c in obs["open_hands"].items() if c},
        "peek": None
        if peek is None
        else {"end": peek["end"], "accepted": peek["accepted"], "card": peek.get("card")},
        "trick": [list(x) for x in obs["trick"]],
        "played": played,
        "tricks_won": list(obs["tricks_won"]),
        "points": points,
        "trump_count": count,
        "su_dviem": su_dviem,
        "last_lead_declined": declined,
    }


# --- Kirves ---------------------------------------------------------------------------------

KV_PHASES = (
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
    "over",
    "choose_dealer",  # a match phase: the keppi holder chooses the next dealer
)
KV_KINDS = ("normal", "cut_jack", "free_for_all")
KV_CALLS = (
    "keep",
    "change",
    "pass",
    "throw_in",
    "consent",
    "veto",
    "refuse",
    "suit",
    "fold",
    "stay",
    "no",
    "declare",
    "lead",
)


def _kirves_spec(game: Game) -> _Spec:
    from tricktaker.games import kirves as kv

    n: int = game.num_players  # type: ignore[attr-defined]
    spec = _Spec(kv.SEAT_NAMES[:n], list(kv.DECK))
    spec.add("phase", len(KV_PHASES), "one_hot")
    for name in ("to_move", "dealer", "cutter", "eldest"):
        spec.seat(name)
    spec.add("participants", n, "flags")
    spec.add("folded", n, "flags")
    spec.add("marks_before", n, "values", 3)
    spec.add("cut_marks", n, "values")
    spec.add("examined_cut", 1, "flags")
    for name in ("cut_bottom", "angel", "cut_jack", "turned"):
        spec.cards(name)
    spec.add("turned_taken", 1, "flags")
    spec.add("trump", 4, "one_hot")
    spec.add("kind", 3, "one_hot")
    spec.seat("trump_maker")
    for k in range(n):
        spec.add(f"calls_{k}", len(KV_CALLS), "flags")
    spec.add("hand_hidden", 1, "flags")
    for name in ("hand", "peeked", "discarded"):
        spec.cards(name)
    spec.add("hand_sizes", n, "values", 6)
    spec.seat("trick_leader")
    spec.per_seat_cards("trick")
    spec.per_seat_cards("played")
    spec.add("tricks_won", n, "values", 5)
    return spec


def _call_kind(call: str) -> str:
    return call.split(":", 1)[0]


def _kirves_encode(spec: _Spec, obs: dict[str, Any]) -> npt.NDArray[np.float32]:
    w = _Writer(spec, spec.seats.index(obs["seat"]))
    w.one_hot("phase", KV_PHASES.index(obs["phase"]))
    for name in ("to_move", "dealer", "cutter", "eldest"):
        w.seat(name, obs[name])
    w.seats("participants", obs["participants"])
    w.seats("folded", obs["folded"])
    w.seat_values("marks_before", dict(zip(spec.seats, obs["marks_before"], strict=True)))
    w.seat_values("cut_marks", dict(zip(spec.seats, obs["cut_marks"], strict=True)))
    cut = obs["cut"]
    if cut["examined"]:
        w.flags("examined_cut", [0])
    w.cards("cut_bottom", [cut["bottom_card"]] if cut["bottom_card"] else [])
    w.cards("angel", [cut["angel_card"]] if cut["angel_card"] else [])
    w.cards("cut_jack", [cut["cut_jack"]] if cut["cut_jack"] else [])
    w.cards("turned", [obs["turned_card"]] if obs["turned_card"] else [])
    if obs["turned_taken"]:
        w.flags("turned_taken", [0])
    w.suit("trump", obs["trump"])
    w.one_hot("kind", None if obs["kind"] is None else KV_KINDS.index(obs["kind"]))
    w.seat("trump_maker", obs["trump_maker"])
    for seat, call in obs["calls"]:
        w.flags(f"calls_{w.rel(seat)}", [KV_CALLS.index(_call_kind(call))])
    if obs["hand_hidden"]:
        w.flags("hand_hidden", [0])
    w.cards("hand", obs["hand"])
    w.cards("peeked", obs["peeked"])
    w.cards("discarded", [obs["discarded"]] if obs["discarded"] else [])
    w.seat_values("hand_sizes", obs["hand_sizes"])
    w.trick(obs["trick"])
    w.played(obs["tricks"])
    w.seat_values("tricks_won", dict(zip(spec.seats, obs["tricks_won"], strict=True)))
    return w.v


def _kirves_decode(spec: _Spec, r: _Reader) -> dict[str, Any]:
    def one(name: str) -> str | None:
        cards = r.cards(name)
        return cards[0] if cards else None

    participants = r.seats("participants")
    sizes = r.seat_ints("hand_sizes")
    return {
        "seat": spec.seats[r.me],
        "phase": r.one_hot("phase", KV_PHASES),
        "to_move": r.seat("to_move"),
        "dealer": r.seat("dealer"),
        "cutter": r.seat("cutter"),
        "eldest": r.seat("eldest"),
        "participants": participants,
        "folded": r.seats("folded"),
        "marks_before": [r.seat_ints("marks_before")[s] for s in spec.seats],
        "cut_marks": [r.seat_ints("cut_marks")[s] for s in spec.seats],
        "examined_cut": bool(r.flags("examined_cut")),
        "cut_bottom": one("cut_bottom"),
        "angel": one("angel"),
        "cut_jack": one("cut_jack"),
        "turned": one("turned"),
        "turned_taken": bool(r.flags("turned_taken")),
        "trump": r.suit("trump"),
        "kind": r.one_hot("kind", KV_KINDS),
        "trump_maker": r.seat("trump_maker"),
        "calls": {
            r.abs(k): sorted(KV_CALLS[i] for i in r.flags(f"calls_{k}"))
            for k in range(spec.n)
            if r.flags(f"calls_{k}")
        },
        "hand_hidden": bool(r.flags("hand_hidden")),
        "hand": r.cards("hand"),
        "peeked": r.cards("peeked"),
        "discarded": one("discarded"),
        "hand_sizes": {s: sizes[s] for s in participants},
        "trick": r.trick(),
        "played": r.played(),
        "tricks_won": [r.seat_ints("tricks_won")[s] for s in spec.seats],
    }


def _kirves_summary(spec: _Spec, obs: dict[str, Any]) -> dict[str, Any]:
    cut = obs["cut"]
    calls: dict[str, set[str]] = {}
    for seat, call in obs["calls"]:
        calls.setdefault(seat, set()).add(_call_kind(call))
    return {
        "seat": obs["seat"],
        "phase": obs["phase"],
        "to_move": obs["to_move"],
        "dealer": obs["dealer"],
        "cutter": obs["cutter"],
        "eldest": obs["eldest"],
        "participants": sorted(obs["participants"]),
        "folded": sorted(obs["folded"]),
        "marks_before": list(obs["marks_before"]),
        "cut_marks": list(obs["cut_marks"]),
        "examined_cut": bool(cut["examined"]),
        "cut_bottom": cut["bottom_card"],
        "angel": cut["angel_card"],
        "cut_jack": cut["cut_jack"],
        "turned": obs["turned_card"],
        "turned_taken": obs["turned_taken"],
        "trump": obs["trump"],
        "kind": obs["kind"],
        "trump_maker": obs["trump_maker"],
        "calls": {s: sorted(c) for s, c in calls.items()},
        "hand_hidden": obs["hand_hidden"],
        "hand": _sorted_cards(obs["hand"] or []),
        "peeked": _sorted_cards(obs["peeked"]),
        "discarded": obs["discarded"],
        "hand_sizes": dict(obs["hand_sizes"]),
        "trick": [list(x) for x in obs["trick"]],
        "played": _played_from(obs["tricks"], spec.seats),
        "tricks_won": list(obs["tricks_won"]),
    }


# --- All Fours and Pitch ----------------------------------------------------------------------

AF_PHASES = ("beg", "respond", "auction", "declare", "exchange", "discard", "play", "over")
AF_CALLS = ("stand", "beg", "give_one", "run", "pass", "bid")


def _allfours_spec(game: Game) -> _Spec:
    o = game.options
    n = o.num_players
    spec = _Spec([f"S{i}" for i in range(n)], cards_from_mask(o.deck_mask))
    spec.add("phase", len(AF_PHASES), "one_hot")
    for name in ("to_move", "dealer", "leader", "pitcher", "begger", "widow_taker"):
        spec.seat(name)
    spec.add("my_side", n, "flags")
    spec.add("scores", n, "values", max(1, o.target))
    spec.cards("hand")
    spec.add("hand_sizes", n, "values", 14)
    spec.add("stock_size", 1, "values", len(spec.deck))
    spec.cards("turned_up")
    spec.add("trump", 4, "one_hot")
    spec.add("bid", 1, "values", 10)
    spec.add("high_bid", 1, "values", 10)
    for k in range(n):
        spec.add(f"calls_{k}", len(AF_CALLS), "flags")
    spec.add("bids", n, "values", 10)
    spec.add("exchanged", n, "values", 4)
    spec.add("discard_counts", n, "values", 14)
    spec.cards("my_discards")
    spec.seat("trick_leader")
    spec.per_seat_cards("trick")
    spec.per_seat_cards("played")
    spec.add("folded", n, "flags")
    spec.cards("folded_cards")
    return spec


def _allfours_encode(spec: _Spec, obs: dict[str, Any]) -> npt.NDArray[np.float32]:
    w = _Writer(spec, spec.seats.index(obs["seat"]))
    w.one_hot("phase", AF_PHASES.index(obs["phase"]))
    for name in ("to_move", "dealer", "leader", "pitcher", "begger", "widow_taker"):
        w.seat(name, obs[name])
    sides = obs["sides"]
    w.seats(
        "my_side", [s for s, side in zip(spec.seats, sides, strict=True) if side == obs["side"]]
    )
    side_names = sorted(set(sides))
    score = {
        s: obs["scores"][side_names.index(side)] for s, side in zip(spec.seats, sides, strict=True)
    }
    w.seat_values("scores", score)
    w.cards("hand", obs["hand"])
    w.seat_values("hand_sizes", dict(zip(spec.seats, obs["hand_sizes"], strict=True)))
    w.values("stock_size", [obs["stock_size"]])
    w.cards("turned_up", obs["turned_up"])
    w.suit("trump", obs["trump"])
    w.values("bid", [obs["bid"] or 0])
    w.values("high_bid", [obs["high_bid"] or 0])
    bids: dict[str, float] = {}
    for seat, call in obs["calls"]:
        kind = _call_kind(call)
        if kind in AF_CALLS:
            w.flags(f"calls_{w.rel(seat)}", [AF_CALLS.index(kind)])
        if kind == "bid":
            bids[seat] = max(bids.get(seat, 0), int(call.split(":", 1)[1]))
    w.seat_values("bids", bids)
    w.seat_values("exchanged", dict(zip(spec.seats, obs["exchanged"], strict=True)))
    w.seat_values("discard_counts", dict(zip(spec.seats, obs["discard_counts"], strict=True)))
    w.cards("my_discards", obs["my_discards"])
    w.trick(obs["trick"])
    w.played(obs["tricks"])
    w.seats("folded", list(obs["folded"]))
    for cards in obs["folded"].values():
        w.cards("folded_cards", cards)
    return w.v


def _allfours_decode(spec: _Spec, r: _Reader) -> dict[str, Any]:
    def ints(name: str) -> list[int]:
        by_seat = r.seat_ints(name)
        return [by_seat[s] for s in spec.seats]

    return {
        "seat": spec.seats[r.me],
        "phase": r.one_hot("phase", AF_PHASES),
        "to_move": r.seat("to_move"),
        "dealer": r.seat("dealer"),
        "leader": r.seat("leader"),
        "pitcher": r.seat("pitcher"),
        "begger": r.seat("begger"),
        "widow_taker": r.seat("widow_taker"),
        "my_side": r.seats("my_side"),
        "scores": ints("scores"),
        "hand": r.cards("hand"),
        "hand_sizes": ints("hand_sizes"),
        "stock_size": r.ints("stock_size")[0],
        "turned_up": r.cards("turned_up"),
        "trump": r.suit("trump"),
        "bid": r.ints("bid")[0] or None,
        "high_bid": r.ints("high_bid")[0] or None,
        "calls": {
            r.abs(k): sorted(AF_CALLS[i] for i in r.flags(f"calls_{k}"))
            for k in range(spec.n)
            if r.flags(f"calls_{k}")
        },
        "bids": {s: b for s, b in zip(spec.seats, ints("bids"), strict=True) if b},
        "exchanged": ints("exchanged"),
        "discard_counts": ints("discard_counts"),
        "my_discards": r.cards("my_discards"),
        "trick": r.trick(),
        "played": r.played(),
        "folded": r.seats("folded"),
        "folded_cards": r.cards("folded_cards"),
    }


def _allfours_summary(spec: _Spec, obs: dict[str, Any]) -> dict[str, Any]:
    sides = obs["sides"]
    side_names = sorted(set(sides))
    calls: dict[str, set[str]] = {}
    bids: dict[str, int] = {}
    for seat, call in obs["calls"]:
        kind = _call_kind(call)
        if kind in AF_CALLS:
            calls.setdefault(seat, set()).add(kind)
        if kind == "bid":
            bids[seat] = max(bids.get(seat, 0), int(call.split(":", 1)[1]))
    return {
        "seat": obs["seat"],
        "phase": obs["phase"],
        "to_move": obs["to_move"],
        "dealer": obs["dealer"],
        "leader": obs["leader"],
        "pitcher": obs["pitcher"],
        "begger": obs["begger"],
        "widow_taker": obs["widow_taker"],
        "my_side": sorted(
            s for s, side in zip(spec.seats, sides, strict=True) if side == obs["side"]
        ),
        "scores": [obs["scores"][side_names.index(side)] for side in sides],
        "hand": _sorted_cards(obs["hand"]),
        "hand_sizes": list(obs["hand_sizes"]),
        "stock_size": obs["stock_size"],
        "turned_up": _sorted_cards(obs["turned_up"]),
        "trump": obs["trump"],
        "bid": obs["bid"],
        "high_bid": obs["high_bid"],
        "calls": {s: sorted(c) for s, c in calls.items()},
        "bids": bids,
        "exchanged": list(obs["exchanged"]),
        "discard_counts": list(obs["discard_counts"]),
        "my_discards": _sorted_cards(obs["my_discards"]),
        "trick": [list(x) for x in obs["trick"]],
        "played": _played_from(obs["tricks"], spec.seats),
        "folded": sorted(obs["folded"]),
        "folded_cards": _sorted_cards(c for cards in obs["folded"].values() for c in cards),
    }


# --- registry and entry points --------------------------------------------------------------

_Codec = tuple[
    Callable[[Game], _Spec],
    Callable[[_Spec, dict[str, Any]], npt.NDArray[np.float32]],
    Callable[[_Spec, _Reader], dict[str, Any]],
    Callable[[_Spec, dict[str, Any]], dict[str, Any]],
]
# --- Whist -----------------------------------------------------------------------------------

WH_PHASES = ("play", "over")
WH_STRAINS = ("S", "H", "D", "C", "NT")


def _whist_spec(game: Game) -> _Spec:
    from tricktaker.cards import cards_from_mask
    from tricktaker.games import whist as wh

    spec = _Spec(wh.SEATS, cards_from_mask(game.deck_mask))  # type: ignore[attr-defined]
    ranks = float(game.options.ranks_per_suit)
    spec.add("phase", 2, "one_hot")
    spec.seat("to_move")
    spec.seat("leader")
    spec.add("trump", 5, "one_hot")
    spec.cards("hand")
    spec.add("hand_sizes", 4, "values", ranks)
    spec.seat("trick_leader")
    spec.per_seat_cards("trick")
    spec.per_seat_cards("played")
    spec.add("tricks_won", 2, "values", ranks)
    return spec


def _whist_encode(spec: _Spec, obs: dict[str, Any]) -> npt.NDArray[np.float32]:
    w = _Writer(spec, spec.seats.index(obs["seat"]))
    w.one_hot("phase", WH_PHASES.index(obs["phase"]))
    w.seat("to_move", obs["to_move"])
    w.seat("leader", obs["leader"])
    w.one_hot("trump", WH_STRAINS.index(obs["trump"]))
    w.cards("hand", obs["hand"])
    w.seat_values("hand_sizes", dict(zip(spec.seats, obs["hand_sizes"], strict=True)))
    w.trick(obs["trick"])
    w.played(obs["tricks"])
    side = w.me % 2
    w.values("tricks_won", [obs["tricks_won"][side], obs["tricks_won"][1 - side]])
    return w.v


def _whist_decode(spec: _Spec, r: _Reader) -> dict[str, Any]:
    side = r.me % 2
    won = r.ints("tricks_won")
    sizes = r.seat_ints("hand_sizes")
    return {
        "seat": spec.seats[r.me],
        "phase": r.one_hot("phase", WH_PHASES),
        "to_move": r.seat("to_move"),
        "leader": r.seat("leader"),
        "trump": r.one_hot("trump", WH_STRAINS),
        "hand": r.cards("hand"),
        "hand_sizes": [sizes[s] for s in spec.seats],
        "trick": r.trick(),
        "played": r.played(),
        "tricks_won": won if side == 0 else won[::-1],
    }


def _whist_summary(spec: _Spec, obs: dict[str, Any]) -> dict[str, Any]:
    return {
        "seat": obs["seat"],
        "phase": obs["phase"],
        "to_move": obs["to_move"],
        "leader": obs["leader"],
        "trump": obs["trump"],
        "hand": _sorted_cards(obs["hand"]),
        "hand_sizes": list(obs["hand_sizes"]),
        "trick": [list(x) for x in obs["trick"]],
        "played": _played_from(obs["tricks"], spec.seats),
        "tricks_won": list(obs["tricks_won"]),
    }


_CODECS: dict[str, _Codec] = {
    "whist": (_whist_spec, _whist_encode, _whist_decode, _whist_summary),
    "klaverjas": (_klaverjas_spec, _klaverjas_encode, _klaverjas_decode, _klaverjas_summary),
    "kiksas": (_kiksas_spec, _kiksas_encode, _kiksas_decode, _kiksas_summary),
    "trikiksis": (_kiksas_spec, _kiksas_encode, _kiksas_decode, _kiksas_summary),
    "kirves": (_kirves_spec, _kirves_encode, _kirves_decode, _kirves_summary),
    "allfours": (_allfours_spec, _allfours_encode, _allfours_decode, _allfours_summary),
    "pitch": (_allfours_spec, _allfours_encode, _allfours_decode, _allfours_summary),
}
_SPECS: dict[tuple[str, Any], _Spec] = {}


def _codec(game: Game) -> tuple[_Spec, _Codec]:
    try:
        codec = _CODECS[game.name]
    except KeyError:
        raise ValueError(f"no observation tensor is defined for {game.name!r}") from None
    key = (game.name, game.options)
    spec = _SPECS.get(key)
    if spec is None:
        spec = _SPECS[key] = codec[0](game)
    return spec, codec


def observation_shape(game: Game) -> tuple[int]:
    """The shape of every observation tensor of this game with its options."""
    spec, _ = _codec(game)
    return (spec.size,)


def observation_layout(game: Game) -> list[Segment]:
    """The segments of the tensor in order (name, offset, size, kind, scale)."""
    spec, _ = _codec(game)
    return list(spec.segments.values())


def tensor_deck(game: Game) -> list[Card]:
    """The cards of the card planes, in plane order."""
    spec, _ = _codec(game)
    return list(spec.deck)


def encode_observation(game: Game, observation: dict[str, Any]) -> npt.NDArray[np.float32]:
    """The tensor of an observation dict (``deal.observation(seat)``): nothing else is read."""
    spec, codec = _codec(game)
    if "seat" not in observation or "phase" not in observation:
        raise ValueError("not an observation of a deal (is the match over?)")
    return codec[1](spec, observation)


def decode_observation(game: Game, tensor: npt.ArrayLike) -> dict[str, Any]:
    """What a tensor encodes, read back as a summary of the observation (seat names, cards as
    strings, scores as whole numbers)."""
    spec, codec = _codec(game)
    v = np.asarray(tensor, dtype=np.float32)
    if v.shape != (spec.size,):
        raise ValueError(f"expected a tensor of shape {(spec.size,)}, got {v.shape}")
    return codec[2](spec, _Reader(spec, v))


def observation_summary(game: Game, observation: dict[str, Any]) -> dict[str, Any]:
    """The summary ``decode_observation`` returns, computed from the observation dict: what the
    tensor carries, in the same form (for checks and for readers of the layout)."""
    spec, codec = _codec(game)
    return codec[3](spec, observation)


def observation_tensor(target: StateMachine, seat: int | str) -> npt.NDArray[np.float32]:
    """The observation tensor of ``seat`` in a deal or a match (its current deal)."""
    return encode_observation(target.game, target.observation(seat))  # type: ignore[arg-type]
