"""Where things are in a document as written: the line and column of the value a JSON pointer
names, the text of a value as written, and duplicate object keys (REC-JSON-2).

This runs only for documents that have findings (and, for duplicate keys, only when the cheap
check of :func:`scorer.reading.loading.parse_record` says there may be some), so valid documents pay
nothing. One pass over the text, in time linear in its size:

* the walk descends only into the containers on the way to a wanted pointer (a trie of the
  pointers' tokens); every other value is skipped by the C scanner of the standard library's
  ``json`` module (``scan_once``), so the Python-level work is the number of members and
  elements of the containers on those paths;
* a pointer that names nothing (a required member that is missing, an index past the end) gets
  the position of its nearest existing ancestor;
* with ``full=True`` (the duplicate-key scan) the walk enters every object and array instead.

Lines and columns are 1-based; columns count characters (Unicode code points), as the
position of a REC-JSON-1 syntax error does. ``json-source-map`` on PyPI does a similar job but
builds a map of every value of the document, recurses (so nesting that orjson accepts can
overflow the stack) and silently keeps one of two duplicate keys; this module does neither.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scorer.core.pointer import escape, split

_WS = re.compile(r"[ \t\n\r]*")
_scan_once: Any = json.scanner.make_scanner(json.JSONDecoder())  # type: ignore[arg-type]
_scanstring: Any = json.decoder.scanstring  # type: ignore[attr-defined]
#: Strings and brackets, for skipping a value iteratively when the C scanner recurses too deep.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
_NOTHING: Any = object()


@dataclass(slots=True)
class _Node:
    """One token of the wanted pointers: the pointers ending here and the tokens below."""

    pointers: list[str] = field(default_factory=list)
    children: dict[str, _Node] = field(default_factory=dict)

    def all_pointers(self) -> Iterable[str]:
        yield from self.pointers
        for child in self.children.values():
            yield from child.all_pointers()


@dataclass(slots=True)
class _Frame:
    """A container being walked."""

    kind: str  # "{" or "["
    node: _Node | None
    pointer: str
    start: int
    index: int = 0
    seen: dict[str, int] | None = None  # keys met so far (full walk only)
    visited: set[str] = field(default_factory=set)
    value: Any = None  # the parsed container (guided walk only)
    indices: list[int] | None = None  # an array's wanted indices, sorted (made once)
    keys: list[str] | None = None  # an object's keys in order (made once)


@dataclass(frozen=True, slots=True)
class Duplicate:
    """A member whose key an object already had: its pointer and where the second key is."""

    pointer: str
    key: str
    offset: int
    first_offset: int


@dataclass(slots=True)
class Walk:
    """What one walk found: value offsets by pointer, value ends, duplicate keys."""

    offsets: dict[str, int] = field(default_factory=dict)
    ends: dict[str, int] = field(default_factory=dict)
    duplicates: list[Duplicate] = field(default_factory=list)


def _trie(pointers: Iterable[str]) -> _Node:
    root = _Node()
    for pointer in pointers:
        try:
            tokens = split(pointer)
        except ValueError:
            tokens = []
        node = root
        for token in tokens:
            node = node.children.setdefault(token, _Node())
        node.pointers.append(pointer)
    return root


def _skip(text: str, pos: int) -> int:
    """The offset just after the value starting at ``pos``."""
    try:
        return int(_scan_once(text, pos)[1])
    except RecursionError:
        return _skip_deep(text, pos)
    except StopIteration:  # not a value the stdlib reads (cannot happen after orjson)
        raise ValueError(f"no JSON value at offset {pos}") from None


def _skip_deep(text: str, pos: int) -> int:
    depth = 0
    for match in _TOKEN.finditer(text, pos):
        token = match.group()
        if token in "[{":
            depth += 1
        elif token in "]}":
            depth -= 1
        if depth == 0:
            return match.end()
    raise ValueError("unbalanced document")


def walk(
    text: str,
    pointers: Iterable[str] = (),
    full: bool = False,
    max_duplicates: int | None = None,
    doc: Any = _NOTHING,
    dumps: Callable[[Any], str] | None = None,
) -> Walk:
    """Walk ``text`` (a valid JSON document) once: the offset of the value each of
    ``pointers`` names (or of its nearest existing ancestor) and, with ``full``, every
    duplicate key (at most ``max_duplicates``).

    Guided walk: given the parsed ``doc`` and ``dumps`` (compact serialisation), a container
    to skip is first compared with its serialisation, which for a compact document (as orjson
    and most NDJSON writers write) skips it in one string comparison; at the first container
    that the text writes otherwise, the walk goes on with the scanner alone.
    """
    out = Walk()
    guided = dumps is not None and doc is not _NOTHING
    value = doc
    wanted = set(pointers)
    root = _trie(wanted)
    stack: list[_Frame] = []
    pos = _WS.match(text, 0).end()  # type: ignore[union-attr]
    if pos >= len(text):
        return out
    node: _Node | None = root
    pointer = ""
    while True:
        # a value starts at pos; it is named by ``pointer`` and wanted if ``node`` is set
        if node is not None:
            for p in node.pointers:
                out.offsets[p] = pos
            if not full and len(out.offsets) == len(wanted) and not node.children:
                if node.pointers:
                    for p in node.pointers:
                        out.ends[p] = _skip(text, pos)
                return out  # every wanted pointer is placed: the rest need not be read
        char = text[pos] if pos < len(text) else ""
        descend = char in ("{", "[") and (full or (node is not None and bool(node.children)))
        if descend:
            frame = _Frame(char, node, pointer, pos, seen={} if full else None, value=value)
            stack.append(frame)
            pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
            if guided and node is not None:
                jumped = _jump(text, pos, frame, dumps)
                guided = jumped is not None
                pos = jumped if jumped is not None else pos
            if text[pos] in "}]":
                pos += 1
                _close(stack.pop(), out)
            else:
                node, pointer, pos, value = _child(text, pos, frame, out, full, guided)
                if max_duplicates is not None and len(out.duplicates) > max_duplicates:
                    return out
                continue
        else:
            end = -1
            if guided and char in ("{", "["):
                compact = _compact(value, dumps)
                if compact is not None and text.startswith(compact, pos):
                    end = pos + len(compact)
                else:
                    guided = False  # the text is not written compactly: scan from here on
            if end < 0:
                end = _skip(text, pos)
            if node is not None:
                for p in node.pointers:
                    out.ends[p] = end
                for child in node.children.values():  # below a scalar: nothing is there
                    for p in child.all_pointers():
                        out.offsets.setdefault(p, pos)
            pos = end
        # after a value: the next member or element, or the end of containers
        while stack:
            pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
            char = text[pos]
            if char == ",":
                pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
                frame = stack[-1]
                frame.index += 1
                if guided and frame.node is not None:
                    jumped = _jump(text, pos, frame, dumps)
                    guided = jumped is not None
                    pos = jumped if jumped is not None else pos
                if text[pos] in "}]":  # jumped over the last members
                    pos += 1
                    _close(stack.pop(), out)
                    continue
                node, pointer, pos, value = _child(text, pos, frame, out, full, guided)
                break
            pos += 1  # "}" or "]"
            _close(stack.pop(), out)
        else:
            return out
        if max_duplicates is not None and len(out.duplicates) > max_duplicates:
            return out


def _jump(text: str, pos: int, frame: _Frame, dumps: Callable[[Any], str] | None) -> int | None:
    """Skip, in one comparison, the members of ``frame`` before the next wanted one (or to its
    end): the offset reached, or None if the text does not write them compactly."""
    value, node = frame.value, frame.node
    assert node is not None
    if frame.kind == "[" and isinstance(value, list):
        if frame.indices is None:  # the wanted indices, once per array (linear in findings)
            frame.indices = sorted(
                int(t) for t in node.children if t.isdigit() and (t == "0" or t[0] != "0")
            )
        at = bisect_left(frame.indices, frame.index)  # indices before it were read already
        upto = frame.indices[at] if at < len(frame.indices) else len(value)
        skipped: Any = value[frame.index : min(upto, len(value))]
        count = len(skipped)
    elif frame.kind == "{" and isinstance(value, dict):
        if frame.keys is None:
            frame.keys = list(value)
        keys = frame.keys
        upto = frame.index
        while upto < len(keys) and keys[upto] not in node.children:
            upto += 1
        count = upto - frame.index
        skipped = {k: value[k] for k in keys[frame.index : upto]}
    else:
        return None
    if not count:
        return pos
    inner = _compact(skipped, dumps)
    if inner is None:
        return None
    inner = inner[1:-1]
    if not text.startswith(inner, pos):
        return None
    end = _WS.match(text, pos + len(inner)).end()  # type: ignore[union-attr]
    if end >= len(text) or text[end] not in ",]}":
        return None
    closes = upto >= len(value)
    if closes != (text[end] != ","):
        return None  # the parsed container and the text disagree (a repeated key)
    frame.index = upto
    return end if closes else _WS.match(text, end + 1).end()  # type: ignore[union-attr]


def _compact(value: Any, dumps: Callable[[Any], str] | None) -> str | None:
    try:
        return dumps(value) if dumps is not None else None
    except Exception:  # a value the serialiser refuses: scan it instead
        return None


def _child(
    text: str, pos: int, frame: _Frame, out: Walk, full: bool, guided: bool = False
) -> tuple[_Node | None, str, int, Any]:
    """Read the next member's key (objects); return (node, pointer, value offset, value)."""
    value: Any = _NOTHING
    if frame.kind == "[":
        token = str(frame.index)
        if guided and isinstance(frame.value, list) and frame.index < len(frame.value):
            value = frame.value[frame.index]
    else:
        key_at = pos
        token, pos = _scanstring(text, pos + 1)
        pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
        pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]  # past ":"
        if frame.seen is not None:
            first = frame.seen.get(token)
            if first is not None:
                out.duplicates.append(
                    Duplicate(frame.pointer + "/" + escape(token), token, key_at, first)
                )
            else:
                frame.seen[token] = key_at
        if guided and isinstance(frame.value, dict):
            value = frame.value.get(token, _NOTHING)
    child = frame.node.children.get(token) if frame.node is not None else None
    if child is not None:
        frame.visited.add(token)
    if child is None and not full:
        return None, "", pos, value
    return child, frame.pointer + "/" + escape(token) if full or child else "", pos, value


