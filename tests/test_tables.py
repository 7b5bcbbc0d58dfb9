"""Score tables in text: every column keeps its whole name (a table wider than the default
width grows instead of cutting ``penalties`` to ``penalti…``), one column per name."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from scorer.referee.pipeline import verify_file
from scorer.registry import game_names
from scorer.writing import sheet as report
from scorer.writing.sheet import _rich_table, plain_table, render_sheet
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


_ALPHABETS = ["Abz09-_,.()'—–:", "a :+;1", "".join(map(chr, range(32, 127)))]


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_plain_table_is_what_rich_prints(data: Any) -> None:
    """The table built without rich is rich's own, character for character (or None)."""
    cell = st.text(data.draw(st.sampled_from(_ALPHABETS)), max_size=14)
    title = data.draw(st.sampled_from(["Scores", "Final scoring", "Intermediate scoring"]) | cell)
    header = data.draw(st.lists(cell, min_size=1, max_size=6))
    rows = data.draw(
        st.lists(st.lists(cell, min_size=len(header), max_size=len(header)), min_size=1)
    )
    plain = plain_table(title, header, rows)
    event("plain" if plain is not None else "rich only")
    if plain is not None:
        assert plain == _rich_table(title, header, rows, color=False)


@pytest.mark.parametrize("path", VALID, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_fixture_tables_need_no_rich(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fixture's score sheet is printed without rich, as rich prints it."""
    sheet = verify_file(str(path)).scores
    assert sheet is not None
    calls: list[str] = []
    monkeypatch.setattr(report, "_rich_table", lambda title, *a, **k: calls.append(title) or "")
    plain = render_sheet(sheet, color=False)
    assert calls == []
    monkeypatch.undo()
    monkeypatch.setattr(report, "plain_table", lambda *a: None)
    assert plain == render_sheet(sheet, color=False)
