"""How a run verifies its documents: one frozen settings object from the command down to the
workers.

The CLI (and ``scorer.toml``), the web app and the batch runners build one
:class:`VerifyOptions` and hand it down unchanged: ``verify_file`` → ``verify_bytes`` →
``verify_document`` for one document, ``run_local`` / ``run_dask`` → ``verify_chunk`` →
``verify_item`` for many (the object crosses to worker processes and Dask tasks as it is).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scorer.core.findings import MAX_FINDINGS
from scorer.reading.loading import MAX_BYTES

if TYPE_CHECKING:
    from scorer.referee.profile import Profile


@dataclass(frozen=True, slots=True)
class VerifyOptions:
    """The settings of a verification run (the defaults are the CLI's)."""

    #: Go on after an illegal move (``--keep-going``): later findings are marked
    #: ``after_first_error``; an impossible position is still scored.
    keep_going: bool = False
    #: At most this many findings per document, then one REC-LIMIT-1 (``--max-findings``).
    max_findings: int = MAX_FINDINGS
    #: The event profile of ``scorer.toml`` (REC-PROFILE-*), if any.
    profile: Profile | None = None
    #: Stop a record that takes longer than this many seconds (REC-TIMEOUT-1).
    record_timeout: float | None = None
    #: The largest document read, in bytes (REC-SIZE-1).
    max_bytes: int = MAX_BYTES
    #: A folder of schemas to validate with instead of the shipped ones (``--schema-dir``);
    #: workers that did not inherit it set it before their first document.
    schema_dir: Path | None = None
    #: Read every document through this position importer (``--from bga``); None: records and
    #: positions, and a document without ``format`` that has an importer's shape.
    source: str | None = None


#: The settings of a run given no options.
DEFAULTS = VerifyOptions()
