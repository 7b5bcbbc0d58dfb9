"""End to end in real headless Chromium (Debian's /usr/bin/chromium, driven by Playwright):
``scorer serve`` started on a free localhost port, boards built by tapping, the totals read
from the page and compared with the CLI's scoring of the exported position, claimed scores
marked, phone and desktop screenshots compared with a blank page.

Set ``SCORER_SCREENSHOTS=DIR`` to keep the screenshots."""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorer.referee.pipeline import verify_bytes, verify_document
from tests.conftest import FIXTURES
from tests.roles import replay_game, roles_of
from tests.serve.server import running_server
from tests.serve.table_games import show_part

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
)
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with running_server() as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


class Page:
    """A page of the app with the few gestures the tests need."""

    def __init__(self, browser: Any, url: str, viewport: dict[str, int]) -> None:
        self.context = browser.new_context(viewport=viewport)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready]")

    def after(self, action: Any) -> None:
        """Run ``action`` and wait until the page has the server's answer to it."""
        before = self.page.get_attribute("body", "data-ready")
        action()
        self.page.wait_for_function("n => document.body.dataset.ready !== n", arg=before)

    def new_board(
        self, game: str, players: str, variant: dict[str, str] | None = None, **selects: str
    ) -> None:
        self.page.click("#new-btn")
        self.page.select_option("#new-game", game)
        self.page.fill("#new-players", players)
        for name, value in selects.items():
            self.page.select_option(f"#new-{name}", value)
        for name, value in (variant or {}).items():
            self.page.select_option(f'#new-variant [data-option="{name}"]', value)
        self.after(lambda: self.page.click("#new-ok"))

    def open(self, path: Path) -> None:
        """Open a file as a person does (Open, then the dialog's Open for a record)."""
        is_record = json.loads(path.read_text()).get("format") == "scorer-record/1"
        if is_record:
            self.page.set_input_files("#open-file", str(path))
            self.after(lambda: self.page.click("#open-ok"))
        else:
            self.after(lambda: self.page.set_input_files("#open-file", str(path)))

    def tool(self, tool: str, owner: str | None = None) -> None:
        if owner is not None:
            self.page.click(f'[data-owner="{owner}"]')
        self.page.click(f'[data-tool="{tool}"]')

    def tap(self, cell: str, board: str | None = None) -> None:
        scope = f'g.board[data-player="{board}"] ' if board else ""
        target = self.page.locator(f'{scope}[data-cell="{cell}"]').first
        show_part(self.page, target)  # a board wider than a phone is shown in parts
        self.after(lambda: target.click(force=True))  # tokens drawn over the cell take the click

    def details(self) -> None:
        if not self.page.eval_on_selector("#details-box", "d => d.open"):
            self.page.click("#details-box summary")

    def total(self, player: str) -> int:
        text = self.page.inner_text(f'button.num[aria-label^="{player} total:"]')
        return int(text)

    def doc(self) -> Any:
        return self.page.evaluate("() => window.scorerApp.doc")

    def close(self) -> None:
        assert not self.errors, self.errors
        self.context.close()


def cli_total(doc: Any, player: str) -> int:
    result = verify_document(json.loads(json.dumps(doc)))
    assert result.scores is not None, result.findings
    return result.scores.player(player).total


def build_harmonies(page: Page) -> None:
    page.new_board("harmonies", "Ann, Ben")
    for colour, cells in (
        ("green", ["1,2"]),
        ("blue", ["2,2", "3,2"]),
        ("gray", ["2,3"]),
    ):
        page.tool(f"token:{colour}")
        for cell in cells:
            page.tap(cell, "Ann")
    for stack, cell in (("brown-green", "1,1"), ("gray-gray", "3,3")):
        page.tool(f"stack:{stack}")
        page.tap(cell, "Ann")


