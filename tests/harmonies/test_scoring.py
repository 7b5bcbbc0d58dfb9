"""Scoring (section 8) and the worked examples E2–E8, E10, E12 with their exact numbers."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import pytest
from pyrsistent import pvector

from scorer.core.values import PlayerScore
from scorer.games.harmonies.board import NEIGHBOURS, Cell, matching_rotations
from scorer.games.harmonies.cellmap import CellMap
from scorer.games.harmonies.landscapes import (
    Board,
    Nbrs,
    blocks,
    island_units,
    layout,
    player_layout,
    river,
    river_points,
    score_buildings,
    score_fields,
    score_mountains,
    score_trees,
)
from scorer.games.harmonies.scoring import (
    animal_units,
    rank,
    score_player,
    score_spirit,
    suns,
)
from scorer.games.harmonies.state import HeldCard, Options, PlayerState
from scorer.grid.paths import longest_cycle
from tests.conftest import assert_finding, verify

NB_A = NEIGHBOURS["A"]


def river_length(board: Board, nbrs: Nbrs, include_loops: bool = False) -> int:
    """The river length L of section 8.5 (in tokens)."""
    return len(river(board, nbrs, include_loops))


def cycle_length(group: Collection[Cell], nbrs: Nbrs) -> int:
    """Cells of the longest simple cycle in ``group`` (0 if it has none)."""
    return len(longest_cycle(sorted(group), nbrs.__getitem__))


LETTERS = {"b": "brown", "g": "green", "G": "gray", "Y": "yellow", "B": "blue", "R": "red"}


def board(**cells: str) -> dict[tuple[int, int], tuple[str, ...]]:
    """``c0_1="bbg"`` → {(0, 1): ("brown", "brown", "green")}."""
    out = {}
    for key, stack in cells.items():
        col, row = key[1:].split("_")
        out[(int(col), int(row))] = tuple(LETTERS[x] for x in stack)
    return out


def blue(*cells: tuple[int, int]) -> dict[tuple[int, int], tuple[str, ...]]:
    return dict.fromkeys(cells, ("blue",))


E2 = board(
    c0_0="bbg",
    c0_1="bg",
    c1_0="g",
    c0_2="bb",
    c2_0="GGG",
    c2_1="G",
    c4_4="GG",
    c1_2="Y",
    c1_3="Y",
    c3_3="Y",
    c4_1="Y",
    c3_1="GR",
    c3_0="B",
    c4_0="B",
    c4_3="R",
)


def player(
    stacks: dict[tuple[int, int], tuple[str, ...]],
    spirit: str | None = None,
    cube: tuple[int, int] | None = None,
    cards: tuple[HeldCard, ...] = (),
    side: str = "A",
) -> PlayerState:
    return PlayerState(
        "Ann",
        CellMap.of(side, (), stacks.items()),
        CellMap.of(side, ""),
        pvector(cards),
        (),
        spirit,
        cube,
    )


def test_e2_landscapes_side_A() -> None:
    """HAR-SCORE-1..5 on E2: trees 11, mountains 8, fields 5, buildings 5, water 2, total 31."""
    assert score_trees(E2) == 11  # HAR-SCORE-1
    assert score_mountains(E2, NB_A) == 8  # HAR-SCORE-2
    assert score_fields(E2, NB_A) == 5  # HAR-SCORE-3
    assert score_buildings(E2, NB_A) == 5  # HAR-SCORE-4
    assert river_points(river_length(E2, NB_A)) == 2  # HAR-SCORE-5
    line = score_player(player(E2), Options())
    assert line.total == 31  # HAR-SCORE-9
    assert dict(line.categories) == {
        "trees": 11,
        "mountains": 8,
        "fields": 5,
        "buildings": 5,
        "water": 2,
        "animals": 0,
        "spirit": 0,
    }


@pytest.mark.parametrize(
    ("spirit", "points"),
    [
        ("deer_spirit", 8),
        ("owl_spirit", 7),
        ("ram_spirit", 8),
        ("marmot_spirit", 7),
        ("lion_spirit", 6),
        ("butterfly_spirit", 15),
    ],
)
def test_e2_spirit_cards_HAR_SCORE_8(spirit: str, points: int) -> None:
    """HAR-SCORE-8 (section 14 worked example)."""
    assert score_spirit(player(E2, spirit, (9, 9)), NB_A) == points
    assert score_spirit(player(E2, spirit, None), NB_A) == 0


def _position(cells: dict[tuple[int, int], tuple[str, ...]], **variant: Any) -> dict[str, Any]:
    return {
        "format": "scorer-position/1",
        "game": "harmonies",
        "variant": variant,
        "players": [{"name": "Ann"}],
        "boards": {
            "Ann": {"cells": [{"cell": list(c), "tokens": list(s)} for c, s in cells.items()]}
        },
    }


def test_e2_as_one_player_position_warns_HAR_POS_13() -> None:
    result = verify(_position(E2))
    assert result.status == "ok"
    assert_finding(result, "HAR-POS-13", "/boards/Ann/cells")
    assert [f.severity for f in result.findings] == ["warning"]
    assert result.scores is not None and result.scores.player("Ann").total == 31


def test_e3_river_with_shortcut_cluster() -> None:
    river = blue((0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 3), (3, 3))
    assert river_length(river, NB_A) == 6
    assert river_points(6) == 15


def test_e4_straight_and_zigzag_rivers() -> None:
    zigzag = blue((0, 3), (1, 3), (2, 3), (3, 3), (4, 3))
    assert river_points(river_length(zigzag, NB_A)) == 11
    zigzag.update(blue((2, 0), (4, 1)))
    assert river_points(river_length(zigzag, NB_A)) == 11
    seven = blue((0, 0), (1, 0), (2, 0), (3, 0), (4, 1), (4, 2), (4, 3))
    assert river_length(seven, NB_A) == 7 and river_points(7) == 19
    eight = blue((0, 0), (0, 1), (0, 2), (1, 2), (2, 3), (3, 2), (4, 2), (4, 1))
    assert river_length(eight, NB_A) == 8 and river_points(8) == 23
    assert river_points(river_length(blue((2, 2)), NB_A)) == 0
    assert river_length({}, NB_A) == 0
    two = blue((0, 0), (0, 1), (0, 2), (0, 3), (2, 0), (2, 1), (2, 2))
    assert river_points(river_length(two, NB_A)) == 8


def test_e5_loop_both_metrics() -> None:
    ring = blue((1, 0), (1, 1), (2, 0), (2, 2), (3, 0), (3, 1))
    assert river_points(river_length(ring, NB_A)) == 8
    assert river_points(river_length(ring, NB_A, include_loops=True)) == 15
    line = score_player(player(ring), Options(river_metric="include_loops"))
    assert line.categories["water"] == 15 and line.extras["river"] == 6


def test_e6_islands_side_B_HAR_SCORE_6() -> None:
    """HAR-SCORE-6 (section 14 worked example)."""
    assert len(island_units({}, "B")) == 1
    middle = blue((3, 0), (3, 1), (3, 2))
    assert sum(u.points for u in island_units(middle, "B")) == 10
    middle.update(blue((0, 1), (1, 0)))
    assert sum(u.points for u in island_units(middle, "B")) == 15
    line = score_player(player(middle, side="B"), Options(board_side="B"))
    assert line.categories["water"] == 15 and line.extras["islands"] == 3


def test_e7_koala_placement_and_scoring_HAR_SCORE_7() -> None:
    """HAR-SCORE-7 (section 14 worked example)."""
    stacks = board(c2_2="bg", c2_1="g")
    assert matching_rotations("A", "koala", (2, 2), stacks) == [1]
    assert matching_rotations("A", "koala", (2, 1), stacks) == []
    assert matching_rotations("A", "koala", (2, 2), board(c2_2="bbg", c2_1="g")) == []
    for placed, points in ((2, 6), (0, 0), (4, 15)):
        held = HeldCard("koala", tuple((0, r) for r in range(placed)))
        assert sum(u.points for u in animal_units(player({}, cards=(held,)))) == points


def test_e8_spirit_groups() -> None:
    stacks = board(
        c0_0="bR",
        c0_1="GR",
        c2_3="RR",
        c3_1="bR",
        c4_1="bR",
        c4_0="R",
        c1_3="B",
        c0_4="B",
        c2_4="B",
        c4_4="B",
    )
    expected = {"cat_spirit": 12, "crane_spirit": 12, "dragonfly_spirit": 7, "tortoise_spirit": 8}
    for spirit, points in expected.items():
        assert score_spirit(player(stacks, spirit, (9, 9)), NB_A) == points
        assert score_spirit(player(stacks, spirit, None), NB_A) == 0


@pytest.mark.parametrize(
    ("total", "side", "module", "spirit", "expected"),
    [
        (112, "B", True, "owl_spirit", 4),
        (95, "A", False, None, 6),
        (39, "B", True, "cat_spirit", 1),
        (40, "B", True, "owl_spirit", 1),
        (160, "A", False, None, 11),
        (0, "B", True, None, 0),
    ],
)
def test_e10_solo_suns_HAR_SCORE_11(
    total: int, side: str, module: bool, spirit: str | None, expected: int
) -> None:
    """HAR-SCORE-11 (section 14 worked example)."""
    assert suns(total, Options(board_side=side, nature_spirits=module), spirit) == expected


def _tied(option: bool) -> tuple[tuple[str, ...], ...]:
    empty, no_cubes = CellMap.of("A", ()), CellMap.of("A", "")
    ann = PlayerState(
        "Ann",
        empty,
        no_cubes,
        pvector(
            [
                HeldCard("koala", ((0, 0),) * 4),
                HeldCard("bee", ((0, 1),) * 2),
                HeldCard("fish", ((0, 2),) * 4),
                HeldCard("ray", ((0, 3),)),
            ]
        ),
        (),
        "owl_spirit",
    )
    ben = PlayerState(
        "Ben",
        empty,
        no_cubes,
        pvector(
            [
                HeldCard("frog", ((1, 0),) * 5),
                HeldCard("duck", ((1, 1),) * 4),
                HeldCard("crow", ((1, 2),)),
            ]
        ),
        (),
        "ram_spirit",
        (2, 0),
    )
    assert ann.animal_cubes() == 11 and ben.animal_cubes() == 10
    options = Options(nature_spirits=True, tiebreak_counts_spirit_cube=option)
    lines = []
    for p in (ann, ben):
        extras = score_player(p, options).extras
        lines.append(PlayerScore(p.name, {}, 98, extras))
    return rank(lines)


def test_e12_tie_break_HAR_SCORE_10() -> None:
    """HAR-SCORE-10 (section 14 worked example)."""
    assert _tied(False) == (("Ann",), ("Ben",))
    assert _tied(True) == (("Ann", "Ben"),)


def test_ranking_by_total_first() -> None:
    lines = [
        PlayerScore("Ann", {}, 50, {"cubes": 9}),
        PlayerScore("Ben", {}, 60, {"cubes": 0}),
        PlayerScore("Cid", {}, 50, {"cubes": 9}),
    ]
    assert rank(lines) == (("Ben",), ("Ann", "Cid"))


def test_lone_red_and_trunk_score_nothing() -> None:
    stacks = board(c0_0="R", c0_1="bb", c1_0="b", c1_1="Y", c2_0="B")
    line = score_player(player(stacks), Options())
    assert line.total == 0
    assert score_fields(board(c0_0="Y", c0_1="R", c0_2="Y"), NB_A) == 0


def test_include_loops_splits_groups_into_blocks() -> None:
    """A ring of 6 with a tail of 2 behind a bridge: one block of 6; the whole side-B board
    has a cycle through all 25 cells."""
    nb = NEIGHBOURS["B"]
    ring = [(1, 0), (1, 1), (2, 0), (2, 2), (3, 0), (3, 1)]  # around the empty [2,1]
    cells = frozenset([*ring, (4, 2), (4, 3)])
    assert blocks(cells, nb) == [frozenset(ring)]
    assert cycle_length(frozenset(ring), nb) == 6
    assert river_length(blue(*cells), nb, include_loops=True) >= 6
    whole = frozenset((c, r) for c in range(7) for r in range(4 if c % 2 == 0 else 3))
    assert blocks(whole, nb) == [whole]
    assert cycle_length(whole, nb) == 25


@pytest.mark.parametrize("side", ["A", "B"])
def test_a_player_board_is_laid_out_as_its_mapping_is(side: str) -> None:
    """Scoring reads a player's ``CellMap`` vector by cell number: the side's cells sorted,
    as for any board mapping."""
    stacks = {(0, 0): ("blue",), (0, 1): ("gray", "gray"), (2, 2): ("brown", "red")}
    board_map = CellMap.of(side, (), stacks.items())
    ann = PlayerState("Ann", board_map, CellMap.of(side, ""))
    laid = layout(stacks, NEIGHBOURS[side])
    assert player_layout(ann, NEIGHBOURS[side]) == laid._replace(stacks=board_map.vector)
    assert list(laid.stacks) == list(board_map.vector)
    assert laid.tops == {"blue": 1, "gray": 2, "red": 1 << laid.cells.index((2, 2))}
