"""The documents of a run's inputs: files, folders, globs, NDJSON lines and standard input.

Inputs are files, directories (recursive ``*.json``, ``*.ndjson``, ``*.jsonl``), glob patterns,
``-`` for standard input, and NDJSON files (one document per line; items carry the line).
Everything is read lazily, a line at a time for NDJSON and standard input, so memory stays flat
whatever the size of the run; a document over the size limit becomes an item with its
REC-SIZE-1 error instead of its bytes. Items whose bytes were seen before are marked
(REC-DUP-1) by :func:`mark_duplicates`. Nothing is skipped in silence: a folder that cannot be
listed (a subfolder included) and a ``*.json``/``*.ndjson``/``*.jsonl`` entry of a folder that is
not a readable regular file (a broken symbolic link, a FIFO, a device) is an item with its
REC-IO-1 error at that path.
"""

from __future__ import annotations

import glob
import hashlib
import os
import stat
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO

from scorer.core.errors import RecordLoadError
from scorer.core.values import located
from scorer.reading.loading import MAX_BYTES, read_bytes

NDJSON_SUFFIXES = (".ndjson", ".jsonl")
DIR_SUFFIXES = (".json", *NDJSON_SUFFIXES)
GLOB_CHARS = "*?["


@dataclass(frozen=True, slots=True)
class Item:
    """One document to verify: where it came from, its bytes, or why it could not be read."""

    source: str
    line: int | None
    data: bytes | None
    error: tuple[str, str] | None = None  # (rule, message)
    duplicate_of: str | None = None

    @property
    def label(self) -> str:
        return located(self.source, self.line)


def expand(paths: Iterable[str | Item]) -> Iterator[str | Item]:
    """Files named by ``paths``: directories recursively, globs expanded, each sorted (a
    glob that matches no file gives nothing); what a folder holds that cannot be read is an
    item with its REC-IO-1 error (an item given passes through)."""
    for path in paths:
        yield from _expand_one(path)


def _expand_one(path: str | Item) -> list[str | Item]:
    if isinstance(path, Item) or path == "-":
        return [path]
    if Path(path).is_dir():
        return _walk(path)
    if any(c in path for c in GLOB_CHARS) and not Path(path).exists():
        return [m for m in sorted(glob.glob(path, recursive=True)) if Path(m).is_file()]
    return [path]


def _walk(top: str) -> list[str | Item]:
    """The record files under the folder ``top`` (symbolic links to folders not followed), and
    an error item for each folder that cannot be listed and each record-named entry that is
    not a regular file, all sorted by path."""
    found: dict[str, str | Item] = {}

    def unreadable(exc: OSError) -> None:
        where = str(Path(exc.filename)) if exc.filename is not None else top
        found[where] = _io_error(where, exc.strerror or str(exc))

    for folder, _, names in os.walk(top, onerror=unreadable):
        for name in names:
            path = Path(folder, name)
            if path.suffix not in DIR_SUFFIXES:
                continue
            try:
                regular = stat.S_ISREG(path.stat().st_mode)
            except OSError as exc:  # a broken or looping symbolic link
                found[str(path)] = _io_error(str(path), exc.strerror or str(exc))
                continue
            found[str(path)] = str(path) if regular else _io_error(str(path), "not a regular file")
    return [found[key] for key in sorted(found)]


def _io_error(path: str, reason: str) -> Item:
    return Item(path, None, None, ("REC-IO-1", f"cannot read {path}: {reason}"))


def _nothing_in(path: str | Item) -> str:
    """Why an input gave no record, for the message of an empty run."""
    if isinstance(path, Item):
        return f"{path.label}: no records"
    if path == "-":
        return "-: no records on standard input"
    if Path(path).is_dir():
        return f"{path}: no *.json, *.ndjson or *.jsonl file in this folder"
    if any(c in path for c in GLOB_CHARS) and not Path(path).exists():
        return f"{path}: no file matches this pattern"
    return f"{path}: no records in this file"


def iter_items(
    paths: Iterable[str | Item], max_bytes: int = MAX_BYTES, empty: list[str] | None = None
) -> Iterator[Item]:
    """Every document of every input, lazily (NDJSON files are read line by line).
    An input that gives no document at all is described in ``empty`` (if given)."""
    for path in paths:
        count = 0
        for item in _items_of(path, max_bytes):
            count += 1
            yield item
        if not count and empty is not None:
            empty.append(_nothing_in(path))


def _items_of(path: str | Item, max_bytes: int) -> Iterator[Item]:
    for file in _expand_one(path):
        if isinstance(file, Item):
            yield file
        elif file == "-":
            yield from _stdin_items(max_bytes)
        elif file.endswith(NDJSON_SUFFIXES):
            yield from _ndjson_items(file, max_bytes)
        else:
            try:
                yield Item(file, None, read_bytes(file, max_bytes))
            except RecordLoadError as exc:
                yield Item(file, None, None, (exc.rule, exc.message))


