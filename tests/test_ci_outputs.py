"""CI outputs (issue 25 §5): GitHub annotations within what GitHub shows, a missing input path
said as such by every command, and the fixture manifests never taken for records."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.core.findings import Finding
from scorer.core.values import VerifyResult
from scorer.writing.formats import GITHUB_CAP, GithubWriter
from tests.conftest import FIXTURES, ROOT

runner = CliRunner()


def _result(name: str, *findings: Finding) -> VerifyResult:
    return VerifyResult(name, "record", "harmonies", "illegal", findings)


def _error(rule: str, cascade: bool = False) -> Finding:
    details = {"after_first_error": True} if cascade else {}
    return Finding(rule, "/moves/0", "bad", details=details)


def test_github_writes_the_most_important_ten_of_each_type_and_one_notice() -> None:
    out = io.BytesIO()
    writer = GithubWriter(out)
    # one record with many errors (its later ones possibly caused by the first), then others
    writer.add(_result("many.json", _error("REC-TURN-1"), *(_error("X-A-1", True),) * 15))
    for k in range(12):
        warning = Finding("X-W-1", "", "careful", severity="warning")
        writer.add(_result(f"r{k:02}.json", _error("X-B-1"), warning))
    writer.finish()
    lines = out.getvalue().decode().splitlines()
    commands = [ln for ln in lines if ln.startswith("::")]
    errors = [ln for ln in commands if ln.startswith("::error ")]
    warnings = [ln for ln in commands if ln.startswith("::warning ")]
    notices = [ln for ln in commands if ln.startswith("::notice ")]
    assert len(errors) == len(warnings) == GITHUB_CAP and len(notices) == 1
    assert commands.index(errors[-1]) < commands.index(warnings[0])  # errors first
    assert "file=many.json" in errors[0] and "X-A-1" not in "".join(errors)  # causes first
    assert [e.split(",")[0] for e in errors[1:]] == [f"::error file=r{k:02}.json" for k in range(9)]
    assert "18 more errors and 2 more warnings not annotated" in notices[0]
    assert "this step's log" in notices[0]
    plain = [ln for ln in lines if not ln.startswith("::")]
    assert sum("REC-TURN-1" in ln or "X-" in ln for ln in plain) == 1 + 15 + 24  # every finding


def test_github_with_output_names_the_file_holding_every_finding(tmp_path: Path) -> None:
    for k in range(12):
        (tmp_path / f"{k:02}.json").write_bytes(b'{"k": %d' % k)
    report = tmp_path / "findings.txt"
    args = ["batch", "--jobs", "1", "--format", "github", "--output", str(report), str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.output
    assert result.stdout.count("::error ") == GITHUB_CAP
    assert (
        "2 more errors not annotated (GitHub shows 10 of each type per step): "
        f"every finding is in {report}" in result.stdout
    )
    assert report.read_text().count("REC-JSON-1") == 12


COMMANDS = [
    ["verify"],
    ["score"],
    ["show"],
    ["explain"],
    ["batch", "--jobs", "1"],
    ["report", "--html", "SITE"],
    ["standings", "--jobs", "1"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_missing_path_is_no_such_file_or_folder_exit_2(
    tmp_path: Path, command: list[str]
) -> None:
    args = [str(tmp_path / "site") if a == "SITE" else a for a in command]
    result = runner.invoke(app, [*args, str(tmp_path / "records")])
    assert result.exit_code == 2, result.output
    assert "no such file or" in result.output.lower(), result.output
    assert "wrote" not in result.output
    assert not (tmp_path / "site").exists()


def test_fixture_manifests_are_not_records(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped configuration (pyproject.toml) leaves ``fixtures/*/cases.json`` and the BGA
    boards' ``manifest.json`` out: every file of the folder is a record, and it passes."""
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, ["batch", "--jobs", "1", "--format", "json", "fixtures/harmonies"])
    files = [r["file"] for r in json.loads(result.stdout)["records"]]
    assert files and not any(f.endswith(("cases.json", "manifest.json")) for f in files)
    assert (FIXTURES / "harmonies" / "cases.json").is_file()
    bga = runner.invoke(app, ["batch", "--jobs", "1", "fixtures/harmonies/bga"])
    assert bga.exit_code == 0, bga.output
