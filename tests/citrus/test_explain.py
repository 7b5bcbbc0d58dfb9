"""`explain` and the SVG picture of Citrus: items add up to every category of the score sheet
(fixtures and simulated games), worked examples give their exact items, pictures are
well-formed, deterministic and show the score items, the legend and the offending cell."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.core.values import ScoreItem, VerifyResult
from scorer.games.citrus.ledger import FincaScoring, Harvest, Returned
from scorer.games.citrus.state import State
from scorer.referee.pipeline import verify_file
from scorer.writing.explain import offending_mark
from tests.citrus.helpers import market, position, reg, start, turn
from tests.conftest import FIXTURES, load_fixture, verify
from tests.roles import roles_of

GAME = roles_of("citrus")


SVG = "{http://www.w3.org/2000/svg}"
VALID = sorted((FIXTURES / "citrus" / "valid").glob("*.json"))
runner = CliRunner()
ZERO = {"score": 0, "breakdown": {"harvest": 0, "finca": 0, "penalties": 0}}


def assert_adds_up(result: VerifyResult) -> list[ScoreItem]:
    assert result.scores is not None and result.state is not None
    items = GAME.pictures.explain(result.state)
    sums: Counter[tuple[str, str]] = Counter()
    for item in items:
        assert item.category in result.scores.categories and item.rule in GAME.catalogue.RULE_IDS
        sums[(item.player, item.category)] += item.points
    for line in result.scores.players:
        for cat, value in line.categories.items():
            assert sums[(line.name, cat)] == value, (line.name, cat)
    return items


@pytest.mark.parametrize("path", VALID, ids=[p.name for p in VALID])
def test_items_add_up_on_every_valid_fixture(path: Path) -> None:
    result = verify_file(str(path))
    items = assert_adds_up(result)
    if result.kind == "record":  # every in-play point is itemised from the ledger
        assert not [i for i in items if "not itemised" in i.text]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_items_add_up_on_simulated_games(players: int) -> None:
    for seed in range(3):
        for options in ({}, {"purchase_mistakes": "penalize", "wild_horses_immediate": True}):
            result = verify(GAME.moves.simulate(players, seed, options))
            items = assert_adds_up(result)
            assert not [i for i in items if "not itemised" in i.text]
            svg = GAME.pictures.draw_svg(result.state, items, None)
            assert ET.fromstring(svg.encode()).tag == f"{SVG}svg"


def _rows(items: list[ScoreItem]) -> list[tuple[str, str, int, str]]:
    return [(i.player, i.category, i.points, i.rule) for i in items]


def test_e9_final_scoring_items() -> None:
    """Spec E9 / 17.4: the position's end-of-game items and their cells."""
    result = verify_file(str(FIXTURES / "citrus" / "valid" / "position-17-1.json"))
    items = assert_adds_up(result)
    assert sorted(_rows(items)) == sorted(
        [
            ("Ann", "finca_final", 3, "CIT-END-1"),
            ("Ann", "finca_final", 4, "CIT-END-1"),
            ("Bob", "finca_final", 4, "CIT-END-1"),
            ("Ann", "harvest_final", 5, "CIT-END-1"),
            ("Ann", "harvest_final", 3, "CIT-END-1"),
            ("Bob", "harvest_final", 4, "CIT-END-1"),
            ("Cara", "harvest_final", 4, "CIT-END-1"),
            ("Ann", "horses", 3, "CIT-LAND-1"),
            ("Bob", "horses", 1, "CIT-LAND-1"),
            ("Bob", "unused_actions", 1, "CIT-ACT-1"),
            ("Cara", "unused_actions", 1, "CIT-ACT-1"),
        ]
    )
    finca_b = [i for i in items if i.category == "finca_final" and "finca B" in i.text]
    assert [i.player for i in finca_b] == ["Ann", "Bob"]
    assert "Ann 4, Bob 4, Cara 2" in finca_b[0].text
    assert finca_b[0].cells == ((4, 2), (2, 0), (3, 0), (4, 0), (4, 1))
    lemon = next(i for i in items if i.category == "harvest_final" and "lemon" in i.text)
    assert "4 tiles + 1 well" in lemon.text and lemon.cells == ((2, 0), (3, 0), (4, 0), (4, 1))


def _e1_state() -> State:
    pos = position(
        "demo-1",
        [
            reg("Ann", "lime", [[2, 1], [2, 0]]),
            reg("Ann", "orange", [[3, 2], [4, 2], [4, 3]]),
            reg("Bob", "lemon", [[2, 3], [2, 4], [3, 4], [2, 5]]),
            reg("Cara", "grapefruit", [[1, 2], [0, 2], [1, 3]]),
        ],
        [{"site": "A", "first": 8, "second": 4}],
        to_move="Bob",
        market=market(f1="lemon"),
        states=dict.fromkeys(("Ann", "Bob", "Cara"), ZERO),
    )
    return turn(
        start(pos), [{"do": "buy", "line": "r1"}, {"do": "place", "tile": "lemon", "at": [3, 3]}]
    )


