"""Issue 11 §2 and §3 at the command line: clickable findings, no silent green, no lost report."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import orjson
import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from scorer.cli import app
from scorer.core.findings import MAX_FINDINGS
from scorer.core.pointer import resolve
from scorer.reading import items as inputs
from scorer.reading import schemas
from scorer.reading.items import Item, iter_items, mark_duplicates
from scorer.reading.schemas import get_schema
from scorer.referee import pipeline
from scorer.referee.pipeline import verify_bytes
from scorer.referee.settings import VerifyOptions
from scorer.running import batch
from scorer.running.batch import run_local, verify_item
from tests.conftest import assert_finding, assert_rejects
from tests.roles import roles_of

runner = CliRunner()


def _record(game: str = "harmonies", seed: int = 2) -> dict[str, Any]:
    return roles_of(game).moves.simulate(2, seed, {})


def _take(doc: dict[str, Any], nth: int = 0) -> tuple[int, int]:
    """(move, step) of the ``nth`` take_tokens step (it has a ``space``)."""
    found = [
        (i, j)
        for i, m in enumerate(doc["moves"])
        for j, s in enumerate(m["steps"])
        if s["do"] == "take_tokens"
    ]
    return found[nth]


def _pretty(doc: Any) -> bytes:
    return orjson.dumps(doc, option=orjson.OPT_INDENT_2)


def _write(path: Path, doc: Any) -> str:
    path.write_bytes(_pretty(doc) if not isinstance(doc, bytes) else doc)
    return str(path)


def _line_col(text: bytes, pointer: str) -> tuple[int, int]:
    """Where the value of ``pointer`` starts, found the slow way: by its first line."""
    doc = orjson.loads(text)
    value = orjson.dumps(resolve(doc, pointer), option=orjson.OPT_INDENT_2).decode()
    key = pointer.rsplit("/", 1)[-1]
    for number, line in enumerate(text.decode().splitlines(), start=1):
        needle = f'"{key}": {value.splitlines()[0]}'
        if needle in line:
            return number, line.index(needle) + len(key) + 5
    raise AssertionError(pointer)


# §2 Findings people can click --------------------------------------------------------------


def test_an_illegal_step_is_placed_at_its_value(tmp_path: Path) -> None:
    doc = _record()
    i, j = _take(doc, 2)
    doc["moves"][i]["steps"][j]["space"] = 9  # HAR-TAKE-1: no such space
    data = _pretty(doc)
    result = verify_bytes(data)
    pointer = f"/moves/{i}/steps/{j}/space"
    finding = assert_rejects(result, "HAR-TAKE-1", pointer)
    assert (finding.line, finding.col) == _line_col(data, pointer)
    path = _write(tmp_path / "g.json", data)
    out = runner.invoke(app, ["verify", path]).output
    assert f"{path}:{finding.line}:{finding.col}: HAR-TAKE-1 " in out
    assert out.splitlines()[0].endswith(f"(at {pointer})")


def test_every_finding_of_the_json_report_has_line_and_col(tmp_path: Path) -> None:
    doc = _record()
    doc["claimed"]["scores"] = dict.fromkeys(doc["claimed"]["scores"], 1)
    missing = _record(seed=3)
    i, j = _take(missing, 1)
    del missing["moves"][i]["steps"][j]["space"]  # a required member: placed at its object
    files = [
        _write(tmp_path / "a.json", doc),
        _write(tmp_path / "b.json", missing),
        _write(tmp_path / "c.json", b'{"format": 3,\n "x": [}'),
    ]
    report = orjson.loads(runner.invoke(app, ["verify", "--format", "json", *files]).stdout)
    Draft202012Validator(get_schema("report.schema.json")).validate(report)
    findings = [f for r in report["records"] for f in r["findings"]]
    assert len(findings) >= 4 and all(f["line"] >= 1 and f["col"] >= 1 for f in findings)
    schema_error = next(f for f in report["records"][1]["findings"])
    assert schema_error["pointer"] == f"/moves/{i}/steps/{j}"
    text = Path(files[1]).read_text().splitlines()
    assert text[schema_error["line"] - 1][schema_error["col"] - 1] == "{"


def test_ndjson_findings_have_the_line_in_the_file_and_the_column_in_it(tmp_path: Path) -> None:
    bad = _record()
    bad["moves"][2]["player"] = "Zed"
    lines = [orjson.dumps(_record(seed=4)), orjson.dumps(bad)]
    path = tmp_path / "all.ndjson"
    path.write_bytes(b"\n".join(lines) + b"\n")
    (result,) = [r for r in run_local(iter_items([str(path)]), 1) if not r.ok]
    finding = assert_rejects(result, "REC-PLAYER-1", "/moves/2/player")
    assert finding.line == 2
    assert lines[1][finding.col - 1 :].startswith(b'"Zed"')


@pytest.mark.parametrize("fmt", ["sarif", "github", "junit"])
def test_ci_formats_carry_the_position(tmp_path: Path, fmt: str) -> None:
    doc = _record()
    i, j = _take(doc, 2)
    doc["moves"][i]["steps"][j]["space"] = 9
    data = _pretty(doc)
    finding = verify_bytes(data).findings[0]
    path = _write(tmp_path / "g.json", data)
    out = runner.invoke(app, ["batch", "--jobs", "1", "--format", fmt, path]).stdout
    if fmt == "sarif":
        region = orjson.loads(out)["runs"][0]["results"][0]["locations"][0]["physicalLocation"][
            "region"
        ]
        assert region == {"startLine": finding.line, "startColumn": finding.col}
    elif fmt == "github":
        assert f",line={finding.line},col={finding.col},title=HAR-TAKE-1::" in out
    else:
        assert f"(line {finding.line}, column {finding.col})" in out


def test_keep_going_marks_later_findings_in_text(tmp_path: Path) -> None:
    doc = _record()
    doc["moves"][1]["player"] = doc["moves"][0]["player"]  # REC-TURN-1, and later ones
    doc["moves"][5]["player"] = doc["moves"][4]["player"]
    path = _write(tmp_path / "g.json", doc)
    out = runner.invoke(app, ["verify", "--keep-going", "--quiet", path]).output.splitlines()
    assert "(possibly caused by the first error)" not in out[0]
    assert any("REC-TURN-1 (possibly caused by the first error)" in ln for ln in out[1:])


def test_statistics_count_findings_per_rule(tmp_path: Path) -> None:
    bad = _record()
    bad["claimed"]["scores"] = dict.fromkeys(bad["claimed"]["scores"], 1)
    files = [_write(tmp_path / "a.json", bad), _write(tmp_path / "b.json", b"{")]
    for command in (["verify"], ["batch", "--jobs", "1"]):
        out = runner.invoke(app, [*command, "--statistics", *files]).output
        assert re.search(r"^ *2  REC-CLAIM-1 +A claimed total", out, re.M), out
        assert re.search(r"^ *1  REC-JSON-1 ", out, re.M), out


def test_color_always_never_and_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path / "x.json", b"{")
    assert "\x1b[" in runner.invoke(app, ["verify", "--color", "always", path]).output
    assert "\x1b[" not in runner.invoke(app, ["verify", "--color", "never", path]).output
    assert "\x1b[" not in runner.invoke(app, ["verify", "--no-color", path]).output
    assert "\x1b[" not in runner.invoke(app, ["verify", path]).output  # not a terminal
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[" in runner.invoke(app, ["batch", "--jobs", "1", path]).output
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in runner.invoke(app, ["verify", path]).output


def test_help_uses_words_and_completion_is_enabled() -> None:
    top = runner.invoke(app, ["--help"]).output
    assert "--install-completion" in top
    for command in (
        "verify",
        "score",
        "show",
        "explain",
        "report",
        "batch",
        "simulate",
        "rules",
        "schema",
        "import-map",
    ):
        text = runner.invoke(app, [command, "--help"], terminal_width=120).output
        assert not re.search(r"<(list\[|int|bool|str|float|path|file|dir)", text), text
    batch_help = runner.invoke(app, ["batch", "--help"], terminal_width=120).output
    for word in ("PATH...", "--jobs", " N ", "FILE", "DIR", "I/N", "ADDRESS", "SECONDS"):
        assert word in batch_help, word


def test_messages_did_you_mean_and_variant_in_words() -> None:
    doc = _record()
    cases = {
        ("game",): "harmonie",
        ("moves", 0, "steps", 0, "do"): "take_token",
        ("variant", "nature_spirit"): True,
        ("variant", "board_side"): "C",
        ("format",): "scorer-record/2",
    }
    expect = {
        "game": "did you mean 'harmonies'?",
        "do": "did you mean 'take_tokens'?",
        "nature_spirit": "unknown option 'nature_spirit' (did you mean 'nature_spirits'?)",
        "board_side": "option board_side is one of 'A', 'B', not 'C'",
        "format": "unknown format 'scorer-record/2'",
    }
    for path, value in cases.items():
        changed = json.loads(json.dumps(doc))
        target = changed
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value
        finding = assert_rejects(
            pipeline.verify_document(changed), "REC-SCHEMA-1", "/" + "/".join(map(str, path))
        )
        assert expect[str(path[-1])] in finding.message, finding.message
    result = runner.invoke(app, ["rules", "harmonie"])
    assert result.exit_code == 2 and "did you mean 'harmonies'?" in result.output


def test_numbers_are_named_as_written() -> None:
    doc = _record()
    i, j = _take(doc)
    doc["moves"][i]["steps"][j]["space"] = 7
    pointer = f"/moves/{i}/steps/{j}/space"
    # beyond 64 bits orjson reads a float: the schema's integer refuses it (issue 23)
    data = orjson.dumps(doc).replace(b'"space":7', b'"space":99999999999999999999999', 1)
    finding = assert_rejects(verify_bytes(data), "REC-SCHEMA-1", pointer)
    assert "99999999999999999999999" in finding.message
    assert finding.details["written"] == "99999999999999999999999"
    data = orjson.dumps(doc).replace(b'"space":7', b'"space":2.50', 1)
    finding = assert_rejects(verify_bytes(data), "REC-SCHEMA-1", pointer)
    assert "2.50" in finding.message
    assert finding.details["written"] == "2.50"


def test_invalid_utf8_names_the_byte_offset() -> None:
    data = b'{"format": "scorer-record/1",\n "game": "h\xe9"}'
    finding = assert_rejects(verify_bytes(data), "REC-JSON-1")
    assert "byte 0xe9 at byte offset 41" in finding.message
    assert (finding.line, finding.col) == (2, 12)


def test_the_tie_break_is_named_only_after_a_tie() -> None:
    from scorer.core.values import PlayerScore, ScoreSheet
    from scorer.writing.report import ranking_text

    def sheet(b: int) -> ScoreSheet:
        players = (PlayerScore("Ann", {}, 10), PlayerScore("Ben", {}, b))
        return ScoreSheet((), players, (("Ann",), ("Ben",)), tiebreak="most trees")

    assert "tie-break" not in ranking_text(sheet(9))
    assert "(tie-break: most trees)" in ranking_text(sheet(10))
    third = ScoreSheet(  # tied for third only: the winner's line names no tie-break
        (),
        (PlayerScore("Ann", {}, 12), PlayerScore("Ben", {}, 10), PlayerScore("Cid", {}, 10)),
        (("Ann",), ("Ben",), ("Cid",)),
        tiebreak="most trees",
    )
    assert third.shown_tiebreak == "" and "tie-break" not in ranking_text(third)


# §3 No silent green, no lost report --------------------------------------------------------


@pytest.mark.parametrize(
    "command", [["verify"], ["batch", "--jobs", "1"], ["report", "--html", "SITE"]]
)
def test_nothing_matched_exits_2_unless_allowed(tmp_path: Path, command: list[str]) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "none.ndjson").write_bytes(b"\n\n")
    command = [str(tmp_path / "site") if c == "SITE" else c for c in command]
    for named in (
        [str(tmp_path / "empty")],
        [str(tmp_path / "none.ndjson")],
        [str(tmp_path / "*.jsn")],
    ):
        result = runner.invoke(app, [*command, *named])
        assert result.exit_code == 2, result.output
        assert "nothing to verify" in result.output
        assert runner.invoke(app, [*command, "--allow-empty", *named]).exit_code == 0
    empty_stdin = runner.invoke(app, [*command, "-"], input=b"  \n")
    assert empty_stdin.exit_code == 2


def test_closing_line_agrees_with_the_exit_code_under_fail_on_error(tmp_path: Path) -> None:
    good = _record()
    claim = json.loads(json.dumps(good))
    claim["claimed"]["scores"] = dict.fromkeys(claim["claimed"]["scores"], 1)
    files = [_write(tmp_path / "a.json", good), _write(tmp_path / "b.json", claim)]
    result = runner.invoke(app, ["batch", "--jobs", "1", "--fail-on", "error", *files])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[-1] == "2 passed, 0 failed"
    assert "1 record has differences that do not fail the run under --fail-on error" in lines[-2]
    strict = runner.invoke(app, ["batch", "--jobs", "1", *files])
    assert strict.exit_code == 1 and strict.output.splitlines()[-1] == "1 passed, 1 failed"


def test_duplicate_keys_are_REC_JSON_2(tmp_path: Path) -> None:
    doc = _record()
    data = _pretty(doc).replace(b'"player": "Ann"', b'"player": "Ben", "player": "Ann"', 1)
    result = verify_bytes(data)
    assert result.status == "malformed" and result.game == "harmonies"
    finding = assert_rejects(result, "REC-JSON-2", "/moves/0/player")
    line = data.decode().splitlines()[finding.line - 1]
    assert line[finding.col - 1 :].startswith('"player": "Ann"')
    escaped = b'{"format": "scorer-record/1", "g\\u0061me": 1, "game": 2}'
    assert_rejects(verify_bytes(escaped), "REC-JSON-2", "/game")
    path = _write(tmp_path / "d.json", data)
    assert runner.invoke(app, ["show", path]).exit_code == 1
    assert runner.invoke(app, ["verify", path]).exit_code == 1


def test_batch_stdin_streams_ndjson_beyond_the_size_limit() -> None:
    line = orjson.dumps(_record()) + b"\n"
    count = 6
    stream = io.BytesIO(line * count)
    items = inputs._stdin_items(max_bytes=len(line) * 2, stream=stream)
    first = next(items)
    assert first.line == 1 and stream.tell() <= 3 * len(line)  # read lazily
    rest = list(items)
    assert [i.line for i in rest] == list(range(2, count + 1))
    assert all(i.data == line for i in [first, *rest])
    huge = io.BytesIO(line + b"[" * (3 * len(line)) + b"\n" + line)
    items = list(inputs._stdin_items(max_bytes=2 * len(line), stream=huge))
    assert [(i.line, i.error[0] if i.error else None) for i in items] == [
        (1, None),
        (2, "REC-SIZE-1"),
        (3, None),
    ]


def test_max_findings_then_one_finding_counting_the_rest() -> None:
    doc = _record()
    doc["claimed"]["breakdown"] = {
        name: dict.fromkeys(roles_of("harmonies").catalogue.CATEGORIES, 999)
        for name in ("Ann", "Ben")
    }
    claims = len(pipeline.verify_document(doc, options=VerifyOptions(max_findings=1000)).findings)
    result = pipeline.verify_document(doc, options=VerifyOptions(max_findings=3))
    assert len(result.findings) == 4
    limit = assert_finding(result, "REC-LIMIT-1", "")
    assert limit.details == {"shown": 3, "more": claims - 3, "at_least": False}
    out = runner.invoke(app, ["verify", "--max-findings", "2", "-"], input=orjson.dumps(doc))
    assert "REC-LIMIT-1 (warning)" in out.output


def test_schema_errors_stay_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    """100,000 empty moves: the detailed validator stops after the shown errors and counts
    at most ten times as many more (without the limit it went through every move)."""
    doc = {**_record(), "moves": [{} for _ in range(100_000)]}
    seen = 0
    real = schemas._leaves

    def counting(error: Any) -> Any:
        nonlocal seen
        seen += 1
        return real(error)

    monkeypatch.setattr(schemas, "_leaves", counting)
    result = pipeline.verify_document(doc)
    assert result.status == "malformed" and len(result.findings) == MAX_FINDINGS + 1
    limit = assert_finding(result, "REC-LIMIT-1", "")
    assert limit.details["at_least"] and limit.details["more"] == 10 * MAX_FINDINGS
    assert seen <= 2 * 11 * MAX_FINDINGS


def test_record_timeout_is_REC_TIMEOUT_1(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(5)
        raise AssertionError("not stopped")

    monkeypatch.setattr(batch, "verify_bytes", slow)
    start = time.perf_counter()
    result = verify_item(Item("x.ndjson", 4, b"{}"), VerifyOptions(record_timeout=0.2))
    assert time.perf_counter() - start < 2
    assert_rejects(result, "REC-TIMEOUT-1", "")
    assert result.status == "error" and result.findings[0].line == 4


def test_duplicate_detection_keeps_a_small_table() -> None:
    items = (Item("big.ndjson", k, b'{"k": %d}' % (k % 50_000)) for k in range(1, 100_001))
    marked = [i.duplicate_of for i in mark_duplicates(items)]
    assert marked[:50_000] == [None] * 50_000
    assert marked[50_000] == "big.ndjson:1" and marked[-1] == "big.ndjson:50000"


@pytest.mark.parametrize(
    "args",
    [
        ["batch", "--jobs", "1", "-o", "/proc/x/y.json", "FILE"],
        ["batch", "--jobs", "1", "-o", "/dev/full", "FILE"],
        ["batch", "--jobs", "1", "--format", "sarif", "-o", "/dev/full", "FILE"],
        ["show", "FILE", "--svg", "/dev/full"],
        ["show", "FILE", "--svg", "/proc/x/y.svg"],
        ["report", "FILE", "--html", "/proc/x"],
        ["verify", "--schema-dir", "EMPTY", "FILE"],
        ["batch", "--schema-dir", "EMPTY", "FILE"],
    ],
)
def test_unwritable_output_and_bad_schema_dir_exit_2(tmp_path: Path, args: list[str]) -> None:
    path = _write(tmp_path / "g.json", _record())
    (tmp_path / "empty").mkdir()
    args = [path if a == "FILE" else str(tmp_path / "empty") if a == "EMPTY" else a for a in args]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert "cannot write" in result.output or "schema.json" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["rules"],
        ["schema", "record"],
        ["simulate", "harmonies"],
        ["verify", "FILE"],
        ["batch", "--jobs", "1", "FILE"],
    ],
)
def test_a_full_disk_on_standard_output_exits_2(tmp_path: Path, args: list[str]) -> None:
    import subprocess
    import sys

    path = _write(tmp_path / "g.json", _record())
    command = [sys.executable, "-m", "scorer", *(path if a == "FILE" else a for a in args)]
    with open("/dev/full", "wb") as full:
        proc = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, check=False)
    assert proc.returncode == 2, proc.stderr
    assert b"No space left on device" in proc.stderr and b"Traceback" not in proc.stderr


def test_record_timeout_in_worker_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    real = batch.verify_bytes

    def slow_for_one(data: bytes, *args: Any, **kwargs: Any) -> Any:
        if b"slow" in data:
            time.sleep(30)
        return real(data, *args, **kwargs)

    monkeypatch.setattr(batch, "verify_bytes", slow_for_one)  # forked workers inherit it
    good = orjson.dumps(_record())
    items = [
        Item("a.ndjson", 1, good),
        Item("a.ndjson", 2, b'{"slow": 1}'),
        Item("a.ndjson", 3, good),
    ]
    start = time.perf_counter()
    results = list(run_local(items, 2, VerifyOptions(record_timeout=0.5), chunk_size=1))
    assert time.perf_counter() - start < 20
    assert [r.status for r in results] == ["ok", "error", "ok"]
    assert_rejects(results[1], "REC-TIMEOUT-1", "")


def test_the_detailed_validator_skips_valid_moves_and_says_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long valid record with bad moves at the end: the detailed validator descends only
    into what the compiled one rejects, and reports exactly what it reports without that."""
    from jsonschema import Draft202012Validator as Plain

    base = _record()
    bad = [{"player": "Ann"}, {"player": "Ben", "action": "turn", "steps": [{"do": "x"}]}]
    doc = {**base, "moves": base["moves"] * 60 + bad}
    descents = 0
    real = schemas._valid_fast

    def counting(subschema: Any, instance: Any) -> bool:
        nonlocal descents
        valid = real(subschema, instance)
        descents += not valid
        return valid

    monkeypatch.setattr(schemas, "_valid_fast", counting)
    kind, pruned = schemas.validate(doc)
    assert descents < 50  # not one per move
    monkeypatch.setattr(
        schemas,
        "_slow_validator",
        lambda name: Plain(get_schema(name), registry=schemas._registry()),
    )
    assert schemas.validate(doc) == (kind, pruned)
    assert {f.pointer for f in pruned} >= {f"/moves/{len(doc['moves']) - 2}"}


def test_duplicate_detection_memory_is_a_few_words_a_record() -> None:
    """50,000 distinct records: a dict of digests and labels took about 7 MiB; the table
    keeps two 64-bit words per slot (at most half full), so well under 4 MiB."""
    import tracemalloc

    items = [Item("big.ndjson", k, b'{"k": %d}' % k) for k in range(1, 50_001)]
    tracemalloc.start()
    try:
        for _ in mark_duplicates(iter(items)):
            pass
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * 2**20, peak


def test_variant_errors_name_the_option() -> None:
    doc = _record()
    doc["variant"]["animal_cube_supply"] = -5
    finding = assert_rejects(
        pipeline.verify_document(doc), "REC-SCHEMA-1", "/variant/animal_cube_supply"
    )
    assert finding.message.startswith("option animal_cube_supply: "), finding.message
