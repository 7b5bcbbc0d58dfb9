"""``explain`` and the SVG picture: items add up to the score sheet, worked examples item by
item, well-formed deterministic SVG with legend, coordinates, items and the offending cell."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from pyrsistent import pvector
from typer.testing import CliRunner

from scorer.cli import app
from scorer.core.values import ScoreItem
from scorer.games.harmonies.picture import initials
from scorer.games.harmonies.state import State
from scorer.writing.explain import offending_mark
from tests.conftest import FIXTURES, ROOT, load_fixture, verify
from tests.roles import roles_of

GAME = roles_of("harmonies")

NS = "{http://www.w3.org/2000/svg}"
VALID = sorted((FIXTURES / "harmonies" / "valid").glob("*.json"))
runner = CliRunner()


def assert_adds_up(state: State) -> list[ScoreItem]:
    """The invariant: per player and category, the items' points are the sheet's value."""
    sheet = GAME.referee.score(state)
    items = GAME.pictures.explain(state)
    for line in sheet.players:
        for category in sheet.categories:
            got = sum(i.points for i in items if i.player == line.name and i.category == category)
            assert got == line.categories[category], (line.name, category)
    assert {i.category for i in items} <= set(sheet.categories)
    for item in items:
        assert item.board == item.player and item.rule.startswith("HAR-SCORE-")
        assert item.text and len(set(item.cells)) == len(item.cells)
    return items


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_items_add_up_on_every_valid_fixture(path: Path) -> None:
    assert_adds_up(final(load_fixture(f"harmonies/valid/{path.name}")))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"board_side": "A", "river_metric": "include_loops"},
        {"board_side": "B", "nature_spirits": True},
        {"board_side": "A", "nature_spirits": True},
    ],
    ids=["drawn", "loops", "B-spirits", "A-spirits"],
)
def test_items_add_up_on_simulated_games(players: int, options: dict[str, Any]) -> None:
    for seed in range(6):
        record = GAME.moves.simulate(players, 100 * players + seed, options)
        assert verify(record).ok
        assert_adds_up(final(record))


def final(doc: Any) -> State:
    """The scored state of a record or position document."""
    result = verify(doc)
    assert isinstance(result.state, State), result.findings
    return result.state


def position(
    cells: dict[tuple[int, int], str],
    variant: dict[str, Any],
    cards: list[dict[str, Any]] | None = None,
    spirit: Any = None,
) -> State:
    letters = {"b": "brown", "g": "green", "G": "gray", "Y": "yellow", "B": "blue", "R": "red"}
    board: dict[str, Any] = {
        "cells": [{"cell": list(c), "tokens": [letters[x] for x in s]} for c, s in cells.items()],
        "cards": cards or [],
    }
    if spirit is not None:
        board["spirit"] = spirit
    doc = {
        "format": "scorer-position/1",
        "game": "harmonies",
        "variant": variant,
        "players": [{"name": "Ann", "color": "blue"}],
        "boards": {"Ann": board},
    }
    return final(doc)


def rows(items: list[ScoreItem], category: str | None = None) -> list[tuple[Any, ...]]:
    return [
        (i.category, i.points, i.rule, i.cells)
        for i in items
        if category is None or i.category == category
    ]


def test_sample_position_12_5_item_by_item() -> None:
    """Section 12.5: Ann 16, Ben 29, every item with its cells and rule."""
    items = assert_adds_up(final(load_fixture("harmonies/valid/position-12-5.json")))
    ann = [i for i in items if i.player == "Ann"]
    assert rows(ann) == [
        ("trees", 1, "HAR-SCORE-1", ((2, 1),)),
        ("trees", 3, "HAR-SCORE-1", ((2, 2),)),
        ("mountains", 0, "HAR-SCORE-2", ((0, 2),)),
        ("fields", 0, "HAR-SCORE-3", ((0, 0),)),
        ("fields", 0, "HAR-SCORE-3", ((1, 1),)),
        ("buildings", 5, "HAR-SCORE-4", ((0, 1),)),
        ("water", 0, "HAR-SCORE-5", ((1, 0),)),
        ("animals", 3, "HAR-SCORE-7", ((2, 2),)),
        ("animals", 4, "HAR-SCORE-7", ((0, 2),)),
        ("spirit", 0, "HAR-SCORE-8", ()),
    ]
    texts = [i.text for i in ann]
    assert texts[2] == ("isolated Mountain of height 1 at [0,2] (no neighbouring Mountain)")
    assert texts[5] == (
        "Building (gray, red) at [0,1], neighbours show blue, gray, yellow (3 colours)"
    )
    assert texts[7] == "Koala: 1 of 4 cubes at [2,2] (track 3, 6, 10, 15)"
    assert texts[9] == "Owl's Spirit: cube not placed, the card scores nothing"
    ben = [i for i in items if i.player == "Ben"]
    assert rows(ben) == [
        ("trees", 1, "HAR-SCORE-1", ((1, 0),)),
        ("mountains", 7, "HAR-SCORE-2", ((2, 0),)),
        ("mountains", 3, "HAR-SCORE-2", ((2, 1),)),
        ("fields", 5, "HAR-SCORE-3", ((0, 0), (0, 1))),
        ("water", 0, "HAR-SCORE-5", ((3, 0),)),
        ("animals", 5, "HAR-SCORE-7", ((1, 0),)),
        ("spirit", 4, "HAR-SCORE-8", ((2, 1),)),
        ("spirit", 4, "HAR-SCORE-8", ((2, 0),)),
    ]
    assert ben[1].text == "Mountain of height 3 at [2,0], next to Mountain [2,1]"
    assert ben[7].text == "Ram's Spirit (cube at [2,0]): 1 Mountain of height 3 at [2,0]"


def test_sample_record_11_7_provisional_items() -> None:
    """Section 11.7: Ann 7 (Trees 3 + 1, Koala 3; [3,3] isolated; one blue is no river), Ben 0
    ([0,0] isolated; the Building at [0,1] sees only gray)."""
    items = assert_adds_up(final(load_fixture("harmonies/invalid/sample-11-7-incomplete.json")))
    assert [(i.player, i.category, i.points, i.cells) for i in items] == [
        ("Ann", "trees", 1, ((2, 1),)),
        ("Ann", "trees", 3, ((2, 2),)),
        ("Ann", "mountains", 0, ((3, 3),)),
        ("Ann", "water", 0, ((0, 4),)),
        ("Ann", "animals", 3, ((2, 2),)),
        ("Ann", "spirit", 0, ()),
        ("Ben", "mountains", 0, ((0, 0),)),
        ("Ben", "buildings", 0, ((0, 1),)),
        ("Ben", "spirit", 0, ()),
    ]
    assert items[7].text == (
        "Building (gray, red) at [0,1], neighbours show gray (1 colour, 3 needed)"
    )


def test_e2_landscapes_item_by_item() -> None:
    """E2 (section 14): trees 11, mountains 8, fields 5, buildings 5, water 2."""
    e2 = {
        (0, 0): "bbg",
        (0, 1): "bg",
        (1, 0): "g",
        (0, 2): "bb",
        (2, 0): "GGG",
        (2, 1): "G",
        (4, 4): "GG",
        (1, 2): "Y",
        (1, 3): "Y",
        (3, 3): "Y",
        (4, 1): "Y",
        (3, 1): "GR",
        (3, 0): "B",
        (4, 0): "B",
        (4, 3): "R",
    }
    items = assert_adds_up(position(e2, {"board_side": "A"}))
    assert rows(items) == [
        ("trees", 7, "HAR-SCORE-1", ((0, 0),)),
        ("trees", 3, "HAR-SCORE-1", ((0, 1),)),
        ("trees", 1, "HAR-SCORE-1", ((1, 0),)),
        ("mountains", 7, "HAR-SCORE-2", ((2, 0),)),
        ("mountains", 1, "HAR-SCORE-2", ((2, 1),)),
        ("mountains", 0, "HAR-SCORE-2", ((4, 4),)),
        ("fields", 5, "HAR-SCORE-3", ((1, 2), (1, 3))),
        ("fields", 0, "HAR-SCORE-3", ((3, 3),)),
        ("fields", 0, "HAR-SCORE-3", ((4, 1),)),
        ("buildings", 5, "HAR-SCORE-4", ((3, 1),)),
        ("water", 2, "HAR-SCORE-5", ((3, 0), (4, 0))),
    ]
    assert items[-1].text == "river of 2 blue tokens from [3,0] to [4,0], shortest path [3,0]–[4,0]"


def test_e3_river_names_its_shortest_path() -> None:
    blue = dict.fromkeys([(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 3), (3, 3)], "B")
    (river,) = assert_adds_up(position(blue, {"board_side": "A"}))
    assert (river.points, len(river.cells)) == (15, 6)
    assert {river.cells[0], river.cells[-1]} == {(0, 0), (3, 3)}


def test_e5_loop_with_include_loops() -> None:
    ring = dict.fromkeys([(1, 0), (1, 1), (2, 0), (2, 2), (3, 0), (3, 1)], "B")
    (path,) = assert_adds_up(position(ring, {"board_side": "A"}))
    assert (path.points, len(path.cells)) == (8, 4)
    (loop,) = assert_adds_up(position(ring, {"board_side": "A", "river_metric": "include_loops"}))
    assert (loop.points, sorted(loop.cells)) == (15, sorted(ring))
    assert loop.text.startswith("river loop of 6 blue tokens")


def test_e6_islands_side_b() -> None:
    blue = dict.fromkeys([(3, 0), (3, 1), (3, 2), (0, 1), (1, 0)], "B")
    items = assert_adds_up(position(blue, {"board_side": "B"}))
    assert rows(items) == [
        ("water", 5, "HAR-SCORE-6", ((0, 0),)),
        (
            "water",
            5,
            "HAR-SCORE-6",
            ((0, 2), (0, 3), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (2, 3)),
        ),
        (
            "water",
            5,
            "HAR-SCORE-6",
            tuple((c, r) for c in range(4, 7) for r in range(4 if c % 2 == 0 else 3)),
        ),
    ]


def test_e8_spirit_groups_and_counts() -> None:
    cells = {
        (0, 0): "bR",
        (0, 1): "GR",
        (2, 3): "RR",
        (3, 1): "bR",
        (4, 1): "bR",
        (4, 0): "R",
        (1, 3): "B",
        (0, 4): "B",
        (2, 4): "B",
        (4, 4): "B",
    }
    variant = {"board_side": "A", "nature_spirits": True}
    cat = assert_adds_up(position(cells, variant, spirit={"card": "cat_spirit", "cube": None}))
    assert rows(cat, "spirit") == [("spirit", 0, "HAR-SCORE-8", ())]
    state = position(cells, variant, spirit={"card": "crane_spirit", "cube": None})
    ann = state.players[0]
    placed = state._replace(players=pvector([ann._replace(spirit_cube=(9, 9))]))
    crane = rows(assert_adds_up(placed), "spirit")
    assert crane == [
        ("spirit", 6, "HAR-SCORE-8", ((0, 0), (0, 1))),
        ("spirit", 6, "HAR-SCORE-8", ((3, 1), (4, 1))),
    ]
    tortoise = placed._replace(
        players=pvector([ann._replace(spirit="tortoise_spirit", spirit_cube=(9, 9))])
    )
    (item,) = [i for i in assert_adds_up(tortoise) if i.category == "spirit"]
    assert item.points == 8 and item.cells == ((0, 4), (1, 3), (2, 4), (4, 4))
    assert item.text == (
        "Tortoise's Spirit (cube at [9,9]): 4 blue tokens at [0,4], [1,3], "
        "[2,4], [4,4], 2 points each"
    )


def test_e7_animal_card_items() -> None:
    cards = [{"card": "koala", "cubes": [[2, 2]]}]
    state = position({(2, 2): "bg", (2, 1): "g", (0, 0): "b"}, {"board_side": "A"}, cards)
    (koala,) = rows(assert_adds_up(state), "animals")
    assert koala == ("animals", 3, "HAR-SCORE-7", ((2, 2),))


def parse(svg: str) -> ET.Element:
    assert svg.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    return ET.fromstring(svg.encode())


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == cls]


@pytest.mark.parametrize(
    "name", ["position-12-5.json", "3p-side-b.json", "4p-spirits.json", "solo.json"]
)
def test_svg_is_well_formed_with_legend_coordinates_and_items(name: str) -> None:
    state = final(load_fixture(f"harmonies/valid/{name}"))
    items = GAME.pictures.explain(state)
    svg = GAME.pictures.draw_svg(state, items, None)
    root = parse(svg)
    assert groups(root, "legend") and not groups(root, "mark")
    legend = " ".join(t.text or "" for g in groups(root, "legend") for t in g.iter(f"{NS}text"))
    for word in ("blue token", "trees (HAR-SCORE-1)", "Animal cube", "player Ann"):
        assert word in legend
    coords = [t.text for g in groups(root, "coords") for t in g.iter(f"{NS}text")]
    side = state.side
    assert len(coords) == (23 if side == "A" else 25) * len(state.players)
    assert "0,0" in coords and ("4,4" in coords if side == "A" else "6,3" in coords)
    drawn = groups(root, "score-item")
    with_cells = [i for i in items if i.cells]
    assert len(drawn) == len(items) and len(with_cells) > 5
    for g, item in zip(drawn, items, strict=True):
        assert (g.get("data-player"), g.get("data-category"), g.get("data-rule")) == (
            item.player,
            item.category,
            item.rule,
        )
        title = g.find(f"{NS}title")
        assert title is not None and item.text in (title.text or "")
        shapes = list(g.iter(f"{NS}polygon")) + list(g.iter(f"{NS}line"))
        assert bool(shapes) == bool(item.cells)
    assert len(groups(root, "board")) == len(state.players)


def test_svg_player_colours_and_cube_initials() -> None:
    doc = load_fixture("harmonies/valid/position-12-5.json")
    doc["players"][0]["color"] = "purple"
    state = final(doc)
    svg = GAME.pictures.draw_svg(state, GAME.pictures.explain(state), None)
    assert "#9467bd" in svg and "#1f77b4" in svg  # Ann purple (record), Ben palette seat 2
    assert initials(state.players[0]) == {"koala": "K", "fennec_fox": "F", "owl_spirit": "O"}
    texts = [t.text for t in parse(svg).iter(f"{NS}text")]
    assert "K" in texts and "F" in texts and "R" in texts and "B" in texts


def test_svg_same_input_same_bytes_across_hash_seeds() -> None:
    state = final(load_fixture("harmonies/valid/4p-spirits.json"))
    first = GAME.pictures.draw_svg(state, GAME.pictures.explain(state), None)
    assert first == GAME.pictures.draw_svg(state, GAME.pictures.explain(state), None)
    code = (
        "import sys, orjson; from scorer.referee.pipeline import verify_document; "
        "from scorer.games.harmonies import picture; "
        "r = verify_document(orjson.loads(open(sys.argv[1], 'rb').read()), 'x'); "
        "sys.stdout.write(picture.draw_svg(r.state, picture.explain(r.state), None))"
    )
    path = str(FIXTURES / "harmonies" / "valid" / "4p-spirits.json")
    for seed in ("1", "2"):
        out = subprocess.run(
            [sys.executable, "-c", code, path],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        assert out.stdout == first


@pytest.mark.parametrize(
    ("name", "rule", "cell", "board"),
    [
        ("stack-red-on-two.json", "HAR-STACK-5", (0, 0), "Ben"),
        ("cube-no-habitat.json", "HAR-CUBE-3", None, None),
    ],
)
def test_illegal_fixture_marks_the_offending_cell(
    name: str, rule: str, cell: tuple[int, int] | None, board: str | None
) -> None:
    doc = load_fixture(f"harmonies/invalid/{name}")
    result = verify(doc)
    mark = offending_mark(doc, result)
    assert mark is not None and mark.rule == rule
    if cell is not None:
        assert (mark.cell, mark.board) == (cell, board)
    assert isinstance(result.state, State)
    svg = GAME.pictures.draw_svg(result.state, GAME.pictures.explain(result.state), mark)
    root = parse(svg)
    (ring,) = groups(root, "mark")
    assert ring.get("data-rule") == rule and ring.find(f"{NS}circle") is not None
    assert f"offending cell [{mark.cell[0]},{mark.cell[1]}] ({rule})" in svg


def test_cli_explain_and_show_svg(tmp_path: Path) -> None:
    valid = str(FIXTURES / "harmonies" / "valid" / "position-12-5.json")
    result = runner.invoke(app, ["explain", valid, "--player", "Ben", "--category", "spirit"])
    assert result.exit_code == 0, result.output
    assert (
        "Ram's Spirit (cube at [2,0]): 1 Mountain of height 3 at [2,0]: 4 points "
        "[HAR-SCORE-8]" in result.output
    )
    assert "Ann" not in result.output.split("\n", 1)[1]
    mismatch = str(FIXTURES / "harmonies" / "invalid" / "claim-mismatch.json")
    result = runner.invoke(app, ["explain", mismatch])
    assert result.exit_code == 1 and "Claimed vs computed:" in result.output
    record = str(FIXTURES / "harmonies" / "valid" / "2p-side-a.json")
    out = tmp_path / "board.svg"
    result = runner.invoke(app, ["show", record, "--svg", str(out)])
    assert result.exit_code == 0, result.output
    assert groups(parse(out.read_text(encoding="utf-8")), "score-item")
    out2 = tmp_path / "early.svg"
    assert runner.invoke(app, ["show", record, "--at", "5", "--svg", str(out2)]).exit_code == 0
    assert out2.read_text(encoding="utf-8") != out.read_text(encoding="utf-8")
    illegal = str(FIXTURES / "harmonies" / "invalid" / "stack-red-on-two.json")
    out3 = tmp_path / "illegal.svg"
    result = runner.invoke(app, ["show", illegal, "--svg", str(out3)])
    assert result.exit_code == 1
    assert groups(parse(out3.read_text(encoding="utf-8")), "mark")


@pytest.mark.parametrize(
    "name", ["3p-side-b.json", "solo-side-b.json", "4p-side-b-spirits-limited-cubes.json"]
)
def test_side_b_island_lines_list_their_cells_once(name: str) -> None:
    """The island line names every cell of the island exactly once (it used to print a cut
    list in the text and a second, differently cut list after it)."""
    result = runner.invoke(
        app, ["explain", str(FIXTURES / "harmonies/valid" / name), "--category", "water"]
    )
    assert result.exit_code == 0, result.output
    state = verify(load_fixture(f"harmonies/valid/{name}")).state
    islands = {(i.player, i.cells) for i in GAME.pictures.explain(state) if i.rule == "HAR-SCORE-6"}
    lines = [line for line in result.output.splitlines() if "[HAR-SCORE-6]" in line]
    assert islands and len(lines) == len(islands)
    for line in lines:
        named = re.findall(r"\[(-?\d+),(-?\d+)\]", line)
        assert len(named) == len(set(named)) and " more" not in line, line
        size = int(re.search(r"island of (\d+) ", line).group(1))  # type: ignore[union-attr]
        assert len(named) == size
