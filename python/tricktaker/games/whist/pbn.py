"""Whist meets bridge: PBN files and ``[Deal "..."]`` tags read, and ``endplay.Deal`` both ways.

Bridge players keep their deals in PBN (the Portable Bridge Notation) and analyse them with
endplay; this module reads the one and converts to and from the other, through endplay's own
PBN reader (``endplay.parsers.pbn``), so every PBN endplay reads is read here the same way.
endplay is optional (``pip install endplay``); without it these functions raise
``tt.Unsupported`` saying so.

What a board becomes: a whist deal of its four hands, with

* the trump of its ``[Contract]`` (no trump without one: whist has no auction),
* the opening leader: the declarer's left-hand opponent, or without a contract the dealer's
  left-hand opponent (``[Dealer]``; North without one),
* the cards of its ``[Play]`` section played, as far as they go.

>>> import tricktaker as tt
>>> from tricktaker.games.whist.pbn import read_pbn, to_endplay, from_endplay
>>> [deal] = read_pbn('[Deal "N:AK.7.. QJ.8.. T9.9.. 87.T.."]')  # no dealer: North leads
>>> deal.seat_name(deal.to_move), str(deal.trump)
('N', 'None')
>>> from_endplay(to_endplay(deal)).position() == deal.position()
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card
from tricktaker.errors import Error, Unsupported
from tricktaker.games.whist.deal import WhistDeal
from tricktaker.games.whist.game import WhistGame, make_game
from tricktaker.games.whist.options import NUM_SEATS, SEATS, STRAINS

__all__ = ["from_endplay", "read_pbn", "read_pbn_file", "to_endplay"]

_NO_ENDPLAY = "reading PBN and converting to endplay needs the endplay package: pip install endplay"


def _endplay_pbn() -> Any:
    try:
        from endplay.parsers import pbn
    except ImportError:
        raise Unsupported(_NO_ENDPLAY) from None
    return pbn


def _endplay_types() -> Any:
    try:
        from endplay import types
    except ImportError:
        raise Unsupported(_NO_ENDPLAY) from None
    return types


def _card_text(card: Any) -> str:
    """An endplay card in the package's notation: ``AS``, ``TH`` (Denom and our Suit share
    the order S H D C; a rank's name is ``RA``, ``RT``, ...)."""
    return f"{card.rank.name[1:]}{'SHDC'[int(card.suit)]}"


def _game(game: WhistGame | None) -> WhistGame:
    return make_game() if game is None else game


def _play(deal: WhistDeal, cards: Iterable[Any], where: str) -> None:
    for index, card in enumerate(cards, 1):
        text = _card_text(card)
        try:
            deal.apply(text)
        except ValueError as exc:
            raise type(exc)(f"{where}: card {index} of the play, {text}: {exc}") from None


def _board_deal(board: Any, game: WhistGame, number: int) -> WhistDeal:
    where = f"board {board.board_num or number}"
    contract = board.contract
    if contract is not None and contract.declarer is not None:
        trump = STRAINS[int(contract.denom)]
        leader = (int(contract.declarer) + 1) % NUM_SEATS
    else:
        trump = "NT"
        dealer = board.dealer
        leader = 0 if dealer is None else (int(dealer) + 1) % NUM_SEATS
    try:
        deal = game.position_from_pbn(board.deal.to_pbn(), trump=trump, leader=SEATS[leader])
    except ValueError as exc:
        raise Error(f"{where}: {exc}") from None
    _play(deal, board.play or [], where)
    return deal


def read_pbn(text: str, game: WhistGame | None = None) -> list[WhistDeal]:
    """Every board of a PBN text (a file's contents, or a lone ``[Deal "N:..."]`` tag) as a
    whist deal of ``game`` (default: ``tt.load("whist")``). A text endplay cannot read, or a
    deal the game refuses, raises ``tt.Error`` naming the board."""
    pbn = _endplay_pbn()
    try:
        boards = pbn.loads(text)
    except Exception as exc:  # endplay's decoder raises its own types, and plain ValueErrors
        raise Error(f"not a PBN text endplay can read: {exc}") from None
    deals = [_board_deal(board, _game(game), i) for i, board in enumerate(boards, 1)]
    if not deals:
        raise Error('no board in the PBN text: expected a [Deal "N:..."] tag')
    return deals


def read_pbn_file(path: str, game: WhistGame | None = None) -> list[WhistDeal]:
    """Every board of a PBN file (``read_pbn`` on its text)."""
    with open(path, encoding="utf-8") as handle:
        return read_pbn(handle.read(), game)


def to_endplay(deal: WhistDeal) -> Any:
    """The position as an ``endplay.types.Deal``: the hands held now, the trump, and the trick
    on the table played (endplay keeps no finished tricks, so those are left out)."""
    types = _endplay_types()
    trick = [(int(s), Card.parse(c)) for s, c in deal.observation(0)["trick"]]
    masks = [sum(c.mask for c in deal.hand(seat)) for seat in range(NUM_SEATS)]
    for seat, card in trick:
        masks[seat] |= card.mask
    out = types.Deal(_core.format_pbn(masks))
    leader = trick[0][0] if trick else deal.to_move
    out.first = types.Player(0 if leader is None else leader)
    out.trump = types.Denom(STRAINS.index("NT") if deal.trump is None else int(deal.trump))
    for _, card in trick:
        out.play(types.Card(f"{card.suit}{str(card)[0]}"))  # endplay writes the suit first
    return out


def from_endplay(
    source: Any, game: WhistGame | None = None, *, leader: int | str | None = None
) -> WhistDeal:
    """A whist position from an ``endplay.types.Deal``: its hands, its trump and its current
    trick played. The leader is the deal's ``first`` unless given."""
    start = source.copy()
    played = [start.curtrick[i] for i in range(len(start.curtrick))]
    for _ in played:
        start.unplay()
    first = int(start.first) if leader is None else leader
    trump = STRAINS[int(start.trump)]
    deal = _game(game).position_from_pbn(
        start.to_pbn(), trump=trump, leader=SEATS[first] if isinstance(first, int) else first
    )
    _play(deal, played, "the endplay deal's current trick")
    return deal
