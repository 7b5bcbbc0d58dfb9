"""``scorer show --svg`` for Citrus: the square-grid board (spec 3) as a deterministic SVG.

Cells are coloured by kind (field, landscape space, rock, site); plantation tiles by citrus kind
with a border in the owner's colour (grey dashes: neutral), a blue dot for a well and a worker
disc on one cell of every owned region; landscape tiles and bulls as octagons; fincas with their
values and a tick once scored; path fields as brown dots on the edge they share with their site.
Every score item with cells is a ``score-item`` group outlining its cells in the player's colour
(bold for end-of-game items, dashed for points scored during play); the offending cell of an
illegal move is ringed. A side panel holds the legend, the players and the market.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorer.core.svg import MARK_COLOUR, Svg, player_colours
from scorer.core.values import Mark, ScoreItem
from scorer.core.words import plural
from scorer.games.citrus.board import Cell
from scorer.games.citrus.data import KINDS
from scorer.games.citrus.editor import editor_data as editor_data
from scorer.games.citrus.explain import explain as explain
from scorer.games.citrus.render import render as render
from scorer.games.citrus.scoring import score
from scorer.games.citrus.state import State, kind_of, land_items, live, tile_items

S = 44  # cell size
LEFT, TOP = 34, 58  # board origin (room for coordinates and the title)
PANEL = 300  # width of the side panel
KIND_COLOUR = {
    "lemon": "#f7e15c",
    "orange": "#f5a623",
    "bloodorange": "#b8322a",
    "lime": "#8cc63f",
    "grapefruit": "#f4a3a8",
}
ABBREV = {"lemon": "Le", "orange": "Or", "bloodorange": "Bl", "lime": "Li", "grapefruit": "Gr"}
FIELD, SPACE, ROCK, SITE = "#f4eedc", "#d9e8c4", "#8c8c8c", "#e3d8c0"
FINCA, SCORED, PATH, WELL = "#8b5a2b", "#5b4636", "#8b5a2b", "#2f6fd6"
LAND = {
    "horses": ("#d6b27a", "#3a2a10"),
    "cart": ("#a9c0d6", "#1d3550"),
    "milestone": ("#c7b1dc", "#3c2555"),
    "bull": ("#6e4328", "#ffffff"),
}
FINAL = frozenset({"finca_final", "harvest_final", "horses", "unused_actions"})


def _xy(c: Cell) -> tuple[float, float]:
    return LEFT + c[0] * S, TOP + c[1] * S


def _octagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (
            cx + r * math.cos(math.radians(22.5 + 45 * k)),
            cy + r * math.sin(math.radians(22.5 + 45 * k)),
        )
        for k in range(8)
    ]


def draw_svg(state: State, items: Sequence[ScoreItem], mark: Mark | None) -> str:
    board = state.static.board
    names = state.static.names
    colours = state.static.colours or (None,) * len(names)
    colour = player_colours(list(zip(names, colours, strict=True)))
    width = LEFT + board.width * S + 24 + PANEL
    panel_bottom = _panel(Svg(0, 0, ""), state, colour, 0)  # a dry run to measure the panel
    height = max(TOP + board.height * S + 16, panel_bottom) + 20
    is_position = any(n.startswith("Position") for n in state.static.notes)
    when = "position" if is_position else f"after move {state.moves}"
    svg = Svg(width, height, f"Citrus, {when}")
    svg.rect(0, 0, width, height, fill="#ffffff")
    svg.text(
        LEFT,
        22,
        f"Citrus — board {board.label or 'inline'}, {when}"
        + (" (game over)" if state.over else ""),
        font_size=15,
        font_weight="bold",
    )
    _coordinates(svg, board.width, board.height)
    _cells(svg, state)
    _tiles(svg, state, colour)
    _items(svg, items, colour, names)
    if mark is not None:
        _mark(svg, mark, board.width, board.height)
    _panel(svg, state, colour, LEFT + board.width * S + 24)
    return svg.render()


def _coordinates(svg: Svg, w: int, h: int) -> None:
    svg.open_group(class_="coordinates", font_size=11, fill="#555", text_anchor="middle")
    for x in range(w):
        svg.text(LEFT + x * S + S / 2, TOP - 8, str(x))
    for y in range(h):
        svg.text(LEFT - 14, TOP + y * S + S / 2 + 4, str(y))
    svg.close_group()


def _cells(svg: Svg, state: State) -> None:
    board = state.static.board
    svg.open_group(class_="cells", stroke="#b5ab95", stroke_width=1)
    for (x, y), ch in sorted(board.kind.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        px, py = _xy((x, y))
        at = f"{x},{y}"
        if ch == "#":
            svg.rect(px, py, S, S, fill=ROCK, data_cell=at)
            svg.line(px + 6, py + S - 6, px + S - 6, py + 6, stroke="#6a6a6a", stroke_width=2)
        elif ch == "*":
            svg.rect(px, py, S, S, fill=SPACE, data_cell=at)
        elif ch == ".":
            svg.rect(px, py, S, S, fill=FIELD, data_cell=at)
        else:
            _site(svg, state, ch, px, py, at)
    svg.close_group()
    svg.open_group(class_="paths", fill=PATH, stroke="none")
    for letter, cells in sorted(board.paths.items()):
        sx, sy = board.sites[letter]
        for c in cells:
            mx = LEFT + (sx + c[0]) * S / 2 + S / 2
            my = TOP + (sy + c[1]) * S / 2 + S / 2
            svg.circle(mx, my, 3.5)
    svg.close_group()


def _site(svg: Svg, state: State, letter: str, px: float, py: float, at: str) -> None:
    site = state.sites.get(letter)
    status = site.status if site is not None else "empty"
    if site is not None and status == "finca":
        svg.rect(
            px, py, S, S, fill=SCORED if site.scored else FINCA, data_cell=at, data_site=letter
        )
        svg.text(
            px + S / 2,
            py + 17,
            letter,
            fill="#fff",
            font_size=15,
            font_weight="bold",
            text_anchor="middle",
            stroke="none",
        )
        svg.text(
            px + S / 2,
            py + 31,
            f"{site.first}/{site.second}",
            fill="#fff",
            font_size=11,
            text_anchor="middle",
            stroke="none",
        )
        if site.scored:
            svg.text(
                px + S - 4,
                py + S - 3,
                "✓",
                fill="#b6f5a8",
                font_size=14,
                text_anchor="end",
                stroke="none",
            )
        return
    svg.rect(px, py, S, S, fill=SITE, data_cell=at, data_site=letter)
    if status == "marked":
        svg.rect(
            px + 5, py + 5, S - 10, S - 10, fill="#fffaf0", stroke=FINCA, stroke_dasharray="3 2"
        )
    svg.text(
        px + S / 2,
        py + S / 2 + 5,
        letter,
        fill="#7d6a4f" if status == "marked" else "#aaa",
        font_size=14,
        text_anchor="middle",
        stroke="none",
    )


def _tiles(svg: Svg, state: State, colour: dict[str, str]) -> None:
    names = state.static.names
    svg.open_group(class_="plantations")
    index = state.static.board.index
    for c, token in tile_items(state):  # row-major
        region = state.regions[state.region_of[index[c]]]
        assert region is not None
        px, py = _xy(c)
        svg.rect(
            px + 1,
            py + 1,
            S - 2,
            S - 2,
            fill=KIND_COLOUR[kind_of(token)],
            stroke="none",
            fill_opacity=None if region.owner >= 0 else 0.45,
        )
        if region.owner >= 0:
            svg.rect(px + 4, py + 4, S - 8, S - 8, fill="none", stroke="#333", stroke_width=5)
            svg.rect(
                px + 4,
                py + 4,
                S - 8,
                S - 8,
                fill="none",
                stroke=colour[names[region.owner]],
                stroke_width=3,
            )
        svg.text(
            px + S - 7, py + 15, ABBREV[kind_of(token)], font_size=9, fill="#222", text_anchor="end"
        )
        if token.endswith("*"):
            svg.circle(px + S - 11, py + S - 11, 5, fill=WELL, stroke="#fff", stroke_width=1.5)
    svg.close_group()
    svg.open_group(class_="workers", stroke="#222", stroke_width=1.2)
    for r in live(state.regions):
        if r.owner >= 0:
            px, py = _xy(min(r.cells, key=lambda c: (c[1], c[0])))
            svg.circle(px + 12, py + 12, 6.5, fill=colour[names[r.owner]])
    svg.close_group()
    svg.open_group(class_="landscape", font_size=10, text_anchor="middle")
    for c, (kind, points) in land_items(state):  # row-major
        px, py = _xy(c)
        fill, ink = LAND[kind]
        svg.polygon(_octagon(px + S / 2, py + S / 2, S * 0.4), fill=fill, stroke="#555")
        label = (
            f"H{points}"
            if kind == "horses"
            else {"cart": "cart", "milestone": "mile", "bull": "bull"}[kind]
        )
        svg.text(px + S / 2, py + S / 2 + 4, label, fill=ink)
    svg.close_group()


def _items(
    svg: Svg, items: Sequence[ScoreItem], colour: dict[str, str], names: Sequence[str]
) -> None:
    svg.open_group(class_="score-items", fill="none")
    for item in items:
        if not item.cells:
            continue
        seat = names.index(item.player) if item.player in names else 0
        final = item.category in FINAL
        inset = 1.5 + 2.5 * seat
        svg.open_group(
            class_="score-item",
            data_player=item.player,
            data_category=item.category,
            data_rule=item.rule,
            stroke=colour.get(item.player, "#000"),
            stroke_width=2.5 if final else 1.5,
            stroke_dasharray=None if final else "5 3",
            stroke_opacity=1.0 if final else 0.75,
        )
        svg.tooltip(f"{item.player}: {item.text}: {plural(item.points, 'point')} [{item.rule}]")
        cells = set(item.cells)
        for c in sorted(cells, key=lambda c: (c[1], c[0])):
            px, py = _xy(c)
            svg.rect(px, py, S, S, fill="#000", fill_opacity=0.0, stroke="none")
            x0, y0, x1, y1 = px + inset, py + inset, px + S - inset, py + S - inset
            if (c[0], c[1] - 1) not in cells:
                svg.line(x0, y0, x1, y0)
            if (c[0], c[1] + 1) not in cells:
                svg.line(x0, y1, x1, y1)
            if (c[0] - 1, c[1]) not in cells:
                svg.line(x0, y0, x0, y1)
            if (c[0] + 1, c[1]) not in cells:
                svg.line(x1, y0, x1, y1)
        svg.close_group()
    svg.close_group()


def _mark(svg: Svg, mark: Mark, w: int, h: int) -> None:
    """A ring around the offending cell; a cell off the board is shown (dashed, labelled) on
    the nearest board cell."""
    x, y = min(max(mark.cell[0], 0), w - 1), min(max(mark.cell[1], 0), h - 1)
    off = (x, y) != mark.cell
    svg.open_group(class_="mark", data_rule=mark.rule or None)
    svg.tooltip(
        f"offending cell [{mark.cell[0]},{mark.cell[1]}]"
        + (" (off the board)" if off else "")
        + (f" ({mark.rule})" if mark.rule else "")
        + (f", move by {mark.board}" if mark.board else "")
    )
    svg.circle(
        LEFT + x * S + S / 2,
        TOP + y * S + S / 2,
        S * 0.55,
        fill="none",
        stroke=MARK_COLOUR,
        stroke_width=4,
        stroke_dasharray="6 4" if off else None,
    )
    if off:
        for k, line in enumerate(
            (
                f"Offending cell [{mark.cell[0]},{mark.cell[1]}] is off",
                "the board (dashed ring: nearest cell)",
            )
        ):
            svg.text(
                LEFT,
                TOP + h * S + 15 + 13 * k,
                line,
                font_size=11,
                fill=MARK_COLOUR,
                font_weight="bold",
            )
    svg.close_group()


def _panel(svg: Svg, state: State, colour: dict[str, str], x: float) -> float:
    """The legend, the players and the market; returns the y below them."""
    y = _legend(svg, state, colour, x)
    y = _players(svg, state, colour, x, y + 24)
    return _market(svg, state, x, y + 26)


def _legend(svg: Svg, state: State, colour: dict[str, str], x: float) -> float:
    """The colours and marks of the picture, and how to read it; returns the y below."""
    entries = [(KIND_COLOUR[k], f"{k} ({ABBREV[k]})") for k in KINDS]
    entries += [
        (WELL, "well (dot)"),
        (FIELD, "field"),
        (SPACE, "landscape space"),
        (ROCK, "rock"),
        (SITE, "site (dashed: marked)"),
        (FINCA, "finca first/second"),
        (SCORED, "finca scored (✓)"),
        ("#fbf0ae", "neutral region (faded, no border)"),
    ]
    entries += [(colour[n], f"{n}: border, worker disc") for n in state.static.names]
    svg.text(x, TOP - 8, "Legend", font_size=13, font_weight="bold")
    y = svg.legend(x, TOP, entries)
    y += 14
    for note in (
        "brown dot: path field of the site beside it",
        "octagon: wild horses H+points, cart, mile(stone), bull",
        "outlines in player colours: score items (hover:",
        "  text); dashed = scored in play, solid = at the end",
    ):
        svg.text(x, y, note, font_size=10, fill="#444")
        y += 13
    return y


def _players(svg: Svg, state: State, colour: dict[str, str], x: float, y: float) -> float:
    """Every player's points, money, workers and held tiles; returns the last line's y."""
    sheet = score(state)
    svg.open_group(class_="players")
    svg.text(x, y, "Players", font_size=13, font_weight="bold")
    for i, (name, p) in enumerate(zip(state.static.names, state.players, strict=True)):
        y += 18
        svg.rect(x, y - 10, 12, 12, fill=colour[name], stroke="#333")
        turn = " ◀" if i == state.turn and not state.over else ""
        held = ", ".join([f"H{h}" for h in p.horses] + list(p.actions)) or "nothing"
        points = plural(sheet.players[i].total, "point")
        svg.text(x + 18, y, f"{name}{turn}: {points} (track {p.score})", font_size=12)
        y += 15
        svg.text(
            x + 18,
            y,
            f"money {p.money}, workers home {p.mat}, holds {held}",
            font_size=10,
            fill="#444",
        )
    svg.close_group()
    return y


def _market(svg: Svg, state: State, x: float, y: float) -> float:
    """The market's twelve fields and the bag; returns the y below them."""
    svg.open_group(class_="market")
    svg.text(x, y, f"Market (bag {sum(state.bag.values())})", font_size=13, font_weight="bold")
    y += 8
    for k, token in enumerate(state.market):
        mx = x + k * 21
        svg.rect(
            mx, y, 18, 18, fill=KIND_COLOUR[kind_of(token)] if token else "#fff", stroke="#888"
        )
        if token and token.endswith("*"):
            svg.circle(mx + 13, y + 13, 3, fill=WELL)
        svg.text(mx + 9, y + 30, str(k + 1), font_size=9, text_anchor="middle", fill="#555")
    svg.close_group()
    return y + 32


#: The Pictures role (``render``, ``explain`` and ``editor_data`` are imported above): the
#: editor's picture is the picture, every cell of the board drawn (and tappable).
draw_editor_svg = draw_svg


if TYPE_CHECKING:
    from scorer.core.roles import Pictures
    from scorer.games.citrus import picture as _module

    _check: Pictures[State] = _module
