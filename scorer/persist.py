"""One copy-on-write idiom for every game's state: pyrsistent collections changed through evolvers.

A game state is a frozen record (a frozen dataclass with slots, or a NamedTuple) whose fields
are immutable: pyrsistent ``PMap``/``PVector``/``PSet``, records of them, or a small fixed-size
tuple / frozenset where a benchmark showed it faster (the game says so in a comment with the
figure). Nothing reachable from a state is a plain ``dict``, ``list`` or ``set``.

A turn changes a state through a :class:`Draft`: it reads fields as they are so far, edits
collection fields through evolvers that are made on the first write of each field, and
:meth:`Draft.done` returns a new state that shares every untouched field, and every untouched
part of a touched collection, with the old one. Nothing is copied whole::

    draft = Draft(state)
    draft.map("boards")[name] = board      # PMap evolver, made on first use
    draft.vector("supply")[3] -= 1         # PVector evolver
    draft["seat"] = (state.seat + 1) % n   # any other field
    return draft.done()

``Draft`` works on frozen dataclasses and on NamedTuples; the game picks whichever its
benchmark prefers and every turn is written the same way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, Generic, TypeVar, cast

from pyrsistent import PMap, PSet, PVector, pmap, pset, pvector
from pyrsistent.typing import PMapEvolver, PSetEvolver, PVectorEvolver

S = TypeVar("S")
K = TypeVar("K")
V = TypeVar("V")

__all__ = ["Draft", "freeze_map", "freeze_set", "freeze_vector", "replace"]

_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        if dataclasses.is_dataclass(cls):
            names = tuple(f.name for f in dataclasses.fields(cls))
        else:
            names = tuple(getattr(cls, "_fields", ()))
        if not names:
            raise TypeError(f"{cls.__name__} is neither a dataclass nor a NamedTuple")
        _FIELDS[cls] = names
    return names


def replace(record: S, changes: Mapping[str, Any]) -> S:
    """A copy of the frozen record ``record`` with ``changes`` applied (the rest shared)."""
    if not changes:
        return record
    replace_nt = getattr(record, "_replace", None)
    if replace_nt is not None:
        return cast(S, replace_nt(**changes))
    return dataclasses.replace(record, **changes)  # type: ignore[type-var]


class Draft(Generic[S]):
    """Copy-on-write edits of one frozen state record (see the module docstring)."""

    __slots__ = ("_base", "_evolvers", "_values", "turn")

    def __init__(self, base: S) -> None:
        self._base = base
        self._evolvers: dict[str, Any] = {}
        self._values: dict[str, Any] = {}
        #: Working notes of the turn in progress (what was drawn, which steps are done...):
        #: the step handlers of one move share them; they never become part of a state.
        self.turn: dict[str, Any] = {}

    @property
    def base(self) -> S:
        """The state this draft started from (never changed)."""
        return self._base

    def __getitem__(self, name: str) -> Any:
        """The value of field ``name`` so far (an evolver's current value if it has one)."""
        evolver = self._evolvers.get(name)
        if evolver is not None:
            return evolver.persistent()
        if name in self._values:
            return self._values[name]
        return getattr(self._base, name)

    def __setitem__(self, name: str, value: Any) -> None:
        """Set field ``name`` to ``value`` (dropping any evolver of it)."""
        self._evolvers.pop(name, None)
        self._values[name] = value

    def _evolver(self, name: str) -> Any:
        evolver = self._evolvers.get(name)
        if evolver is None:
            current = self._values.pop(name) if name in self._values else getattr(self._base, name)
            evolver = current.evolver()
            self._evolvers[name] = evolver
        return evolver

    def map(self, name: str) -> PMapEvolver[Any, Any]:
        """The evolver of ``PMap`` field ``name`` (made on first use)."""
        return cast("PMapEvolver[Any, Any]", self._evolver(name))

    def vector(self, name: str) -> PVectorEvolver[Any]:
        """The evolver of ``PVector`` field ``name`` (made on first use)."""
        return cast("PVectorEvolver[Any]", self._evolver(name))

    def set(self, name: str) -> PSetEvolver[Any]:
        """The evolver of ``PSet`` field ``name`` (made on first use)."""
        return cast("PSetEvolver[Any]", self._evolver(name))

    def done(self) -> S:
        """The new state: the base with every change applied, untouched parts shared."""
        changes = dict(self._values)
        for name, evolver in self._evolvers.items():
            # not ``is_dirty()``: the C PVector and PSet evolvers answer False after writes
            changes[name] = evolver.persistent()
        return replace(self._base, changes)


def freeze_map(items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> PMap[K, V]:
    """A ``PMap`` of ``items`` (values are taken as they are: freeze them first)."""
    return pmap(dict(items))


def freeze_vector(items: Iterable[V] = ()) -> PVector[V]:
    """A ``PVector`` of ``items``."""
    return pvector(items)


def freeze_set(items: Iterable[V] = ()) -> PSet[V]:
    """A ``PSet`` of ``items``."""
    return pset(items)
