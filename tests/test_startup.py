"""Start-up stays lean: what one ``scorer verify`` or ``scorer batch --jobs 1`` imports.

Not a timed test (the machines are shared and noisy; ``bench/yardstick.py`` measures
start-up): it names modules a one-record run must not load, each of which once cost start-up
time for nothing (pyproject.toml says why Typer is kept below 0.29)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import FIXTURES

ONE = FIXTURES / "citrus" / "valid"

#: Modules a one-record run loads only where they are needed: pydantic (Typer 0.29's option
#: coercion), multiprocessing (worker processes: ``--jobs 2`` and more), the web app.
NOT_AT_START = ("pydantic", "multiprocessing", "starlette", "uvicorn", "dask")


def _imported(*args: str) -> set[str]:
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "scorer", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    names = set()
    for line in run.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip())
    return names


@pytest.mark.parametrize("command", ["verify", "batch"])
def test_one_record_run_loads_no_heavy_module(command: str) -> None:
    record = sorted(ONE.glob("*.json"))[0]
    extra = ["--jobs", "1"] if command == "batch" else []
    names = _imported(command, "--quiet", *extra, str(record))
    assert "scorer.referee.pipeline" in names  # the run did verify
    loaded = sorted(n for n in names if n.split(".")[0] in NOT_AT_START)
    assert loaded == []
