"""Positions (section 12): HAR-POS-1…13, E13, and export (12.4)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tests.conftest import assert_finding, assert_ok, assert_rejects, verify
from tests.harmonies.helpers import position, sample
from tests.roles import replay_game, roles_of

GAME = roles_of("harmonies")


def _cells(doc: dict[str, Any], name: str) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = doc["boards"][name]["cells"]
    return cells


def _cell(doc: dict[str, Any], name: str, col: int, row: int) -> dict[str, Any]:
    return next(c for c in _cells(doc, name) if c["cell"] == [col, row])


def _totals(result: Any) -> dict[str, int]:
    assert result.scores is not None
    return {p.name: p.total for p in result.scores.players}


# E13 — variations of the sample position of 12.5
def test_e13_sample_position_is_possible() -> None:
    result = verify(position())
    assert_ok(result)
    assert result.findings == ()
    assert _totals(result) == {"Ann": 16, "Ben": 29}
    assert result.scores is not None and result.scores.winners == ("Ben",)
    ann = result.scores.player("Ann").categories
    ben = result.scores.player("Ben").categories
    assert dict(ann) == {
        "trees": 4,
        "mountains": 0,
        "fields": 0,
        "buildings": 5,
        "water": 0,
        "animals": 7,
        "spirit": 0,
    }
    assert dict(ben) == {
        "trees": 1,
        "mountains": 10,
        "fields": 5,
        "buildings": 0,
        "water": 0,
        "animals": 5,
        "spirit": 8,
    }


def test_e13_fennec_fox_never_matched_is_HAR_POS_9() -> None:
    doc = position()
    _cell(doc, "Ann", 0, 1)["tokens"] = ["brown", "red"]
    result = verify(doc)
    assert result.status == "impossible" and result.scores is None
    assert_rejects(result, "HAR-POS-9", "/boards/Ann/cards/1/cubes/0")


def test_e13_ram_spirit_cube_cell_must_be_exact_HAR_POS_9() -> None:
    doc = position()
    _cell(doc, "Ben", 2, 0)["tokens"] = ["gray", "gray"]
    assert_rejects(verify(doc), "HAR-POS-9", "/boards/Ben/spirit/cube")


def test_e13_unbuildable_stack_is_HAR_POS_3_and_skips_later_checks() -> None:
    doc = position()
    _cell(doc, "Ann", 2, 1)["tokens"] = ["gray", "green"]
    result = verify(doc)
    assert [(f.rule, f.pointer) for f in result.findings] == [
        ("HAR-POS-3", "/boards/Ann/cells/5/tokens")
    ]


def test_e13_card_twice_is_HAR_POS_4() -> None:
    doc = position()
    doc["boards"]["Ben"]["cards"].append({"card": "koala", "cubes": []})
    assert_rejects(verify(doc), "HAR-POS-4", "/boards/Ben/cards/1/card")


def test_e13_spirit_cube_on_koala_cube_is_HAR_POS_8() -> None:
    doc = position()
    doc["boards"]["Ann"]["spirit"]["cube"] = [2, 2]
    assert_rejects(verify(doc), "HAR-POS-8", "/boards/Ann/spirit/cube")


def test_e13_missing_token_is_a_HAR_POS_13_warning() -> None:
    doc = position()
    doc["boards"]["Ben"]["cells"] = [c for c in _cells(doc, "Ben") if c["cell"] != [3, 0]]
    result = verify(doc)
    assert_ok(result)
    assert [(f.rule, f.pointer, f.severity) for f in result.findings] == [
        ("HAR-POS-13", "/boards/Ben/cells", "warning")
    ]
    assert _totals(result) == {"Ann": 16, "Ben": 29}


def test_e13_wrong_claim_is_REC_CLAIM_1() -> None:
    doc = position()
    doc["claimed"]["scores"]["Ann"] = 17
    result = verify(doc)
    assert result.status == "mismatch"
    assert_rejects(result, "REC-CLAIM-1", "/claimed/scores/Ann")


def test_e13_without_module() -> None:
    doc = position()
    doc["variant"]["nature_spirits"] = False
    for board in doc["boards"].values():
        del board["spirit"]
    doc.pop("claimed")
    result = verify(doc)
    assert_ok(result)
    assert _totals(result) == {"Ann": 16, "Ben": 21}


# HAR-POS-1 … HAR-POS-12
def test_player_count_is_HAR_POS_1() -> None:
    doc = position()
    doc["players"] = [{"name": n} for n in ("Ann", "Ben", "Cid", "Dee", "Eve")]
    result = verify(doc)
    assert_finding(result, "HAR-POS-1", "/players")
    assert_finding(result, "HAR-POS-1", "/boards")


def test_board_of_non_player_is_HAR_POS_1() -> None:
    doc = position()
    doc["boards"]["Zed"] = {}
    assert_rejects(verify(doc), "HAR-POS-1", "/boards/Zed")


def test_missing_board_is_HAR_POS_1() -> None:
    doc = position()
    del doc["boards"]["Ben"]
    assert_rejects(verify(doc), "HAR-POS-1", "/boards")


@pytest.mark.parametrize("cell", [[1, 4], [5, 0]])
def test_cell_off_side_is_HAR_POS_2(cell: list[int]) -> None:
    doc = position()
    _cells(doc, "Ann").append({"cell": cell, "tokens": ["blue"]})
    assert_rejects(verify(doc), "HAR-POS-2", "/boards/Ann/cells/7/cell")


def test_cell_listed_twice_is_HAR_POS_2() -> None:
    doc = position()
    _cells(doc, "Ben").append({"cell": [0, 0], "tokens": ["blue"]})
    assert_rejects(verify(doc), "HAR-POS-2", "/boards/Ben/cells/6/cell")


def test_unknown_card_is_HAR_POS_4() -> None:
    doc = position()
    doc["boards"]["Ann"]["cards"][0]["card"] = "unicorn"
    assert_rejects(verify(doc), "HAR-POS-4", "/boards/Ann/cards/0/card")


def test_spirit_without_module_is_HAR_POS_5() -> None:
    doc = position()
    doc["variant"]["nature_spirits"] = False
    del doc["boards"]["Ben"]["spirit"]
    assert_rejects(verify(doc), "HAR-POS-5", "/boards/Ann/spirit")


def test_missing_spirit_with_module_is_HAR_POS_5() -> None:
    doc = position()
    del doc["boards"]["Ben"]["spirit"]
    assert_rejects(verify(doc), "HAR-POS-5", "/boards/Ben/spirit")


@pytest.mark.parametrize(
    ("spirit", "pointer"),
    [
        ({"card": "koala", "cube": None}, "/boards/Ben/spirit/card"),
        ({"card": "owl_spirit", "cube": None}, "/boards/Ben/spirit/card"),
        ({"card": None, "cube": [2, 0]}, "/boards/Ben/spirit/cube"),
    ],
)
def test_bad_spirit_entry_is_HAR_POS_5(spirit: dict[str, Any], pointer: str) -> None:
    doc = position()
    doc["boards"]["Ben"]["spirit"] = spirit
    assert_rejects(verify(doc), "HAR-POS-5", pointer)


def test_too_many_tokens_of_a_colour_is_HAR_POS_6() -> None:
    doc = position()
    cells = [[c, r] for c in range(5) for r in range(4)]
    doc["boards"]["Ann"]["cells"] = [{"cell": c, "tokens": ["red"]} for c in cells[:16]]
    doc["boards"]["Ann"]["cards"] = []
    doc["boards"]["Ann"]["spirit"]["card"] = "lion_spirit"
    assert_rejects(verify(doc), "HAR-POS-6", "/boards")


def test_too_many_cubes_is_HAR_POS_7() -> None:
    doc = position()
    doc["boards"]["Ben"]["cards"][0]["cubes"] = [[1, 0]] * 3
    assert_rejects(verify(doc), "HAR-POS-7", "/boards/Ben/cards/0/cubes")


def test_cube_off_board_is_HAR_POS_8() -> None:
    doc = position()
    doc["boards"]["Ben"]["cards"][0]["cubes"] = [[7, 0]]
    assert_rejects(verify(doc), "HAR-POS-8", "/boards/Ben/cards/0/cubes/0")


def test_five_incomplete_cards_is_HAR_POS_10() -> None:
    doc = position()
    doc["boards"]["Ben"]["cards"] += [
        {"card": c, "cubes": []} for c in ("wolf", "otter", "shrew", "frog")
    ]
    assert_rejects(verify(doc), "HAR-POS-10", "/boards/Ben/cards")


def test_empty_board_with_cards_is_HAR_POS_11() -> None:
    doc = position()
    doc["boards"]["Ben"] = {
        "cards": [{"card": "bear", "cubes": []}],
        "spirit": {"card": "ram_spirit", "cube": None},
    }
    result = verify(doc)
    assert_rejects(result, "HAR-POS-11", "/boards/Ben/cards")
    assert_finding(result, "HAR-POS-11", "/boards/Ben/spirit/card")


def test_started_board_without_spirit_is_HAR_POS_11() -> None:
    doc = position()
    doc["boards"]["Ann"]["spirit"]["card"] = None
    assert_rejects(verify(doc), "HAR-POS-11", "/boards/Ann/spirit/card")


def test_reserve_too_small_is_HAR_POS_12() -> None:
    doc = position()
    doc["variant"]["animal_cube_supply"] = 8  # koala 4 + fennec fox 3 + bear 2 = 9
    assert_rejects(verify(doc), "HAR-POS-12", "/boards")
    doc["variant"]["animal_cube_supply"] = 9
    assert verify(doc).status == "ok"


def test_seat_order_and_card_count_are_HAR_POS_13_warnings() -> None:
    doc = position()
    doc["boards"]["Ann"]["cells"] = _cells(doc, "Ann")[:3]
    doc["boards"]["Ann"]["cells"][0] = {"cell": [2, 1], "tokens": ["green"]}
    doc["boards"]["Ann"]["cells"][1] = {"cell": [2, 2], "tokens": ["brown", "green"]}
    doc["boards"]["Ann"]["cells"] = doc["boards"]["Ann"]["cells"][:2]
    doc["boards"]["Ann"]["cards"] = [{"card": "koala", "cubes": [[2, 2]]}]
    doc.pop("claimed")
    result = verify(doc)
    assert result.status == "ok"
    assert_finding(result, "HAR-POS-13", "/boards/Ben/cells")
    doc["boards"]["Ann"]["cards"].append({"card": "wolf", "cubes": []})
    result = verify(doc)
    assert_finding(result, "HAR-POS-13", "/boards/Ann/cards")
    assert all(f.severity == "warning" for f in result.findings)


def test_impossible_position_scored_with_keep_going() -> None:
    doc = position()
    _cell(doc, "Ann", 0, 1)["tokens"] = ["brown", "red"]
    result = verify(doc, keep_going=True)
    assert result.status == "impossible"
    assert result.scores is not None


# Export (12.4)
def test_export_after_every_move_of_the_sample_passes_all_checks() -> None:
    record = sample()
    for n in range(len(record["moves"]) + 1):
        run = replay_game(GAME, record, upto=n)
        doc = GAME.positions.export_position(run.state, record)
        result = verify(doc)
        assert_ok(result)
        assert result.findings == ()
    assert _totals(result) == {"Ann": 7, "Ben": 0}
    assert doc["boards"]["Ann"]["cards"] == [{"card": "koala", "cubes": [[2, 2]]}]
    assert doc["boards"]["Ann"]["spirit"] == {"card": "owl_spirit", "cube": None}
    cells = [c["cell"] for c in doc["boards"]["Ann"]["cells"]]
    assert cells == sorted(cells)


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (1, 3, {}),
        (2, 4, {"board_side": "B", "nature_spirits": True}),
        (3, 5, {"nature_spirits": True, "tiebreak_counts_spirit_cube": True}),
        (4, 6, {"board_side": "A", "river_metric": "include_loops"}),
    ],
)
def test_export_of_finished_game_gives_the_record_score_table(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    record = GAME.moves.simulate(players, seed, options)
    result = verify(record)
    assert_ok(result)
    run = replay_game(GAME, record)
    doc = GAME.positions.export_position(run.state, record)
    scored = verify(doc)
    assert_ok(scored)
    assert scored.findings == ()
    # the same table; a position has no end reason (it is scored as it stands, 12.3)
    assert result.scores is not None and result.scores.end_reason is not None
    assert scored.scores == replace(result.scores, end_reason=None, end_text="")


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (3, 21, {"nature_spirits": True, "animal_cube_supply": 40}),
        (2, 22, {"board_side": "B"}),
    ],
)
def test_export_after_every_move_of_a_simulated_game(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    record = GAME.moves.simulate(players, seed, options)
    for n in range(0, len(record["moves"]) + 1, 2):
        run = replay_game(GAME, record, upto=n)
        result = verify(GAME.positions.export_position(run.state, record))
        assert_ok(result)
        assert result.findings == (), n


def test_render_draws_boards_cubes_and_supply() -> None:
    record = sample()
    run = replay_game(GAME, record)
    text = GAME.pictures.render(run.state)
    assert "TL*" in text  # Ann's Koala cube on her height-2 Tree at [2,2]
    assert "Central board: 1:[WWM]" in text
    assert "Pouch: 96 tokens" in text
    assert "koala 1/4" in text
