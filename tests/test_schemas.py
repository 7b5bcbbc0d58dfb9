"""The schemas: valid against the meta-schema, cover every game, report errors with pointers."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from scorer.reading.schemas import check_schemas, get_schema, load_all, validate
from scorer.registry import game_names
from tests.conftest import FIXTURES


def test_every_schema_is_valid_2020_12() -> None:
    names = check_schemas()
    assert {"record.schema.json", "position.schema.json", "report.schema.json"} <= set(names)


@pytest.mark.parametrize("game", game_names())
def test_every_game_has_a_schema_and_dispatch_branches(game: str) -> None:
    assert f"{game}.schema.json" in load_all()
    for envelope in ("record.schema.json", "position.schema.json"):
        schema = get_schema(envelope)
        assert game in schema["properties"]["game"]["enum"]
        branches = [b["if"]["properties"]["game"]["const"] for b in schema["allOf"]]
        assert game in branches


def test_enum_lists_exactly_the_registered_games() -> None:
    assert sorted(get_schema("record.schema.json")["properties"]["game"]["enum"]) == sorted(
        game_names()
    )


def test_unknown_format_is_REC_SCHEMA_1_at_format() -> None:
    kind, findings = validate({"format": "nope", "game": "harmonies", "players": [], "moves": []})
    assert kind == "unknown"
    assert ("REC-SCHEMA-1", "/format") in [(f.rule, f.pointer) for f in findings]


def test_not_an_object_is_REC_SCHEMA_1_at_root() -> None:
    _, findings = validate([1, 2])
    assert [(f.rule, f.pointer) for f in findings] == [("REC-SCHEMA-1", "")]


def test_unknown_game_is_REC_SCHEMA_1_at_game() -> None:
    _, findings = validate(
        {"format": "scorer-record/1", "game": "chess", "players": [], "moves": []}
    )
    assert ("REC-SCHEMA-1", "/game") in [(f.rule, f.pointer) for f in findings]


def test_all_errors_reported_sorted_by_pointer() -> None:
    doc: dict[str, Any] = {
        "format": "scorer-record/1",
        "game": "harmonies",
        "players": [{"name": ""}, {"nom": "x"}],
        "moves": [{}],
        "extra": 1,
    }
    _, findings = validate(doc)
    pointers = [f.pointer for f in findings]
    assert pointers == sorted(pointers)
    assert {"", "/players/0/name", "/players/1", "/moves/0"} <= set(pointers)
    assert all(f.rule == "REC-SCHEMA-1" and "keyword" in f.details for f in findings)


def _fixture_docs(folder: str) -> list[str]:
    return sorted(str(p.relative_to(FIXTURES)) for p in FIXTURES.glob(f"*/{folder}/*.json"))


@pytest.mark.parametrize("path", _fixture_docs("valid"))
def test_valid_fixtures_pass_the_schema(path: str) -> None:
    doc = orjson.loads((FIXTURES / path).read_bytes())
    assert validate(doc)[1] == []
