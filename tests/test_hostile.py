"""Fuzz inputs: the hostile cases of issue 11 (duplicate keys, numbers too large or not whole,
invalid UTF-8, deep nesting, floods of empty moves, huge and blank NDJSON lines). None may
crash; every finding is placed (line and column) and the findings per record are capped."""

from __future__ import annotations

import io
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core.findings import MAX_FINDINGS
from scorer.core.values import VerifyResult
from scorer.reading import items as inputs
from scorer.referee.pipeline import verify_bytes
from scorer.registry import game_names
from scorer.running import batch
from scorer.writing.formats import STATUSES
from tests.roles import roles_of

BASES = {
    game: orjson.dumps(roles_of(game).moves.simulate(2, 5, {}), option=orjson.OPT_INDENT_2)
    for game in game_names()
}


def _check(result: VerifyResult) -> None:
    assert result.status in STATUSES
    assert len(result.findings) <= MAX_FINDINGS + 1
    for f in result.findings:
        assert f.line is not None and f.line >= 1 and f.col is not None and f.col >= 1, f


def _duplicate(data: bytes, at: int) -> bytes:
    """Repeat the key-value pair that follows the ``at``-th colon (in its own object)."""
    colons = [i for i, b in enumerate(data) if b == ord(":")]
    colon = colons[at % len(colons)]
    start = data.rfind(b'"', 0, data.rfind(b'"', 0, colon))
    return data[:start] + data[start:colon] + b": 0, " + data[start:]


HOSTILE = st.sampled_from(
    [
        lambda d, k: _duplicate(d, k),
        lambda d, k: d.replace(b": %d," % (k % 10), b": 1%s," % (b"9" * 30), 1),
        lambda d, k: d.replace(b": %d," % (k % 10), b": %d.000000000000000001," % (k % 10), 1),
        lambda d, k: d.replace(b": %d," % (k % 10), b": 1e400,", 1),
        lambda d, k: d[: k % len(d)] + b"\xff\xfe" + d[k % len(d) :],
        lambda d, k: b"\xef\xbb\xbf" + d,
        lambda d, k: d.replace(b'"moves": [', b'"moves": [' + b"{}," * (k % 3000), 1),
        lambda d, k: d.replace(b'"meta"', b'"meta": ' + b"[" * 900 + b"]" * 900 + b', "x"', 1),
        lambda d, k: d[: k % len(d)],
        lambda d, k: d.replace(b"\n", b"\r\n"),
    ]
)


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(sorted(BASES)), mutate=HOSTILE, k=st.integers(0, 10**6))
def test_hostile_records_never_crash_and_are_placed(game: str, mutate: Any, k: int) -> None:
    _check(verify_bytes(mutate(BASES[game], k)))


@settings(max_examples=30, deadline=None)
@given(
    lines=st.lists(
        st.sampled_from(
            [
                b"",
                b"  ",
                b"{}",
                b"[",
                b"{" * 50,
                b'{"a": 1, "a": 2}',
                b"x" * 300,
                orjson.dumps({"format": 1}),
            ]
        ),
        max_size=12,
    )
)
def test_hostile_ndjson_on_stdin(lines: list[bytes]) -> None:
    stream = io.BytesIO(b"\n".join(lines) + b"\n")
    items = list(inputs._stdin_items(max_bytes=200, stream=stream))
    if sum(1 for ln in lines if ln.strip()) == 0:
        assert items == []
    for item in items:
        _check(batch.verify_item(item))
