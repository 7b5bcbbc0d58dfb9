"""`scorer explain` and `scorer show --svg` for Hacienda: items add up to the sheet, pictures."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.core.values import ScoreItem, ScoreSheet, VerifyResult
from scorer.games.hacienda.scoring import evaluate
from scorer.games.hacienda.state import Scorings, with_game
from scorer.writing.explain import offending_mark, render_explanation
from tests.conftest import FIXTURES, assert_ok, load_fixture, verify
from tests.hacienda.test_examples_score import E9_FIRST
from tests.roles import replay_game, roles_of

GAME = roles_of("hacienda")


NS = "{http://www.w3.org/2000/svg}"
VALID = sorted((FIXTURES / "hacienda" / "valid").glob("*.json"))
DEMO = FIXTURES / "hacienda" / "valid" / "2p-demo-standard.json"
ILLEGAL = FIXTURES / "hacienda" / "invalid" / "animal-3-not-adjacent.json"


def _check_invariant(sheet: ScoreSheet, items: Sequence[ScoreItem]) -> None:
    """For every player and category the items' points are the sheet's value."""
    for line in sheet.players:
        for cat in sheet.categories:
            got = sum(i.points for i in items if i.player == line.name and i.category == cat)
            assert got == line.categories[cat], (line.name, cat, got, line.categories[cat])
    names = {line.name for line in sheet.players}
    assert all(i.player in names and i.category in sheet.categories for i in items)
    assert all(i.rule.startswith("HAC-SCORE-") and i.board is None for i in items)


def _verified(doc: Any) -> VerifyResult:
    result = verify(doc)
    assert result.scores is not None and result.state is not None
    return result


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_invariant_on_every_valid_fixture(path: Path) -> None:
    result = _verified(load_fixture(f"hacienda/valid/{path.name}"))
    assert result.scores is not None
    _check_invariant(result.scores, GAME.pictures.explain(result.state))


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, {}),
        (3, 2, {"map": "haz-bait"}),
        (4, 3, {"variant1": True}),
        (5, 4, {"variant2": True}),
        (3, 5, {"water_scoring": "per_piece", "herd_points": True}),
        (2, 6, {"map": "haz-twofer", "variant1": True, "variant2": True}),
    ],
)
def test_invariant_on_simulated_games(players: int, seed: int, options: dict[str, Any]) -> None:
    result = _verified(GAME.moves.simulate(players, seed, options))
    assert_ok(result)
    assert result.scores is not None
    items = GAME.pictures.explain(result.state)
    _check_invariant(result.scores, items)
    stages = dict(result.scores.stages)
    if "intermediate" in stages:  # the intermediate items add up to the intermediate event
        for line in stages["intermediate"].players:
            got = sum(
                i.points
                for i in items
                if i.player == line.name and i.text.startswith("intermediate")
            )
            assert got == line.total


def test_invariant_after_every_move_of_a_record() -> None:
    """Provisional scoring before, at and after the intermediate scoring (show --at N)."""

    doc = load_fixture("hacienda/valid/2p-demo-standard.json")
    for n in range(0, len(doc["moves"]) + 1, 3):
        state = replay_game(GAME, doc, upto=n).state
        _check_invariant(GAME.referee.score(state), GAME.pictures.explain(state))


def test_intermediate_without_its_board_gives_summary_items() -> None:
    """A state that has intermediate points but not the board they came from (§12 E13)."""
    before = GAME.positions.load_position(E9_FIRST).state
    final = copy.deepcopy(E9_FIRST)
    final["land"]["Ann"].insert(4, [4, 0])
    final["money"] = {"Ann": 15, "Bob": 20}
    after = GAME.positions.load_position(final).state
    assert before is not None and after is not None
    scorings = Scorings(inter=2, final=2, inter_scores=evaluate(before))
    state = with_game(after, track=None)._replace(scorings=scorings)
    items = GAME.pictures.explain(state)
    _check_invariant(GAME.referee.score(state), items)
    bob = [(i.points, i.text) for i in items if i.player == "Bob" and i.category == "haciendas"]
    assert bob == [
        (2, "intermediate scoring: haciendas (board not kept)"),
        (
            2,
            "final scoring: hacienda at [4,2] on sheep herd of 2 tiles at [4,2]…[5,2] (1 per tile)",
        ),
    ]


def test_e9_worked_example_items() -> None:
    """§12 E9: Ann 3 + 8 + 4 + 4 + 2 = 21, Bob 1 + 8 + 2 + 3 + 3 = 17, item by item."""
    result = _verified(E9_FIRST)
    items = GAME.pictures.explain(result.state)
    got = [(i.player, i.category, i.points, i.rule, i.cells) for i in items]
    assert got == [
        ("Ann", "markets", 1, "HAC-SCORE-1", ((1, 1), (2, 1), (1, 2), (2, 2))),
        ("Ann", "markets", 2, "HAC-SCORE-1", ((1, 1), (2, 1), (2, 2), (3, 2))),
        ("Ann", "land_chains", 8, "HAC-SCORE-2", ((0, 0), (1, 0), (2, 0), (3, 0))),
        ("Ann", "land_chains", 0, "HAC-SCORE-2", ((0, 4),)),
        ("Ann", "haciendas", 4, "HAC-SCORE-3", ((0, 0), (1, 0), (2, 0), (3, 0))),
        ("Ann", "water", 4, "HAC-SCORE-4", ((3, 0), (2, 1), (2, 2), (0, 4))),
        ("Ann", "money", 2, "HAC-SCORE-5", ()),
        ("Bob", "markets", 1, "HAC-SCORE-1", ((3, 2), (4, 2), (5, 2))),
        ("Bob", "land_chains", 8, "HAC-SCORE-2", ((5, 1), (6, 1), (6, 2), (6, 3))),
        ("Bob", "haciendas", 2, "HAC-SCORE-3", ((4, 2), (5, 2))),
        ("Bob", "water", 3, "HAC-SCORE-4", ((5, 1), (4, 2), (5, 2))),
        ("Bob", "money", 3, "HAC-SCORE-5", ()),
    ]
    texts = [i.text for i in items]
    assert texts[0] == (
        "market M1 at [1,2] reached by cattle herd of 3 tiles at [1,1]…[2,2] "
        "(1st of 2 markets connected, which score 1 + 2 = 3)"
    )
    assert texts[2] == "land chain of 4 tiles at [0,0]…[3,0] (2 per tile)"
    assert texts[3] == "land chain of 1 tile at [0,4] (fewer than 3 tiles score nothing)"
    assert texts[4] == "hacienda at [0,0] on land chain of 4 tiles at [0,0]…[3,0] (1 per tile)"
    assert texts[5] == "4 tiles next to water (1 per tile)"
    assert texts[6] == "27 pesos, 1 point per 10 (rounded down)"
    assert texts[7] == (
        "market M2 at [3,2] reached by sheep herd of 2 tiles at [4,2]…[5,2] "
        "(the only market connected, 1 point)"
    )


def test_e9_per_piece_and_variant1_items() -> None:
    """§12 E9: per_piece water (Ann 5, Bob 4) and variant 1's herd of 3 (HAC-SCORE-6)."""
    doc = copy.deepcopy(E9_FIRST)
    doc["variant"] = {"water_scoring": "per_piece"}
    items = GAME.pictures.explain(_verified(doc).state)
    water = [(i.player, i.points, i.text) for i in items if i.category == "water"]
    assert water == [
        ("Ann", 5, "4 tiles next to water (5 contacts, 1 per water piece touched)"),
        ("Bob", 4, "3 tiles next to water (4 contacts, 1 per water piece touched)"),
    ]
    doc["variant"] = {"variant1": True}
    items = GAME.pictures.explain(_verified(doc).state)
    herds = [(i.player, i.points, i.cells) for i in items if i.category == "herds"]
    assert herds == [("Ann", 3, ((1, 1), (2, 1), (2, 2))), ("Bob", 0, ((4, 2), (5, 2)))]


