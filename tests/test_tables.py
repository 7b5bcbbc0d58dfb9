"""Score tables in text: every column keeps its whole name (a table wider than the default
width grows instead of cutting ``penalties`` to ``penalti…``), one column per name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorer.pipeline import verify_file
from scorer.registry import game_names
from scorer.report import render_sheet
from tests.conftest import FIXTURES

VALID = [p for g in game_names() for p in sorted((FIXTURES / g / "valid").glob("*.json"))]


@pytest.mark.parametrize("path", VALID, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_column_name_is_whole_and_unique(path: Path) -> None:
    sheet = verify_file(str(path)).scores
    assert sheet is not None
    text = render_sheet(sheet, color=False)
    assert "…" not in text
    for block in (s for _, s in (*sheet.stages, ("", sheet))):
        names = ["player", *block.categories, "total", *block.extra_columns]
        assert len(names) == len(set(names)), names
    header = [line for line in text.splitlines() if line.startswith("┃ player")][-1]
    for name in ("player", *sheet.categories, "total", *sheet.extra_columns):
        assert re.search(rf"┃ +{re.escape(name)} +┃", header), (name, header)
