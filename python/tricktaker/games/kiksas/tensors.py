"""The Kiksas and Trikiksis observation tensor: its layout, how an observation is written into
it and read back (``tricktaker.tensors`` gives the conventions every layout follows). One codec
serves both variants: the number of seats sets the size.

n = 4 (Kiksas) or 3 (Trikiksis) seats, a pack of D = 24 cards; 418 or 335 floats. Segments
(name, size, content): ``me`` n; ``phase`` 8 (peek, peek_decision, trump_choice, akis, play,
su_dviem, last_lead, over); ``deal_type`` 3 (first, writing, writing_off); ``to_move``,
``dealer`` n; ``writing`` n (seats of the writing pair, or the active player); ``targets`` 2 (as
the observation: by side id, AC, BD or active, coalition; /138) and ``has_targets`` 1; ``trump`` 4;
``akis_player`` n, ``akis_kind`` 3 (a, b, c), ``akis_suit`` 4; ``sitting_out`` n; ``hand_seen``
1, ``hand`` D; ``hand_sizes`` n (/8); ``open_0``.. D each (Akis opponents' exposed hands);
``peek_end`` 2 (top, bottom), ``peek_decision`` 2 (accepted, declined), ``peeked`` D (the
First's own peeked card); ``trick_leader`` n, ``trick_k`` D each; ``played_k`` D each;
``tricks_won`` 2 and ``points`` 2 (sides as in the observation; /8, /138); ``count_player`` n,
``count`` 2 (N1, N2 of the trump-count announcement, /6), ``count_partner`` n, ``count_silent``
1; ``su_dviem`` n (who declared it); ``last_lead_declined`` 1.

With ``history_visible = false`` the observation shows only the seat's own played cards (in
``played_0``) and no points, and the tensor follows it.

The observation names seats by id, and so does the decoded summary (``open_hands`` and
``played`` are lists by seat id).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker.games.kiksas import DECK, SEATS, KiksasGame
from tricktaker.protocol.base import Game
from tricktaker.protocol.tensor_kit import (
    TensorCodec,
    TensorReader,
    TensorSpec,
    TensorWriter,
    played_from,
    sorted_cards,
)

__all__ = ["CODEC", "KiksasTensors"]

# The orders of the one-hot and flag segments: an index is a position in these tuples.
PHASES = (
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
AKIS_KINDS = ("a", "b", "c")


class KiksasTensors:
    """Kiksas and Trikiksis: the layout above, for every option set."""

    def spec(self, game: Game) -> TensorSpec:
        assert isinstance(game, KiksasGame)
        n = game.num_seats  # 4 in Kiksas, 3 in Trikiksis
        spec = TensorSpec(SEATS[:n], list(DECK))
        spec.add("phase", len(PHASES), "one_hot")
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

    def encode(self, spec: TensorSpec, observation: dict[str, Any]) -> npt.NDArray[np.float32]:
        writer = TensorWriter(spec, observation["seat"])
        writer.one_hot("phase", PHASES.index(observation["phase"]))
        writer.one_hot("deal_type", DEAL_TYPES.index(observation["deal_type"]))
        writer.seat("to_move", observation["to_move"])
        writer.seat("dealer", observation["dealer"])
        writer.seats("writing", _writing_seats(observation))
        if observation["targets"] is not None:
            writer.values("targets", observation["targets"])
            writer.flags("has_targets", [0])
        writer.suit("trump", observation["trump"])
        akis = observation["akis"]
        if akis is not None:
            writer.seat("akis_player", akis["player"])
            writer.one_hot("akis_kind", AKIS_KINDS.index(akis["kind"]))
            writer.suit("akis_suit", akis["suit"])
        writer.seat("sitting_out", observation["sitting_out"])
        if observation["hand"] is not None:
            writer.flags("hand_seen", [0])
            writer.cards("hand", observation["hand"])
        writer.seat_values("hand_sizes", observation["hand_sizes"])
        for seat, cards in enumerate(observation["open_hands"]):
            if cards is not None:
                writer.cards(f"open_{writer.rel(seat)}", cards)
        peek = observation["peek"]
        if peek is not None:
            writer.one_hot("peek_end", ("top", "bottom").index(peek["end"]))
            if peek["accepted"] is not None:
                writer.one_hot("peek_decision", 0 if peek["accepted"] else 1)
            if "card" in peek:
                writer.cards("peeked", [peek["card"]])
        writer.trick(observation["trick"])
        if "my_played" in observation:  # the history is hidden (D6)
            writer.cards("played_0", observation["my_played"])
        else:
            writer.played(observation["tricks"])
            writer.values("points", observation["points"])
        writer.values("tricks_won", observation["tricks_won"])
        for e in observation["events"]:
            if e["type"] == "TrumpCountAnnounced":
                writer.seat("count_player", e["player"])
                writer.values("count", [e["value"], 0])
            elif e["type"] == "TrumpCountAdded":
                writer.seat("count_partner", e["player"])
                seg = spec.segments["count"]
                writer.vector[seg.offset + 1] = e["total"] / seg.scale
            elif e["type"] == "TrumpCountSilent":
                writer.seat("count_partner", e["player"])
                writer.flags("count_silent", [0])
            elif e["type"] == "SuDviemDeclared":
                writer.seat("su_dviem", e["player"])
            elif e["type"] == "LastLeadDeclined":
                writer.flags("last_lead_declined", [0])
        return writer.vector

    def decode(self, spec: TensorSpec, reader: TensorReader) -> dict[str, Any]:
        akis = None
        if reader.one_hot_raw("akis_player") is not None:
            akis = {
                "player": reader.seat("akis_player"),
                "kind": reader.one_hot("akis_kind", AKIS_KINDS),
                "suit": reader.suit("akis_suit"),
            }
        peek = None
        if reader.one_hot_raw("peek_end") is not None:
            decision = reader.one_hot_raw("peek_decision")
            peek = {
                "end": reader.one_hot("peek_end", ("top", "bottom")),
                "accepted": None if decision is None else decision == 0,
                "card": next(iter(reader.cards("peeked")), None),
            }
        count = None
        if reader.one_hot_raw("count_player") is not None:
            values = reader.ints("count")
            count = {
                "player": reader.seat("count_player"),
                "value": values[0],
                "partner": reader.seat("count_partner"),
                "total": None
                if reader.flags("count_silent") or reader.seat("count_partner") is None
                else values[1],
            }
        open_hands = [reader.cards(f"open_{(s - reader.me) % spec.n}") for s in range(spec.n)]
        return {
            "seat": reader.me,
            "phase": reader.one_hot("phase", PHASES),
            "deal_type": reader.one_hot("deal_type", DEAL_TYPES),
            "to_move": reader.seat("to_move"),
            "dealer": reader.seat("dealer"),
            "writing": reader.seats("writing"),
            "targets": reader.ints("targets") if reader.flags("has_targets") else None,
            "trump": reader.suit("trump"),
            "akis": akis,
            "sitting_out": reader.seat("sitting_out"),
            "hand": reader.cards("hand") if reader.flags("hand_seen") else None,
            "hand_sizes": reader.seat_ints("hand_sizes"),
            # A plane cannot tell a hand not shown from an open hand played out: both read null.
            "open_hands": [cards or None for cards in open_hands],
            "peek": peek,
            "trick": reader.trick(),
            "played": reader.played(),
            "tricks_won": reader.ints("tricks_won"),
            "points": reader.ints("points"),
            "trump_count": count,
            "su_dviem": reader.seat("su_dviem"),
            "last_lead_declined": bool(reader.flags("last_lead_declined")),
        }

    def summary(self, spec: TensorSpec, observation: dict[str, Any]) -> dict[str, Any]:
        peek = observation["peek"]
        count: dict[str, Any] | None = None
        su_dviem = None
        declined = False
        for e in observation["events"]:
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
        played: list[list[str]]
        if "my_played" in observation:  # the history is hidden (D6)
            played = [[] for _ in spec.seats]
            played[observation["seat"]] = sorted_cards(observation["my_played"])
            points = [0, 0]
        else:
            played = played_from(observation["tricks"], spec.seats)
            points = list(observation["points"])
        return {
            "seat": observation["seat"],
            "phase": observation["phase"],
            "deal_type": observation["deal_type"],
            "to_move": observation["to_move"],
            "dealer": observation["dealer"],
            "writing": _writing_seats(observation),
            "targets": observation["targets"],
            "trump": observation["trump"],
            "akis": observation["akis"],
            "sitting_out": observation["sitting_out"],
            "hand": None if observation["hand"] is None else sorted_cards(observation["hand"]),
            "hand_sizes": list(observation["hand_sizes"]),
            "open_hands": [sorted_cards(c) if c else None for c in observation["open_hands"]],
            "peek": None
            if peek is None
            else {"end": peek["end"], "accepted": peek["accepted"], "card": peek.get("card")},
            "trick": [list(x) for x in observation["trick"]],
            "played": played,
            "tricks_won": list(observation["tricks_won"]),
            "points": points,
            "trump_count": count,
            "su_dviem": su_dviem,
            "last_lead_declined": declined,
        }


def _writing_seats(observation: dict[str, Any]) -> list[int]:
    """The seats that write: the writing pair's (Kiksas, a side id) or the active player
    (Trikiksis); none before deal 1 is dealt."""
    pair = observation["writing_pair"]
    if pair is not None:
        return sorted(observation["sides"][pair]["seats"])
    active = observation["active_player"]
    return [] if active is None else [active]


CODEC: TensorCodec = KiksasTensors()
