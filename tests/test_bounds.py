"""Issue 23, item 2: every input is bounded (standard input, import-map, nesting depth)."""

from __future__ import annotations

import io

from scorer.reading import items as inputs

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
