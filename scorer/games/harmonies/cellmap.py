"""``CellMap``: an immutable mapping cell → value over the fixed cells of one board side.

A board has at most 25 cells, so the values live in a (C-accelerated) pyrsistent ``PVector``
indexed by the cell's position on its side: a look-up is one dict access and one index, an
update one ``PVector.set``. Empty cells hold a falsy value (``()`` for stacks, ``""`` for cubes)
and are not part of the mapping: ``in``, ``len``, iteration and ``items`` see non-empty cells
only, in column-then-row order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Generic, TypeVar, overload

from pyrsistent import PVector, pvector

from scorer.games.harmonies.board import SIDE_CELLS, Cell

V = TypeVar("V")
T = TypeVar("T")

INDEX: Mapping[str, Mapping[Cell, int]] = {
    side: {cell: i for i, cell in enumerate(cells)} for side, cells in SIDE_CELLS.items()
}


class CellMap(Mapping[Cell, V], Generic[V]):
    """Immutable cell → value mapping of one board side; ``set`` returns a new map."""

    __slots__ = ("_empty", "_index", "_side", "size", "vector")

    #: The values of every cell of the side, in the side's cell order (empty cells hold the
    #: empty value); ``INDEX[side][cell]`` is a cell's position in it. Read-only.
    vector: PVector[V]
    #: The number of non-empty cells (``len``), read without a call. Read-only.
    size: int

    def __init__(self, side: str, values: PVector[V], empty: V, count: int) -> None:
        self._side = side
        self._index = INDEX[side]
        self.vector = values
        self._empty = empty
        self.size = count

    @classmethod
    def of(cls, side: str, empty: V, items: Iterable[tuple[Cell, V]] = ()) -> CellMap[V]:
        """A map of ``side`` holding ``items``; cells not on the side are left out."""
        values = [empty] * len(SIDE_CELLS[side])
        index = INDEX[side]
        for cell, value in items:
            i = index.get(cell)
            if i is not None:
                values[i] = value
        return cls(side, pvector(values), empty, sum(1 for v in values if v))

    def __getitem__(self, cell: Cell) -> V:
        i = self._index.get(cell)
        if i is not None:
            value = self.vector[i]
            if value:
                return value
        raise KeyError(cell)

    @overload
    def get(self, cell: Cell, /) -> V | None: ...

    @overload
    def get(self, cell: Cell, /, default: V | T) -> V | T: ...

    def get(self, cell: Cell, /, default: object = None) -> object:
        i = self._index.get(cell)
        if i is None:
            return default
        value = self.vector[i]
        return value if value else default

    def __contains__(self, cell: object) -> bool:
        i = self._index.get(cell)  # type: ignore[call-overload]
        return i is not None and bool(self.vector[i])

    def __iter__(self) -> Iterator[Cell]:
        return (c for c, v in zip(SIDE_CELLS[self._side], self.vector, strict=True) if v)

    def __len__(self) -> int:
        return self.size

    def items(self) -> Iterator[tuple[Cell, V]]:  # type: ignore[override]
        return ((c, v) for c, v in zip(SIDE_CELLS[self._side], self.vector, strict=True) if v)

    def values(self) -> Iterator[V]:  # type: ignore[override]
        return (v for v in self.vector if v)

    def as_dict(self) -> dict[Cell, V]:
        """A plain dict of the non-empty cells, in the map's order (a fresh copy, for a
        computation that looks many cells up: a dict look-up is no Python call)."""
        return {c: v for c, v in zip(SIDE_CELLS[self._side], self.vector, strict=True) if v}

    def set(self, cell: Cell, value: V) -> CellMap[V]:
        """A new map with ``cell`` holding ``value``. Raises KeyError off the side."""
        i = self._index[cell]
        values = self.vector
        size = self.size + (1 if value else 0) - (1 if values[i] else 0)
        return CellMap(self._side, values.set(i, value), self._empty, size)

    def __repr__(self) -> str:
        return f"CellMap({dict(self.items())!r})"
