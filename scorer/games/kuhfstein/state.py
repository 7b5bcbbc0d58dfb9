"""Immutable Kuhfstein state: component data, options, boards and the shared table.

The state and the boards are NamedTuples holding pyrsistent collections: ``TileMap``
landscapes (tilemap.py: a ``PVector`` over a window of cells), ``PMap`` counts, ``PVector``
hands, played cards, trees and orders; nothing reachable from a state is a plain dict, list
or set. Small bounded fields stay tuples or frozensets, each with its bound below. Component
data and options, built once per game, are frozen dataclasses of pyrsistent maps.

A move never changes a state: it writes a ``TurnDraft`` (a typed ``scorer.core.draft.Draft``
of the state and of the moving player's board, ``BoardDraft``, with the notes of the turn in
progress), and ``done()`` returns the new state, sharing every untouched part with the old.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from pyrsistent import PMap, PVector, pmap, pvector

from scorer.core.draft import Draft
from scorer.core.findings import Finding
from scorer.games.kuhfstein.tilemap import NO_TILES, TileMap

if TYPE_CHECKING:
    from scorer.games.kuhfstein.cards import CardBook

Cell = tuple[int, int]
NO_IDS: PVector[str] = pvector()
NO_DETAILS: PMap[str, object] = pmap()


KINDS: tuple[str, ...] = ("hay", "meadow", "forest", "lake", "house")
KIND_SET: frozenset[str] = frozenset(KINDS)
KIND_INDEX: Mapping[str, int] = {k: i for i, k in enumerate(KINDS)}
TOTAL_TILES: Mapping[int, int] = {2: 61, 3: 66, 4: 71}
DECK_SIZE: int = 55
MAX_SCORING_TILES: int = 9
COWS_PER_PLAYER: int = 6
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
PHASES: tuple[str, ...] = ("play", "finishing", "extra_round", "over")
CATEGORIES: tuple[str, ...] = ("cards", "trees", "scoring_tile")
#: Why a game ends (section 7): a stable word → words (a score sheet's ``end_reason``).
END_REASONS: Mapping[str, str] = {
    "threshold": "a player reached the end threshold; the round was completed",
    "tiles_exhausted": "the tile display could not be refilled (early end)",
}


def rotate(x: int, y: int, degrees: int) -> Cell:
    """R0(x, y) = (x, y); R90 = (−y, x); R180 = (−x, −y); R270 = (y, −x) (clockwise, y down)."""
    if degrees == 90:
        return (-y, x)
    if degrees == 180:
        return (-x, -y)
    if degrees == 270:
        return (y, -x)
    return (x, y)


def turned(
    cells: tuple[tuple[int, int, str], ...], degrees: int
) -> tuple[tuple[int, int, str], ...]:
    """A card pattern rotated clockwise by ``degrees`` (0, 90, 180 or 270), as ``rotate``."""
    if degrees == 90:
        return tuple([(-y, x, f) for x, y, f in cells])
    if degrees == 180:
        return tuple([(-x, -y, f) for x, y, f in cells])
    if degrees == 270:
        return tuple([(y, -x, f) for x, y, f in cells])
    return cells


class Card(NamedTuple):
    """A pattern card as printed, with its four rotations precomputed (a game builds each card
    it uses once)."""

    cid: str
    points: int
    cells: tuple[tuple[int, int, str], ...]
    rotations: tuple[tuple[tuple[int, int, str], ...], ...]
    n_faces: int
    face_kinds: frozenset[str]

    @staticmethod
    def build(cid: str, points: int, cells: tuple[tuple[int, int, str], ...]) -> Card:
        rots = (cells, turned(cells, 90), turned(cells, 180), turned(cells, 270))
        faces = [c for c in cells if c[2] != "back"]
        return Card(cid, points, cells, rots, len(faces), frozenset([f for _, _, f in faces]))


class ScoringTile(NamedTuple):
    """A scoring tile: points and a condition (section 8.2)."""

    tid: str
    points: int
    ctype: str
    kind: str
    n: int
    text: str


@dataclass(frozen=True, slots=True)
class Options:
    """The variant options of section 12 with their defaults."""

    refill_timing: str = "end_of_turn"
    tile_swap_draw: str = "same"
    swap_discard: str = "out_of_game"
    max_swaps_per_action: int = 1
    card_swap_needs_full_display: bool = True
    partial_herd: bool = False
    early_end_finish_round: bool = False
    extra_final_round: bool = False
    allow_pass: str = "if_stuck"
    majority_tie: str = "shared"
    end_threshold: int = 65
    card_catalog: str = "inline"

    @classmethod
    def parse(cls, variant: Mapping[str, object]) -> Options:
        """The options a record's or a position's ``variant`` sets (schema-checked), the
        defaults for the rest; members that are not variant options are left out."""
        known = cls.__dataclass_fields__
        return cls(**{k: v for k, v in variant.items() if k in known})  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Components:
    """Component data of one game (from the record's setup or a position's components)."""

    cards: CardBook
    scoring_tiles: PMap[str, ScoringTile]
    bonus: PMap[int, str]
    trees: int
    total_tiles: int
    tile_counts: PMap[str, int] | None
    #: the bonus spaces (keys of ``bonus``) in increasing order
    spaces: tuple[int, ...]

    def cow_spaces(self) -> tuple[int, ...]:
        return tuple(sorted(p for p, kind in self.bonus.items() if kind == "cow"))

    def cows_on_track(self, score: int) -> int:
        """Cows of a player still on the track at track score ``score``."""
        return sum(1 for p in self.cow_spaces() if p > score)


class Board(NamedTuple):
    """One player's landscape, cows, trees, cards and scoring tiles."""

    tiles: TileMap = NO_TILES
    #: at most 6 cows (COWS_PER_PLAYER) stand in a landscape: a small frozenset
    cows: frozenset[Cell] = frozenset()
    #: the cells serving a tree (4 per tree, so at most 4 × the tree supply): a small frozenset
    used: frozenset[Cell] = frozenset()
    trees: PVector[Cell] = pvector()
    hand: PVector[str] = NO_IDS
    played: PVector[str] = NO_IDS
    #: the cells each played card covered (parallel to ``played``; empty from a position);
    #: each entry is the fixed ≤ 5 cells of one card, a tuple
    played_at: PVector[tuple[Cell, ...]] = pvector()
    card_points: int = 0
    supply: int = 4
    #: the two scoring tiles dealt (fixed size)
    dealt: tuple[str, ...] = ()
    revealed: str | None = None
    tile_met: bool = False

    @property
    def score(self) -> int:
        """The track score: card points and trees (the scoring tile is not on the track)."""
        return self.card_points + 5 * len(self.trees)


