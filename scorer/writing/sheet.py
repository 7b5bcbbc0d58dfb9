"""Score sheets as text: the tables, the ranking and the notes, within the terminal's width.

A table that fits is printed as ever: one row per player, one column per category. Narrower
than that (an 80-column terminal), the table is turned (one row per category, one column per
player, as a score pad is laid out); narrower still, each player is one block of wrapped
lines. ``width=None`` is no limit (output that is not a terminal, unless ``COLUMNS`` says).
"""

from __future__ import annotations

import io
import re
import textwrap
from collections.abc import Callable, Sequence
from itertools import chain

from scorer.core.printable import printable
from scorer.core.values import ScoreSheet

#: The console width of a table with no limit (rich never prints it narrower than itself).
CONSOLE_WIDTH = 120
#: Below this, lines are not folded further (a word per line helps nobody).
NARROWEST = 20


def render_sheet(sheet: ScoreSheet, color: bool = True, width: int | None = None) -> str:
    """A score sheet as text tables (earlier stages first), the ranking and notes, each line
    at most ``width`` columns where a line can be folded (None: as wide as a table is)."""
    blocks = [_table(f"{name.capitalize()} scoring", s, color, width) for name, s in sheet.stages]
    names = {name for name, _ in sheet.stages}
    title = "Game total" if "final" in names else "Final scoring" if names else "Scores"
    blocks.append(_table(title, sheet, color, width))
    blocks.append(fold(ranking_text(sheet), width))
    blocks.extend(fold(f"Note: {printable(n)}", width) for n in sheet.notes)
    if sheet.end_reason is not None:
        words = f" ({sheet.end_text})" if sheet.end_text else ""
        blocks.append(fold(printable(f"Game ended: {sheet.end_reason}{words}"), width))
    return "\n".join(b.rstrip("\n") for b in blocks if b) + "\n"


def ranking_text(sheet: ScoreSheet) -> str:
    """``Winner: …`` (with the tie-break only when players tied for first place) and the
    ``Ranking: 1. …; 2. …`` line; "" for one player or no ranking."""
    if not sheet.ranking:
        return ""
    if len(sheet.players) == 1:
        return ""
    places = []
    place = 1
    for tier in sheet.ranking:
        places.append(f"{place}. {' = '.join(tier)}")
        place += len(tier)
    winners = sheet.winners
    head = "Winner: " if len(winners) == 1 else "Shared victory: "
    shown = sheet.shown_tiebreak
    tiebreak = f" (tie-break: {shown})" if shown else ""
    winners_text = printable(", ".join(winners) + tiebreak)
    return head + winners_text + "\nRanking: " + printable("; ".join(places))


def fold(text: str, width: int | None, indent: str = "  ") -> str:
    """Each line of ``text`` longer than ``width`` wrapped at spaces, the continuation lines
    indented (a word longer than a line is cut)."""
    if width is None or not text:
        return text
    width = max(width, NARROWEST)
    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        out.extend(
            textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [""]
        )
    return "\n".join(out)


def _table(title: str, sheet: ScoreSheet, color: bool, width: int | None) -> str:
    header = ["player", *sheet.categories, "total", *sheet.extra_columns]
    rows = []
    for line in sheet.players:
        cells = [line.name, *(line.shown(c) for c in sheet.categories)]
        cells.append(str(line.total))
        cells.extend(_cell(line.extras.get(c, "")) for c in sheet.extra_columns)
        rows.append([printable(c) for c in cells])
    total = 1 + len(sheet.categories)
    if width is None or table_width(title, header, rows) <= width:
        return _printed(title, header, rows, color, bold=total)
    turned = [["", *(r[0] for r in rows)]] + [
        [name, *(r[k] for r in rows)] for k, name in enumerate(header[1:], 1)
    ]
    if table_width(title, turned[0], turned[1:]) <= width:
        return _printed(title, turned[0], turned[1:], color, bold_row=total - 1)
    return _blocks(title, header, rows, max(width, NARROWEST))


def narrowed(
    title: str, header: Sequence[str], rows: Sequence[Sequence[str]], color: bool, width: int | None
) -> str | None:
    """A table of counts that fits ``width``: without the columns that are all ``0``, then
    turned (a row per column); None when it fits as it is (or nothing fits)."""
    if width is None or not rows or table_width(title, header, rows) <= width:
        return None
    keep = [k for k in range(len(header)) if k < 2 or any(r[k] != "0" for r in rows)]
    header = [header[k] for k in keep]
    rows = [[r[k] for k in keep] for r in rows]
    if table_width(title, header, rows) <= width:
        return _printed(title, header, rows, color)
    turned = [["", *(r[0] for r in rows)]] + [
        [name, *(r[k] for r in rows)] for k, name in enumerate(header[1:], 1)
    ]
    if table_width(title, turned[0], turned[1:]) <= width:
        return _printed(title, turned[0], turned[1:], color)
    return None


