"""The replay state of a Hacienda game (rules/hacienda.md §5.1) and the variant options (§8).

``HaciendaState`` is a NamedTuple (``_replace`` is cheap) of ints, immutable records and
pyrsistent collections: a turn changes it through :class:`scorer.persist.Draft` (see
``actions``) and the new state shares every untouched part with the old one. Board contents
are one int per space (``cells``): 0 empty, ``LAND + p`` a land tile of seat p,
``ANIMAL + 4p + a`` an animal tile of seat p showing animal a, ``WATER + k`` a cell of water
piece k (printed water spaces are pieces too). Card multisets are count vectors in the
vocabulary order of §10.2 (``Counts``). Every card count of the game is one int of one
PVector, ``cards`` (layout below), so a purchase reads and writes one field; the record keeps
the old names (``land_display``, ``land_hands`` ...) as read-only views. A known deck order
is a ``PList`` whose draws share the rest of the order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from pyrsistent import PList, PVector, pvector

from scorer.errors import PathPart
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

#: The layout of ``HaciendaState.cards``: the land display (6 counts), the animal display (4),
#: the land pile (6), the land discard (6), the two animal stacks, the animal cards seen (4),
#: then per seat p from ``HANDS + HAND_SIZE * p`` its land hand (6) and its animal hand (4).
#: One vector instead of eight fields: a purchase went from 6 field reads and 7 writes
#: through the draft to 2 and 2.
L_DISPLAY, A_DISPLAY, L_PILE, L_DISCARD, STACKS, SEEN, HANDS = 0, 6, 10, 16, 22, 24, 28
HAND_SIZE, A_HAND = 10, 6  # per seat; the animal hand starts 6 after the land hand


def pack_cards(
    land_display: Sequence[int],
    animal_display: Sequence[int],
    land_pile: Sequence[int],
    land_discard: Sequence[int],
    stacks: Sequence[int],
    seen: Sequence[int],
    land_hands: Sequence[Sequence[int]],
    animal_hands: Sequence[Sequence[int]],
) -> PVector[int]:
    """The ``cards`` vector of these counts (layout above)."""
    out = [*land_display, *animal_display, *land_pile, *land_discard, *stacks, *seen]
    for land, animal in zip(land_hands, animal_hands, strict=True):
        out.extend(land)
        out.extend(animal)
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


class HaciendaState(NamedTuple):
    """Everything a replay carries between two turns."""

    board: Board
    opts: Options
    names: PVector[str]
    cells: PVector[int]
    haciendas: Spaces
    chips: Spaces
    money: PVector[int]
    cards: PVector[int]  # every card count (layout: ``L_DISPLAY`` ... ``HANDS``)
    animal_tiles: PVector[int]
    free: Counts  # empty spaces per space type
    land_order: Order
    land_tiles: int
    stack_orders: PVector[Order]
    animal_limit: Counts
    haciendas_left: int
    chips_left: int
    chip_supply: int
    neutral_supply: int
    water_left: int
    water_supply: int
    water_shapes: PVector[WaterShape] | None
    pieces: int
    seat: int = 0
    inter: int = 0  # 0 not triggered, 1 pending (end of round), 2 done
    final: int = 0  # 0 not triggered, 1 pending, 2 game over
    inter_scores: PVector[Counts] | None = None  # 6 categories + markets connected
    inter_after: int = -1  # index of the move after which the intermediate scoring took place
    track: PVector[int] | None = None  # positions: points already on the score track
    move_index: int = 0
    issues: PVector[ClaimIssue] = EMPTY_ISSUES
    inter_board: Snapshot | None = None
    colours: PVector[str | None] = EMPTY_COLOURS  # the players' ``color`` (pictures)

    # Read-only views of ``cards`` under the names of the rules (slices share nothing written).

    @property
    def land_display(self) -> Counts:
        return self.cards[L_DISPLAY : L_DISPLAY + 6]

    @property
    def animal_display(self) -> Counts:
        return self.cards[A_DISPLAY : A_DISPLAY + 4]

    @property
    def land_pile(self) -> Counts:
        return self.cards[L_PILE : L_PILE + 6]

    @property
    def land_discard(self) -> Counts:
        return self.cards[L_DISCARD : L_DISCARD + 6]

    @property
    def stacks(self) -> PVector[int]:
        """The two animal stacks."""
        return self.cards[STACKS : STACKS + 2]

    @property
    def animal_seen(self) -> Counts:
        return self.cards[SEEN : SEEN + 4]

    @property
    def land_hands(self) -> PVector[Counts]:
        at = range(HANDS, len(self.cards), HAND_SIZE)
        return pvector(self.cards[k : k + 6] for k in at)

    @property
    def animal_hands(self) -> PVector[Counts]:
        at = range(HANDS + A_HAND, len(self.cards), HAND_SIZE)
        return pvector(self.cards[k : k + 4] for k in at)
