"""``scorer show --svg`` for Harmonies: every player's board side by side as flat-topped hexes.

Each cell shows its token stack as concentric discs (outer = bottom token, centre = top token),
its ``col,row`` coordinates, and a cube as a small square with the card's initial (white for
Animal cubes, lilac for the spirit cube). Scoring items are hexagon outlines in the category's
colour, nested by category so that a cell in several items shows each (dashed when the item
scores 0); islands (side B) are drawn as their boundary along the cell edges, the river as a
line through its path. Under each board: the category points and the cards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorer.core.svg import MARK_COLOUR, Svg, hex_corners, player_colours
from scorer.core.values import Mark, ScoreItem
from scorer.core.words import plural
from scorer.games.harmonies.board import (
    NEIGHBOURS,
    SIDE_CELLS,
    SIDE_SETS,
    TRACKS,
    Cell,
    to_axial,
    to_offset,
)
from scorer.games.harmonies.cards import SPIRIT_DATA
from scorer.games.harmonies.editor import editor_data as editor_data
from scorer.games.harmonies.explain import RULE, card_name
from scorer.games.harmonies.explain import explain as explain
from scorer.games.harmonies.render import render as render
from scorer.games.harmonies.rules import CATEGORIES
from scorer.games.harmonies.scoring import suns
from scorer.games.harmonies.state import PlayerState, State

S = 32.0  # hexagon circumradius
H = math.sqrt(3) * S  # row pitch
PAD = 16.0
HEAD = 34.0
LINE = 14.0
TOKEN: dict[str, str] = {
    "blue": "#3b83d1",
    "gray": "#9e9e9e",
    "brown": "#8b5a2b",
    "green": "#3f9b3a",
    "yellow": "#f4cf2a",
    "red": "#d9432f",
}
TOKEN_NOTE: dict[str, str] = {
    "blue": "water",
    "gray": "Mountain",
    "brown": "trunk",
    "green": "Tree top",
    "yellow": "Field",
    "red": "Building top",
}
#: Category → (outline colour, outline radius as a share of S).
OUTLINE: dict[str, tuple[str, float]] = {
    "trees": ("#0b6e2f", 0.9),
    "mountains": ("#111111", 0.9),
    "fields": ("#b07d00", 0.9),
    "buildings": ("#a31515", 0.9),
    "water": ("#0288d1", 0.9),
    "animals": ("#e65100", 0.66),
    "spirit": ("#7b1fa2", 0.78),
}
#: The axial direction across edge k of ``hex_corners`` (corner k to k+1, y downwards).
EDGE_DIRS: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DISCS = (0.52, 0.36, 0.2)
EMPTY = "#f5f0e3"
SPIRIT_CUBE = "#d7b8f3"


def _centre(ox: float, oy: float, cell: Cell) -> tuple[float, float]:
    col, row = cell
    return ox + S + 1.5 * S * col, oy + H / 2 + H * row + (H / 2 if col % 2 else 0)


def _board_size(side: str) -> tuple[float, float]:
    cols = max(c for c, _ in SIDE_CELLS[side]) + 1
    rows = max(r for _, r in SIDE_CELLS[side]) + 1
    return 1.5 * S * (cols - 1) + 2 * S, H * rows


def initials(player: PlayerState) -> dict[str, str]:
    """Card id → the shortest prefix of its name that no other card of the player shares."""
    cards = [h.card for h in player.cards] + ([player.spirit] if player.spirit else [])
    names = {c: card_name(c).replace(" ", "").replace("'", "") for c in cards}
    out = {}
    for card, name in names.items():
        k = 1
        while any(o != card and other[:k] == name[:k] for o, other in names.items()):
            k += 1
        out[card] = name[:k]
    return out


def _summary(
    state: State, player: PlayerState, items: Sequence[ScoreItem], mark: Mark | None
) -> list[tuple[str, str]]:
    pts = {
        c: sum(i.points for i in items if i.player == player.name and i.category == c)
        for c in CATEGORIES
    }
    water = next((i for i in items if i.player == player.name and i.category == "water"), None)
    if state.side == "A":
        river = f"river {len(water.cells)}" if water else "no river"
    else:
        n = sum(1 for i in items if i.player == player.name and i.category == "water")
        river = plural(n, "island")
    lines = [
        ("#222", f"trees {pts['trees']} · mountains {pts['mountains']} · fields {pts['fields']}"),
        ("#222", f"buildings {pts['buildings']} · water {pts['water']} ({river})"),
        ("#222", f"animals {pts['animals']} · spirit {pts['spirit']}"),
    ]
    short = initials(player)
    for held in player.cards:
        track = TRACKS[held.card]
        got = next(
            (
                i.points
                for i in items
                if i.player == player.name and i.category == "animals" and i.cells == held.cubes
            ),
            0,
        )
        lines.append(
            (
                "#444",
                f"[{short[held.card]}] {card_name(held.card)} "
                f"{len(held.cubes)}/{plural(len(track), 'cube')}: {got}",
            )
        )
    if player.spirit is not None:
        where = (
            f"cube at [{player.spirit_cube[0]},{player.spirit_cube[1]}]"
            if player.spirit_cube
            else "cube not placed"
        )
        lines.append(
            (
                "#444",
                f"[{short[player.spirit]}] {card_name(player.spirit)}, {where}: {pts['spirit']}",
            )
        )
    if mark is not None:
        rule = f" ({mark.rule})" if mark.rule else ""
        lines.append((MARK_COLOUR, f"offending cell [{mark.cell[0]},{mark.cell[1]}]{rule}"))
    return lines


def draw_svg(state: State, items: Sequence[ScoreItem], mark: Mark | None) -> str:
    """The boards of ``state`` with ``items`` highlighted and ``mark`` ringed (deterministic)."""
    side = state.side
    names = [p.name for p in state.players]
    colours = player_colours([(p.name, p.color) for p in state.players])
    marked = None
    if mark is not None:
        marked = mark.board if mark.board in names else names[state.seat % len(names)]
    bw, bh = _board_size(side)
    pw = max(bw + 2 * PAD, 250.0)
    summaries = [
        _summary(state, p, items, mark if p.name == marked else None) for p in state.players
    ]
    ph = HEAD + bh + 12 + LINE * max(len(s) for s in summaries) + PAD
    legend_rows = max(7, 4 + len(names))
    width = max(pw * len(names), 600.0) + 2 * PAD
    height = PAD + ph + 24 + 18 * legend_rows + PAD
    totals = {n: sum(i.points for i in items if i.player == n) for n in names}
    svg = Svg(
        width, height, f"Harmonies, side {side}: " + ", ".join(f"{n} {totals[n]}" for n in names)
    )
    svg.rect(0, 0, width, height, fill="#ffffff")
    for k, player in enumerate(state.players):
        ox = PAD + k * pw
        _panel(svg, state, player, ox, PAD, pw, ph, colours[player.name], totals[player.name])
        bx, by = ox + (pw - bw) / 2, PAD + HEAD
        _cells(svg, state, player, bx, by)
        for item in items:
            if (item.board or item.player) == player.name:
                _item(svg, side, item, bx, by)
        _labels(svg, side, bx, by)
        if mark is not None and marked == player.name:
            _mark(svg, mark, bx, by, bw, bh)
        y = by + bh + 12 + 10
        for colour, text in summaries[k]:
            svg.text(ox + 10, y, text, font_size=11, fill=colour)
            y += LINE
    _legend(svg, PAD, PAD + ph + 24, state, colours)
    return svg.render()


def _panel(
    svg: Svg,
    state: State,
    player: PlayerState,
    x: float,
    y: float,
    w: float,
    h: float,
    colour: str,
    total: int,
) -> None:
    svg.rect(x + 3, y, w - 6, h, fill="none", stroke=colour, stroke_width=2, rx=8)
    marker = " (to play)" if not state.over and state.players[state.seat] is player else ""
    if state.solo:
        rating = suns(total, state.options, player.spirit)
        marker = f", {plural(rating, 'sun')}{marker}"
    svg.text(
        x + 12,
        y + 22,
        f"{player.name}: {plural(total, 'point')}{marker}",
        font_size=15,
        font_weight="bold",
        fill=colour,
    )


def _cells(svg: Svg, state: State, player: PlayerState, bx: float, by: float) -> None:
    short = initials(player)
    svg.open_group(class_="board", data_player=player.name)
    for cell in SIDE_CELLS[state.side]:
        cx, cy = _centre(bx, by, cell)
        svg.polygon(
            hex_corners(cx, cy, S, False),
            fill=EMPTY,
            stroke="#8a8170",
            stroke_width=1,
            data_cell=f"{cell[0]},{cell[1]}",
        )
        for level, colour in enumerate(player.board.get(cell, ())):
            svg.circle(
                cx, cy, DISCS[level] * S, fill=TOKEN[colour], stroke="#333", stroke_width=0.8
            )
        card = player.cubes.get(cell)
        if card:
            text = short.get(card, card[:1].upper())
            w = 6 + 6 * len(text)
            fill = SPIRIT_CUBE if card in SPIRIT_DATA else "#ffffff"
            svg.rect(
                cx + 0.42 * S - w / 2,
                cy + 0.3 * S - 6,
                w,
                12,
                fill=fill,
                stroke="#222",
                stroke_width=1,
            )
            svg.text(
                cx + 0.42 * S,
                cy + 0.3 * S + 3.5,
                text,
                font_size=9,
                font_weight="bold",
                text_anchor="middle",
                fill="#111",
            )
    svg.close_group()


def _item(svg: Svg, side: str, item: ScoreItem, bx: float, by: float) -> None:
    colour, share = OUTLINE.get(item.category, ("#000000", 0.9))
    dash = "4 3" if item.points == 0 else None
    svg.open_group(
        class_="score-item",
        data_player=item.player,
        data_category=item.category,
        data_rule=item.rule,
        data_points=item.points,
    )
    svg.tooltip(f"{item.player}: {item.text}: {plural(item.points, 'point')} [{item.rule}]")
    cells = [c for c in item.cells if c in SIDE_SETS[side]]
    if item.rule == "HAR-SCORE-6":
        _island(svg, side, cells, bx, by, colour)
    else:
        for cell in cells:
            cx, cy = _centre(bx, by, cell)
            svg.polygon(
                hex_corners(cx, cy, share * S, False),
                fill="none",
                stroke=colour,
                stroke_width=2.2,
                stroke_dasharray=dash,
            )
    if item.rule == "HAR-SCORE-5" and len(cells) >= 2:
        pts = [_centre(bx, by, c) for c in cells]
        for (x1, y1), (x2, y2) in zip(
            pts, pts[1:] + pts[:1] if _loop(cells) else pts[1:], strict=False
        ):
            svg.line(
                x1,
                y1,
                x2,
                y2,
                stroke=colour,
                stroke_width=3,
                stroke_linecap="round",
                stroke_opacity=0.75,
            )
    svg.close_group()


def _loop(cells: Sequence[Cell]) -> bool:
    return len(cells) >= 3 and cells[-1] in NEIGHBOURS["A"][cells[0]]


def _island(svg: Svg, side: str, cells: Sequence[Cell], bx: float, by: float, colour: str) -> None:
    """An island: a faint outline of each cell and a thick line along every edge it shares
    with a blue cell (the separators that make it an island)."""
    outside = SIDE_SETS[side] - set(cells)  # the blue cells around it
    for cell in cells:
        cx, cy = _centre(bx, by, cell)
        corners = hex_corners(cx, cy, S, False)
        svg.polygon(
            hex_corners(cx, cy, 0.96 * S, False),
            fill="none",
            stroke=colour,
            stroke_width=0.8,
            stroke_opacity=0.35,
        )
        q, r = to_axial(cell)
        for k, (dq, dr) in enumerate(EDGE_DIRS):
            (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % 6]
            if to_offset(q + dq, r + dr) in outside:
                svg.line(x1, y1, x2, y2, stroke=colour, stroke_width=3.5, stroke_linecap="round")


def _labels(svg: Svg, side: str, bx: float, by: float) -> None:
    svg.open_group(
        class_="coords",
        font_size=8,
        text_anchor="middle",
        fill="#333",
        stroke="#ffffff",
        stroke_width=2.4,
        paint_order="stroke",
    )
    for cell in SIDE_CELLS[side]:
        cx, cy = _centre(bx, by, cell)
        svg.text(cx, cy + 0.8 * S, f"{cell[0]},{cell[1]}")
    svg.close_group()


def _mark(svg: Svg, mark: Mark, bx: float, by: float, bw: float, bh: float) -> None:
    cx, cy = _centre(bx, by, mark.cell)
    if not (bx - S <= cx <= bx + bw + S and by - S <= cy <= by + bh + S):
        cx, cy = min(max(cx, bx), bx + bw), min(max(cy, by), by + bh)
    svg.open_group(class_="mark", data_rule=mark.rule or None)
    svg.tooltip(
        f"offending cell [{mark.cell[0]},{mark.cell[1]}]" + (f" ({mark.rule})" if mark.rule else "")
    )
    svg.circle(cx, cy, 0.95 * S, fill="none", stroke=MARK_COLOUR, stroke_width=4)
    svg.close_group()


def _legend(svg: Svg, x: float, y: float, state: State, colours: dict[str, str]) -> None:
    svg.text(
        x,
        y - 8,
        "outer disc = bottom token, centre = top token; outlines = scoring "
        "items (hover for details)",
        font_size=11,
        fill="#333",
    )
    svg.legend(x, y, [(TOKEN[c], f"{c} token ({TOKEN_NOTE[c]})") for c in TOKEN])
    rules = {**RULE, "water": "HAR-SCORE-5" if state.side == "A" else "HAR-SCORE-6"}
    svg.legend(x + 200, y, [(OUTLINE[c][0], f"{c} ({rules[c]})") for c in CATEGORIES])
    svg.legend(x + 400, y, [(colours[p.name], f"player {p.name}") for p in state.players])
    extra_y = y + 18 * len(state.players)
    svg.open_group(class_="legend")
    entries = [("#ffffff", "Animal cube (card initial)"), (SPIRIT_CUBE, "spirit cube")]
    for i, (fill, label) in enumerate(entries):
        svg.rect(x + 400, extra_y + i * 18, 12, 12, fill=fill, stroke="#222")
        svg.text(x + 418, extra_y + i * 18 + 10, label, font_size=12)
    yy = extra_y + 36
    svg.rect(
        x + 400, yy, 12, 12, fill="none", stroke="#333", stroke_width=1.5, stroke_dasharray="3 2"
    )
    svg.text(x + 418, yy + 10, "dashed: scores 0", font_size=12)
    svg.circle(x + 406, yy + 24, 6, fill="none", stroke=MARK_COLOUR, stroke_width=2.5)
    svg.text(x + 418, yy + 28, "offending cell", font_size=12)
    svg.close_group()


#: The editor's picture is the picture: every cell of a board is drawn (and tappable).
draw_editor_svg = draw_svg


if TYPE_CHECKING:
    from scorer.core.roles import Pictures
    from scorer.games.harmonies import picture as _module

    _check: Pictures[State] = _module
