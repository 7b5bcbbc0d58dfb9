"""Batch verification: expand inputs, verify records in parallel, stream results in order.

Inputs are files, directories (recursive ``*.json``, ``*.ndjson``, ``*.jsonl``), glob patterns,
``-`` for standard input, and NDJSON files (one document per line; results carry the line).
Records are handed to worker processes in chunks with a bounded number of chunks in flight, and
results come back in input order whatever the number of workers, so memory stays flat and the
output is deterministic. An unexpected exception in one record becomes a REC-INTERNAL-1 finding
for that record only (see :mod:`scorer.pipeline`).
"""

from __future__ import annotations

import glob
import hashlib
import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorer.engine import VerifyResult
from scorer.errors import RecordLoadError
from scorer.findings import Finding
from scorer.loading import MAX_BYTES, read_bytes
from scorer.pipeline import verify_bytes

if TYPE_CHECKING:
    from scorer.profile import Profile

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
        return self.source if self.line is None else f"{self.source}:{self.line}"


def expand(paths: Iterable[str]) -> Iterator[str]:
    """Files named by ``paths``: directories recursively, globs expanded, each sorted."""
    for path in paths:
        if path == "-":
            yield path
        elif Path(path).is_dir():
            found = [p for p in Path(path).rglob("*") if p.suffix in DIR_SUFFIXES and p.is_file()]
            yield from sorted(str(p) for p in found)
        elif any(c in path for c in GLOB_CHARS) and not Path(path).exists():
            matches = sorted(glob.glob(path, recursive=True))
            yield from (m for m in matches if Path(m).is_file()) if matches else [path]
        else:
            yield path


def iter_items(paths: Iterable[str], max_bytes: int = MAX_BYTES) -> Iterator[Item]:
    """Every document of every input, lazily (NDJSON files are read line by line)."""
    for path in expand(paths):
        if path == "-":
            yield from _stdin_items(max_bytes)
        elif path.endswith(NDJSON_SUFFIXES):
            yield from _ndjson_items(path, max_bytes)
        else:
            try:
                yield Item(path, None, read_bytes(path, max_bytes))
            except RecordLoadError as exc:
                yield Item(path, None, None, (exc.rule, exc.message))


def _ndjson_items(path: str, max_bytes: int) -> Iterator[Item]:
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below, generator-scoped
    except OSError as exc:
        yield Item(path, None, None, ("REC-IO-1", f"cannot read {path}: {exc.strerror}"))
        return
    with handle:
        yield from _lines(path, handle, max_bytes)


def _lines(source: str, lines: Iterable[bytes], max_bytes: int) -> Iterator[Item]:
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        if len(raw) > max_bytes:
            yield Item(source, number, None,
                       ("REC-SIZE-1", f"line is larger than {max_bytes} bytes"))
        else:
            yield Item(source, number, raw)


def _stdin_items(max_bytes: int) -> Iterator[Item]:
    """Standard input: one document, or NDJSON when it has several non-empty lines that each
    start a document on their own."""
    data = sys.stdin.buffer.read(max_bytes + 1)
    if len(data) > max_bytes:
        yield Item("-", None, None, ("REC-SIZE-1", f"input is larger than {max_bytes} bytes"))
        return
    lines = [ln for ln in data.splitlines() if ln.strip()]
    if len(lines) > 1 and lines[0].lstrip().startswith(b"{") and lines[0].rstrip().endswith(b"}"):
        yield from _lines("-", data.splitlines(), max_bytes)
    else:
        yield Item("-", None, data)


def verify_item(item: Item, keep_going: bool = False, profile: Profile | None = None
                ) -> VerifyResult:
    """Verify one item (under the event ``profile``, if any); the result carries no state (it
    crosses process boundaries)."""
    if item.data is None:
        rule, message = item.error or ("REC-IO-1", "no data")
        result = VerifyResult(item.source, "unknown", None, "malformed",
                              (Finding(rule, "", message),))
    else:
        result = verify_bytes(item.data, item.source, keep_going, profile)
    if item.duplicate_of is not None:
        dup = Finding("REC-DUP-1", "", f"the same content as {item.duplicate_of}", "warning",
                      {"first": item.duplicate_of})
        result = replace(result, findings=(*result.findings, dup))
    return replace(result, state=None, line=item.line)


