"""Axial hex coordinates (q, r): neighbours, rotation and distance.

Hacienda uses axial coordinates directly. Harmonies records cells as offset ``[col, row]`` of
flat-topped hexes in columns (odd columns shifted down); :func:`offset_to_axial` converts.
"""

from __future__ import annotations

from collections.abc import Iterator

Hex = tuple[int, int]

#: The six axial directions (flat-topped, y down): N, NE, SE, S, SW, NW.
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def neighbours(cell: Hex) -> Iterator[Hex]:
    """The six axial neighbours of ``cell`` (unbounded grid)."""
    q, r = cell
    for dq, dr in DIRECTIONS:
        yield (q + dq, r + dr)


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
