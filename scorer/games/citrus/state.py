"""Game state (spec 5): immutable records of pyrsistent collections, and the notes of a turn.

A ``State`` is a NamedTuple; its collections are ``PMap`` / ``PVector`` / ``PSet`` and its
records (``Region``, ``Site``, ``Player``, the ``ledger`` entries, the warnings' ``Finding``
with ``pmap`` details) are immutable too, as is everything in ``Static`` (``pmap`` options,
layout and supply) and the ``Board`` (read-only lookup tables, see ``board``). A turn
changes a state only through a :class:`scorer.core.persist.Draft` (``actions.apply_move``): the
step handlers write through the draft's evolvers and ``Draft.done`` returns the new state,
sharing every untouched field and every untouched part of a touched collection with the old
one. The lookahead searches (``search``) make their trial positions the same way, one
``Draft`` per trial placement (``placement.trial``).

What a move works with while it is replayed (the bought tiles waiting to be placed, the cart's
tile, what is due, the cells it occupied, what it scored ...) is kept in a ``Notes`` record in
``draft.turn["notes"]``: working notes of the move in progress, never part of a state.

The per-game memo of the checker's searches (``memo``) is kept beside the states, keyed by
their ``Static`` (weakly): a cache, not game data.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from pyrsistent import PMap, PSet, PVector, pvector
from pyrsistent.typing import PMapEvolver

from scorer.core.findings import Finding
from scorer.core.persist import Draft
from scorer.games.citrus.board import Board, Cell, table
from scorer.games.citrus.data import TOKENS
from scorer.games.citrus.ledger import Entry


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


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Static:
    """What never changes during a game: players, board, options and component data.

    ``options``, ``layout`` and ``supply`` are read-only views (``board.table``), like the
    board's tables: read in every turn, never changed (a view's look-up takes 0.16 µs, a
    ``pmap``'s 0.7-0.9 µs: timeit, this machine)."""

    names: tuple[str, ...]
    board: Board
    options: Mapping[str, Any]
    layout: Mapping[str, tuple[int, ...]]
    finca_set: tuple[tuple[int, int], ...] | None
    supply: Mapping[str, int]
    notes: tuple[str, ...] = ()
    unknown: frozenset[int] = frozenset()  # seats whose in-play categories are unknown
    colours: tuple[str | None, ...] = ()  # the players' ``color`` in the document, if any
    #: One set per seat (``RULES.expected_players``) and the market lines in id order.
    seats: tuple[frozenset[str], ...] = ()
    lines: tuple[tuple[str, tuple[int, ...]], ...] = ()

    def __hash__(self) -> int:  # the memo's key: by identity (equal games share nothing)
        return id(self)


def make_static(
    names: tuple[str, ...],
    board: Board,
    options: dict[str, Any],
    layout: dict[str, tuple[int, ...]],
    finca_set: tuple[tuple[int, int], ...] | None,
    supply: dict[str, int],
    notes: tuple[str, ...],
    unknown: frozenset[int] = frozenset(),
    colours: tuple[str | None, ...] = (),
) -> Static:
    """A ``Static`` with its frozen mappings and derived tables."""
    return Static(
        names,
        board,
        table(options),
        table(layout),
        finca_set,
        table(supply),
        notes,
        unknown,
        colours,
        tuple(frozenset({n}) for n in names),
        tuple(sorted(layout.items())),
    )


#: The empty vector the state's growing fields start from.
_EMPTY_VECTOR: PVector[Any] = pvector()


