"""How a person enters a final position of each game on the page, tap by tap (``Table``
counts every gesture), for ``test_table.py``."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

Cell = tuple[int, int]


def key(cell: Any) -> str:
    return f"{cell[0]},{cell[1]}"


def _visible(node: Any) -> bool:
    return bool(
        node.evaluate(
            """e => { const r = e.getBoundingClientRect();
            const s = e.ownerSVGElement.getBoundingClientRect();
            const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
            return x > s.left && x < s.right && y > s.top && y < s.bottom; }"""
        )
    )


def show_part(page: Any, node: Any, touch: bool = False) -> int:
    """Show the part of a board in parts that holds ``node``; returns the taps it took."""
    taps = 0
    if not _visible(node):
        parts = page.locator("#board-parts [data-part]")
        for k in range(parts.count()):
            taps += 1
            parts.nth(k).tap() if touch else parts.nth(k).click()
            if _visible(node):
                break
    return taps


class Table:
    """A page of the app on a phone (or a desktop), counting taps."""

    def __init__(self, browser: Any, url: str, viewport: dict[str, int], touch: bool) -> None:
        self.context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
        self.page = self.context.new_page()
        self.touch = touch
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready]")
        self.taps = 0
        self.current: tuple[str, str | None] | None = None

    def after(self, action: Callable[[], object]) -> None:
        before = self.page.get_attribute("body", "data-ready")
        action()
        self.page.wait_for_function("n => document.body.dataset.ready !== n", arg=before)

    def press(self, target: Any, **kwargs: Any) -> None:
        """One tap on a locator (or a selector)."""
        node = self.page.locator(target).first if isinstance(target, str) else target
        self.taps += 1
        if self.touch:
            node.tap(**kwargs)
        else:
            node.click(**kwargs)

    def choose(self, select: Any, value: str) -> None:
        self.taps += 1
        select.select_option(value)

    def set_choice(self, select: Any, value: str) -> None:
        """Choose in a menu of the details (nothing when it already shows the value)."""
        if select.input_value() != value:
            self.after(lambda: self.choose(select, value))

    def type_in(self, field: Any, value: object) -> None:
        """Tap a field, type the value, Enter; wait for the server's answer (nothing when the
        field already holds it)."""
        if field.input_value() == str(value):
            return
        self.taps += 1
        self.after(lambda: (field.fill(str(value)), field.press("Enter")))

    def new_board(self, game: str, names: list[str], selects: dict[str, str]) -> None:
        self.press("#new-btn")
        if self.page.input_value("#new-game") != game:
            self.choose(self.page.locator("#new-game"), game)
        self.taps += 1
        self.page.fill("#new-players", ", ".join(names))
        for name, value in selects.items():
            row = self.page.locator(f"#new-{name}")
            if row.count():
                if row.input_value() != value:
                    self.choose(row, value)
            else:
                self.choose(self.page.locator(f'#new-variant [data-option="{name}"]'), value)
        self.after(lambda: self.press("#new-ok"))
        self.current = None

    def open_position(self, doc: Any) -> None:
        path = Path(tempfile.mkdtemp()) / f"{doc['game']}.json"
        path.write_text(json.dumps(doc))
        self.after(lambda: self.page.set_input_files("#open-file", str(path)))

    def tool(self, tool: str, owner: str | None = None) -> None:
        if self.current == (tool, owner):
            return
        if owner is not None and (self.current is None or self.current[1] != owner):
            self.press(f'[data-owner="{owner}"]')
        if self.current is None or self.current[0] != tool:
            self.press(f'[data-tool="{tool}"]')
        self.current = (tool, owner)

    def board(self, name: str) -> None:
        """Show a player's board (one at a time on a phone)."""
        tab = self.page.locator('[role="tab"]', has_text=name)
        if tab.count() and tab.first.get_attribute("aria-selected") != "true":
            self.press(tab.first)

    def cell(
        self, cell: Any, board: str | None = None, at: tuple[float, float] = (0.5, 0.5)
    ) -> None:
        """Tap a cell (showing its board and the part of the board that holds it first)."""
        if board is not None:
            self.board(board)
        scope = f'g.board[data-player="{board}"] ' if board else ""
        node = self.page.locator(f'{scope}[data-cell="{key(cell)}"]').first
        self.taps += show_part(self.page, node, self.touch)
        box = node.bounding_box()
        assert box is not None
        position = {"x": box["width"] * at[0], "y": box["height"] * at[1]}
        self.after(lambda: self.press(node, force=True, position=position))

    def details(self) -> None:
        if not self.page.eval_on_selector("#details-box", "d => d.open"):
            self.press("#details-box summary")

    def field(self, legend: str, label: str) -> Any:
        box = self.page.locator("#details fieldset", has_text=legend)
        return box.locator(f'[aria-label="{label}"]').first

    def total(self, player: str) -> int:
        return int(self.page.inner_text(f'button.num[aria-label^="{player} total:"]'))

    def claim(self, player: str, total: int) -> None:
        self.type_in(self.page.locator(f'input[aria-label="claimed total of {player}"]'), total)

    def doc(self) -> Any:
        return self.page.evaluate("() => window.scorerApp.doc")

    def close(self) -> None:
        assert not self.errors, self.errors
        self.context.close()


