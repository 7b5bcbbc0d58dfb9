"""Parts of the static report's pages (``scorer report --html``): page names from file names,
claimed vs computed per category, the scoring items as text (no hover needed), phone CSS.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from pathlib import PurePath
from typing import Any

from scorer.core.values import ScoreItem, ScoreSheet

#: Added to the report's style sheet: readable on a phone (390 px), tables scroll sideways.
RESPONSIVE_CSS = """
.board{overflow-x:auto;-webkit-overflow-scrolling:touch}.board svg{width:100%;height:auto}
ul.items{margin:.2em 0 .6em;padding-left:1.2em}ul.items li{margin:.15em 0}
.items .rule,.muted{color:#666;font-size:.85em}
td.differs{background:#ffebe9;color:#c62828;font-weight:bold}td.agrees{color:#1a7f37}
details.player{margin:.4em 0}details.player summary{font-weight:bold;cursor:pointer}
#records{display:block;overflow-x:auto;max-width:100%}
p.counts span{margin-right:1em;white-space:nowrap}p.counts .muted{font-size:1em}
.beside,.wide.turned,.phone{display:none}
@media (max-width:600px){body{margin:.75em}th,td{padding:.25em .35em}
ul.findings li{overflow-wrap:anywhere}h1{font-size:1.15em;overflow-wrap:anywhere}
.wide.across{display:none}.wide.turned,.phone{display:block}
#records thead,#records td.status{display:none}
#records,#records tbody,#records tr,#records td{display:block}
#records tr{border:1px solid #bbb;margin:.5em 0;padding:.3em .5em}
#records td{border:0;padding:.1em 0;text-align:left;overflow-wrap:anywhere}
#records td:first-child{font-weight:bold}#records .beside{display:inline;margin-left:.5em}
#records td:nth-child(5):not(:empty)::before{content:"scores: ";color:#666;font-weight:normal}
#records td:nth-child(6):not(:empty)::before{content:"winner: ";color:#666;font-weight:normal}}
"""
#: The smallest text of a board picture on the page, in CSS px (the picture is drawn at least
#: this large; a phone scrolls it sideways rather than shrinking its legend).
MIN_TEXT_PX = 11
_FONT_SIZE = re.compile(r'font-size(?:="|:\s*)([0-9]*\.?[0-9]+)')
_SVG_WIDTH = re.compile(r'<svg\b[^>]*?\swidth="([0-9]*\.?[0-9]+)"')

Cell = tuple[str, str]  # a table cell: its HTML and its class ("" for none)


def board_box(svg: str) -> str:
    """The board picture in a box that scrolls sideways, drawn wide enough that its smallest
    text is :data:`MIN_TEXT_PX` (never narrower than the picture's own width)."""
    width = _SVG_WIDTH.search(svg)
    if width is None:
        return f'<div class="board">{svg}</div>'
    sizes = [float(v) for v in _FONT_SIZE.findall(svg) if float(v) > 0]
    scale = max(1.0, MIN_TEXT_PX / min(sizes)) if sizes else 1.0
    shown = round(float(width.group(1)) * scale)
    note = '<p class="muted phone">The board scrolls sideways.</p>'
    return f'<div class="board"><div style="width:{shown}px">{svg}</div></div>{note}'


def two_ways(table_id: str, cls: str, header: Sequence[str], rows: Sequence[Sequence[Cell]]) -> str:
    """A table with a row per player (``header`` escaped names, ``rows`` of cells, the first
    the player's name), and the same turned for phones, a row per column: both in the page,
    CSS shows the one that fits (``.across`` wider than 600 px, ``.turned`` narrower)."""

    def td(cell: Cell) -> str:
        html, klass = cell
        return f'<td class="{klass}">{html}</td>' if klass else f"<td>{html}</td>"

    def table(tid: str, klass: str, head: Sequence[str], body: Sequence[Sequence[Cell]]) -> str:
        ths = "".join(f"<th>{h}</th>" for h in head)
        trs = "".join(f"<tr>{''.join(td(c) for c in row)}</tr>" for row in body)
        return (
            f'<table id="{tid}" class="{klass}"><thead><tr>{ths}</tr></thead>'
            f"<tbody>{trs}</tbody></table>"
        )

    turned_head = ["", *(row[0][0] for row in rows)]
    turned = [[(header[k], ""), *(row[k] for row in rows)] for k in range(1, len(header))]
    return (
        f'<div class="wide across">{table(table_id, cls, header, rows)}</div>'
        f'<div class="wide turned">'
        f"{table(f'{table_id}-turned', f'{cls} turned', turned_head, turned)}</div>"
    )


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _stem(label: str, line: int | None) -> str:
    source = label.rsplit(":", 1)[0] if line is not None else label
    name = PurePath(source.replace("\\", "/")).name or "record"
    for suffix in (".json", ".ndjson", ".jsonl"):
        if name.lower().endswith(suffix):
            name = name[: -len(suffix)]
            break
    stem = _UNSAFE.sub("-", name).strip("-.") or "record"
    return f"{stem}-line{line}" if line is not None else stem


def slugs(records: Iterable[tuple[str, int | None]]) -> list[str]:
    """Page names for records given as (label, NDJSON line or None), in input order.

    The name is the file name without its extension (``games/r3t7.json`` → ``r3t7``; line 12
    of ``night.ndjson`` → ``night-line12``), made safe for any file system. When names
    collide (compared without case), the first record keeps the name and each later one gets
    a suffix from a hash of its own label (``r3t7-1a2b3c``): a page keeps its name when other
    records are added, unless one with the same name comes before it.
    """
    taken: set[str] = set()
    out = []
    for label, line in records:
        slug = _stem(label, line)
        if slug.lower() in taken:
            digest = hashlib.sha1(label.encode("utf-8")).hexdigest()
            k = 6
            while f"{slug}-{digest[:k]}".lower() in taken:
                k += 2
            slug = f"{slug}-{digest[:k]}"
        taken.add(slug.lower())
        out.append(slug)
    return out


def _claims_of(claimed: Mapping[str, Any], player: str, category: str) -> Any:
    if category == "total":
        return (claimed.get("scores") or {}).get(player)
    return ((claimed.get("breakdown") or {}).get(player) or {}).get(category)


def claims_table(sheet: ScoreSheet, claimed: Mapping[str, Any] | None) -> str:
    """Per player × category: the computed points and, where the players wrote one down, the
    claim beside it — marked where they differ. Empty when nothing was claimed."""
    if not claimed or not (claimed.get("scores") or claimed.get("breakdown")):
        return ""
    columns = [*sheet.categories, "total"]
    rows: list[list[Cell]] = []
    for line in sheet.players:
        cells: list[Cell] = [(escape(line.name), "")]
        for category in columns:
            computed = line.total if category == "total" else line.categories.get(category)
            claim = _claims_of(claimed, line.name, category)
            shown = "—" if computed is None else str(computed)
            if claim is None or isinstance(claim, bool) or not isinstance(claim, int):
                cells.append((shown, ""))
            elif computed is not None and claim != computed:
                cells.append((f"{shown} ≠ {claim}", "differs"))
            else:
                cells.append((f"{shown} ✓", "agrees"))
        rows.append(cells)
    header = ["player", *(escape(c) for c in columns)]
    return (
        "<h2>Claimed vs computed</h2>"
        + two_ways("claims", "claims", header, rows)
        + '<p class="muted">computed points; ✓ the players\' claim agrees, ≠ N they claimed N</p>'
    )


def _cells(item: ScoreItem) -> str:
    if not item.cells:
        return ""
    shown = ", ".join(f"[{c[0]},{c[1]}]" for c in item.cells[:10])
    more = f" and {len(item.cells) - 10} more" if len(item.cells) > 10 else ""
    return f' <span class="muted">cells {shown}{more}</span>'


def explanation(sheet: ScoreSheet, items: Sequence[ScoreItem]) -> str:
    """Every scoring item as text, per player and category (what the picture shows on hover)."""
    if not items:
        return ""
    blocks = []
    for line in sheet.players:
        parts = []
        for category in sheet.categories:
            mine = [i for i in items if i.player == line.name and i.category == category]
            if not mine:
                continue
            lis = "".join(
                f"<li>{escape(i.text)}: <b>{i.points}</b> "
                f'<span class="rule">[{escape(i.rule)}]</span>{_cells(i)}</li>'
                for i in mine
            )
            parts.append(
                f"<p>{escape(category)}: {line.categories.get(category, '—')}</p>"
                f'<ul class="items">{lis}</ul>'
            )
        body = "".join(parts) or '<p class="muted">nothing scored</p>'
        blocks.append(
            f'<details class="player" open><summary>{escape(line.name)}: '
            f"{line.total} points</summary>{body}</details>"
        )
    return "<h2>Why: every scoring item</h2>" + "".join(blocks)
