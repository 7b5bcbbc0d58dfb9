"""Batch verification: expand inputs, verify records in parallel, stream results in order.

Inputs are files, directories (recursive ``*.json``, ``*.ndjson``, ``*.jsonl``), glob patterns,
``-`` for standard input, and NDJSON files (one document per line; results carry the line).
Records are handed to worker processes in chunks with a bounded number of chunks in flight, and
results come back in input order whatever the number of workers, so memory stays flat and the
output is deterministic. An unexpected exception in one record becomes a REC-INTERNAL-1 finding
for that record only (see :mod:`scorer.referee.pipeline`).
"""

from __future__ import annotations

import glob
import hashlib
import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from itertools import chain
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from scorer.core.errors import RecordLoadError
from scorer.core.findings import MAX_FINDINGS, Finding
from scorer.core.values import VerifyResult
from scorer.reading.loading import MAX_BYTES, Item, read_bytes
from scorer.reading.positions import place, shift
from scorer.referee.pipeline import verify_bytes

if TYPE_CHECKING:
    from scorer.referee.profile import Profile

NDJSON_SUFFIXES = (".ndjson", ".jsonl")
DIR_SUFFIXES = (".json", *NDJSON_SUFFIXES)
GLOB_CHARS = "*?["


def expand(paths: Iterable[str]) -> Iterator[str]:
    """Files named by ``paths``: directories recursively, globs expanded, each sorted (a
    glob that matches no file gives nothing)."""
    for path in paths:
        yield from _expand_one(path)


def _expand_one(path: str) -> list[str]:
    if path == "-":
        return [path]
    if Path(path).is_dir():
        found = [p for p in Path(path).rglob("*") if p.suffix in DIR_SUFFIXES and p.is_file()]
        return sorted(str(p) for p in found)
    if any(c in path for c in GLOB_CHARS) and not Path(path).exists():
        return [m for m in sorted(glob.glob(path, recursive=True)) if Path(m).is_file()]
    return [path]


def _nothing_in(path: str) -> str:
    """Why an input gave no record, for the message of an empty run."""
    if path == "-":
        return "-: no records on standard input"
    if Path(path).is_dir():
        return f"{path}: no *.json, *.ndjson or *.jsonl file in this folder"
    if any(c in path for c in GLOB_CHARS) and not Path(path).exists():
        return f"{path}: no file matches this pattern"
    return f"{path}: no records in this file"