def harmonies(table: Table, final: Any) -> None:
    for name, board in final["boards"].items():
        by_stack: dict[str, list[Any]] = {}
        for entry in board["cells"]:
            by_stack.setdefault("-".join(entry["tokens"]), []).append(entry["cell"])
        for stack, cells in by_stack.items():
            table.tool(f"{'stack' if '-' in stack else 'token'}:{stack}")
            for cell in cells:
                table.cell(cell, name)
    table.details()
    for name, board in final["boards"].items():
        select = table.field(f"Cards — {name}", "Animal cards")
        for card in board["cards"]:
            table.after(lambda card=card, select=select: table.choose(select, card["card"]))
    for name, board in final["boards"].items():
        table.tool("cube")
        for card in board["cards"]:
            for cube in card["cubes"]:
                table.cell(cube, name)


def _toggle(table: Table, tool: str, owner: str | None, have: list[Any], want: list[Any]) -> None:
    for cell in [c for c in have if c not in want] + [c for c in want if c not in have]:
        table.tool(tool, owner)
        table.cell(cell)


def hacienda(table: Table, final: Any) -> None:
    blank = table.doc()
    for name, cells in final["land"].items():
        table.tool("land", name)
        for cell in cells:
            table.cell(cell)
    for name, herds in final["animals"].items():
        for animal, cells in herds.items():
            table.tool(f"animal:{animal}", name)
            for cell in cells:
                table.cell(cell)
    for name, cells in final["haciendas"].items():
        _toggle(table, "hacienda", name, blank.get("haciendas", {}).get(name, []), cells)
    for piece in final["water"]:
        table.tool("water")
        for k, cell in enumerate(piece):
            table.tool("water" if k == 0 else "water+")
            table.cell(cell)
    _toggle(table, "chip", None, blank.get("chips", []), final["chips"])
    table.details()
    for name in final["money"]:
        legend = f"Purse and track — {name}"
        table.type_in(table.field(legend, "pesos"), final["money"][name])
        table.type_in(table.field(legend, "score track"), final["track"][name])


