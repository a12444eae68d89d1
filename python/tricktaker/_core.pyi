"""
tricktaker's C++ core: cards, rules tables, the play state and game evaluation
"""

from __future__ import annotations
import collections.abc
import numpy
import numpy.typing
import typing

__all__: list[str] = [
    "ALL_CARDS",
    "AkisKind",
    "AllFoursAward",
    "AllFoursDealScore",
    "AllFoursItem",
    "AllFoursPlayouts",
    "AllFoursScoringOptions",
    "BLACK_JOKER",
    "CardStep",
    "DealPlan",
    "DealSampler",
    "Error",
    "FigureKind",
    "FollowPolicy",
    "GamePlayouts",
    "IllegalAction",
    "KIRVES_ALWAYS_TRUMPS",
    "KIRVES_PAAKOT",
    "KiksasDealContext",
    "KiksasDealResult",
    "KiksasDealType",
    "KiksasOutcome",
    "KiksasPlayouts",
    "KiksasTrickGate",
    "KiksasTrumpCount",
    "KirvesDealKind",
    "KirvesDealOutcome",
    "KirvesDealRoles",
    "KirvesPlayouts",
    "KirvesWinRule",
    "KirvesWinner",
    "KlaverjasDealScore",
    "KlaverjasPlayouts",
    "KlaverjasTensorPlan",
    "MAX_THREADS",
    "Objective",
    "ObjectiveKind",
    "OvertrumpDuty",
    "PlayState",
    "RED_JOKER",
    "Rng",
    "RulesTable",
    "SET_BACK_RANKS",
    "Scoring",
    "SearchLimitExceeded",
    "SeatView",
    "SolveResult",
    "Solver",
    "TrickBonus",
    "TrickGate",
    "TrickRecord",
    "VoidTrumpDuty",
    "action_flags",
    "allfours_deck",
    "allfours_max_points",
    "allfours_rules",
    "allfours_score",
    "allfours_score_fields",
    "card_to_string",
    "choose_card",
    "choose_card_seen",
    "deal_step_init",
    "deal_step_methods",
    "format_pbn",
    "history_is_legal",
    "jick_of",
    "kiksas_deck",
    "kiksas_evaluate",
    "kiksas_evaluate_fields",
    "kiksas_evaluate_tricks",
    "kiksas_may_decline_last_lead",
    "kiksas_rules",
    "kiksas_su_dviem_available",
    "kiksas_trump_count",
    "kiksas_trump_queen",
    "kirves_concession_marks",
    "kirves_decided",
    "kirves_deck",
    "kirves_kiellonvara",
    "kirves_named_suit",
    "kirves_outcome",
    "kirves_outcome_fields",
    "kirves_rules",
    "kirves_sides",
    "kirves_trump_strength",
    "kirves_winner",
    "klaverjas_roem",
    "klaverjas_rules",
    "klaverjas_score",
    "klaverjas_score_fields",
    "klaverjas_score_totals",
    "legal_cards",
    "mask_to_ids",
    "mask_to_items",
    "parse_card",
    "parse_pbn",
    "play_exclusions",
    "playouts_from_deals",
    "playouts_from_state",
    "quick_tricks",
    "random_playouts",
    "ranks_needed",
    "solve_many",
    "time_random_playouts",
    "trick_winner_index",
    "whist_dd_table",
    "whist_dd_tables",
    "whist_deck",
    "whist_rules",
    "whist_state",
]

class Error(ValueError):
    pass

class IllegalAction(Error):
    pass

class SearchLimitExceeded(Error):
    pass

class Rng:
    """
    The portable generator behind every seeded shuffle.
    """
    def __copy__(self) -> Rng: ...
    def __deepcopy__(self, memo: dict[typing.Any, typing.Any]) -> Rng: ...
    def __init__(self, seed: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def below(self, n: typing.SupportsInt | typing.SupportsIndex) -> int: ...
    def next(self) -> int: ...
    def shuffled(
        self, items: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]
    ) -> list[int]:
        """
        A shuffled copy of the list (Fisher-Yates, top down).
        """

class DealPlan:
    """
    A pack dealt from a seed in one call, as Rng(seed) deals it in Python.
    """
    def __init__(
        self,
        pack: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
        places: collections.abc.Sequence[
            collections.abc.Sequence[
                collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]
            ]
        ],
    ) -> None:
        """
        pack: the card ids in their order before the shuffle; places[dealer][seat]: the places in the shuffled pack (top first) of the seat's cards when that seat deals.
        """
    def deal(
        self,
        seed: typing.SupportsInt | typing.SupportsIndex,
        dealer: typing.SupportsInt | typing.SupportsIndex,
        suits: typing.SupportsInt | typing.SupportsIndex,
    ) -> tuple[int, list[tuple[int, ...]], list[int], int]:
        """
        (dealer, hands, masks, suit) of the seed: the dealer drawn first with Rng(seed).below(len(places)) when dealer < 0, the pack shuffled (Rng.shuffled), each seat's cards as a tuple of ids and as a bit mask, then a suit drawn with below(suits) when suits > 0 (else -1).
        """

class VoidTrumpDuty:
    """
    Members:

      NEVER

      ALWAYS

      UNLESS_PARTNER_WINNING
    """

    ALWAYS: typing.ClassVar[VoidTrumpDuty]
    NEVER: typing.ClassVar[VoidTrumpDuty]
    UNLESS_PARTNER_WINNING: typing.ClassVar[VoidTrumpDuty]
    __members__: typing.ClassVar[dict[str, VoidTrumpDuty]]
    @typing.overload
    def __eq__(self, other: VoidTrumpDuty) -> bool: ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool: ...
    def __getstate__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __int__(self) -> int: ...
    @typing.overload
    def __ne__(self, other: VoidTrumpDuty) -> bool: ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class OvertrumpDuty:
    """
    Members:

      NEVER

      ALWAYS

      UNLESS_PARTNER_WINNING
    """

    ALWAYS: typing.ClassVar[OvertrumpDuty]
    NEVER: typing.ClassVar[OvertrumpDuty]
    UNLESS_PARTNER_WINNING: typing.ClassVar[OvertrumpDuty]
    __members__: typing.ClassVar[dict[str, OvertrumpDuty]]
    @typing.overload
    def __eq__(self, other: OvertrumpDuty) -> bool: ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool: ...
    def __getstate__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __int__(self) -> int: ...
    @typing.overload
    def __ne__(self, other: OvertrumpDuty) -> bool: ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class TrickBonus:
    """
    Members:

      NONE

      KLAVERJAS_ROEM
    """

    KLAVERJAS_ROEM: typing.ClassVar[TrickBonus]
    NONE: typing.ClassVar[TrickBonus]
    __members__: typing.ClassVar[dict[str, TrickBonus]]
    @typing.overload
    def __eq__(self, other: TrickBonus) -> bool: ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool: ...
    def __getstate__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __int__(self) -> int: ...
    @typing.overload
    def __ne__(self, other: TrickBonus) -> bool: ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class FollowPolicy:
    head_in_suit: bool
    head_trump_lead: bool
    may_trump_when_able_to_follow: bool
    must_beat_exempts_partner: bool
    must_beat_trick: bool
    no_undertrump: bool
    overtrump: OvertrumpDuty
    undertrump_compulsory: bool
    void_trump: VoidTrumpDuty
    def __init__(self) -> None: ...

