"""What must hold in every deal of every game, checked from outside: the helpers of the stateful
tests (tests/test_stateful.py) and of the million-deal run (tests/test_million_deals.py).

* Cards are conserved: every card of the pack is in exactly one place (a hand, the play's
  history, a discard, the stock, ...). The places are read from the deal itself; where a family
  keeps cards outside the hands and the play state, ``FAMILY_PLACES`` says where (the one table
  here that names families, as the tests may).
* A seat is to act, with a legal action, until the deal is over.
* Once over, the result adds up as the game's rules define it (``FAMILY_RESULTS``, each check
  citing its rule).
* The JSON round trip is exact, and the deal read back offers the same actions and observations.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import tricktaker as tt
from tricktaker.cards import Card, cards_from_mask, mask_from_cards
from tricktaker.protocol.base import Deal
from tricktaker.protocol.family import capability, family_of
from tricktaker.registry import families

# Every registered game with each preset and example option set (as tests/conformance plays them).
Case = tuple[str, str | None, tuple[tuple[str, Any], ...]]


def _cases() -> Iterator[Case]:
    for family in families().values():
        for variant in family.variants:
            for options in variant.examples:
                for preset in (None, *sorted(variant.presets)):
                    yield variant.name, preset, tuple(sorted(options.items()))


CASES: list[Case] = list(_cases())


def case_id(case: Case) -> str:
    name, preset, options = case
    return "-".join([name, preset or "default", *(f"{k}={v}" for k, v in options)])


def load(case: Case) -> tt.Game:
    name, preset, options = case
    return tt.load(name, preset=preset, **dict(options))


def pack(game: tt.Game) -> int:
    """Every card the game is played with (the pack its observation tensors encode), as a mask."""
    return mask_from_cards(capability(game, "tensors").spec(game).deck)


# --- where the cards are ------------------------------------------------------------------------


def _play_state(deal: Deal) -> Any:
    """The deal's C++ play state, or None before the play (every family keeps it as ``state``)."""
    return getattr(deal, "state", None)


def _played(deal: Deal) -> list[Card]:
    state = _play_state(deal)
    return [] if state is None else [Card(c) for _, c in state.history()]


def _hands(deal: Deal, seats: Iterable[int]) -> dict[str, list[Card]]:
    return {f"hand {s}": list(deal.hand(s)) for s in seats}  # type: ignore[attr-defined]


def _allfours_places(deal: Any) -> dict[str, list[Card]]:
    # The stock, the turned-up cards (kicks, runs) and the discards of an exchange lie outside
    # the hands (docs/rules/allfours.md T7-T12, O7-O8); a folded hand leaves the play face up
    # (PV10).
    places = _hands(deal, range(deal.n))
    places["stock"] = list(deal.stock)
    places["turned"] = list(deal.turned)
    for s, cards in enumerate(deal.discards):
        places[f"discards {s}"] = list(cards)
    if deal.state is not None:
        for s, _, cards in deal.state.folds():
            places[f"folded {s}"] = cards_from_mask(cards)
    return places


def _kirves_places(deal: Any) -> dict[str, list[Card]]:
    # The undealt stock is never listed (docs/rules/kirves.md R3): the cards outside it are the
    # hands (a folded hand stays its seat's), the face-down discards (R3.10) and the public
    # cards out of play: the exposed bottom card, the angel card and a turned card left on the
    # stock (R2.4, R2.5, R3.4).
    places = _hands(deal, deal.participants)
    for s in deal.participants:
        if deal.discarded[s] is not None:
            places[f"discard {s}"] = [deal.discarded[s]]
    public = []
    if deal.cut_shown is not None and deal.cut_jack is None:
        public.append(deal.cut_shown)
    if deal.angel_card is not None:
        public.append(deal.angel_card)
    if deal.turned_card is not None and not deal.turned_taken:
        public.append(deal.turned_card)
    places["public"] = public
    return places


def _kirves_count(deal: Any, deck: int, placed: int) -> int | None:
    # Outside the stock once the cards are dealt: five a participant (R3.1), the shown bottom
    # card (a cut jack goes to the cutter), a public angel card and the turned card (R3.3).
    if deal.phase == "cut":
        return None
    shown = [deal.cut_shown, deal.angel_card, deal.turned_card]
    return 5 * len(deal.participants) + sum(card is not None for card in shown)


def _whole_pack(deal: Any, deck: int, placed: int) -> int | None:
    return deck.bit_count() if placed else None  # nothing to count before the cards are dealt