class State(NamedTuple):
    """The whole game between two move objects.

    Small bounded fields are tuples: ``names``, ``colours``, ``boards`` (one per player, 2 to
    4), the displays (at most 5 tiles, 4 cards) and ``kind_left`` (the 5 kinds' counts in
    KINDS order); ``seen`` (at most the 55 card ids) is a frozenset. ``warnings`` are Findings
    whose ``details`` are PMaps (records rarely have any)."""

    comp: Components
    opts: Options
    names: tuple[str, ...]
    boards: tuple[Board, ...]
    tile_display: tuple[str, ...]
    tiles_left: int
    kind_left: tuple[int, ...] | None
    tile_order: PVector[str] | None
    tile_pos: int
    card_display: tuple[str, ...]
    seen: frozenset[str]
    card_order: PVector[str] | None
    card_pos: int
    cards_out: PVector[str]
    trees_left: int
    seat: int = 0
    phase: str = "play"
    extra_pending: bool = False
    move_index: int = 0
    warnings: tuple[Finding, ...] = ()
    deck_base: int = DECK_SIZE
    colours: tuple[str | None, ...] = ()
    #: why play ended or is ending (END_REASONS: ``threshold`` or ``tiles_exhausted``), set
    #: by the turn that triggered the end; None before (and in a position, which has no past)
    end: str | None = None

    @property
    def deck_left(self) -> int:
        """Cards left in the deck: 55 − card ids seen so far (a position may set the base)."""
        return self.deck_base - len(self.seen)

    def board(self, name: str) -> Board:
        return self.boards[self.names.index(name)]


class BoardDraft(Draft[Board]):
    """The moving player's board as the move leaves it so far: ``Board``'s fields."""

    tiles: TileMap
    cows: frozenset[Cell]
    used: frozenset[Cell]
    trees: PVector[Cell]
    hand: PVector[str]
    played: PVector[str]
    played_at: PVector[tuple[Cell, ...]]
    card_points: int
    supply: int
    dealt: tuple[str, ...]
    revealed: str | None
    tile_met: bool

    @property
    def score(self) -> int:
        """The track score so far: card points and trees."""
        return self.card_points + 5 * len(self.trees)


class TurnDraft(Draft[State]):
    """A play turn in progress: ``State``'s fields as the move leaves them so far, the moving
    player's board (``board``, made a ``Board`` again by ``events.end_turn``) and the notes of
    the turn, which never become part of a state."""

    comp: Components
    opts: Options
    names: tuple[str, ...]
    boards: tuple[Board, ...]
    tile_display: tuple[str, ...]
    tiles_left: int
    kind_left: tuple[int, ...] | None
    tile_order: PVector[str] | None
    tile_pos: int
    card_display: tuple[str, ...]
    seen: frozenset[str]
    card_order: PVector[str] | None
    card_pos: int
    cards_out: PVector[str]
    trees_left: int
    seat: int
    phase: str
    extra_pending: bool
    move_index: int
    warnings: tuple[Finding, ...]
    deck_base: int
    colours: tuple[str | None, ...]
    end: str | None

    #: the moving player's board
    board: BoardDraft
    #: regular steps taken so far, and extra actions won (KUH-TURN-2)
    regular: int = 0
    extra: int = 0
    #: bonus spaces won this turn (space → extra_tile or extra_card) and those used
    avail: PMap[int, str] = pmap()
    spent: frozenset[int] = frozenset()
    #: every bonus space triggered this turn, in order (KUH-BONUS-3)
    triggered: tuple[int, ...] = ()

    def __init__(self, base: State) -> None:
        super().__init__(base)
        self.board = BoardDraft(base.boards[base.seat])

    @property
    def deck_left(self) -> int:
        """Cards left in the deck so far."""
        return self.deck_base - len(self.seen)
