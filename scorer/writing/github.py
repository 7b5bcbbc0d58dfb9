"""``--format github``: GitHub workflow commands, within what GitHub shows of them."""

from __future__ import annotations

from typing import IO

from scorer.core.findings import Finding
from scorer.core.legal import legal_line
from scorer.core.printable import printable
from scorer.core.values import VerifyResult
from scorer.core.words import noun
from scorer.writing.report import finding_line
from scorer.writing.writer import Writer, where_of

#: GitHub shows at most this many annotations of each type (error, warning) per step.
GITHUB_CAP = 10


class GithubWriter(Writer):
    """GitHub workflow commands: the :data:`GITHUB_CAP` most important errors, then as many
    warnings (GitHub shows no more per type and step), and one notice with the counts, how
    many findings were not annotated and where every finding is.

    Every finding is also a plain finding line (as ``--format text`` writes it): into the
    step's log as it comes, or with ``--output FILE`` into FILE (``full_report`` names it, and
    the annotations go to ``annotations``, the standard output GitHub reads). Most important:
    a record's first error before what it possibly caused, the first findings of many records
    before the later findings of one, then input order. Only the kept annotations are held."""

    def __init__(self, out: IO[bytes], quiet: bool = False, color: bool = False) -> None:
        super().__init__(out, quiet, color)
        #: where the annotations go (the standard output; ``out`` unless ``--output``)
        self.annotations: IO[bytes] = out
        #: the file holding every finding line (``--output``), or None: the step's log
        self.full_report: str | None = None
        self.kept: dict[str, list[tuple[tuple[int, int, int], str]]] = {
            "error": [],
            "warning": [],
        }
        self.hidden: dict[str, int] = {"error": 0, "warning": 0}
        self.seen = 0

    def write_result(self, result: VerifyResult) -> None:
        for rank, f in enumerate(result.findings):
            self.seen += 1
            text = finding_line(where_of(result, f), f)
            self._text(" " + text + "\n" if text.startswith("::") else text + "\n")
            level = "error" if f.is_error else "warning"
            cascade = 1 if f.details.get("after_first_error") else 0
            self._keep(level, (cascade, rank, self.seen), _annotation(result, f, level))

    def _keep(self, level: str, key: tuple[int, int, int], command: str) -> None:
        kept = self.kept[level]
        kept.append((key, command))
        if len(kept) > GITHUB_CAP:
            kept.remove(max(kept))
            self.hidden[level] += 1

    def finish(self) -> None:
        for level in ("error", "warning"):
            for _key, command in sorted(self.kept[level]):
                self.annotations.write(command.encode("utf-8"))
        notice = self.tally.closing_line() + self._not_shown()
        self.annotations.write(f"::notice title=scorer::{_data(notice)}\n".encode())
        self.annotations.flush()
        self._text(self.tally.closing_text())

    def _not_shown(self) -> str:
        """ "; 40 more errors not annotated (…): every finding is in …", or ""."""
        more = [f"{n} more {noun(n, level)}" for level, n in self.hidden.items() if n]
        if not more:
            return ""
        where = (
            printable(self.full_report)
            if self.full_report is not None
            else "this step's log (--output FILE writes them to a file)"
        )
        return (
            f"; {' and '.join(more)} not annotated (GitHub shows {GITHUB_CAP} of each type "
            f"per step): every finding is in {where}"
        )


def _annotation(result: VerifyResult, f: Finding, level: str) -> str:
    """One ``::error``/``::warning`` workflow command."""
    props = f"file={_prop(printable(result.source))}"
    line = f.line or result.line
    if line:
        props += f",line={line}"
        if f.line is not None and f.col is not None:
            props += f",col={f.col}"
    props += f",title={_prop(f.rule)}"
    where = f" at {f.pointer}" if f.pointer else ""
    legal = legal_line(f.details)
    also = f"\n{printable(legal)}" if legal else ""
    return f"::{level} {props}::{_data(printable(f.message + where) + also)}\n"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")
