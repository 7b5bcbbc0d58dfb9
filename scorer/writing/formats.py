"""Batch output formats: text, json, ndjson, junit, sarif and github annotations.

Every writer receives results one at a time in input order (``add``) and writes the closing
part at the end (``finish``). Text, ndjson and github stream; json streams its records array;
junit and sarif keep a small summary per record (not the record itself) until the end.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import defaultdict
from typing import IO, Any

from scorer import __version__
from scorer.core.findings import REC_RULES, Finding
from scorer.core.legal import legal_line
from scorer.core.printable import printable, xml_printable
from scorer.core.values import VerifyResult
from scorer.core.words import noun
from scorer.writing.report import (
    REPORT_FORMAT,
    dumps_line,
    dumps_report,
    finding_line,
    result_to_data,
)
from scorer.writing.tally import STATUSES as STATUSES
from scorer.writing.tally import Tally as Tally
from scorer.writing.tally import fails as fails
from scorer.writing.verdict import label

FORMATS = ("text", "json", "ndjson", "junit", "sarif", "github")
#: GitHub shows at most this many annotations of each type (error, warning) per step.
GITHUB_CAP = 10
FP_SHOWN = 5


def _where(result: VerifyResult, finding: Finding) -> str:
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


class TextWriter(Writer):
    #: Print the findings per rule ID before the closing line (``--statistics``).
    statistics: bool = False

    def write_result(self, result: VerifyResult) -> None:
        for finding in result.findings:
            self._text(finding_line(_where(result, finding), finding, self.color) + "\n")

    def finish(self) -> None:
        if not self.quiet and self.tally.total:
            self._text(self._summary_table())
            self._text(self._fingerprint_lines())
        if self.statistics:
            self._text("Findings by rule:\n" + self.tally.statistics())
        self._text(self.tally.closing_text())

    def _fingerprint_lines(self) -> str:
        """Per game, the component data the records were played with (most common first)."""
        from scorer.writing.report import short_fingerprint

        lines = []
        for game in sorted(self.tally.fingerprints):
            counts = self.tally.fingerprints[game]
            common = [(fp, n) for fp, n in counts.most_common() if fp != "other"]
            shown = [f"{short_fingerprint(fp)} ({n})" for fp, n in common[:FP_SHOWN]]
            rest = sum(n for _, n in common[FP_SHOWN:]) + counts["other"]
            if rest:
                shown.append(f"{rest} record{'s' if rest != 1 else ''} with others")
            lines.append(printable(f"Components of {game}: {', '.join(shown)}") + "\n")
        return "".join(lines)

    def _summary_table(self) -> str:
        import io

        from rich.console import Console
        from rich.table import Table
        from rich.text import Text

        table = Table(title="Summary by game", title_justify="left")
        table.add_column("game")
        table.add_column("records", justify="right")
        for status in STATUSES:
            table.add_column(status, justify="right")
        for game in sorted(self.tally.by_game):
            counts = self.tally.by_game[game]
            shown = Text(printable(game))
            table.add_row(shown, str(sum(counts.values())), *(str(counts[s]) for s in STATUSES))
        buffer = io.StringIO()
        Console(
            file=buffer,
            width=120,
            force_terminal=self.color,
            no_color=not self.color,
            color_system="standard" if self.color else None,
        ).print(table)
        return buffer.getvalue()


class NdjsonWriter(Writer):
    render = "ndjson"

    def write_result(self, result: VerifyResult) -> None:
        self.out.write(result.rendered or dumps_line(result_to_data(result)))


class JsonWriter(Writer):
    """The scorer-report/1 document, written record by record."""

    render = "json"

    def __init__(self, out: IO[bytes], quiet: bool = False, color: bool = False) -> None:
        super().__init__(out, quiet, color)
        self._first = True
        self._text('{"format": "' + REPORT_FORMAT + '", "records": [')

    def write_result(self, result: VerifyResult) -> None:
        self._text("\n" if self._first else ",\n")
        self._first = False
        self.out.write(
            result.rendered or dumps_report(result_to_data(result), indent=False).rstrip(b"\n")
        )

    def finish(self) -> None:
        summary = {
            "total": self.tally.total,
            "passed": self.tally.passed,
            "failed": self.tally.failed,
            **self.tally.statuses(),
        }
        self._text('\n], "summary": ')
        self.out.write(dumps_report(summary, indent=False).rstrip(b"\n"))
        self._text("}\n")


class _Collecting(Writer):
    """Keeps (label, source, line, game, status, findings) per record for the final document."""

    def __init__(self, out: IO[bytes], quiet: bool = False, color: bool = False) -> None:
        super().__init__(out, quiet, color)
        self.rows: list[tuple[str, str, int | None, str, str, tuple[Finding, ...]]] = []

    def write_result(self, result: VerifyResult) -> None:
        self.rows.append(
            (
                label(result),
                result.source,
                result.line,
                result.game or "unknown",
                result.status,
                result.findings,
            )
        )


class JunitWriter(_Collecting):
    """JUnit XML: one testsuite per game, one testcase per record."""

    def finish(self) -> None:
        from xml.sax.saxutils import escape as xml_escape  # imports urllib and http: only here
        from xml.sax.saxutils import quoteattr as xml_quoteattr

        def quoteattr(text: str) -> str:
            return xml_quoteattr(xml_printable(text))

        def body_text(text: str) -> str:  # printable finding lines: their breaks stay breaks
            return xml_escape("\n".join(xml_printable(p) for p in text.split("\n")))

        suites: dict[str, list[Any]] = defaultdict(list)
        for row in self.rows:
            suites[row[3]].append(row)
        failures = sum(1 for r in self.rows if r[4] != "ok")
        lines = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<testsuites name="scorer" tests="{len(self.rows)}" failures="{failures}" errors="0">',
        ]
        for game in sorted(suites):
            rows = suites[game]
            fails = sum(1 for r in rows if r[4] != "ok")
            lines.append(
                f'  <testsuite name={quoteattr(game)} tests="{len(rows)}" '
                f'failures="{fails}" errors="0" skipped="0">'
            )
            for where, _src, _line, _game, status, findings in rows:
                name = quoteattr(where)
                classname = quoteattr(f"scorer.{game}")
                if status == "ok":
                    lines.append(f"    <testcase classname={classname} name={name}/>")
                    continue
                first = next((f for f in findings if f.is_error), findings[0] if findings else None)
                at = f" (line {first.line}, column {first.col})" if first and first.line else ""
                message = f"{status}: {first.rule} {first.message}{at}" if first else status
                body = "\n".join(
                    finding_line(_src if f.line is not None else where, f) for f in findings
                )
                lines.append(f"    <testcase classname={classname} name={name}>")
                lines.append(
                    f"      <failure message={quoteattr(message)} type="
                    f"{quoteattr(first.rule if first else status)}>{body_text(body)}"
                    "</failure>"
                )
                lines.append("    </testcase>")
            lines.append("  </testsuite>")
        lines.append("</testsuites>")
        self._text("\n".join(lines) + "\n")


class SarifWriter(_Collecting):
    """SARIF 2.1.0: one run, one result per finding; locations as file + line where known."""

    def finish(self) -> None:
        from scorer.core.roles import CATALOGUE
        from scorer.registry import game_names, get

        catalogue = dict(REC_RULES)
        for game in game_names():
            catalogue.update(get(game, CATALOGUE).RULE_IDS)
        used = sorted({f.rule for row in self.rows for f in row[5]})
        index = {rule: i for i, rule in enumerate(used)}
        results = []
        for _where, source, line, _game, _status, findings in self.rows:
            for f in findings:
                results.append(_sarif_result(source, line, f, index[f.rule]))
        doc = {
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                {
                    "tool": {
                        "driver": {
                            "name": "scorer",
                            "version": __version__,
                            "rules": [
                                {"id": r, "shortDescription": {"text": catalogue.get(r, r)}}
                                for r in used
                            ],
                        }
                    },
                    "results": results,
                    "columnKind": "unicodeCodePoints",
                }
            ],
        }
        self.out.write(dumps_report(doc))


def _sarif_result(
    source: str, line: int | None, finding: Finding, rule_index: int
) -> dict[str, Any]:
    start = finding.line if finding.line is not None else line
    region: dict[str, int] = {"startLine": start} if start else {}
    if region and finding.col and finding.line is not None:
        region["startColumn"] = finding.col
    uri = printable(source.replace("\\", "/"))
    location: dict[str, Any] = {"artifactLocation": {"uri": uri}}
    if region:
        location["region"] = region
    text = printable(finding.message + (f" (at {finding.pointer})" if finding.pointer else ""))
    legal = legal_line(finding.details)
    if legal:
        text += f"\n{printable(legal)}"
    return {
        "ruleId": finding.rule,
        "ruleIndex": rule_index,
        "level": "error" if finding.is_error else "warning",
        "message": {"text": text},
        "locations": [{"physicalLocation": location}],
        "properties": {"pointer": finding.pointer, "details": dict(finding.details)},
    }


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
            text = finding_line(_where(result, f), f)
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


WRITERS: dict[str, type[Writer]] = {
    "text": TextWriter,
    "json": JsonWriter,
    "ndjson": NdjsonWriter,
    "junit": JunitWriter,
    "sarif": SarifWriter,
    "github": GithubWriter,
}
