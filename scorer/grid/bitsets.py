"""Connected groups of a small fixed board's cells as integer bit sets.

For a board of at most a few dozen cells numbered 0..n-1, a set of cells is an ``int`` whose
bit ``i`` is set when cell ``i`` is in it, and the adjacency is one neighbour mask per cell.
Flood fills are then a few integer operations per cell, with no hashing of cell tuples: the
same groups as :func:`scorer.grid.regions.connected_groups`, for scoring code that fills many
small boards. Groups come out in the order of their lowest cell number.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

C = TypeVar("C", bound=Hashable)


def neighbour_masks(cells: Sequence[C], neighbours: Callable[[C], Iterable[C]]) -> tuple[int, ...]:
    """Per cell number, the bit set of its neighbours among ``cells`` (numbered in order)."""
    number = {c: i for i, c in enumerate(cells)}
    return tuple(sum(1 << number[n] for n in set(neighbours(c)) if n in number) for c in cells)


def bit_groups(members: int, near: Sequence[int]) -> list[int]:
    """The maximal connected groups of the cells in ``members`` (adjacency ``near``, from
    :func:`neighbour_masks`), as bit sets, in the order of their lowest cell number."""
    groups = []
    while members:
        group = frontier = members & -members
        while frontier:
            frontier = reach(frontier, near) & members & ~group
            group |= frontier
        groups.append(group)
        members &= ~group
    return groups


def bit_eccentricity(start: int, members: int, near: Sequence[int]) -> int:
    """The length in cells (``start`` counts 1) of the longest shortest path from cell
    ``start`` within ``members``: the number of breadth-first layers, each grown at once."""
    seen = frontier = 1 << start
    layers = 0
    while frontier:
        layers += 1
        frontier = reach(frontier, near) & members & ~seen
        seen |= frontier
    return layers


def reach(cells: int, near: Sequence[int]) -> int:
    """The cells next to any cell of ``cells`` (one breadth-first layer, grown at once)."""
    found = 0
    while cells:
        low = cells & -cells
        found |= near[low.bit_length() - 1]
        cells ^= low
    return found


def bit_numbers(bits: int) -> list[int]:
    """The cell numbers in the bit set ``bits``, lowest first (a list: for the few cells of
    a board it is built faster than a generator is resumed)."""
    numbers = []
    while bits:
        low = bits & -bits
        numbers.append(low.bit_length() - 1)
        bits ^= low
    return numbers