def _ndjson_items(path: str, max_bytes: int) -> Iterator[Item]:
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below, generator-scoped
    except OSError as exc:
        yield Item(path, None, None, ("REC-IO-1", f"cannot read {path}: {exc.strerror}"))
        return
    with handle:
        yield from _lines(path, read_lines(handle, max_bytes), max_bytes)


def read_lines(
    stream: IO[bytes], max_bytes: int, start: int = 1
) -> Iterator[tuple[int, bytes | None]]:
    """(number, line) of each line of ``stream``, reading at most ``max_bytes + 1`` bytes of
    a line at a time: a longer line is ``None`` (and skipped without being held in memory)."""
    number = start - 1
    while True:
        raw = stream.readline(max_bytes + 1)
        if not raw:
            return
        number += 1
        if len(raw) > max_bytes and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):  # the rest of the over-long line
                raw = stream.readline(1 << 20)
            yield number, None
        else:
            yield number, raw


def _lines(
    source: str, lines: Iterable[tuple[int, bytes | None]], max_bytes: int
) -> Iterator[Item]:
    for number, raw in lines:
        if raw is None or len(raw) > max_bytes:
            yield Item(
                source, number, None, ("REC-SIZE-1", f"line is larger than {max_bytes} bytes")
            )
        elif raw.strip():
            yield Item(source, number, raw)


def _stdin_items(max_bytes: int, stream: IO[bytes] | None = None) -> Iterator[Item]:
    """Standard input: one document, or NDJSON when its first non-empty line is a whole object
    and another non-empty line follows. NDJSON is streamed line by line (any length of input
    in flat memory; the size limit applies to each record); a single document may be up to
    ``max_bytes``, white space included. The lines read to decide are held as one byte string
    of at most ``max_bytes`` (blank lines beyond it are counted, not kept)."""
    stream = stream if stream is not None else sys.stdin.buffer
    head = bytearray()  # the input read to decide, while it is within the limit
    size = number = 0
    first = b""
    for number, raw in read_lines(stream, max_bytes):
        if raw is None:  # an over-long first line: neither a document nor NDJSON to read
            yield Item(
                "-",
                number if size else None,
                None,
                ("REC-SIZE-1", f"input is larger than {max_bytes} bytes"),
            )
            return
        size += len(raw)
        if size <= max_bytes:
            head += raw
        if raw.strip():
            first = raw
            break
    if not first:
        return  # nothing but white space: no records
    if not (first.strip().startswith(b"{") and first.strip().endswith(b"}")):
        yield from _single_document(bytes(head) if size <= max_bytes else None, stream, max_bytes)
        return
    rest = read_lines(stream, max_bytes, number + 1)
    for later, raw in rest:
        if raw is None or raw.strip():  # a second record: NDJSON
            yield Item("-", number, first)
            yield from _lines("-", [(later, raw)], max_bytes)
            yield from _lines("-", rest, max_bytes)
            return
        size += len(raw)
        if size <= max_bytes:
            head += raw
    yield from _single_document(bytes(head) if size <= max_bytes else None, stream, max_bytes)


def _single_document(start: bytes | None, stream: IO[bytes], max_bytes: int) -> Iterator[Item]:
    """The document that begins with ``start`` (None: what was read is already over the
    limit) and goes on to the end of ``stream``."""
    data = start + stream.read(max_bytes + 1 - len(start)) if start is not None else None
    if data is None or len(data) > max_bytes:
        yield Item("-", None, None, ("REC-SIZE-1", f"input is larger than {max_bytes} bytes"))
    else:
        yield Item("-", None, data)


def mark_duplicates(items: Iterable[Item]) -> Iterator[Item]:
    """Mark items whose content (whitespace-trimmed bytes) was seen before (REC-DUP-1).

    Memory stays small however many records: a 64-bit digest per distinct record and its
    first occurrence as (input number, line) in a :class:`scorer.reading.seen.DigestTable` (at most
    32 bytes a record), plus each input's name once. (Two different records share a 64-bit
    digest with a chance of about 1 in 36 million for a million records.)
    """
    from scorer.reading.seen import DigestTable

    table = DigestTable()
    numbers: dict[str, int] = {}
    names: list[str] = []
    for item in items:
        if item.data is not None:
            if item.source not in numbers:
                numbers[item.source] = len(names)
                names.append(item.source)
            where = numbers[item.source] << 32 | (item.line or 0)
            digest = hashlib.blake2b(item.data.strip(), digest_size=8).digest()
            first = table.setdefault(int.from_bytes(digest, "little"), where)
            if first != where:
                line = first & 0xFFFFFFFF
                source = names[first >> 32]
                item = replace(item, duplicate_of=located(source, line or None))
        yield item