def test_e1_finca_scored_in_play_is_itemised_from_the_ledger() -> None:
    """Spec E1: finca A complete, Ann 5 and Bob 5 tie for first (8 each), Cara 3 gets nothing."""
    state = _e1_state()
    (entry,) = [e for e in state.scored if isinstance(e, FincaScoring)]
    assert (entry.site, entry.adj, entry.points) == ("A", (5, 5, 3), (8, 8, 0))
    finca = [i for i in GAME.pictures.explain(state) if i.category == "finca"]
    assert _rows(finca) == [("Ann", "finca", 8, "CIT-FINCA-2"), ("Bob", "finca", 8, "CIT-FINCA-2")]
    assert (
        "finca A at [2,2] (8/4) complete, adjacent regions Ann 5, Bob 5, Cara 3" in finca[0].text
        and "1st place (shared)" in finca[0].text
    )
    assert finca[1].cells == ((2, 2), (2, 3), (2, 4), (2, 5), (3, 3), (3, 4))


def test_in_play_points_keep_the_state_of_their_turn() -> None:
    """After E1, Cara harvests her grapefruit region: the finca item still shows the shares
    the finca was scored with, and the harvest is an item of its own."""
    state = turn(_e1_state(), [{"do": "harvest", "at": [1, 2]}])
    items = GAME.pictures.explain(state)
    assert all("Ann 5, Bob 5, Cara 3" in i.text for i in items if i.category == "finca")
    assert _rows([i for i in items if i.category == "harvest"]) == [
        ("Cara", "harvest", 3, "CIT-HARV-2")
    ]
    assert any(
        i.text == "move 2: harvested grapefruit region at [0,2]: 3 tiles"
        and i.cells == ((0, 2), (1, 2), (1, 3))
        for i in items
    )


def test_e3_harvest_items_and_e7_return_penalty() -> None:
    """Spec E3: orange 4 tiles + 1 well (5) and lime 2 (2); spec E7: a return costs 3."""
    e3 = start(
        position(
            "demo-2",
            [
                reg("Ann", "orange", [[2, 2], [2, 1], [2, 0], [3, 0]], [[2, 0]]),
                reg("Ann", "lime", [[1, 1], [0, 1]]),
                reg("Ann", "lemon", [[4, 1]]),
            ],
            [{"site": "A", "first": 6, "second": 3}, {"site": "B", "first": 8, "second": 4}],
            states={"Ann": {**ZERO, "money": 9}, "Bob": ZERO, "Cara": ZERO},
        )
    )
    after = turn(e3, [{"do": "harvest", "at": [2, 2]}, {"do": "harvest", "at": [1, 1]}])
    assert [e for e in after.scored if isinstance(e, Harvest)] == [
        Harvest(0, 0, "orange", ((2, 0), (2, 1), (2, 2), (3, 0)), 1),
        Harvest(0, 0, "lime", ((0, 1), (1, 1)), 0),
    ]
    harvest = [i for i in GAME.pictures.explain(after) if i.category == "harvest"]
    assert _rows(harvest) == [
        ("Ann", "harvest", 5, "CIT-HARV-2"),
        ("Ann", "harvest", 2, "CIT-HARV-2"),
    ]
    assert harvest[0].text == "move 1: harvested orange region at [2,0]: 4 tiles + 1 well"

    e7 = start(
        position(
            "demo-2",
            [],
            [{"site": "A", "first": 6, "second": 3}, {"site": "B", "first": 8, "second": 4}],
            players=("Ann", "Bob"),
            variant={"purchase_mistakes": "penalize"},
            market=market(
                f1="grapefruit",
                f2="lime*",
                f3="orange",
                f4="lime",
                f6="lemon",
                f7="orange*",
                f8="lemon",
                f10="grapefruit*",
                f11="lime",
            ),
            states={"Ann": {**ZERO, "money": 2}, "Bob": ZERO},
        )
    )
    after = turn(
        e7,
        [
            {"do": "buy", "line": "r2", "tiles": ["orange", "lime", "lemon"]},
            {"do": "place", "tile": "orange", "at": [1, 1], "new_region": True},
            {"do": "place", "tile": "lime", "at": [2, 2], "new_region": True},
            {"do": "return", "tile": "lemon"},
        ],
    )
    assert [e for e in after.scored if isinstance(e, Returned)] == [Returned(0, 3, 0, "lemon")]
    (pen,) = [i for i in GAME.pictures.explain(after) if i.category == "penalties"]
    assert (pen.player, pen.points, pen.rule, pen.cells) == ("Ann", -3, "CIT-RET-1", ())


