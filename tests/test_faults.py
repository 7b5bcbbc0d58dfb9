"""Faults survived (issue 23 §3): what cannot be read is a REC-IO-1 finding at its path and the
run fails (exit 2), never a silent skip; a worker that dies is replaced and its records retried
once (REC-INTERNAL-1 for a record that kills its worker again, exit 3 never); SIGINT and SIGTERM
stop the workers and exit 130 / 143; ``--output`` appears only when the report is whole."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
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


def _ndjson(tmp_path: Path, count: int) -> Path:
    """``count`` records (the same game under different names: no REC-DUP-1)."""
    doc = json.loads(OK.read_bytes())
    lines = []
    for i in range(count):
        doc.setdefault("meta", {})["note"] = f"copy {i}"
        lines.append(json.dumps(doc))
    path = tmp_path / "many.ndjson"
    path.write_text("\n".join(lines) + "\n")
    return path


def _run(args: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "scorer", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, **(env or {})},
        # a shell that runs the tests in the background ignores SIGINT for its children
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def test_a_worker_that_dies_is_replaced_and_the_record_that_kills_it_is_rec_internal_1(
    tmp_path: Path,
) -> None:
    records = _ndjson(tmp_path, 40)
    out = tmp_path / "report.ndjson"
    args = ["batch", "--jobs", "2", "-f", "ndjson", "-o", str(out), str(records)]
    run = _run(args, {"SCORER_TEST_WORKER_DIES_ON": f"{records}:7"})
    _, err = run.communicate(timeout=120)
    assert run.returncode == 1, err  # a record rejected, never a traceback
    assert b"Traceback" not in err
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["line"] for r in lines] == list(range(1, 41))
    for r in lines:
        rules = [(f["rule"], f["pointer"]) for f in r["findings"]]
        assert rules == ([("REC-INTERNAL-1", "")] if r["line"] == 7 else []), r
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_stops_the_workers_and_leaves_no_output(
    tmp_path: Path, sig: signal.Signals, code: int
) -> None:
    records = _ndjson(tmp_path, 3000)
    out = tmp_path / "report.ndjson"
    run = _run(["batch", "--jobs", "2", "-f", "ndjson", "-o", str(out), str(records)])
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
        workers = _children(run.pid)
    assert len(workers) >= 2, "the workers never started"
    time.sleep(0.5)
    run.send_signal(sig)
    try:
        _, err = run.communicate(timeout=60)
    finally:
        run.kill()
        run.communicate()  # its pipes closed even after a timeout
    assert run.returncode == code, err
    assert b"Traceback" not in err
    time.sleep(0.2)
    assert [w for w in workers if _alive(w)] == []
    assert list(tmp_path.iterdir()) == [records]  # neither the report nor its temporary file


def test_output_is_renamed_into_place_when_whole(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    result = runner.invoke(app, ["batch", "-f", "json", "-o", str(out), str(OK)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["summary"]["passed"] == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


def test_a_run_that_fails_itself_exits_3_and_writes_no_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not one record's result but the run (the pool that cannot go on, a lost Dask cluster):
    exit 3, said on stderr, and ``--output`` is not left half written."""
    from scorer.running import batch

    def broken_pool(*args: object, **kwargs: object) -> object:
        yield from []
        raise OSError("the pool could not start")

    monkeypatch.setattr(batch, "run_local", broken_pool)
    out = tmp_path / "report.json"
    result = runner.invoke(
        app, ["batch", str(_folder(tmp_path)), "--format", "json", "--output", str(out)]
    )
    assert result.exit_code == 3
    assert result.stderr.strip() and not out.exists()
