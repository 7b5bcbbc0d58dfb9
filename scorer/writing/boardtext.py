"""A game's terminal board (``scorer show``) fitted to the terminal's width.

Two kinds of line, told apart by what they hold:

* prose (a legend, a player's cards: a ``word: `` in it) is wrapped at spaces, its colour codes
  kept and not counted (a coloured legend is as wide as its letters);
* board rows (a row number first, no ``word: ``) would no longer line up if wrapped, so a
  board wider than the terminal is cut into vertical parts, each with the row numbers, one
  below the other. Neighbouring parts overlap by a few columns and a piece cut by a part's edge
  is left out of that part, so every piece is whole in some part. Rows holding colour codes
  are left whole (no game colours its rows today).
"""

from __future__ import annotations

import re
import textwrap

from scorer.writing.sheet import NARROWEST

#: A colour code (SGR) as the games and rich write them.
ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: A board row: its row number first.
ROW = re.compile(r" *\d+ ")
#: Columns two neighbouring parts of a board share (a piece is at most 3 wide).
OVERLAP = 4


def visible(text: str) -> str:
    return ANSI.sub("", text)


def fit_board(text: str, width: int | None) -> str:
    """``text`` (a terminal board and its legends) fitted to ``width`` columns (None: as is)."""
    if width is None:
        return text
    width = max(width, NARROWEST)
    out: list[str] = []
    block: list[str] = []
    for line in text.split("\n"):
        if _is_row(line):
            block.append(line)
            continue
        out.extend(_parts(block, width))
        block = []
        out.extend(_wrap(line, width) if ": " in visible(line) else [line])
    out.extend(_parts(block, width))
    return "\n".join(out)


def _is_row(line: str) -> bool:
    return ROW.match(line) is not None and ": " not in line


def _wrap(line: str, width: int) -> list[str]:
    """A prose line wrapped at spaces to ``width`` visible columns, continuation indented."""
    if len(visible(line)) <= width:
        return [line]
    lines: list[str] = []
    words: list[str] = []
    prefix, shown = "", 0
    for word in line.split(" "):
        size = len(visible(word))
        if words and shown + 1 + size > width:
            lines.append((prefix + " ".join(words)).rstrip())
            prefix, words, shown = "  ", [], 2
        if not words and prefix and not word:  # no blank at the start of a continuation
            continue
        shown += size + (1 if words else 0)
        words.append(word)
    lines.append((prefix + " ".join(words)).rstrip())
    if any(len(visible(x)) > width for x in lines):  # a word longer than a line: plain cut
        return textwrap.wrap(visible(line), width, subsequent_indent="  ") or [""]
    return lines


def _parts(rows: list[str], width: int) -> list[str]:
    """Board rows as they are when they fit (or hold colour codes), else cut in parts."""
    widest = max((len(r) for r in rows), default=0)
    if widest <= width or any("\x1b" in r for r in rows):
        return rows
    label = min(len(m.group()) for r in rows if (m := ROW.match(r)))
    step = width - label - OVERLAP
    starts = list(range(label, widest - OVERLAP, step))
    out: list[str] = []
    for k, start in enumerate(starts, 1):
        out.append(f"  (board, part {k} of {len(starts)})")
        out.extend(r[:label] + _cut(r, start, start + width - label) for r in rows)
    return out


def _cut(row: str, start: int, end: int) -> str:
    """``row[start:end]`` with a piece that an edge cuts blanked."""
    part = list(row[start:end])
    if start > 0 and start < len(row) and row[start - 1] != " ":
        k = 0
        while k < len(part) and part[k] != " ":
            part[k] = " "
            k += 1
    if end < len(row) and row[end] != " ":
        k = len(part) - 1
        while k >= 0 and part[k] != " ":
            part[k] = " "
            k -= 1
    return "".join(part).rstrip()
