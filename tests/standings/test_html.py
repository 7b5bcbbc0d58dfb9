"""The standings page: self-contained, readable at phone and desktop widths (headless Chromium),
and the standings page of `scorer report --html`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import orjson
import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.standings.demo import demo_event
from tests.chromium import chromium, run_chromium  # noqa: F401 - chromium is a fixture
from tests.roles import roles_of

runner = CliRunner()
MEASURE = """<script>
window.addEventListener('load', () => {
  const t = document.querySelector('table.standings').getBoundingClientRect();
  const box = document.querySelector('.wide').getBoundingClientRect();
  document.body.setAttribute('data-measured', 'page=' + document.documentElement.scrollWidth
    + ';view=' + window.innerWidth + ';box=' + Math.round(box.right) + ';table='
    + Math.round(t.width) + 'x' + Math.round(t.height) + ';rows='
    + document.querySelectorAll('table.standings tbody tr').length);
});
</script>"""


@pytest.fixture(scope="module")
def event_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Nine players, three rounds at tables of up to 4 (3 + 3 + 3), plus one illegal record."""
    folder = tmp_path_factory.mktemp("event")
    roster = ("Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
    records = list(demo_event(roles_of("harmonies").moves, "Spring league", 3, roster, 4, 3, {}))
    for k, rec in enumerate(records):
        (folder / f"g{k:02d}.json").write_bytes(orjson.dumps(rec))
    bad: dict[str, Any] = orjson.loads(orjson.dumps(records[0]))
    bad["moves"][0]["player"] = bad["players"][1]["name"]
    bad["meta"]["round"] = 4
    (folder / "z-bad.json").write_bytes(orjson.dumps(bad))
    return folder


@pytest.fixture(scope="module")
def page(event_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("html") / "standings.html"
    result = runner.invoke(app, ["standings", str(event_dir), "--format", "html", "-o", str(out)])
    assert result.exit_code == 1, result.output  # the illegal record fails the run
    return out


def test_page_is_self_contained(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert 'name="viewport"' in text
    assert not re.search(r"(src|href)=\"(https?:)?//", text), "external asset"
    assert "<script" not in text and "<link" not in text
    assert text.count("<tr") == 1 + 9  # header + nine players
    assert "Spring league" in text and "REC-TURN-1" in text


@pytest.mark.usefixtures("chromium")
@pytest.mark.parametrize("width", [390, 1280])
def test_chromium_phone_and_desktop(page: Path, tmp_path: Path, width: int) -> None:
    probe = tmp_path / "probe.html"
    probe.write_text(
        page.read_text(encoding="utf-8").replace("</body>", MEASURE + "</body>"), encoding="utf-8"
    )
    dom = run_chromium(
        "--dump-dom", "--virtual-time-budget=2000", f"--window-size={width},900", probe.as_uri()
    ).stdout
    found = re.search(
        r'data-measured="page=(\d+);view=(\d+);box=(\d+);table=(\d+)x(\d+);'
        r'rows=(\d+)"',
        dom,
    )
    assert found, f"page did not load:\n{dom[:500]}"
    page_w, view_w, box_right, table_w, table_h, rows = map(int, found.groups())
    assert page_w <= view_w, "the page scrolls sideways (only the table box may)"
    assert box_right <= view_w
    assert table_w > 250 and table_h > 150 and rows == 9
    shot = tmp_path / f"standings-{width}.png"
    run_chromium(f"--screenshot={shot}", f"--window-size={width},900", page.as_uri())
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 10_000, "screenshot looks blank"


def test_report_site_gets_a_standings_page(event_dir: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", str(event_dir), "--html", str(tmp_path)])
    assert result.exit_code == 1, result.output
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert '<a href="standings.html">Standings (Spring league)</a>' in index
    standings = (tmp_path / "standings.html").read_text(encoding="utf-8")
    assert '<a href="index.html">← all records</a>' in standings
    assert standings.count("<tr") == 1 + 9
    bad = next(
        p
        for p in sorted((tmp_path / "records").glob("*.html"))
        if "z-bad.json" in p.read_text(encoding="utf-8")
    )
    assert f'href="records/{bad.name}"' in standings  # the excluded record links to its page


def test_report_without_events_has_no_standings_page(tmp_path: Path) -> None:
    from tests.conftest import FIXTURES

    fixture = sorted((FIXTURES / "harmonies" / "valid").glob("*.json"))[0]
    result = runner.invoke(app, ["report", str(fixture), "--html", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "standings.html").exists()
    assert "standings.html" not in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_report_standings_page_follows_the_configured_system(
    event_dir: Path, tmp_path: Path
) -> None:
    config = tmp_path / "scorer.toml"
    config.write_text('system = "rank-points"\npoints = "3,1,0"\n')
    site = tmp_path / "site"
    result = runner.invoke(
        app, ["report", str(event_dir), "--html", str(site), "--config", str(config)]
    )
    assert result.exit_code == 1, result.output
    standings = (site / "standings.html").read_text(encoding="utf-8")
    assert "rank-points" in standings and "(3, 1, 0)" in standings
    config.write_text('system = "rank-points"\n')  # points missing: a usage error, exit 2
    result = runner.invoke(
        app, ["report", str(event_dir), "--html", str(tmp_path / "other"), "--config", str(config)]
    )
    assert result.exit_code == 2, result.output
    assert "needs --points" in result.output
