"""Component data parsed once per batch: :func:`by_content`, a bounded cache keyed by the
content of a function's arguments.

A batch usually carries the same component data (Kuhfstein's cards, a Citrus board, a
Hacienda map) in every record; a game's setup parses it through a function wrapped here, so
records with the same data as written share one parsed object and records with other data
get their own. The key is the arguments' JSON as written (member order kept: two
records whose data differ only in member order are parsed separately, so an order-dependent
result can never be shared), so the cache works alike in the main process, in worker
processes and in Dask tasks (each process fills its own). A call whose arguments are not
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
    table: dict[bytes, T] = {}
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
        value = function(*args, **kwargs)
        with lock:
            if len(table) >= SIZE:
                del table[next(iter(table))]
            table[key] = value
        return value

    cached.cache_clear = table.clear  # type: ignore[attr-defined]
    return cached
