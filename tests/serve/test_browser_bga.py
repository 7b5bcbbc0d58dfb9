"""A Board Game Arena capture opened in the web app (issue 24), in real headless Chromium at
phone width: the board appears scored, BGA's totals beside the scorer's, a mismatch marked
per player and category, import errors inline; a pasted capture opens the same way.

Set ``SCORER_SCREENSHOTS=DIR`` to keep the screenshots."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.serve.test_browser import DESKTOP, PHONE, Page, base_url, browser

__all__ = ["base_url", "browser"]  # the module's fixtures, shared

BGA = Path(__file__).parents[2] / "fixtures" / "harmonies" / "bga"
GAMEDATAS = BGA / "gamedatas_match08.json"


def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("SCORER_SCREENSHOTS")
    if folder:
        page.page.screenshot(path=str(Path(folder) / name), full_page=True)


def _boards(page: Page) -> list[str]:
    return page.page.eval_on_selector_all(
        "#board g.board[data-player]", "gs => gs.map(g => g.dataset.player)"
    )


def test_a_bga_capture_opens_scored_at_phone_width(browser: Any, base_url: str) -> None:
    page = Page(browser, base_url, PHONE)
    page.open(GAMEDATAS)
    doc = page.doc()
    assert doc["format"] == "scorer-position/1" and doc["meta"]["claims_by"] == "BGA"
    assert "player_1" in _boards(page)
    assert (page.total("player_1"), page.total("player_2")) == (116, 113)
    assert page.page.locator("td.agrees").count() == 2  # BGA's totals, claimed, match
    _shot(page, "bga-phone.png")
    page.close()


def test_bga_says_x_scorer_says_y_where_they_differ(
    browser: Any, base_url: str, tmp_path: Path
) -> None:
    doc = json.loads(GAMEDATAS.read_text())
    doc["players"]["player_2"]["score"] = "120"
    path = tmp_path / "differs.json"
    path.write_text(json.dumps(doc))
    page = Page(browser, base_url, DESKTOP)
    page.open(path)
    cell = page.page.locator("td.differs")
    assert cell.count() == 1
    assert "BGA says 120, scorer says 113" in cell.inner_text()
    assert "REC-CLAIM-1" in page.page.inner_text("#findings")
    _shot(page, "bga-desktop-differs.png")
    page.close()


def test_import_errors_show_inline(browser: Any, base_url: str, tmp_path: Path) -> None:
    doc = json.loads(GAMEDATAS.read_text())
    doc["players"]["player_1"]["tokensOnBoard"]["cell_player_1_0_0"][0]["type_arg"] = "9"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc, indent=1))
    page = Page(browser, base_url, PHONE)
    page.open(path)
    assert "IMP-BGA-3" in page.page.inner_text("#findings")
    assert "IMP-BGA-3" in page.page.inner_text("#notice")
    _shot(page, "bga-phone-error.png")
    page.close()


def test_a_pasted_capture_opens_too(browser: Any, base_url: str) -> None:
    page = Page(browser, base_url, PHONE)
    text = (BGA / "sideb_2p_nature_match15_midgame.json").read_text()
    page.after(
        lambda: page.page.evaluate(
            """text => { const data = new DataTransfer(); data.setData("text", text);
            document.body.dispatchEvent(new ClipboardEvent("paste",
              { clipboardData: data, bubbles: true })); }""",
            text,
        )
    )
    assert page.doc()["variant"]["board_side"] == "B"
    assert (page.total("player_1"), page.total("player_2")) == (105, 115)
    page.close()


def test_the_spirit_cube_tapped_on_an_imported_board_replaces_its_count(
    browser: Any, base_url: str
) -> None:
    """An imported board says only that the spirit cube is placed (one of the board's cubes):
    tapping it with the spirit-cube tool says where it is, and the document stays valid."""
    page = Page(browser, base_url, PHONE)
    page.open(GAMEDATAS)
    page.tool("spirit-cube")
    page.tap("3,2", "player_1")
    board = page.doc()["boards"]["player_1"]
    assert board["spirit"] == {"card": "tortoise_spirit", "cube": [3, 2]}
    assert [3, 2] not in board["cubes"]
    assert "REC-SCHEMA" not in page.page.inner_text("#findings")
    page.close()