class RulesTable:
    policy: FollowPolicy
    trick_bonus: TrickBonus
    @staticmethod
    def plain(deck: typing.SupportsInt | typing.SupportsIndex) -> RulesTable:
        """
        A table with natural strengths, no points and no trump.
        """
    def beats(
        self,
        card: typing.SupportsInt | typing.SupportsIndex,
        winning: typing.SupportsInt | typing.SupportsIndex,
        led_suit: typing.SupportsInt | typing.SupportsIndex,
    ) -> bool: ...
    def effective_suit(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> int: ...
    def finalize(self, trump: typing.SupportsInt | typing.SupportsIndex) -> None:
        """
        Set the trump suit and recompute the suit masks.
        """
    def points(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> int: ...
    def set_card(
        self,
        card: typing.SupportsInt | typing.SupportsIndex,
        effective_suit: typing.SupportsInt | typing.SupportsIndex,
        strength: typing.SupportsInt | typing.SupportsIndex,
        points: typing.SupportsInt | typing.SupportsIndex,
    ) -> None:
        """
        Set one card's entries; call finalize() afterwards.
        """
    def strength(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> int: ...
    def suit_cards(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> int: ...
    @property
    def deck(self) -> int: ...
    @property
    def last_trick_bonus(self) -> int: ...
    @last_trick_bonus.setter
    def last_trick_bonus(self, arg1: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    @property
    def trump(self) -> int: ...
    @property
    def trump_cards(self) -> int: ...

class TrickRecord:
    @property
    def bonus(self) -> int: ...
    @property
    def first(self) -> int:
        """
        Index of the trick's first card in the history.
        """
    @property
    def leader(self) -> int: ...
    @property
    def points(self) -> int: ...
    @property
    def size(self) -> int:
        """
        Cards in the trick.
        """
    @property
    def winner(self) -> int: ...

class PlayState:
    """
    The card-play state of one deal: hands, trick, history, winnings.
    """
    def __copy__(self) -> PlayState: ...
    def __deepcopy__(self, memo: dict[typing.Any, typing.Any]) -> PlayState: ...
    def __init__(
        self,
        rules: RulesTable,
        hands: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
        sides: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
        leader: typing.SupportsInt | typing.SupportsIndex,
        active: typing.SupportsInt | typing.SupportsIndex = 0,
        first_lead_cards: typing.SupportsInt | typing.SupportsIndex = 0,
        fixed_leader: typing.SupportsInt | typing.SupportsIndex = -1,
        folding: bool = False,
        tricks: typing.SupportsInt | typing.SupportsIndex = 0,
    ) -> None: ...
    def bonus_won(self, seat: int) -> int: ...
    def can_fold(self) -> bool:
        """
        Whether the player to move may fold now.
        """
    def cards_won(self, seat: int) -> int: ...
    def copy(self) -> PlayState: ...
    def current_winner(self) -> int:
        """
        The seat winning the current trick so far, or -1 when it is empty.
        """
    def fold(self) -> None:
        """
        The player to move folds (raises IllegalAction when he may not).
        """
    def folded_cards(self, seat: int) -> int:
        """
        The cards a seat folded (0 if he did not).
        """
    def folds(self) -> list[tuple[int, int, int]]:
        """
        Every fold so far as (seat, cards played before it, cards folded).
        """
    def hand(self, seat: int) -> int:
        """
        A seat's hand as a card mask.
        """
    def history(self) -> list[tuple[int, int]]:
        """
        Every card played so far as (seat, card) pairs.
        """
    def history_items(self, start: int, table: list[list[typing.Any]]) -> list[typing.Any]:
        """
        The items table[seat][card] of every card played from index start on, in play order: one list of 64 items (one per card id) per seat, such as log entries; a stretch of the history in one call.
        """
    def is_terminal(self) -> bool: ...
    def legal_cards(self) -> list[int]:
        """
        Legal card ids in increasing order.
        """
    def legal_moves(self) -> int:
        """
        Legal cards as a bit mask.
        """
    def play(self, card: int) -> None:
        """
        Play a card; raises IllegalAction naming the legal cards and changes nothing.
        """
    def play_any_held(self, card: int) -> bool:
        """
        Play a held card even if illegal; returns whether it was legal.
        """
    def play_random(self, seed: typing.SupportsInt | typing.SupportsIndex) -> int:
        """
        Play uniformly random legal cards (and folds, where allowed) to the end, drawn from the core's generator seeded with seed; returns the cards played.
        """
    def play_random_seats(self, rngs: collections.abc.Iterable[Rng | None]) -> int:
        """
        Play the cards to the end of the play, each seat drawing from its own generator: rngs[seat].below(n) picks among its n legal cards in card id order, as a seeded random player picks from legal_cards(); never a fold. One generator (or None) per seat, a generator for every seat that holds a card; returns the cards played.
        """
    def points_won(self, seat: int) -> int: ...
    def replay_held(
        self,
        plays: collections.abc.Sequence[
            tuple[
                typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex
            ]
        ],
    ) -> bool:
        """
        Play (seat, card) pairs in order, each a held card as play_any_held() plays it: False at the first pair whose seat is not the one to move (the pairs before it stay played), True when all are played; raises IllegalAction for a card not held. A history replayed in one call.
        """
    def set_hands(
        self, hands: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]
    ) -> None:
        """
        Replace the hands by others of the same sizes (sampled hidden hands); raises ValueError for a wrong size or a card that is played, folded or held twice.
        """
    def side(self, seat: int) -> int:
        """
        The side (partnership) of a seat.
        """
    def side_bonus(self, side: int) -> int: ...
    def side_points(self, side: int) -> int: ...
    def side_tricks(self, side: int) -> int: ...
    def step(self, card: int) -> list[int]:
        """
        Play a card (checked, as play()) and return the legal cards of the next player to move, [] once the play is over: a Python step loop in one call per card.
        """
    def step_items(self, card: int, table: list[typing.Any]) -> list[typing.Any]:
        """
        As step(), with the next player's legal cards given as the items table[c] of a table of 64 items, one per card id (card actions): nothing is played when the table is malformed.
        """
    def trick(self) -> list[tuple[int, int]]:
        """
        The current trick as (seat, card) pairs in play order.
        """
    def trick_record(self, index: int) -> TrickRecord:
        """
        A completed trick's record; negative indices count from the end.
        """
    def trick_records(self) -> list[TrickRecord]: ...
    def tricks_won(self, seat: int) -> int: ...
    def undo(self) -> None:
        """
        Take back the last card played (or fold).
        """
    @property
    def active(self) -> int: ...
    @property
    def cards_played(self) -> int: ...
    @property
    def folding(self) -> bool: ...
    @property
    def leader(self) -> int: ...
    @property
    def num_players(self) -> int: ...
    @property
    def rules(self) -> RulesTable: ...
    @property
    def to_move(self) -> int: ...
    @property
    def total_tricks(self) -> int: ...
    @property
    def trick_len(self) -> int:
        """
        Cards in the current (unfinished) trick.
        """
    @property
    def trick_size(self) -> int: ...
    @property
    def tricks_played(self) -> int: ...

class KlaverjasDealScore:
    @property
    def card_points(self) -> typing.Annotated[list[int], "FixedSize(2)"]: ...
    @property
    def made(self) -> bool: ...
    @property
    def penalized(self) -> bool: ...
    @property
    def pit(self) -> typing.Annotated[list[int], "FixedSize(2)"]: ...
    @property
    def pit_team(self) -> int: ...
    @property
    def playing_team(self) -> int: ...
    @property
    def roem(self) -> typing.Annotated[list[int], "FixedSize(2)"]: ...
    @property
    def score(self) -> typing.Annotated[list[int], "FixedSize(2)"]: ...
    @property
    def total(self) -> typing.Annotated[list[int], "FixedSize(2)"]: ...

class KlaverjasTensorPlan:
    """
    Where the Klaverjas observation tensor's parts lie (from the Python spec); write() fills a seat's tensor in one call.
    """
    def __init__(
        self,
        size: typing.SupportsInt | typing.SupportsIndex,
        offsets: dict[str, int],
        scales: typing.Annotated[
            collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(3)"
        ],
        place: typing.Annotated[
            collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], "FixedSize(64)"
        ],
        phases: collections.abc.Sequence[str],
        last_trick_only: bool,
        roem_auto: bool,
    ) -> None:
        """
        offsets: segment name -> offset (trick_k and played_k per relative seat); scales: hand sizes, card points, roem; place: each card id's index in a card plane, -1 for a card outside the pack; phases: the phase names in segment order; the options that change what a seat sees.
        """
    def write(
        self, deal: typing.Any, me: typing.SupportsInt | typing.SupportsIndex
    ) -> numpy.typing.NDArray[numpy.float32]:
        """
        The tensor (float32) of seat `me` of a Klaverjas deal, read from the deal's play state and facts.
        """
    @property
    def size(self) -> int: ...

class TrickGate:
    """
    A family's check after each completed trick of a card step (CardStep.with_gate): whether the trick goes back to the family's Python. Each family binds its own kind.
    """

class KirvesDealKind:
    """
    Members:

      NORMAL

      CUT_JACK

      FREE_FOR_ALL
    """

    CUT_JACK: typing.ClassVar[KirvesDealKind]
    FREE_FOR_ALL: typing.ClassVar[KirvesDealKind]
    NORMAL: typing.ClassVar[KirvesDealKind]
    __members__: typing.ClassVar[dict[str, KirvesDealKind]]
    @typing.overload
    def __eq__(self, other: KirvesDealKind) -> bool: ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool: ...
    def __getstate__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __int__(self) -> int: ...
    @typing.overload
    def __ne__(self, other: KirvesDealKind) -> bool: ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class KirvesWinRule:
    """
    Members:

      UNDECIDED

      THREE_TRICKS

      FIRST_TO_TWO

      LAST_TRICK
    """

    FIRST_TO_TWO: typing.ClassVar[KirvesWinRule]
    LAST_TRICK: typing.ClassVar[KirvesWinRule]
    THREE_TRICKS: typing.ClassVar[KirvesWinRule]
    UNDECIDED: typing.ClassVar[KirvesWinRule]
    __members__: typing.ClassVar[dict[str, KirvesWinRule]]
    @typing.overload
    def __eq__(self, other: KirvesWinRule) -> bool: ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool: ...
    def __getstate__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __int__(self) -> int: ...
    @typing.overload
    def __ne__(self, other: KirvesWinRule) -> bool: ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class KirvesDealRoles:
    def __init__(
        self,
        *,
        kind: KirvesDealKind,
        trump_maker: typing.SupportsInt | typing.SupportsIndex = -1,
        cutter: typing.SupportsInt | typing.SupportsIndex = -1,
        dealer: typing.SupportsInt | typing.SupportsIndex = -1,
        participants: typing.SupportsInt | typing.SupportsIndex,
    ) -> None: ...
    @property
    def cutter(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def kind(self) -> KirvesDealKind: ...
    @property
    def participants(self) -> int: ...
    @property
    def trump_maker(self) -> int: ...

class KirvesWinner:
    @property
    def player(self) -> int: ...
    @property
    def rule(self) -> KirvesWinRule: ...

class KirvesDealOutcome:
    @property
    def marks(self) -> list[int]: ...
    @property
    def principal_won(self) -> bool: ...
    @property
    def winner(self) -> KirvesWinner: ...
    @property
    def winning_side(self) -> int: ...

class KiksasDealType:
    """
    Members:

      FIRST

      WRITING

      WRITING_OFF
    """

    FIRST: typing.ClassVar[KiksasDealType]
    WRITING: typing.ClassVar[KiksasDealType]
    WRITING_OFF: typing.ClassVar[KiksasDealType]
    __members__: typing.ClassVar[dict[str, KiksasDealType]]
    @typing.overload
    def __eq__(self, other: KiksasDealType) -> bool: ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool: ...
    def __getstate__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __int__(self) -> int: ...
    @typing.overload
    def __ne__(self, other: KiksasDealType) -> bool: ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class AkisKind:
    """
    Members:

      NONE

      OWN_TRUMPS

      NO_TRUMPS_ALL

      NO_TRUMPS_NONE
    """

    NONE: typing.ClassVar[AkisKind]
    NO_TRUMPS_ALL: typing.ClassVar[AkisKind]
    NO_TRUMPS_NONE: typing.ClassVar[AkisKind]
    OWN_TRUMPS: typing.ClassVar[AkisKind]
    __members__: typing.ClassVar[dict[str, AkisKind]]
    @typing.overload
    def __eq__(self, other: AkisKind) -> bool: ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool: ...
    def __getstate__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __int__(self) -> int: ...
    @typing.overload
    def __ne__(self, other: AkisKind) -> bool: ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class FigureKind:
    """
    Members:

      NONE

      STROKE

      EGG

      CROSS
    """

    CROSS: typing.ClassVar[FigureKind]
    EGG: typing.ClassVar[FigureKind]
    NONE: typing.ClassVar[FigureKind]
    STROKE: typing.ClassVar[FigureKind]
    __members__: typing.ClassVar[dict[str, FigureKind]]
    @typing.overload
    def __eq__(self, other: FigureKind) -> bool: ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool: ...
    def __getstate__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __int__(self) -> int: ...
    @typing.overload
    def __ne__(self, other: FigureKind) -> bool: ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class KiksasOutcome:
    """
    Members:

      UNDECIDED

      WRITTEN

      WRITER_EGG

      WRITING_OFF_SWEEP

      RACE_WON

      RACE_SWEEP_EGG

      CONCEDED

      SU_DVIEM_MADE

      SU_DVIEM_FAILED

      SELF_EGG

      AKIS_MADE

      AKIS_FAILED
    """

    AKIS_FAILED: typing.ClassVar[KiksasOutcome]
    AKIS_MADE: typing.ClassVar[KiksasOutcome]
    CONCEDED: typing.ClassVar[KiksasOutcome]
    RACE_SWEEP_EGG: typing.ClassVar[KiksasOutcome]
    RACE_WON: typing.ClassVar[KiksasOutcome]
    SELF_EGG: typing.ClassVar[KiksasOutcome]
    SU_DVIEM_FAILED: typing.ClassVar[KiksasOutcome]
    SU_DVIEM_MADE: typing.ClassVar[KiksasOutcome]
    UNDECIDED: typing.ClassVar[KiksasOutcome]
    WRITER_EGG: typing.ClassVar[KiksasOutcome]
    WRITING_OFF_SWEEP: typing.ClassVar[KiksasOutcome]
    WRITTEN: typing.ClassVar[KiksasOutcome]
    __members__: typing.ClassVar[dict[str, KiksasOutcome]]
    @typing.overload
    def __eq__(self, other: KiksasOutcome) -> bool: ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool: ...
    def __getstate__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __int__(self) -> int: ...
    @typing.overload
    def __ne__(self, other: KiksasOutcome) -> bool: ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class KiksasDealContext:
    """
    What the deal evaluation needs besides the play state.
    """

    akis: AkisKind
    akis_play_out: bool
    last_lead_declined: bool
    su_dviem: bool
    sweep_egg_to_o: bool
    sweep_egg_to_w: bool
    type: KiksasDealType
    writing_off_end_when_decided: bool
    def __init__(self) -> None: ...
    @property
    def akis_side(self) -> int: ...
    @akis_side.setter
    def akis_side(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    @property
    def su_dviem_made_strokes(self) -> int: ...
    @su_dviem_made_strokes.setter
    def su_dviem_made_strokes(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    @property
    def targets(self) -> typing.Annotated[list[int], "FixedSize(2)"]: ...
    @targets.setter
    def targets(
        self,
        arg0: typing.Annotated[
            collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], "FixedSize(2)"
        ],
    ) -> None: ...
    @property
    def writing_side(self) -> int: ...
    @writing_side.setter
    def writing_side(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None: ...

class KiksasDealResult:
    @property
    def decided(self) -> bool: ...
    @property
    def figure_count(self) -> int: ...
    @property
    def figure_kind(self) -> FigureKind: ...
    @property
    def figure_side(self) -> int: ...
    @property
    def outcome(self) -> KiksasOutcome: ...
    @property
    def over(self) -> bool: ...
    @property
    def points(self) -> typing.Annotated[list[int], "FixedSize(2)"]: ...
    @property
    def race_winner(self) -> int: ...
    @property
    def reached_at(self) -> typing.Annotated[list[int], "FixedSize(2)"]: ...
    @property
    def tricks(self) -> typing.Annotated[list[int], "FixedSize(2)"]: ...

class KiksasTrickGate(TrickGate):
    """
    Which completed tricks of a Kiksas deal's card step go back to the deal's Python: the first under the trump-count announcement (announce_first_trick), one that ends the deal or at which a side reaches its target, one that opens "Su dviem" (with su_dviem) or a declined last lead (with decline_last_lead), as kiksas_evaluate_fields says. The context is copied.
    """
    def __init__(
        self,
        context: KiksasDealContext,
        su_dviem: bool,
        decline_last_lead: bool,
        announce_first_trick: bool,
    ) -> None: ...
    def hands_back(self, state: PlayState) -> bool:
        """
        Whether the trick just completed in state goes back to the deal.
        """

class KiksasTrumpCount:
    @property
    def announced(self) -> int: ...
    @property
    def announcer(self) -> int: ...
    @property
    def partner(self) -> int: ...
    @property
    def partner_trumps(self) -> int: ...
    @property
    def total(self) -> int: ...

class AllFoursItem:
    """
    Members:

      HIGH

      LOW

      JACK

      JICK

      JOKER_HIGH

      JOKER_LOW

      TREY

      FIVE

      LAST

      GAME

      MOON
    """

    FIVE: typing.ClassVar[AllFoursItem]
    GAME: typing.ClassVar[AllFoursItem]
    HIGH: typing.ClassVar[AllFoursItem]
    JACK: typing.ClassVar[AllFoursItem]
    JICK: typing.ClassVar[AllFoursItem]
    JOKER_HIGH: typing.ClassVar[AllFoursItem]
    JOKER_LOW: typing.ClassVar[AllFoursItem]
    LAST: typing.ClassVar[AllFoursItem]
    LOW: typing.ClassVar[AllFoursItem]
    MOON: typing.ClassVar[AllFoursItem]
    TREY: typing.ClassVar[AllFoursItem]
    __members__: typing.ClassVar[dict[str, AllFoursItem]]
    @typing.overload
    def __eq__(self, other: AllFoursItem) -> bool: ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool: ...
    def __getstate__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __int__(self) -> int: ...
    @typing.overload
    def __ne__(self, other: AllFoursItem) -> bool: ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class AllFoursScoringOptions:
    """
    The scoring items of an All Fours / Pitch deal, as allfours_score takes them (for a solver objective).
    """
    def __init__(
        self,
        *,
        hang_jack: bool = True,
        low_to_captor: bool = False,
        game_tie_non_dealer: bool = False,
        jick: bool = False,
        jokers: bool = False,
        five: typing.SupportsInt | typing.SupportsIndex = 0,
        trey: bool = False,
        last_trick: bool = False,
        shoot_the_moon: bool = False,
        moon_requires_bid: bool = False,
    ) -> None: ...
    @property
    def five(self) -> int: ...
    @property
    def game_tie_non_dealer(self) -> bool: ...
    @property
    def hang_jack(self) -> bool: ...
    @property
    def jick(self) -> bool: ...
    @property
    def jokers(self) -> bool: ...
    @property
    def last_trick(self) -> bool: ...
    @property
    def low_to_captor(self) -> bool: ...
    @property
    def moon_requires_bid(self) -> bool: ...
    @property
    def shoot_the_moon(self) -> bool: ...
    @property
    def trey(self) -> bool: ...

class AllFoursAward:
    @property
    def captor(self) -> int: ...
    @property
    def card(self) -> int: ...
    @property
    def holder(self) -> int: ...
    @property
    def item(self) -> AllFoursItem: ...
    @property
    def points(self) -> int: ...
    @property
    def side(self) -> int: ...

class AllFoursDealScore:
    @property
    def all_tricks_side(self) -> int: ...
    @property
    def awards(self) -> list[AllFoursAward]: ...
    @property
    def bid(self) -> int: ...
    @property
    def bidding_side(self) -> int: ...
    @property
    def game_values(self) -> list[int]: ...
    @property
    def made(self) -> bool: ...
    @property
    def moon_side(self) -> int: ...
    @property
    def num_sides(self) -> int: ...
    @property
    def points(self) -> list[int]: ...
    @property
    def score(self) -> list[int]: ...

class GamePlayouts:
    """
    A game's random-playout batch: rules tables built once, the deal, the play and the game's evaluation, all native.
    """
    def columns(self) -> list[tuple[str, str, int, str]]:
        """
        (name, dtype, width, doc) of every result column; width 0 = shape (n,).
        """
    @property
    def deck(self) -> int: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def num_players(self) -> int: ...

class KlaverjasPlayouts(GamePlayouts):
    def __init__(
        self,
        *,
        rotterdam: bool = False,
        undertrump_compulsory: bool = False,
        pit_for_any_team: bool = True,
        tie_is_nat: bool = True,
    ) -> None: ...

class KirvesPlayouts(GamePlayouts):
    def __init__(
        self,
        num_players: typing.SupportsInt | typing.SupportsIndex,
        *,
        overtake_required: bool = False,
        overtake_exempts_partner: bool = False,
        must_trump_when_void: bool = False,
        folded_players_score_with_side: bool = False,
    ) -> None: ...
    def set_roles(self, roles: KirvesDealRoles) -> None:
        """
        Evaluate with these roles (a position's own) instead of a normal deal of the declarer.
        """

class KiksasPlayouts(GamePlayouts):
    def __init__(
        self,
        *,
        trikiksis: bool = False,
        must_overtrump: bool = False,
        must_head_in_suit: bool = False,
        partner_exemption: bool = False,
        forced_first_lead: bool = True,
        options: KiksasDealContext = ...,
    ) -> None: ...
    def set_context(self, context: KiksasDealContext) -> None:
        """
        Evaluate with this context (a position's own) instead of a writing deal.
        """

class AllFoursPlayouts(GamePlayouts):
    def __init__(self, options: collections.abc.Mapping[str, typing.Any]) -> None: ...
    @property
    def num_sides(self) -> int: ...

class DealSampler:
    """
    Uniform completions of a seat's knowledge (see sampling.h): hidden cards, location capacities, allowed cards and count constraints.
    """
    def __init__(
        self,
        hidden: typing.SupportsInt | typing.SupportsIndex,
        capacity: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
        allowed: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
        constraints: collections.abc.Sequence[
            tuple[
                typing.SupportsInt | typing.SupportsIndex,
                typing.SupportsInt | typing.SupportsIndex,
                collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex],
            ]
        ] = [],
    ) -> None:
        """
        Counts the completions; raises ValueError for a malformed or impossible problem. A constraint is (location bit mask, card mask, weights by count).
        """
    def sample(
        self,
        n: typing.SupportsInt | typing.SupportsIndex,
        seed: typing.SupportsInt | typing.SupportsIndex,
        threads: int = 1,
        state: PlayState | None = None,
        known: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex] = [],
        location: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex] = [],
        check_legal: bool = True,
    ) -> tuple[numpy.typing.NDArray[numpy.uint64], int]:
        """
        n completions as an (n, num_locations) uint64 array of card masks, and the number of draws made (accepted or rejected). With a play state, the seats' hands (known cards plus their location's cards) must replay its history legally.
        """
    @property
    def count(self) -> float:
        """
        Weighted number of completions (constraints on one location).
        """
    @property
    def exact(self) -> bool:
        """
        No constraint spans several locations (no rejection step).
        """
    @property
    def num_locations(self) -> int: ...

class ObjectiveKind:
    """
    Members:

      TRICKS

      POINTS

      MARGIN

      KLAVERJAS_MADE

      KIRVES_WIN

      KIKSAS_RACE

      KIKSAS_AKIS
    """

    KIKSAS_AKIS: typing.ClassVar[ObjectiveKind]
    KIKSAS_RACE: typing.ClassVar[ObjectiveKind]
    KIRVES_WIN: typing.ClassVar[ObjectiveKind]
    KLAVERJAS_MADE: typing.ClassVar[ObjectiveKind]
    MARGIN: typing.ClassVar[ObjectiveKind]
    POINTS: typing.ClassVar[ObjectiveKind]
    TRICKS: typing.ClassVar[ObjectiveKind]
    __members__: typing.ClassVar[dict[str, ObjectiveKind]]
    @typing.overload
    def __eq__(self, other: ObjectiveKind) -> bool: ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool: ...
    def __getstate__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __int__(self) -> int: ...
    @typing.overload
    def __ne__(self, other: ObjectiveKind) -> bool: ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class Scoring:
    """
    Members:

      PLAIN

      KLAVERJAS

      ALLFOURS
    """

    ALLFOURS: typing.ClassVar[Scoring]
    KLAVERJAS: typing.ClassVar[Scoring]
    PLAIN: typing.ClassVar[Scoring]
    __members__: typing.ClassVar[dict[str, Scoring]]
    @typing.overload
    def __eq__(self, other: Scoring) -> bool: ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool: ...
    def __getstate__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __int__(self) -> int: ...
    @typing.overload
    def __ne__(self, other: Scoring) -> bool: ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class Objective:
    """
    What the solver maximizes, and for which side.
    """
    def __init__(
        self,
        *,
        kind: ObjectiveKind = ...,
        side: typing.SupportsInt | typing.SupportsIndex = -1,
        scoring: Scoring = ...,
        playing_team: typing.SupportsInt | typing.SupportsIndex = 0,
        pit_for_any_team: bool = True,
        tie_is_nat: bool = True,
        kiksas_targets: typing.Annotated[
            collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], "FixedSize(2)"
        ] = [0, 0],
        akis: AkisKind = ...,
        akis_side: typing.SupportsInt | typing.SupportsIndex = 0,
        allfours: AllFoursScoringOptions = ...,
        dealer: typing.SupportsInt | typing.SupportsIndex = 0,
        bidding_side: typing.SupportsInt | typing.SupportsIndex = -1,
        bid: typing.SupportsInt | typing.SupportsIndex = 0,
    ) -> None: ...
    @property
    def akis(self) -> AkisKind: ...
    @property
    def akis_side(self) -> int: ...
    @property
    def allfours(self) -> AllFoursScoringOptions: ...
    @property
    def bid(self) -> int: ...
    @property
    def bidding_side(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def kiksas_targets(self) -> typing.Annotated[list[int], "FixedSize(2)"]: ...
    @property
    def kind(self) -> ObjectiveKind: ...
    @property
    def pit_for_any_team(self) -> bool: ...
    @property
    def playing_team(self) -> int: ...
    @property
    def scoring(self) -> Scoring: ...
    @property
    def side(self) -> int: ...
    @property
    def tie_is_nat(self) -> bool: ...

class SolveResult:
    @property
    def best(self) -> int: ...
    @property
    def can_fold(self) -> bool: ...
    @property
    def cards(self) -> list[tuple[int, int]]: ...
    @property
    def fold_value(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def side(self) -> int: ...
    @property
    def value(self) -> int: ...

class Solver:
    """
    A double-dummy solver that owns its transposition table. Calls from several threads on one solver take turns; one per thread runs them at once.
    """
    def __init__(self, *, memory_mb: int = 32) -> None:
        """
        memory_mb: the transposition table's size, 1..65536.
        """
    def clear(self) -> None: ...
    def reaches(
        self,
        state: PlayState,
        objective: Objective,
        target: typing.SupportsInt | typing.SupportsIndex,
        *,
        max_nodes: int | None = None,
        time_limit: typing.SupportsFloat | typing.SupportsIndex | None = None,
    ) -> bool:
        """
        Whether the side reaches at least target. max_nodes (search nodes) and time_limit (seconds, looked at every 1024 nodes) bound the call: reaching one raises SearchLimitExceeded and leaves the solver exact for later calls.
        """
    def solve(
        self,
        state: PlayState,
        objective: Objective = ...,
        *,
        max_nodes: int | None = None,
        time_limit: typing.SupportsFloat | typing.SupportsIndex | None = None,
    ) -> SolveResult:
        """
        The value and the value of every legal card. max_nodes (search nodes) and time_limit (seconds, looked at every 1024 nodes) bound the call: reaching one raises SearchLimitExceeded and leaves the solver exact for later calls.
        """
    def value(
        self,
        state: PlayState,
        objective: Objective = ...,
        *,
        max_nodes: int | None = None,
        time_limit: typing.SupportsFloat | typing.SupportsIndex | None = None,
    ) -> int:
        """
        The value of the position for the objective's side. max_nodes (search nodes) and time_limit (seconds, looked at every 1024 nodes) bound the call: reaching one raises SearchLimitExceeded and leaves the solver exact for later calls.
        """
    @property
    def memory_bytes(self) -> int: ...
    @property
    def nodes(self) -> int: ...

class SeatView:
    """
    One seat's view of the card play, made by the core from a play state whose whole history the seat has seen: only its hand, the trick, the cards it has not seen, the other seats' card counts and the cards their plays show they cannot hold.
    """
    def __init__(self, state: PlayState, seat: int, exclusions: bool) -> None:
        """
        The view of `seat`; with `exclusions`, the cards each other seat cannot hold.
        """
    @property
    def excluded(self) -> dict[str, typing.Any]:
        """
        {seat: the unseen cards its plays show it cannot hold}, seats with none left out.
        """
    @property
    def hand(self) -> int: ...
    @property
    def hidden(self) -> list[int]:
        """
        How many cards each other seat holds (0 for the seat itself).
        """
    @property
    def me(self) -> int: ...
    @property
    def trick(self) -> list[tuple[int, int]]:
        """
        The current trick as (seat, card) pairs.
        """
    @property
    def unseen(self) -> int: ...

class CardStep:
    """
    What a family's deal does for each card of a stretch of pure card play, as data: Deal.apply then plays such a card in one call.
    """
    def __copy__(self) -> typing.Any: ...
    def __deepcopy__(self, memo: dict[typing.Any, typing.Any]) -> typing.Any: ...
    def __init__(
        self,
        phase: str,
        detail_card: typing.Any = None,
        detail_record: typing.Any = None,
        record_list: typing.Any = None,
        record: collections.abc.Sequence[tuple[str, typing.Any]] = [],
        hands: typing.Any = None,
        trick_detail: collections.abc.Sequence[tuple[str, str]] = [],
        set_to_move: bool = True,
        hook_every_trick: bool = False,
        hook_on_bonus: bool = False,
        trick_list: typing.Any = None,
        trick_record: collections.abc.Sequence[tuple[str, typing.Any]] = [],
    ) -> None: ...
    def __reduce__(self) -> typing.Any: ...
    def __repr__(self) -> str: ...
    def with_gate(self, gate: typing.Any) -> CardStep:
        """
        This step asking gate (a family's TrickGate) after each completed trick whether it goes back to the family's Python, in place of hook_every_trick; a trick that ends the play always does. It copies as itself and pickles without the gate (as the step it was made from, which hook_every_trick keeps correct).
        """
    @property
    def gate(self) -> typing.Any:
        """
        The TrickGate of a step made by with_gate, else None.
        """

def action_flags(
    actions: list[typing.Any],
    index: dict[str, int],
    action_type: type,
    size: typing.SupportsInt | typing.SupportsIndex,
) -> numpy.typing.NDArray[numpy.int8] | None:
    """
    An int8 vector of `size` with 1 at index[a.name] for each action a of the list; None when an item is not of action_type or its name is not in index.
    """

def allfours_deck(
    rank_mask: typing.SupportsInt | typing.SupportsIndex = 8191, jokers: bool = False
) -> int:
    """
    The cards of the ranks in rank_mask (bit r = rank r, 0 = two) in every suit, plus RJ (Joker-H) and BJ (Joker-L) when jokers.
    """

def allfours_max_points(
    jick: bool = False,
    jokers: bool = False,
    five: typing.SupportsInt | typing.SupportsIndex = 0,
    trey: bool = False,
    last_trick: bool = False,
) -> int: ...
def allfours_rules(
    trump: typing.SupportsInt | typing.SupportsIndex,
    deck: typing.SupportsInt | typing.SupportsIndex,
    jick: bool = False,
    may_trump_when_able_to_follow: bool = True,
    no_undertrump: bool = False,
    must_head_trump: bool = False,
) -> RulesTable: ...
def allfours_score(
    state: PlayState,
    dealer: typing.SupportsInt | typing.SupportsIndex,
    bidding_side: typing.SupportsInt | typing.SupportsIndex = -1,
    bid: typing.SupportsInt | typing.SupportsIndex = 0,
    hang_jack: bool = True,
    low_to_captor: bool = False,
    game_tie_non_dealer: bool = False,
    jick: bool = False,
    jokers: bool = False,
    five: typing.SupportsInt | typing.SupportsIndex = 0,
    trey: bool = False,
    last_trick: bool = False,
    shoot_the_moon: bool = False,
    moon_requires_bid: bool = False,
) -> AllFoursDealScore:
    """
    Evaluate a finished All Fours / Pitch deal: the items in crediting order, points per side, and with a bidding side the contract (P9).
    """

def allfours_score_fields(
    state: PlayState,
    dealer: typing.SupportsInt | typing.SupportsIndex,
    bidding_side: typing.SupportsInt | typing.SupportsIndex,
    bid: typing.SupportsInt | typing.SupportsIndex,
    options: AllFoursScoringOptions,
) -> tuple[
    tuple[int, ...],
    tuple[int, ...],
    bool,
    int | None,
    int | None,
    tuple[tuple[int, int, int, int], ...],
]:
    """
    allfours_score as (points, game_values, made, all_tricks_side, moon_side, awards): per-side tuples, a side or None, and each award as (item number, side, points, card id or -1) in crediting order.
    """

def card_to_string(arg0: typing.SupportsInt | typing.SupportsIndex) -> str: ...
def choose_card(
    rules: RulesTable,
    me: typing.SupportsInt | typing.SupportsIndex,
    sides: typing.Any,
    active: typing.Any,
    hand: typing.SupportsInt | typing.SupportsIndex,
    legal: typing.SupportsInt | typing.SupportsIndex,
    trick: typing.Any,
    unseen: typing.SupportsInt | typing.SupportsIndex,
    hidden: typing.Any,
    known: typing.Any,
    excluded: typing.Any,
    pull_trumps: bool,
    gamble_from: typing.SupportsInt | typing.SupportsIndex,
    trick_worth: typing.SupportsInt | typing.SupportsIndex,
    prefer_lead: typing.SupportsInt | typing.SupportsIndex,
    avoid_lead: typing.SupportsInt | typing.SupportsIndex,
    bonus: typing.Any,
) -> int:
    """
    The card (id) the shared rule-bot heuristic plays from one seat's view: sides and active seats as lists, the trick as (seat, card) tuples, hidden counts per seat, known and excluded cards as {seat: mask}, the style's fields (lead suits as suit masks) and each card's bonus (a list of 64, or None for none).
    """

def choose_card_seen(
    view: SeatView,
    legal: typing.SupportsInt | typing.SupportsIndex,
    pull_trumps: bool,
    gamble_from: typing.SupportsInt | typing.SupportsIndex,
    trick_worth: typing.SupportsInt | typing.SupportsIndex,
    prefer_lead: typing.SupportsInt | typing.SupportsIndex,
    avoid_lead: typing.SupportsInt | typing.SupportsIndex,
    bonus: typing.Any,
) -> int:
    """
    choose_card on a SeatView: the card (id) to play among `legal` (a mask of the hand).
    """

def deal_step_init(
    event_type: typing.Any,
    action_type: typing.Any,
    card_table: list[typing.Any],
    card_names: list[typing.Any],
    log_table: list[typing.Any],
    by_text: dict[str, typing.Any],
    slow_apply: typing.Any,
    deal_type: typing.Any,
) -> None:
    """
    Give the card step the protocol's classes and tables (protocol/base.py, once); deal_type's slots hold the deal's per-card fields.
    """

def deal_step_methods(cls: type) -> tuple[typing.Any, typing.Any, typing.Any, typing.Any]:
    """
    The card step's apply and legal_actions as methods of the deal class cls, and its is_over and to_move as descriptors.
    """

def format_pbn(
    hands: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
    first: typing.SupportsInt | typing.SupportsIndex = 0,
) -> str: ...
def history_is_legal(state: PlayState) -> bool:
    """
    Whether every card of the history was legal for the hands the state holds now plus the cards played and folded since.
    """

def jick_of(trump: typing.SupportsInt | typing.SupportsIndex) -> int:
    """
    The jack of the other suit of the trump colour.
    """

def kiksas_deck() -> int:
    """
    The 24-card deck (9 to A of every suit) as a mask.
    """

def kiksas_evaluate(state: PlayState, context: KiksasDealContext) -> KiksasDealResult:
    """
    Points, the race, the outcome and the figures of a deal in progress or finished.
    """

def kiksas_evaluate_fields(
    state: PlayState, context: KiksasDealContext, su_dviem: bool, decline_last_lead: bool
) -> tuple[
    bool, int, tuple[int, int], tuple[int, int], tuple[int, int], int, int, int, int, bool, bool
]:
    """
    kiksas_evaluate as (over, outcome number, points, tricks, reached_at, race_winner, figure_side, figure kind number, figure_count), then, where the deal goes on, whether "Su dviem" may be declared now (asked only with su_dviem) and, if not, whether the last lead may be declined (asked only with decline_last_lead).
    """

def kiksas_evaluate_tricks(
    winner_sides: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
    points: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
    total_tricks: typing.SupportsInt | typing.SupportsIndex,
    context: KiksasDealContext,
    trick_open: bool = False,
) -> KiksasDealResult:
    """
    The evaluation from the completed tricks alone: each trick's winning side and points.
    """

def kiksas_may_decline_last_lead(state: PlayState, context: KiksasDealContext) -> bool: ...
def kiksas_rules(
    trump: typing.SupportsInt | typing.SupportsIndex,
    must_overtrump: bool = False,
    must_head_in_suit: bool = False,
    partner_exemption: bool = False,
) -> RulesTable:
    """
    The rules table of a deal: trump 0..3, or -1 for a no-trump Akis.
    """

def kiksas_su_dviem_available(state: PlayState, context: KiksasDealContext) -> bool: ...
def kiksas_trump_count(
    state: PlayState, partner: typing.SupportsInt | typing.SupportsIndex
) -> KiksasTrumpCount:
    """
    The announcement after trick 1: the winner's count and the partner's addition.
    """

def kiksas_trump_queen(trump: typing.SupportsInt | typing.SupportsIndex) -> int: ...
def kirves_concession_marks(
    roles: KirvesDealRoles,
    num_players: typing.SupportsInt | typing.SupportsIndex,
    folder: typing.SupportsInt | typing.SupportsIndex,
    folded: typing.SupportsInt | typing.SupportsIndex = 0,
    folded_players_score_with_side: bool = False,
) -> list[int]: ...
def kirves_decided(state: PlayState) -> bool: ...
def kirves_deck() -> int:
    """
    The 54 cards of Kirves as a mask.
    """

def kirves_kiellonvara(suit: typing.SupportsInt | typing.SupportsIndex) -> int:
    """
    R5.4: the natural cards (2-10, Q, K, A) of a suit, as a mask.
    """

def kirves_named_suit(card: typing.SupportsInt | typing.SupportsIndex) -> int:
    """
    The suit a turned card names (RJ hearts, BJ spades).
    """

def kirves_outcome(
    state: PlayState, roles: KirvesDealRoles, folded_players_score_with_side: bool = False
) -> KirvesDealOutcome: ...
def kirves_outcome_fields(
    state: PlayState, roles: KirvesDealRoles, folded_players_score_with_side: bool
) -> tuple[int, int, tuple[int, ...], bool, tuple[int, ...]]:
    """
    kirves_outcome as (winning player, its KirvesWinRule's number, marks per seat, principal_won), then the winner of each trick played.
    """

def kirves_rules(
    trump: typing.SupportsInt | typing.SupportsIndex,
    *,
    overtake_required: bool = False,
    overtake_exempts_partner: bool = False,
    must_trump_when_void: bool = False,
) -> RulesTable: ...
def kirves_sides(
    roles: KirvesDealRoles, num_players: typing.SupportsInt | typing.SupportsIndex
) -> list[int]: ...
def kirves_trump_strength(
    card: typing.SupportsInt | typing.SupportsIndex,
    trump: typing.SupportsInt | typing.SupportsIndex,
) -> int: ...
@typing.overload
def kirves_winner(
    trick_winners: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
) -> KirvesWinner:
    """
    R9.1 / D23 on the seats that won the tricks so far.
    """

@typing.overload
def kirves_winner(state: PlayState) -> KirvesWinner: ...
def klaverjas_roem(
    cards: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
    trump: typing.SupportsInt | typing.SupportsIndex,
) -> int: ...
def klaverjas_rules(
    trump: typing.SupportsInt | typing.SupportsIndex,
    rotterdam: bool = False,
    undertrump_compulsory: bool = False,
) -> RulesTable: ...
def klaverjas_score(
    state: PlayState,
    playing_team: typing.SupportsInt | typing.SupportsIndex,
    roem: typing.Annotated[
        collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], "FixedSize(2)"
    ],
    pit_for_any_team: bool = True,
    tie_is_nat: bool = True,
    offending_team: typing.SupportsInt | typing.SupportsIndex = -1,
) -> KlaverjasDealScore: ...
def klaverjas_score_fields(
    state: PlayState,
    playing_team: typing.SupportsInt | typing.SupportsIndex,
    roem: typing.Annotated[
        collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], "FixedSize(2)"
    ],
    pit_for_any_team: bool,
    tie_is_nat: bool,
    offending_team: typing.SupportsInt | typing.SupportsIndex,
) -> tuple[
    tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int], bool, int
]:
    """
    klaverjas_score as (card_points, roem, pit, total, score, made, pit_team), each pair a tuple: the fields of the deal's result.
    """

def klaverjas_score_totals(
    card_points: typing.Annotated[
        collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], "FixedSize(2)"
    ],
    roem: typing.Annotated[
        collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], "FixedSize(2)"
    ],
    pit_team: typing.SupportsInt | typing.SupportsIndex,
    playing_team: typing.SupportsInt | typing.SupportsIndex,
    pit_for_any_team: bool = True,
    tie_is_nat: bool = True,
    offending_team: typing.SupportsInt | typing.SupportsIndex = -1,
) -> KlaverjasDealScore:
    """
    The scoring rule of §5 applied to team totals (card points with last trick, roem).
    """

