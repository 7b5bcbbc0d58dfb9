"""``scorer explain --format json``: a ``scorer-explain/1`` document that validates against
``schemas/explain.schema.json``, whose items are the game's explanation (cells, rule, points,
board) and add up to the score table, with the filters applied and the claims kept apart."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import orjson
import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from typer.testing import CliRunner

from scorer.cli import app
from scorer.reading.schemas import BASE_URI, load_all
from scorer.referee.pipeline import verify_file
from scorer.registry import game_names
from tests.conftest import FIXTURES
from tests.roles import roles_of

runner = CliRunner()


def _validator() -> Draft202012Validator:
    registry: Registry[Any] = Registry().with_resources(
        (BASE_URI + name, Resource.from_contents(schema)) for name, schema in load_all().items()
    )
    return Draft202012Validator(load_all()["explain.schema.json"], registry=registry)


VALIDATOR = _validator()


def _explain(*args: str) -> tuple[int, Any]:
    result = runner.invoke(app, ["explain", *args, "--format", "json"])
    return result.exit_code, orjson.loads(result.stdout) if result.stdout else None


def _valid() -> list[Path]:
    return [sorted((FIXTURES / g / "valid").glob("*.json"))[0] for g in game_names()]


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(load_all()["explain.schema.json"])
    assert "explain.schema.json" in runner.invoke(app, ["schema"]).output


@pytest.mark.parametrize("path", _valid(), ids=lambda p: p.parent.parent.name)
def test_items_are_the_explanation_and_add_up(path: Path) -> None:
    code, doc = _explain(str(path))
    assert code == 0
    VALIDATOR.validate(doc)
    assert doc["format"] == "scorer-explain/1" and doc["status"] == "ok"
    result = verify_file(str(path))
    assert result.scores is not None and result.game == doc["game"]
    want = roles_of(result.game).pictures.explain(result.state)
    assert [
        (
            i["player"],
            i["category"],
            i["points"],
            i["rule"],
            i["text"],
            [tuple(c) for c in i["cells"]],
            i["board"],
        )
        for i in doc["items"]
    ] == [(i.player, i.category, i.points, i.rule, i.text, list(i.cells), i.board) for i in want]
    sums: Counter[tuple[str, str]] = Counter()
    for item in doc["items"]:
        sums[(item["player"], item["category"])] += item["points"]
    assert [p["name"] for p in doc["players"]] == list(result.players)
    for line in doc["players"]:
        assert line["total"] == result.scores.player(line["name"]).total
        for category, points in line["categories"].items():
            if points is not None:  # a position may lack the history of a category
                assert sums[(line["name"], category)] == points


def test_filters_select_player_and_category() -> None:
    path = str(FIXTURES / "harmonies/valid/3p-side-b.json")
    code, doc = _explain(path, "--player", "Ben", "--category", "water")
    assert code == 0
    VALIDATOR.validate(doc)
    assert doc["filter"] == {"player": "Ben", "category": "water"}
    assert doc["categories"] == ["water"] and [p["name"] for p in doc["players"]] == ["Ben"]
    assert doc["items"] and {(i["player"], i["category"]) for i in doc["items"]} == {
        ("Ben", "water")
    }


def test_claims_are_kept_apart_from_other_findings() -> None:
    path = str(FIXTURES / "harmonies/invalid/claim-mismatch.json")
    code, doc = _explain(path)
    assert code == 1
    VALIDATOR.validate(doc)
    assert doc["status"] == "mismatch"
    assert {(c["rule"], c["pointer"]) for c in doc["claims"]} == {
        ("REC-CLAIM-1", "/claimed/scores/Ben"),
        ("REC-CLAIM-1", "/claimed/breakdown/Ben/trees"),
    }
    assert all(f["rule"] != "REC-CLAIM-1" for f in doc["findings"])
    _, only_trees = _explain(path, "--category", "trees")
    assert [c["pointer"] for c in only_trees["claims"]] == ["/claimed/breakdown/Ben/trees"]


def test_a_document_that_cannot_be_scored_still_gives_a_document() -> None:
    for name, status in (("stack-red-on-two.json", "illegal"), ("not-json.json", "malformed")):
        code, doc = _explain(str(FIXTURES / "harmonies/invalid" / name))
        assert code == 1
        VALIDATOR.validate(doc)
        assert doc["status"] == status and doc["findings"]
        assert doc["items"] == [] and doc["players"] == [] and doc["categories"] == []


def test_unknown_player_is_a_usage_error_without_a_document() -> None:
    path = str(_valid()[0])
    result = runner.invoke(app, ["explain", path, "--player", "Nobody", "--format", "json"])
    assert result.exit_code == 2 and result.stdout == ""