# Per family: the places of the cards besides the play's history, and how many cards they hold
# together, given how many they hold (the whole pack, or a count where the stock is implicit;
# None: nothing to count yet).
PlaceReader = Callable[[Any], dict[str, list[Card]]]
FAMILY_PLACES: dict[str, tuple[PlaceReader, Callable[[Any, int, int], int | None]]] = {
    "allfours": (_allfours_places, _whole_pack),
    "kirves": (_kirves_places, _kirves_count),
    "kiksas": (lambda deal: _hands(deal, range(deal.n)), _whole_pack),
    "klaverjas": (lambda deal: _hands(deal, range(4)), _whole_pack),
    "whist": (lambda deal: _hands(deal, range(4)), _whole_pack),
}


def card_places(deal: Deal) -> dict[str, list[Card]]:
    """Where every card of the deal is that is not in an implicit stock."""
    places = FAMILY_PLACES[family_of(deal).name][0](deal)
    places["played"] = _played(deal)
    return places


def check_cards_conserved(deal: Deal, deck: int) -> None:
    """Every card in at most one place, every place's cards of the pack, and as many cards in
    the places as the family says (the whole pack, unless a stock is implicit)."""
    places = card_places(deal)
    union = total = 0
    for cards in places.values():
        for card in cards:
            union |= 1 << card.id
        total += len(cards)
    if total != union.bit_count():
        counts = Counter(card for cards in places.values() for card in cards)
        twice = {str(c): [p for p, cs in places.items() if c in cs] for c, k in counts.items()
                 if k > 1}  # fmt: skip
        raise AssertionError(f"phase {deal.phase}: cards in two places: {twice}")
    strangers = cards_from_mask(union & ~deck)
    assert not strangers, f"phase {deal.phase}: cards not of the pack: {strangers}"
    expected = FAMILY_PLACES[family_of(deal).name][1](deal, deck, total)
    if expected is not None and total != expected:
        missing = [str(c) for c in cards_from_mask(deck & ~union)]
        raise AssertionError(
            f"phase {deal.phase}: {total} cards in their places, {expected} expected; "
            f"cards of the pack in no place: {missing}"
        )
    state = _play_state(deal)
    if state is not None:
        # The core's own books: hands, history and folded cards never overlap.
        n = state.num_players
        masks = [state.hand(p) for p in range(n)] + [state.folded_cards(p) for p in range(n)]
        masks.append(sum(1 << c for _, c in state.history()))
        books = 0
        for m in masks:
            assert not books & m, f"phase {deal.phase}: the play state holds a card twice"
            books |= m


def check_legal_until_over(deal: Deal) -> None:
    """A seat is to act with a legal action while the deal goes on; none once it is over."""
    if deal.is_over:
        assert deal.to_move is None
        assert deal.legal_actions() == []
        assert deal.result() is not None
    else:
        assert deal.to_move is not None, f"phase {deal.phase}: nobody is to act"
        assert deal.legal_actions(), f"phase {deal.phase}: seat {deal.to_move} has no action"


# --- the result adds up -------------------------------------------------------------------------


def _side_sums(values: list[int], sides: list[dict[str, Any]]) -> list[int]:
    return [sum(values[s] for s in side["seats"]) for side in sides]


def _allfours_result(deal: Any, r: dict[str, Any]) -> None:
    # docs/rules/allfours.md §9: a deal's credits (kicks, items or a set-back) are the score it
    # adds.
    credited = [0] * len(r["sides"])
    for credit in r["credits"]:
        credited[credit["side"]] += credit["points"]
    assert [b + c for b, c in zip(r["scores_before"], credited, strict=True)] == r["scores"]
    assert [a - b for a, b in zip(r["scores"], r["scores_before"], strict=True)] == r["score"]
    # Each item is credited once, to one side, and its points are the side's item points.
    items = [0] * len(r["sides"])
    for item in r["items"]:
        items[item["side"]] += item["points"]
    assert items == r["points"]
    assert len({i["kind"] for i in r["items"]}) == len(r["items"])
    if not r["thrown_in"]:
        # Game: every card point of the cards played goes to the side that won its trick.
        assert sum(r["game_values"]) == sum(rec.points for rec in deal.state.trick_records())


