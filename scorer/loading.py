"""Reading documents: bytes → orjson → plain data, with clean errors (REC-IO/JSON/SIZE)."""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import Any

import orjson

from scorer.errors import RecordLoadError

#: Largest file the scorer reads (a complete game is a few hundred kilobytes at most).
MAX_BYTES: int = 16 * 1024 * 1024
BOM = b"\xef\xbb\xbf"


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
        raise RecordLoadError(
            "REC-SIZE-1", f"file is larger than the limit of {max_bytes} bytes"
        )
    return data


def parse(data: bytes) -> Any:
    """Parse JSON bytes (a UTF-8 BOM is accepted). Raises RecordLoadError REC-JSON-1.

    orjson keeps the last of duplicate keys; the scorer accepts that (as most JSON readers do).
    """
    if data.startswith(BOM):
        data = data[len(BOM) :]
    collecting = gc.isenabled()
    gc.disable()  # parsing builds thousands of containers and no cycles: skip the collector
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        line, col = _position(data, exc.pos)
        raise RecordLoadError(
            "REC-JSON-1", f"not valid JSON: {exc.msg} (line {line}, column {col})", line, col
        ) from None
    finally:
        if collecting:
            gc.enable()


def load(source: str, max_bytes: int = MAX_BYTES) -> Any:
    """Read and parse one document."""
    return parse(read_bytes(source, max_bytes))


def dumps(doc: Any, pretty: bool = True) -> bytes:
    """Serialise a plain document (sorted keys are NOT applied: records keep their order)."""
    option = orjson.OPT_INDENT_2 if pretty else 0
    return orjson.dumps(doc, option=option | orjson.OPT_APPEND_NEWLINE)


def canonical_json(value: Any) -> bytes:
    """The canonical JSON form of plain data: UTF-8, keys sorted, no whitespace (fingerprints
    and comparisons of component data)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _position(data: bytes, pos: int) -> tuple[int, int]:
    """1-based line and column of character offset ``pos`` (orjson counts characters)."""
    text = data.decode("utf-8", errors="replace")
    pos = max(0, min(pos, len(text)))
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, col