def verify_chunk(items: list[Item], keep_going: bool = False, render: str | None = None,
                 profile: Profile | None = None) -> list[VerifyResult]:
    """Worker entry point: verify a chunk of items in order.

    With ``render`` ("json" or "ndjson") each result carries its output already rendered and
    no score sheet; with "slim" it only drops the sheet (formats that show findings only).
    Either way less crosses back to the parent process, which then only writes.
    """
    results = [verify_item(item, keep_going, profile) for item in items]
    if render is None:
        return results
    from scorer.report import dumps_line, dumps_report, result_to_data

    slim = []
    for result in results:
        rendered = None
        if render == "ndjson":
            rendered = dumps_line(result_to_data(result))
        elif render == "json":
            rendered = dumps_report(result_to_data(result), indent=False).rstrip(b"\n")
        slim.append(replace(result, scores=None, rendered=rendered))
    return slim


def chunked(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    chunk: list[Item] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def shard(items: Iterable[Item], index: int, count: int) -> Iterator[Item]:
    """Items whose position (0-based) is ``index - 1`` modulo ``count`` (``--shard I/N``)."""
    for position, item in enumerate(items):
        if position % count == index - 1:
            yield item


Submit = Callable[[list[Item]], Any]
Collect = Callable[[Any], list[VerifyResult]]


def run_ordered(chunks: Iterable[list[Item]], submit: Submit, collect: Collect,
                window: int) -> Iterator[VerifyResult]:
    """Submit chunks keeping at most ``window`` in flight; yield results in input order."""
    pending: deque[Any] = deque()
    for chunk in chunks:
        pending.append(submit(chunk))
        if len(pending) >= window:
            yield from collect(pending.popleft())
    while pending:
        yield from collect(pending.popleft())


def run_local(items: Iterable[Item], jobs: int, keep_going: bool = False, chunk_size: int = 16,
              render: str | None = None, profile: Profile | None = None
              ) -> Iterator[VerifyResult]:
    """Verify with ``jobs`` worker processes (1 = in this process); ``render`` and ``profile``
    as for :func:`verify_chunk` (the profile is sent with every chunk)."""
    chunks = chunked(items, chunk_size)
    if jobs <= 1:
        for chunk in chunks:
            yield from verify_chunk(chunk, keep_going, render, profile)
        return
    from concurrent.futures import ProcessPoolExecutor

    from scorer.pipeline import tune_gc

    warm_up()  # forked workers then start with every game imported and every validator built
    with ProcessPoolExecutor(max_workers=jobs, initializer=tune_gc) as pool:
        yield from run_ordered(
            chunks, lambda c: pool.submit(verify_chunk, c, keep_going, render, profile),
            lambda f: f.result(), window=4 * jobs)


def warm_up() -> None:
    """Import every game and compile the schema validators once, in this process."""
    from scorer.registry import game_names, get_rules
    from scorer.schemas import validate

    for game in game_names():
        get_rules(game)
    validate({"format": "scorer-record/1"})
    validate({"format": "scorer-position/1"})


def run_dask(items: Iterable[Item], address: str, keep_going: bool = False,
             chunk_size: int = 64, render: str | None = None, profile: Profile | None = None
             ) -> Iterator[VerifyResult]:
    """Verify on a Dask distributed cluster (``local`` starts a two-worker local cluster)."""
    import importlib

    dist: Any = importlib.import_module("distributed")  # untyped; imported only with --dask
    cluster = None
    if address == "local":
        cluster = dist.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                    dashboard_address=None)
        client = dist.Client(cluster)
    else:
        client = dist.Client(address)
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        yield from run_ordered(
            chunked(items, chunk_size),
            lambda c: client.submit(verify_chunk, c, keep_going, render, profile, pure=False),
            lambda f: f.result(), window=4 * workers)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)


def mark_duplicates(items: Iterable[Item]) -> Iterator[Item]:
    """Mark items whose content (whitespace-trimmed bytes) was seen before (REC-DUP-1).

    Only a 16-byte digest per distinct record is kept.
    """
    seen: dict[bytes, str] = {}
    for item in items:
        if item.data is not None:
            digest = hashlib.blake2b(item.data.strip(), digest_size=16).digest()
            first = seen.setdefault(digest, item.label)
            if first != item.label:
                item = replace(item, duplicate_of=first)
        yield item
