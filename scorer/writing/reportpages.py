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
.board svg{max-width:100%;height:auto}
ul.items{margin:.2em 0 .6em;padding-left:1.2em}ul.items li{margin:.15em 0}
.items .rule,.muted{color:#666;font-size:.85em}
td.differs{background:#ffebe9;color:#c62828;font-weight:bold}td.agrees{color:#1a7f37}
details.player{margin:.4em 0}details.player summary{font-weight:bold;cursor:pointer}
#records{display:block;overflow-x:auto;max-width:100%}
@media (max-width:600px){body{margin:.75em}th,td{padding:.25em .35em}
ul.findings li{overflow-wrap:anywhere}h1{font-size:1.15em;overflow-wrap:anywhere}}
"""
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
    head = "".join(f"<th>{escape(c)}</th>" for c in columns)
    rows = []
    for line in sheet.players:
        cells = []
        for category in columns:
            computed = line.total if category == "total" else line.categories.get(category)
            claim = _claims_of(claimed, line.name, category)
            shown = "—" if computed is None else str(computed)
            if claim is None or isinstance(claim, bool) or not isinstance(claim, int):
                cells.append(f"<td>{shown}</td>")
            elif computed is not None and claim != computed:
                cells.append(f'<td class="differs">{shown} ≠ {claim}</td>')
            else:
                cells.append(f'<td class="agrees">{shown} ✓</td>')
        rows.append(f"<tr><td>{escape(line.name)}</td>{''.join(cells)}</tr>")
    return (
        '<h2>Claimed vs computed</h2><div class="wide"><table id="claims" '
        f'class="claims"><thead><tr><th>player</th>{head}</tr></thead><tbody>'
        f'{"".join(rows)}</tbody></table></div><p class="muted">computed points; ✓ the '
        "players' claim agrees, ≠ N they claimed N</p>"
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