def legal_cards(
    rules: RulesTable,
    hand: typing.SupportsInt | typing.SupportsIndex,
    trick: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
    partner_winning: bool,
) -> int:
    """
    The legal cards (mask) of a hand facing a partial trick; for tests and samplers.
    """

def mask_to_ids(mask: typing.SupportsInt | typing.SupportsIndex) -> list[int]:
    """
    The card ids of a bit mask, in increasing order.
    """

def mask_to_items(
    mask: typing.SupportsInt | typing.SupportsIndex, table: list[typing.Any]
) -> list[typing.Any]:
    """
    The items table[c] of the card ids c of a bit mask, in increasing order, where table holds 64 items, one per card id: per-card objects (card actions) in one call.
    """

def parse_card(arg0: str) -> int: ...
def parse_pbn(text: str) -> list[int]:
    """
    Hands by seat (N, E, S, W) as card masks.
    """

def play_exclusions(
    state: PlayState,
    known: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
    candidates: typing.SupportsInt | typing.SupportsIndex,
) -> list[int]:
    """
    Per seat, the candidate cards it cannot hold now: holding one would have made one of its plays illegal (given the cards it played later and `known`, cards known to be in its hand now).
    """

def playouts_from_deals(
    game: GamePlayouts,
    hands: typing.Annotated[numpy.typing.ArrayLike, numpy.uint64],
    trump: typing.Annotated[numpy.typing.ArrayLike, numpy.int64],
    leader: typing.Annotated[numpy.typing.ArrayLike, numpy.int64],
    declarer: typing.Annotated[numpy.typing.ArrayLike, numpy.int64],
    dealer: typing.Annotated[numpy.typing.ArrayLike, numpy.int64],
    bid: typing.Annotated[numpy.typing.ArrayLike, numpy.int64],
    seed: typing.SupportsInt | typing.SupportsIndex,
    threads: int = 1,
) -> dict[str, typing.Any]:
    """
    Given deals played with random legal cards (see random_playouts).
    """

