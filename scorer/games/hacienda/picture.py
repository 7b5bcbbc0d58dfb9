"""``scorer show --svg`` for Hacienda: the shared map as pointy-top hexes (rules/hacienda.md §3.1).

Spaces are filled by type; a land tile is an inner hexagon in its owner's colour (the terrain
stays visible as a rim), an animal tile a disc in the owner's colour with its letter, a
hacienda a small house, a harvest chip a gold dot; placed water tiles are light blue with
their piece outlined. Each score item is a group of rings around its cells, one ring size and
colour per category (dashed for the intermediate scoring, faint for 0 points).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from scorer.core.svg import MARK_COLOUR, Svg, hex_corners, player_colours
from scorer.core.values import Cell, Mark, ScoreItem
from scorer.core.words import plural
from scorer.games.hacienda.board import ANIMALS, MARKET, SPACE_TYPES
from scorer.games.hacienda.board import WATER as WATER_SPACE
from scorer.games.hacienda.editor import editor_data as editor_data
from scorer.games.hacienda.explain import explain as explain
from scorer.games.hacienda.render import render as render
from scorer.games.hacienda.scoring import CATEGORIES
from scorer.games.hacienda.state import ANIMAL, LAND, WATER, State

SPACE_COLOUR: Mapping[str, str] = {
    "mountain": "#9c8c7a",
    "forest": "#3f7d3a",
    "meadow": "#e3dc72",
    "rocks": "#c4c4c4",
    "swamp": "#6f6a4a",
    "pampas": "#d6ebb2",
    "market": "#f6efe2",
    "water": "#3f8fd6",
}
WATER_TILE = "#8cc8f2"
#: Ring colour and size (fraction of the hex) per score category.
RING: Mapping[str, tuple[str, float]] = {
    "markets": ("#111111", 0.95),
    "land_chains": ("#ffd400", 0.87),
    "haciendas": ("#ffffff", 0.79),
    "water": ("#00e5ff", 0.71),
    "money": ("#000000", 0.5),
    "herds": ("#9cff3c", 0.65),
}
SQ3 = math.sqrt(3)
#: Edge k of a pointy-top hex (corners k and k+1) faces the neighbour in direction EDGE[k].
EDGE: tuple[Cell, ...] = ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0))
LEGEND_W = 300


def _ink(colour: str) -> str:
    """Black or white text, whichever reads better on ``colour`` (#rrggbb)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


class _Layout:
    """Pixel positions of the hex centres: x = √3·(q + r/2), y = 1.5·r, scaled by ``size``."""

    def __init__(self, coords: Sequence[Cell], left: float, top: float) -> None:
        xs = [SQ3 * (q + r / 2) for q, r in coords]
        ys = [1.5 * r for _, r in coords]
        span = max(xs) - min(xs) + SQ3
        self.size = max(16.0, min(34.0, 900 / span))
        self.x0 = left + self.size * (SQ3 / 2 - min(xs))
        self.y0 = top + self.size * (1 - min(ys))
        self.width = span * self.size
        self.height = (max(ys) - min(ys) + 2) * self.size

    def centre(self, cell: Cell) -> tuple[float, float]:
        q, r = cell
        return self.x0 + self.size * SQ3 * (q + r / 2), self.y0 + self.size * 1.5 * r


def _house(svg: Svg, x: float, y: float, s: float) -> None:
    svg.polygon(
        [(x - s, y + s), (x - s, y - s * 0.2), (x, y - s), (x + s, y - s * 0.2), (x + s, y + s)],
        fill="#ffffff",
        stroke="#222222",
        stroke_width=1.2,
        class_="hacienda",
    )


def _spaces(svg: Svg, state: State, lay: _Layout, colours: Mapping[int, str]) -> None:
    board, cells, size = state.board, state.cells, lay.size
    font = max(6.0, size * 0.26)
    svg.open_group(class_="spaces")
    for s, cell in enumerate(board.coords):
        x, y = lay.centre(cell)
        kind, code = board.types[s], cells[s]
        fill = (
            WATER_TILE if code >= WATER and kind != WATER_SPACE else SPACE_COLOUR[SPACE_TYPES[kind]]
        )
        svg.polygon(
            hex_corners(x, y, size, True),
            fill=fill,
            stroke="#7a7a7a",
            stroke_width=0.8,
            data_cell=f"{cell[0]},{cell[1]}",
        )
        ink = _content(svg, state, s, (x, y, size), colours)
        if code >= WATER:
            _water_outline(svg, state, s, (x, y, size))
        if s in state.haciendas:
            _house(svg, x - size * 0.46, y - size * 0.18, size * 0.14)
        if s in state.chips:
            svg.circle(
                x + size * 0.46,
                y - size * 0.18,
                size * 0.13,
                fill="#ffbf00",
                stroke="#5a4500",
                stroke_width=1,
                class_="chip",
            )
        svg.text(
            x,
            y + size * 0.45,
            f"{cell[0]},{cell[1]}",
            font_size=f"{font:.1f}",
            fill=ink,
            text_anchor="middle",
            class_="coord",
        )
    svg.close_group()


def _content(
    svg: Svg,
    state: State,
    s: int,
    at: tuple[float, float, float],
    colours: Mapping[int, str],
) -> str:
    """What lies on space ``s`` (centre x, y, hex size): a land tile, an animal tile, a market
    id; the ink its coordinate is written in."""
    x, y, size = at
    kind, code = state.board.types[s], state.cells[s]
    if LAND <= code < ANIMAL:
        colour = colours[code - LAND]
        svg.polygon(
            hex_corners(x, y, size * 0.6, True), fill=colour, stroke="#222222", stroke_width=0.8
        )
        return _ink(colour)
    if ANIMAL <= code < WATER:
        owner, animal = divmod(code - ANIMAL, 4)
        svg.circle(
            x, y - size * 0.14, size * 0.34, fill=colours[owner], stroke="#222222", stroke_width=0.8
        )
        svg.text(
            x,
            y - size * 0.14 + size * 0.14,
            ANIMALS[animal][0].upper(),
            font_size=f"{size * 0.4:.1f}",
            font_weight="bold",
            fill=_ink(colours[owner]),
            text_anchor="middle",
        )
    elif kind == MARKET:
        svg.text(
            x,
            y + size * 0.02,
            state.board.market_ids[s],
            font_size=f"{size * 0.34:.1f}",
            font_weight="bold",
            text_anchor="middle",
        )
    elif kind == WATER_SPACE:
        return "#ffffff"
    return "#000000"


def _water_outline(svg: Svg, state: State, s: int, at: tuple[float, float, float]) -> None:
    """The edges of water space ``s`` (centre x, y, hex size) that border another piece."""
    x, y, size = at
    board, cells = state.board, state.cells
    cell, code = board.coords[s], cells[s]
    for k, (dq, dr) in enumerate(EDGE):
        n = board.index.get((cell[0] + dq, cell[1] + dr))
        if n is None or cells[n] != code:
            corners = hex_corners(x, y, size, True)
            (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % 6]
            svg.line(x1, y1, x2, y2, stroke="#1b4f8a", stroke_width=2)


def _items(svg: Svg, items: Sequence[ScoreItem], lay: _Layout) -> None:
    """Rings per item; the intermediate scoring's first (thin, dashed: the final rings of the
    same groups cover them)."""
    for item in sorted(items, key=lambda i: not i.text.startswith("intermediate")):
        colour, scale = RING.get(item.category, ("#000000", 0.5))
        inter = item.text.startswith("intermediate")
        svg.open_group(
            class_="score-item",
            data_player=item.player,
            data_category=item.category,
            data_rule=item.rule,
            data_points=item.points,
        )
        svg.tooltip(f"{item.player}: {item.text}: {plural(item.points, 'point')} [{item.rule}]")
        for cell in item.cells:
            x, y = lay.centre(cell)
            width = 1.2 if inter or not item.points else 2.2
            corners = hex_corners(x, y, lay.size * scale, True)
            if item.points and not inter:  # a dark edge keeps light rings visible
                svg.polygon(
                    corners,
                    fill="none",
                    stroke="#333333",
                    stroke_width=width + 1.6,
                    stroke_opacity=0.55,
                )
            svg.polygon(
                corners,
                fill="none",
                stroke=colour,
                stroke_width=width,
                stroke_opacity=None if item.points else 0.6,
                stroke_dasharray="4 3" if inter else None,
            )
        svg.close_group()


def _legend(
    svg: Svg,
    state: State,
    items: Sequence[ScoreItem],
    x: float,
    y: float,
    colours: Mapping[int, str],
) -> float:
    svg.text(x, y, "Players (points, pesos)", font_size=13, font_weight="bold")
    totals = [sum(i.points for i in items if i.player == p) for p in state.names]
    if state.track is not None:
        totals = [t + k for t, k in zip(totals, state.track, strict=True)]
    y = svg.legend(
        x,
        y + 8,
        [
            (colours[k], f"{p}: {plural(totals[k], 'point')}, {_pesos(state.money[k])}")
            for k, p in enumerate(state.names)
        ],
    )
    svg.text(x, y + 16, "Spaces", font_size=13, font_weight="bold")
    y = svg.legend(
        x,
        y + 24,
        [(SPACE_COLOUR[t], t) for t in SPACE_TYPES] + [(WATER_TILE, "water tile (piece outlined)")],
    )
    svg.text(x, y + 16, "Pieces", font_size=13, font_weight="bold")
    y += 24
    svg.open_group(class_="legend")
    svg.rect(x, y, 12, 12, fill="#888888", stroke="#333")
    svg.text(x + 18, y + 10, "land tile: inner hexagon in owner colour", font_size=12)
    svg.circle(x + 6, y + 24, 6, fill="#888888", stroke="#333")
    svg.text(x + 18, y + 28, "animal tile: C cattle, H horse, P pig, S sheep", font_size=12)
    _house(svg, x + 6, y + 42, 5)
    svg.text(x + 18, y + 46, "hacienda", font_size=12)
    svg.circle(x + 6, y + 60, 5, fill="#ffbf00", stroke="#5a4500")
    svg.text(x + 18, y + 64, "harvest chip", font_size=12)
    svg.close_group()
    y += 80
    svg.text(x, y, "Score rings (hover for the item)", font_size=13, font_weight="bold")
    entries = [
        (RING[c][0], f"{c} (HAC-SCORE-{k})")
        for k, c in enumerate(CATEGORIES, start=1)
        if c != "money"
    ]
    y = svg.legend(x, y + 8, entries)
    svg.text(x, y + 12, "dashed: intermediate scoring; faint: 0 points", font_size=11)
    svg.rect(x, y + 22, 12, 12, fill="none", stroke=MARK_COLOUR, stroke_width=3)
    svg.text(x + 18, y + 32, "offending cell of an illegal move", font_size=12)
    return y + 40


def draw_svg(state: State, items: Sequence[ScoreItem], mark: Mark | None) -> str:
    """The shared map with every piece, the items' rings and ``mark``, as SVG text."""
    n = len(state.names)
    given = state.colours if len(state.colours) == n else (None,) * n
    by_name = player_colours(list(zip(state.names, given, strict=True)))
    colours = {k: by_name[p] for k, p in enumerate(state.names)}
    coords = list(state.board.coords) + ([mark.cell] if mark is not None else [])
    lay = _Layout(coords, 16, 56)
    width = 16 + lay.width + 24 + LEGEND_W
    legend_x = 16 + lay.width + 24
    board = state.board
    title = f"Hacienda — {board.name or board.id or 'inline map'}"
    svg = Svg(width, 0, title)
    svg.text(16, 24, title, font_size=16, font_weight="bold")
    svg.text(16, 42, _status(state), font_size=12)
    _spaces(svg, state, lay, colours)
    _items(svg, items, lay)
    if mark is not None:
        x, y = lay.centre(mark.cell)
        svg.open_group(class_="mark", data_rule=mark.rule or None)
        svg.tooltip(
            f"offending cell [{mark.cell[0]},{mark.cell[1]}]"
            + (f" ({mark.rule})" if mark.rule else "")
        )
        svg.circle(x, y, lay.size * 0.98, fill="none", stroke=MARK_COLOUR, stroke_width=4)
        svg.close_group()
    bottom = _legend(svg, state, items, legend_x, 64, colours)
    svg.height = max(56 + lay.height, bottom) + 16
    background = Svg(0, 0, "")
    background.rect(0, 0, svg.width, svg.height, fill="#ffffff")
    svg.lines.insert(0, background.lines[0])
    return svg.render()


def _pesos(n: int) -> str:
    return plural(n, "peso")


def _status(state: State) -> str:
    if state.track is not None:
        return "position: one scoring event plus the points on the track"
    if state.final == 2:
        return (
            "game over: intermediate + final scoring"
            if state.inter_scores is not None
            else "game over: final scoring"
        )
    if state.inter_scores is not None:
        return (
            f"after the intermediate scoring (move {state.inter_after + 1}); "
            "provisional scoring of this board"
        )
    return "provisional scoring of this board (no scoring has taken place yet)"


#: The editor's picture is the picture: every space of the map is drawn (and tappable).
draw_editor_svg = draw_svg


if TYPE_CHECKING:
    from scorer.core.roles import Pictures
    from scorer.games.hacienda import picture as _module

    _check: Pictures[State] = _module
