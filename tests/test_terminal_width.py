"""Text output fits the terminal (issue 25 §4): ``scorer score`` of every valid fixture at 80
columns, the wide table where it fits, ``verify``'s closing count line (batch's own), and
the tie-break said only where players tied for the place the text names."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from scorer.cli import app
from scorer.core.values import PlayerScore, ScoreSheet
from scorer.registry import game_names
from scorer.writing.sheet import ranking_text, render_sheet
from scorer.writing.verdict import verdict
from tests.conftest import FIXTURES

runner = CliRunner()
VALID = [p for g in game_names() for p in sorted((FIXTURES / g / "valid").glob("*.json"))]


def score(path: Path, columns: int, *more: str) -> str:
    result = runner.invoke(
        app, ["score", "--no-color", *more, str(path)], env={"COLUMNS": str(columns)}
    )
    assert result.exit_code in (0, 1), result.output
    return result.stdout


@pytest.mark.parametrize("path", VALID, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_score_fits_80_columns(path: Path) -> None:
    text = score(path, 80)
    assert "Ranking" in text or "player" in text or "total" in text
    too_wide = [line for line in text.splitlines() if cell_len(line) > 80]
    assert not too_wide, "\n".join(too_wide)


@pytest.mark.parametrize("game", game_names())
def test_a_wide_terminal_gets_the_table(game: str) -> None:
    path = sorted((FIXTURES / game / "valid").glob("*.json"))[0]
    text = score(path, 200)
    assert any(line.startswith("┃ player ") for line in text.splitlines()), text


def test_narrower_still_one_block_per_player() -> None:
    players = tuple(
        PlayerScore(f"Player{n}", {"long_category_name": n, "other": 2 * n}, 3 * n)
        for n in range(1, 6)
    )
    sheet = ScoreSheet(("long_category_name", "other"), players, (("Player5",),))
    text = render_sheet(sheet, color=False, width=30)
    assert all(cell_len(line) <= 30 for line in text.splitlines()), text
    assert "Player3: total 9" in text.splitlines()


def test_colour_tables_fit_too() -> None:
    path = FIXTURES / "citrus" / "valid" / "sim-5p.json"
    result = runner.invoke(app, ["score", "--color", "always", str(path)], env={"COLUMNS": "80"})
    from rich.text import Text

    plain = Text.from_ansi(result.stdout).plain
    assert all(cell_len(line) <= 80 for line in plain.splitlines()), plain


def test_verify_ends_with_batch_count_line() -> None:
    good = FIXTURES / "harmonies" / "valid" / "2p-side-a.json"
    bad = next((FIXTURES / "harmonies" / "invalid").glob("*.json"))
    result = runner.invoke(app, ["verify", str(good), str(bad)])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1] == "1 passed, 1 failed"
    batch = runner.invoke(app, ["batch", "--jobs", "1", str(good), str(bad)])
    assert batch.stdout.splitlines()[-1] == "1 passed, 1 failed"


def _sheet(*totals: int, ranking: tuple[tuple[str, ...], ...]) -> ScoreSheet:
    names = ("Ann", "Ben", "Cy", "Dee")
    players = tuple(PlayerScore(n, {}, t) for n, t in zip(names, totals, strict=False))
    return ScoreSheet((), players, ranking, tiebreak="most trees")


@pytest.mark.parametrize(
    ("totals", "ranking", "named"),
    [
        ((10, 9, 8), (("Ann",), ("Ben",), ("Cy",)), False),  # nobody tied
        ((10, 9, 5, 5), (("Ann",), ("Ben",), ("Cy",), ("Dee",)), False),  # only 3rd tied
        ((10, 10, 5), (("Ann",), ("Ben",), ("Cy",)), True),  # the tie-break made the winner
        ((10, 10, 5), (("Ann", "Ben"), ("Cy",)), True),  # still tied: shared victory
    ],
)
def test_tie_break_only_where_players_tied_for_first(
    totals: tuple[int, ...], ranking: tuple[tuple[str, ...], ...], named: bool
) -> None:
    sheet = _sheet(*totals, ranking=ranking)
    assert ("(tie-break: most trees)" in ranking_text(sheet)) is named
    from scorer.core.values import VerifyResult

    result = VerifyResult("x.json", "position", "harmonies", "ok", scores=sheet)
    assert (verdict(result)["scores"]["tiebreak"] == "most trees") is named


def test_batch_summary_fits_80_columns_and_is_unchanged_in_a_pipe() -> None:
    paths = [str(p) for g in game_names() for p in sorted((FIXTURES / g / "valid").glob("*"))[:2]]
    bad = [str(next((FIXTURES / g / "invalid").glob("*.json"))) for g in game_names()]
    args = ["batch", "--jobs", "1", "--color", "never", *paths, *bad]
    narrow = runner.invoke(app, args, env={"COLUMNS": "80"}).stdout.splitlines()
    start = next(k for k, line in enumerate(narrow) if line.startswith("Summary by game"))
    summary = narrow[start:]
    assert all(cell_len(line) <= 80 for line in summary), "\n".join(summary)
    assert summary[-1].endswith("failed")
    wide = runner.invoke(app, args).stdout
    assert any(line.startswith("┃ game ") for line in wide.splitlines())  # no COLUMNS: as ever


@pytest.mark.parametrize("game", game_names())
def test_show_wraps_its_legends_not_its_board(game: str) -> None:
    path = sorted((FIXTURES / game / "valid").glob("*.json"))[-1]
    narrow = runner.invoke(app, ["show", "--no-color", str(path)], env={"COLUMNS": "80"}).stdout
    wide = runner.invoke(app, ["show", "--no-color", str(path)]).stdout
    prose = [line for line in narrow.splitlines()[1:] if ": " in line]
    assert prose and all(cell_len(line) <= 80 for line in prose), prose
    rows = {line for line in wide.splitlines() if ": " not in line}
    assert rows <= set(narrow.splitlines())  # the board's rows as they were
