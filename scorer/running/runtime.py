"""Process-wide settings of the ``scorer`` command and its batch workers (cheap to import:
the command calls this before it knows which command runs)."""

from __future__ import annotations

import gc


def tune_gc() -> None:
    """Collect cyclic garbage less often: verification allocates many short-lived, acyclic
    objects (parsed JSON, immutable states) that reference counting frees at once, and the
    default threshold of 700 makes the collector scan them again and again. Called by the CLI
    and the batch workers (a process-wide setting, so a library caller decides for itself);
    call it again after a warm-up to freeze what the warm-up imported."""
    gc.freeze()  # what is alive now (modules, schemas) is never scanned again
    gc.set_threshold(20_000, 20, 20)
