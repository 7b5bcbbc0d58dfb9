"""Issue 23, item 2: every input is bounded (standard input, import-map, nesting depth)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.core.roles import MOVES
from scorer.reading import items as inputs
from scorer.reading.loading import too_deep
from scorer.registry import game_names, get

runner = CliRunner()
LOCAL = "http://127.0.0.1:8765"

RECORD = b'{"format": "x"}\n'


def rules(found: list[inputs.Item]) -> list[str | None]:
    return [i.error[0] if i.error else None for i in found]


def test_stdin_blank_lines_after_one_record_count_towards_the_limit() -> None:
    stream = io.BytesIO(RECORD + b"\n" * 300 + b"  \t\r\n" * 50)
    found = list(inputs._stdin_items(max_bytes=200, stream=stream))
    assert rules(found) == ["REC-SIZE-1"]
    assert found[0].line is None


def test_stdin_blank_lines_before_one_document_count_towards_the_limit() -> None:
    stream = io.BytesIO(b"\n" * 300 + b'{"format":\n "x"}\n')
    found = list(inputs._stdin_items(max_bytes=200, stream=stream))
    assert rules(found) == ["REC-SIZE-1"]


def test_stdin_blank_lines_between_ndjson_records_are_skipped() -> None:
    stream = io.BytesIO(b"\n" * 300 + RECORD + b"\n" * 300 + RECORD)
    found = list(inputs._stdin_items(max_bytes=200, stream=stream))
    assert rules(found) == [None, None]
    assert [i.line for i in found] == [301, 602]


def test_stdin_within_the_limit_is_the_document_as_written() -> None:
    data = b"\n\r\n  " + RECORD + b"\n \n"
    found = list(inputs._stdin_items(max_bytes=200, stream=io.BytesIO(data)))
    assert [i.data for i in found] == [data]
    data = b"\n" + b'{"format":\n "x"}\n' + b"\n"
    found = list(inputs._stdin_items(max_bytes=200, stream=io.BytesIO(data)))
    assert [i.data for i in found] == [data]


def test_stdin_of_only_blank_lines_holds_no_record() -> None:
    assert list(inputs._stdin_items(max_bytes=200, stream=io.BytesIO(b"\n" * 1000))) == []


def deep_record(game: str, depth: int, array: bool = False) -> bytes:
    """A simulated record of ``game`` whose ``meta`` nests ``depth`` objects (or arrays)."""
    record = get(game, MOVES).simulate(2, 1, {})
    opening, closing = ("[", "]") if array else ('{"a":', "}")
    text = json.dumps({**record, "meta": {"x": "@@"}})
    return text.replace('"@@"', opening * depth + "1" + closing * depth).encode()


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("depth", [256, 1000])
def test_show_explain_on_meta_nested_deep_never_a_traceback(
    game: str, depth: int, tmp_path: Path
) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(deep_record(game, depth))
    for command in (["show"], ["explain"], ["verify"]):
        out = runner.invoke(app, [*command, str(path)])
        assert out.exit_code == 0, (command, out.output)
    out = runner.invoke(app, ["show", "--position", str(path)])
    assert out.exception is None or isinstance(out.exception, SystemExit)
    if out.exit_code:  # the exported position carries meta: too deep to write back
        assert out.exit_code == 1
        assert f"{path}: REC-JSON-1 " in out.stderr
        assert out.stdout == ""
    else:
        assert orjson.loads(out.stdout)["format"] == "scorer-position/1"


@pytest.mark.parametrize("array", [False, True])
def test_show_position_deeper_than_can_be_written_is_rec_json_1(
    array: bool, tmp_path: Path
) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(deep_record("harmonies", 300, array))
    out = runner.invoke(app, ["show", "--position", str(path)])
    assert out.exit_code == 1
    assert out.stderr.startswith(f"{path}: REC-JSON-1 ")
    path.write_bytes(deep_record("harmonies", 100, array))
    out = runner.invoke(app, ["show", "--position", str(path)])
    assert out.exit_code == 0
    assert orjson.loads(out.stdout)["meta"]["x"]


def test_too_deep_measures_any_depth_without_recursion() -> None:
    value: object = 1
    for _ in range(100_000):
        value = {"a": [value]}
    assert too_deep(value, 254)
    assert not too_deep({"a": [1, {"b": []}]}, 4)
    assert too_deep({"a": [1, {"b": []}]}, 3)
    assert not too_deep("text", 0)


@pytest.mark.parametrize("depth", [256, 1000])
def test_web_position_of_a_record_nested_deep_is_rec_json_1(depth: int) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from scorer.serve.app import create_app

    body = b'{"record": ' + deep_record("harmonies", depth) + b"}"
    with TestClient(create_app(), raise_server_exceptions=False, base_url=LOCAL) as client:
        answer = client.post("/api/position", content=body)
        assert answer.status_code == 422
        assert [(f["rule"], f["pointer"]) for f in answer.json()["findings"]] == [
            ("REC-JSON-1", "")
        ]
        for path in ("/api/check", "/api/score", "/api/verdict", "/api/svg"):
            assert client.post(path, content=deep_record("harmonies", depth)).status_code == 200


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_import_map_reads_at_most_its_limit_of_dev_zero() -> None:
    out = runner.invoke(app, ["import-map", "/dev/zero"])
    assert out.exit_code == 1
    assert out.stderr.startswith("/dev/zero: REC-SIZE-1 ")
    assert out.stdout == ""


def test_import_map_of_a_file_over_the_limit_is_rec_size_1(tmp_path: Path) -> None:
    from scorer.cli.making import MAX_MAP_BYTES

    path = tmp_path / "big.haz"
    path.write_bytes(b"[Control]\r\n" + b";" * MAX_MAP_BYTES)
    out = runner.invoke(app, ["import-map", str(path)])
    assert (out.exit_code, out.stderr.split()[1]) == (1, "REC-SIZE-1")


@pytest.mark.parametrize("number", ["9" * 5000, str(10**30)])
def test_import_map_of_absurd_numbers_gives_findings(number: str, tmp_path: Path) -> None:
    path = tmp_path / "absurd.haz"
    path.write_text(f"[Control]\nColCount={number}\nRowCount=5\n[Hex]\n1=9\n3=2\n")
    out = runner.invoke(app, ["import-map", str(path)])
    assert out.exception is None or isinstance(out.exception, SystemExit)
    assert (out.exit_code, out.stderr.split()[:2]) == (1, [f"{path}:2:", "HAC-HAZ-2"])
    path.write_text(f"[Control]\nColCount=3\nRowCount=5\n[Hex]\n{number}=9\n")
    out = runner.invoke(app, ["import-map", str(path)])
    assert (out.exit_code, out.stderr.split()[:2]) == (1, [f"{path}:5:", "HAC-HAZ-3"])
    path.write_text(f"[Control]\nColCount=3\nRowCount=5\n[Hex]\n1={number}\n")
    out = runner.invoke(app, ["import-map", str(path)])
    assert (out.exit_code, out.stderr.split()[:2]) == (1, [f"{path}:5:", "HAC-HAZ-5"])


@pytest.mark.parametrize("indent", [False, True])
def test_many_findings_are_placed_as_the_plain_walk_places_them(indent: bool) -> None:
    """The guided walk (one comparison skips what no finding names) places every pointer of a
    long array and a large object where the scanner alone does; it is linear in the findings
    (bench/findings_bench.py measures it)."""
    from scorer.reading.loading import compact_text
    from scorer.reading.sourcemap import walk

    base = get("citrus", MOVES).simulate(2, 1, {})
    moves = [{**base["moves"][k % 3], "player": "Zed"} for k in range(300)]
    claims = {"scores": {f"P{k}": k for k in range(300)}}
    doc = {**base, "moves": moves, "claimed": claims}
    text = orjson.dumps(doc, option=orjson.OPT_INDENT_2 if indent else 0).decode()
    wanted = [f"/moves/{k}" for k in range(0, 300, 7)] + ["/moves/400", "/moves/299/steps/0"]
    wanted += [f"/claimed/scores/P{k}" for k in range(0, 300, 5)] + ["/claimed/scores/Q"]
    guided = walk(text, wanted, doc=doc, dumps=compact_text)
    plain = walk(text, wanted)
    assert guided.offsets == plain.offsets
    assert guided.ends == plain.ends
    assert set(guided.offsets) == set(wanted)


def test_many_findings_with_keep_going_are_all_placed() -> None:
    from scorer.referee.pipeline import verify_bytes
    from scorer.referee.settings import VerifyOptions

    base = get("citrus", MOVES).simulate(2, 1, {})
    moves = [{**base["moves"][0], "player": "Zed"} for _ in range(2000)]
    data = orjson.dumps({**base, "moves": moves})
    result = verify_bytes(data, "<test>", VerifyOptions(keep_going=True, max_findings=5000))
    strangers = [f for f in result.findings if f.rule == "REC-PLAYER-1"]
    assert [f.pointer for f in strangers] == [f"/moves/{k}/player" for k in range(2000)]
    assert all(f.line == 1 and f.col is not None for f in strangers)
    assert len({f.col for f in strangers}) == 2000
