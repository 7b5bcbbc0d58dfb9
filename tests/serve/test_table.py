"""At the table (issue 25): on a phone (390 × 844, touch), a finished two-player game of every
game entered tap by tap from its final position (a valid fixture replayed), the claims typed,
and the page's totals are ``scorer score``'s; the number of taps per game is printed (run
pytest with ``-s``). And no page of the app scrolls sideways, at phone and desktop width.

Every gesture a person makes counts as a tap: a button, a cell, a tab, a choice in a menu, a
number typed (one tap for the field; the digits are typed)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorer.referee.pipeline import verify_document
from tests.conftest import FIXTURES
from tests.roles import replay_game, roles_of
from tests.serve.table_games import ENTRIES, Table
from tests.serve.test_browser import CHROMIUM, DESKTOP, PHONE, base_url, browser

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
)
FIXTURE = {
    "harmonies": ("2p-side-a.json", {"board_side": "A"}),
    "hacienda": ("2p-demo-standard.json", {"map": "demo-7x6"}),
    "citrus": ("sim-2p.json", {"board": "demo-1"}),
    "kuhfstein": ("greedy-2p.json", {}),
}
__all__ = ["base_url", "browser"]  # the browser tests' fixtures, shared
TAPS: dict[str, int] = {}


def final_position(game: str) -> Any:
    record = json.loads((FIXTURES / game / "valid" / FIXTURE[game][0]).read_text())
    rules = roles_of(game)
    return rules.positions.export_position(replay_game(rules, record).state, record)


def totals(doc: Any) -> dict[str, int]:
    result = verify_document(json.loads(json.dumps(doc)))
    assert result.scores is not None, result.findings
    return {p.name: p.total for p in result.scores.players}


@pytest.mark.parametrize("game", list(FIXTURE))
def test_a_finished_game_entered_by_tapping_reaches_the_cli_totals(
    browser: Any, base_url: str, game: str
) -> None:
    final = final_position(game)
    expected = totals(final)
    table = Table(browser, base_url, PHONE, touch=True)
    names = [p["name"] for p in final["players"]]
    table.new_board(game, names, FIXTURE[game][1])
    ENTRIES[game](table, final)
    shown = {name: table.total(name) for name in names}
    assert shown == expected, (shown, expected)
    assert totals(table.doc()) == expected
    for name in names:
        table.claim(name, expected[name])
    assert table.page.inner_text("#status") == "verified"
    TAPS[game] = table.taps
    print(f"\n{game}: {table.taps} taps to enter a finished two-player game")
    if game == "harmonies":
        assert table.taps <= 100
    table.close()


@pytest.mark.parametrize("game", list(FIXTURE))
@pytest.mark.parametrize("name, viewport", [("phone", PHONE), ("desktop", DESKTOP)])
def test_no_page_scrolls_sideways(
    browser: Any, base_url: str, game: str, name: str, viewport: dict[str, int]
) -> None:
    """Each game's final position as opened, its details open, at phone and desktop width:
    nothing wider than the viewport, and on a phone every cell of the board shown at least
    40 CSS px."""
    table = Table(browser, base_url, viewport, touch=name == "phone")
    table.open_position(final_position(game))
    table.details()  # the forms too, every box of them open
    table.page.evaluate(
        "() => document.querySelectorAll('#details details').forEach(d => d.open = true)"
    )
    width = table.page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"{game} scrolls sideways at {name} width: {width}"
    if name == "phone":
        smallest = table.page.evaluate(
            """() => Math.min(...[...document.querySelectorAll('#board svg [data-cell]')]
              .map(e => e.getBoundingClientRect()).filter(r => r.width > 0)
              .map(r => Math.min(r.width, r.height)))"""
        )
        assert smallest >= 40, f"{game}: cells of {smallest:.0f} px on a phone"
    table.close()


def test_a_tapped_score_brings_its_items_into_view(browser: Any, base_url: str) -> None:
    """On a phone the table is below the board: tapping a number scrolls to what it counts
    (and shows the part of the board that holds it)."""
    table = Table(browser, base_url, PHONE, touch=True)
    table.open_position(final_position("hacienda"))
    number = table.page.locator('button.num[aria-label^="Bob land_chains:"]')
    number.scroll_into_view_if_needed()
    table.press(number)
    table.page.wait_for_timeout(300)
    seen = table.page.evaluate(
        """() => [...document.querySelectorAll('#board .score-item.hl')].some(e => {
          const r = e.getBoundingClientRect(), s = e.ownerSVGElement.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + r.height / 2;
          return y > 0 && y < innerHeight && x > s.left && x < s.right; })"""
    )
    assert seen, "no outlined item on screen"
    table.close()
