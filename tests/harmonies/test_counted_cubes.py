"""Count-only cubes (``placed``) and a pending spirit choice (``choices``) in positions.

With every card's count given beside a board-level list, each valid fixture's final position
scores exactly as the attributed original, with no HAR-SCORE-7/8 doubt; a count no assignment
satisfies is HAR-POS-14; a pending choice is possible before the first turn only (HAR-POS-15).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import assert_ok, assert_rejects, verify
from tests.harmonies.helpers import position
from tests.harmonies.test_cube_list import FIXTURES, board_level, final_position, sheet


def counted(pos: dict[str, Any]) -> dict[str, Any]:
    """The position with every cube on the board-level list and each card's count given."""
    pos = copy.deepcopy(pos)
    for board in pos["boards"].values():
        cubes: list[list[int]] = []
        for card in board.get("cards", []):
            card["placed"] = len(card["cubes"])
            cubes += card.pop("cubes")
        spirit = board.get("spirit")
        if spirit is not None and spirit["card"] is not None:
            cube = spirit.pop("cube")
            spirit["placed"] = int(cube is not None)
            if cube is not None:
                cubes.append(cube)
        board["cubes"] = cubes[::-1]
    return pos


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_counts_settle_every_fixture_exactly(path: Path) -> None:
    pos = final_position(json.loads(path.read_text()))
    result = verify(counted(pos))
    assert_ok(result)
    assert not [f for f in result.findings if f.rule in ("HAR-SCORE-7", "HAR-SCORE-8")]
    assert sheet(result) == sheet(verify(pos))


def _sample_counted() -> dict[str, Any]:
    return counted(position())


def test_sample_position_with_counts_is_possible() -> None:
    assert_ok(verify(_sample_counted()))


def test_a_count_beyond_the_track_is_har_pos_14() -> None:
    doc = _sample_counted()
    doc["boards"]["Ann"]["cards"][0]["placed"] = 5  # koala's track has 4 spaces
    assert_rejects(verify(doc), "HAR-POS-14", "/boards/Ann/cards/0/placed")


def test_counts_that_do_not_add_up_are_har_pos_14() -> None:
    doc = _sample_counted()
    doc["boards"]["Ann"]["cards"][1]["placed"] = 0  # two cubes, the counts give one
    assert_rejects(verify(doc), "HAR-POS-14", "/boards/Ann/cubes")


def test_counts_against_the_habitats_are_har_pos_14() -> None:
    doc = _sample_counted()
    board = doc["boards"]["Ann"]
    board["cards"][0]["placed"], board["cards"][1]["placed"] = 2, 0  # koala cannot take [0,2]
    assert_rejects(verify(doc), "HAR-POS-14", "/boards/Ann/cubes")


def test_a_pending_choice_before_the_first_turn_is_possible() -> None:
    doc = position()
    doc["boards"]["Ben"] = {"spirit": {"choices": ["ram_spirit", "lion_spirit"]}}
    doc.pop("claimed")
    result = verify(doc)
    assert_ok(result)
    assert result.scores is not None


def test_a_pending_choice_after_the_first_turn_is_har_pos_15() -> None:
    doc = position()
    doc["boards"]["Ann"]["spirit"] = {"choices": ["deer_spirit", "lion_spirit"]}
    assert_rejects(verify(doc), "HAR-POS-15", "/boards/Ann/spirit/choices")


def test_a_pending_choice_names_catalog_cards_dealt_once() -> None:
    doc = position()
    doc["boards"]["Ben"] = {"spirit": {"choices": ["lion_spirit", "owl_spirit"]}}
    assert_rejects(verify(doc), "HAR-POS-5", "/boards/Ben/spirit/choices/1")  # Ann's card
    doc["boards"]["Ben"] = {"spirit": {"choices": ["unicorn_spirit", "lion_spirit"]}}
    assert_rejects(verify(doc), "HAR-POS-5", "/boards/Ben/spirit/choices/0")


def test_a_choice_beside_a_chosen_card_is_a_schema_error() -> None:
    doc = position()
    doc["boards"]["Ann"]["spirit"]["choices"] = ["deer_spirit", "lion_spirit"]
    assert_rejects(verify(doc), "REC-SCHEMA-1")


@pytest.mark.parametrize("name", ["greedy-3p.json", "greedy-solo-pouch-end-rule.json"])
def test_counts_settle_a_board_level_list_that_leaves_the_score_open(name: str) -> None:
    pos = final_position(json.loads((FIXTURES[0].parent / name).read_text()))
    open_list = verify(board_level(pos, True))
    assert [f.rule for f in open_list.findings] == ["HAR-SCORE-7"]  # without the counts
    settled = verify(counted(pos))
    assert_ok(settled)
    assert not settled.findings
    assert sheet(settled) == sheet(verify(pos))
