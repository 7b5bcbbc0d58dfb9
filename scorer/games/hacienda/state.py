"""The replay state of a Hacienda game (rules/hacienda.md §5.1) and the variant options (§8).

``State`` is a NamedTuple of ints, immutable records and pyrsistent collections: a turn changes
it through a :class:`TurnDraft` (see ``actions``) and the new state shares every untouched part
with the old one. Board contents are one int per space (``cells``): 0 empty, ``LAND + p`` a land
tile of seat p, ``ANIMAL + 4p + a`` an animal tile of seat p showing animal a, ``WATER + k`` a
cell of water piece k (printed water spaces are pieces too). Card multisets are count vectors in
the vocabulary order of §10.2 (``Counts``). The players' numbers (hands, pesos, animal tiles on
the board) are one vector per number, in seat order (``money[seat]``). A known deck order is a
``PList`` whose draws share the rest of the order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from pyrsistent import PList, PVector, pvector

from scorer.core.draft import Draft
from scorer.core.errors import PathPart
from scorer.core.values import Json
from scorer.games.hacienda.board import Board

LAND, ANIMAL, WATER = 1, 8, 32
Counts = PVector[int]
Order = PList[int] | None
Hex = tuple[int, int]

LAND_TOTAL: tuple[int, ...] = (14, 14, 14, 14, 14, 10)
ANIMAL_TOTAL = 18
REMOVED: Mapping[int, int] = {2: 30, 3: 20, 4: 10, 5: 0}
NEUTRAL_HACIENDAS: Mapping[int, int] = {2: 5, 3: 7, 4: 8, 5: 9}
HARVEST_CHIPS = 8
WATER_SUPPLY = 14
MAX_ANIMAL_TILES = 30
MAX_LAND_TILES = 80
HAND_LAND, HAND_ANIMAL, DISPLAY = 8, 4, 4


def stack_size(n: int) -> int:
    """S(n) = (72 − removed − 4n − 4) / 2."""
    return max(0, (72 - REMOVED.get(n, 0) - 4 * n - 4) // 2)


def land_pile_size(n: int) -> int:
    return max(0, 80 - 8 * n - 4)


def plus(counts: Counts, k: int, n: int = 1) -> Counts:
    """``counts`` with ``n`` more at ``k`` (a card count, a supply)."""
    return counts.set(k, counts[k] + n)


def is_animal_of(code: int, seat: int) -> bool:
    """True if ``code`` is an animal tile of ``seat``."""
    return ANIMAL + 4 * seat <= code < ANIMAL + 4 * seat + 4


@dataclass(frozen=True, slots=True)
class Options:
    """The resolved variant options of §8 (shorthands expanded, explicit values win)."""

    market_payout: str = "sum"
    market_land_count: str = "chains"
    market_pay_per: str = "side"
    hacienda_cost: int = 12
    water_cost: int = 12
    herd_points: bool = False
    pesos_per_point: int = 10
    continuous_scoring: bool = False
    water_scoring: str = "tile_once"
    water_needs_own_neighbor: bool = False
    harvest_min_chain: int = 1
    hacienda_min_group: int = 1
    land_reshuffle: bool = False
    tiebreak: str = "none"
    start_money: int = 20

    @classmethod
    def parse(cls, variant: Json) -> Options:
        """Options from a record's ``variant`` object (already schema-checked): the
        ``variant1`` / ``variant2`` shorthands first, then the options named explicitly."""
        options = VARIANT1 if variant.get("variant1") else cls()
        if variant.get("variant2"):
            options = replace(options, continuous_scoring=True)
        explicit = {k: v for k, v in variant.items() if k not in ("variant1", "variant2")}
        return replace(options, **explicit)


#: The options ``variant1`` stands for (§8).
VARIANT1 = Options(
    market_payout="product", hacienda_cost=20, water_cost=20, herd_points=True, pesos_per_point=20
)


@dataclass(frozen=True, slots=True)
class WaterShape:
    """A listed water-tile shape: its id, canonical cell form and the count left."""

    shape: str
    form: tuple[Hex, ...]  # fixed size (1-4 cells), compared whole: a tuple
    count: int


@dataclass(frozen=True, slots=True)
class ClaimIssue:
    """An income claim that differs (HAC-MARKET-5 / HAC-HARV-6), with its absolute path."""

    rule: str
    path: tuple[PathPart, ...]  # a fixed RuleViolation-style path: a tuple
    player: str
    move: int  # 0-based index of the move
    when: str  # ``move 2, step 3``
    expected: int
    found: int


EMPTY_ISSUES: PVector[ClaimIssue] = pvector()
EMPTY_COLOURS: PVector[str | None] = pvector()


class Snapshot(NamedTuple):
    """What the intermediate scoring saw (cells, haciendas, money), for ``explain``."""

    cells: PVector[int]
    haciendas: frozenset[int]
    money: PVector[int]


class Scorings(NamedTuple):
    """What only the end of a round writes (§7.1-§7.3): the two triggers and what the
    intermediate scoring found. ``inter`` and ``final`` are 0 not triggered, 1 pending (the
    scoring waits for the end of the round), 2 done (``final``: the game is over)."""

    inter: int = 0
    final: int = 0
    inter_scores: PVector[Counts] | None = None  # 6 categories + markets connected, per seat
    inter_after: int = -1  # index of the move after which the intermediate scoring took place
    inter_board: Snapshot | None = None


#: No scoring triggered yet.
NO_SCORINGS = Scorings()

#: The spaces carrying a hacienda or a harvest chip: few (a supply of 8 or 9), a frozenset.
Spaces = frozenset[int]


class Game(NamedTuple):
    """What a replay never changes: the map, the options, the seats and the setup's supplies
    (one field of the state, so a turn's draft carries one value for all of them)."""

    board: Board
    opts: Options
    names: PVector[str]
    animal_limit: Counts
    chip_supply: int
    neutral_supply: int
    water_supply: int
    #: ``frozenset((names[seat],))`` per seat, the answer to whose turn it is (built once).
    to_move: tuple[frozenset[str], ...]
    track: PVector[int] | None = None  # positions: points already on the score track
    colours: PVector[str | None] = EMPTY_COLOURS  # the players' ``color`` (pictures)


def make_game(
    board: Board,
    opts: Options,
    names: PVector[str],
    animal_limit: Counts,
    chip_supply: int,
    neutral_supply: int,
    water_supply: int,
) -> Game:
    """The static part of a state (``track`` and ``colours`` are set by ``_replace``)."""
    to_move = tuple(frozenset((name,)) for name in names)
    return Game(
        board, opts, names, animal_limit, chip_supply, neutral_supply, water_supply, to_move
    )


class State(NamedTuple):
    """Everything a replay carries between two turns (what never changes is in ``game``)."""

    game: Game
    cells: PVector[int]
    haciendas: Spaces
    chips: Spaces
    land_hands: PVector[Counts]  # per seat: 6 counts, one per land card
    animal_hands: PVector[Counts]  # per seat: 4 counts, one per animal
    money: PVector[int]  # per seat: pesos
    animal_tiles: PVector[int]  # per seat: animal tiles on the board
    land_display: Counts  # 6
    animal_display: Counts  # 4
    land_pile: Counts  # 6
    land_discard: Counts  # 6
    stacks: Counts  # the two animal stacks
    animal_seen: Counts  # 4: the animal cards seen so far
    free: Counts  # 8: the empty spaces per space type
    land_tiles: int  # land tiles on the board
    haciendas_left: int
    chips_left: int
    water_left: int
    pieces: int  # water pieces on the board (printed water spaces included)
    land_order: Order
    stack_orders: PVector[Order]
    water_shapes: PVector[WaterShape] | None
    seat: int = 0
    move_index: int = 0
    issues: PVector[ClaimIssue] = EMPTY_ISSUES
    #: The triggers and the intermediate scoring: one field, written at the end of a round only
    #: (a turn's draft carries one value for them).
    scorings: Scorings = NO_SCORINGS

    # The parts of ``scorings`` under their own names (read-only).

    @property
    def inter(self) -> int:
        return self.scorings.inter

    @property
    def final(self) -> int:
        return self.scorings.final

    @property
    def inter_scores(self) -> PVector[Counts] | None:
        return self.scorings.inter_scores

    @property
    def inter_after(self) -> int:
        return self.scorings.inter_after

    @property
    def inter_board(self) -> Snapshot | None:
        return self.scorings.inter_board

    # The parts of ``game`` under their own names (``with_game`` writes them).

    @property
    def board(self) -> Board:
        return self.game.board

    @property
    def opts(self) -> Options:
        return self.game.opts

    @property
    def names(self) -> PVector[str]:
        return self.game.names

    @property
    def animal_limit(self) -> Counts:
        return self.game.animal_limit

    @property
    def chip_supply(self) -> int:
        return self.game.chip_supply

    @property
    def neutral_supply(self) -> int:
        return self.game.neutral_supply

    @property
    def water_supply(self) -> int:
        return self.game.water_supply

    @property
    def track(self) -> PVector[int] | None:
        return self.game.track

    @property
    def colours(self) -> PVector[str | None]:
        return self.game.colours


class TurnDraft(Draft[State]):
    """A turn in progress: the fields of :class:`State`, each read and written by name.

    A turn carries no notes besides them: what a handler needs from the start of the turn it
    reads from ``base`` (the state the turn started from)."""

    game: Game
    cells: PVector[int]
    haciendas: Spaces
    chips: Spaces
    land_hands: PVector[Counts]
    animal_hands: PVector[Counts]
    money: PVector[int]
    animal_tiles: PVector[int]
    land_display: Counts
    animal_display: Counts
    land_pile: Counts
    land_discard: Counts
    stacks: Counts
    animal_seen: Counts
    free: Counts
    land_tiles: int
    haciendas_left: int
    chips_left: int
    water_left: int
    pieces: int
    land_order: Order
    stack_orders: PVector[Order]
    water_shapes: PVector[WaterShape] | None
    seat: int
    move_index: int
    issues: PVector[ClaimIssue]
    scorings: Scorings


def with_game(state: State, **parts: Any) -> State:
    """``state`` with the named parts of ``game`` replaced (setup, positions, tests)."""
    return state._replace(game=state.game._replace(**parts))
