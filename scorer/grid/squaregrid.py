"""Square grid cells (x, y), x to the right and y downwards."""

from __future__ import annotations

from collections.abc import Iterator

Square = tuple[int, int]

ORTHOGONAL: tuple[Square, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
RING: tuple[Square, ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def orthogonal(cell: Square) -> Iterator[Square]:
    """The four orthogonal neighbours (N4) of ``cell`` on an unbounded grid."""
    x, y = cell
    for dx, dy in ORTHOGONAL:
        yield (x + dx, y + dy)


def ring(cell: Square) -> Iterator[Square]:
    """The eight cells at Chebyshev distance 1 (orthogonal and diagonal)."""
    x, y = cell
    for dx, dy in RING:
        yield (x + dx, y + dy)


def rotate(offset: Square, degrees: int) -> Square:
    """Rotate clockwise (y down) by 0, 90, 180 or 270 degrees: R90(x, y) = (−y, x)."""
    x, y = offset
    for _ in range((degrees // 90) % 4):
        x, y = -y, x
    return (x, y)
