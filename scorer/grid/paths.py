"""Paths and cycles within a set of cells over any adjacency: farthest cells, shortest paths,
biconnected blocks and the longest simple cycle.

Like :mod:`scorer.grid.regions`, every function takes the cells it may use and a
``neighbours`` function, and the results are deterministic: they follow the order of the
``cells`` sequence given (pass it sorted for an order independent of how the cells were found)
and the order in which ``neighbours`` lists a cell's neighbours.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Hashable, Sequence
from typing import TypeVar

from scorer.grid.regions import Neighbours

C = TypeVar("C", bound=Hashable)


def farthest(start: C, cells: Collection[C], neighbours: Neighbours[C]) -> tuple[int, C]:
    """The length in cells (``start`` counts 1) of the longest shortest path from ``start``
    within ``cells``, and the cell it ends on: the first cell breadth-first search reaches at
    that distance."""
    path = farthest_path(start, cells, neighbours)
    return len(path), path[-1]


def farthest_path(start: C, cells: Collection[C], neighbours: Neighbours[C]) -> tuple[C, ...]:
    """The cells of ``shortest_path(start, end, cells, neighbours)`` where ``end`` is the
    first cell breadth-first search reaches at the greatest distance from ``start`` (the end
    of :func:`farthest`), found by one search instead of two (both visit the cells in the same
    order, so the parents are the same)."""
    parent: dict[C, C | None] = {start: None}
    dist = {start: 1}
    todo = deque([start])
    far, end = 1, start
    while todo:
        cell = todo.popleft()
        d = dist[cell] + 1
        for n in neighbours(cell):
            if n in cells and n not in parent:
                parent[n] = cell
                dist[n] = d
                if d > far:
                    far, end = d, n
                todo.append(n)
    return _walk_back(parent, end)


def shortest_path(
    start: C, end: C, cells: Collection[C], neighbours: Neighbours[C]
) -> tuple[C, ...]:
    """A shortest path of ``cells`` from ``start`` to ``end``, both included (each cell is
    reached from the cell breadth-first search reached it from first). ``end`` must be
    reachable."""
    parent: dict[C, C | None] = {start: None}
    todo = deque([start])
    while todo and end not in parent:
        cell = todo.popleft()
        for n in neighbours(cell):
            if n in cells and n not in parent:
                parent[n] = cell
                todo.append(n)
    return _walk_back(parent, end)


def _walk_back(parent: dict[C, C | None], end: C) -> tuple[C, ...]:
    """The path from the search's start to ``end`` through the ``parent`` of each cell."""
    path: list[C] = []
    step: C | None = end
    while step is not None:
        path.append(step)
        step = parent[step]
    return tuple(reversed(path))


def blocks(cells: Sequence[C], neighbours: Neighbours[C], smallest: int = 3) -> list[frozenset[C]]:
    """The biconnected components of ``cells`` with at least ``smallest`` cells (every cycle
    lies inside one of them), largest first (ties in the order found). Iterative
    Hopcroft–Tarjan, roots taken in the order of ``cells``."""
    group = set(cells)
    index: dict[C, int] = {}
    low: dict[C, int] = {}
    found: list[frozenset[C]] = []
    edges: list[tuple[C, C]] = []
    for root in cells:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack = [(root, iter([n for n in neighbours(root) if n in group]))]
        parent: dict[C, C | None] = {root: None}
        while stack:
            cell, todo = stack[-1]
            nxt = next(todo, None)
            if nxt is None:
                stack.pop()
                up = parent[cell]
                if up is not None:
                    low[up] = min(low[up], low[cell])
                    if low[cell] >= index[up]:
                        part: set[C] = set()
                        while True:
                            a, b = edges.pop()
                            part |= {a, b}
                            if (a, b) == (up, cell):
                                break
                        if len(part) >= smallest:
                            found.append(frozenset(part))
                continue
            if nxt not in index:
                parent[nxt] = cell
                index[nxt] = low[nxt] = len(index)
                edges.append((cell, nxt))
                stack.append((nxt, iter([n for n in neighbours(nxt) if n in group])))
            elif nxt != parent[cell] and index[nxt] < index[cell]:
                low[cell] = min(low[cell], index[nxt])
                edges.append((cell, nxt))
    return sorted(found, key=len, reverse=True)


def longest_cycle(cells: Sequence[C], neighbours: Neighbours[C]) -> tuple[C, ...]:
    """The cells of a longest simple cycle (3 cells or more) within ``cells``, in cycle order;
    empty if there is none.

    Depth-first search over simple paths that start at their first cell in the order of
    ``cells``, pruned by the number of cells still reachable (a cycle cannot be longer than the
    path plus those cells) and stopped as soon as a cycle through every cell is found.
    """
    order = {c: i for i, c in enumerate(cells)}
    best: tuple[C, ...] = ()

    def reachable(cell: C, seen: set[C], low: int) -> int:
        found = {cell}
        todo = [cell]
        while todo:
            for n in neighbours(todo.pop()):
                if n in order and order[n] > low and n not in seen and n not in found:
                    found.add(n)
                    todo.append(n)
        return len(found) - 1

    def walk(start: C, cell: C, seen: set[C], path: list[C]) -> bool:
        nonlocal best
        if len(path) + reachable(cell, seen, order[start]) <= len(best):
            return False
        for n in neighbours(cell):
            if n == start and len(path) >= 3:
                if len(path) > len(best):
                    best = tuple(path)
                if len(best) == len(order):
                    return True
            elif n in order and order[n] > order[start] and n not in seen:
                seen.add(n)
                path.append(n)
                if walk(start, n, seen, path):
                    return True
                path.pop()
                seen.discard(n)
        return False

    for start in cells:
        if len(order) - order[start] <= len(best):
            break
        if walk(start, start, {start}, [start]):
            break
    return best
