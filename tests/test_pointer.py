from __future__ import annotations

import pytest

from scorer.core.pointer import escape, resolve, split, to_pointer


def test_escape_tilde_and_slash() -> None:
    assert escape("a~b/c") == "a~0b~1c"


def test_to_pointer_and_split_round_trip() -> None:
    parts = ["claimed", "scores", "A/B~C", 3]
    pointer = to_pointer(parts)
    assert pointer == "/claimed/scores/A~1B~0C/3"
    assert split(pointer) == ["claimed", "scores", "A/B~C", "3"]


def test_empty_pointer_is_whole_document() -> None:
    doc = {"a": [1, 2]}
    assert to_pointer([]) == ""
    assert resolve(doc, "") is doc


def test_resolve_nested() -> None:
    doc = {"moves": [{"steps": [{"cell": [1, 2]}]}]}
    assert resolve(doc, "/moves/0/steps/0/cell") == [1, 2]


@pytest.mark.parametrize("pointer", ["/moves/9", "/nope", "/moves/01", "/moves/x"])
def test_resolve_missing_raises(pointer: str) -> None:
    with pytest.raises((KeyError, IndexError)):
        resolve({"moves": [1]}, pointer)


def test_split_rejects_relative() -> None:
    with pytest.raises(ValueError):
        split("moves/0")