def test_harmonies_board_by_tapping_scores_as_the_cli(browser: Any, base_url: str) -> None:
    page = Page(browser, base_url, PHONE)
    build_harmonies(page)
    assert page.total("Ann") == 10  # trees 4, mountains 4, water 2
    page.details()
    select = page.page.locator("fieldset", has_text="Cards — Ann").locator(
        'select[aria-label="Animal cards"]'
    )
    page.after(lambda: select.select_option("frog"))
    page.tool("cube")
    page.tap("2,2", "Ann")
    assert page.total("Ann") == 12  # + the Frog's first cube
    assert cli_total(page.doc(), "Ann") == 12
    page.close()


def test_a_whole_stack_in_one_tap(browser: Any, base_url: str) -> None:
    page = Page(browser, base_url, PHONE)
    page.new_board("harmonies", "Ann, Ben")
    page.tool("stack:brown-brown-green")
    page.tap("2,2", "Ann")
    assert page.doc()["boards"]["Ann"]["cells"] == [
        {"cell": [2, 2], "tokens": ["brown", "brown", "green"]}
    ]
    assert page.total("Ann") == cli_total(page.doc(), "Ann") > 0
    page.tap("2,2", "Ann")  # the same stack again empties the cell
    assert page.doc()["boards"]["Ann"]["cells"] == []
    page.tool("token:blue")
    page.tap("2,2", "Ann")
    assert "again with the same choice: the cell is emptied" in page.page.inner_text("#tap-hint")
    page.tap("2,2", "Ann")  # a second blue is not stacked: the token comes off
    assert page.doc()["boards"]["Ann"]["cells"] == []
    page.close()


def test_claimed_scores_are_marked_where_they_differ(browser: Any, base_url: str) -> None:
    page = Page(browser, base_url, PHONE)
    build_harmonies(page)
    claim = page.page.locator('input[aria-label="claimed total of Ann"]')
    page.after(lambda: (claim.fill("15"), claim.press("Enter")))
    cell = page.page.locator("td.differs")
    assert cell.count() == 1
    assert "claimed 15, computed 10" in cell.inner_text()
    assert "REC-CLAIM-1" in page.page.inner_text("#findings")
    assert "claims differ" in page.page.inner_text("#status")
    trees = page.page.locator('input[aria-label="claimed trees of Ann"]')
    page.after(lambda: (trees.fill("4"), trees.press("Enter")))
    assert page.page.locator("td.agrees").count() == 1
    assert page.doc()["claimed"] == {"scores": {"Ann": 15}, "breakdown": {"Ann": {"trees": 4}}}
    page.close()


def test_a_tapped_number_outlines_its_items_on_the_board(browser: Any, base_url: str) -> None:
    page = Page(browser, base_url, PHONE)
    build_harmonies(page)
    page.page.click('button.num[aria-label^="Ann trees:"]')
    lit = page.page.locator(".score-item.hl")
    assert lit.count() == 2  # the 2-high tree and the single green
    assert "HAR-SCORE-1" in page.page.inner_text("#explain")
    page.close()


def test_hacienda_board_by_tapping_scores_as_the_cli(browser: Any, base_url: str) -> None:
    page = Page(browser, base_url, PHONE)
    page.new_board("hacienda", "Ann, Ben", map="demo-7x6")
    page.tool("land", owner="Ann")
    for cell in ("0,0", "1,0", "2,0"):
        page.tap(cell)
    page.tool("animal:cattle")
    page.tap("1,1")
    assert page.total("Ann") == 9  # a chain of 3 by market M1, a cattle tile, 20 pesos
    assert cli_total(page.doc(), "Ann") == 9
    page.close()


