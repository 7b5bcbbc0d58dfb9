"""The component data of a Citrus record or position: for fingerprints and event profiles
(``component_data``), and the checks of it as written that setup and positions share
(``parse_layout``, ``parse_landscape``, ``parse_finca_set``, ``parse_supply``).

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

from scorer.core.cache import by_content
from scorer.core.components import Components, Part, absent, child, keyed, multiset
from scorer.core.errors import PathPart, RuleViolation
from scorer.games.citrus.board import Board, Cell, parse_board
from scorer.games.citrus.data import (
    BOARDS,
    FINCA_SETS,
    LAND_TYPES,
    LANDSCAPES,
    LAYOUTS,
    PRINTED_IDS,
    SIDE_SUPPLY,
    TOKENS,
)
from scorer.games.citrus.state import Options

#: The members of a record's ``setup`` (or of a position) that hold component data.
MEMBERS = ("board", "market_layout", "supply", "finca_tiles", "landscape")


def component_data(doc: Any) -> Components:
    """The parts of a schema-valid record (``setup``) or position (top level)."""
    is_record = "setup" in doc
    data = doc["setup"] if is_record else doc
    members = {k: data[k] for k in MEMBERS if k in data}
    return _parts("/setup" if is_record else "", doc.get("variant", {}), members)


@by_content
def _parts(base: str, variant: Any, data: Any) -> Components:
    """Built once per content (:func:`~scorer.core.cache.by_content`): the records of a batch
    with the same component data share these parts (read-only) and their fingerprint."""
    side = Options.parse(variant).board_side
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


# ---- the checks of component data as written (CIT-SETUP-3, -7, -9 ...; setup, positions) --
def parse_layout(form: Any, base: tuple[PathPart, ...]) -> dict[str, tuple[int, ...]]:
    """CIT-SETUP-9: ``cross12`` or an inline layout of 12 fields covered by lines of 1–4."""
    if isinstance(form, str):
        if form not in LAYOUTS:
            raise RuleViolation(
                "CIT-SETUP-9",
                f"unknown market layout {form!r}",
                base,
                {"expected": sorted(LAYOUTS), "found": form},
            )
        return LAYOUTS[form]
    if form["fields"] != 12:
        raise RuleViolation(
            "CIT-SETUP-9",
            "the market has 12 fields",
            (*base, "fields"),
            {"expected": 12, "found": form["fields"]},
        )
    lines: dict[str, tuple[int, ...]] = {}
    for name, fields in form["lines"].items():
        if (
            not name
            or not 1 <= len(fields) <= 4
            or len(set(fields)) != len(fields)
            or any(not 1 <= f <= 12 for f in fields)
        ):
            raise RuleViolation(
                "CIT-SETUP-9",
                f"line {name!r} must list 1–4 distinct fields of 1–12",
                (*base, "lines", name),
                {"found": fields},
            )
        lines[name] = tuple(fields)
    uncovered = sorted(set(range(1, 13)) - {f for fs in lines.values() for f in fs})
    if uncovered:
        raise RuleViolation(
            "CIT-SETUP-9",
            f"fields {uncovered} belong to no line",
            (*base, "lines"),
            {"found": uncovered},
        )
    return lines


def parse_landscape(
    form: Any, board: Board, base: tuple[PathPart, ...], require_all: bool = True
) -> dict[Cell, tuple[str, int]]:
    """CIT-SETUP-3 / CIT-LAND-2: one supported tile on each landscape space."""
    if isinstance(form, str):
        if form not in LANDSCAPES or not board.shipped or board.label != form:
            raise RuleViolation(
                "CIT-SETUP-3",
                f"unknown landscape data {form!r} for this board",
                base,
                {"expected": board.label if board.shipped else None, "found": form},
            )
        form = LANDSCAPES[form]
    out: dict[Cell, tuple[str, int]] = {}
    if len(form) > 30:
        raise RuleViolation(
            "CIT-SETUP-3", "more than 30 landscape tiles", base, {"found": len(form)}
        )
    for k, entry in enumerate(form):
        cell = (entry["at"][0], entry["at"][1])
        if cell not in board.spaces or cell in out:
            raise RuleViolation(
                "CIT-SETUP-3",
                f"{entry['at']} is not a free landscape space",
                (*base, k, "at"),
                {"found": entry["at"]},
            )
        typ = entry["type"]
        # CIT-LAND-2: supported landscape types only
        if typ not in LAND_TYPES:
            raise RuleViolation(
                "CIT-LAND-2",
                f"unsupported landscape tile type {typ!r}",
                (*base, k, "type"),
                {"expected": list(LAND_TYPES), "found": typ},
            )
        points = entry.get("points")
        if (typ == "horses") != (points is not None) or (points is not None and points < 1):
            raise RuleViolation(
                "CIT-SETUP-3",
                "horses need points ≥ 1, other tiles none",
                (*base, k),
                {"found": points},
            )
        out[cell] = (typ, points or 0)
    if require_all:
        missing = sorted(board.spaces - set(out))
        if missing:
            raise RuleViolation(
                "CIT-SETUP-3",
                f"landscape space {list(missing[0])} has no tile",
                base,
                {"found": [list(c) for c in missing]},
            )
    return out


def parse_finca_set(
    form: Any, base: tuple[PathPart, ...], printed: bool
) -> tuple[tuple[int, int], ...]:
    """CIT-SETUP-6: a shipped finca set or well-formed inline tiles (15 on a printed side)."""
    if isinstance(form, str):
        if form not in FINCA_SETS:
            raise RuleViolation(
                "CIT-SETUP-6",
                f"unknown finca tile set {form!r}",
                base,
                {"expected": sorted(FINCA_SETS), "found": form},
            )
        form = FINCA_SETS[form]
    tiles = []
    for k, tile in enumerate(form):
        if tile["first"] < tile["second"] or tile["second"] < 0:
            raise RuleViolation(
                "CIT-SETUP-6",
                "finca values must be first ≥ second ≥ 0",
                (*base, k),
                {"found": tile},
            )
        tiles.append((tile["first"], tile["second"]))
    if printed and len(tiles) != 15:
        raise RuleViolation(
            "CIT-SETUP-6",
            "a printed side has 15 finca tiles",
            base,
            {"expected": 15, "found": len(tiles)},
        )
    return tuple(tiles)


def parse_supply(
    form: dict[str, int] | None,
    side: str,
    printed: str | None,
    base: tuple[PathPart, ...],
    minimum: bool = True,
) -> dict[str, int]:
    """CIT-SETUP-7 (supply part; positions skip the 12-tile minimum)."""
    side_comp = SIDE_SUPPLY[printed or side]
    if form is None:
        return dict(side_comp)
    supply = {t: form.get(t, 0) for t in TOKENS}
    for token in sorted(form):
        if token not in TOKENS or form[token] < 0 or (printed and form[token] != side_comp[token]):
            raise RuleViolation(
                "CIT-SETUP-7",
                f"supply count of {token!r} is not allowed",
                (*base, token),
                {"expected": side_comp.get(token), "found": form[token]},
            )
    if printed:
        for token in TOKENS:
            if supply[token] != side_comp[token]:
                raise RuleViolation(
                    "CIT-SETUP-7",
                    f"the {printed} side holds {side_comp[token]} {token}",
                    (*base, token),
                    {"expected": side_comp[token], "found": supply[token]},
                )
    if minimum and sum(supply.values()) < 12:
        raise RuleViolation(
            "CIT-SETUP-7",
            "the supply holds fewer than 12 tiles",
            base,
            {"found": sum(supply.values())},
        )
    return supply
