"""Faults survived (issue 23 §3): what cannot be read is a REC-IO-1 finding at its path and the
run fails (exit 2), never a silent skip; a worker that dies is replaced and its records retried
once (REC-INTERNAL-1 for a record that kills its worker again, exit 3 never); SIGINT and SIGTERM
stop the workers and exit 130 / 143; ``--output`` appears only when the report is whole."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorer.cli import app
from tests.conftest import FIXTURES

runner = CliRunner()
OK = FIXTURES / "harmonies" / "valid" / "2p-side-a.json"


def _folder(tmp_path: Path) -> Path:
    top = tmp_path / "records"
    (top / "ok").mkdir(parents=True)
    (top / "ok" / "a.json").write_bytes(OK.read_bytes())
    return top


def _io_findings(data: dict[str, object]) -> dict[str, list[tuple[str, str]]]:
    results = data["records"]
    assert isinstance(results, list)
    return {
        r["file"]: [(f["rule"], f["pointer"]) for f in r["findings"]]
        for r in results
        if any(f["rule"] == "REC-IO-1" for f in r["findings"])
    }


@pytest.mark.parametrize("command", ["batch", "verify"])
def test_a_broken_symlink_in_a_folder_is_rec_io_1_at_its_path(tmp_path: Path, command: str) -> None:
    """A broken symbolic link cannot be read even by root."""
    top = _folder(tmp_path)
    (top / "ok" / "gone.json").symlink_to(tmp_path / "nowhere.json")
    result = runner.invoke(app, [command, "--format", "json", str(top)])
    assert result.exit_code == 2, result.output
    found = _io_findings(json.loads(result.stdout))
    assert found == {str(top / "ok" / "gone.json"): [("REC-IO-1", "")]}


def test_a_fifo_in_a_folder_is_rec_io_1_never_read(tmp_path: Path) -> None:
    """A FIFO named like a record is not a regular file: reported, never opened (it would
    wait for a writer), whoever runs the test."""
    top = _folder(tmp_path)
    os.mkfifo(top / "pipe.ndjson")
    result = runner.invoke(app, ["batch", "--format", "json", str(top)])
    assert result.exit_code == 2, result.output
    assert _io_findings(json.loads(result.stdout)) == {str(top / "pipe.ndjson"): [("REC-IO-1", "")]}


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads folders whatever their permissions")
@pytest.mark.parametrize("command", ["batch", "verify"])
def test_an_unreadable_subfolder_is_rec_io_1_at_its_path(tmp_path: Path, command: str) -> None:
    top = _folder(tmp_path)
    hidden = top / "hidden"
    hidden.mkdir()
    (hidden / "b.json").write_bytes(OK.read_bytes())
    hidden.chmod(0)
    try:
        result = runner.invoke(app, [command, "--format", "json", str(top)])
    finally:
        hidden.chmod(0o755)
    assert result.exit_code == 2, result.output
    assert _io_findings(json.loads(result.stdout)) == {str(hidden): [("REC-IO-1", "")]}


def test_an_unreadable_entry_is_reported_with_include_patterns_too(tmp_path: Path) -> None:
    top = _folder(tmp_path)
    (top / "gone.json").symlink_to(tmp_path / "nowhere.json")
    config = tmp_path / "scorer.toml"
    config.write_text('exclude = ["drafts"]\n')
    result = runner.invoke(app, ["batch", "--config", str(config), "-f", "json", str(top)])
    assert result.exit_code == 2, result.output
    assert list(_io_findings(json.loads(result.stdout))) == [str(top / "gone.json")]