def test_a_record_opens_at_move_n(browser: Any, base_url: str) -> None:
    path = FIXTURES / "kuhfstein/valid/e19-mini-game.json"
    record = json.loads(path.read_text())
    rules = roles_of("kuhfstein")
    page = Page(browser, base_url, PHONE)
    page.page.set_input_files("#open-file", str(path))
    page.page.fill("#open-at", "3")
    page.after(lambda: page.page.click("#open-ok"))
    expected = rules.positions.export_position(replay_game(rules, record, upto=3).state, record)
    assert page.doc() == json.loads(json.dumps(expected))
    assert "after move 3" in page.page.inner_text("#notice")
    first = record["players"][0]["name"]
    tiles = page.doc()["boards"][first]["tiles"]
    west = min(tiles, key=lambda t: t["at"][0])["at"]  # the cell left of it is a tap target
    page.tool("kind:house")
    page.tap(f"{west[0] - 1},{west[1]}", first)
    added = page.doc()["boards"][first]["tiles"][-1]
    assert len(page.doc()["boards"][first]["tiles"]) == len(tiles) + 1
    assert added == {"at": [west[0] - 1, west[1]], "kind": "house"}
    page.close()


def test_an_illegal_record_says_what_was_legal(browser: Any, base_url: str) -> None:
    """Issue 13 §5: opening a record stopped by an illegal step names the legal alternatives."""
    page = Page(browser, base_url, PHONE)
    page.open(FIXTURES / "kuhfstein/invalid/play-rotation-90.json")
    assert "rejected: illegal move: KUH-PLAY-3" in page.page.inner_text("#status")
    findings = page.page.inner_text("#findings")
    assert "KUH-PLAY-3" in findings
    assert "legal here: C6 rotated 270 at offset [0, 1]" in findings
    page.close()


def test_an_illegal_record_shows_the_rule_and_the_cell_on_the_movers_board(
    browser: Any, base_url: str
) -> None:
    """What ``scorer verify`` says of the record, and the cell it names marked on Ben's
    board, which a phone shows first (Ann's is the first tab)."""
    path = FIXTURES / "harmonies/invalid/stack-red-on-two.json"
    cli = verify_bytes(path.read_bytes(), str(path))
    assert cli.status == "illegal" and cli.findings[0].rule == "HAR-STACK-5"
    page = Page(browser, base_url, PHONE)
    page.open(path)
    assert page.page.inner_text("#status") == "rejected: illegal move: HAR-STACK-5"
    finding = page.page.inner_text("#findings")
    assert cli.findings[0].message in finding
    assert "on Ben's board, cell [0,0]" in finding
    assert f"line {cli.findings[0].line}:{cli.findings[0].col}" in finding
    assert "No findings" not in finding
    marked = page.page.locator('g.board[data-player="Ben"] [data-cell="0,0"].finding-cell')
    assert marked.count() >= 1
    assert page.page.locator('g.board[data-player="Ann"] .finding-cell').count() == 0
    assert page.page.inner_text('[role="tab"][aria-selected="true"]') == "Ben"
    assert "No scores: the record is rejected" in page.page.inner_text("#scores")
    page.close()


def test_a_claim_mismatch_shows_the_claims_and_how_they_differ(browser: Any, base_url: str) -> None:
    path = FIXTURES / "harmonies/invalid/claim-mismatch.json"
    page = Page(browser, base_url, DESKTOP)
    page.open(path)
    assert page.page.inner_text("#status") == "claims differ: REC-CLAIM-1"
    claim = page.page.locator('input[aria-label="claimed total of Ben"]')
    assert claim.input_value() == "27"
    assert page.page.locator('input[aria-label="claimed trees of Ann"]').input_value() == "4"
    differs = page.page.locator("td.differs")
    assert differs.count() == 2
    assert "claimed 27, computed 26" in differs.nth(1).inner_text()
    assert "claimed 8, computed 7" in differs.nth(0).inner_text()
    assert page.page.locator("td.agrees").count() > 10
    assert page.page.inner_text("#findings").count("REC-CLAIM-1") == 2
    assert (page.total("Ann"), page.total("Ben")) == (39, 26)
    page.close()


