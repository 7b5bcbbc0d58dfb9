"""The replay state of a Hacienda game (rules/hacienda.md §5.1) and the variant options (§8).

``HaciendaState`` is a NamedTuple (``_replace`` is cheap) of ints, immutable records and
pyrsistent collections: a turn changes it through :class:`scorer.core.persist.Draft` (see
``actions``) and the new state shares every untouched part with the old one. Board contents
are one int per space (``cells``): 0 empty, ``LAND + p`` a land tile of seat p,
``ANIMAL + 4p + a`` an animal tile of seat p showing animal a, ``WATER + k`` a cell of water
piece k (printed water spaces are pieces too). Card multisets are count vectors in the
vocabulary order of §10.2 (``Counts``). Every number a turn changes besides the board (card
counts, supplies, pesos, tiles placed) is one int of one PVector, ``tally`` (layout below), so
a step reads and writes one field; the record keeps the names of the rules (``land_display``,
``land_hands``, ``money`` ...) as read-only views, ``with_tally`` writes them. A known deck order
is a ``PList`` whose draws share the rest of the order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from pyrsistent import PList, PVector, pvector

from scorer.core.errors import PathPart
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

#: The layout of ``HaciendaState.tally``, every number a turn changes besides the board: the
#: land display (6 counts), the animal display (4), the land pile (6), the land discard (6),
#: the two animal stacks, the animal cards seen (4), the empty spaces per space type (8), the
#: land tiles on the board, the haciendas, harvest chips and water tiles left, the water
#: pieces placed; then per seat p from ``SEATS + SEAT_SIZE * p`` its land hand (6), its
#: animal hand (4), its pesos and its animal tiles on the board. One vector instead of 16
#: fields: a display purchase with its refill went from 6 field reads and 7 writes through
#: the draft to 1 and 2, and a step from 3-10 µs to 2-4 µs on the benchmark machine.
L_DISPLAY, A_DISPLAY, L_PILE, L_DISCARD, STACKS, SEEN, FREE = 0, 6, 10, 16, 22, 24, 28
LAND_TILES, HACIENDAS_LEFT, CHIPS_LEFT, WATER_LEFT, PIECES, SEATS = 36, 37, 38, 39, 40, 41
A_HAND, MONEY, TILES, SEAT_SIZE = 6, 10, 11, 12  # within a seat's block (its land hand at 0)

#: The parts of ``tally`` by name (readable as fields of the state, see ``with_tally``).
SHARED_PARTS: tuple[tuple[str, int, int], ...] = (  # name, start, length
    ("land_display", L_DISPLAY, 6),
    ("animal_display", A_DISPLAY, 4),
    ("land_pile", L_PILE, 6),
    ("land_discard", L_DISCARD, 6),
    ("stacks", STACKS, 2),
    ("animal_seen", SEEN, 4),
    ("free", FREE, 8),
)
SCALAR_PARTS: tuple[tuple[str, int], ...] = (
    ("land_tiles", LAND_TILES),
    ("haciendas_left", HACIENDAS_LEFT),
    ("chips_left", CHIPS_LEFT),
    ("water_left", WATER_LEFT),
    ("pieces", PIECES),
)
TALLY_NAMES: tuple[str, ...] = (
    *(name for name, _, _ in SHARED_PARTS),
    *(name for name, _ in SCALAR_PARTS),
    "land_hands",
    "animal_hands",
    "money",
    "animal_tiles",
)


def pack_tally(parts: Mapping[str, Any]) -> PVector[int]:
    """The ``tally`` vector of every part named in ``TALLY_NAMES`` (layout above)."""
    out: list[int] = []
    for name, _, size in SHARED_PARTS:
        values = list(parts[name])
        if len(values) != size:
            raise ValueError(f"{name} has {len(values)} counts, not {size}")
        out.extend(values)
    out.extend(parts[name] for name, _ in SCALAR_PARTS)
    seats = zip(
        parts["land_hands"],
        parts["animal_hands"],
        parts["money"],
        parts["animal_tiles"],
        strict=True,
    )
    for land, animal, money, tiles in seats:
        out.extend((*land, *animal, money, tiles))
    return pvector(out)


def stack_size(n: int) -> int:
    """S(n) = (72 − removed − 4n − 4) / 2."""
    return max(0, (72 - REMOVED.get(n, 0) - 4 * n - 4) // 2)


def land_pile_size(n: int) -> int:
    return max(0, 80 - 8 * n - 4)


def owner_of_land(code: int) -> int:
    """Seat owning a land tile code, or -1."""
    return code - LAND if LAND <= code < ANIMAL else -1


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


VARIANT1: Mapping[str, Any] = {
    "market_payout": "product",
    "hacienda_cost": 20,
    "water_cost": 20,
    "herd_points": True,
    "pesos_per_point": 20,
}


def parse_options(variant: Mapping[str, Any]) -> Options:
    """Options from a record's ``variant`` object (already schema-checked)."""
    values: dict[str, Any] = {}
    if variant.get("variant1"):
        values.update(VARIANT1)
    if variant.get("variant2"):
        values["continuous_scoring"] = True
    values.update({k: v for k, v in variant.items() if k not in ("variant1", "variant2")})
    return Options(**values)


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


