"""Game state (spec 5): immutable records of pyrsistent collections, and the notes of a turn.

A ``State`` is a NamedTuple; its collections are ``PMap`` / ``PVector`` / ``PSet`` and its
records (``Region``, ``Site``, ``Player``, the ``ledger`` entries, the warnings' ``Finding``
with ``pmap`` details) are immutable too, as is everything in ``Static`` (the ``Options``,
read-only layout and supply) and the ``Board`` (read-only lookup tables, see ``board``). A
turn changes a state only through a :class:`TurnDraft` (``actions.apply_move``): the step
handlers assign its typed fields (``draft.players = draft.players.set(seat, p)``) and
``done()`` returns the new state, sharing every untouched field and every untouched part of
a changed collection with the old one. The lookahead searches (``search``) make their trial
positions the same way, one draft per trial placement (``placement.trial``).

What a move works with while it is replayed (the bought tiles waiting to be placed, the cart's
tile, what is due, the cells it occupied, what it scored ...) is kept in a ``Notes`` record,
``TurnDraft.notes``: working notes of the move in progress, never part of a state.

The per-game memo of the checker's searches (``memo``) is kept beside the states, keyed by
their ``Static`` (weakly): a cache, not game data.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal, NamedTuple, TypeVar

from pyrsistent import PMap, PSet, PVector, pvector

from scorer.core.draft import Draft
from scorer.core.findings import Finding
from scorer.core.values import Json
from scorer.games.citrus.board import Board, Cell, table
from scorer.games.citrus.data import TOKENS, options_of
from scorer.games.citrus.ledger import Entry

K = TypeVar("K")
V = TypeVar("V")


class Region(NamedTuple):
    kind: str
    cells: frozenset[Cell]
    wells: int
    owner: int  # seat index, -1 = neutral

    @property
    def value(self) -> int:
        return len(self.cells) + self.wells


class Site(NamedTuple):
    status: str  # "empty", "marked" or "finca"
    first: int = 0
    second: int = 0
    scored: bool = False


class Player(NamedTuple):
    money: int
    mat: int
    horses: tuple[int, ...]
    actions: tuple[str, ...]  # unused action tiles, sorted
    harvest: int = 0
    finca: int = 0
    penalties: int = 0
    horse_points: int = 0  # horses scored at once (wild_horses_immediate)

    @property
    def score(self) -> int:
        return self.harvest + self.finca + self.penalties + self.horse_points

    # The changes most steps of a replay make, each a new record built field by field.
    def with_money(self, money: int) -> Player:
        """The player holding ``money`` (income, 11)."""
        p = self
        return Player(
            money, p.mat, p.horses, p.actions, p.harvest, p.finca, p.penalties, p.horse_points
        )

    def built(self, pay: int, mat: int) -> Player:
        """The player after a placement (8): ``pay`` money paid, ``mat`` workers at home."""
        p = self
        return Player(
            p.money - pay, mat, p.horses, p.actions, p.harvest, p.finca, p.penalties, p.horse_points
        )

    def harvested(self, points: int) -> Player:
        """The player after harvesting a region worth ``points`` (11): its worker is home."""
        p = self
        return Player(
            p.money,
            p.mat + 1,
            p.horses,
            p.actions,
            p.harvest + points,
            p.finca,
            p.penalties,
            p.horse_points,
        )


@dataclass(frozen=True, slots=True)
class Options:
    """The variant options of a game (spec 14): the defaults, then the ``yucata`` preset,
    then the record's own values (``data.options_of``)."""

    board_side: Literal["long", "short"] = "long"
    family: bool = False
    random_start_sites: bool = False
    wild_horses_immediate: bool = False
    horse_points: Literal["printed", "one"] = "printed"
    cart_after_build_only: bool = False
    cart_cost: int = 0
    purchase_mistakes: Literal["penalize", "reject"] = "penalize"
    fusion_count_new_tile: bool = False
    site_cells_occupied: bool = True

    @classmethod
    def parse(cls, variant: Json) -> Options:
        """The options of a record's ``variant`` (its values as the schema admits them)."""
        effective = options_of(dict(variant))
        return cls(**{f.name: effective[f.name] for f in fields(cls)})


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Static:
    """What never changes during a game: players, board, options and component data.

    ``layout`` and ``supply`` are read-only views (``board.table``), like the board's tables:
    read in every turn, never changed. Built by ``make_static``."""

    names: tuple[str, ...]
    board: Board
    options: Options
    layout: Mapping[str, tuple[int, ...]]
    finca_set: tuple[tuple[int, int], ...] | None
    supply: Mapping[str, int]
    notes: tuple[str, ...] = ()
    unknown: frozenset[int] = frozenset()  # seats whose in-play categories are unknown
    colours: tuple[str | None, ...] = ()  # the players' ``color`` in the document, if any
    #: One set per seat (``referee.expected_players``) and the market lines in id order.
    seats: tuple[frozenset[str], ...] = ()
    lines: tuple[tuple[str, tuple[int, ...]], ...] = ()

    def __hash__(self) -> int:  # the memo's key: by identity (equal games share nothing)
        return id(self)