def test_a_truncated_record_is_incomplete(browser: Any, base_url: str) -> None:
    page = Page(browser, base_url, PHONE)
    page.open(FIXTURES / "harmonies/invalid/truncated-game.json")
    assert page.page.inner_text("#status").startswith("rejected: incomplete game: REC-END-2")
    page.close()


def test_a_record_turns_into_its_position_when_the_board_is_tapped(
    browser: Any, base_url: str
) -> None:
    path = FIXTURES / "harmonies/invalid/truncated-game.json"
    page = Page(browser, base_url, DESKTOP)
    page.open(path)
    assert page.doc()["format"] == "scorer-record/1"
    page.tap("0,4", "Ann")  # any cell: the first tap opens the position the record reached
    page.page.wait_for_function("() => window.scorerApp.doc.format === 'scorer-position/1'")
    assert "Editing the position" in page.page.inner_text("#notice")
    page.close()


def test_a_citrus_board_by_tapping_scores_as_the_cli(browser: Any, base_url: str) -> None:
    """A final position entered by tapping, with the score tracks typed in: the page's totals
    are ``scorer score``'s of the same document (the blank board carries no breakdown that a
    track would have to match: no CIT-POS-10)."""
    page = Page(browser, base_url, PHONE)
    page.new_board("citrus", "Ann, Ben", board="demo-1")
    page.tool("kind:lemon", owner="Ann")
    page.tap("1,2")
    page.tool("kind:orange", owner="Ben")
    page.tap("5,2")
    page.details()
    for name, points in (("Ann", 5), ("Ben", 9)):
        track = page.page.locator("fieldset", has_text=f"Player — {name}").locator(
            'input[aria-label="score track"]'
        )
        page.after(
            lambda track=track, points=points: (track.fill(str(points)), track.press("Enter"))
        )
    assert page.page.inner_text("#status") == "verified"
    doc = page.doc()
    assert doc["player_state"]["Ann"]["score"] == 5
    result = verify_document(json.loads(json.dumps(doc)))
    assert result.status == "ok", result.findings
    assert result.scores is not None
    assert (page.total("Ann"), page.total("Ben")) == (
        result.scores.player("Ann").total,
        result.scores.player("Ben").total,
    )
    assert page.total("Ann") > 5
    page.close()


def _png_difference(browser: Any, first: bytes, second: bytes) -> float:
    """The share of pixels that differ between two PNGs of one size (decoded by Chromium)."""
    context = browser.new_context()
    page = context.new_page()
    share: float = page.evaluate(
        """async ([a, b]) => {
        const load = async (b64) => {
          const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
          const bitmap = await createImageBitmap(blob);
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const ctx = canvas.getContext("2d");
          ctx.drawImage(bitmap, 0, 0);
          return ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
        };
        const [x, y] = [await load(a), await load(b)];
        if (x.length !== y.length) return 1;
        let differ = 0;
        for (let i = 0; i < x.length; i += 4) {
          if (x[i] !== y[i] || x[i + 1] !== y[i + 1] || x[i + 2] !== y[i + 2]) differ += 1;
        }
        return differ / (x.length / 4);
    }""",
        [base64.b64encode(first).decode(), base64.b64encode(second).decode()],
    )
    context.close()
    return share