def _kiksas_result(deal: Any, r: dict[str, Any]) -> None:
    # docs/rules/kiksas.md §1.3 and E1: the cards and the last trick are worth 138; a pair's points
    # are its players' points, and its tricks are all of the six played.
    assert _side_sums(r["player_points"], r["sides"]) == r["points"]
    played = deal.state.trick_records() if deal.state is not None else []
    assert sum(r["tricks"]) == len(played)
    if r["akis"] is None and len(played) == deal.hand_size:
        assert sum(r["points"]) == 138
    if r["next_targets"] is not None:
        assert sum(r["next_targets"]) == 138  # §3.10: the targets always sum to 138


def _kirves_result(deal: Any, r: dict[str, Any]) -> None:
    # docs/rules/kirves.md R9: the marks of a side are its seats' marks; the winner of a deal played
    # out won its tricks by the rule named, and the trick winners are the play's.
    assert _side_sums(r["marks"], r["sides"]) == r["score"]
    state = deal.state
    winners = [] if state is None else [rec.winner for rec in state.trick_records()]
    assert r["trick_winners"] == winners
    if r["win_rule"] == "three_tricks":
        assert winners.count(r["winner"]) >= 3
    if r["winner"] is not None:
        assert r["winner"] in r["participants"] and r["winner"] not in r["folded"]


def _klaverjas_result(deal: Any, r: dict[str, Any]) -> None:
    # docs/rules/klaverjas.md §5: C(NS) + C(EW) = 162; Total = C + R + P; the playing team makes it
    # iff its Total is higher; made: each team scores its Total; nat: the defenders score both.
    if r["penalized_team"] is not None:
        return  # an illegal-play penalty replaces the count (§3.9)
    assert sum(r["card_points"]) == 162
    totals = [c + rm + p for c, rm, p in zip(r["card_points"], r["roem"], r["pit"], strict=True)]
    assert totals == r["total"]
    playing = r["playing_team"]
    assert r["made"] == (totals[playing] > totals[1 - playing])
    if r["made"]:
        assert r["score"] == totals
    else:
        assert r["score"][playing] == 0 and r["score"][1 - playing] == sum(totals)


def _whist_result(deal: Any, r: dict[str, Any]) -> None:
    # Every trick is won by one side: the tricks add up to the cards of a hand.
    assert r["score"] == r["tricks"]
    assert sum(r["tricks"]) == deal.game.options.ranks_per_suit


FAMILY_RESULTS: dict[str, Callable[[Any, dict[str, Any]], None]] = {
    "allfours": _allfours_result,
    "kiksas": _kiksas_result,
    "kirves": _kirves_result,
    "klaverjas": _klaverjas_result,
    "whist": _whist_result,
}


def check_result_adds_up(deal: Deal) -> None:
    """The result of a finished deal: JSON, every side scored, and the family's sums hold."""
    result = deal.result()
    assert result is not None
    data = result.to_dict()
    json.dumps(data)
    assert len(data["score"]) == len(data["sides"])
    state = _play_state(deal)
    if state is not None:
        # The core's books: each trick's points go to its winner, every trick to one seat.
        records = state.trick_records()
        n = state.num_players
        assert sum(state.tricks_won(p) for p in range(n)) == len(records)
        assert sum(state.points_won(p) for p in range(n)) == sum(r.points for r in records)
    FAMILY_RESULTS[family_of(deal).name](deal, data)


# --- the JSON round trip ------------------------------------------------------------------------


def check_round_trip(deal: Deal, seats: int) -> Deal:
    """The deal read back from its JSON writes the same JSON, is at the same point, offers the
    same actions and shows every seat the same observation; returns it."""
    text = deal.to_json()
    again = tt.from_json(text)
    assert isinstance(again, Deal)
    assert again.to_json() == text
    assert (again.phase, again.to_move, again.is_over) == (deal.phase, deal.to_move, deal.is_over)
    assert again.legal_actions() == deal.legal_actions()
    for seat in range(seats):
        assert again.observation(seat) == deal.observation(seat)
    if deal.is_over:
        assert again.result().to_dict() == deal.result().to_dict()
    return again


def check_position(deal: Deal) -> None:
    """Where the deal writes a position text (its play), the text reads back as the same
    position: it writes the same text and offers the same actions to the same seat."""
    write = getattr(deal, "position", None)
    if write is None:
        return
    try:
        text = write()
    except tt.Error:  # no position before the play (or where the game writes none)
        return
    again = deal.game.parse_position(text)  # type: ignore[attr-defined]
    assert again.position() == text
    assert again.to_move == deal.to_move
    assert again.legal_actions() == deal.legal_actions()