def make_static(
    *,
    names: tuple[str, ...],
    board: Board,
    options: Options,
    layout: Mapping[str, tuple[int, ...]],
    finca_set: tuple[tuple[int, int], ...] | None,
    supply: Mapping[str, int],
    notes: tuple[str, ...],
    unknown: frozenset[int] = frozenset(),
    colours: tuple[str | None, ...] = (),
) -> Static:
    """A ``Static`` with its read-only mappings and derived tables."""
    return Static(
        names=names,
        board=board,
        options=options,
        layout=table(layout),
        finca_set=finca_set,
        supply=table(supply),
        notes=notes,
        unknown=unknown,
        colours=colours,
        seats=tuple(frozenset({n}) for n in names),
        lines=tuple(sorted(layout.items())),
    )


#: The empty vector the state's growing fields start from.
_EMPTY_VECTOR: PVector[Any] = pvector()


class State(NamedTuple):
    """The state between turns (every collection persistent, see the module docstring)."""

    static: Static
    #: The board vectors, indexed by cell number (``Board.cells``).
    tiles: PVector[str | None]  # the plantation tile on each cell, or None
    region_of: PVector[int]  # the region id of each cell, -1 = none
    regions: PVector[Region | None]  # by region id; None = merged into another
    next_rid: int  # = len(regions)
    land: PVector[tuple[str, int] | None]  # landscape tile or bull on each cell, or None
    sites: PMap[str, Site]
    #: The sites holding a finca (derived from ``sites``, written with it: ``fincas_of``),
    #: so that "a finca's path field" (CIT-BUILD-5) is a set look-up.
    fincas: frozenset[str]
    players: PVector[Player]
    market: PVector[str | None]
    bag: PMap[str, int]
    lrc: bool  # last refill complete
    finca_deck: int
    finca_left: PMap[tuple[int, int], int] | None
    site_deck: PSet[str]
    turn: int = 0
    passes: int = 0
    blocked: bool = False
    over: bool = False
    moves: int = 0
    warnings: PVector[Finding] = _EMPTY_VECTOR
    returned: PVector[int] = _EMPTY_VECTOR
    #: What was scored or taken in play, in move order (``ledger``; for ``explain``).
    scored: PVector[Entry] = _EMPTY_VECTOR


@dataclass(slots=True)
class Notes:
    """The working notes of the move in progress (spec 5, last item): ``TurnDraft.notes``,
    never part of a state."""

    seat: int
    main: str = ""
    last_harvest: int = -1
    bought: bool = False
    waiting: list[tuple[str, int]] = field(default_factory=list)  # (token, step that took it)
    cart: tuple[str, int] | None = None
    finca_due: int | None = None  # step index of the take that fired the trigger
    refill_due: bool = False
    refill_now: int | None = None  # the place/return after which the refill must follow
    fired: bool = False
    income: int = 0
    harvesting_done: bool = False
    touched: set[int] = field(default_factory=set)  # cell numbers occupied this turn (fincas)
    fresh: set[str] = field(default_factory=set)  # sites that became fincas this turn
    scored: list[Entry] = field(default_factory=list)  # ``ledger`` records of this turn
    warnings: list[Finding] = field(default_factory=list)  # warnings of this turn


class TurnDraft(Draft[State]):
    """A move in progress: the fields of ``State`` as the move has left them so far (typed
    attributes, checked by mypy) and the move's ``notes``. ``done()`` is the new state."""

    static: Static
    tiles: PVector[str | None]
    region_of: PVector[int]
    regions: PVector[Region | None]
    next_rid: int
    land: PVector[tuple[str, int] | None]
    sites: PMap[str, Site]
    fincas: frozenset[str]
    players: PVector[Player]
    market: PVector[str | None]
    bag: PMap[str, int]
    lrc: bool
    finca_deck: int
    finca_left: PMap[tuple[int, int], int] | None
    site_deck: PSet[str]
    turn: int
    passes: int
    blocked: bool
    over: bool
    moves: int
    warnings: PVector[Finding]
    returned: PVector[int]
    scored: PVector[Entry]

    #: The working notes of the move (a new record per draft, never part of a state).
    notes: Notes

    def __init__(self, base: State, notes: Notes | None = None) -> None:
        super().__init__(base)
        self.notes = Notes(base.turn) if notes is None else notes


