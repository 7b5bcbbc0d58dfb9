"""Schema (section 11.4): REC-SCHEMA-1 with pointers, REC-JSON-1, and a valid sample."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.reading.schemas import check_schemas, validate
from scorer.referee.pipeline import verify_bytes
from tests.conftest import assert_finding, assert_rejects, verify
from tests.harmonies.helpers import position, sample


def test_schemas_are_valid_draft_2020_12() -> None:
    assert "harmonies.schema.json" in check_schemas()


def test_sample_record_and_position_match_the_schema() -> None:
    assert validate(sample()) == ("record", [])
    assert validate(position()) == ("position", [])


def test_not_json_is_REC_JSON_1() -> None:
    result = verify_bytes(b'{"format": "scorer-record/1", "game": "harmonies",')
    assert result.status == "malformed"
    assert_rejects(result, "REC-JSON-1")


def _schema_error(doc: dict[str, Any], pointer: str) -> None:
    result = verify(doc)
    assert result.status == "malformed"
    assert_finding(result, "REC-SCHEMA-1", pointer)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("board_side", "C"),
        ("nature_spirits", "yes"),
        ("river_metric", "longest"),
        ("tiebreak_counts_spirit_cube", 1),
        ("animal_cube_supply", -1),
        ("animal_cube_supply", "66"),
        ("solo_last_refill", "stop"),
        ("house_rule", True),
    ],
)
def test_bad_variant_option_is_REC_SCHEMA_1(option: str, value: Any) -> None:
    doc = sample()
    doc["variant"][option] = value
    _schema_error(doc, f"/variant/{option}")


def test_unknown_step_is_REC_SCHEMA_1() -> None:
    doc = sample()
    doc["moves"][0]["steps"][1]["do"] = "pass"
    _schema_error(doc, "/moves/0/steps/1/do")


@pytest.mark.parametrize(
    ("step", "pointer"),
    [
        ({"do": "place_token", "color": "purple", "cell": [0, 0]}, "/moves/0/steps/2/color"),
        ({"do": "place_token", "color": "brown"}, "/moves/0/steps/2"),
        ({"do": "place_token", "color": "brown", "cell": [0]}, "/moves/0/steps/2/cell"),
        ({"do": "place_token", "color": "brown", "cell": [0, 0], "x": 1}, "/moves/0/steps/2"),
        ({"do": "take_tokens", "space": "1"}, "/moves/0/steps/2/space"),
        (
            {"do": "place_cube", "card": "koala", "cell": [2, 2], "rotation": 6},
            "/moves/0/steps/2/rotation",
        ),
        ({"do": "take_card"}, "/moves/0/steps/2"),
    ],
)
def test_bad_step_shapes_are_REC_SCHEMA_1(step: dict[str, Any], pointer: str) -> None:
    doc = sample()
    doc["moves"][0]["steps"][2] = step
    _schema_error(doc, pointer)


def test_bad_turn_members_are_REC_SCHEMA_1() -> None:
    doc = sample()
    doc["moves"][0]["action"] = "pass"
    doc["moves"][1]["refill"]["spaces"]["3"] = ["red", "pink", "red"]
    doc["moves"][2]["bonus"] = 1
    result = verify(doc)
    assert result.status == "malformed"
    for pointer in ("/moves/0/action", "/moves/1/refill/spaces/3/1", "/moves/2"):
        assert_finding(result, "REC-SCHEMA-1", pointer)


def test_claimed_intermediate_is_REC_SCHEMA_1() -> None:
    doc = sample()
    doc["claimed"]["intermediate"] = {"Ann": 3}
    _schema_error(doc, "/claimed")


def test_unknown_breakdown_key_is_REC_SCHEMA_1() -> None:
    doc = sample()
    doc["claimed"]["breakdown"]["Ann"]["bonus"] = 1
    _schema_error(doc, "/claimed/breakdown/Ann")


def test_missing_setup_is_REC_SCHEMA_1() -> None:
    doc = sample()
    del doc["setup"]["display"]
    _schema_error(doc, "/setup")


def test_position_shapes_are_REC_SCHEMA_1() -> None:
    doc = position()
    doc["boards"]["Ann"]["cells"][0]["tokens"] = ["gray"] * 4
    doc["boards"]["Ben"]["spirit"] = {"card": "ram_spirit"}
    doc["moves"] = []
    result = verify(doc)
    assert result.status == "malformed"
    for pointer in ("/boards/Ann/cells/0/tokens", "/boards/Ben/spirit", ""):
        assert_finding(result, "REC-SCHEMA-1", pointer)


def test_claimed_suns_in_multiplayer_is_REC_CLAIM_1() -> None:
    doc = sample()
    doc["claimed"]["suns"] = {"Ann": 3}
    result = verify(doc)
    assert_finding(result, "REC-CLAIM-1", "/claimed/suns")


def test_claimed_suns_for_unknown_player_in_solo_position() -> None:
    doc = position()
    doc["players"] = [{"name": "Ann"}]
    del doc["boards"]["Ben"]
    doc["claimed"] = {"suns": {"Ann": 0, "Ben": 1}}
    result = verify(doc)
    assert_finding(result, "REC-CLAIM-1", "/claimed/suns/Ben")
    assert_finding(result, "REC-CLAIM-1", "/claimed/suns/Ann")
