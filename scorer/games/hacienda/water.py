"""Water-tile shapes (rules/hacienda.md §6.5): connectivity and the 12 symmetries of the grid."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Hex = tuple[int, int]
_NEIGHBOURS: tuple[Hex, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def is_connected(cells: Sequence[Hex]) -> bool:
    """True if the cells form one connected group (by hex adjacency)."""
    todo = set(cells)
    if not todo:
        return False
    stack = [todo.pop()]
    while stack:
        q, r = stack.pop()
        for dq, dr in _NEIGHBOURS:
            n = (q + dq, r + dr)
            if n in todo:
                todo.remove(n)
                stack.append(n)
    return not todo


def _transforms(cells: Iterable[Hex]) -> Iterable[list[Hex]]:
    base = list(cells)
    for mirror in (False, True):
        cur = [(r, q) for q, r in base] if mirror else base
        for _ in range(6):
            yield cur
            cur = [(-r, q + r) for q, r in cur]


def canonical_form(cells: Iterable[Hex]) -> tuple[Hex, ...]:
    """The smallest translated form over the twelve symmetries (rotations, reflection)."""
    best: tuple[Hex, ...] | None = None
    cells = list(cells)
    if not cells:
        return ()
    for variant in _transforms(cells):
        q0 = min(q for q, _ in variant)
        r0 = min(r for _, r in variant)
        form = tuple(sorted((q - q0, r - r0) for q, r in variant))
        if best is None or form < best:
            best = form
    return best or ()
