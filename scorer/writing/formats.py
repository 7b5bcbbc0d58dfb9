"""Batch output formats: text, json, ndjson, junit, sarif and github annotations.

Every writer receives results one at a time in input order (``add``) and writes the closing
part at the end (``finish``). Text, ndjson and github stream; json streams its records array;
junit and sarif keep a small summary per record (not the record itself) until the end.
"""

from __future__ import annotations

from collections import defaultdict
from typing import IO, Any

from scorer import __version__
from scorer.core.findings import REC_RULES, Finding
from scorer.core.legal import legal_line
from scorer.core.printable import printable, xml_printable
from scorer.core.values import VerifyResult
from scorer.writing.github import GITHUB_CAP as GITHUB_CAP
from scorer.writing.github import GithubWriter as GithubWriter
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
from scorer.writing.writer import Writer as Writer
from scorer.writing.writer import where_of

FORMATS = ("text", "json", "ndjson", "junit", "sarif", "github")
FP_SHOWN = 5


class TextWriter(Writer):
    #: Print the findings per rule ID before the closing line (``--statistics``).
    statistics: bool = False
    #: The terminal's width (None: no limit): a summary table wider than it loses the status
    #: columns no record has, then is turned (a row per status).
    width: int | None = None

    def write_result(self, result: VerifyResult) -> None:
        for finding in result.findings:
            self._text(finding_line(where_of(result, finding), finding, self.color) + "\n")

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
        from scorer.writing.sheet import fold

        lines = []
        for game in sorted(self.tally.fingerprints):
            counts = self.tally.fingerprints[game]
            common = [(fp, n) for fp, n in counts.most_common() if fp != "other"]
            shown = [f"{short_fingerprint(fp)} ({n})" for fp, n in common[:FP_SHOWN]]
            rest = sum(n for _, n in common[FP_SHOWN:]) + counts["other"]
            if rest:
                shown.append(f"{rest} record{'s' if rest != 1 else ''} with others")
            line = printable(f"Components of {game}: {', '.join(shown)}")
            lines.append(fold(line, self.width) + "\n")
        return "".join(lines)

    def _summary_table(self) -> str:
        from scorer.writing.sheet import narrowed

        header = ["game", "records", *STATUSES]
        rows = []
        for game in sorted(self.tally.by_game):
            counts = self.tally.by_game[game]
            rows.append(
                [printable(game), str(sum(counts.values())), *(str(counts[s]) for s in STATUSES)]
            )
        narrow = narrowed("Summary by game", header, rows, self.color, self.width)
        return narrow if narrow is not None else self._wide_summary_table()

    def _wide_summary_table(self) -> str:
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


WRITERS: dict[str, type[Writer]] = {
    "text": TextWriter,
    "json": JsonWriter,
    "ndjson": NdjsonWriter,
    "junit": JunitWriter,
    "sarif": SarifWriter,
    "github": GithubWriter,
}
