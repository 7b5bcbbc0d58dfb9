"""The board (spec 3): cell kinds, sites, path fields, rings and neighbour tables.

Everything is precomputed once per board so that placement checks only look up tuples. A board
is part of every state, so its tables are immutable: read-only ``MappingProxyType`` views of
dicts nothing else holds (``table``), the one exception to the pyrsistent collections of the
state. They never change after the board is built, and they are the most frequent reads of the
replay.

Every cell has a number (row-major, ``Board.cells`` / ``Board.index``): the state's board
vectors (``State.tiles``, ``region_of``, ``land``) are ``PVector``s indexed by it, and the hot
tables exist a second time by number (``nbrs_at``, ``paths_at`` ...), as tuples.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, TypeVar

from scorer.core.cache import by_content
from scorer.core.errors import PathPart, RuleViolation
from scorer.core.words import plural
from scorer.games.citrus.data import BOARDS, PRINTED_IDS, SIDE_SITES

K = TypeVar("K")
V = TypeVar("V")
#: A read-only lookup table of a board (see the module docstring).
Table = Mapping

Cell = tuple[int, int]
SITE_LETTERS = "ABCDEFGHIJKLMNO"
BOARD_CHARS = frozenset(".*# " + SITE_LETTERS)


@dataclass(frozen=True, slots=True)
class Board:
    """A parsed board. ``form`` is the board as written (an id string or the inline object)."""

    label: str
    shipped: bool
    printed: str | None  # "long" / "short" for dlp_long / dlp_short
    rows: tuple[str, ...]
    width: int
    height: int
    kind: Table[Cell, str]
    buildable: frozenset[Cell]
    sites: Table[str, Cell]
    site_at: Table[Cell, str]
    paths: Table[str, tuple[Cell, ...]]
    path_sites: Table[Cell, tuple[str, ...]]
    rings: Table[str, tuple[Cell, ...]]
    ring_sites: Table[Cell, tuple[str, ...]]
    nbrs: Table[Cell, tuple[Cell, ...]]
    spaces: frozenset[Cell]  # landscape spaces
    custom_paths: Table[str, tuple[Cell, ...]]
    free_nbrs: Table[Cell, tuple[Cell, ...]]  # the buildable neighbours of each cell
    #: Per site: the buildable cells of its ring, and whether the ring holds a site cell.
    ring_cells: Table[str, tuple[tuple[Cell, ...], bool]]
    # ---- the same tables by cell number (the state's board vectors are indexed by it) ----
    #: Every cell, row-major: ``cells[i]`` is the cell of number ``i``; ``index`` the inverse.
    cells: tuple[Cell, ...]
    index: Table[Cell, int]
    kind_at: str  # the cell characters, by number
    nbrs_at: tuple[tuple[int, ...], ...]
    free_nbrs_at: tuple[tuple[int, ...], ...]
    path_sites_at: tuple[tuple[str, ...], ...]  # () where the cell is no path field
    #: The other path fields (number, site) of the sites whose path field a cell is, site by
    #: site in the order of ``path_sites_at`` (what CIT-PATH-1 compares a new tile with).
    path_peers_at: tuple[tuple[tuple[int, str], ...], ...]
    ring_sites_at: tuple[tuple[str, ...], ...]  # () where the cell is in no ring
    paths_at: Table[str, tuple[int, ...]]
    rings_at: Table[str, tuple[int, ...]]
    ring_cells_at: Table[str, tuple[tuple[int, ...], bool]]


def _cell(value: Any) -> Cell | None:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    return None


def build_board(
    rows: tuple[str, ...],
    label: str,
    shipped: bool,
    printed: str | None,
    paths: dict[str, tuple[Cell, ...]],
) -> Board:
    """A board with its lookup tables (cached: boards are never modified)."""
    return _build(rows, label, shipped, printed, tuple(sorted(paths.items())))


@lru_cache(maxsize=256)
def _build(
    rows: tuple[str, ...],
    label: str,
    shipped: bool,
    printed: str | None,
    path_items: tuple[tuple[str, tuple[Cell, ...]], ...],
) -> Board:
    paths = dict(path_items)
    # the cells (row-major) and neighbours depend on the shape only: shared by equal shapes
    order, nbrs, around = _shape(tuple(row.translate(_MASK) for row in rows))
    flat = "".join(rows).replace(" ", "")  # the cell characters, in the order of ``order``
    special = [(order[m.start()], m.group()) for m in _NOT_BUILDABLE.finditer(flat)]
    sites = {ch: c for c, ch in special if ch in SITE_LETTERS}
    buildable = frozenset(order).difference([c for c, _ in special])
    free_nbrs = dict(nbrs)  # buildable neighbours: differ only next to the other cells
    for c, _ in special:
        for n in nbrs[c]:
            free_nbrs[n] = tuple(filter(buildable.__contains__, nbrs[n]))
    all_paths: dict[str, tuple[Cell, ...]] = {}
    rings: dict[str, tuple[Cell, ...]] = {}
    for letter, (x, y) in sorted(sites.items()):
        if letter in paths:
            all_paths[letter] = paths[letter]
        else:
            cross = ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
            all_paths[letter] = tuple(filter(buildable.__contains__, cross))
        rings[letter] = around[(x, y)]
    site_at = {c: s for s, c in sites.items()}
    ring_cells = {
        site: (
            tuple(c for c in ring if c in buildable),
            any(c not in buildable and c in site_at for c in ring),
        )
        for site, ring in rings.items()
    }
    return Board(
        label=label,
        shipped=shipped,
        printed=printed,
        rows=rows,
        width=max(len(r) for r in rows),
        height=len(rows),
        kind=table(dict(zip(order, flat, strict=True))),
        buildable=buildable,
        sites=table(sites),
        site_at=table(site_at),
        paths=table(all_paths),
        path_sites=table(_sites_of_cells(all_paths)),
        rings=table(rings),
        ring_sites=table(_sites_of_cells(rings)),
        nbrs=table(nbrs),
        spaces=frozenset(order[m.start()] for m in _SPACE.finditer(flat)),
        custom_paths=table(paths),
        free_nbrs=table(free_nbrs),
        ring_cells=table(ring_cells),
        **_numbered(order, flat, nbrs, free_nbrs, all_paths, rings, ring_cells),
    )


def _sites_of_cells(cells_of: dict[str, tuple[Cell, ...]]) -> dict[Cell, tuple[str, ...]]:
    """The inverse of a table of cells per site: the sites of every cell named."""
    sites_of: dict[Cell, list[str]] = {}
    for letter, cells in cells_of.items():
        for c in cells:
            sites_of.setdefault(c, []).append(letter)
    return {c: tuple(v) for c, v in sites_of.items()}


def _numbered(
    order: tuple[Cell, ...],
    flat: str,
    nbrs: Mapping[Cell, tuple[Cell, ...]],
    free_nbrs: Mapping[Cell, tuple[Cell, ...]],
    paths: dict[str, tuple[Cell, ...]],
    rings: dict[str, tuple[Cell, ...]],
    ring_cells: dict[str, tuple[tuple[Cell, ...], bool]],
) -> dict[str, Any]:
    """The tables of a board by cell number (the ``Board`` fields from ``cells`` on)."""
    index = {c: i for i, c in enumerate(order)}

    def numbers(cells: tuple[Cell, ...]) -> tuple[int, ...]:
        return tuple(index[c] for c in cells)

    path_sites, ring_sites = _sites_of_cells(paths), _sites_of_cells(rings)
    path_numbers = {s: numbers(v) for s, v in paths.items()}

    def peers(i: int, c: Cell) -> tuple[tuple[int, str], ...]:
        return tuple((p, s) for s in path_sites.get(c, ()) for p in path_numbers[s] if p != i)

    return {
        "cells": order,
        "index": table(index),
        "kind_at": flat,
        "nbrs_at": tuple(numbers(nbrs[c]) for c in order),
        "free_nbrs_at": tuple(numbers(free_nbrs[c]) for c in order),
        "path_sites_at": tuple(path_sites.get(c, ()) for c in order),
        "path_peers_at": tuple(peers(i, c) for i, c in enumerate(order)),
        "ring_sites_at": tuple(ring_sites.get(c, ()) for c in order),
        "paths_at": table(path_numbers),
        "rings_at": table({s: numbers(v) for s, v in rings.items()}),
        "ring_cells_at": table({s: (numbers(v[0]), v[1]) for s, v in ring_cells.items()}),
    }


def table(items: Mapping[K, V]) -> Mapping[K, V]:
    """A read-only view of a copy of ``items`` (a board table)."""
    return MappingProxyType(dict(items))


_MASK = str.maketrans(dict.fromkeys(".*#" + SITE_LETTERS, "x"))
_NOT_BUILDABLE = re.compile(r"[^.*]")
_SPACE = re.compile(r"\*")


@lru_cache(maxsize=64)
def _shape(
    mask: tuple[str, ...],
) -> tuple[tuple[Cell, ...], dict[Cell, tuple[Cell, ...]], dict[Cell, tuple[Cell, ...]]]:
    """The cells of a board shape (every character but a space is a cell) in row-major
    order, their orthogonal neighbours (right, left, down, up) and the ring of 8 around each
    (row by row, the cell itself left out)."""
    cells = tuple((x, y) for y, row in enumerate(mask) for x, ch in enumerate(row) if ch != " ")
    present = set(cells)
    nbrs = {
        (x, y): tuple(n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in present)
        for (x, y) in cells
    }
    around = {
        (x, y): tuple(
            (x + dx, y + dy)
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dx or dy) and (x + dx, y + dy) in present
        )
        for (x, y) in cells
    }
    return cells, nbrs, around


@by_content
def parse_board(form: Any, base: tuple[PathPart, ...], side: str | None = None) -> Board:
    """CIT-SETUP-2: a shipped id or a well-formed inline board. ``side`` is
    ``variant.board_side`` (None in positions, where the printed-side check is skipped).
    Parsed once per board as written (:func:`~scorer.core.cache.by_content`): the records
    of a batch carrying the same board share one Board."""
    if isinstance(form, str):
        # CIT-SETUP-2: a string names a shipped board
        if form not in BOARDS:
            raise RuleViolation(
                "CIT-SETUP-2",
                f"unknown board id {form!r}",
                base,
                {"expected": sorted(BOARDS), "found": form},
            )
        return build_board(BOARDS[form], form, True, None, {})
    rows = form["rows"]
    seen = _check_rows(rows, base)
    label = form.get("id", "")
    # CIT-SETUP-2: an inline id is not a shipped id; printed ids match the side and sites
    if label in BOARDS:
        raise RuleViolation(
            "CIT-SETUP-2",
            f"the inline board may not use the shipped id {label!r}",
            (*base, "id"),
            {"found": label},
        )
    printed = _printed_side(label, side, seen, base)
    tmp = build_board(tuple(rows), label, False, printed, {})
    paths = {
        letter: _custom_path(tmp, letter, cells, base)
        for letter, cells in form.get("paths", {}).items()
    }
    return build_board(tuple(rows), label, False, printed, paths)


def _check_rows(rows: list[str], base: tuple[PathPart, ...]) -> set[str]:
    """CIT-SETUP-2: at least one row, equal non-zero lengths, known characters, each site
    letter at most once. The site letters."""
    if not rows or not rows[0]:
        raise RuleViolation("CIT-SETUP-2", "the board has no cells", (*base, "rows"))
    seen: set[str] = set()
    for y, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise RuleViolation(
                "CIT-SETUP-2",
                f"row {y} has {plural(len(row), 'cell')}, row 0 has {len(rows[0])}",
                (*base, "rows", y),
                {"expected": len(rows[0]), "found": len(row)},
            )
        for ch in row:
            if ch not in BOARD_CHARS:
                raise RuleViolation(
                    "CIT-SETUP-2",
                    f"row {y} holds the unknown cell character {ch!r}",
                    (*base, "rows", y),
                    {"found": ch},
                )
            # CIT-SETUP-2: each site letter at most once
            if ch in SITE_LETTERS:
                if ch in seen:
                    raise RuleViolation(
                        "CIT-SETUP-2", f"site {ch} appears twice", (*base, "rows", y), {"found": ch}
                    )
                seen.add(ch)
    if all(ch == " " for row in rows for ch in row):
        raise RuleViolation("CIT-SETUP-2", "the board has no cells", (*base, "rows"))
    return seen


def _printed_side(
    label: str, side: str | None, seen: set[str], base: tuple[PathPart, ...]
) -> str | None:
    """CIT-SETUP-2: the printed side a printed id names ("long", "short"; None for another
    id), which must be the variant's side and hold the side's sites."""
    if label not in PRINTED_IDS:
        return None
    printed = "long" if label == "dlp_long" else "short"
    if side is not None and side != printed:
        raise RuleViolation(
            "CIT-SETUP-2",
            f"board {label} needs board_side {printed!r}",
            (*base, "id"),
            {"expected": printed, "found": side},
        )
    missing = sorted(set(SIDE_SITES[printed]) - seen)
    if missing:
        raise RuleViolation(
            "CIT-SETUP-2",
            f"board {label} lacks the sites {', '.join(missing)}",
            (*base, "rows"),
            {"expected": SIDE_SITES[printed], "found": "".join(sorted(seen))},
        )
    return printed


def _custom_path(
    board: Board, letter: str, cells: list[Any], base: tuple[PathPart, ...]
) -> tuple[Cell, ...]:
    """CIT-SETUP-2: a ``paths`` entry names a site of the board, and every path cell is a
    distinct free orthogonal neighbour of it."""
    if letter not in board.sites:
        raise RuleViolation(
            "CIT-SETUP-2",
            f"paths names {letter!r}, not a site of the board",
            (*base, "paths", letter),
            {"found": letter},
        )
    sx, sy = board.sites[letter]
    out: list[Cell] = []
    for k, raw in enumerate(cells):
        c = _cell(raw)
        if (
            c is None
            or c not in board.buildable
            or abs(c[0] - sx) + abs(c[1] - sy) != 1
            or c in out
        ):
            raise RuleViolation(
                "CIT-SETUP-2",
                f"path cell {raw} of site {letter} is not a "
                "distinct free orthogonal neighbour of the site",
                (*base, "paths", letter, k),
                {"found": raw},
            )
        out.append(c)
    return tuple(out)


def board_form(board: Board) -> Any:
    """The board as written in a record/position (an id, or the inline object)."""
    if board.shipped:
        return board.label
    out: dict[str, Any] = {}
    if board.label:
        out["id"] = board.label
    out["rows"] = list(board.rows)
    if board.custom_paths:
        out["paths"] = {k: [list(c) for c in v] for k, v in sorted(board.custom_paths.items())}
    return out