def test_explanation_text_of_a_position_with_track() -> None:
    """§12 E14: the categories are the event's; the track adds to the total only."""
    result = _verified(load_fixture("hacienda/valid/position-e14.json"))
    assert result.scores is not None
    items = GAME.pictures.explain(result.state)
    _check_invariant(result.scores, items)
    text = render_explanation(result.scores, items, result.findings, "Ann", "land_chains")
    assert text.splitlines() == [
        "Ann: 45 points",
        "  land_chains: 10",
        "    land chain of 5 tiles at [0,0]…[4,0] (2 per tile): 10 points [HAC-SCORE-2] — "
        "cells [0,0], [1,0], [2,0], [3,0], [4,0]",
        "    land chain of 1 tile at [0,4] (fewer than 3 tiles score nothing): 0 points "
        "[HAC-SCORE-2]",
    ]  # the text names its only cell: no "— cells" suffix


def _svg(doc: Any) -> tuple[str, list[ScoreItem]]:
    result = _verified(doc)
    items = GAME.pictures.explain(result.state)
    return GAME.pictures.draw_svg(result.state, items, offending_mark(doc, result)), items


@pytest.mark.parametrize("name", ["2p-demo-standard", "3p-bait-variant1", "position-e14"])
def test_svg_is_well_formed_with_legend_coordinates_and_items(name: str) -> None:
    doc = load_fixture(f"hacienda/valid/{name}.json")
    picture, items = _svg(doc)
    root = ET.fromstring(picture.encode())
    assert root.tag == f"{NS}svg"
    assert root.findall(f".//{NS}g[@class='legend']")
    texts = [t.text or "" for t in root.iter(f"{NS}text")]
    assert "0,0" in texts and "M1" in texts
    assert any(t.startswith("Ann: ") for t in texts)
    groups = root.findall(f".//{NS}g[@class='score-item']")
    assert len(groups) == len(items)
    keys = sorted(
        (
            g.get("data-player"),
            g.get("data-category"),
            g.get("data-rule"),
            len(g.findall(f"{NS}polygon[@fill='none'][@stroke-width]")),
        )
        for g in groups
    )
    rings = [
        len(i.cells) * (2 if i.points and not i.text.startswith("intermediate") else 1)
        for i in items
    ]
    pairs = zip(items, rings, strict=True)
    assert keys == sorted((i.player, i.category, i.rule, n) for i, n in pairs)
    assert all(len(i.cells) > 0 or i.category == "money" for i in items)
    assert all(g.find(f"{NS}title") is not None for g in groups)
    assert not root.findall(f".//{NS}g[@class='mark']")
    assert picture == _svg(load_fixture(f"hacienda/valid/{name}.json"))[0]


