"""Try to write through every container reachable from a state; report each write that worked.

A state is immutable when every object reachable from it refuses every write: assignment to
a record's public fields (or a new attribute), and the mutators of mutable containers
(``__setitem__``, ``append``, ``add``, ``update``, ...). pyrsistent collections either raise
or return a new collection without changing themselves; both count as refusing. Used by
tests/test_conformance.py.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator, Mapping
from typing import Any

_SCALARS = (str, bytes, int, float, complex, bool, type(None), range, enum.Enum, type)
_SENTINEL = object()
_MUTATORS: tuple[tuple[str, tuple[Any, ...]], ...] = (
    ("append", (_SENTINEL,)),
    ("extend", ((_SENTINEL,),)),
    ("insert", (0, _SENTINEL)),
    ("add", (_SENTINEL,)),
    ("update", ({},)),
    ("clear", ()),
    ("pop", ()),
    ("popitem", ()),
    ("remove", (_SENTINEL,)),
    ("discard", (_SENTINEL,)),
    ("setdefault", (_SENTINEL, _SENTINEL)),
    ("sort", ()),
    ("reverse", ()),
)


def _fields(obj: Any) -> list[str]:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [f.name for f in dataclasses.fields(obj)]
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return list(obj._fields)
    names: list[str] = []
    for klass in type(obj).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else list(slots))
    names.extend(getattr(obj, "__dict__", {}))
    return [n for n in names if n not in ("__weakref__", "__dict__")]


def _children(obj: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(obj, Mapping):
        for key, value in obj.items():
            yield f"[{key!r}]", key
            yield f"[{key!r}]", value
        return
    if isinstance(obj, (tuple, list, set, frozenset)) and not hasattr(obj, "_fields"):
        for i, value in enumerate(obj):
            yield f"[{i}]", value
        return
    if hasattr(obj, "__iter__") and type(obj).__module__.startswith("pyrsistent"):
        for i, value in enumerate(obj):
            yield f"[{i}]", value
        return
    for name in _fields(obj):
        try:
            yield f".{name}", getattr(obj, name)
        except AttributeError:
            continue


def _write(obj: Any) -> str | None:
    """The first write ``obj`` accepted, or None if it refused them all."""
    if isinstance(obj, (list, dict, set, bytearray)):
        return f"is a plain {type(obj).__name__}"
    # Public fields only: private slots (``PMap._size``, ``CellMap._count``) are reachable by
    # any Python object's internals, as ``object.__setattr__`` reaches a frozen dataclass's.
    names = [n for n in _fields(obj) if not n.startswith("_")]
    probe = names[0] if names else "scorer_probe"
    try:
        setattr(obj, probe, _SENTINEL)
    except (AttributeError, TypeError, dataclasses.FrozenInstanceError):
        pass
    else:
        if getattr(obj, probe, None) is _SENTINEL:
            return f"accepted an assignment to .{probe}"
    before = repr(obj)
    try:
        key = next(iter(obj)) if isinstance(obj, Mapping) and len(obj) else 0
        obj[key] = _SENTINEL
    except Exception:
        pass
    for name, args in _MUTATORS:
        method = getattr(obj, name, None)
        if method is None or not callable(method):
            continue
        try:
            method(*args)
        except Exception:
            continue
    if repr(obj) != before:
        return "changed through a mutator"
    return None


def writable(root: Any, limit: int = 200_000) -> list[str]:
    """Paths (from ``root``) of every reachable object that accepted a write."""
    found: list[str] = []
    seen: set[int] = set()
    todo: list[tuple[str, Any]] = [("state", root)]
    while todo and len(seen) < limit:
        path, obj = todo.pop()
        if isinstance(obj, _SCALARS) or callable(obj):
            continue
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        problem = _write(obj)
        if problem is not None:
            found.append(f"{path} ({type(obj).__name__}) {problem}")
            continue
        todo.extend((path + step, child) for step, child in _children(obj))
    return found
