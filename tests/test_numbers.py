"""Numbers as written (issue 23, item 1): integral floats and integers beyond 64 bits.

Where a schema wants an integer, ``2.0`` and an integer orjson cannot read exactly (it turns
``2**70`` into a float) are REC-SCHEMA-1 at their pointer, named as the file writes them;
floats where anything goes (``meta``) stay valid. Every writer writes any result, integers
beyond 64 bits included (as strings), and such a record never costs another its output.
"""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from scorer.cli import app
from scorer.core.findings import Finding
from scorer.core.values import VerifyResult
from scorer.reading.schemas import get_schema
from scorer.referee.pipeline import verify_bytes
from scorer.writing.formats import WRITERS

FIXTURES = Path(__file__).parent.parent / "fixtures"
BIG = 2**70
runner = CliRunner()


def _load(path: str) -> Any:
    return json.loads((FIXTURES / path).read_text())


def _hacienda() -> Any:
    return _load("hacienda/valid/2p-demo-standard.json")


def _step(doc: Any, key: str) -> tuple[int, int]:
    """(move, step) of the first step that has ``key``."""
    for m, move in enumerate(doc["moves"]):
        for s, step in enumerate(move.get("steps", [])):
            if key in step:
                return m, s
    raise AssertionError(key)


def _at(value: object) -> tuple[str, Any, str]:
    doc = _hacienda()
    m, s = _step(doc, "at")
    doc["moves"][m]["steps"][s]["at"][0] = value
    return "hacienda/valid/2p-demo-standard.json", doc, f"/moves/{m}/steps/{s}/at/0"


def _field(value: object) -> tuple[str, Any, str]:
    doc = _load("citrus/valid/sim-2p.json")
    m, s = _step(doc, "field")
    doc["moves"][m]["steps"][s]["field"] = value
    return "citrus/valid/sim-2p.json", doc, f"/moves/{m}/steps/{s}/field"


def _setup(key: str, value: object) -> Callable[[], tuple[str, Any, str]]:
    def make() -> tuple[str, Any, str]:
        doc = _hacienda()
        doc["setup"][key] = value
        return "", doc, f"/setup/{key}"

    return make


def _money(value: object) -> tuple[str, Any, str]:
    doc = _load("hacienda/valid/position-e14.json")
    name = next(iter(doc["money"]))
    doc["money"][name] = value
    return "", doc, f"/money/{name}"


def _cube(value: object) -> tuple[str, Any, str]:
    """A member of a list that may also be null (anyOf): named at its own pointer."""
    doc = _load("harmonies/valid/position-12-5.json")
    doc["boards"]["Ben"]["spirit"]["cube"][1] = value
    return "", doc, "/boards/Ben/spirit/cube/1"


def _landscape(value: object) -> tuple[str, Any, str]:
    """A number in the list branch of a string-or-list (oneOf)."""
    doc = _load("citrus/valid/sim-4p.json")
    doc["setup"]["landscape"][0]["at"][1] = value
    return "", doc, "/setup/landscape/0/at/1"


