"""Reading documents: bytes → orjson → plain data, with clean errors (REC-IO/JSON/SIZE)."""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import orjson

from scorer.core.errors import RecordLoadError
from scorer.reading.numbers import vouch

#: Largest file the scorer reads (a complete game is a few hundred kilobytes at most).
MAX_BYTES: int = 16 * 1024 * 1024
BOM = b"\xef\xbb\xbf"


#: Containers a document written back (``show --position``, ``POST /api/position``) may nest:
#: orjson writes at most 254 levels (it reads 1,024, so a record can be checked yet too deep
#: to write back).
WRITE_DEPTH: int = 254
NESTED_TOO_DEEPLY = (
    f"the document is nested too deeply to write back (at most {WRITE_DEPTH} levels)"
)


def too_deep(value: object, limit: int = WRITE_DEPTH) -> bool:
    """True if ``value`` nests more than ``limit`` objects and arrays (walked iteratively, so
    any depth is measured without recursion)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping):
            children: Iterable[object] = item.values()
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def read_bytes(source: str, max_bytes: int = MAX_BYTES) -> bytes:
    """Read a file (``-`` = standard input). Raises RecordLoadError REC-IO-1 / REC-SIZE-1."""
    try:
        if source == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            with Path(source).open("rb") as handle:
                data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise RecordLoadError("REC-IO-1", f"cannot read {source}: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise RecordLoadError("REC-SIZE-1", f"file is larger than the limit of {max_bytes} bytes")
    return data


def parse(data: bytes) -> Any:
    """Parse JSON bytes (a UTF-8 BOM is accepted). Raises RecordLoadError REC-JSON-1.

    orjson keeps the last of duplicate keys; :func:`parse_record` rejects them (REC-JSON-2).
    """
    original = data
    if data.startswith(BOM):
        data = data[len(BOM) :]
    collecting = gc.isenabled()
    gc.disable()  # parsing builds thousands of containers and no cycles: skip the collector
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        bad = _not_utf8(original)
        if bad is not None:
            raise bad from None
        line, col = _position(data, exc.pos)
        raise RecordLoadError(
            "REC-JSON-1", f"not valid JSON: {exc.msg} (line {line}, column {col})", line, col
        ) from None
    finally:
        if collecting:
            gc.enable()


def load(source: str, max_bytes: int = MAX_BYTES) -> Any:
    """Read and parse one document strictly (see :func:`parse_record`)."""
    return parse_record(read_bytes(source, max_bytes))


class DuplicateKeysError(RecordLoadError):
    """REC-JSON-2: an object of the document has the same key twice."""

    def __init__(self, duplicates: list[Any], text: str, doc: Any) -> None:
        first = duplicates[0]
        super().__init__("REC-JSON-2", f"the key {first.key!r} appears twice in one object")
        self.duplicates = duplicates
        self.text = text
        self.doc = doc


def has_duplicate_keys(data: bytes, doc: Any) -> bool:
    """Whether some object of the document ``data`` (parsed as ``doc``) repeats a key.

    orjson keeps the last of two equal keys without a word. The cheap, exact test counts
    colons: each key is followed by one, and re-serialised the parsed document has one key
    (and the colons inside its dropped value) less per duplicate. Colons inside strings count
    on both sides alike as long as ``data`` holds no backslash, because its strings are then
    written byte for byte as orjson writes them; so the counts differ if and only if a key was
    dropped. A document written exactly as orjson writes it (compact NDJSON, as archives and
    ``scorer simulate`` write records) lost nothing and needs no count. A document with a
    backslash (escapes) is decided by the position-tracking scan.
    """
    return _repeats(data, None if b"\\" in data else _compact(doc))


def _repeats(data: bytes, again: bytes | None) -> bool:
    """:func:`has_duplicate_keys` given orjson's compact bytes of the document (None: it has
    escapes, or orjson cannot write it)."""
    if again is None:
        return _repeats_a_key(_text(data))
    if data.startswith(again) and not data[len(again) :].strip():
        return False  # written as orjson writes it (compact NDJSON): nothing was dropped
    return data.count(b":") != again.count(b":")


def _compact(doc: object) -> bytes | None:
    try:
        return orjson.dumps(doc)
    except TypeError:  # nested deeper than orjson writes (it reads deeper than it writes)
        return None


def _repeats_a_key(text: str) -> bool:
    """The exact test for documents with escapes: the stdlib's C parser with a pairs hook."""
    found = False

    def hook(pairs: list[tuple[str, Any]]) -> None:
        nonlocal found
        found = found or len(pairs) != len({key for key, _ in pairs})

    try:
        json.loads(text, object_pairs_hook=hook)
    except RecursionError:
        from scorer.reading.sourcemap import duplicates

        return bool(duplicates(text, limit=0))
    return found


def parse_record(data: bytes, max_duplicates: int = 10_000) -> Any:
    """:func:`parse`, and strict: duplicate keys raise DuplicateKeysError (REC-JSON-2). The
    compact bytes the duplicate test writes also vouch, when they can, that the document holds
    no integral float (scorer.reading.numbers.vouch), which spares the schema check a walk."""
    doc = parse(data)
    if not isinstance(doc, (dict, list)):
        return doc
    again = None if b"\\" in data else _compact(doc)
    if again is not None:
        vouch(doc, again)
    if _repeats(data, again):
        from scorer.reading.sourcemap import duplicates

        text = _text(data)
        raise DuplicateKeysError(duplicates(text, limit=max_duplicates), text, doc)
    return doc


def compact_text(value: Any) -> str:
    """``value`` written as orjson writes it compactly (for the guided walk of sourcemap)."""
    return orjson.dumps(value).decode()


def _text(data: bytes) -> str:
    return data.decode("utf-8-sig")


def dumps(doc: Any, pretty: bool = True) -> bytes:
    """Serialise a plain document (sorted keys are NOT applied: records keep their order)."""
    option = orjson.OPT_INDENT_2 if pretty else 0
    return orjson.dumps(doc, option=option | orjson.OPT_APPEND_NEWLINE)


def _not_utf8(data: bytes) -> RecordLoadError | None:
    """REC-JSON-1 naming the byte offset (in the file) of the first invalid UTF-8 byte."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = exc.start
        before = data[:offset]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", errors="replace")) + 1
        return RecordLoadError(
            "REC-JSON-1",
            f"not valid UTF-8: byte 0x{data[offset]:02x} at byte offset "
            f"{offset} (line {line}, column {col})",
            line,
            col,
        )
    return None


def _position(data: bytes, pos: int) -> tuple[int, int]:
    """1-based line and column of character offset ``pos`` (orjson counts characters)."""
    text = data.decode("utf-8", errors="replace")
    pos = max(0, min(pos, len(text)))
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, col
