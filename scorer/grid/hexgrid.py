"""Axial hex coordinates (q, r): neighbours, rotation and distance.

Hacienda uses axial coordinates directly. Harmonies records cells as offset ``[col, row]`` of
flat-topped hexes in columns (odd columns shifted down); :func:`offset_to_axial` converts.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import cast

Hex = tuple[int, int]

#: The six axial directions (flat-topped, y down): N, NE, SE, S, SW, NW.
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def neighbours(cell: Hex) -> Iterator[Hex]:
    """The six axial neighbours of ``cell`` (unbounded grid)."""
    q, r = cell
    for dq, dr in DIRECTIONS:
        yield (q + dq, r + dr)


def neighbour_table(coords: Sequence[Hex], index: Mapping[Hex, int]) -> tuple[tuple[int, ...], ...]:
    """The index graph of a board of cells ``coords`` (``index`` maps each to its number): for
    cell number i, the numbers of its neighbours on the board in :data:`DIRECTIONS` order.

    Built once per board; the six directions are written out (N, NE, SE, S, SW, NW, as in
    ``DIRECTIONS``) so a cell costs no generator, and an inner cell (all six on the board)
    keeps its tuple as it is."""
    get = index.get
    table = []
    for q, r in coords:
        around = (
            get((q, r - 1)),
            get((q + 1, r - 1)),
            get((q + 1, r)),
            get((q, r + 1)),
            get((q - 1, r + 1)),
            get((q - 1, r)),
        )
        if None in around:  # a cell at the edge of the board
            table.append(tuple([n for n in around if n is not None]))
        else:
            table.append(cast("tuple[int, ...]", around))
    return tuple(table)


def rotate_cw(offset: Hex, times: int = 1) -> Hex:
    """Rotate an axial offset by ``times`` × 60° clockwise: (dq, dr) → (−dr, dq + dr)."""
    dq, dr = offset
    for _ in range(times % 6):
        dq, dr = -dr, dq + dr
    return (dq, dr)


def distance(a: Hex, b: Hex) -> int:
    """Hex distance between two axial cells."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def offset_to_axial(col: int, row: int) -> Hex:
    """Flat-topped columns, odd columns shifted down: [col, row] → (q, r)."""
    return (col, row - (col - (col & 1)) // 2)


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    """Inverse of :func:`offset_to_axial`."""
    return (q, r + (q - (q & 1)) // 2)