@pytest.mark.parametrize("name, viewport", [("phone", PHONE), ("desktop", DESKTOP)])
def test_screenshots_show_the_page(
    browser: Any, base_url: str, name: str, viewport: dict[str, int], tmp_path: Path
) -> None:
    page = Page(browser, base_url, viewport)
    build_harmonies(page)
    shot = page.page.screenshot()
    blank_context = browser.new_context(viewport=viewport)
    blank_page = blank_context.new_page()
    blank_page.goto("about:blank")
    blank = blank_page.screenshot()
    blank_context.close()
    assert _png_difference(browser, shot, blank) > 0.3  # most of the screen is drawn
    keep = os.environ.get("SCORER_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / f"{name}.png").write_bytes(shot)
        page.page.screenshot(path=str(Path(keep) / f"{name}-full.png"), full_page=True)
    width = page.page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= viewport["width"], "the page scrolls sideways"
    page.close()


def test_share_link_opens_the_same_board(browser: Any, base_url: str) -> None:
    page = Page(browser, base_url, PHONE)
    build_harmonies(page)
    page.page.click("#share-btn")
    page.page.wait_for_function("() => location.hash.startsWith('#p=')")
    link = page.page.evaluate("() => location.href")
    judge = Page(browser, link, DESKTOP)
    assert judge.doc() == page.doc()
    assert judge.total("Ann") == 10
    judge.close()
    page.close()


def test_a_share_link_over_the_limit_is_refused_with_a_message(browser: Any, base_url: str) -> None:
    """A few KiB of link inflating past 16 MiB: the page says so and keeps working."""
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b'{"a": "' + b"0" * (16 * 1024 * 1024) + b'"}') + packer.flush()
    link = base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    page = Page(browser, f"{base_url}#p={link}", PHONE)
    assert "too large" in page.page.inner_text("#notice")
    assert page.errors == []
    page.close()


def test_typing_goes_on_in_the_field_after_a_commit(browser: Any, base_url: str) -> None:
    """Issue 25: a committed claim box keeps the focus; digits typed next land in it."""
    page = Page(browser, base_url, PHONE)
    build_harmonies(page)
    claim = page.page.locator('input[aria-label="claimed total of Ann"]')
    page.after(lambda: (claim.fill("1"), claim.press("Enter")))
    assert page.page.evaluate("() => document.activeElement.dataset.key") == "claim|Ann|total"
    page.after(lambda: (page.page.keyboard.type("0"), page.page.keyboard.press("Enter")))
    assert page.doc()["claimed"] == {"scores": {"Ann": 10}}
    assert page.page.inner_text("#status") == "verified"
    page.close()


def test_new_starts_from_the_game_on_screen(browser: Any, base_url: str) -> None:
    page = Page(browser, base_url, PHONE)
    page.new_board("hacienda", "Ann, Ben", map="demo-7x6")
    page.page.click("#new-btn")
    assert page.page.input_value("#new-game") == "hacienda"
    assert page.page.is_visible("#new-map-row")
    assert not page.page.is_visible("#new-board-row")  # Citrus's row stays hidden
    page.close()


def test_a_citrus_plantation_away_from_every_finca_is_still_drawn(
    browser: Any, base_url: str
) -> None:
    """A plantation on the cart's landscape space, away from the fincas: CIT-POS-3, and the
    board is drawn (the printed tile back on its space), the finding's cell marked."""
    page = Page(browser, base_url, PHONE)
    page.new_board("citrus", "Ann, Ben", board="demo-1")
    page.tool("kind:lemon", owner="Ann")
    page.tap("3,1")
    assert "CIT-POS-3" in page.page.inner_text("#findings")
    assert page.page.locator("#board svg [data-cell]").count() > 20
    assert page.page.locator('#board [data-cell="3,1"].finding-cell').count() >= 1
    page.close()


def test_the_phone_button_and_the_share_notice(browser: Any, base_url: str) -> None:
    page = Page(browser, base_url, PHONE)
    page.page.click("#lan-btn")
    page.page.wait_for_selector("#lan-dialog[open] #lan-body p")
    assert "scorer serve --host 0.0.0.0" in page.page.inner_text("#lan-body")  # loopback here
    page.page.click("#lan-dialog button")
    page.page.click("#share-btn")
    page.page.wait_for_function("() => location.hash.startsWith('#p=')")
    notice = page.page.inner_text("#notice")
    assert "only where scorer serve runs" in notice
    assert page.page.locator("#notice button", has_text="Download the position").count() == 1
    page.close()
