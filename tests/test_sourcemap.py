"""The position-tracking walk: pointers → offsets, nearest ancestors, duplicate keys; fuzzed
against orjson (what the walk places is what orjson parsed there)."""

from __future__ import annotations

import json
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core.pointer import resolve, to_pointer
from scorer.reading.loading import has_duplicate_keys, parse
from scorer.reading.seen import DigestTable
from scorer.reading.sourcemap import duplicates, locate, walk, written

TEXT = '{"a": [1, {"b": 2, "c": [3]}],\n "d": "x",  "a~/b": 5, "e": 1e23}'


def test_pointers_are_placed_at_their_values() -> None:
    places = locate(TEXT, ["", "/a", "/a/1/b", "/a/1/c/0", "/d", "/a~0~1b", "/e"])
    assert places == {
        "": (1, 1),
        "/a": (1, 7),
        "/a/1/b": (1, 17),
        "/a/1/c/0": (1, 26),
        "/d": (2, 7),
        "/a~0~1b": (2, 21),
        "/e": (2, 29),
    }


def test_a_pointer_to_nothing_gets_its_nearest_existing_ancestor() -> None:
    places = locate(TEXT, ["/a/1/missing", "/a/9", "/d/x/y", "/nothing", "not a pointer"])
    assert places == {
        "/a/1/missing": (1, 11),
        "/a/9": (1, 7),
        "/d/x/y": (2, 7),
        "/nothing": (1, 1),
        "not a pointer": (1, 1),
    }


def test_values_as_written() -> None:
    assert written(TEXT, ["/e", "/a/0", "/d"]) == {"/e": "1e23", "/a/0": "1", "/d": '"x"'}


def test_columns_count_characters_and_lines_count_newlines() -> None:
    text = '{"ä€😀": 1,\r\n  "k": [true]}'
    assert locate(text, ["/ä€😀", "/k/0"]) == {"/ä€😀": (1, 9), "/k/0": (2, 9)}


def test_nesting_deeper_than_the_recursion_limit() -> None:
    depth = 3000
    text = "[" * depth + "1" + "]" * depth
    pointer = "/0" * depth
    assert locate(text, [pointer]) == {pointer: (1, depth + 1)}
    assert locate('{"x": ' + text + ', "y": 2}', ["/y"]) == {"/y": (1, 2 * depth + 15)}


def test_duplicate_keys_anywhere_with_both_offsets() -> None:
    text = '{"a":1,"b":{"x":1,"x":2},"a":[{"q":1,"q":1}]}'
    found = [(d.pointer, d.key, d.offset, d.first_offset) for d in duplicates(text)]
    assert found == [("/b/x", "x", 18, 12), ("/a", "a", 25, 1), ("/a/0/q", "q", 37, 31)]
    assert len(duplicates(text, limit=0)) == 1
    escaped = '{"a\\n": 1, "a\\u000a": 2, "a\\\\": 3}'
    assert [d.pointer for d in duplicates(escaped)] == ["/a\n"]


def test_the_cheap_duplicate_check_is_exact() -> None:
    cases = {
        b'{"a": 1, "a": 2}': True,
        b'{"a": {"b": ":"}, "c": ":", "a": 1}': True,
        b'{"a": "x:\\"", "b": 1}': False,  # escapes: decided by the exact scan
        b'{"a\\u0022": 1, "a\\"": 2}': True,
        b'{"k": ":::", "l": [{"m": ": :"}]}': False,
        b'[{"a": 1}, {"a": 1}]': False,
        # written as orjson writes it (the shortcut), with or without the line's end
        b'{"a":1,"b":[{"c":":"}]}\n': False,
        b'{"a":1,"b":[{"c":":"}]}': False,
        b'{"a":1,"a":1}\n': True,
        b'{"a":{"b":1,"b":1}}': True,
    }
    for data, expected in cases.items():
        assert has_duplicate_keys(data, parse(data)) is expected, data


def test_digest_table_keeps_the_first_value_and_grows() -> None:
    table = DigestTable(capacity=4)
    for k in range(1, 5000):
        assert table.setdefault(k * 0x9E3779B97F4A7C15, k) == k
    for k in range(1, 5000):
        assert table.setdefault(k * 0x9E3779B97F4A7C15, 0) == k
    assert table.size == 4999 and table.nbytes <= 16 * 16384
    assert table.setdefault(0, 7) == 7 and table.setdefault(1 << 64, 9) == 7  # 0 is stored as 1


KEYS = st.text(st.sampled_from('ab~/"\\:\n é€😀'), max_size=4)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | KEYS
)
DOCS = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=25,
)


def _pointers(doc: Any, parts: tuple[Any, ...] = ()) -> list[str]:
    out = [to_pointer(parts)]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += _pointers(value, (*parts, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            out += _pointers(value, (*parts, index))
    return out


def _dumps(doc: Any, style: int) -> str:
    if style == 0:
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    if style == 1:
        return json.dumps(doc, indent=2)  # \u escapes for everything outside ASCII
    return json.dumps(doc, ensure_ascii=False, indent="\t", separators=(" ,", " : "))


@settings(max_examples=300, deadline=None)
@given(doc=DOCS, style=st.integers(0, 2))
def test_every_pointer_is_placed_where_orjson_reads_its_value(doc: Any, style: int) -> None:
    text = _dumps(doc, style)
    parsed = orjson.loads(text)
    pointers = _pointers(parsed)
    found = walk(text, pointers)
    decoder = json.JSONDecoder()
    for pointer in pointers:
        offset = found.offsets[pointer]
        value, _ = decoder.raw_decode(text, offset)
        assert orjson.loads(json.dumps(value)) == resolve(parsed, pointer), (pointer, text)
    assert not duplicates(text)
    assert not has_duplicate_keys(text.encode(), parsed)


@settings(max_examples=200, deadline=None)
@given(
    doc=st.dictionaries(KEYS, DOCS, min_size=1, max_size=4), style=st.integers(0, 2), data=st.data()
)
def test_a_repeated_key_is_found_by_both_checks(
    doc: dict[str, Any], style: int, data: st.DataObject
) -> None:
    text = _dumps(doc, style)
    key = data.draw(st.sampled_from(sorted(doc)))
    inner = json.dumps(key) + ": " + _dumps(data.draw(DOCS), 0)
    twice = text[:1] + inner + ", " + text[1:]  # the same key again, first in the object
    parsed = orjson.loads(twice)
    assert has_duplicate_keys(twice.encode(), parsed)
    assert [d.pointer for d in duplicates(twice)][:1] == [to_pointer([key])]


def _compact_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@settings(max_examples=300, deadline=None)
@given(doc=DOCS, style=st.integers(0, 2), data=st.data())
def test_the_guided_walk_places_like_the_plain_walk(
    doc: Any, style: int, data: st.DataObject
) -> None:
    """Guided by the parsed document, the walk jumps over compact runs of members; wherever
    the text is written otherwise it scans. Either way the places are the same."""
    text = _dumps(doc, style)
    parsed = json.loads(text)
    pointers = _pointers(parsed)
    wanted = data.draw(
        st.lists(st.sampled_from([*pointers, "/zz", "/0/9", "/-", "/01"]), max_size=6)
    )
    plain = walk(text, wanted)
    for dumps in (_compact_json, lambda v: orjson.dumps(v).decode()):
        guided = walk(text, wanted, doc=parsed, dumps=dumps)
        assert guided.offsets == plain.offsets, (wanted, text)
        assert guided.ends == plain.ends
