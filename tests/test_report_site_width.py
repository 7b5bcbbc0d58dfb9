"""The report site on a phone and a desktop (issue 25 §6), in headless Chromium driven by
Playwright (a real 390 px viewport: Chromium's own ``--window-size`` stops at 500): the index,
a record page of every game and the standings page never scroll sideways (the page; a board
or a long table may scroll inside its box), the text of every board picture is at least 11 px,
and the index says how many records are verified, rejected and incomplete, with each status
beside its record's name on a phone."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import orjson
import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.registry import game_names
from scorer.standings.demo import demo_event
from tests.conftest import FIXTURES
from tests.roles import roles_of
from tests.serve.test_browser import CHROMIUM, browser

__all__ = ["browser"]  # the browser tests' fixture, shared

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")
runner = CliRunner()
PHONE = (390, 844)
DESKTOP = (1280, 800)
MEASURE = """() => {
  const small = [];
  for (const t of document.querySelectorAll('svg text')) {
    if (!t.textContent.trim() || !t.getClientRects().length) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
    if (px < 10.99) small.push(t.textContent.trim() + ' ' + px.toFixed(1));
  }
  return {scroll: document.documentElement.scrollWidth, inner: innerWidth, small: small};
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    records = tmp_path_factory.mktemp("records")
    roster = ("Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus")
    for k, rec in enumerate(demo_event(roles_of("harmonies").moves, "Spring", 3, roster, 4, 1, {})):
        (records / f"g{k:02d}.json").write_bytes(orjson.dumps(rec))
    for game in game_names():
        for path in sorted((FIXTURES / game / "valid").glob("*.json"))[:2]:
            shutil.copy(path, records / f"{game}-{path.name}")
        bad = sorted((FIXTURES / game / "invalid").glob("*.json"))[0]
        shutil.copy(bad, records / f"{game}-bad-{bad.name}")
    out = tmp_path_factory.mktemp("site")
    result = runner.invoke(app, ["report", str(records), "--html", str(out)])
    assert result.exit_code == 1, result.output
    assert (out / "standings.html").is_file()
    return out


def _pages(site: Path) -> list[Path]:
    records = sorted((site / "records").glob("*.html"))
    per_game = [next(p for p in records if p.name.startswith(f"{g}-")) for g in game_names()]
    return [site / "index.html", site / "standings.html", *per_game]


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_no_page_scrolls_sideways_and_board_text_is_readable(
    site: Path, browser: Any, size: tuple[int, int]
) -> None:
    phone = size == PHONE
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, is_mobile=phone, has_touch=phone
    )
    try:
        page = context.new_page()
        for path in _pages(site):
            page.goto(path.as_uri())
            found = page.evaluate(MEASURE)
            # a page wider than a phone's screen makes it zoom out: innerWidth grows with it
            assert found["inner"] == size[0], (path.name, found)
            assert found["scroll"] <= found["inner"], (path.name, found)
            assert not found["small"], (path.name, found["small"][:5])
    finally:
        context.close()


def test_index_counts_and_status_beside_the_name_on_a_phone(site: Path, browser: Any) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    assert '<p class="counts" id="counts">' in index
    for words in ("verified", "rejected", "incomplete"):
        assert f" {words}</span>" in index
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = context.new_page()
        page.goto((site / "index.html").as_uri())
        beside = page.evaluate(
            """() => [...document.querySelectorAll('#records tbody tr')].map(tr => {
              const name = tr.querySelector('a').getBoundingClientRect();
              const status = tr.querySelector('.beside').getBoundingClientRect();
              return status.width > 0 && status.top < name.bottom && status.right <= innerWidth;
            })"""
        )
        assert beside and all(beside), beside
    finally:
        context.close()
