"""The process pool of a local batch (:func:`scorer.running.batch.run_local`): a worker that
dies is replaced and the records it took down are retried once, alone; the caller's
interruption stops every worker."""

from __future__ import annotations

import multiprocessing
import signal
from typing import TYPE_CHECKING

from scorer.core.findings import Finding
from scorer.core.values import VerifyResult
from scorer.reading.positions import shift
from scorer.running.batch import rendered, verify_chunk

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

    from scorer.reading.items import Item
    from scorer.referee.settings import VerifyOptions


def start_worker() -> None:
    """A worker process's start: the collector tuned; Ctrl-C (which the terminal sends to the
    whole process group) ignored and SIGTERM deadly again, whatever the parent installed: the
    parent stops its workers itself (:meth:`Workers.stop`)."""
    from scorer.running.runtime import tune_gc

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    tune_gc()


def stop_children() -> None:
    """End every worker process of this process now (SIGTERM, then SIGKILL after a second):
    none outlives the run holding the caller's pipes, and no pool's exit hook waits for the
    chunks still queued. Also what an interrupted command calls, wherever the signal landed
    (even while a pool was being made)."""
    children = multiprocessing.active_children()
    for child in children:
        child.terminate()
    for child in children:
        child.join(1)
        if child.is_alive():
            child.kill()
            child.join(1)


class Workers:
    """The process pool of a local batch, replaced when a worker dies; chunks whose worker died
    are retried a record at a time in a pool of one (each record once)."""

    def __init__(self, jobs: int, options: VerifyOptions, render: str | None) -> None:
        self.jobs = jobs
        self.options = options
        self.render = render
        self.pool = self._pool(jobs)
        self.spare: ProcessPoolExecutor | None = None

    @staticmethod
    def _pool(jobs: int) -> ProcessPoolExecutor:
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(max_workers=jobs, initializer=start_worker)

    def submit(self, chunk: list[Item]) -> tuple[list[Item], Future[list[VerifyResult]]]:
        from concurrent.futures.process import BrokenProcessPool

        try:
            return chunk, self.pool.submit(verify_chunk, chunk, self.options, self.render)
        except BrokenProcessPool:  # a worker died: a new pool for what comes next
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = self._pool(self.jobs)
            return chunk, self.pool.submit(verify_chunk, chunk, self.options, self.render)

    def collect(self, sent: tuple[list[Item], Future[list[VerifyResult]]]) -> list[VerifyResult]:
        from concurrent.futures.process import BrokenProcessPool

        chunk, future = sent
        try:
            return future.result()
        except BrokenProcessPool:
            return [self.retry(item) for item in chunk]

    def retry(self, item: Item) -> VerifyResult:
        """``item`` alone in a fresh worker; REC-INTERNAL-1 if that worker dies too."""
        from concurrent.futures.process import BrokenProcessPool

        if self.spare is None:
            self.spare = self._pool(1)
        try:
            return self.spare.submit(verify_chunk, [item], self.options, self.render).result()[0]
        except BrokenProcessPool:
            self.spare.shutdown(wait=False, cancel_futures=True)
            self.spare = None
            return rendered([worker_died(item)], self.render)[0]

    def close(self) -> None:
        for pool in (self.pool, self.spare):
            if pool is not None:
                pool.shutdown(wait=True)

    def stop(self) -> None:
        """End every worker now (:func:`stop_children`) and let the pools go."""
        stop_children()
        for pool in (self.pool, self.spare):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)


def worker_died(item: Item) -> VerifyResult:
    """The result of a record whose worker process died twice while checking it."""
    finding = Finding(
        "REC-INTERNAL-1",
        "",
        "internal error: the worker process checking this record died, twice",
        details={"exception": "worker died"},
    )
    findings = shift((finding,), item.line) if item.line is not None else (finding,)
    return VerifyResult(item.source, "unknown", None, "error", findings, line=item.line)
