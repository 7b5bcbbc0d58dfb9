"""Batch verification on a Dask distributed cluster (``batch --dask ADDRESS``; ``local`` starts
a two-worker cluster on this machine): records go in partitions, each one pickled byte string,
results come back packed the same way and are yielded in input order
(:func:`scorer.running.batch.run_ordered`). Dask and ``distributed`` are imported only here, and
only once a run starts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from scorer.core.values import VerifyResult
from scorer.reading.items import Item
from scorer.referee.settings import DEFAULTS, VerifyOptions
from scorer.running.batch import chunked, run_ordered, verify_chunk, warm_up

#: A Dask task (a partition) ends at this many records or bytes of records, whichever comes
#: first, with three per worker in flight: each task costs the scheduler, the client and the
#: worker some milliseconds and its records a pickled copy both ways, so partitions are larger
#: than the pool's chunks, yet small enough that the last one does not keep one worker busy
#: long alone. Measured again (``bench/batch_bench.py``, 4,000 records): 1 MB / 128 records and a
#: tail cut into smaller partitions bought nothing measurable; per task the parent pays about
#: 2 ms and about 3 ms per MB of records.
DASK_RECORDS = 256
DASK_BYTES = 2_000_000


def run_dask(
    items: Iterable[Item],
    address: str,
    options: VerifyOptions = DEFAULTS,
    render: str | None = None,
    chunk_size: int = DASK_RECORDS,
    chunk_bytes: int = DASK_BYTES,
) -> Iterator[VerifyResult]:
    """Verify on a Dask distributed cluster (``local`` starts a two-worker local cluster).
    Dask runs tasks in threads, where the record timeout is checked after each record, not enforced
    during it (see :mod:`scorer.referee.timeout`)."""
    import importlib
    import pickle

    dist: Any = importlib.import_module("distributed")  # untyped; imported only with --dask
    cluster = local_cluster(dist) if address == "local" else None
    client = dist.Client(cluster if cluster is not None else address)
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        yield from run_ordered(
            chunked(items, chunk_size, chunk_bytes),
            lambda c: client.submit(dask_chunk, packed(c), options, render, pure=False),
            lambda f: pickle.loads(f.result()),
            window=3 * workers,
        )
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def local_cluster(dist: Any) -> Any:
    """A local cluster of two single-threaded worker processes. Where the platform can fork,
    they are forked from this process once every game is imported and every validator built
    (as the pool's workers are), rather than started afresh: a fresh worker imports Dask and
    scorer again, about 0.6 CPU-s more for the two. Off on this cluster: the workers' profiler
    (it samples every thread's stack every 10 ms), work stealing (tasks are alike and
    submitted in order) and the 20 ms tick of every server's event loop: together about a
    fifth of the workers' CPU on 4,000 records. The scheduler's HTTP server (no dashboard, no
    pages) listens on a free loopback port: on its default 8787 another cluster on the machine
    made it warn and move, and the run fail under the tests' warnings-as-errors."""
    import multiprocessing

    import dask

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    if method == "fork":
        warm_up()
    settings = {
        "distributed.worker.multiprocessing-method": method,
        "distributed.worker.profile.enabled": False,  # sampling every thread's stack
        "distributed.scheduler.work-stealing": False,
        "distributed.admin.tick.interval": "1s",
        "distributed.scheduler.http.routes": [],  # no dashboard, metrics or health pages
        "distributed.worker.http.routes": [],
    }
    with dask.config.set(settings):
        return dist.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},  # not 8787: never taken
        )


def packed(items: list[Item]) -> bytes:
    """A partition as one pickled byte string, records and results alike: Dask's scheduler
    then holds and forwards one opaque value per task instead of unpickling and pickling again
    every record on its way from the client to a worker."""
    import pickle

    return pickle.dumps(items, pickle.HIGHEST_PROTOCOL)


def dask_chunk(items: bytes, options: VerifyOptions, render: str | None) -> bytes:
    """A Dask task: :func:`verify_chunk` of a :func:`packed` partition, the results packed
    too, with the worker process's garbage collector tuned first, once per process, as the
    CLI and the pool's workers tune theirs."""
    import pickle

    if not _tuned:
        from scorer.running.runtime import tune_gc

        tune_gc()
        _tuned.append(True)
    results = verify_chunk(pickle.loads(items), options, render)
    return pickle.dumps(results, pickle.HIGHEST_PROTOCOL)


_tuned: list[bool] = []