def iter_items(
    paths: Iterable[str], max_bytes: int = MAX_BYTES, empty: list[str] | None = None
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


def _items_of(path: str, max_bytes: int) -> Iterator[Item]:
    for file in _expand_one(path):
        if file == "-":
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
    ``max_bytes``."""
    stream = stream if stream is not None else sys.stdin.buffer
    head: list[bytes] = []  # lines read to decide, all but the last blank
    number = 0
    for number, raw in read_lines(stream, max_bytes):
        if raw is None:  # an over-long first line: neither a document nor NDJSON to read
            yield Item(
                "-",
                number if head else None,
                None,
                ("REC-SIZE-1", f"input is larger than {max_bytes} bytes"),
            )
            return
        head.append(raw)
        if raw.strip():
            break
    first = head[-1].strip() if head else b""
    if not first:
        return  # nothing but white space: no records
    if not (first.startswith(b"{") and first.endswith(b"}")):
        yield from _single_document(b"".join(head), stream, max_bytes)
        return
    rest = read_lines(stream, max_bytes, number + 1)
    for later, raw in rest:
        if raw is None or raw.strip():  # a second record: NDJSON
            yield Item("-", number, head[-1])
            yield from _lines("-", [(later, raw)], max_bytes)
            yield from _lines("-", rest, max_bytes)
            return
        head.append(raw)
    yield Item("-", None, b"".join(head))


def _single_document(start: bytes, stream: IO[bytes], max_bytes: int) -> Iterator[Item]:
    data = start + stream.read(max_bytes + 1 - len(start))
    if len(data) > max_bytes:
        yield Item("-", None, None, ("REC-SIZE-1", f"input is larger than {max_bytes} bytes"))
    else:
        yield Item("-", None, data)


def verify_item(
    item: Item,
    keep_going: bool = False,
    max_findings: int = MAX_FINDINGS,
    timeout: float | None = None,
    profile: Profile | None = None,
) -> VerifyResult:
    """Verify one item (under the event ``profile``, if any); the result carries no state (it
    crosses process boundaries).

    Findings carry line and column in the input file (for NDJSON, the record's line). With
    ``timeout`` (seconds), a record that takes longer is stopped: REC-TIMEOUT-1.
    """
    if item.data is None:
        rule, message = item.error or ("REC-IO-1", "no data")
        position = (1, 1) if rule == "REC-SIZE-1" else (None, None)
        result = VerifyResult(
            item.source,
            "unknown",
            None,
            "malformed",
            (Finding(rule, "", message, line=position[0], col=position[1]),),
        )
    else:
        result = verify_timed(item, keep_going, max_findings, timeout, profile)
    if item.duplicate_of is not None:
        dup = Finding(
            "REC-DUP-1",
            "",
            f"the same content as {item.duplicate_of}",
            "warning",
            {"first": item.duplicate_of},
        )
        result = replace(result, findings=(*result.findings, dup))
        if item.data is not None:
            result = place(result, item.data)
    findings = shift(result.findings, item.line) if item.line is not None else result.findings
    return replace(result, state=None, line=item.line, findings=findings)


def verify_timed(
    item: Item,
    keep_going: bool,
    max_findings: int,
    timeout: float | None,
    profile: Profile | None = None,
) -> VerifyResult:
    """verify_bytes within a time budget (REC-TIMEOUT-1 when it runs out)."""
    from scorer.referee.timeout import RecordTimeout, budget

    assert item.data is not None
    try:
        with budget(timeout):
            return verify_bytes(
                item.data, item.source, keep_going, profile=profile, max_findings=max_findings
            )
    except RecordTimeout as exc:
        finding = Finding(
            "REC-TIMEOUT-1",
            "",
            f"checking this record took longer than the "
            f"--record-timeout of {exc.seconds:g} s; it was stopped",
            details={"timeout": exc.seconds},
            line=1,
            col=1,
        )
        return VerifyResult(item.source, "unknown", None, "error", (finding,))


def verify_chunk(
    items: list[Item],
    keep_going: bool = False,
    render: str | None = None,
    max_findings: int = MAX_FINDINGS,
    timeout: float | None = None,
    profile: Profile | None = None,
) -> list[VerifyResult]:
    """Worker entry point: verify a chunk of items in order.

    With ``render`` ("json" or "ndjson") each result carries its output already rendered and
    no score sheet; with "slim" it only drops the sheet (formats that show findings only).
    Either way less crosses back to the parent process, which then only writes.
    """
    results = [verify_item(item, keep_going, max_findings, timeout, profile) for item in items]
    if render is None:
        return results
    from scorer.writing.report import dumps_line, dumps_report, result_to_data

    slim = []
    for result in results:
        rendered = None
        if render == "ndjson":
            rendered = dumps_line(result_to_data(result))
        elif render == "json":
            rendered = dumps_report(result_to_data(result), indent=False).rstrip(b"\n")
        slim.append(replace(result, scores=None, rendered=rendered))
    return slim


#: A chunk handed to a worker ends at this many bytes of records even when it holds fewer than
#: its count: what is in flight stays bounded whatever the size of the records.
CHUNK_BYTES = 1_000_000


def chunked(items: Iterable[Item], size: int, max_bytes: int = CHUNK_BYTES) -> Iterator[list[Item]]:
    """``items`` in lists of ``size``, or fewer once they hold ``max_bytes`` of records."""
    chunk: list[Item] = []
    held = 0
    for item in items:
        chunk.append(item)
        held += len(item.data) if item.data is not None else 0
        if len(chunk) >= size or held >= max_bytes:
            yield chunk
            chunk = []
            held = 0
    if chunk:
        yield chunk


def shard(items: Iterable[Item], index: int, count: int) -> Iterator[Item]:
    """Items whose position (0-based) is ``index - 1`` modulo ``count`` (``--shard I/N``)."""
    for position, item in enumerate(items):
        if position % count == index - 1:
            yield item


Submit = Callable[[list[Item]], Any]
Collect = Callable[[Any], list[VerifyResult]]


def run_ordered(
    chunks: Iterable[list[Item]], submit: Submit, collect: Collect, window: int
) -> Iterator[VerifyResult]:
    """Submit chunks keeping at most ``window`` in flight; yield results in input order."""
    pending: deque[Any] = deque()
    for chunk in chunks:
        pending.append(submit(chunk))
        if len(pending) >= window:
            yield from collect(pending.popleft())
    while pending:
        yield from collect(pending.popleft())


#: Below this many bytes of records a batch runs in one process (the default of ``--jobs``):
#: starting workers costs more wall time than sharing the records saves. Measured with
#: ``bench/batch_bench.py --break-even`` (2 cores): the pool costs about 0.18 CPU-s more (fork,
#: importing every game, compiling the validators) and a simulated record about 2.5 ms for
#: 11 KB, so two workers on two free cores win from about 2 x 0.18 / 0.0025 = 144 records,
#: 1.6 MB; on cores busy with other work one process stays faster longer.
SERIAL_BYTES = 1_500_000


def sized_jobs(items: Iterable[Item], limit: int = SERIAL_BYTES) -> tuple[Iterator[Item], int]:
    """The default number of worker processes for ``items`` and the same items: 1 when they
    hold less than ``limit`` bytes of records, else every core. The items read to decide
    (at most ``limit`` bytes and one record more) are held and given back first."""
    rest = iter(items)
    head: list[Item] = []
    size = 0
    for item in rest:
        head.append(item)
        size += len(item.data) if item.data is not None else 0
        if size >= limit:
            return chain(head, rest), default_jobs()
    return iter(head), 1


def run_local(
    items: Iterable[Item],
    jobs: int | None,
    keep_going: bool = False,
    chunk_size: int = 64,
    render: str | None = None,
    max_findings: int = MAX_FINDINGS,
    timeout: float | None = None,
    profile: Profile | None = None,
) -> Iterator[VerifyResult]:
    """Verify with ``jobs`` worker processes (1 = in this process; ``None``: chosen from the
    input's size by :func:`sized_jobs`); ``render``, ``max_findings``, ``timeout`` and
    ``profile`` as for :func:`verify_chunk` (the profile is sent with every chunk)."""
    if jobs is None:
        items, jobs = sized_jobs(items)
    chunks = chunked(items, chunk_size)
    if jobs <= 1:
        for chunk in chunks:
            yield from verify_chunk(chunk, keep_going, render, max_findings, timeout, profile)
        return
    from concurrent.futures import ProcessPoolExecutor

    from scorer.running.runtime import tune_gc

    warm_up()  # forked workers then start with every game imported and every validator built
    with ProcessPoolExecutor(max_workers=jobs, initializer=tune_gc) as pool:
        yield from run_ordered(
            chunks,
            lambda c: pool.submit(
                verify_chunk, c, keep_going, render, max_findings, timeout, profile
            ),
            lambda f: f.result(),
            window=4 * jobs,
        )


def warm_up() -> None:
    """Import every game and compile the schema validators once, in this process."""
    from scorer.core.roles import CATALOGUE, POSITIONS, REFEREE
    from scorer.reading.schemas import validate
    from scorer.registry import game_names, get

    for game in game_names():
        for role in (CATALOGUE, REFEREE, POSITIONS):
            get(game, role)
    validate({"format": "scorer-record/1"})
    validate({"format": "scorer-position/1"})


def run_dask(
    items: Iterable[Item],
    address: str,
    keep_going: bool = False,
    chunk_size: int = 64,
    render: str | None = None,
    max_findings: int = MAX_FINDINGS,
    timeout: float | None = None,
    profile: Profile | None = None,
) -> Iterator[VerifyResult]:
    """Verify on a Dask distributed cluster (``local`` starts a two-worker local cluster).
    Dask runs tasks in threads, where ``timeout`` is checked after each record, not enforced
    during it (see :mod:`scorer.referee.timeout`)."""
    import importlib

    dist: Any = importlib.import_module("distributed")  # untyped; imported only with --dask
    cluster = None
    if address == "local":
        cluster = dist.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = dist.Client(cluster)
    else:
        client = dist.Client(address)
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        yield from run_ordered(
            chunked(items, chunk_size),
            lambda c: client.submit(
                verify_chunk, c, keep_going, render, max_findings, timeout, profile, pure=False
            ),
            lambda f: f.result(),
            window=4 * workers,
        )
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def default_jobs() -> int:
    return (
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    )


def mark_duplicates(items: Iterable[Item]) -> Iterator[Item]:
    """Mark items whose content (whitespace-trimmed bytes) was seen before (REC-DUP-1).

    Memory stays small however many records: a 64-bit digest per distinct record and its
    first occurrence as (input number, line) in a :class:`scorer.referee.seen.DigestTable` (at most
    32 bytes a record), plus each input's name once. (Two different records share a 64-bit
    digest with a chance of about 1 in 36 million for a million records.)
    """
    from scorer.referee.seen import DigestTable

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
                item = replace(item, duplicate_of=f"{source}:{line}" if line else source)
        yield item
