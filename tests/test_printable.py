"""No forged output (issue 23, item 4): control characters from a record are escaped in text,
terminal, JUnit, SARIF, GitHub and CSV output, and JUnit stays valid XML for any input.

The record strings are a player name, a file name and a message quoting record text; each
test asserts rule IDs, pointers and exit codes, never a message's wording.
"""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.core.findings import Finding
from scorer.core.printable import printable, xml_printable
from scorer.core.values import PlayerScore, ScoreSheet, VerifyResult
from scorer.standings.csvfile import render_csv
from scorer.standings.text import render_text as standings_text
from scorer.writing.explain import render_explanation
from scorer.writing.formats import WRITERS
from scorer.writing.report import render_text
from tests.standings.helpers import game, standings

ROOT = Path(__file__).resolve().parent.parent
#: Every control character, C0, DEL and C1.
CONTROLS = "".join(map(chr, range(0x20))) + "".join(map(chr, range(0x7F, 0xA0)))
#: What a file name that is not UTF-8 carries (JSON records cannot: the loader rejects them).
SURROGATES = "\ud800\udc00\udfff"
#: A name that, printed raw, writes a whole fake finding line and an escape sequence.
FORGED = "Ann\nfake.json:1:1: REC-FAKE-1 forged line\x1b[31m\x9b2J\r"
ANY_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def test_printable_escapes_every_control_character_and_keeps_the_rest() -> None:
    escaped = printable(CONTROLS + SURROGATES)
    assert not ANY_CONTROL.search(escaped) and "\n" not in escaped
    assert escaped.startswith("\\x00\\x01") and "\\n" in escaped and "\\t" in escaped
    assert "\\x1b" in escaped and "\\x7f" in escaped and "\\x9f" in escaped
    assert "\\ud800" in escaped
    plain = "Ånn \\ [bold] :x: — 12 ✓"
    assert printable(plain) is plain
    assert xml_printable("a\ufffeb\uffff") == "a\\ufffeb\\uffff"


def _result(name: str) -> VerifyResult:
    """A result quoting ``name`` and every control character in its file name, messages and
    players; lone surrogates only in the file name (the one string that can carry them)."""
    hostile = name + CONTROLS + "\ufffe"
    finding = Finding(
        "REC-CLAIM-1",
        "/players/0/name",
        f"claimed score of {hostile} differs",
        details={"player": name + CONTROLS},  # data, JSON-escaped (no record holds surrogates)
    )
    return VerifyResult(
        f"records/{hostile}{SURROGATES}.json",
        "record",
        "citrus",
        "mismatch",
        (finding, Finding("REC-TURN-1", "/moves/0", hostile, "warning", line=3, col=7)),
        players=(hostile,),
    )


def _write(fmt: str, results: list[VerifyResult]) -> str:
    out = io.BytesIO()
    writer = WRITERS[fmt](out)
    for result in results:
        writer.add(result)
    writer.finish()
    return out.getvalue().decode("utf-8", "surrogatepass")


@pytest.mark.parametrize("fmt", ["json", "ndjson"])
def test_json_formats_keep_the_data_with_no_raw_control_character(fmt: str) -> None:
    text = _write(fmt, [_result(FORGED), _result("Bob")])
    assert not ANY_CONTROL.search(text.replace("\n", ""))
    docs = [json.loads(line) for line in text.splitlines()] if fmt == "ndjson" else []
    records = docs or json.loads(text)["records"]
    assert [r["status"] for r in records] == ["mismatch", "mismatch"]
    assert records[0]["findings"][0]["details"]["player"] == FORGED + CONTROLS
    assert records[0]["findings"][0]["pointer"] == "/players/0/name"
    assert "\\ud800" in records[0]["file"]  # a lone surrogate, written as text


def test_junit_is_valid_xml_for_every_control_character() -> None:
    text = _write("junit", [_result(FORGED), _result("Bob")])
    root = ET.fromstring(text.encode("utf-8"))  # expat rejects any character XML cannot hold
    cases = root.findall(".//testcase")
    assert len(cases) == 2
    failure = cases[0].find("failure")
    assert failure is not None and failure.get("type") == "REC-CLAIM-1"
    assert "/players/0/name" in (failure.text or "")
    assert not ANY_CONTROL.search(failure.get("message") or "")


