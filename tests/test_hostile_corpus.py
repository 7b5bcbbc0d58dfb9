"""One hostile corpus through every command (issue 23, "Done when", first point).

The corpus is generated here, never checked in: integers of 2^64 and 2^70 in a cell and in a
card field, ``2.0`` where an integer belongs, control characters and newlines in player names,
``meta`` nested 1,000 deep, a broken link and a FIFO, a duplicate record, a record with 20,000
findings (bounded by --max-findings), and one good record among them. Every command that reads
records (verify, batch in every format, show, explain, standings), import-map (hostile .haz
text) and the web API must answer without a traceback, never exit 0 on bad input, keep the
good record's result in every batch format and write output that parses."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from click.testing import Result
from starlette.testclient import TestClient
from typer.testing import CliRunner

from scorer.cli import app
from scorer.serve.app import create_app
from tests.conftest import ROOT

runner = CliRunner()
LOCAL = "http://127.0.0.1:8765"
FORMATS = ("text", "json", "ndjson", "junit", "sarif", "github")


def _simulated(game: str) -> dict[str, Any]:
    result = runner.invoke(app, ["simulate", game, "--players", "2", "--seed", "0", "--count", "1"])
    assert result.exit_code == 0, result.output
    doc: dict[str, Any] = json.loads(result.stdout)
    return doc


GOOD = _simulated("harmonies")
CITRUS = _simulated("citrus")


def _first_cell(doc: dict[str, Any]) -> list[Any]:
    for move in doc["moves"]:
        for step in move.get("steps", []):
            if "cell" in step:
                cell: list[Any] = step["cell"]
                return cell
    raise AssertionError("no cell in the simulated record")


def _with(doc: dict[str, Any], change: Any) -> str:
    copy = json.loads(json.dumps(doc))
    change(copy)
    return json.dumps(copy, indent=1)


def _renamed(doc: dict[str, Any], old: str, new: str) -> str:
    return json.dumps(doc, indent=1).replace(json.dumps(old), json.dumps(new))


def _set_cell(value: Any) -> Any:
    return lambda d: _first_cell(d).__setitem__(0, value)


def _set_card(value: Any) -> Any:
    return lambda d: d["setup"]["start_fincas"][0].__setitem__("first", value)


def _deep_meta() -> str:
    text = json.dumps(GOOD, indent=1)
    deep = '{"a": ' * 1000 + "1" + "}" * 1000
    return text.replace('"meta": {', '"meta": {"deep": ' + deep + ", ", 1)


def _many_findings() -> str:
    flood = dict(GOOD)
    flood["moves"] = [{"player": "Nobody", "action": "turn"}] * 20_000
    return json.dumps(flood)


#: name -> text of every hostile record file that is bad input.
REJECTED: dict[str, str] = {
    "cell-2e64.json": _with(GOOD, _set_cell(2**64)),
    "cell-2e70.json": _with(GOOD, _set_cell(2**70)),
    "card-2e64.json": _with(CITRUS, _set_card(2**64)),
    "card-2e70.json": _with(CITRUS, _set_card(2**70)),
    "cell-float.json": _with(GOOD, _set_cell(2.0)),
    "card-float.json": _with(CITRUS, _set_card(2.0)),
    "flood.json": _many_findings(),
}
#: name -> text of hostile records that are valid games (meta is free-form; a name may hold any
#: character): they verify, and no output shows their characters raw.
ACCEPTED: dict[str, str] = {
    "name-escape.json": _renamed(GOOD, GOOD["players"][0]["name"], "A\x1b[2J\x1b[31mnn\x07\x00"),
    "name-newline.json": _renamed(
        GOOD, GOOD["players"][0]["name"], "Ann\n::error file=x::forged\n1 passed, 0 failed"
    ),
    "deep-meta.json": _deep_meta(),
}
HOSTILE = {**REJECTED, **ACCEPTED}
GOOD_NAME = "good.json"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    (root / GOOD_NAME).write_text(json.dumps(GOOD, indent=1))
    (root / "duplicate.json").write_text(json.dumps(GOOD, indent=1))
    for name, text in HOSTILE.items():
        (root / name).write_text(text)
    (root / "broken-link.json").symlink_to(root / "nowhere.json")
    return root


def _assert_escaped(output: str) -> None:
    """No control character of a hostile name reached ``output`` raw (colour codes of the
    scorer's own may), and no line of it was forged by a newline in a name."""
    assert "\x07" not in output and "\x00" not in output and "\x1b[2J" not in output
    lines = output.splitlines()
    if lines and re.fullmatch(r"\d+ passed, \d+ failed", lines[-1]):
        lines.pop()  # the run's own closing line (verify's, as batch's)
    for line in lines:
        assert not line.startswith(("::error file=x", "1 passed, 0 failed")), line


def _clean(result: Result) -> str:
    """The output, after asserting no traceback reached it or escaped the command."""
    output = result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        repr(result.exception),
        output[-2000:],
    )
    assert "Traceback" not in output, output[-2000:]
    assert "RecursionError" not in output and "Integer exceeds" not in output, output[-2000:]
    return output