# ---- small queries (of a state, or of a draft's state so far: ``d.done()``) --------------
def market_count(market: Sequence[str | None]) -> int:
    """The tiles on the market (its fields that are not empty)."""
    return len(market) - market.count(None)


def fincas_of(sites: Mapping[str, Site]) -> frozenset[str]:
    """The sites of ``sites`` holding a finca (``State.fincas``)."""
    return frozenset(s for s, v in sites.items() if v.status == "finca")


def marked(sites: PMap[str, Site]) -> list[str]:
    return sorted(s for s, v in sites.items() if v.status == "marked")


def occupied(state: State, cell: Cell) -> bool:
    ch = state.static.board.kind[cell]
    if ch in ".*":
        i = state.static.board.index[cell]
        return state.tiles[i] is not None or state.land[i] is not None
    if ch == "#":
        return True
    return state.static.options.site_cells_occupied


def board_vectors(
    board: Board,
    tiles: Mapping[Cell, str],
    region_of: Mapping[Cell, int],
    land: Mapping[Cell, tuple[str, int]],
) -> tuple[PVector[str | None], PVector[int], PVector[tuple[str, int] | None]]:
    """The board vectors of ``State`` (by cell number) from mappings keyed by cell (cells
    off the board left out)."""
    count = len(board.cells)
    return (
        pvector(_numbered(board, tiles, None, count)),
        pvector(_numbered(board, region_of, -1, count)),
        pvector(_numbered(board, land, None, count)),
    )


def _numbered(board: Board, items: Mapping[Cell, V], blank: V, count: int) -> list[V]:
    """``items`` as a list by cell number, ``blank`` where a cell is not named."""
    out = [blank] * count
    index = board.index
    for cell, value in items.items():
        i = index.get(cell)
        if i is not None:
            out[i] = value
    return out


def tile_at(state: State, cell: Cell) -> str | None:
    """The plantation tile on ``cell`` (None: none, or not on the board)."""
    i = state.static.board.index.get(cell)
    return None if i is None else state.tiles[i]


def land_at(state: State, cell: Cell) -> tuple[str, int] | None:
    """The landscape tile or bull on ``cell`` (None: none, or not on the board)."""
    i = state.static.board.index.get(cell)
    return None if i is None else state.land[i]


def region_at(state: State, cell: Cell) -> Region | None:
    """The region holding ``cell``, or None."""
    i = state.static.board.index.get(cell)
    return None if i is None or state.region_of[i] < 0 else state.regions[state.region_of[i]]


def tile_items(state: State) -> list[tuple[Cell, str]]:
    """(cell, tile) of every plantation tile, row-major."""
    cells = state.static.board.cells
    return [(cells[i], t) for i, t in enumerate(state.tiles) if t is not None]


def land_items(state: State) -> list[tuple[Cell, tuple[str, int]]]:
    """(cell, (type, points)) of every landscape tile or bull on the board, row-major."""
    cells = state.static.board.cells
    return [(cells[i], t) for i, t in enumerate(state.land) if t is not None]


def live(regions: Iterable[Region | None]) -> list[Region]:
    """The regions of ``State.regions`` (in id order), leaving out the merged ones."""
    return [r for r in regions if r is not None]


def count_down(counts: PMap[K, int], key: K, n: int = 1) -> PMap[K, int]:
    """``counts`` with ``n`` of ``key`` taken (the key leaves the map at zero)."""
    left = counts[key] - n
    return counts.remove(key) if left == 0 else counts.set(key, left)


def kind_of(token: str) -> str:
    return token.rstrip("*")


#: The kind of every plantation token (``kind_of`` as a table; a module constant, never part
#: of a state).
KIND: dict[str, str] = {t: kind_of(t) for t in TOKENS}


#: The per-game memo of the checker's searches (``search.buildable_line``), beside the states.
_MEMO: weakref.WeakKeyDictionary[Static, dict[str, Any]] = weakref.WeakKeyDictionary()


def memo(static: Static) -> dict[str, Any]:
    """The search memo of the game of ``static`` (made on first use)."""
    found = _MEMO.get(static)
    if found is None:
        found = _MEMO[static] = {}
    return found