def _close(frame: _Frame, out: Walk) -> None:
    """Pointers below ``frame`` that named nothing get the container's position."""
    if frame.node is None:
        return
    for token, child in frame.node.children.items():
        if token not in frame.visited:
            for p in child.all_pointers():
                out.offsets.setdefault(p, frame.start)


class LineIndex:
    """Offsets → 1-based (line, column) in a text, by binary search over its line starts."""

    def __init__(self, text: str) -> None:
        self._starts = [0, *(m.end() for m in re.finditer("\n", text))]

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1


def locate(text: str, pointers: Iterable[str]) -> Mapping[str, tuple[int, int]]:
    """Line and column of the value each pointer names (or of its nearest existing ancestor)."""
    wanted = list(pointers)
    if not wanted:
        return {}
    offsets = walk(text, wanted).offsets
    index = LineIndex(text)
    return {p: index.position(o) for p, o in offsets.items()}


def written(text: str, pointers: Iterable[str]) -> Mapping[str, str]:
    """The text of each named value exactly as written (only for pointers naming a value)."""
    result = walk(text, pointers)
    return {p: text[o : result.ends[p]] for p, o in result.offsets.items() if p in result.ends}


def duplicates(text: str, limit: int | None = None) -> list[Duplicate]:
    """Every member whose key its object already had, in document order (the full walk)."""
    return walk(text, full=True, max_duplicates=limit).duplicates
