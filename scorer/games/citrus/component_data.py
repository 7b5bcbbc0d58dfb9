"""The component data of a Citrus record or position, for fingerprints and event profiles.

Component data (spec 2, 3.6, 16.2) is the printed material: the board (its rows, the path
fields of every site, and whether it declares a printed side), the market layout, the
plantation tile stock (``supply``), the finca tile set and the landscape tiles. Shipped ids
are resolved to their data and omitted members take their defaults (16.2), so a record naming
``"demo-1"`` and one carrying the same board inline have the same component data. An inline
board's ``id`` is a free label (16.2) and is left out, except the reserved printed-side ids.

Dealt or drawn, hence not component data: start fincas, marked sites, the building-site deck,
the finca deck size, the market and the placement of the landscape tiles (15). The landscape
tiles are therefore compared as a multiset of tiles (type and points), and since the leftover
tiles leave the game (2), a record's tiles need only be among the event's.
"""

from __future__ import annotations

from typing import Any

from scorer.components import Components, Part, absent, child, keyed, multiset
from scorer.errors import RuleViolation
from scorer.games.citrus.board import parse_board
from scorer.games.citrus.data import (
    BOARDS,
    FINCA_SETS,
    LANDSCAPES,
    LAYOUTS,
    PRINTED_IDS,
    SIDE_SUPPLY,
    TOKENS,
    options_of,
)


def component_data(doc: Any) -> Components:
    """The parts of a schema-valid record (``setup``) or position (top level)."""
    is_record = "setup" in doc
    base = "/setup" if is_record else ""
    data = doc["setup"] if is_record else doc
    side = options_of(doc.get("variant", {}))["board_side"]
    board = data.get("board")
    printed = board.get("id") if isinstance(board, dict) else None
    printed = printed if printed in PRINTED_IDS else None
    return {
        "board": _board(board, base, side),
        "market_layout": _layout(data, base),
        "supply": _supply(data, base, side, printed),
        "finca_tiles": _fincas(data, base),
        "landscape": _landscape(data, base),
    }


def _board(form: Any, base: str, side: str) -> Part:
    where = child(base, "board")
    inline = isinstance(form, dict)
    rows = form.get("rows", []) if inline else list(BOARDS.get(form, ()))
    values: dict[str, Any] = {"rows": list(rows)}
    pointers = {"rows": child(where, "rows") if inline else where}
    given = form.get("paths", {}) if inline else {}
    try:
        paths = {s: sorted(cells) for s, cells in parse_board(form, ("x",), side).paths.items()}
    except (RuleViolation, KeyError, TypeError, ValueError):  # reported by CIT-SETUP-2
        paths = {s: sorted(tuple(c) for c in cells) for s, cells in given.items()}
    for site, cells in sorted(paths.items()):
        values[f"paths/{site}"] = [list(c) for c in cells]
        pointers[f"paths/{site}"] = child(where, "paths", site) if site in given else where
    if not inline and form not in BOARDS:
        values["id"] = form  # an unknown id (CIT-SETUP-2) stays as written
    label = form.get("id") if inline else None
    if label in PRINTED_IDS:
        values["printed"], pointers["printed"] = label, child(where, "id")
    return keyed(where, values, pointers)


def _layout(data: Any, base: str) -> Part:
    form = data.get("market_layout", "cross12")
    if isinstance(form, str):
        where = child(base, "market_layout") if "market_layout" in data else base
        return keyed(where, {k: list(v) for k, v in LAYOUTS.get(form, {}).items()})
    where = child(base, "market_layout")
    return keyed(where, form["lines"], child(where, "lines"))


def _supply(data: Any, base: str, side: str, printed: str | None) -> Part:
    form = data.get("supply")
    if form is None:
        default = SIDE_SUPPLY["long" if printed == "dlp_long" else "short" if printed else side]
        return keyed(base, {t: default[t] for t in TOKENS})
    where = child(base, "supply")
    values = {**dict.fromkeys(TOKENS, 0), **form}
    return keyed(where, values, {t: child(where, t) if t in form else where for t in values})


def _fincas(data: Any, base: str) -> Part:
    if "finca_tiles" not in data:
        return absent(base, "multiset")
    where = child(base, "finca_tiles")
    form = data["finca_tiles"]
    if isinstance(form, str):
        return multiset(where, [[t["first"], t["second"]] for t in FINCA_SETS.get(form, [])])
    return multiset(where, [[t["first"], t["second"]] for t in form], where)


def _landscape(data: Any, base: str) -> Part:
    form = data.get("landscape", [])
    where = child(base, "landscape") if "landscape" in data else base
    if isinstance(form, str):
        return multiset(where, [_tile(t) for t in LANDSCAPES.get(form, [])], complete=False)
    return multiset(where, [_tile(t) for t in form], where, complete=False)


def _tile(entry: Any) -> dict[str, Any]:
    tile = {"type": entry["type"]}
    if "points" in entry:
        tile["points"] = entry["points"]
    return tile
