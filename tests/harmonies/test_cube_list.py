"""Board-level ``cubes`` in positions (issue 12 §5): the cube-to-card assignment search.

Every valid fixture's final position, with its cubes moved to the board-level list, scores
exactly as the attributed original, or (where the list allows several scores, as in greedy
games with many cubes) warns with outcomes that include the attributed total; impossible
lists are reported with rule and pointer; a list whose assignments score differently is a
warning naming the lowest and highest total.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.core.values import VerifyResult
from tests.conftest import assert_finding, assert_ok, assert_rejects, verify
from tests.harmonies.helpers import position
from tests.roles import roles_of

GAME = roles_of("harmonies")


FIXTURES = sorted((Path(__file__).parents[2] / "fixtures" / "harmonies" / "valid").glob("*.json"))


def final_position(doc: dict[str, Any]) -> dict[str, Any]:
    """The attributed final position of a record (``show --position``) or a position."""
    if doc["format"] == "scorer-position/1":
        pos = copy.deepcopy(doc)
    else:
        result = verify(doc)
        assert result.state is not None
        pos = GAME.positions.export_position(result.state, doc)
    pos.pop("claimed", None)
    return pos


def board_level(pos: dict[str, Any], spirit_too: bool) -> dict[str, Any]:
    """The same position with every Animal cube (and the spirit cube if ``spirit_too``) moved
    to the board-level list; the cards keep no ``cubes``."""
    pos = copy.deepcopy(pos)
    for board in pos["boards"].values():
        cubes: list[list[int]] = []
        for card in board.get("cards", []):
            cubes += card.pop("cubes")
        spirit = board.get("spirit")
        if spirit_too and spirit is not None:
            cube = spirit.pop("cube")
            if cube is not None:
                cubes.append(cube)
        board["cubes"] = cubes[::-1]  # the order of the list does not matter
    return pos


def sheet(result: VerifyResult) -> Any:
    assert result.scores is not None
    return (
        [
            (p.name, dict(p.categories), p.total, p.extras.get("cubes"), p.extras.get("suns"))
            for p in result.scores.players
        ],
        result.scores.ranking,
    )


@pytest.mark.parametrize("spirit_too", [False, True], ids=["spirit-given", "spirit-searched"])
@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture_final_positions_score_as_attributed(path: Path, spirit_too: bool) -> None:
    pos = final_position(json.loads(path.read_text()))
    original = verify(pos)
    result = verify(board_level(pos, spirit_too))
    assert_ok(result)
    doubts = [f for f in result.findings if f.rule in ("HAR-SCORE-7", "HAR-SCORE-8")]
    if doubts:  # greedy games place many cubes: some lists allow several scores
        assert original.scores is not None
        for warning in doubts:
            total = original.scores.player(str(warning.details["player"])).total
            outcomes = warning.details["outcomes"]
            assert isinstance(outcomes, list)
            assert total in {o["total"] for o in outcomes}, warning.details
        return
    assert [(f.rule, f.pointer) for f in result.findings] == [
        (f.rule, f.pointer) for f in original.findings
    ]  # no ambiguity warning either
    assert sheet(result) == sheet(original)


# A small board for Ann (side A, module on): greens [0,0], [1,0] and a blue [2,1], so a cube on
# the blue can come from the Frog (green next to blue) or from the Otter (green, green, blue).
def ann(cards: list[dict[str, Any]], cubes: list[list[int]], **extra: Any) -> dict[str, Any]:
    doc = position()
    doc.pop("claimed")
    doc["boards"]["Ann"] = {
        "cells": [
            {"cell": [0, 0], "tokens": ["green"]},
            {"cell": [1, 0], "tokens": ["green"]},
            {"cell": [2, 1], "tokens": ["blue"]},
            {"cell": [4, 4], "tokens": ["yellow"]},
            {"cell": [4, 3], "tokens": ["brown", "green"]},
            {"cell": [3, 3], "tokens": ["green"]},
            {"cell": [0, 4], "tokens": ["blue"]},
            {"cell": [0, 2], "tokens": ["red"]},
        ],
        "cards": cards,
        "spirit": {"card": "owl_spirit", "cube": None},
        "cubes": cubes,
        **extra,
    }
    return doc


def test_ambiguous_list_warns_with_min_and_max_and_scores_the_minimum() -> None:
    result = verify(ann([{"card": "frog"}, {"card": "otter"}], [[2, 1]]))
    assert_ok(result)
    warning = assert_finding(result, "HAR-SCORE-7", "/boards/Ann/cubes")
    assert warning.severity == "warning"
    # trees 1 + 1 + 3 + 1, no other landscape points; Frog 1 cube = 2, Otter 1 cube = 5
    assert (warning.details["min"], warning.details["max"]) == (6 + 2, 6 + 5)
    assert warning.details["winner_certain"] is True  # Ben has 29
    outcomes = warning.details["outcomes"]
    assert isinstance(outcomes, list)
    assert [(o["animals"], o["cards"]) for o in outcomes] == [
        (2, {"frog": 1, "otter": 0}),
        (5, {"frog": 0, "otter": 1}),
    ]
    assert result.scores is not None
    ann_line = result.scores.player("Ann")
    assert ann_line.categories["animals"] == 2 and ann_line.total == 8
    assert any("Ann" in n and "8 to 11" in n for n in result.scores.notes)


def test_unambiguous_list_gives_no_warning() -> None:
    # the Otter alone: its cube can only be the one on the blue
    result = verify(ann([{"card": "otter"}, {"card": "koala"}], [[2, 1], [4, 3]]))
    assert_ok(result)
    assert result.findings == ()
    assert result.scores is not None
    assert result.scores.player("Ann").categories["animals"] == 5 + 3


def test_given_cubes_stay_fixed_next_to_a_list() -> None:
    # the Otter lists its cube, so the Frog has none: no choice is left
    doc = ann([{"card": "frog"}, {"card": "otter", "cubes": [[2, 1]]}], [])
    result = verify(doc)
    assert_ok(result)
    assert result.findings == ()
    assert result.scores is not None and result.scores.player("Ann").categories["animals"] == 5


def test_list_cube_on_a_given_cube_is_HAR_POS_8() -> None:
    doc = ann([{"card": "frog"}, {"card": "otter", "cubes": [[2, 1]]}], [[2, 1]])
    assert_rejects(verify(doc), "HAR-POS-8", "/boards/Ann/cubes/0")


@pytest.mark.parametrize("cubes", [[[2, 1], [2, 1]], [[2, 1], [5, 0]]])
def test_list_cube_twice_or_off_board_is_HAR_POS_8(cubes: list[list[int]]) -> None:
    doc = ann([{"card": "frog"}, {"card": "otter"}], cubes)
    assert_rejects(verify(doc), "HAR-POS-8", "/boards/Ann/cubes/1")


def test_cube_no_card_can_give_is_HAR_POS_9() -> None:
    # the lone blue [0,4] has no green next to it: neither the Frog nor the Otter
    doc = ann([{"card": "frog"}, {"card": "otter"}], [[2, 1], [0, 4]])
    result = verify(doc)
    assert result.status == "impossible" and result.scores is None
    assert_rejects(result, "HAR-POS-9", "/boards/Ann/cubes/1")


def test_cube_without_any_card_left_is_HAR_POS_9() -> None:
    doc = ann([{"card": "frog", "cubes": [[2, 1]]}], [[4, 3]])
    assert_rejects(verify(doc), "HAR-POS-9", "/boards/Ann/cubes/0")


def test_more_cubes_than_the_tracks_hold_is_HAR_POS_7() -> None:
    # three 3-gray Mountains around a yellow: only the Falcon (track of 2) takes such cubes
    doc = ann([{"card": "falcon"}, {"card": "frog"}], [[2, 1], [2, 3], [1, 2]])
    board = doc["boards"]["Ann"]
    board["cells"] = [{"cell": [2, 2], "tokens": ["yellow"]}] + [
        {"cell": c, "tokens": ["gray"] * 3} for c in ([2, 1], [2, 3], [1, 2])
    ]
    finding = assert_rejects(verify(doc), "HAR-POS-7", "/boards/Ann/cubes")
    assert (finding.details["expected"], finding.details["found"]) == (2, 3)
    assert finding.details["cards"] == ["falcon"]


def test_every_assignment_with_five_incomplete_cards_is_HAR_POS_10() -> None:
    cards = [{"card": c} for c in ("frog", "otter", "wolf", "shrew")]
    doc = ann(cards, [])  # the Owl's Spirit cube is unplaced: 5 incomplete cards
    assert_rejects(verify(doc), "HAR-POS-10", "/boards/Ann/cards")
    doc["boards"]["Ann"]["cubes"] = [[4, 3]]  # ... still 5 whichever card: no card takes it
    assert_rejects(verify(doc), "HAR-POS-9", "/boards/Ann/cubes/0")


def test_searched_spirit_cube_can_complete_the_spirit_card() -> None:
    # Ben of 12.5 with every cube in the list: the 3-gray [2,0] is the Ram's Spirit's
    doc = position()
    ben = doc["boards"]["Ben"]
    ben["cubes"] = [[2, 0], [1, 0]]
    del ben["cards"][0]["cubes"]
    del ben["spirit"]["cube"]
    result = verify(doc)
    assert_ok(result)
    assert result.scores is not None
    assert result.scores.player("Ben").categories["spirit"] == 8
    assert result.state is not None and result.state.players[1].spirit_cube == (2, 0)


def test_card_without_cubes_needs_the_list() -> None:
    doc = position()
    del doc["boards"]["Ann"]["cards"][0]["cubes"]
    assert_rejects(verify(doc), "REC-SCHEMA-1", "/boards/Ann/cards/0")


def test_spirit_without_cube_needs_the_list() -> None:
    doc = position()
    del doc["boards"]["Ann"]["spirit"]["cube"]
    assert_rejects(verify(doc), "REC-SCHEMA-1", "/boards/Ann/spirit")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 2**32),
    side=st.sampled_from("AB"),
    module=st.booleans(),
    spirit_too=st.booleans(),
)
def test_simulated_final_positions_score_as_attributed(
    players: int, seed: int, side: str, module: bool, spirit_too: bool
) -> None:
    record = GAME.moves.simulate(players, seed, {"board_side": side, "nature_spirits": module})
    pos = final_position(record)
    original = verify(pos)
    result = verify(board_level(pos, spirit_too))
    assert_ok(result)
    warnings = [f for f in result.findings if f.rule in ("HAR-SCORE-7", "HAR-SCORE-8")]
    if not warnings:
        assert sheet(result) == sheet(original)
        return
    # several outcomes: the true one is among them and the sheet uses the lowest
    assert original.scores is not None and result.scores is not None
    for warning in warnings:
        name = warning.details["player"]
        assert isinstance(name, str)
        totals = [o["total"] for o in warning.details["outcomes"]]  # type: ignore[attr-defined]
        assert original.scores.player(name).total in totals
        assert result.scores.player(name).total == warning.details["min"] == min(totals)
