"""Batch verification: expand inputs, verify records in parallel, stream results in order.

Inputs are files, directories (recursive ``*.json``, ``*.ndjson``, ``*.jsonl``), glob patterns,
``-`` for standard input, and NDJSON files (one document per line; results carry the line).
Records are handed to worker processes in chunks with a bounded number of chunks in flight, and
results come back in input order whatever the number of workers, so memory stays flat and the
output is deterministic. An unexpected exception in one record becomes a REC-INTERNAL-1 finding
for that record only (see :mod:`scorer.referee.pipeline`). A worker process that dies (killed
by a signal, ``os._exit``, out of memory) is replaced: the records of every chunk it took down
are checked again once, one at a time in a fresh worker, and a record whose retry kills its
worker too is a REC-INTERNAL-1 finding for that record only. An exception or interruption in
the caller (Ctrl-C, SIGTERM) stops every worker before it goes on.

Test-only hook: with the environment variable ``SCORER_TEST_WORKER_DIES_ON`` set to a record's
label (``file`` or ``file:line``), a *worker process* (never the main one) that reaches that
record ends at once with ``os._exit`` (the fault tests of ``tests/test_faults.py``).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from itertools import chain
from typing import TYPE_CHECKING, Any

from scorer.core.findings import Finding
from scorer.core.values import VerifyResult
from scorer.reading.items import Item
from scorer.reading.positions import place, shift
from scorer.referee.pipeline import verify_bytes
from scorer.referee.settings import DEFAULTS, VerifyOptions

if TYPE_CHECKING:
    pass

#: The test-only hook (module docstring): the label of a record on which a worker dies.
DIE_ON = "SCORER_TEST_WORKER_DIES_ON"


def verify_item(item: Item, options: VerifyOptions = DEFAULTS) -> VerifyResult:
    """Verify one item under ``options``; the result carries no state (it crosses process
    boundaries).

    Findings carry line and column in the input file (for NDJSON, the record's line). With
    ``options.record_timeout`` (seconds), a record that takes longer is stopped: REC-TIMEOUT-1.
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
        result = verify_timed(item, options)
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


def verify_timed(item: Item, options: VerifyOptions) -> VerifyResult:
    """verify_bytes within a time budget (REC-TIMEOUT-1 when it runs out)."""
    from scorer.referee.timeout import RecordTimeout, budget

    assert item.data is not None
    try:
        with budget(options.record_timeout):
            return verify_bytes(item.data, item.source, options)
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
    items: list[Item], options: VerifyOptions = DEFAULTS, render: str | None = None
) -> list[VerifyResult]:
    """Worker entry point: verify a chunk of items in order.

    With ``render`` ("json" or "ndjson") each result carries its output already rendered and
    no score sheet; with "slim" it only drops the sheet (formats that show findings only).
    Either way less crosses back to the parent process, which then only writes.
    """
    if options.schema_dir is not None:  # a worker that did not inherit --schema-dir
        from scorer.reading.schemas import schema_dir, set_schema_dir

        if schema_dir() != options.schema_dir:
            set_schema_dir(options.schema_dir)
    dies_on = os.environ.get(DIE_ON)
    if dies_on is not None and _in_worker():
        for item in items:
            if item.label == dies_on:
                os._exit(70)
    return rendered([verify_item(item, options) for item in items], render)


def _in_worker() -> bool:
    """Whether this is a worker process (the fault-injection hook of the tests dies only
    there). ``multiprocessing`` is imported here and where workers start, not at start-up:
    a ``--jobs 1`` run never needs it."""
    import multiprocessing

    return multiprocessing.parent_process() is not None


def rendered(results: list[VerifyResult], render: str | None) -> list[VerifyResult]:
    """``results`` as :func:`verify_chunk` returns them for ``render``."""
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