#: Haciendas and chips are few (a supply of 8 or 9): a frozenset answers ``in`` in 59 ns and
#: adds one in 0.27 µs where a PSet took 0.95 µs and 7.4 µs on the benchmark machine.
Spaces = frozenset[int]


class Game(NamedTuple):
    """What a replay never changes: the map, the options, the seats and the setup's supplies.

    One field of the state instead of nine: a turn's ``Draft`` copies every field of the state
    twice (into the draft, back into the new state); with these nine in one it copies 16
    instead of 24 (``Draft`` + ``done`` of a turn 2.9 → 2.3 µs on the benchmark machine).
    """

    board: Board
    opts: Options
    names: PVector[str]
    animal_limit: Counts
    chip_supply: int
    neutral_supply: int
    water_supply: int
    #: ``frozenset((names[seat],))`` per seat: the referee asks whose turn it is every move
    #: (a fixed-size table of the seats, built once: a tuple).
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


class HaciendaState(NamedTuple):
    """Everything a replay carries between two turns (what never changes in ``game``)."""

    game: Game
    cells: PVector[int]
    haciendas: Spaces
    chips: Spaces
    tally: PVector[int]  # the numbers a turn changes (layout: ``L_DISPLAY`` ... ``SEATS``)
    land_order: Order
    stack_orders: PVector[Order]
    water_shapes: PVector[WaterShape] | None
    seat: int = 0
    inter: int = 0  # 0 not triggered, 1 pending (end of round), 2 done
    final: int = 0  # 0 not triggered, 1 pending, 2 game over
    inter_scores: PVector[Counts] | None = None  # 6 categories + markets connected
    inter_after: int = -1  # index of the move after which the intermediate scoring took place
    move_index: int = 0
    issues: PVector[ClaimIssue] = EMPTY_ISSUES
    inter_board: Snapshot | None = None

    # The parts of ``game`` under their own names (``with_game`` writes them); the turn's
    # handlers read ``state.game.<part>``, a property call less per read.

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

    # Read-only views of ``tally`` under the names of the rules (``with_tally`` writes them).

    @property
    def land_display(self) -> Counts:
        return self.tally[L_DISPLAY : L_DISPLAY + 6]

    @property
    def animal_display(self) -> Counts:
        return self.tally[A_DISPLAY : A_DISPLAY + 4]

    @property
    def land_pile(self) -> Counts:
        return self.tally[L_PILE : L_PILE + 6]

    @property
    def land_discard(self) -> Counts:
        return self.tally[L_DISCARD : L_DISCARD + 6]

    @property
    def stacks(self) -> PVector[int]:
        """The two animal stacks."""
        return self.tally[STACKS : STACKS + 2]

    @property
    def animal_seen(self) -> Counts:
        return self.tally[SEEN : SEEN + 4]

    @property
    def free(self) -> Counts:
        """Empty spaces per space type."""
        return self.tally[FREE : FREE + 8]

    @property
    def land_tiles(self) -> int:
        value: int = self.tally[LAND_TILES]
        return value

    @property
    def haciendas_left(self) -> int:
        value: int = self.tally[HACIENDAS_LEFT]
        return value

    @property
    def chips_left(self) -> int:
        value: int = self.tally[CHIPS_LEFT]
        return value

    @property
    def water_left(self) -> int:
        value: int = self.tally[WATER_LEFT]
        return value

    @property
    def pieces(self) -> int:
        value: int = self.tally[PIECES]
        return value

    @property
    def land_hands(self) -> PVector[Counts]:
        at = range(SEATS, len(self.tally), SEAT_SIZE)
        return pvector(self.tally[k : k + 6] for k in at)

    @property
    def animal_hands(self) -> PVector[Counts]:
        at = range(SEATS + A_HAND, len(self.tally), SEAT_SIZE)
        return pvector(self.tally[k : k + 4] for k in at)

    @property
    def money(self) -> PVector[int]:
        return self.tally[SEATS + MONEY :: SEAT_SIZE]

    @property
    def animal_tiles(self) -> PVector[int]:
        """Animal tiles on the board per seat."""
        return self.tally[SEATS + TILES :: SEAT_SIZE]


def with_game(state: HaciendaState, **parts: Any) -> HaciendaState:
    """``state`` with the named parts of ``game`` replaced (setup, positions, tests)."""
    return state._replace(game=state.game._replace(**parts))


def with_tally(state: HaciendaState, **parts: Any) -> HaciendaState:
    """``state`` with the named parts of ``tally`` replaced (setup, positions, tests)."""
    current = {name: getattr(state, name) for name in TALLY_NAMES}
    return state._replace(tally=pack_tally({**current, **parts}))
