"""Connected regions over any adjacency: the one flood fill every game uses."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Container, Hashable, Iterable, Iterator, Sequence
from typing import TypeVar

C = TypeVar("C", bound=Hashable)
Neighbours = Callable[[C], Iterable[C]]


def connected_groups(cells: Collection[C], neighbours: Neighbours[C]) -> list[frozenset[C]]:
    """Split ``cells`` into maximal groups connected through ``neighbours`` (restricted to cells).

    Groups come out in the order of their first cell in ``cells``, so the result is
    deterministic whenever ``cells`` is ordered.
    """
    members = set(cells)
    seen: set[C] = set()
    groups: list[frozenset[C]] = []
    for start in cells:
        if start in seen:
            continue
        group = _flood(start, members, neighbours)
        seen |= group
        groups.append(frozenset(group))
    return groups


def group_of(start: C, cells: Collection[C], neighbours: Neighbours[C]) -> frozenset[C]:
    """The connected group of ``cells`` that contains ``start`` (empty if start is not a cell)."""
    members = set(cells)
    if start not in members:
        return frozenset()
    return frozenset(_flood(start, members, neighbours))


def _flood(start: C, members: set[C], neighbours: Neighbours[C]) -> set[C]:
    group = {start}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        for nxt in neighbours(cell):
            if nxt in members and nxt not in group:
                group.add(nxt)
                todo.append(nxt)
    return group


def distances_from(start: C, cells: Collection[C], neighbours: Neighbours[C]) -> dict[C, int]:
    """Breadth-first distance (in steps) from ``start`` to every reachable cell of ``cells``."""
    members = set(cells)
    dist = {start: 0}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        for nxt in neighbours(cell):
            if nxt in members and nxt not in dist:
                dist[nxt] = dist[cell] + 1
                todo.append(nxt)
    return dist


def iter_adjacent_pairs(cells: Iterable[C], neighbours: Neighbours[C]) -> Iterator[tuple[C, C]]:
    """Every unordered adjacent pair within ``cells`` once (by first occurrence order)."""
    order = {c: i for i, c in enumerate(cells)}
    for cell, i in order.items():
        for nxt in neighbours(cell):
            j = order.get(nxt)
            if j is not None and j > i:
                yield cell, nxt


# Index graphs: cells are 0..N-1 with an adjacency table and one label per cell (a board
# stored as flat sequences). No callables and no sets of all members: the flood reads the
# labels in place, so it is cheap on a persistent vector or its evolver.


def label_group(
    start: int, labels: Sequence[object], adjacency: Sequence[Sequence[int]]
) -> list[int]:
    """The cells connected to ``start`` through ``adjacency`` whose label equals start's.

    ``start`` comes first, then the others in breadth-first order (neighbours in table order).
    """
    label = labels[start]
    group = [start]
    seen = {start}
    for cell in group:  # the list grows while it is read: breadth-first, in order
        for nxt in adjacency[cell]:
            if nxt not in seen and labels[nxt] == label:
                seen.add(nxt)
                group.append(nxt)
    return group


def label_groups(
    labels: Sequence[object], adjacency: Sequence[Sequence[int]], wanted: Container[object]
) -> list[list[int]]:
    """Every maximal same-label group of the cells whose label is in ``wanted``.

    Groups come in the order of their lowest cell; each is as :func:`label_group` gives it.
    """
    seen: set[int] = set()
    groups: list[list[int]] = []
    for cell in [c for c, label in enumerate(labels) if label in wanted]:
        if cell not in seen:
            group = label_group(cell, labels, adjacency)
            seen.update(group)
            groups.append(group)
    return groups
