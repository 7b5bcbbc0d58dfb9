"""A time budget per record (``batch --record-timeout S``, REC-TIMEOUT-1).

In the main thread of a process (the CLI, and each worker of the process pool) the budget is
enforced with a real-time interval timer: ``SIGALRM`` interrupts the check wherever it is.
Elsewhere (Dask runs tasks in threads, where signals cannot be used) the record is checked to
the end and counts as timed out if it took longer than the budget.

:class:`RecordTimeout` derives from BaseException so that the pipeline's guard against
unexpected errors (REC-INTERNAL-1) does not turn it into a different finding.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class RecordTimeout(BaseException):
    """The budget of one record ran out."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"more than {seconds} s")
        self.seconds = seconds


@contextmanager
def budget(seconds: float | None) -> Iterator[None]:
    """Run the block within ``seconds`` (None: no limit). Raises RecordTimeout."""
    if seconds is None:
        yield
        return
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        start = time.perf_counter()
        yield
        if time.perf_counter() - start > seconds:
            raise RecordTimeout(seconds)
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise RecordTimeout(seconds)

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