def playouts_from_state(
    game: GamePlayouts,
    state: PlayState,
    declarer: typing.SupportsInt | typing.SupportsIndex,
    dealer: typing.SupportsInt | typing.SupportsIndex,
    bid: typing.SupportsInt | typing.SupportsIndex,
    n: typing.SupportsInt | typing.SupportsIndex,
    seed: typing.SupportsInt | typing.SupportsIndex,
    threads: int = 1,
) -> dict[str, typing.Any]:
    """
    n random playouts of a position (see random_playouts).
    """

def quick_tricks(state: PlayState) -> int:
    """
    Tricks the leader's side is sure to win from a trick boundary (the bound the solver uses for trick counts).
    """

def random_playouts(
    game: GamePlayouts,
    n: typing.SupportsInt | typing.SupportsIndex,
    seed: typing.SupportsInt | typing.SupportsIndex,
    threads: int = 1,
) -> dict[str, typing.Any]:
    """
    n random deals played with random legal cards; a dict of numpy arrays, one row per deal. Deal i depends only on (seed, i).
    """

def ranks_needed(
    hands: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
) -> int: ...
def solve_many(
    states: collections.abc.Sequence[PlayState],
    objective: Objective = ...,
    *,
    threads: int = 0,
    memory_mb: int = 32,
    card_values: bool = False,
    max_nodes: int | None = None,
    time_limit: typing.SupportsFloat | typing.SupportsIndex | None = None,
) -> typing.Any:
    """
    Values of many states on `threads` threads (0..256, 0 = one per hardware thread), one solver of memory_mb (1..65536) each. max_nodes bounds each state's search, time_limit (seconds) the whole batch: reaching one raises SearchLimitExceeded.
    """