def test_position_breakdown_is_one_item_not_itemised() -> None:
    doc: dict[str, Any] = load_fixture("citrus/valid/position-17-1.json")
    doc["player_state"]["Ann"]["breakdown"] = {"harvest": 20, "finca": 12, "penalties": -2}
    result = GAME.positions.load_position(doc)
    assert result.state is not None
    items = [
        i
        for i in GAME.pictures.explain(result.state)
        if i.player == "Ann" and i.category in ("harvest", "finca", "penalties")
    ]
    assert [(i.category, i.points) for i in items] == [
        ("harvest", 20),
        ("finca", 12),
        ("penalties", -2),
    ]
    assert all("not itemised" in i.text and not i.cells for i in items)


def _svg_root(text: str) -> ET.Element:
    return ET.fromstring(text.encode())


def test_svg_has_legend_coordinates_items_and_is_deterministic() -> None:
    result = verify_file(str(FIXTURES / "citrus" / "valid" / "sim-4p.json"))
    items = GAME.pictures.explain(result.state)
    svg = GAME.pictures.draw_svg(result.state, items, None)
    assert svg == GAME.pictures.draw_svg(
        verify_file(str(FIXTURES / "citrus" / "valid" / "sim-4p.json")).state, items, None
    )
    root = _svg_root(svg)
    classes = Counter(g.get("class") for g in root.iter(f"{SVG}g"))
    assert classes["legend"] == 1 and classes["coordinates"] == 1 and classes["mark"] == 0
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "score-item"]
    with_cells = [i for i in items if i.cells]
    assert len(groups) == len(with_cells)
    for group, item in zip(groups, with_cells, strict=True):
        assert group.get("data-player") == item.player
        assert group.get("data-category") == item.category
        assert group.get("data-rule") == item.rule
        title = group.find(f"{SVG}title")
        assert title is not None and item.text in (title.text or "")
        assert len(group.findall(f"{SVG}rect")) == len(set(item.cells))
    legend = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "legend")
    labels = [t.text or "" for t in legend.iter(f"{SVG}text")]
    assert "lemon (Le)" in labels and any(label.startswith("Ann") for label in labels)
    coords = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "coordinates")
    assert [t.text for t in coords.iter(f"{SVG}text")][:3] == ["0", "1", "2"]


def test_svg_uses_the_record_colours() -> None:
    rec = GAME.moves.simulate(2, 1, {})
    rec["players"][0]["color"] = "purple"
    result = verify(rec)
    svg = GAME.pictures.draw_svg(result.state, GAME.pictures.explain(result.state), None)
    assert "#9467bd" in svg


@pytest.mark.parametrize("name", ["build-rock", "build-off-board", "build-occupied"])
def test_illegal_move_marks_the_offending_cell(name: str, tmp_path: Path) -> None:
    path = FIXTURES / "citrus" / "invalid" / f"{name}.json"
    doc = load_fixture(f"citrus/invalid/{name}.json")
    result = verify_file(str(path))
    mark = offending_mark(doc, result)
    assert mark is not None and result.state is not None
    root = _svg_root(
        GAME.pictures.draw_svg(result.state, GAME.pictures.explain(result.state), mark)
    )
    marks = [g for g in root.iter(f"{SVG}g") if g.get("class") == "mark"]
    assert len(marks) == 1 and marks[0].find(f"{SVG}circle") is not None
    out = tmp_path / "mark.svg"
    cli = runner.invoke(app, ["show", str(path), "--svg", str(out)])
    assert cli.exit_code == 1
    assert 'class="mark"' in out.read_text(encoding="utf-8")


def test_cli_explain_and_show_svg(tmp_path: Path) -> None:
    path = str(FIXTURES / "citrus" / "valid" / "sim-3p.json")
    result = runner.invoke(app, ["explain", path])
    assert result.exit_code == 0, result.output
    assert "harvested" in result.output and "[CIT-FINCA-2]" in result.output
    only = runner.invoke(app, ["explain", path, "--player", "Bob", "--category", "finca"])
    assert only.exit_code == 0 and "Ann:" not in only.output and "finca" in only.output
    a, b = tmp_path / "a.svg", tmp_path / "b.svg"
    assert runner.invoke(app, ["show", path, "--svg", str(a)]).exit_code == 0
    assert runner.invoke(app, ["show", path, "--svg", str(b), "--at", "5"]).exit_code == 0
    assert _svg_root(a.read_text(encoding="utf-8")).tag == f"{SVG}svg"
    assert "after move 5" in b.read_text(encoding="utf-8")
    claims = runner.invoke(
        app, ["explain", str(FIXTURES / "citrus" / "invalid" / "claims-mismatch.json")]
    )
    assert claims.exit_code == 1 and "Claimed vs computed:" in claims.output
