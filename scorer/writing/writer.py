"""The base of every batch output format: results in input order (``add``), a closing part
(``finish``), the counts of the run (``tally``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import IO

from scorer.core.findings import Finding
from scorer.core.values import VerifyResult
from scorer.writing.tally import Tally
from scorer.writing.verdict import label


def where_of(result: VerifyResult, finding: Finding) -> str:
    """What a finding line starts with: the file when the finding has its line in the file."""
    return result.source if finding.line is not None else label(result)


class Writer(ABC):
    #: What batch workers prepare for this writer (see scorer.running.batch.verify_chunk): the other
    #: formats show findings only, so the score sheets need not come back at all.
    render: str = "slim"

    def __init__(self, out: IO[bytes], quiet: bool = False, color: bool = False) -> None:
        self.out = out
        self.quiet = quiet
        self.color = color
        self.tally = Tally()

    def add(self, result: VerifyResult) -> None:
        self.tally.add(result)
        self.write_result(result)

    @abstractmethod
    def write_result(self, result: VerifyResult) -> None:
        """Write (or keep) one result."""

    def finish(self) -> None:  # noqa: B027 - optional hook: most formats have no closing part
        """Write the closing part (default: nothing)."""

    def _text(self, text: str) -> None:
        self.out.write(text.encode("utf-8"))
