"""Game state (spec 5): an immutable ``State`` between turns, and a mutable ``Work`` used inside
one turn.

``Work.of`` copies every mapping of the state (plain dicts: a C-level copy). The replay uses
``Work.lazy`` instead: the mappings are shared with the state and copied only when the turn first
changes one of them (every change goes through ``tiles_w``, ``regions_w``, ...), so a state is
never modified and a new state shares what its turn left alone. A run of passes thus keeps the
very same mappings, which the CIT-PASS-1 memo relies on. (``placement.place_known`` makes the
copies of ``tiles``, ``regions`` and ``region_of`` itself: the ``*_w()`` tests inlined, same
``cow`` bits.) Lookahead searches use ``Work.with_changes`` views and ``Work.trial`` copies
(only what a placement changes).

What a turn scores or takes (``ledger`` records) is appended to ``Work.scored`` where it
happens; ``freeze`` adds them to the ``State.scored`` of the state the Work came from
(``Work.earlier``). A trial's records are dropped with it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, NamedTuple

from scorer.findings import Finding
from scorer.games.citrus.board import Board, Cell
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


@dataclass(frozen=True, slots=True)
class Static:
    """What never changes during a game: players, board, options and component data."""

    names: tuple[str, ...]
    board: Board
    options: dict[str, Any]
    layout: dict[str, tuple[int, ...]]
    finca_set: tuple[tuple[int, int], ...] | None
    forms: dict[str, Any]  # component data as written (ids or inline), for export
    supply: dict[str, int]
    notes: tuple[str, ...] = ()
    unknown: frozenset[int] = frozenset()  # seats whose in-play categories are unknown
    colours: tuple[str | None, ...] = ()  # the players' ``color`` in the document, if any
    #: Per-game memo of the checker's searches (search.buildable_line); not game data.
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class State:
    """The state between turns. Its mappings are read-only views by contract (typed
    ``Mapping``): ``Work.of`` copies them, ``Work.lazy`` copies each before the turn first
    changes it, so a state is never modified once built and may share mappings with the states
    before and after it (copying a dict is a single C call, far cheaper than persistent maps
    for boards of this size)."""

    static: Static
    tiles: Mapping[Cell, str]
    region_of: Mapping[Cell, int]
    regions: Mapping[int, Region]
    next_rid: int
    land: Mapping[Cell, tuple[str, int]]  # landscape tile or bull on the board
    sites: Mapping[str, Site]
    players: tuple[Player, ...]
    market: tuple[str | None, ...]
    bag: Mapping[str, int]
    lrc: bool  # last refill complete
    finca_deck: int
    finca_left: Mapping[tuple[int, int], int] | None
    site_deck: frozenset[str]
    turn: int = 0
    passes: int = 0
    blocked: bool = False
    over: bool = False
    moves: int = 0
    warnings: tuple[Finding, ...] = ()
    returned: tuple[int, ...] = field(default=())
    #: What was scored or taken in play, in move order (``ledger``; for ``explain``).
    scored: tuple[Entry, ...] = ()


def _state_maker() -> Callable[..., State]:
    """``State(*fields)`` for ``Work.freeze``, without the frozen ``__setattr__`` of the
    dataclass ``__init__``: the slots are filled through their descriptors (the same values,
    in field order; ``State`` has no ``__post_init__``). About twice as fast."""
    env: dict[str, Any] = {"_new": object.__new__, "State": State, "_MISSING": MISSING}
    params: list[str] = []
    body = ["    o = _new(State)"]
    for i, f in enumerate(fields(State)):
        env[f"_set{i}"] = getattr(State, f.name).__set__
        if f.default is not MISSING:  # defaults as in the dataclass __init__
            env[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        elif f.default_factory is not MISSING:
            env[f"_factory{i}"] = f.default_factory
            params.append(f"{f.name}=_MISSING")
            body.append(f"    if {f.name} is _MISSING: {f.name} = _factory{i}()")
        else:
            params.append(f.name)
        body.append(f"    _set{i}(o, {f.name})")
    lines = [f"def make_state({', '.join(params)}):", *body, "    return o"]
    exec(compile("\n".join(lines), "<citrus state>", "exec"), env)
    maker: Callable[..., State] = env["make_state"]
    return maker


_make_state = _state_maker()


class Work:
    """A mutable copy of a ``State`` (same attribute names), used inside one turn and for
    lookahead searches (``clone``)."""

    __slots__ = (
        "bag",
        "blocked",
        "cow",
        "earlier",
        "finca_deck",
        "finca_left",
        "fresh",
        "land",
        "lrc",
        "market",
        "moves",
        "next_rid",
        "over",
        "passes",
        "players",
        "region_of",
        "regions",
        "returned",
        "scored",
        "site_deck",
        "sites",
        "static",
        "tiles",
        "touched",
        "turn",
        "warnings",
    )

    static: Static
    tiles: dict[Cell, str]
    region_of: dict[Cell, int]
    regions: dict[int, Region]
    next_rid: int
    land: dict[Cell, tuple[str, int]]
    sites: dict[str, Site]
    players: list[Player]
    market: list[str | None]
    bag: dict[str, int]
    lrc: bool
    finca_deck: int
    finca_left: dict[tuple[int, int], int] | None
    site_deck: frozenset[str]
    turn: int
    passes: int
    blocked: bool
    over: bool
    moves: int
    warnings: list[Finding]
    returned: list[int]
    touched: set[Cell]  # cells that became occupied in this turn (finca scoring)
    fresh: set[str]  # sites that became fincas in this turn
    cow: int  # mappings still shared with a State (COW_* bits): copied before a change
    earlier: tuple[Entry, ...]  # ``State.scored`` of the state the Work came from
    scored: list[Entry]  # what this Work scored or took since (``ledger``)

    @classmethod
    def of(cls, state: State | Work) -> Work:
        w = cls.__new__(cls)
        w.static = state.static
        w.tiles = dict(state.tiles)
        w.region_of = dict(state.region_of)
        w.regions = dict(state.regions)
        w.next_rid = state.next_rid
        w.land = dict(state.land)
        w.sites = dict(state.sites)
        w.players = list(state.players)
        w.market = list(state.market)
        w.bag = dict(state.bag)
        w.lrc = state.lrc
        w.finca_deck = state.finca_deck
        w.finca_left = None if state.finca_left is None else dict(state.finca_left)
        w.site_deck = state.site_deck
        w.turn = state.turn
        w.passes = state.passes
        w.blocked = state.blocked
        w.over = state.over
        w.moves = state.moves
        w.warnings = list(state.warnings)
        w.returned = list(state.returned)
        if isinstance(state, Work):
            w.touched = set(state.touched)
            w.fresh = set(state.fresh)
            w.earlier = state.earlier
            w.scored = list(state.scored)
        else:
            w.touched = set()
            w.fresh = set()
            w.earlier = state.scored
            w.scored = []
        w.cow = 0
        return w

    @classmethod
    def lazy(cls, state: State) -> Work:
        """A ``Work`` whose mappings are those of ``state`` until first changed: read them
        freely, change them only through ``tiles_w``, ``region_of_w``, ``regions_w``,
        ``land_w``, ``sites_w`` and ``finca_left_w`` (or by assigning a new mapping).
        (The read-only mappings are assigned as they are: no ``cast`` call at run time.)"""
        w = _new_work(cls)
        w.static = state.static
        w.tiles = state.tiles  # type: ignore[assignment]
        w.region_of = state.region_of  # type: ignore[assignment]
        w.regions = state.regions  # type: ignore[assignment]
        w.next_rid = state.next_rid
        w.land = state.land  # type: ignore[assignment]
        w.sites = state.sites  # type: ignore[assignment]
        w.players = list(state.players)
        w.market = list(state.market)
        w.bag = state.bag  # type: ignore[assignment]
        w.lrc = state.lrc
        w.finca_deck = state.finca_deck
        w.finca_left = state.finca_left  # type: ignore[assignment]
        w.site_deck = state.site_deck
        w.turn = state.turn
        w.passes = state.passes
        w.blocked = state.blocked
        w.over = state.over
        w.moves = state.moves
        w.warnings = []
        w.returned = list(state.returned)
        w.touched = set()
        w.fresh = set()
        w.earlier = state.scored
        w.scored = []
        w.cow = COW_ALL
        return w

    def clone(self) -> Work:
        return Work.of(self)

    def trial(self) -> Work:
        """A copy for trial placements of a lookahead search: only what ``placement.place``
        changes (tiles, regions, players, landscape, touched cells) is copied; the sites,
        market, bag and the rest are shared with ``self`` and must not be modified."""
        w = _new_work(Work)
        w.static = self.static
        w.tiles = self.tiles.copy()
        w.region_of = self.region_of.copy()
        w.regions = self.regions.copy()
        w.next_rid = self.next_rid
        w.land = self.land.copy()
        w.sites = self.sites
        w.players = self.players.copy()
        w.market = self.market
        w.bag = self.bag
        w.lrc = self.lrc
        w.finca_deck = self.finca_deck
        w.finca_left = self.finca_left
        w.site_deck = self.site_deck
        w.turn = self.turn
        w.passes = self.passes
        w.blocked = self.blocked
        w.over = self.over
        w.moves = self.moves
        w.warnings = self.warnings
        w.returned = self.returned
        w.touched = self.touched.copy()
        w.fresh = self.fresh
        w.earlier = self.earlier
        w.scored = []  # a trial's records are thrown away with it
        w.cow = COW_SITES | COW_BAG | COW_FINCA_LEFT  # shared with ``self``
        return w

    def with_changes(
        self, sites: dict[str, Site] | None = None, market: list[str | None] | None = None
    ) -> Work:
        """A view for a lookahead search: ``self`` with other ``sites`` and/or ``market``; every
        other container is shared with ``self`` (read it, or copy it with ``trial``)."""
        w = _new_work(Work)
        w.static = self.static
        w.tiles = self.tiles
        w.region_of = self.region_of
        w.regions = self.regions
        w.next_rid = self.next_rid
        w.land = self.land
        w.sites = self.sites if sites is None else sites
        w.players = self.players
        w.market = self.market if market is None else market
        w.bag = self.bag
        w.lrc = self.lrc
        w.finca_deck = self.finca_deck
        w.finca_left = self.finca_left
        w.site_deck = self.site_deck
        w.turn = self.turn
        w.passes = self.passes
        w.blocked = self.blocked
        w.over = self.over
        w.moves = self.moves
        w.warnings = self.warnings
        w.returned = self.returned
        w.touched = self.touched
        w.fresh = self.fresh
        w.earlier = self.earlier
        w.scored = self.scored
        w.cow = COW_ALL  # a view: whatever would change it is copied first
        return w

    def freeze(self) -> State:
        return _make_state(
            self.static,
            self.tiles,
            self.region_of,
            self.regions,
            self.next_rid,
            self.land,
            self.sites,
            tuple(self.players),
            tuple(self.market),
            self.bag,
            self.lrc,
            self.finca_deck,
            self.finca_left,
            self.site_deck,
            self.turn,
            self.passes,
            self.blocked,
            self.over,
            self.moves,
            tuple(self.warnings),
            tuple(self.returned),
            self.earlier + tuple(self.scored) if self.scored else self.earlier,
        )

    # ---- copy on write ---------------------------------------------------------------
    def tiles_w(self) -> dict[Cell, str]:
        """``tiles``, to be changed (copied first if still shared)."""
        if self.cow & COW_TILES:
            self.tiles = dict(self.tiles)
            self.cow &= ~COW_TILES
        return self.tiles

    def region_of_w(self) -> dict[Cell, int]:
        if self.cow & COW_REGION_OF:
            self.region_of = dict(self.region_of)
            self.cow &= ~COW_REGION_OF
        return self.region_of

    def regions_w(self) -> dict[int, Region]:
        if self.cow & COW_REGIONS:
            self.regions = dict(self.regions)
            self.cow &= ~COW_REGIONS
        return self.regions

    def land_w(self) -> dict[Cell, tuple[str, int]]:
        if self.cow & COW_LAND:
            self.land = dict(self.land)
            self.cow &= ~COW_LAND
        return self.land

    def sites_w(self) -> dict[str, Site]:
        if self.cow & COW_SITES:
            self.sites = dict(self.sites)
            self.cow &= ~COW_SITES
        return self.sites

    def finca_left_w(self) -> dict[tuple[int, int], int] | None:
        if self.cow & COW_FINCA_LEFT:
            self.finca_left = None if self.finca_left is None else dict(self.finca_left)
            self.cow &= ~COW_FINCA_LEFT
        return self.finca_left

    def unchanged(self) -> bool:
        """Tiles, regions and sites are still those of the State the Work came from."""
        return self.cow & COW_BOARD == COW_BOARD

    # ---- small queries -------------------------------------------------------------
    def owned(self, seat: int) -> list[Region]:
        return [r for r in self.regions.values() if r.owner == seat]

    def market_count(self) -> int:
        return len(self.market) - self.market.count(None)

    def marked(self) -> list[str]:
        return sorted(s for s, v in self.sites.items() if v.status == "marked")

    def occupied(self, cell: Cell) -> bool:
        board = self.static.board
        ch = board.kind[cell]
        if ch in ".*":
            return cell in self.tiles or cell in self.land
        if ch == "#":
            return True
        return bool(self.static.options["site_cells_occupied"])


def kind_of(token: str) -> str:
    return token.rstrip("*")


#: The kind of every plantation token (``kind_of`` as a table, for the hot paths).
KIND: dict[str, str] = {t: kind_of(t) for t in TOKENS}


def with_money(p: Player, money: int) -> Player:
    """``p._replace(money=money)``, without the keyword machinery (hot path)."""
    return tuple.__new__(
        Player, (money, p.mat, p.horses, p.actions, p.harvest, p.finca, p.penalties, p.horse_points)
    )


_new_work = object.__new__

#: ``Work.cow`` bits: the mapping is still shared with a State (copy before changing it).
COW_TILES, COW_REGION_OF, COW_REGIONS, COW_LAND, COW_SITES, COW_BAG, COW_FINCA_LEFT = (
    1,
    2,
    4,
    8,
    16,
    32,
    64,
)
COW_ALL = 127
COW_BOARD = COW_TILES | COW_REGION_OF | COW_REGIONS | COW_SITES