def citrus(table: Table, final: Any) -> None:
    blank = table.doc()
    for region in final["regions"]:
        table.tool(f"kind:{region['kind']}", region["owner"] or "")
        for cell in region["cells"]:
            table.cell(cell)
        for well in region["wells"]:
            table.tool("well", region["owner"] or "")
            table.cell(well)
    _toggle(table, "bull", None, blank.get("bulls", []), final["bulls"])
    marked, fincas = blank.get("marked_sites", []), [f["site"] for f in blank.get("fincas", [])]

    def site(tool: str, letter: str) -> None:
        table.tool(tool)
        at = table.page.locator(f'[data-site="{letter}"]').first.get_attribute("data-cell")
        table.cell(tuple(map(int, (at or "").split(","))))

    for letter in final["marked_sites"]:
        if letter not in marked:
            site("marked", letter)
    for finca in final["fincas"]:
        if finca["site"] in marked:
            site("marked", finca["site"])
        if finca["site"] not in fincas:
            site("finca", finca["site"])
    table.details()
    legend = "Fincas (first / second majority values)"
    for finca in final["fincas"]:
        site = finca["site"]
        for part in ("first", "second"):
            table.type_in(table.field(legend, f"{site} {part}"), finca[part])
        scored = "true" if finca.get("scored") else "false"
        table.set_choice(table.field(legend, f"{site} scored"), scored)
    for name, state in final["player_state"].items():
        for label, value in (("score track", state["score"]), ("money", state["money"])):
            table.type_in(table.field(f"Player — {name}", label), value)


def _grown(tiles: list[Any]) -> list[Any]:
    """The tiles in an order that puts each beside one already placed (from [0, 0]), the
    same kind as the one before where possible."""
    left = {(t["at"][0], t["at"][1]): t for t in tiles}
    assert (0, 0) in left, "the landscape starts at [0, 0]"
    order, placed, kind = [], set(), None
    frontier = {(0, 0)}
    while left:
        ready = [c for c in left if c in frontier]
        pick = next((c for c in ready if left[c]["kind"] == kind), min(ready))
        tile = left.pop(pick)
        order.append(tile)
        kind = tile["kind"]
        placed.add(pick)
        x, y = pick
        frontier |= {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}
    return order


def kuhfstein(table: Table, final: Any) -> None:
    blank = table.doc()
    for name, board in final["boards"].items():
        for tile in _grown(board["tiles"]):
            table.tool(f"kind:{tile['kind']}")
            table.cell(tile["at"], name)
        table.tool("cow")
        for tile in board["tiles"]:
            if tile.get("cow"):
                table.cell(tile["at"], name)
        table.tool("tree")
        for sx, sy in board["trees"]:
            table.cell((sx + 1, sy + 1), name, at=(0.2, 0.2))  # the corner the four share
    table.details()
    cards = final["components"]["cards"]
    for name, board in final["boards"].items():
        legend = f"Landscape — {name}"
        box = table.page.locator("#details fieldset", has_text=legend)
        first, *rest = board["played"]
        _card_as_printed(table, box, cards[first])
        table.press(box.locator(".card-pick summary"))
        for card in rest:
            table.after(lambda c=card, b=box: table.press(b.locator(f'[data-card="{c}"]')))
        for label, value in (
            ("score track", board["score"]),
            ("cows in supply", board["cows_in_supply"]),
        ):
            table.type_in(table.field(legend, label), value)
        if blank["boards"][name].get("dealt") != board["dealt"]:
            raise AssertionError("the blank deals other scoring tiles than the game")
        table.set_choice(table.field(legend, "revealed"), board["revealed"])


def _card_as_printed(table: Table, box: Any, card: Any) -> None:
    """A card entered by its printed shape: each tap on a cell of the grid gives the next kind."""
    cycle = ["hay", "meadow", "forest", "lake", "house", "back"]
    table.press(box.locator(".card-seen summary"))
    for cell in card["cells"]:
        for _ in range(cycle.index(cell["face"]) + 1):
            table.press(box.locator(f'[data-shape="{cell["x"]},{cell["y"]}"]'))
    table.taps += 1
    box.locator('[aria-label="points printed on the card"]').fill(str(card["points"]))
    table.after(lambda: table.press(box.locator("[data-add-card]")))
    assert "Added card" in table.page.inner_text("#notice")


ENTRIES: dict[str, Callable[[Table, Any], None]] = {
    "harmonies": harmonies,
    "hacienda": hacienda,
    "citrus": citrus,
    "kuhfstein": kuhfstein,
}
