"""The static report's page names, claimed-vs-computed tables, visible explanations and the
winner of rows whose claims differ."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from scorer.cli import app
from scorer.writing.reportpages import slugs
from tests.conftest import FIXTURES

runner = CliRunner()
MISMATCH = FIXTURES / "harmonies" / "invalid" / "claim-mismatch.json"
VALID = FIXTURES / "harmonies" / "valid" / "2p-side-a.json"


def test_page_names_come_from_file_names() -> None:
    names = slugs(
        [
            ("games/r3t7.json", None),
            ("night.ndjson:12", 12),
            ("odd name!.JSON", None),
            ("-", None),
            ("dir/.json", None),
        ]
    )
    assert names[:4] == ["r3t7", "night-line12", "odd-name", "record"]
    assert re.fullmatch(r"record-[0-9a-f]{6}", names[4])


def test_colliding_names_keep_the_first_and_hash_the_later_ones() -> None:
    first = slugs([("a/game.json", None), ("b/Game.json", None), ("c/game.json", None)])
    assert first[0] == "game"
    assert re.fullmatch(r"Game-[0-9a-f]{6}", first[1]) and re.fullmatch(
        r"game-[0-9a-f]{6}", first[2]
    )
    assert len({s.lower() for s in first}) == 3
    later = slugs(
        [
            ("a/game.json", None),
            ("b/Game.json", None),
            ("c/game.json", None),
            ("d/game.json", None),
            ("other.json", None),
        ]
    )
    assert later[:3] == first  # adding records after them renames nothing


def _site(tmp_path: Path, *files: Path) -> Path:
    out = tmp_path / "site"
    runner.invoke(app, ["report", *map(str, files), "--html", str(out)])
    return out


def test_index_shows_the_winner_when_claims_differ(tmp_path: Path) -> None:
    index = (_site(tmp_path, MISMATCH) / "index.html").read_text(encoding="utf-8")
    row = re.search(r"<tr><td><a href=\"records/claim-mismatch.html\">.*?</tr>", index)
    assert row, index
    assert "claims differ" in row.group(0)
    assert row.group(0).endswith("<td>Ann</td></tr>")


def test_record_page_compares_claims_per_category(tmp_path: Path) -> None:
    page = (_site(tmp_path, MISMATCH) / "records" / "claim-mismatch.html").read_text(
        encoding="utf-8"
    )
    table = re.search(r'<table id="claims".*?</table>', page, re.S)
    assert table, page
    assert table.group(0).count('class="differs"') >= 1
    assert '<meta name="viewport"' in page


def test_explanations_are_text_on_the_page(tmp_path: Path) -> None:
    page = (_site(tmp_path, VALID) / "records" / "2p-side-a.html").read_text(encoding="utf-8")
    assert "Why: every scoring item" in page
    assert page.count("[HAR-SCORE-1]") >= 1  # the trees, without hovering the picture
    assert '<table id="claims"' in page  # the record's claims agree: shown with ✓
    assert 'class="differs"' not in page


def test_ndjson_lines_get_their_own_pages(tmp_path: Path) -> None:
    lines = tmp_path / "night.ndjson"
    text = VALID.read_bytes().replace(b"\n", b"")
    lines.write_bytes(text + b"\n" + text + b"\n")
    site = _site(tmp_path, lines)
    assert sorted(p.name for p in (site / "records").glob("*.html")) == [
        "night-line1.html",
        "night-line2.html",
    ]