@pytest.mark.parametrize("fmt", ["text", "github", "sarif"])
def test_batch_formats_write_no_control_character_and_no_fake_line(fmt: str) -> None:
    text = _write(fmt, [_result(FORGED)])
    assert not ANY_CONTROL.search(text)
    assert not any(line.startswith("fake.json") for line in text.splitlines())
    if fmt == "sarif":
        doc = json.loads(text)
        results = doc["runs"][0]["results"]
        assert [r["ruleId"] for r in results] == ["REC-CLAIM-1", "REC-TURN-1"]
        assert results[0]["properties"]["pointer"] == "/players/0/name"
        assert not ANY_CONTROL.search(results[0]["message"]["text"])
        # the details stay the record's data: JSON-escaped, not rewritten
        assert results[0]["properties"]["details"]["player"] == FORGED + CONTROLS
    else:
        assert "REC-CLAIM-1" in text and "/players/0/name" in text


def test_text_report_and_score_table_keep_one_line_per_name() -> None:
    sheet = ScoreSheet(
        ("points",),
        (PlayerScore(FORGED, {"points": 3}, 3), PlayerScore("[bold]Bob", {"points": 1}, 1)),
        ((FORGED,), ("[bold]Bob",)),
    )
    result = VerifyResult("x.json", "record", "citrus", "ok", scores=sheet, players=(FORGED,))
    for color in (False, True):
        text = render_text([result], color=color)
        shown = re.sub("\x1b\\[[0-9;]*m", "", text)  # the report's own styles only
        assert not ANY_CONTROL.search(shown)
        assert not any(line.startswith("fake.json") for line in shown.splitlines())
        assert "[bold]Bob" in shown  # a name is shown as written, never read as markup
    explained = render_explanation(sheet, [], [_result(FORGED).findings[0]])
    assert not ANY_CONTROL.search(explained)


def test_standings_text_and_csv_escape_names_and_events() -> None:
    doc = standings(
        [
            game("a.json", FORGED, 1, 1, [[FORGED], ["Bob"]], {FORGED: 10, "Bob": 5}),
            game("b.json", FORGED, 2, 1, [["Bob"], [FORGED]], {FORGED: 4, "Bob": 9}),
        ]
    )
    text = standings_text(doc)
    assert not ANY_CONTROL.search(text)
    assert not any(line.startswith("fake.json") for line in text.splitlines())
    rows = list(csv.DictReader(io.StringIO(render_csv(doc))))
    lines = render_csv(doc).splitlines()
    assert len(lines) == len(rows) + 1  # one row, one line: no quoted line break
    players = {r["player"] for r in rows if r["row"] == "standing"}
    assert players == {printable(FORGED), "Bob"}
    assert not any(ANY_CONTROL.search(v) for r in rows for v in r.values() if v)


def _forged_record(tmp_path: Path) -> Path:
    """A valid Citrus record whose first player is called FORGED (a warning quotes the name)."""
    doc = json.loads((ROOT / "fixtures/citrus/valid/sim-2p.json").read_text())
    old = doc["players"][0]["name"]
    text = json.dumps(doc).replace(json.dumps(old), json.dumps(FORGED))
    path = tmp_path / "forged.json"
    path.write_text(text)
    return path


@pytest.mark.parametrize("fmt", ["text", "github", "junit", "sarif"])
def test_cli_prints_a_forged_name_escaped(tmp_path: Path, fmt: str) -> None:
    record = _forged_record(tmp_path)
    runner = CliRunner()
    args = ["batch", str(record), "--format", fmt, "--color", "never"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert not ANY_CONTROL.search(result.stdout)
    assert not any(line.startswith("fake.json") for line in result.stdout.splitlines())
    if fmt == "junit":
        ET.fromstring(result.stdout.encode("utf-8"))
    verify = runner.invoke(app, ["verify", str(record), "--color", "never"])
    assert verify.exit_code == 0
    assert "CIT-RET-2" in verify.stdout and "/moves/20/steps/1" in verify.stdout
    assert "\x1b" not in verify.stdout and printable(FORGED) in verify.stdout


def test_cli_file_name_with_a_line_break_is_one_finding_line(tmp_path: Path) -> None:
    bad = tmp_path / "x\n::error title=forged::y\x1b[2J.json"
    bad.write_text("{not json")
    runner = CliRunner()
    for args in (["verify", str(bad)], ["batch", str(bad), "--format", "github"]):
        result = runner.invoke(app, [*args, "--color", "never"])
        assert result.exit_code == 1
        lines = result.stdout.splitlines()
        assert not any(line.startswith("::error title=forged") for line in lines)
        assert "REC-JSON-1" in result.stdout and "\x1b" not in result.stdout