def test_svg_player_colours_come_from_the_record() -> None:
    picture, _ = _svg(load_fixture("hacienda/valid/position-e14.json"))
    assert 'fill="#d62728"' in picture and 'fill="#1f77b4"' in picture  # red, blue


def test_svg_marks_the_offending_cell_of_an_illegal_record() -> None:
    doc = load_fixture("hacienda/invalid/animal-3-not-adjacent.json")
    result = verify(doc)
    mark = offending_mark(doc, result)
    assert mark is not None and mark.cell == (4, 4) and mark.rule == "HAC-ANIMAL-3"
    assert result.state is not None
    picture = GAME.pictures.draw_svg(result.state, GAME.pictures.explain(result.state), mark)
    root = ET.fromstring(picture.encode())
    marks = root.findall(f".//{NS}g[@class='mark']")
    assert len(marks) == 1 and marks[0].get("data-rule") == "HAC-ANIMAL-3"
    assert marks[0].find(f"{NS}circle") is not None


def test_svg_marks_a_cell_off_the_map() -> None:
    """HAC-REC-2 names a coordinate outside the map: the picture grows to show it."""
    doc = load_fixture("hacienda/invalid/rec-2-off-the-map.json")
    result = verify(doc)
    mark = offending_mark(doc, result)
    assert mark is not None and result.state is not None
    picture = GAME.pictures.draw_svg(result.state, GAME.pictures.explain(result.state), mark)
    assert ET.fromstring(picture.encode()).findall(f".//{NS}g[@class='mark']")


def test_cli_explain_and_show_svg(tmp_path: Path) -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["explain", str(DEMO), "--player", "Ann"])
    assert out.exit_code == 0, out.output
    assert "intermediate scoring (after move 18): land chain of 4 tiles" in out.output
    assert "final scoring: market M1 at [1,2]" in out.output
    assert "Bob:" not in out.output
    out = runner.invoke(app, ["explain", str(DEMO), "--category", "water"])
    assert out.exit_code == 0 and "next to water" in out.output and "markets:" not in out.output
    claim = FIXTURES / "hacienda" / "invalid" / "claim-final.json"
    out = runner.invoke(app, ["explain", str(claim)])
    assert out.exit_code == runner.invoke(app, ["verify", str(claim)]).exit_code == 1
    assert "Claimed vs computed:" in out.output
    target = tmp_path / "board.svg"
    out = runner.invoke(app, ["show", str(DEMO), "--at", "20", "--svg", str(target)])
    assert out.exit_code == 0, out.output
    ET.fromstring(target.read_bytes())
    target2 = tmp_path / "bad.svg"
    out = runner.invoke(app, ["show", str(ILLEGAL), "--svg", str(target2)])
    assert out.exit_code == 1
    assert ET.fromstring(target2.read_bytes()).findall(f".//{NS}g[@class='mark']")
