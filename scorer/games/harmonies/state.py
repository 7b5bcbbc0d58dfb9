"""The immutable game state: options, per-player boards and cards, shared supply.

A ``GameState`` is replaced, never changed: ``apply`` builds a new one per turn (a ``CellMap``
update per token, plain tuples for the small collections). Board stacks are tuples of colour
names keyed by ``(col, row)``; empty cells are not part of the board mapping.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

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


@dataclass(frozen=True, slots=True)
class HeldCard:
    """An Animal card in a player's area and the cells its placed cubes lie on (in order)."""

    card: str
    cubes: tuple[Cell, ...] = ()

    @property
    def complete(self) -> bool:
        return len(self.cubes) >= len(TRACKS[self.card])


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's board (non-empty stacks), cubes (cell → card id), cards and spirit."""

    name: str
    board: CellMap[Stack]
    cubes: CellMap[str]
    cards: tuple[HeldCard, ...] = ()
    dealt: tuple[str | None, ...] = ()
    spirit: str | None = None
    spirit_cube: Cell | None = None
    turns: int = 0
    #: The record's ``color`` of the player (pictures only; unused by the rules).
    color: str | None = None

    def incomplete(self) -> int:
        """Incomplete cards (the chosen spirit card counts while its cube is unplaced)."""
        n = sum(1 for h in self.cards if not h.complete)
        return n + (1 if self.spirit is not None and self.spirit_cube is None else 0)

    def animal_cubes(self) -> int:
        return sum(len(h.cubes) for h in self.cards)

    def tokens(self) -> int:
        return sum(len(s) for s in self.board.values())


def empty_player(
    name: str, side: str, dealt: tuple[str | None, ...] = (), color: str | None = None
) -> PlayerState:
    return PlayerState(name, CellMap.of(side, ()), CellMap.of(side, ""), (), dealt, color=color)


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the referee tracks between turns (sections 10 and 15.1).

    ``pouch`` holds the token counts in ``COLOURS`` order; ``display`` the face-up Animal cards;
    ``revealed`` every Animal card revealed so far (the draw pile is the catalog minus these);
    ``reserve`` the cube reserve when limited. ``seat`` is the index of the player to move.
    """

    options: Options
    players: tuple[PlayerState, ...]
    central: tuple[Stack, ...]
    pouch: tuple[int, ...]
    display: tuple[str, ...]
    revealed: frozenset[str]
    reserve: int | None = None
    seat: int = 0
    turn: int = 0
    triggered: bool = False
    over: bool = False
    #: Notes for the score sheet (a position whose board-level cubes allow several scores).
    notes: tuple[str, ...] = ()

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
