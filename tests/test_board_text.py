"""``scorer show`` fits the terminal (issue 25 §4): every valid fixture's board and legends at
80 columns; a coloured legend wrapped by its visible letters; a board wider than the terminal
cut into parts in which every piece of every row is whole somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.registry import game_names
from scorer.writing.boardtext import ROW, fit_board, visible
from tests.conftest import FIXTURES

runner = CliRunner()
VALID = [p for g in game_names() for p in sorted((FIXTURES / g / "valid").glob("*.json"))]
WIDE = FIXTURES / "hacienda" / "valid" / "2p-ginger-chew-decks.json"


def show(path: Path, columns: int | None) -> str:
    env = {"COLUMNS": str(columns)} if columns else {}
    result = runner.invoke(app, ["show", "--no-color", str(path)], env=env)
    assert result.exit_code in (0, 1), result.output
    return result.stdout


@pytest.mark.parametrize("path", VALID, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_show_fits_80_columns(path: Path) -> None:
    too_wide = [line for line in show(path, 80).splitlines() if len(line) > 80]
    assert not too_wide, "\n".join(too_wide)


def _pieces(rows: list[str]) -> dict[str, list[str]]:
    """Row number → the pieces of that row, left to right."""
    out: dict[str, list[str]] = {}
    for row in rows:
        match = ROW.match(row)
        if match and ": " not in row:
            out.setdefault(match.group().strip(), []).extend(re.findall(r"\S+", row[match.end() :]))
    return out


def test_a_wide_board_in_parts_keeps_every_piece_whole() -> None:
    whole = show(WIDE, None).splitlines()
    assert max(len(line) for line in whole) > 80  # the case: a board wider than 80
    parts = show(WIDE, 80).splitlines()
    assert sum(line.startswith("  (board, part") for line in parts) >= 2
    before, after = _pieces(whole), _pieces(parts)
    for row, pieces in before.items():
        for piece in set(pieces):
            assert after[row].count(piece) >= pieces.count(piece), (row, piece)


def test_a_coloured_legend_is_wrapped_by_its_visible_letters() -> None:
    legend = "Tokens: " + "  ".join(f"\x1b[34m{c}\x1b[0m token {c}" for c in "WMTLYRWMTLYR")
    fitted = fit_board(legend, 40).split("\n")
    assert len(fitted) > 1 and all(len(visible(line)) <= 40 for line in fitted)
    assert visible(" ".join(fitted)).split() == visible(legend).split()  # no word lost
    assert sum(line.count("\x1b[34m") for line in fitted) == 12  # colours kept


def test_a_pipe_gets_the_board_as_it_is() -> None:
    text = "   0  a   b\n   1    c   d\nkey: a long legend line " + "x " * 60
    assert fit_board(text, None) == text
