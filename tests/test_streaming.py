"""``verify`` prints each result as it comes (memory flat in the number of records), with the
same bytes as printing the whole list at once. Peak memory is measured in
``bench/memory_bench.py``, not here."""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.referee.pipeline import verify_file
from scorer.referee.settings import VerifyOptions
from scorer.writing import report
from tests.conftest import FIXTURES

OK = FIXTURES / "harmonies" / "valid" / "2p-side-a.json"
runner = CliRunner()


def _line(copy: int) -> bytes:
    doc = json.loads(OK.read_bytes())
    doc.setdefault("meta", {})["note"] = f"copy {copy}"
    return json.dumps(doc).encode() + b"\n"


def _read_line(proc: subprocess.Popen[bytes], seconds: float) -> bytes:
    """One line of the process's output, or b"" if none came within ``seconds``."""
    assert proc.stdout is not None
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        if not sel.select(timeout=seconds):
            return b""
    return proc.stdout.readline()


def test_verify_prints_the_first_result_before_the_last_record_is_read() -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "scorer", "verify", "-", "--format", "ndjson"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "NO_COLOR": "1"},
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(_line(0) + _line(1))  # two lines: standard input is NDJSON
            proc.stdin.flush()
            first = _read_line(proc, 120)  # the last record is not written yet
            assert first, "no result printed while standard input is still open"
            assert json.loads(first)["status"] == "ok"
            proc.stdin.write(_line(2))
            proc.stdin.close()
            rest = proc.stdout.read().splitlines()
            assert proc.wait(60) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
    assert [json.loads(x)["status"] for x in [first, *rest]] == ["ok"] * 3


@pytest.mark.parametrize("count", [0, 1, 2, 7])
def test_the_streamed_json_report_is_the_whole_list_report(count: int) -> None:
    files = sorted((FIXTURES / "harmonies").rglob("*.json"))
    results = [verify_file(str(f), VerifyOptions()) for f in files if f.name != "cases.json"]
    results = results[:count]
    streamed = report.JsonReport()
    parts = [streamed.record(r) for r in results]
    assert b"".join([*parts, streamed.end()]) == report.render_json(results)
    assert streamed.counts["total"] == count


def test_verify_exit_code_and_summary_come_from_running_counts(tmp_path: Path) -> None:
    bad = json.loads(OK.read_bytes())
    bad["claimed"]["scores"] = dict.fromkeys(bad["claimed"]["scores"], 1)
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    (tmp_path / "ok.ndjson").write_bytes(_line(0) + _line(1))
    result = runner.invoke(app, ["verify", "--format", "json", str(tmp_path)])
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["summary"] == {"total": 3, "passed": 2, "failed": 1}
    assert [f["rule"] for r in doc["records"] for f in r["findings"] if f["severity"] == "error"]
    missing = runner.invoke(app, ["verify", str(tmp_path / "ok.ndjson"), str(tmp_path / "no")])
    assert missing.exit_code == 2
