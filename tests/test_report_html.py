"""`scorer report --html`: a static site checked in headless Chromium (screenshot + DOM)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.registry import game_names
from tests.chromium import chromium, run_chromium  # noqa: F401 - chromium is a fixture
from tests.conftest import FIXTURES

runner = CliRunner()
MEASURE = """<script>
window.addEventListener('load', () => {
  const box = (q) => { const e = document.querySelector(q); if (!e) return '0x0';
    const r = e.getBoundingClientRect(); return Math.round(r.width) + 'x' + Math.round(r.height); };
  document.body.setAttribute('data-measured',
    'svg=' + box('svg') + ';table=' + box('table') + ';rows=' +
    document.querySelectorAll('table tbody tr').length);
});
</script>"""


def _one_valid_fixture_per_game() -> list[str]:
    return [str(sorted((FIXTURES / g / "valid").glob("*.json"))[0]) for g in game_names()]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    illegal = sorted((FIXTURES / "harmonies" / "invalid").glob("*stack*.json"))[:1]
    files = _one_valid_fixture_per_game() + [str(p) for p in illegal]
    result = runner.invoke(app, ["report", *files, "--html", str(out), "--title", "Club night"])
    assert result.exit_code == (1 if illegal else 0), result.output
    return out


def test_site_has_an_index_and_a_page_per_record(site: Path) -> None:
    pages = sorted((site / "records").glob("*.html"))
    assert len(pages) == len(game_names()) + 1
    index = (site / "index.html").read_text(encoding="utf-8")
    assert index.count('href="records/') == len(pages)
    assert "Club night" in index
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert ("<svg" in text and 'class="scores"' in text) or "Findings" in text
        assert not re.search(r"(src|href)=\"(https?:)?//", text), "external asset"


def test_report_is_deterministic(site: Path, tmp_path: Path) -> None:
    files = _one_valid_fixture_per_game()
    runner.invoke(app, ["report", *files, "--html", str(tmp_path / "a")])
    runner.invoke(app, ["report", *files, "--html", str(tmp_path / "b")])
    for page in (tmp_path / "a").rglob("*.html"):
        twin = tmp_path / "b" / page.relative_to(tmp_path / "a")
        assert page.read_bytes() == twin.read_bytes()


@pytest.mark.usefixtures("chromium")
def test_chromium_renders_the_board_and_the_table(site: Path, tmp_path: Path) -> None:
    for page in sorted((site / "records").glob("*.html"))[: len(game_names())]:
        probe = tmp_path / page.name
        probe.write_text(
            page.read_text(encoding="utf-8").replace("</body>", MEASURE + "</body>"),
            encoding="utf-8",
        )
        dom = run_chromium("--dump-dom", "--virtual-time-budget=2000", probe.as_uri()).stdout
        measured = re.search(r'data-measured="svg=(\d+)x(\d+);table=(\d+)x(\d+);rows=(\d+)"', dom)
        assert measured, f"{page.name}: page did not load:\n{dom[:500]}"
        svg_w, svg_h, table_w, table_h, rows = map(int, measured.groups())
        assert svg_w > 150 and svg_h > 100, f"{page.name}: board not rendered"
        assert table_w > 100 and table_h > 20 and rows >= 1, f"{page.name}: no score table"
        shot = tmp_path / f"{page.stem}.png"
        run_chromium(f"--screenshot={shot}", "--window-size=1200,1400", page.as_uri())
        blank = tmp_path / "blank.png"
        (tmp_path / "blank.html").write_text("<html><body></body></html>", encoding="utf-8")
        run_chromium(
            f"--screenshot={blank}", "--window-size=1200,1400", (tmp_path / "blank.html").as_uri()
        )
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert shot.stat().st_size > 3 * blank.stat().st_size, f"{page.name}: screenshot blank"


@pytest.mark.usefixtures("chromium")
def test_chromium_loads_the_index(site: Path) -> None:
    dom = run_chromium("--dump-dom", (site / "index.html").as_uri()).stdout
    assert dom.count("<tr>") == len(game_names()) + 2  # header + one row per record
