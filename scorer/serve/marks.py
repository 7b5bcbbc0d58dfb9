"""Findings → the board cells they concern, so the page can show each finding on its cell.

A finding's pointer names a value of the document as written. Walking from that value up to
at most two levels up, the first value that is a cell (``[x, y]``), an object holding one (``cell``,
``at``), or a short list of cells gives the cells; a ``/boards/<name>`` or ``/moves/<i>``
(the mover's board) on the way gives the board for games with one board per player.
"""

from __future__ import annotations

from typing import Any

from scorer.core.pointer import resolve, split, to_pointer
from scorer.core.values import VerifyResult

Cells = list[list[int]]
MAX_CELLS = 40
#: How far above the pointer a cell is looked for (``…/cells/3/tokens`` → ``…/cells/3``).
LEVELS_UP = 2


def _is_cell(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)


def _cells_of(value: Any) -> Cells:
    if _is_cell(value):
        return [list(value)]
    if isinstance(value, dict):
        for key in ("cell", "at", "cube"):
            if _is_cell(value.get(key)):
                return [list(value[key])]
        if isinstance(value.get("cells"), list):
            return _cells_of(value["cells"])
    if isinstance(value, list) and 0 < len(value) <= MAX_CELLS and all(map(_is_cell, value)):
        return [list(v) for v in value]
    return []


def _board(doc: Any, parts: list[str]) -> str | None:
    if len(parts) >= 2 and parts[0] == "boards":
        return parts[1]
    if len(parts) >= 2 and parts[0] == "moves" and parts[1].isdigit():
        try:
            player = resolve(doc, to_pointer(["moves", int(parts[1]), "player"]))
        except (KeyError, IndexError, ValueError, TypeError):
            return None
        return player if isinstance(player, str) else None
    return None


def mark_of(doc: Any, pointer: str) -> dict[str, Any] | None:
    """``{"board", "cells"}`` of the value at ``pointer`` (or an enclosing one), or None."""
    try:
        parts = split(pointer)
    except ValueError:
        return None
    for depth in range(len(parts), max(0, len(parts) - LEVELS_UP) - 1, -1):
        try:
            value = resolve(doc, to_pointer(parts[:depth]))
        except (KeyError, IndexError, ValueError, TypeError):
            continue
        cells = _cells_of(value)
        if cells:
            return {"board": _board(doc, parts), "cells": cells}
    return None


def finding_marks(doc: Any, result: VerifyResult) -> list[dict[str, Any]]:
    """One entry per finding that concerns cells: its index in ``findings``, board, cells."""
    out = []
    for k, finding in enumerate(result.findings):
        if not finding.pointer:
            continue
        mark = mark_of(doc, finding.pointer)
        if mark is not None:
            out.append({"finding": k, **mark})
    return out
