"""``jobs`` is bounded (issue 23 §2): between 1 and 4 per CPU on the command line and in the
configuration (exit 2 naming the option or the key), and a batch never starts more worker
processes than it has records."""

from __future__ import annotations

import concurrent.futures
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.cli.options import MAX_JOBS
from scorer.reading.items import Item, iter_items
from scorer.running import batch
from tests.conftest import FIXTURES

runner = CliRunner()
OK = FIXTURES / "harmonies" / "valid" / "2p-side-a.json"


def test_the_maximum_is_4_per_cpu() -> None:
    assert MAX_JOBS == batch.max_jobs() == 4 * batch.default_jobs()


@pytest.mark.parametrize("jobs", [0, MAX_JOBS + 1, 100_000])
def test_jobs_out_of_range_on_the_command_line_exits_2(jobs: int) -> None:
    result = runner.invoke(app, ["batch", "--jobs", str(jobs), str(OK)])
    assert result.exit_code == 2 and "--jobs" in result.stderr, result.output


@pytest.mark.parametrize("jobs", [0, MAX_JOBS + 1, 100_000])
def test_jobs_out_of_range_in_the_configuration_exits_2(tmp_path: Path, jobs: int) -> None:
    path = tmp_path / "scorer.toml"
    path.write_text(f"jobs = {jobs}\n")
    result = runner.invoke(app, ["batch", "--config", str(path), str(OK)])
    assert result.exit_code == 2 and "scorer.toml: jobs: " in result.stderr, result.output


def test_the_maximum_itself_is_taken(tmp_path: Path) -> None:
    path = tmp_path / "scorer.toml"
    path.write_text(f"jobs = {MAX_JOBS}\n")
    result = runner.invoke(app, ["batch", "--config", str(path), str(OK)])
    assert result.exit_code == 0, result.output


def test_run_local_refuses_more_than_the_maximum() -> None:
    with pytest.raises(ValueError, match="at most"):
        list(batch.run_local(iter_items([str(OK)]), batch.max_jobs() + 1))


def _items(count: int) -> list[Item]:
    return [Item(f"r{i}.json", None, b"{}") for i in range(count)]


@pytest.mark.parametrize(
    ("records", "jobs", "workers", "chunk"),
    [(0, 8, 1, 1), (1, 8, 1, 1), (2, 64, 2, 1), (5, 2, 2, 3), (10, 4, 4, 3), (300, 2, 2, 64)],
)
def test_no_more_workers_than_records(records: int, jobs: int, workers: int, chunk: int) -> None:
    items, got, size = batch.fitted_jobs(_items(records), jobs, 64)
    assert (got, size) == (workers, chunk)
    assert [i.source for i in items] == [f"r{i}.json" for i in range(records)]


def test_a_pool_starts_no_more_workers_than_records(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int] = []
    real = concurrent.futures.ProcessPoolExecutor

    def pool(max_workers: int, **kwargs: Any) -> Any:
        started.append(max_workers)
        return real(max_workers=max_workers, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", pool)
    two = list(batch.run_local(iter_items([str(OK), str(OK)]), batch.max_jobs()))
    assert [r.status for r in two] == ["ok", "ok"] and started == [2]
    one = list(batch.run_local(iter_items([str(OK)]), batch.max_jobs()))
    assert [r.status for r in one] == ["ok"] and started == [2]  # one record: no pool
