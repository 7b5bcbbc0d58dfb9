"""``scorer show --svg`` for Kuhfstein: every landscape as a grid of coloured squares with
cows, trees, the scoring items outlined (hover for the item) and an offending cell marked."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from scorer.core.svg import MARK_COLOUR, Svg, player_colours
from scorer.core.values import Mark, ScoreItem
from scorer.core.words import plural
from scorer.games.kuhfstein.editor import editor_data as editor_data
from scorer.games.kuhfstein.explain import explain as explain
from scorer.games.kuhfstein.render import render as render
from scorer.games.kuhfstein.scoring import player_line
from scorer.games.kuhfstein.state import KINDS, Board, Cell, State

CELL = 46  # as large as a Harmonies hex: a landscape reads at the size of the other games
KIND_COLOUR = {
    "hay": "#f2d16b",
    "meadow": "#9bd37a",
    "forest": "#2f7d3b",
    "lake": "#5aa9e6",
    "house": "#c0504d",
}
ITEM_COLOUR = {"cards": "#000000", "trees": "#8a2be2", "scoring_tile": "#ff8c00"}
LEGEND_W = 230
LABEL_W, LABEL_H = 24, 14  # room for the coordinate labels
HEAD_H = 50  # the panel heading: name and total, track and scoring tile, trees and cows


def _bounds(
    state: State, index: int, mark: Mark | None, frontier: bool = False
) -> tuple[int, int, int, int]:
    cells = list(state.boards[index].tiles)
    if mark is not None and mark.board == state.names[index]:
        cells.append(mark.cell)
    if not cells:
        return 0, 0, 0, 0
    xs = [int(c[0]) for c in cells]
    ys = [int(c[1]) for c in cells]
    m = 1 if frontier else 0
    return min(xs) - m, min(ys) - m, max(xs) + m, max(ys) + m


def draw_svg(
    state: State, items: Sequence[ScoreItem], mark: Mark | None, frontier: bool = False
) -> str:
    """The landscapes side by side (seat order) with a legend, as SVG text. ``frontier``
    (the editor of ``scorer serve``) also draws the empty cells one step around each landscape
    as dashed squares, so that a tile can be put there; ``show --svg`` never sets it."""
    given = state.colours if len(state.colours) == len(state.names) else (None,) * len(state.names)
    colours = player_colours(list(zip(state.names, given, strict=True)))
    svg = Svg(0, 0, "Kuhfstein")
    svg.text(16, 24, "Kuhfstein", font_size=16, font_weight="bold")
    svg.text(
        16,
        42,
        f"phase {state.phase}; tiles left {state.tiles_left}, cards left "
        f"{state.deck_left}, trees left {state.trees_left}",
        font_size=12,
    )
    x0, height = 16.0, 0.0
    for i, name in enumerate(state.names):
        width, panel_h = _panel(svg, state, i, x0, 64, colours[name], items, mark, frontier)
        x0 += width + 24
        height = max(height, panel_h)
    bottom = _legend(svg, x0, 64)
    svg.width = x0 + LEGEND_W
    svg.height = max(64 + height, bottom) + 16
    background = Svg(0, 0, "")
    background.rect(0, 0, svg.width, svg.height, fill="#ffffff")
    svg.lines.insert(0, background.lines[0])
    return svg.render()


def _panel(
    svg: Svg,
    state: State,
    index: int,
    left: float,
    top: float,
    colour: str,
    items: Sequence[ScoreItem],
    mark: Mark | None,
    frontier: bool,
) -> tuple[float, float]:
    name = state.names[index]
    board = state.boards[index]
    box = _bounds(state, index, mark, frontier)
    minx, miny, maxx, maxy = box
    cols, rows = maxx - minx + 1, maxy - miny + 1
    width = max(LABEL_W + cols * CELL, 240)
    svg.open_group(class_="board", data_player=name)
    _heading(svg, state, index, left, top, colour)
    gx, oy = left + LABEL_W, top + HEAD_H + LABEL_H

    def at(cell: Cell) -> tuple[float, float]:
        return gx + (cell[0] - minx) * CELL, oy + (cell[1] - miny) * CELL

    _coordinates(svg, gx, oy, box)
    if frontier:
        _frontier(svg, board.tiles, box, at)
    _landscape(svg, board, at)
    _items(svg, name, items, at)
    for sx, sy in board.trees:
        x, y = at((sx + 1, sy + 1))
        svg.circle(x, y, CELL / 4, fill="#145a1e", stroke="#ffffff")
        svg.tooltip(f"tree on square [{sx},{sy}]")
    if mark is not None and mark.board == name:
        _mark(svg, mark, at)
    svg.close_group()
    return width, HEAD_H + LABEL_H + rows * CELL


def _heading(svg: Svg, state: State, index: int, left: float, top: float, colour: str) -> None:
    """Name and total, track and scoring tile, trees and cows."""
    name, board = state.names[index], state.boards[index]
    line = player_line(state, index)
    tile_points = line.categories["scoring_tile"]
    tile = f" ({line.beside['scoring_tile']})" if "scoring_tile" in line.beside else ""
    svg.text(
        left,
        top,
        f"{name}: {plural(line.total, 'point')}",
        font_size=16,
        font_weight="bold",
        fill=colour,
        class_="total",
        data_total=line.total,
    )
    svg.text(
        left,
        top + 18,
        f"track {board.score} + scoring tile {tile_points}{tile}",
        font_size=12,
        class_="track",
        data_track=board.score,
    )
    svg.text(
        left,
        top + 34,
        f"{plural(len(board.trees), 'tree')}, {plural(board.supply, 'cow')} in supply",
        font_size=12,
    )


def _coordinates(svg: Svg, gx: float, oy: float, box: tuple[int, int, int, int]) -> None:
    """The x labels above the columns, the y labels left of the rows."""
    minx, miny, maxx, maxy = box
    svg.open_group(class_="coordinates")
    for c in range(maxx - minx + 1):
        svg.text(
            gx + c * CELL + CELL / 2,
            oy - 4,
            str(minx + c),
            font_size=11,
            text_anchor="middle",
            fill="#555",
        )
    for r in range(maxy - miny + 1):
        svg.text(
            gx - 5,
            oy + r * CELL + CELL / 2 + 4,
            str(miny + r),
            font_size=11,
            text_anchor="end",
            fill="#555",
        )
    svg.close_group()


def _landscape(svg: Svg, board: Board, at: Callable[[Cell], tuple[float, float]]) -> None:
    """The tiles in reading order, each with its cow."""
    for cell in sorted(board.tiles, key=lambda c: (c[1], c[0])):
        x, y = at(cell)
        kind = board.tiles[cell]
        svg.rect(
            x,
            y,
            CELL,
            CELL,
            fill=KIND_COLOUR.get(kind, "#cccccc"),
            stroke="#555",
            data_cell=f"{cell[0]},{cell[1]}",
        )
        svg.tooltip(f"[{cell[0]},{cell[1]}] {kind}")
        if cell in board.cows:
            svg.circle(x + CELL / 2, y + CELL / 2, CELL / 5, fill="#ffffff", stroke="#000")


def _items(
    svg: Svg, name: str, items: Sequence[ScoreItem], at: Callable[[Cell], tuple[float, float]]
) -> None:
    """The player's scoring items with cells, outlined (hover for the item)."""
    for k, item in enumerate(i for i in items if i.board == name and i.cells):
        svg.open_group(
            class_="score-item", data_player=name, data_category=item.category, data_rule=item.rule
        )
        svg.tooltip(f"{item.text}: {plural(item.points, 'point')} [{item.rule}]")
        inset = 3 + 3 * (k % 3)
        for cell in item.cells:
            x, y = at(cell)
            svg.rect(
                x + inset,
                y + inset,
                CELL - 2 * inset,
                CELL - 2 * inset,
                fill="none",
                stroke=ITEM_COLOUR.get(item.category, "#000"),
                stroke_width=2,
            )
        svg.close_group()


