"""Static geometry and catalog tables: board sides, neighbour tables, legal stacks, habitats.

Computed once at import: the cells of each board side (section 3.1), the neighbour table of
each side (3.2), the stacks that can exist (6.3) and every card's habitat in its six rotations.
Computed on first use per side: for every offset a habitat cell can have, the cell number at
that offset from each cell (-1 off the side), and so every card's habitat in its six rotations
as columns of that table with the accepted stacks (3.3, 6.5): the referee matches a habitat
with a few tuple indexes and set look-ups. Computed on first use per side and card, from that
table (the simulators, the generator and positions): for each cube cell, every rotation of the
card's habitat that fits on the board, as a tuple of (board cell, accepted stacks) pairs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorer.games.harmonies.cards import ANIMAL_DATA, SPIRIT_DATA, Level, PatternCell
from scorer.grid.hexgrid import DIRECTIONS, axial_to_offset, offset_to_axial, rotate_cw

Cell = tuple[int, int]
Stack = tuple[str, ...]

COLOURS: tuple[str, ...] = ("blue", "gray", "brown", "green", "yellow", "red")
#: Pouch content by colour (section 2).
TOKEN_COUNTS: Mapping[str, int] = {
    "blue": 23,
    "gray": 23,
    "brown": 21,
    "green": 19,
    "yellow": 19,
    "red": 15,
}
CARD_LIMIT = 4


def _side_cells(cols: int, even_rows: int) -> tuple[Cell, ...]:
    return tuple(
        (c, r) for c in range(cols) for r in range(even_rows if c % 2 == 0 else even_rows - 1)
    )


#: Board side → its cells, ordered by column then row.
SIDE_CELLS: Mapping[str, tuple[Cell, ...]] = {"A": _side_cells(5, 5), "B": _side_cells(7, 4)}
SIDE_SETS: Mapping[str, frozenset[Cell]] = {s: frozenset(c) for s, c in SIDE_CELLS.items()}


def to_axial(cell: Cell) -> Cell:
    """[col, row] → axial (q, r) (``scorer.grid.hexgrid.offset_to_axial``)."""
    return offset_to_axial(cell[0], cell[1])


#: Axial (q, r) → [col, row] (``scorer.grid.hexgrid.axial_to_offset``).
to_offset = axial_to_offset


def _neighbours(side: str) -> dict[Cell, tuple[Cell, ...]]:
    cells = SIDE_SETS[side]
    table = {}
    for cell in SIDE_CELLS[side]:
        q, r = to_axial(cell)
        table[cell] = tuple(n for dq, dr in DIRECTIONS if (n := to_offset(q + dq, r + dr)) in cells)
    return table


#: Board side → cell → its neighbouring cells on that side.
NEIGHBOURS: Mapping[str, Mapping[Cell, tuple[Cell, ...]]] = {s: _neighbours(s) for s in SIDE_CELLS}

#: Every stack that can exist (section 6.3, consequences), bottom to top.
LEGAL_STACKS: frozenset[Stack] = frozenset(
    [(c,) for c in COLOURS]
    + [
        ("gray", "gray"),
        ("gray", "red"),
        ("red", "red"),
        ("brown", "red"),
        ("brown", "brown"),
        ("brown", "green"),
        ("gray", "gray", "gray"),
        ("brown", "brown", "green"),
    ]
)


def _expand(levels: tuple[Level, ...]) -> frozenset[Stack]:
    stacks: list[Stack] = [()]
    for level in levels:
        options = (level,) if isinstance(level, str) else level
        stacks = [(*s, c) for s in stacks for c in options]
    return frozenset(stacks)


@dataclass(frozen=True, slots=True)
class Habitat:
    """A card's habitat: the printed pattern and, per rotation, offsets with accepted stacks
    (the cube cell first)."""

    pattern: tuple[PatternCell, ...]
    rotations: tuple[tuple[tuple[int, int, frozenset[Stack]], ...], ...]


def _habitat(pattern: tuple[PatternCell, ...]) -> Habitat:
    # the cube cell (0, 0) first, so that index 0 of every rotation is the cube cell
    ordered = sorted(pattern, key=lambda p: p[:2] != (0, 0))
    rots = tuple(
        tuple((*rotate_cw((dq, dr), k), _expand(levels)) for dq, dr, levels in ordered)
        for k in range(6)
    )
    return Habitat(pattern, rots)


#: Animal card id → score track.
TRACKS: Mapping[str, tuple[int, ...]] = {cid: track for cid, (track, _) in ANIMAL_DATA.items()}
#: Spirit card id → category ("group" or "count").
SPIRIT_CATEGORY: Mapping[str, str] = {cid: cat for cid, (cat, _, _) in SPIRIT_DATA.items()}
#: Every card id (Animal and spirit) → its habitat.
HABITATS: Mapping[str, Habitat] = {
    **{cid: _habitat(p) for cid, (_, p) in ANIMAL_DATA.items()},
    **{cid: _habitat(p) for cid, (_, _, p) in SPIRIT_DATA.items()},
}

Placement = tuple[int, tuple[tuple[Cell, frozenset[Stack]], ...]]
_PLACEMENTS: dict[tuple[str, str], Mapping[Cell, tuple[Placement, ...]]] = {}


def placements(side: str, card: str) -> Mapping[Cell, tuple[Placement, ...]]:
    """Cube cell → the rotations of ``card``'s habitat that fit on board ``side``, with their
    cells (the cube cell first), for every cell of the side in order; empty for an unknown
    card. Computed on first use per side and card (a record uses one side and a few cards)
    from the side's habitat table (``side_habitats``), then kept: data built once."""
    key = (side, card)
    table = _PLACEMENTS.get(key)
    if table is None:
        table = _PLACEMENTS[key] = _placements(side, card)
    return table


