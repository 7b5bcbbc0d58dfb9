"""Component data as comparable parts: the fingerprint of a record's components and the first
place where they differ from an event's.

Each game says which members of a record's ``setup`` (or of a position) are *component data* —
the printed material of the box, as opposed to what was dealt or drawn — by returning
:data:`Components` from ``RULES.component_data(doc)`` (see each game's ``component_data``
module). A :class:`Part` holds canonical values (shipped ids resolved, defaults filled in,
informational labels dropped) together with the pointer of each value in the document, so a
comparison can name the first differing pointer of the record as written.

Leaf module: stdlib only, besides the canonical JSON encoder of :mod:`scorer.loading`.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from scorer.pointer import escape, resolve

PartKind = Literal["keyed", "multiset"]


@dataclass(frozen=True, slots=True)
class Item:
    """One canonical value and the pointer of what it was made from in the document."""

    pointer: str
    value: Any


@dataclass(frozen=True, slots=True)
class Part:
    """One member of the component data.

    ``keyed``: items by key (card id, map coordinate, token); with ``complete`` the document
    must have every key the event has, without it a subset is enough (a record need define
    only the cards it uses). ``multiset``: items without identity (finca tiles, landscape
    tiles) compared by value and count; with ``complete`` the counts must be equal, without it
    the document's items must be among the event's (leftover landscape tiles leave the game).
    ``present`` is False when the document has no such data at all (for example no finca tile
    set), which differs from an event that has it. ``pointer`` names the member (or, when the
    document leaves it out, the object that would hold it).
    """

    pointer: str
    kind: PartKind = "keyed"
    items: Mapping[str, Item] | Sequence[Item] = field(default_factory=dict)
    complete: bool = True
    present: bool = True


Components = Mapping[str, Part]


@dataclass(frozen=True, slots=True)
class Difference:
    """Where a document's component data first differs from the event's."""

    part: str
    pointer: str
    found: Any
    expected: Any
    count: int  # how many items differ in all (at least 1)


def keyed(pointer: str, items: Mapping[str, Item], complete: bool = True) -> Part:
    return Part(pointer, "keyed", dict(items), complete)


def multiset(pointer: str, items: Sequence[Item], complete: bool = True) -> Part:
    return Part(pointer, "multiset", tuple(items), complete)


def absent(pointer: str, kind: PartKind = "keyed") -> Part:
    return Part(pointer, kind, {} if kind == "keyed" else (), True, present=False)


def child(pointer: str, *parts: str | int) -> str:
    """``pointer`` extended by reference tokens."""
    return pointer + "".join("/" + escape(p) for p in parts)


def canonical_value(components: Components) -> dict[str, Any]:
    """The component data as one plain value: keyed parts as objects, multisets as sorted
    lists, absent parts as null."""
    from scorer.loading import canonical_json

    out: dict[str, Any] = {}
    for name, part in components.items():
        if not part.present:
            out[name] = None
        elif isinstance(part.items, Mapping):
            out[name] = {key: item.value for key, item in part.items.items()}
        else:
            out[name] = sorted((item.value for item in part.items), key=canonical_json)
    return out


def fingerprint(components: Components) -> str:
    """``sha256:<hex>`` of the canonical JSON (UTF-8, sorted keys, no whitespace) of the
    component data."""
    from scorer.loading import canonical_json

    return "sha256:" + hashlib.sha256(canonical_json(canonical_value(components))).hexdigest()


def first_difference(doc: Any, found: Components, expected: Components) -> Difference | None:
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


def _part_differences(doc: Any, have: Part, want: Part) -> list[tuple[str, Any, Any]]:
    if have.present != want.present:
        return [(have.pointer, _plain(have), _plain(want))]
    if isinstance(have.items, Mapping) and isinstance(want.items, Mapping):
        return _keyed_differences(doc, have, have.items, want.items, want.complete)
    if not isinstance(have.items, Mapping) and not isinstance(want.items, Mapping):
        return _multiset_differences(have, have.items, want.items, want.complete)
    return [(have.pointer, _plain(have), _plain(want))]


def _keyed_differences(doc: Any, have: Part, items: Mapping[str, Item],
                       wanted: Mapping[str, Item], complete: bool
                       ) -> list[tuple[str, Any, Any]]:
    out: list[tuple[str, Any, Any]] = []
    for key, item in items.items():
        if key not in wanted:
            out.append((item.pointer, item.value, None))
        elif item.value != wanted[key].value:
            out.append(_deepest(doc, item.pointer, item.value, wanted[key].value))
    if complete:
        missing = [key for key in wanted if key not in items]
        if missing:
            out.append((have.pointer, None, {k: wanted[k].value for k in missing}))
    return out


def _multiset_differences(have: Part, items: Sequence[Item], wanted: Sequence[Item],
                          complete: bool) -> list[tuple[str, Any, Any]]:
    from scorer.loading import canonical_json

    left = Counter(canonical_json(item.value) for item in wanted)
    out: list[tuple[str, Any, Any]] = []
    for item in items:
        key = canonical_json(item.value)
        if left[key] > 0:
            left[key] -= 1
        else:
            out.append((item.pointer, item.value, None))
    if complete and +left:
        rest = [item.value for item in wanted]
        out.append((have.pointer, None, rest))
    return out


def _deepest(doc: Any, pointer: str, found: Any, expected: Any) -> tuple[str, Any, Any]:
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


def _exists(doc: Any, pointer: str) -> bool:
    try:
        resolve(doc, pointer)
    except (KeyError, IndexError, ValueError):
        return False
    return True


def _plain(part: Part) -> Any:
    return canonical_value({"part": part})["part"]