def time_random_playouts(
    game: GamePlayouts,
    n: typing.SupportsInt | typing.SupportsIndex,
    seed: typing.SupportsInt | typing.SupportsIndex,
) -> float:
    """
    Thread CPU seconds of random_playouts(game, n, seed) on one thread, run natively into the core's own buffers: the reference rate of the batch benchmarks.
    """

def trick_winner_index(
    rules: RulesTable, cards: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]
) -> int:
    """
    Position of the card winning a (partial) trick, or -1 for an empty one.
    """

def whist_dd_table(
    hands: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
    ranks_per_suit: typing.SupportsInt | typing.SupportsIndex,
    solver: Solver,
    *,
    max_nodes: int | None = None,
    time_limit: typing.SupportsFloat | typing.SupportsIndex | None = None,
) -> numpy.typing.NDArray[numpy.int32]:
    """
    Tricks per [strain S H D C NT][declarer N E S W], the declarer's left-hand opponent on lead. max_nodes and time_limit (seconds) bound the whole table: reaching one raises SearchLimitExceeded.
    """

def whist_dd_tables(
    deals: collections.abc.Sequence[
        collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]
    ],
    ranks_per_suit: typing.SupportsInt | typing.SupportsIndex = 13,
    *,
    threads: int = 0,
    memory_mb: int = 32,
    max_nodes: int | None = None,
    time_limit: typing.SupportsFloat | typing.SupportsIndex | None = None,
) -> numpy.typing.NDArray[numpy.int32]:
    """
    Tables of many deals on `threads` threads (0..256, 0 = one per hardware thread), one solver of memory_mb (1..65536) each. max_nodes bounds each deal's table, time_limit (seconds) the whole batch: reaching one raises SearchLimitExceeded.
    """

def whist_deck(ranks_per_suit: typing.SupportsInt | typing.SupportsIndex = 13) -> int: ...
def whist_rules(
    trump: typing.SupportsInt | typing.SupportsIndex,
    ranks_per_suit: typing.SupportsInt | typing.SupportsIndex = 13,
) -> RulesTable: ...
def whist_state(
    hands: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex],
    trump: typing.SupportsInt | typing.SupportsIndex,
    leader: typing.SupportsInt | typing.SupportsIndex,
    ranks_per_suit: typing.SupportsInt | typing.SupportsIndex = 13,
) -> PlayState: ...

ALL_CARDS: int = 2305596714850942975
BLACK_JOKER: int = 14
KIRVES_ALWAYS_TRUMPS: int = 144117387132690944
KIRVES_PAAKOT: int = 144115188075880448
MAX_THREADS: int = 256
RED_JOKER: int = 13
SET_BACK_RANKS: int = 8065