def _placements(side: str, card: str) -> Mapping[Cell, tuple[Placement, ...]]:
    habitat = side_habitats(side).get(card)
    if habitat is None:
        return {}
    cells = SIDE_CELLS[side]
    per_cell: dict[Cell, tuple[Placement, ...]] = {}
    for i, target in enumerate(cells):
        fits: list[Placement] = []
        for k, rotation in enumerate(habitat.rotations):
            if all(column[i] >= 0 for column, _ in rotation):
                others = tuple((cells[column[i]], accepted) for column, accepted in rotation)
                fits.append((k, ((target, habitat.cube), *others)))
        per_cell[target] = tuple(fits)
    return per_cell


#: The axial offsets of every habitat cell in every rotation, from the cube cell (0, 0).
HABITAT_OFFSETS: frozenset[tuple[int, int]] = frozenset(
    (dq, dr) for habitat in HABITATS.values() for rot in habitat.rotations for dq, dr, _ in rot
)

#: One rotation of a habitat on a board side, the cube cell left out: per other pattern cell,
#: the side's shift column of its offset (cell number → number of the cell at that offset, -1
#: off the side) and the stacks it accepts.
SideRotation = tuple[tuple[tuple[int, ...], frozenset[Stack]], ...]


@dataclass(frozen=True, slots=True)
class SideHabitat:
    """A card's habitat on one board side: the stacks its cube cell accepts (the same in every
    rotation) and its six rotations (``SideRotation``)."""

    cube: frozenset[Stack]
    rotations: tuple[SideRotation, ...]


_SIDE_HABITATS: dict[str, Mapping[str, SideHabitat]] = {}


def _shift_columns(side: str) -> dict[tuple[int, int], tuple[int, ...]]:
    """Axial offset (of ``HABITAT_OFFSETS``) → per cell number of ``side``, the number of the
    cell at that offset from it, -1 where that is off the side."""
    cells = SIDE_CELLS[side]
    number = {c: i for i, c in enumerate(cells)}
    axial = [to_axial(c) for c in cells]
    return {
        (dq, dr): tuple(number.get(to_offset(q + dq, r + dr), -1) for q, r in axial)
        for dq, dr in sorted(HABITAT_OFFSETS)
    }


def side_habitats(side: str) -> Mapping[str, SideHabitat]:
    """Card id → its habitat on board ``side`` (``SideHabitat``), for every card of the
    catalogue. Built on first use per side (a record uses one), then kept: data built once
    per board side and catalogue."""
    table = _SIDE_HABITATS.get(side)
    if table is None:
        shift = _shift_columns(side)
        table = _SIDE_HABITATS[side] = {
            card: SideHabitat(
                habitat.rotations[0][0][2],  # the cube cell is first in every rotation
                tuple(
                    tuple((shift[dq, dr], accepted) for dq, dr, accepted in rotated[1:])
                    for rotated in habitat.rotations
                ),
            )
            for card, habitat in HABITATS.items()
        }
    return table


def rotations_on(side: str, card: str, at: int | None, stacks: Sequence[Stack]) -> list[int]:
    """``matching_rotations`` (exact match) for the cube cell numbered ``at`` on ``side``
    (None: off the side) and a board given as the stacks of every cell of ``side`` in side
    order, ``()`` for an empty cell (a ``CellMap``'s ``vector``): the same rotations, looked
    up by cell number in the side's habitat table."""
    habitat = side_habitats(side).get(card)
    if habitat is None or at is None or stacks[at] not in habitat.cube:
        return []
    found = []
    for k, rotation in enumerate(habitat.rotations):
        for column, accepted in rotation:
            there = column[at]
            if there < 0 or stacks[there] not in accepted:
                break
        else:
            found.append(k)
    return found


def matching_rotations(
    side: str, card: str, cell: Cell, board: Mapping[Cell, Stack], prefix: bool = False
) -> list[int]:
    """Rotations k in which the habitat of ``card`` lies with its cube cell on ``cell``.

    ``prefix`` (positions, HAR-POS-9): the other cells need only *begin* with the pattern stack.
    """
    found = []
    get = board.get
    for k, placed in placements(side, card).get(cell, ()):
        if prefix:
            if all(_fits(get(c, ()), acc, i > 0) for i, (c, acc) in enumerate(placed)):
                found.append(k)
            continue
        for c, acc in placed:
            if get(c, ()) not in acc:
                break
        else:
            found.append(k)
    return found


def _fits(stack: Stack, accepted: frozenset[Stack], prefix: bool) -> bool:
    if stack in accepted:
        return True
    return prefix and any(stack[: len(a)] == a for a in accepted)