def _printed(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    color: bool,
    bold: int | None = None,
    bold_row: int | None = None,
) -> str:
    plain = None if color else plain_table(title, header, rows)
    if plain is not None:
        return plain
    return _rich_table(title, header, rows, color, bold=bold, bold_row=bold_row)


def _blocks(title: str, header: Sequence[str], rows: Sequence[Sequence[str]], width: int) -> str:
    """One block per player: ``Ann: total 46`` and the other columns as wrapped lines."""
    total = header.index("total")
    lines = [title]
    for cells in rows:
        lines.extend(textwrap.wrap(f"{cells[0]}: total {cells[total]}", width) or [""])
        parts = [f"{name} {value}" for name, value in zip(header, cells, strict=True)]
        for group in (parts[1:total], parts[total + 1 :]):
            if group:
                lines.extend(
                    textwrap.wrap(
                        " · ".join(group),
                        width,
                        initial_indent="  ",
                        subsequent_indent="  ",
                        break_on_hyphens=False,
                    )
                )
    return "\n".join(lines) + "\n"


def table_width(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
    """How many columns the table takes (its title included): the widest cell of each column,
    a space either side and the rules between."""
    cells = (title, *header, *chain(*rows))
    measure: Callable[[str], int] = len
    if not all(c.isascii() for c in cells):
        from rich.cells import cell_len

        measure = cell_len
    widths = [max(measure(c) for c in column) for column in zip(header, *rows, strict=True)]
    return max(sum(widths) + 3 * len(widths) + 1, measure(title))


#: Text rich prints as it is: printable ASCII without markup ("[") and the dashes of cells not
#: scored (one column wide, as rich measures them); and no emoji code (``:name:``).
_PLAIN_TEXT = re.compile(r"[ -Z\]-~—–]*")
_EMOJI_CODE = re.compile(r":\S*:")


def plain_table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> str | None:
    """The table :func:`_rich_table` prints without colour (rich's heavy-head box, the first
    column left-aligned, the others right-aligned), built without importing rich; ``None``
    when rich could print it differently (text other than plain ASCII, white space around a
    cell, no rows, no title or one wider than the table). tests/test_tables.py compares both."""
    cells = (title, *header, *chain(*rows))
    if not rows or not title or not all(_plain_cell(c) for c in cells):
        return None
    widths = [max(len(c) for c in column) for column in zip(header, *rows, strict=True)]
    if len(title) > sum(widths) + 3 * len(widths) + 1:
        return None

    def row(cells: Sequence[str], bar: str) -> str:
        first = f" {cells[0].ljust(widths[0])} "
        rest = (f" {c.rjust(w)} " for c, w in zip(cells[1:], widths[1:], strict=True))
        return bar + bar.join((first, *rest)) + bar

    def rule(left: str, line: str, cross: str, right: str) -> str:
        return left + cross.join(line * (w + 2) for w in widths) + right

    top = rule("┏", "━", "┳", "┓")
    lines = [title.ljust(len(top)), top, row(header, "┃"), rule("┡", "━", "╇", "┩")]
    lines.extend(row(cells, "│") for cells in rows)
    lines.append(rule("└", "─", "┴", "┘"))
    return "\n".join(lines) + "\n"


def _plain_cell(text: str) -> bool:
    plain = _PLAIN_TEXT.fullmatch(text) and not _EMOJI_CODE.search(text)
    return bool(plain) and text == text.strip()


def _rich_table(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    color: bool,
    width: int = CONSOLE_WIDTH,
    bold: int | None = None,
    bold_row: int | None = None,
) -> str:
    """The table printed by rich (colour: the ``bold`` column or row, the total, in bold)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(title=title, title_justify="left")
    table.add_column(header[0])
    for k, name in enumerate(header[1:], 1):
        table.add_column(name, justify="right", style="bold" if k == bold else None)
    for k, cells in enumerate(rows):
        # Text, not str: a name such as "[bold]Ann" or ":x:" is shown as written, not as markup
        table.add_row(*(Text(c) for c in cells), style="bold" if k == bold_row else None)
    buffer = io.StringIO()
    # never narrower than the table itself: a column name cut to "penalti…" explains nothing
    natural = Console(width=1000).measure(table).maximum
    console = Console(
        file=buffer,
        width=max(width, natural),
        color_system="standard" if color else None,
        force_terminal=color,
        no_color=not color,
        highlight=False,
    )
    console.print(table)
    return buffer.getvalue()


def _cell(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)
