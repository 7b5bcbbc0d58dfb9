"""Component data as comparable parts: the fingerprint of a record's components and the first
place where they differ from an event's.

Each game says which members of a record's ``setup`` (or of a position) are *component data* —
the printed material of the box, as opposed to what was dealt or drawn — by returning
:data:`Components` from its catalogue's ``component_data(doc)`` (see each game's ``component_data``
module). A :class:`Part` holds canonical values (shipped ids resolved, defaults filled in,
informational labels dropped) together with the pointer of each value in the document, so a
comparison can name the first differing pointer of the record as written.

Leaf module: stdlib and orjson (the canonical JSON encoder) only.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

import orjson

from scorer.core.pointer import escape, resolve

PartKind = Literal["keyed", "multiset"]
#: Where the items of a part are in the document: a pointer under which each key is a member,
#: one pointer per key (or per index of a multiset), or None (all at the part's pointer).
ItemPointers = str | Mapping[str, str] | Sequence[str] | None


@dataclass(frozen=True, slots=True)
class Part:
    """One member of the component data.

    ``keyed``: ``values`` by key (card id, map coordinate, token); with ``complete`` the
    document must have every key the event has, without it a subset is enough (a record need
    define only the cards it uses). ``multiset``: values without identity (finca tiles,
    landscape tiles) compared by value and count; with ``complete`` the counts must be equal,
    without it the document's values must be among the event's (leftover landscape tiles
    leave the game). ``present`` is False when the document has no such data at all (for
    example no finca tile set), which differs from an event that has it. ``pointer`` names the
    member (or, when the document leaves it out, the object that would hold it); ``pointers``
    locates the items. ``same`` (a module-level function, so profiles pickle) may accept
    values that differ as written but are the same component (a card turned).
    """

    pointer: str
    kind: PartKind = "keyed"
    values: Mapping[str, object] | Sequence[object] = field(default_factory=dict)
    pointers: ItemPointers = None
    complete: bool = True
    present: bool = True
    same: Callable[[object, object], bool] | None = None

    def at(self, key: str | int) -> str:
        """The pointer of item ``key`` (a key, or an index of a multiset)."""
        where = self.pointers
        if isinstance(where, str):
            return child(where, key)
        if isinstance(where, Mapping):
            return where.get(str(key), self.pointer)
        if where is not None and isinstance(key, int) and key < len(where):
            return where[key]
        return self.pointer


Components = Mapping[str, Part]


class Fingerprinted(Mapping[str, Part]):
    """Component data that carries its fingerprint, computed once when it is made
    (:func:`fingerprinted`): :func:`fingerprint` reads it, and keeps no reference to it.
    Read-only; a plain class with slots, not a frozen dataclass, which would add about 1 ms
    to the import of this module (every command's start-up)."""

    __slots__ = ("fingerprint", "parts")
    parts: Mapping[str, Part]
    fingerprint: str

    def __init__(self, parts: Mapping[str, Part], fingerprint: str) -> None:
        object.__setattr__(self, "parts", parts)
        object.__setattr__(self, "fingerprint", fingerprint)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Fingerprinted is read-only (cannot set {name!r})")

    def __reduce__(self) -> tuple[type[Fingerprinted], tuple[Mapping[str, Part], str]]:
        return (Fingerprinted, (self.parts, self.fingerprint))  # profiles travel to workers

    def __getitem__(self, name: str) -> Part:
        return self.parts[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.parts)

    def __len__(self) -> int:
        return len(self.parts)


def fingerprinted(parts: Mapping[str, Part]) -> Fingerprinted:
    """``parts`` with their fingerprint (for a game's ``component_data`` built by
    :func:`scorer.core.cache.by_repeated_content`: what it does not keep is freed with the
    record, and what it keeps carries its fingerprint)."""
    return Fingerprinted(parts, _digest(parts))


@dataclass(frozen=True, slots=True)
class Difference:
    """Where a document's component data first differs from the event's."""

    part: str
    pointer: str
    found: object
    expected: object
    count: int  # how many items differ in all (at least 1)


def keyed(
    pointer: str,
    values: Mapping[str, object],
    pointers: ItemPointers = None,
    complete: bool = True,
    same: Callable[[object, object], bool] | None = None,
) -> Part:
    return Part(pointer, "keyed", values, pointers, complete, True, same)


def multiset(
    pointer: str, values: Sequence[object], pointers: ItemPointers = None, complete: bool = True
) -> Part:
    return Part(pointer, "multiset", tuple(values), pointers, complete)


def absent(pointer: str, kind: PartKind = "keyed") -> Part:
    return Part(pointer, kind, {} if kind == "keyed" else (), None, True, present=False)


def child(pointer: str, *parts: str | int) -> str:
    """``pointer`` extended by reference tokens."""
    return pointer + "".join("/" + escape(p) for p in parts)


def canonical_json(value: object) -> bytes:
    """The canonical JSON form of plain data: UTF-8, keys sorted, no whitespace (fingerprints
    and comparisons of component data)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def written_json(value: object) -> bytes:
    """The JSON of plain data with members in the order written (cache keys of
    :mod:`scorer.core.cache`, where member order may matter). Raises TypeError (orjson's
    ``JSONEncodeError``) on anything else."""
    return orjson.dumps(value)


def canonical_value(components: Components) -> dict[str, object]:
    """The component data as one plain value: keyed parts as objects, multisets as sorted
    lists, absent parts as null."""
    out: dict[str, object] = {}
    for name, part in components.items():
        if not part.present:
            out[name] = None
        elif isinstance(part.values, Mapping):
            out[name] = part.values
        else:
            out[name] = sorted(part.values, key=canonical_json)
    return out


def fingerprint(components: Components) -> str:
    """``sha256:<hex>`` of the canonical JSON (UTF-8, sorted keys, no whitespace) of the
    component data.

    Read from :class:`Fingerprinted` component data; otherwise kept for the last
    :data:`KNOWN` component data objects: a game's ``component_data`` returns one shared
    object per content (built through :func:`scorer.core.cache.by_content`;
    Harmonies' built-in catalogue is always the same object), so the records of a batch with
    the same data compute it once per process."""
    if isinstance(components, Fingerprinted):
        return components.fingerprint
    key = id(components)
    with _lock:
        known = _known.get(key)
    if known is not None and known[0] is components:
        return known[1]
    digest = _digest(components)
    with _lock:
        if len(_known) >= KNOWN:
            del _known[next(iter(_known))]
        _known[key] = (components, digest)  # a strong reference: the id cannot be reused
    return digest


def _digest(components: Components) -> str:
    return "sha256:" + hashlib.sha256(canonical_json(canonical_value(components))).hexdigest()


#: Fingerprints kept by :func:`fingerprint` (the oldest dropped first).
KNOWN = 32
_known: dict[int, tuple[Components, str]] = {}
_lock = threading.Lock()  # Dask tasks and the web app verify in threads


def first_difference(doc: object, found: Components, expected: Components) -> Difference | None:
    """The first place (parts in the game's order, items in document order) where ``found``
    (the document's component data) differs from ``expected`` (the event's), or None."""
    for name, want in expected.items():
        have = found.get(name)
        if have is None:
            continue
        diffs = _part_differences(doc, have, want)
        if diffs:
            pointer, got, exp = diffs[0]
            return Difference(name, pointer, got, exp, len(diffs))
    return None


Diff = tuple[str, object, object]


def _part_differences(doc: object, have: Part, want: Part) -> list[Diff]:
    if have.present != want.present:
        return [(have.pointer, _plain(have), _plain(want))]
    if isinstance(have.values, Mapping) and isinstance(want.values, Mapping):
        return _keyed_differences(doc, have, want)
    if not isinstance(have.values, Mapping) and not isinstance(want.values, Mapping):
        return _multiset_differences(have, want)
    return [(have.pointer, _plain(have), _plain(want))]


def _keyed_differences(doc: object, have: Part, want: Part) -> list[Diff]:
    assert isinstance(have.values, Mapping) and isinstance(want.values, Mapping)
    wanted = want.values
    out: list[Diff] = []
    for key, value in have.values.items():
        if key not in wanted:
            out.append((have.at(key), value, None))
        elif value != wanted[key] and not (have.same and have.same(value, wanted[key])):
            out.append(_deepest(doc, have.at(key), value, wanted[key]))
    if want.complete:
        missing = [key for key in wanted if key not in have.values]
        if missing:
            out.append((have.pointer, None, {k: wanted[k] for k in missing}))
    return out


def _multiset_differences(have: Part, want: Part) -> list[Diff]:
    left = Counter(canonical_json(value) for value in want.values)
    out: list[Diff] = []
    for k, value in enumerate(have.values):
        key = canonical_json(value)
        if left[key] > 0:
            left[key] -= 1
        else:
            out.append((have.at(k), value, None))
    if want.complete and +left:
        out.append((have.pointer, None, list(want.values)))
    return out


def _deepest(
    doc: object, pointer: str, found: object, expected: object
) -> tuple[str, object, object]:
    """Descend from ``pointer`` into the first differing member of two objects, as long as
    that member exists in the document as written: (pointer, found, expected) there."""
    while isinstance(found, dict) and isinstance(expected, dict):
        keys = [k for k in found if found.get(k) != expected.get(k)]
        keys += [k for k in expected if k not in found]
        deeper = next((k for k in keys if _exists(doc, child(pointer, k))), None)
        if deeper is None:
            break
        pointer = child(pointer, deeper)
        found, expected = found.get(deeper), expected.get(deeper)
    return pointer, found, expected


def _exists(doc: object, pointer: str) -> bool:
    try:
        resolve(doc, pointer)
    except (KeyError, IndexError, ValueError):
        return False
    return True


def _plain(part: Part) -> object:
    return canonical_value({"part": part})["part"]
