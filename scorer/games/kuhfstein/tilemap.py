"""``TileMap``: a player's landscape, an immutable mapping cell → landscape kind.

Looking cells up and placing tiles is the hot path of a turn (KUH-TILE-5/6, KUH-PLAY-3/4,
KUH-TREE-3/4), so the kinds of the cells of a window around the origin (x and y in
−32..31: ``WINDOW``) live in a pyrsistent ``PVector`` indexed through a read-only table built
once: a look-up is one dict access and one index, a placement one
``PVector.set`` and two appends. A cell outside the window (a landscape started far from the
origin, or a position) goes to a ``PMap`` beside the vector. The placed cells and their kinds
are also kept in placement order (``PVector``\\ s) for ``len``, iteration and ``items``.
Every part is immutable; ``set`` returns a new map sharing the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TypeVar, overload

from pyrsistent import PMap, PVector, pmap, pvector

Cell = tuple[int, int]
T = TypeVar("T")

#: the window covers x and y in −WINDOW..WINDOW−1
WINDOW = 32
_SIDE = 2 * WINDOW
_INDEX: dict[Cell, int] = {
    (x, y): (x + WINDOW) * _SIDE + (y + WINDOW)
    for x in range(-WINDOW, WINDOW)
    for y in range(-WINDOW, WINDOW)
}
_NO_KINDS: PVector[str] = pvector([""] * (_SIDE * _SIDE))
_NO_EXTRA: PMap[Cell, str] = pmap()


class TileMap(Mapping[Cell, str]):
    """Immutable cell → kind mapping of one landscape; ``set`` returns a new map."""

    __slots__ = ("_cells", "_extra", "_grid", "_kinds")

    _grid: PVector[str]
    _extra: PMap[Cell, str]
    _cells: PVector[Cell]
    _kinds: PVector[str]

    def __init__(self, items: Iterable[tuple[Cell, str]] = ()) -> None:
        """A map of ``items`` (a cell named twice keeps its last kind, as a dict would)."""
        given = dict(items)
        grid = [""] * (_SIDE * _SIDE) if given else None
        extra = {}
        for cell, kind in given.items():
            i = _INDEX.get(cell)
            if i is None:
                extra[cell] = kind
            else:
                assert grid is not None
                grid[i] = kind
        self._grid = pvector(grid) if grid is not None else _NO_KINDS
        self._extra = pmap(extra) if extra else _NO_EXTRA
        self._cells = pvector(given)
        self._kinds = pvector(given.values())

    def __getitem__(self, cell: Cell) -> str:
        i = _INDEX.get(cell)
        kind = self._grid[i] if i is not None else self._extra.get(cell, "")
        if kind:
            return kind
        raise KeyError(cell)

    @overload
    def get(self, cell: Cell, /) -> str | None: ...

    @overload
    def get(self, cell: Cell, /, default: str | T) -> str | T: ...

    def get(self, cell: Cell, /, default: object = None) -> object:
        i = _INDEX.get(cell)
        kind = self._grid[i] if i is not None else self._extra.get(cell, "")
        return kind if kind else default

    def __contains__(self, cell: object) -> bool:
        i = _INDEX.get(cell)  # type: ignore[call-overload]
        return bool(self._grid[i] if i is not None else self._extra.get(cell))  # type: ignore[call-overload]

    def touches(self, cell: Cell) -> bool:
        """Whether a tile lies orthogonally next to ``cell``."""
        x, y = cell
        i = _INDEX.get(cell)
        if i is not None and -WINDOW < x < WINDOW - 1 and -WINDOW < y < WINDOW - 1:
            grid = self._grid  # an inner cell: its neighbours are in the window
            return bool(grid[i + _SIDE] or grid[i - _SIDE] or grid[i + 1] or grid[i - 1])
        return (x + 1, y) in self or (x - 1, y) in self or (x, y + 1) in self or (x, y - 1) in self

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._cells)

    def __len__(self) -> int:
        return len(self._cells)

    def items(self) -> Iterator[tuple[Cell, str]]:  # type: ignore[override]
        return zip(self._cells, self._kinds, strict=True)

    def values(self) -> Iterator[str]:  # type: ignore[override]
        return iter(self._kinds)

    def count(self, kind: str) -> int:
        """How many tiles of ``kind`` the landscape holds (one C call over the kinds)."""
        return self._kinds.count(kind)

    def set(self, cell: Cell, kind: str) -> TileMap:
        """A new map with a tile of ``kind`` (not empty) on ``cell``."""
        i = _INDEX.get(cell)
        new = TileMap.__new__(TileMap)  # its parts are set below, not built from items
        if i is not None:
            old = self._grid[i]
            new._grid = self._grid.set(i, kind)
            new._extra = self._extra
        else:
            old = self._extra.get(cell, "")
            new._grid = self._grid
            new._extra = self._extra.set(cell, kind)
        if old:
            new._cells = self._cells
            new._kinds = self._kinds.set(self._cells.index(cell), kind)
        else:
            new._cells = self._cells.append(cell)
            new._kinds = self._kinds.append(kind)
        return new

    def __repr__(self) -> str:
        return f"TileMap({dict(self.items())!r})"


#: the empty landscape (every board starts from it)
NO_TILES = TileMap()
