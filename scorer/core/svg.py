"""A tiny deterministic SVG builder shared by the games' board pictures.

Same input, same bytes: coordinates are rounded to two decimals, attributes are written in a
fixed order, and nothing depends on time or hashing. No external assets (fonts are generic).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

#: Player colours by seat when a record gives none (colour-blind friendly, distinct in print).
PALETTE: tuple[str, ...] = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
NAMED: dict[str, str] = {
    "red": "#d62728",
    "blue": "#1f77b4",
    "green": "#2ca02c",
    "orange": "#ff7f0e",
    "purple": "#9467bd",
    "brown": "#8c564b",
    "yellow": "#e6c200",
    "black": "#333333",
    "white": "#f4f4f4",
    "gray": "#7f7f7f",
    "grey": "#7f7f7f",
    "pink": "#e377c2",
}
MARK_COLOUR = "#ff00ff"


def player_colours(players: Sequence[tuple[str, str | None]]) -> dict[str, str]:
    """Colour per player name: the record's ``color`` when it names one, else the palette."""
    out: dict[str, str] = {}
    for seat, (name, colour) in enumerate(players):
        out[name] = NAMED.get((colour or "").lower(), PALETTE[seat % len(PALETTE)])
    return out


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(attrs: dict[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        text = _num(value) if isinstance(value, float) else str(value)
        parts.append(f" {key.rstrip('_').replace('_', '-')}={quoteattr(text)}")
    return "".join(parts)


class Svg:
    """Collects elements; ``render()`` gives the document."""

    def __init__(self, width: float, height: float, title: str) -> None:
        self.width = width
        self.height = height
        self.title = title
        self.lines: list[str] = []
        self.depth = 1

    def _add(self, text: str) -> None:
        self.lines.append("  " * self.depth + text)

    def open_group(self, **attrs: object) -> None:
        self._add(f"<g{_attrs(attrs)}>")
        self.depth += 1

    def close_group(self) -> None:
        self.depth -= 1
        self._add("</g>")

    def polygon(self, points: Iterable[tuple[float, float]], **attrs: object) -> None:
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        self._add(f"<polygon points={quoteattr(pts)}{_attrs(attrs)}/>")

    def rect(self, x: float, y: float, w: float, h: float, **attrs: object) -> None:
        self._add(
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" '
            f'height="{_num(h)}"{_attrs(attrs)}/>'
        )

    def circle(self, x: float, y: float, r: float, **attrs: object) -> None:
        self._add(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}"{_attrs(attrs)}/>')

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: object) -> None:
        self._add(
            f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" '
            f'y2="{_num(y2)}"{_attrs(attrs)}/>'
        )

    def text(self, x: float, y: float, content: str, **attrs: object) -> None:
        self._add(f'<text x="{_num(x)}" y="{_num(y)}"{_attrs(attrs)}>{escape(content)}</text>')

    def tooltip(self, content: str) -> None:
        self._add(f"<title>{escape(content)}</title>")

    def legend(self, x: float, y: float, entries: Sequence[tuple[str, str]]) -> float:
        """Colour swatches with labels, one per line; returns the y below the legend."""
        self.open_group(class_="legend")
        for i, (colour, label) in enumerate(entries):
            self.rect(x, y + i * 18, 12, 12, fill=colour, stroke="#333")
            self.text(x + 18, y + i * 18 + 10, label, font_size=12)
        self.close_group()
        return y + len(entries) * 18

    def render(self) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(self.width)}" '
            f'height="{_num(self.height)}" viewBox="0 0 {_num(self.width)} '
            f'{_num(self.height)}" font-family="sans-serif">'
        )
        body = "\n".join(self.lines)
        return (
            f'<?xml version="1.0" encoding="UTF-8"?>\n{head}\n  <title>'
            f"{escape(self.title)}</title>\n{body}\n</svg>\n"
        )


def hex_corners(cx: float, cy: float, size: float, pointy: bool) -> list[tuple[float, float]]:
    """The six corners of a hexagon of circumradius ``size`` centred on (cx, cy)."""
    start = 30 if pointy else 0
    return [
        (
            cx + size * math.cos(math.radians(start + 60 * k)),
            cy + size * math.sin(math.radians(start + 60 * k)),
        )
        for k in range(6)
    ]
