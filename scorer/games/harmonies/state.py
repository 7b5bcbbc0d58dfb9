"""The immutable game state: options, per-player boards and cards, shared supply.

A ``State`` is replaced, never changed: a turn edits it through a
:class:`scorer.core.persist.Draft` (``actions.apply_move``) and gets a new state that shares every
untouched part with the old one. The records are NamedTuples (``Draft.done`` over a NamedTuple
takes 1.6 µs against 4.0 µs over a frozen dataclass with slots, measured on this machine for
an 11-field record; every turn makes two). Collections are pyrsistent: ``PVector`` for the
players, the Central board, the pouch, the display, the held cards and the cards revealed
(in the order revealed: at most 32 distinct ids, where ``PVector.append`` takes 0.08 µs and
``in`` 0.28 µs against 5.7 µs and 0.34 µs for ``PSet``), and ``CellMap`` (a ``PVector``
indexed by cell) for a board's stacks and cubes.

Small fixed-size values stay tuples, where a pyrsistent vector measured slower:

* a stack (``Stack``, at most 3 colour names, bottom to top) and a cell ``(col, row)``: they
  are looked up in frozensets of accepted stacks and used as keys (``stack in accepted`` 59 ns
  for a tuple; a ``PVector`` must be hashed first, 69 ns, and cannot meet the tuple keys);
* ``HeldCard.cubes`` (at most 5 cells, grown by one per cube: tuple 70 ns against
  ``PVector.append`` 92 ns; iterated by scoring, tuple 174 ns against 240 ns);
* ``PlayerState.dealt`` (0 or 2 card ids, never changed: ``in`` 57 ns against 101 ns).

Empty cells are not part of a board mapping.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from pyrsistent import PVector, pvector

from scorer.games.harmonies.board import COLOURS, SIDE_CELLS, TRACKS, Cell, Stack
from scorer.games.harmonies.cellmap import CellMap

#: Option name → default (section 9).
DEFAULT_OPTIONS: Mapping[str, Any] = {
    "board_side": "A",
    "nature_spirits": False,
    "river_metric": "shortest_path",
    "tiebreak_counts_spirit_cube": False,
    "animal_cube_supply": None,
    "solo_last_refill": "continue",
}


@dataclass(frozen=True, slots=True)
class Options:
    """The variant options of a record or position (defaults filled in)."""

    board_side: str = "A"
    nature_spirits: bool = False
    river_metric: str = "shortest_path"
    tiebreak_counts_spirit_cube: bool = False
    animal_cube_supply: int | None = None
    solo_last_refill: str = "continue"

    @staticmethod
    def parse(variant: Mapping[str, Any] | None) -> Options:
        """Options from a schema-valid ``variant`` object."""
        merged = {**DEFAULT_OPTIONS, **(variant or {})}
        return Options(**{k: merged[k] for k in DEFAULT_OPTIONS})


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
