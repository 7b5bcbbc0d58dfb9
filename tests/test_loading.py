from __future__ import annotations

from pathlib import Path

import pytest

from scorer.core.errors import RecordLoadError
from scorer.reading.loading import load, parse, read_bytes
from scorer.referee.pipeline import verify_bytes, verify_file
from scorer.referee.settings import VerifyOptions


def test_bad_json_gives_REC_JSON_1_with_line_and_column() -> None:
    with pytest.raises(RecordLoadError) as info:
        parse(b'{\n  "a": 1,\n  x\n}')
    assert info.value.rule == "REC-JSON-1"
    assert (info.value.line, info.value.col) == (3, 3)


def test_parse_leaves_the_garbage_collector_as_it_was() -> None:
    import gc

    assert gc.isenabled()
    parse(b"[1]")
    with pytest.raises(RecordLoadError):
        parse(b"[")
    assert gc.isenabled()


def test_utf8_bom_is_accepted() -> None:
    assert parse(b'\xef\xbb\xbf{"a": 1}') == {"a": 1}


def test_invalid_utf8_is_REC_JSON_1() -> None:
    result = verify_bytes(b'{"a": "\xff"}')
    assert result.status == "malformed"
    assert result.findings[0].rule == "REC-JSON-1"


def test_size_limit_is_REC_SIZE_1(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"[" + b"0," * 100 + b"0]")
    with pytest.raises(RecordLoadError) as info:
        read_bytes(str(path), max_bytes=50)
    assert info.value.rule == "REC-SIZE-1"
    result = verify_file(str(path), VerifyOptions(max_bytes=50))
    assert [f.rule for f in result.findings] == ["REC-SIZE-1"]


def test_missing_file_is_REC_IO_1(tmp_path: Path) -> None:
    result = verify_file(str(tmp_path / "nope.json"))
    assert result.status == "malformed"
    assert result.findings[0].rule == "REC-IO-1"


def test_load_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text('{"format": "x"}', encoding="utf-8")
    assert load(str(path)) == {"format": "x"}


def test_deeply_nested_json_is_a_clean_finding() -> None:
    result = verify_bytes(b"[" * 100_000 + b"]" * 100_000)
    assert result.status == "malformed"
    assert result.findings[0].rule in {"REC-JSON-1", "REC-SCHEMA-1"}