def read_ahead(
    items: Iterable[Item], enough: Callable[[int, int], bool]
) -> tuple[list[Item], Iterator[Item] | None]:
    """The items read until ``enough(records, bytes)`` holds for those read, and the items
    after them (None: the items ran out first). Nothing is lost: chain the two to go on."""
    rest = iter(items)
    head: list[Item] = []
    size = 0
    for item in rest:
        head.append(item)
        size += len(item.data) if item.data is not None else 0
        if enough(len(head), size):
            return head, rest
    return head, None


def sized_jobs(items: Iterable[Item], limit: int = SERIAL_BYTES) -> tuple[Iterator[Item], int]:
    """The default number of worker processes for ``items`` and the same items: 1 when they
    hold less than ``limit`` bytes of records, else every core. The items read to decide
    (at most ``limit`` bytes and one record more) are held and given back first."""
    head, rest = read_ahead(items, lambda _, size: size >= limit)
    if rest is not None:
        return chain(head, rest), default_jobs()
    return iter(head), 1


def fitted_jobs(
    items: Iterable[Item], jobs: int, chunk_size: int
) -> tuple[Iterator[Item], int, int]:
    """No more workers than records: the same items, the number of workers and the chunk
    size. When the records are fewer than ``jobs`` chunks (read ahead to know: at most what
    the chunks in flight hold anyway), min(jobs, records) workers share them in equal chunks;
    else ``jobs`` and ``chunk_size`` stand."""
    head, rest = read_ahead(
        items, lambda count, size: count >= jobs * chunk_size or size >= jobs * CHUNK_BYTES
    )
    if rest is not None:
        return chain(head, rest), jobs, chunk_size
    workers = max(1, min(jobs, len(head)))
    return iter(head), workers, max(1, -(-len(head) // workers))


def run_local(
    items: Iterable[Item],
    jobs: int | None,
    options: VerifyOptions = DEFAULTS,
    render: str | None = None,
    chunk_size: int = 64,
) -> Iterator[VerifyResult]:
    """Verify with ``jobs`` worker processes (1 = in this process; ``None``: chosen from the
    input's size by :func:`sized_jobs`; never more than :func:`max_jobs`, ValueError, nor
    more than records, :func:`fitted_jobs`); ``options`` and ``render`` as for
    :func:`verify_chunk` (the options are sent with every chunk)."""
    if jobs is None:
        items, jobs = sized_jobs(items)
    if jobs > max_jobs():
        raise ValueError(f"jobs must be at most {max_jobs()} (4 per CPU), not {jobs}")
    if jobs > 1:
        items, jobs, chunk_size = fitted_jobs(items, jobs, chunk_size)
    chunks = chunked(items, chunk_size)
    if jobs <= 1:
        for chunk in chunks:
            yield from verify_chunk(chunk, options, render)
        return
    warm_up()  # forked workers then start with every game imported and every validator built
    from scorer.running.workers import Workers

    workers = None
    try:
        workers = Workers(jobs, options, render)
        yield from run_ordered(chunks, workers.submit, workers.collect, window=4 * jobs)
    except BaseException:
        if workers is not None:
            workers.stop()
        raise
    workers.close()


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
    options: VerifyOptions = DEFAULTS,
    render: str | None = None,
) -> Iterator[VerifyResult]:
    """Verify on a Dask distributed cluster: :func:`scorer.running.cluster.run_dask` (Dask is
    imported only once the results are asked for)."""
    from scorer.running.cluster import run_dask as on_cluster

    yield from on_cluster(items, address, options, render)


#: ``--jobs`` takes at most this many worker processes per CPU (:func:`max_jobs`).
JOBS_PER_CPU = 4


def max_jobs() -> int:
    """The most worker processes a batch starts: JOBS_PER_CPU per CPU this process may use
    (``scorer.cli.options.MAX_JOBS`` holds the same number for the command line)."""
    return JOBS_PER_CPU * default_jobs()


def default_jobs() -> int:
    return (
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    )