def _mark(svg: Svg, mark: Mark, at: Callable[[Cell], tuple[float, float]]) -> None:
    """The offending cell of an illegal move."""
    x, y = at(mark.cell)
    svg.open_group(class_="mark", data_rule=mark.rule or None)
    svg.tooltip(
        f"offending cell [{mark.cell[0]},{mark.cell[1]}]" + (f" ({mark.rule})" if mark.rule else "")
    )
    svg.rect(x, y, CELL, CELL, fill="none", stroke=MARK_COLOUR, stroke_width=4)
    svg.close_group()


def _frontier(
    svg: Svg,
    tiles: Mapping[tuple[int, int], str],
    box: tuple[int, int, int, int],
    at: Callable[[tuple[int, int]], tuple[float, float]],
) -> None:
    """The empty cells of the box as dashed squares (tap targets of the editor)."""
    minx, miny, maxx, maxy = box
    svg.open_group(class_="frontier", fill="#fbfbf7", stroke="#b8b8b0", stroke_dasharray="3 3")
    for y in range(miny, maxy + 1):
        for x in range(minx, maxx + 1):
            if (x, y) not in tiles:
                px, py = at((x, y))
                svg.rect(px + 1, py + 1, CELL - 2, CELL - 2, data_cell=f"{x},{y}")
    svg.close_group()


def _legend(svg: Svg, x: float, y: float) -> float:
    svg.text(x, y, "Landscape kinds", font_size=13, font_weight="bold")
    y = svg.legend(x, y + 8, [(KIND_COLOUR[k], k) for k in KINDS])
    svg.text(x, y + 14, "Scoring items (hover)", font_size=13, font_weight="bold")
    y = svg.legend(x, y + 22, [(ITEM_COLOUR[c], c) for c in ITEM_COLOUR])
    svg.circle(x + 6, y + 8, 6, fill="#ffffff", stroke="#000")
    svg.text(x + 18, y + 12, "cow", font_size=12)
    svg.circle(x + 6, y + 26, 7, fill="#145a1e", stroke="#ffffff")
    svg.text(x + 18, y + 30, "tree (centre of its square)", font_size=12)
    svg.rect(x, y + 40, 12, 12, fill="none", stroke=MARK_COLOUR, stroke_width=3)
    svg.text(x + 18, y + 50, "offending cell of an illegal move", font_size=12)
    return y + 60


def draw_editor_svg(state: State, items: Sequence[ScoreItem], mark: Mark | None) -> str:
    """The picture of the web app's editor: ``draw_svg`` plus the empty cells one step around
    each landscape, to tap."""
    return draw_svg(state, items, mark, frontier=True)


if TYPE_CHECKING:
    from scorer.core.roles import Pictures
    from scorer.games.kuhfstein import picture as _module

    _check: Pictures[State] = _module