def test_the_good_record_verifies(corpus: Path) -> None:
    result = runner.invoke(app, ["verify", str(corpus / GOOD_NAME)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_verify_rejects_each_hostile_record(corpus: Path, name: str) -> None:
    result = runner.invoke(
        app, ["verify", "--no-color", "--max-findings", "10", str(corpus / name)]
    )
    _clean(result)
    assert result.exit_code != 0, result.output[-2000:]


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_verify_json_of_each_hostile_record_parses(corpus: Path, name: str) -> None:
    result = runner.invoke(
        app, ["verify", "--format", "json", "--max-findings", "10", str(corpus / name)]
    )
    _clean(result)
    assert result.exit_code != 0
    report = orjson.loads(result.stdout)
    (record,) = report["records"]
    assert record["status"] != "verified"
    assert len(record["findings"]) <= 11


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_verify_accepts_a_hostile_valid_record_and_escapes_it(corpus: Path, name: str) -> None:
    result = runner.invoke(app, ["verify", "--color", "always", str(corpus / name)])
    output = _clean(result)
    assert result.exit_code == 0, output[-2000:]
    _assert_escaped(output)


def test_the_broken_link_is_an_io_finding(corpus: Path) -> None:
    result = runner.invoke(app, ["verify", str(corpus / "broken-link.json")])
    _clean(result)
    assert result.exit_code == 2, result.output
    assert "REC-IO-1" in result.output


def test_twenty_thousand_findings_are_capped(corpus: Path) -> None:
    result = runner.invoke(
        app,
        [
            "verify",
            "--format",
            "json",
            "--keep-going",
            "--max-findings",
            "50",
            str(corpus / "flood.json"),
        ],
    )
    _clean(result)
    assert result.exit_code == 1
    findings = orjson.loads(result.stdout)["records"][0]["findings"]
    assert len(findings) == 51
    assert [f["rule"] for f in findings[:50]] == ["REC-SCHEMA-1"] * 50
    assert findings[-1]["rule"] == "REC-LIMIT-1"


def _batch(corpus: Path, fmt: str) -> Result:
    return runner.invoke(
        app,
        [
            "batch",
            "--jobs",
            "1",
            "--no-color",
            "--max-findings",
            "10",
            "--format",
            fmt,
            str(corpus),
        ],
    )


@pytest.mark.parametrize("fmt", FORMATS)
def test_batch_keeps_the_good_record_in_every_format(corpus: Path, fmt: str) -> None:
    result = _batch(corpus, fmt)
    output = _clean(result)
    assert result.exit_code not in (0,), output[-2000:]
    out = result.stdout
    good = str(corpus / GOOD_NAME)
    if fmt == "json":
        records = orjson.loads(out)["records"]
        statuses = {r["file"]: r["status"] for r in records}
        assert statuses[good] == "ok", statuses
        assert set(statuses) >= {str(corpus / n) for n in HOSTILE}
    elif fmt == "ndjson":
        lines = [orjson.loads(line) for line in out.splitlines() if line.strip()]
        statuses = {line.get("file"): line.get("status") for line in lines}
        assert statuses[good] == "ok", statuses
        assert set(statuses) >= {str(corpus / n) for n in HOSTILE}
    elif fmt == "junit":
        tree = ET.fromstring(out)
        cases = [
            c for c in tree.iter("testcase") if good in (c.get("name", "") + c.get("classname", ""))
        ]
        assert cases and not any(list(c) for c in cases), out[:2000]
    elif fmt == "sarif":
        sarif = orjson.loads(out)
        assert sarif["runs"]
    else:
        assert good not in [
            line.split(":", 1)[0] for line in out.splitlines() if "error" in line.lower()
        ]
    for name in REJECTED:
        assert name in out, (fmt, name)
    assert "\x1b" not in out
    _assert_escaped(out)


def test_standings_answer_without_traceback(corpus: Path) -> None:
    result = runner.invoke(app, ["standings", "--no-color", str(corpus)])
    _clean(result)
    assert result.exit_code != 0, result.output[-2000:]


@pytest.mark.parametrize("fmt", ["text", "json", "csv", "html"])
def test_standings_escape_hostile_names_and_events(tmp_path: Path, fmt: str) -> None:
    doc = json.loads(ACCEPTED["name-newline.json"])
    doc["meta"].update({"event": "E\x1b[2J\nx", "round": 1, "table": 1})
    text = json.dumps(doc).replace(json.dumps(GOOD["players"][1]["name"]), json.dumps("B\x07\x00"))
    (tmp_path / "a.json").write_text(text)
    result = runner.invoke(app, ["standings", "--no-color", "--format", fmt, str(tmp_path)])
    output = _clean(result)
    assert result.exit_code == 0, output[-2000:]
    if fmt == "json":
        orjson.loads(result.stdout)
    elif fmt != "html":  # HTML escapes with html.escape and carries no terminal (issue 23, 4)
        _assert_escaped(output)


@pytest.mark.parametrize("command", ["show", "explain"])
@pytest.mark.parametrize("name", sorted(REJECTED))
def test_show_and_explain_reject_each_hostile_record(corpus: Path, command: str, name: str) -> None:
    args = [command, str(corpus / name)]
    if command == "show":
        args.insert(1, "--no-color")
    result = runner.invoke(app, args)
    _clean(result)
    assert result.exit_code != 0, result.output[-2000:]


@pytest.mark.parametrize(
    "command, name",
    [
        ("explain", "deep-meta.json"),
        ("explain", "name-escape.json"),
        ("explain", "name-newline.json"),
        ("show", "deep-meta.json"),
        ("show", "name-escape.json"),
        ("show", "name-newline.json"),
    ],
)
def test_show_and_explain_escape_each_hostile_valid_record(
    corpus: Path, command: str, name: str
) -> None:
    result = runner.invoke(app, [command, str(corpus / name)])
    output = _clean(result)
    assert result.exit_code == 0, output[-2000:]
    _assert_escaped(output)


def test_show_position_of_deep_meta(corpus: Path) -> None:
    result = runner.invoke(app, ["show", "--position", str(corpus / "deep-meta.json")])
    _clean(result)
    assert result.exit_code != 0


def _stdin(data: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "scorer", *args, "-"],
        input=data,
        capture_output=True,
        timeout=120,
        cwd=ROOT,
        check=False,
    )


def test_blank_line_padding_on_stdin_still_verifies_the_record() -> None:
    data = orjson.dumps(GOOD) + b"\n" + b"\n" * 10_000 + b"   \n" * 1000
    done = _stdin(data, "verify", "--no-color")
    assert b"Traceback" not in done.stderr + done.stdout
    assert done.returncode == 0, done.stderr[-2000:]


def test_blank_line_padding_past_the_limit_is_refused() -> None:
    data = orjson.dumps(GOOD) + b"\n" + b"\n" * (17 * 1024 * 1024)
    done = _stdin(data, "verify", "--no-color")
    assert b"Traceback" not in done.stderr + done.stdout
    assert done.returncode not in (0,), done.stdout[-2000:]


def test_a_fifo_is_not_waited_for(tmp_path: Path) -> None:
    (tmp_path / GOOD_NAME).write_text(json.dumps(GOOD))
    os.mkfifo(tmp_path / "pipe.json")
    done = subprocess.run(
        [sys.executable, "-m", "scorer", "batch", "--jobs", "1", str(tmp_path)],
        capture_output=True,
        timeout=60,
        cwd=ROOT,
        check=False,
    )
    assert b"Traceback" not in done.stderr + done.stdout
    assert done.returncode != 0
    assert b"pipe.json" in done.stdout + done.stderr


HAZ_HEAD = "[Control]\r\nVersion=GRHIG0101\r\nColCount=3\r\nRowCount=5\r\nMapName=M\r\n"
HAZ: dict[str, str] = {
    "digits-5000": HAZ_HEAD + "[Hex]\r\n1=" + "9" * 5000 + "\r\n",
    "cols-1e30": HAZ_HEAD.replace("ColCount=3", "ColCount=" + str(10**30)) + "[Hex]\r\n1=2\r\n",
    "index-2e64": HAZ_HEAD + f"[Hex]\r\n{2**64}=2\r\n",
    "control-name": HAZ_HEAD.replace("MapName=M", "MapName=\x1b[2J\x07") + "[Hex]\r\n1=2\r\n",
    "empty": "",
    "garbage": "\x00\x01\x02" * 100,
}


@pytest.mark.parametrize("name", sorted(HAZ))
def test_import_map_refuses_hostile_haz(tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.haz"
    path.write_text(HAZ[name], encoding="latin-1")
    result = runner.invoke(app, ["import-map", str(path)])
    _clean(result)
    assert result.exit_code != 0, result.output[-2000:]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False, base_url=LOCAL) as c:
        yield c


API = ("/api/check", "/api/score", "/api/verdict", "/api/svg", "/api/position")


@pytest.mark.parametrize("path", API)
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_web_api_answers_each_hostile_record(client: TestClient, path: str, name: str) -> None:
    response = client.post(path, content=HOSTILE[name].encode())
    assert response.status_code < 500, response.text[:2000]
    assert "Traceback" not in response.text
    if response.headers.get("content-type", "").startswith("application/json"):
        response.json()