class State(NamedTuple):
    """The state between turns (every collection persistent, see the module docstring).

    A NamedTuple rather than a frozen dataclass: ``Draft.done`` makes one or more per turn,
    and ``_replace`` of its 22 fields takes 3.6 µs where ``dataclasses.replace`` takes 17.8 µs
    (timeit, this machine)."""

    static: Static
    #: The board vectors, indexed by cell number (``Board.cells``): a ``PVector`` read takes
    #: about a dict's time where a ``PMap`` read took 0.7-0.9 µs (2.1 µs for a missing key)
    #: and ``set`` 1.1 µs where ``PMap.set`` took 7 µs (timeit, this machine).
    tiles: PVector[str | None]  # the plantation tile on each cell, or None
    region_of: PVector[int]  # the region id of each cell, -1 = none
    regions: PVector[Region | None]  # by region id; None = merged into another
    next_rid: int  # = len(regions)
    land: PVector[tuple[str, int] | None]  # landscape tile or bull on each cell, or None
    sites: PMap[str, Site]
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
    """The working notes of the move in progress (spec 5, last item): in
    ``draft.turn["notes"]``, never part of a state."""

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


def notes_of(d: Draft[State]) -> Notes:
    """The notes of the move ``d`` replays."""
    notes: Notes = d.turn["notes"]
    return notes


def begin(state: State, seat: int | None = None) -> Draft[State]:
    """A draft of ``state`` with fresh notes for the move of ``seat`` (default: to move)."""
    d = Draft(state)
    d.turn["notes"] = Notes(state.turn if seat is None else seat)
    return d


# ---- small queries (of a state, or of a draft's state so far: ``d.done()``) --------------
def market_count(market: Iterable[str | None]) -> int:
    return sum(1 for t in market if t is not None)


def marked(sites: PMap[str, Site]) -> list[str]:
    return sorted(s for s, v in sites.items() if v.status == "marked")


def occupied(state: State, cell: Cell) -> bool:
    ch = state.static.board.kind[cell]
    if ch in ".*":
        i = state.static.board.index[cell]
        return state.tiles[i] is not None or state.land[i] is not None
    if ch == "#":
        return True
    return bool(state.static.options["site_cells_occupied"])


def board_vectors(
    board: Board,
    tiles: Mapping[Cell, str],
    region_of: Mapping[Cell, int],
    land: Mapping[Cell, tuple[str, int]],
) -> tuple[PVector[str | None], PVector[int], PVector[tuple[str, int] | None]]:
    """The board vectors of ``State`` (by cell number) from mappings keyed by cell (cells
    off the board left out). A mapping is written into a list of its blanks, one write per
    cell it names (a game's setup names none, or a few landscape tiles: 5 µs against 10 µs
    for the three vectors of a 63-cell board by a look-up per cell; timeit, this machine)."""
    count = len(board.cells)
    return (
        pvector(_numbered(board, tiles, None, count)),
        pvector(_numbered(board, region_of, -1, count)),
        pvector(_numbered(board, land, None, count)),
    )


def _numbered(board: Board, items: Mapping[Cell, Any], blank: Any, count: int) -> list[Any]:
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


def count_down(counts: PMapEvolver[Any, int], key: Any, n: int = 1) -> None:
    """Take ``n`` of ``key`` from a map of counts (the key leaves the map at zero)."""
    left = counts[key] - n
    if left == 0:
        counts.remove(key)
    else:
        counts[key] = left


def kind_of(token: str) -> str:
    return token.rstrip("*")


#: The kind of every plantation token (``kind_of`` as a table, for the hot paths; a module
#: constant, never part of a state).
KIND: dict[str, str] = {t: kind_of(t) for t in TOKENS}


def with_money(p: Player, money: int) -> Player:
    """``p._replace(money=money)``, without the keyword machinery (hot path)."""
    return tuple.__new__(
        Player, (money, p.mat, p.horses, p.actions, p.harvest, p.finca, p.penalties, p.horse_points)
    )


#: The per-game memo of the checker's searches (``search.buildable_line``), beside the states.
_MEMO: weakref.WeakKeyDictionary[Static, dict[str, Any]] = weakref.WeakKeyDictionary()


def memo(static: Static) -> dict[str, Any]:
    """The search memo of the game of ``static`` (made on first use)."""
    found = _MEMO.get(static)
    if found is None:
        found = _MEMO[static] = {}
    return found
