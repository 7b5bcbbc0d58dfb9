"""The immutable game state: options, per-player boards and cards, shared supply.

A ``State`` is replaced, never changed: a turn edits it through a :class:`TurnDraft`
(``actions.apply_move``) and gets a new state that shares every untouched part with the old
one. The records are NamedTuples. Collections are pyrsistent: ``PVector`` for the players, the
Central board, the pouch, the display, the held cards and the cards revealed (in the order
revealed: at most 32 distinct ids), and ``CellMap`` (a ``PVector`` indexed by cell) for a
board's stacks and cubes.

Small fixed-size values stay tuples:

* a stack (``Stack``, at most 3 colour names, bottom to top) and a cell ``(col, row)``: they
  are looked up in frozensets of accepted stacks and used as keys;
* ``HeldCard.cubes`` (at most 5 cells, grown by one per cube);
* ``PlayerState.dealt`` (0 or 2 card ids, never changed).

Empty cells are not part of a board mapping.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from types import MappingProxyType
from typing import Literal, NamedTuple

from pyrsistent import PVector, pvector

from scorer.core.draft import Draft
from scorer.core.values import Json
from scorer.games.harmonies.board import COLOURS, SIDE_CELLS, TRACKS, Cell, Stack
from scorer.games.harmonies.cellmap import CellMap


@dataclass(frozen=True, slots=True)
class Options:
    """The variant options of a record or position (section 9; defaults filled in)."""

    board_side: Literal["A", "B"] = "A"
    nature_spirits: bool = False
    river_metric: Literal["shortest_path", "include_loops"] = "shortest_path"
    tiebreak_counts_spirit_cube: bool = False
    animal_cube_supply: int | None = None
    solo_last_refill: Literal["continue", "end"] = "continue"

    @classmethod
    def parse(cls, variant: Json | None) -> Options:
        """Options from a schema-valid ``variant`` object (options it leaves out: defaults)."""
        given = variant or {}
        return cls(**{f.name: given[f.name] for f in fields(cls) if f.name in given})


#: Option name → default (section 9), read-only.
DEFAULT_OPTIONS: Mapping[str, str | bool | int | None] = MappingProxyType(asdict(Options()))


class HeldCard(NamedTuple):
    """An Animal card in a player's area and the cells its placed cubes lie on (in order)."""

    card: str
    cubes: tuple[Cell, ...] = ()

    @property
    def complete(self) -> bool:
        return len(self.cubes) >= len(TRACKS[self.card])


def incomplete_cards(cards: PVector[HeldCard], spirit: str | None, cube: Cell | None) -> int:
    """Incomplete cards (the chosen spirit card counts while its cube is unplaced)."""
    n = sum(1 for h in cards if not h.complete)
    return n + (1 if spirit is not None and cube is None else 0)


class PlayerState(NamedTuple):
    """One player's board (non-empty stacks), cubes (cell → card id), cards and spirit."""

    name: str
    board: CellMap[Stack]
    cubes: CellMap[str]
    cards: PVector[HeldCard] = pvector()
    dealt: tuple[str | None, ...] = ()
    spirit: str | None = None
    spirit_cube: Cell | None = None
    turns: int = 0
    #: The record's ``color`` of the player (pictures only; unused by the rules).
    color: str | None = None

    def incomplete(self) -> int:
        """Incomplete cards (the chosen spirit card counts while its cube is unplaced)."""
        return incomplete_cards(self.cards, self.spirit, self.spirit_cube)

    def animal_cubes(self) -> int:
        return sum(len(h.cubes) for h in self.cards)

    def tokens(self) -> int:
        return sum(len(s) for s in self.board.values())


#: Side → an empty board and an empty cube map (immutable, so every player starts from the
#: same two).
_EMPTY: Mapping[str, tuple[CellMap[Stack], CellMap[str]]] = {
    side: (CellMap.of(side, ()), CellMap.of(side, "")) for side in SIDE_CELLS
}


def empty_player(
    name: str, side: str, dealt: tuple[str | None, ...] = (), color: str | None = None
) -> PlayerState:
    board, cubes = _EMPTY[side]
    return PlayerState(name, board, cubes, pvector(), dealt, color=color)


class State(NamedTuple):
    """Everything the referee tracks between turns (sections 10 and 15.1).

    ``pouch`` holds the token counts in ``COLOURS`` order; ``display`` the face-up Animal cards;
    ``revealed`` every Animal card revealed so far, in the order revealed (the draw pile is the
    catalog minus these);
    ``reserve`` the cube reserve when limited. ``seat`` is the index of the player to move.
    """

    options: Options
    players: PVector[PlayerState]
    central: PVector[Stack]
    pouch: PVector[int]
    display: PVector[str]
    revealed: PVector[str]
    reserve: int | None = None
    seat: int = 0
    turn: int = 0
    triggered: bool = False
    over: bool = False
    #: Notes for the score sheet (a position whose board-level cubes allow several scores).
    notes: PVector[str] = pvector()
    #: Which end trigger fired first (section 7.3): ``"board_full"`` (the board trigger) or
    #: ``"pouch_empty"`` (the pouch trigger), ``""`` while none has. When both fire in one
    #: turn it is the pouch: the game has run its full length (turn 36; solo 14, or 13 with
    #: ``end``).
    trigger: str = ""

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def side(self) -> str:
        return self.options.board_side

    def pouch_size(self) -> int:
        return sum(self.pouch)

    def pouch_counts(self) -> dict[str, int]:
        return dict(zip(COLOURS, self.pouch, strict=True))

    def empty_cells(self, player: PlayerState) -> int:
        return len(SIDE_CELLS[self.side]) - len(player.board)


class TurnDraft(Draft[State]):
    """A turn in progress (``actions``): the fields of the state as the steps so far left
    them, and the notes of the turn, which never become part of a state.

    The notes keep the player to move's board, cubes and cards as the steps change them:
    ``stacks`` (the ``PVector`` inside the board's ``CellMap``, indexed through
    ``cell_index``) and ``filled`` (cells holding tokens), ``cube_at`` and ``cube_count`` (the
    cube map's vector and size), ``cards``, ``spirit`` and ``spirit_cube``; ``events.end_turn``
    puts them into the player's record once. Also: ``hand`` (the tokens taken and not yet
    placed), ``took_tokens`` and ``space`` (the Central board space taken), ``took_card``,
    ``first_turn`` (the player's first turn) and ``side`` (the board side in use).
    ``actions.begin_turn`` sets them from the player to move.
    """

    # the fields of State (tests/harmonies/test_state.py checks they are exactly State's)
    options: Options
    players: PVector[PlayerState]
    central: PVector[Stack]
    pouch: PVector[int]
    display: PVector[str]
    revealed: PVector[str]
    reserve: int | None
    seat: int
    turn: int
    triggered: bool
    over: bool
    notes: PVector[str]
    trigger: str

    # the notes of the turn in progress
    side: str = "A"
    cell_index: Mapping[Cell, int] = MappingProxyType({})
    stacks: PVector[Stack] = pvector()
    filled: int = 0
    cube_at: PVector[str] = pvector()
    cube_count: int = 0
    cards: PVector[HeldCard] = pvector()
    spirit: str | None = None
    spirit_cube: Cell | None = None
    hand: tuple[str, ...] = ()
    took_tokens: bool = False
    space: int = 0
    took_card: bool = False
    first_turn: bool = False