CASES: dict[str, tuple[Callable[[], tuple[str, Any, str]], str]] = {
    "hacienda-at-float": (lambda: _at(6.0), "6.0"),
    "hacienda-at-big": (lambda: _at(BIG), str(BIG)),
    "hacienda-at-negative-big": (lambda: _at(-BIG), str(-BIG)),
    "citrus-field-float": (lambda: _field(11.0), "11.0"),
    "citrus-field-big": (lambda: _field(BIG), str(BIG)),
    "hacienda-water-supply-float": (_setup("water_supply", 14.0), "14.0"),
    "hacienda-start-money-big": (_setup("start_money", BIG), str(BIG)),
    "hacienda-position-money-float": (lambda: _money(3.0), "3.0"),
    "harmonies-position-cube-float": (lambda: _cube(0.0), "0.0"),
    "harmonies-position-cube-big": (lambda: _cube(BIG), str(BIG)),
    "citrus-landscape-float": (lambda: _landscape(0.0), "0.0"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_number_the_rules_cannot_mean_is_a_schema_finding_at_its_pointer(case: str) -> None:
    make, written = CASES[case]
    _, doc, pointer = make()
    result = verify_bytes(json.dumps(doc).encode(), "doc.json")
    assert result.status == "malformed"
    # the type, and where the schema bounds the value also the bound (2**70 > 12)
    assert {(f.rule, f.pointer) for f in result.findings} == {("REC-SCHEMA-1", pointer)}
    assert "type" in [f.details["keyword"] for f in result.findings]
    for finding in result.findings:
        assert finding.details["written"] == written
        assert finding.line is not None


@pytest.mark.parametrize("spelled", ["6.00", "6E0", "6e+0", "60e-1", "6000000000000000000000"])
def test_the_written_text_is_kept_however_the_number_is_spelled(spelled: str) -> None:
    _, doc, pointer = _at(6)
    compact = json.dumps(doc, separators=(",", ":"))  # as orjson writes: no space, no dot
    text = compact.replace('"at":[6,', f'"at":[{spelled},', 1).encode()
    assert spelled.encode() in text
    findings = verify_bytes(text, "doc.json").findings
    assert {(f.rule, f.pointer) for f in findings} == {("REC-SCHEMA-1", pointer)}
    assert [f.details["written"] for f in findings if f.details["keyword"] == "type"] == [spelled]


def test_floats_where_anything_goes_stay_valid() -> None:
    doc = _hacienda()
    doc["meta"] = {"knob": 0.5, "huge": BIG, "whole": 2.0}
    result = verify_bytes(json.dumps(doc).encode(), "doc.json")
    assert result.ok
    assert result.findings == ()


def test_verify_exit_code_for_an_integral_float(tmp_path: Path) -> None:
    _, doc, _ = _field(11.0)
    path = tmp_path / "float.json"
    path.write_text(json.dumps(doc))
    out = runner.invoke(app, ["verify", "--format", "json", str(path)])
    assert out.exit_code == 1
    (record,) = json.loads(out.stdout)["records"]
    assert [(f["rule"], f["pointer"]) for f in record["findings"]] == [
        ("REC-SCHEMA-1", CASES["citrus-field-float"][0]()[2])
    ]


def _big_result() -> VerifyResult:
    finding = Finding(
        "HAC-REC-2",
        "/moves/0/steps/1/at",
        f"({BIG},2) is not a space of the map",
        details={"found": [BIG, 2], "below": -BIG, "fine": 2**64 - 1},
        line=3,
        col=7,
    )
    return VerifyResult("big.json", "record", "hacienda", "illegal", (finding,))


def _valid(fmt: str, out: bytes) -> None:
    """``out`` is whole in its format (JSON and NDJSON: valid scorer-report/1 too)."""
    schema = get_schema("report.schema.json")
    if fmt == "json":
        Draft202012Validator(schema).validate(json.loads(out))
    elif fmt == "sarif":
        json.loads(out)
    elif fmt == "ndjson":
        result = Draft202012Validator({**schema["$defs"]["result"], "$defs": schema["$defs"]})
        for line in out.splitlines():
            doc = json.loads(line)
            if "summary" not in doc:
                result.validate(doc)
    elif fmt == "junit":
        ET.fromstring(out)


@pytest.mark.parametrize("fmt", sorted(WRITERS))
def test_every_writer_writes_integers_beyond_64_bits(fmt: str) -> None:
    ok = verify_bytes(json.dumps(_hacienda()).encode(), "ok.json")
    buffer = io.BytesIO()
    writer = WRITERS[fmt](buffer)
    for result in (ok, _big_result(), ok):
        writer.add(result)
    writer.finish()
    out = buffer.getvalue()
    _valid(fmt, out)
    assert str(BIG).encode() in out
    if fmt in ("json", "ndjson", "junit"):  # the formats that name every record
        assert out.count(b"ok.json") >= 2
    if fmt in ("text", "github"):
        assert b"2 passed, 1 failed" in out
    if fmt in ("json", "ndjson"):
        text = out.decode()
        assert f'"{BIG}"' in text and f'"{-BIG}"' in text  # as strings, digit for digit
        assert str(2**64 - 1) in text


@pytest.mark.parametrize("fmt", sorted(WRITERS))
def test_a_batch_with_a_huge_cell_keeps_every_record(tmp_path: Path, fmt: str) -> None:
    good = json.dumps(_hacienda())
    (tmp_path / "a.json").write_text(good)
    (tmp_path / "b.json").write_text(json.dumps(_at(BIG)[1]))
    (tmp_path / "c.json").write_text(good)
    out = runner.invoke(app, ["batch", "--jobs", "1", "--format", fmt, str(tmp_path)])
    assert out.exit_code == 1, out.output
    data = out.stdout_bytes
    _valid(fmt, data)
    for name in ("a.json", "b.json", "c.json"):
        assert name.encode() in data
    assert b"REC-SCHEMA-1" in data
    assert b"REC-INTERNAL" not in data
    if fmt == "json":
        records = json.loads(data)["records"]
        assert [r["status"] for r in records] == ["ok", "malformed", "ok"]


def test_the_html_report_keeps_every_record(tmp_path: Path) -> None:
    records = tmp_path / "records"
    records.mkdir()
    good = json.dumps(_hacienda())
    (records / "a.json").write_text(good)
    (records / "b.json").write_text(json.dumps(_at(BIG)[1]))
    (records / "c.json").write_text(good)
    site = tmp_path / "site"
    out = runner.invoke(app, ["report", "--html", str(site), str(records)])
    assert out.exit_code == 1, out.output
    index = (site / "index.html").read_text()
    for name in ("a", "b", "c"):
        assert f"{name}.html" in index
    page = (site / "records" / "b.html").read_text()
    assert "REC-SCHEMA-1" in page
    assert str(BIG) in page


def _integers(node: Any, path: tuple[Any, ...] = ()) -> Any:
    """The path of every integer of a document outside ``meta``."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key != "meta":
                yield from _integers(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _integers(value, (*path, index))
    elif isinstance(node, int) and not isinstance(node, bool):
        yield path


@pytest.mark.parametrize(
    "fixture",
    [
        "hacienda/valid/3p-demo-all-options.json",
        "citrus/valid/sim-4p.json",
        "harmonies/valid/position-12-5.json",
        "kuhfstein/valid/greedy-4p.json",
    ],
)
def test_every_integer_of_a_document_refuses_a_float_and_a_huge_one(fixture: str) -> None:
    """Wherever a valid document has an integer (a sample of them, the same every run),
    its float and its value plus 2**70 are REC-SCHEMA-1 at exactly that pointer."""
    doc = _load(fixture)
    paths = list(_integers(doc))
    for path in paths[:: max(1, len(paths) // 25)]:
        for make in (float, lambda n: n + BIG):
            changed = json.loads(json.dumps(doc))
            holder = changed
            for key in path[:-1]:
                holder = holder[key]
            holder[path[-1]] = make(holder[path[-1]])
            result = verify_bytes(json.dumps(changed).encode(), fixture)
            pointer = "/" + "/".join(str(key) for key in path)
            assert {f.rule for f in result.findings} == {"REC-SCHEMA-1"}, pointer
            assert pointer in [f.pointer for f in result.findings]


def test_the_loader_vouches_for_documents_without_an_integral_float() -> None:
    from scorer.reading.loading import parse_record
    from scorer.reading.numbers import vouched

    doc = _hacienda()
    assert vouched(parse_record(json.dumps(doc).encode()))
    for meta in ({"knob": 2.0}, {"big": BIG}, {"note": "v1.2"}):  # a float, or a dot at all
        parsed = parse_record(json.dumps({**doc, "meta": meta}).encode())
        assert not vouched(parsed)
        assert verify_bytes(json.dumps({**doc, "meta": meta}).encode()).ok
    parsed = parse_record(json.dumps(doc).encode())
    assert not vouched(json.loads(json.dumps(doc)))  # another document, however equal
    assert not vouched(parsed)  # asked once: forgotten


@pytest.mark.parametrize("value", [6.0, BIG])
def test_the_web_api_names_the_number_as_written(value: object) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from scorer.serve.app import create_app

    _, doc, pointer = _at(value)
    with TestClient(
        create_app(), raise_server_exceptions=False, base_url="http://127.0.0.1:8765"
    ) as client:
        answer = client.post("/api/verdict", content=json.dumps(doc).encode())
    assert answer.status_code == 422
    findings = answer.json()["findings"]
    assert [(f["rule"], f["pointer"]) for f in findings] == [("REC-SCHEMA-1", pointer)]
    assert str(value) in findings[0]["message"]
