"""Component data parsed once per batch: :func:`by_content`, a bounded cache keyed by the
content of a function's arguments.

A batch usually carries the same component data (Kuhfstein's cards, a Citrus board, a
Hacienda map) in every record; a game's setup parses it through a function wrapped here, so
records with the same data as written share one parsed object and records with other data
get their own (with :func:`by_repeated_content`, from the second record with that data on).
The key is the arguments' JSON as written (member order kept: two records whose data differ
only in member order are parsed separately, so an order-dependent result can never be
shared), so the cache works alike in the main process, in worker processes and in Dask tasks
(each process fills its own). A call whose arguments are not
plain JSON data is not cached; a call that raises caches nothing.

The wrapped function must return an immutable value (frozen records, pyrsistent or
read-only mappings, tuples): every record with that data holds the same object.

Stdlib and :func:`scorer.core.components.written_json` only.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

from scorer.core.components import written_json

P = ParamSpec("P")
T = TypeVar("T")

#: Entries kept per cached function: a batch mixes a few sets of component data at most.
SIZE = 32


def by_content(function: Callable[P, T]) -> Callable[P, T]:
    """``function`` with its results kept by the content of its arguments (at most
    :data:`SIZE`, the oldest dropped first); ``.cache_clear()`` empties it (tests)."""
    return _kept(function, first=True)


def by_repeated_content(function: Callable[P, T]) -> Callable[P, T]:
    """As :func:`by_content`, but a result is kept only when its content comes a second time
    (the first result is the caller's alone; the content's key is noted, at most
    :data:`SIZE` of them). For data that is often new in every record (a simulated
    Kuhfstein deck): keeping it would hold the data of the last records alive for nothing,
    and freeing it a few dozen records later, out of the processor's caches, costs more than
    parsing it again once when it does repeat."""
    return _kept(function, first=False)


def _kept(function: Callable[P, T], first: bool) -> Callable[P, T]:
    table: dict[bytes, T] = {}
    met: dict[bytes, None] = {}  # contents met once and not kept (first=False)
    lock = threading.Lock()

    @wraps(function)
    def cached(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            key = written_json([args, kwargs])
        except TypeError:  # not plain JSON data (or an integer beyond 64 bits)
            return function(*args, **kwargs)
        with lock:
            if key in table:
                return table[key]
            keep = first or _met_before(met, key)
        value = function(*args, **kwargs)
        if keep:
            with lock:
                _put(table, key, value)
        return value

    def clear() -> None:
        with lock:
            table.clear()
            met.clear()

    cached.cache_clear = clear  # type: ignore[attr-defined]
    return cached


def _met_before(met: dict[bytes, None], key: bytes) -> bool:
    """Whether ``key`` was met before (then forgotten here: it is kept from now on); if not,
    it is noted."""
    if key in met:
        del met[key]
        return True
    _put(met, key, None)
    return False


def _put(table: dict[bytes, T], key: bytes, value: T) -> None:
    if len(table) >= SIZE:
        del table[next(iter(table))]
    table[key] = value
