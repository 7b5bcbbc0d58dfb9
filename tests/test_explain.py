"""`explain` and `show --svg` for every game: items add up to the score sheet; pictures are
well-formed, deterministic SVG with the scoring groups, a legend and the offending cell marked."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.referee.pipeline import verify_file
from scorer.registry import game_names
from tests.conftest import FIXTURES
from tests.roles import roles_of

runner = CliRunner()
SVG = "{http://www.w3.org/2000/svg}"


def _valid(game: str) -> list[Path]:
    return sorted((FIXTURES / game / "valid").glob("*.json"))


VALID = [str(p.relative_to(FIXTURES)) for g in game_names() for p in _valid(g)]


@pytest.mark.parametrize("path", VALID)
def test_items_add_up_to_every_category(path: str) -> None:
    result = verify_file(str(FIXTURES / path))
    assert result.scores is not None and result.game is not None
    items = roles_of(result.game).pictures.explain(result.state)
    sums: Counter[tuple[str, str]] = Counter()
    for item in items:
        assert item.category in result.scores.categories, item
        sums[(item.player, item.category)] += item.points
    for line in result.scores.players:
        for cat, value in line.categories.items():
            assert sums[(line.name, cat)] == value, (line.name, cat)


@pytest.mark.parametrize("game", game_names())
def test_svg_is_well_formed_with_groups_and_deterministic(game: str, tmp_path: Path) -> None:
    path = str(_valid(game)[0])
    out_a, out_b = tmp_path / "a.svg", tmp_path / "b.svg"
    assert runner.invoke(app, ["show", path, "--svg", str(out_a)]).exit_code == 0
    assert runner.invoke(app, ["show", path, "--svg", str(out_b)]).exit_code == 0
    assert out_a.read_bytes() == out_b.read_bytes()
    root = ET.fromstring(out_a.read_bytes())
    assert root.tag == f"{SVG}svg"
    groups = [g.get("class") for g in root.iter(f"{SVG}g")]
    assert "legend" in groups and "score-item" in groups


@pytest.mark.parametrize("game", game_names())
def test_show_draws_positions_too(game: str, tmp_path: Path) -> None:
    positions = [p for p in _valid(game) if '"scorer-position/1"' in p.read_text()]
    if not positions:
        pytest.skip(f"no valid {game} position fixture")
    out = tmp_path / "p.svg"
    result = runner.invoke(app, ["show", str(positions[0]), "--svg", str(out)])
    assert result.exit_code == 0, result.output
    assert ET.fromstring(out.read_bytes()).tag == f"{SVG}svg"
    assert runner.invoke(app, ["show", str(positions[0]), "--at", "3"]).exit_code == 2


@pytest.mark.parametrize("game", game_names())
def test_explain_command_lists_items(game: str) -> None:
    result = runner.invoke(app, ["explain", str(_valid(game)[0])])
    assert result.exit_code == 0, result.output
    assert re.search(r" points? \[[A-Z]{3}-", result.output)


def test_explain_unknown_player_or_category_is_a_usage_error() -> None:
    path = str(_valid(game_names()[0])[0])
    assert runner.invoke(app, ["explain", path, "--player", "Nobody"]).exit_code == 2
    assert runner.invoke(app, ["explain", path, "--category", "nothing"]).exit_code == 2


def test_explain_shows_claim_differences() -> None:
    path = FIXTURES / "harmonies" / "invalid" / "claim-mismatch.json"
    result = runner.invoke(app, ["explain", str(path)])
    assert result.exit_code == 1
    assert "Claimed vs computed:" in result.output and "difference" in result.output


def test_illegal_move_marks_the_offending_cell(tmp_path: Path) -> None:
    path = FIXTURES / "harmonies" / "invalid" / "stack-red-on-two.json"
    out = tmp_path / "mark.svg"
    result = runner.invoke(app, ["show", str(path), "--svg", str(out)])
    assert result.exit_code == 1
    root = ET.fromstring(out.read_bytes())
    assert "mark" in [g.get("class") for g in root.iter(f"{SVG}g")]
