"""The regions of a position document (spec 17, CIT-POS-1 … CIT-POS-5): cells, wells,
connectivity (``scorer.grid.regions``), maximality, owners and the path kinds. Part of the
checks of ``position``."""

from __future__ import annotations

from collections import Counter

from scorer.core.findings import Findings
from scorer.core.values import Json
from scorer.games.citrus.board import Board, Cell
from scorer.games.citrus.data import WORKERS
from scorer.grid.regions import group_of


def _cell(raw: list[int]) -> Cell:
    return (raw[0], raw[1])


def check_regions(
    doc: Json,
    board: Board,
    names: list[str],
    ck: Findings,
    finca_sites: set[str],
    family: bool,
) -> tuple[dict[Cell, str], list[int]]:
    """CIT-POS-1 … CIT-POS-5. Returns the tile on every cell and the owner seat per region."""
    tiles: dict[Cell, str] = {}
    where: dict[Cell, int] = {}
    owners: list[int] = []
    counts: Counter[str] = Counter()
    for k, reg in enumerate(doc["regions"]):
        owners.append(_owner(reg["owner"], k, names, counts, ck))
        _check_cells(reg, k, board, tiles, where, ck)
        # CIT-POS-3: a path field of a finca
        cells = [_cell(c) for c in reg["cells"]]
        if not any(s in finca_sites for c in cells for s in board.path_sites.get(c, ())):
            ck.add("CIT-POS-3", ("regions", k), "the region holds no path field of a finca")
    _check_maximal(doc, board, where, ck)
    if not family:
        _check_path_kinds(doc, board, tiles, where, ck)
    return tiles, owners


def _owner(owner: str | None, k: int, names: list[str], counts: Counter[str], ck: Findings) -> int:
    """CIT-POS-5: the owner of region ``k`` is a player or null, at most 5 regions each; the
    owner's seat (-1: neutral, or not a player)."""
    # CIT-POS-5: owners are players or null, at most 5 regions each
    if owner is not None and owner not in names:
        ck.add("CIT-POS-5", ("regions", k, "owner"), f"{owner!r} is not a player")
        return -1
    if owner is None:
        return -1
    counts[owner] += 1
    if counts[owner] == WORKERS + 1:
        ck.add("CIT-POS-5", ("regions", k, "owner"), f"{owner} owns more than {WORKERS} regions")
    return names.index(owner)


def _check_cells(
    reg: Json,
    k: int,
    board: Board,
    tiles: dict[Cell, str],
    where: dict[Cell, int],
    ck: Findings,
) -> None:
    """CIT-POS-1: the cells of region ``k`` are on the board, buildable, distinct, in one
    region only, and connected; its wells are its cells. Notes its tiles in ``tiles`` and
    ``where``."""
    # CIT-POS-1: cells on the board, buildable, distinct, in one region only
    cells = [_cell(c) for c in reg["cells"]]
    wells = {_cell(c) for c in reg.get("wells", [])}
    ok = True
    for m, c in enumerate(cells):
        if c not in board.buildable or c in tiles:
            ck.add(
                "CIT-POS-1",
                ("regions", k, "cells", m),
                f"{list(c)} cannot hold a tile of this region",
            )
            ok = False
            continue
        tiles[c] = reg["kind"] + ("*" if c in wells else "")
        where[c] = k
    for m, raw in enumerate(reg.get("wells", [])):
        if _cell(raw) not in cells:
            ck.add("CIT-POS-1", ("regions", k, "wells", m), f"{raw} is not a region cell")
    if ok and not _connected(set(cells), board):
        ck.add("CIT-POS-1", ("regions", k, "cells"), "the region is not connected")


def _check_maximal(doc: Json, board: Board, where: dict[Cell, int], ck: Findings) -> None:
    """CIT-POS-2: regions are maximal (no region touches an earlier one of its kind)."""
    # CIT-POS-2: regions are maximal
    reported: set[int] = set()
    for c, k in sorted(where.items(), key=lambda kv: kv[1]):
        for n in board.nbrs[c]:
            other = where.get(n)
            if (
                other is not None
                and other < k
                and k not in reported
                and doc["regions"][other]["kind"] == doc["regions"][k]["kind"]
            ):
                ck.add("CIT-POS-2", ("regions", k), "the region touches another region of its kind")
                reported.add(k)


def _check_path_kinds(
    doc: Json, board: Board, tiles: dict[Cell, str], where: dict[Cell, int], ck: Findings
) -> None:
    """CIT-POS-4: the path fields of a site hold distinct kinds (not in the family game)."""
    # CIT-POS-4: path kinds distinct
    for site, paths in sorted(board.paths.items()):
        seen: set[str] = set()
        for p in paths:
            if p in tiles:
                kind = tiles[p].rstrip("*")
                if kind in seen:
                    k = where[p]
                    m = [_cell(c) for c in doc["regions"][k]["cells"]].index(p)
                    ck.add(
                        "CIT-POS-4",
                        ("regions", k, "cells", m),
                        f"site {site}'s path fields hold two {kind} tiles",
                    )
                seen.add(kind)


def _connected(cells: set[Cell], board: Board) -> bool:
    return group_of(next(iter(cells)), cells, board.nbrs.__getitem__) == cells
