"""Import Yucata / SpielByWeb ``.haz`` map files (rules/hacienda.md §3.5) into the canonical map.

``import_haz(text, file_name)`` returns the map as a plain dict in the canonical form of §3.3
(``id``, ``name``, ``author``, ``license``, ``spaces`` sorted by r then q, markets with ids).
A malformed file raises :class:`HazFormatError` with the 1-based line number and the rule ID.
"""

from __future__ import annotations

import re
from typing import Any

from scorer.core.values import ImportFailed

CODES: dict[int, str | None] = {
    1: None,
    2: "pampas",
    3: "meadow",
    4: "forest",
    5: "swamp",
    6: "rocks",
    7: "mountain",
    9: "market",
    10: "water",
}
MAX_ROWCOUNT = 100
#: Digits of the longest number a .haz file may write (ColCount, a [Hex] key or code): a
#: longer one is refused by its rule without being converted (the shipped files use at most 4).
MAX_DIGITS = 9
_LINE_END = re.compile(r"\r\n|\r|\n")
_DIGITS = re.compile(r"^[0-9]+$")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


class HazFormatError(ImportFailed, ValueError):
    """A ``.haz`` file that cannot be imported: ``line`` (1-based), ``message`` and ``rule``."""

    def __init__(self, line: int | None, message: str, rule: str = "HAC-HAZ-1") -> None:
        super().__init__(rule, message, line)
        self.args = (f"{line}: {message}" if line is not None else message,)


def map_id_for(file_name: str) -> str:
    """``FourKingdomsRedux.haz`` → ``haz-four-kingdoms-redux`` (§3.6)."""
    stem = _stem(file_name)
    text = re.sub(r"[^a-z0-9]+", "-", _CAMEL.sub("-", stem).lower()).strip("-")
    return f"haz-{text}"


def name_for(file_name: str) -> str:
    """``KnifeFight.haz`` → ``Knife Fight`` (the name used when MapName is empty or None)."""
    return _CAMEL.sub(" ", _stem(file_name))


def _stem(file_name: str) -> str:
    base = re.split(r"[\\/]", file_name)[-1]
    return base[:-4] if base.lower().endswith(".haz") else base


def _lines(text: str) -> list[str]:
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = _LINE_END.split(text)
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines


Entry = tuple[int, str, str]  # line number, key, value


def _sections(lines: list[str]) -> tuple[list[Entry], list[Entry], int, int]:
    """Steps 1-4: the Control and Hex entries, and the line numbers of their headers."""
    control: list[Entry] = []
    hexes: list[Entry] = []
    current: str | None = None
    headers: dict[str, int] = {}
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip().lower()
            headers.setdefault(current, number)
            continue
        if current is None:
            raise HazFormatError(number, "a line before the first section header")
        if current not in ("control", "hex"):
            continue
        # HAC-HAZ-1: every line inside Control or Hex is key=value
        if "=" not in line:
            raise HazFormatError(number, f"expected key=value in [{current}], found {line!r}")
        key, _, value = line.partition("=")
        (control if current == "control" else hexes).append((number, key.strip(), value.strip()))
    last = len(lines)
    for section in ("control", "hex"):
        # HAC-HAZ-1: both sections are present
        if section not in headers:
            raise HazFormatError(last, f"the file has no [{section.capitalize()}] section")
    return control, hexes, headers["control"], headers["hex"]


def _number(text: str) -> int | None:
    """``text`` as a decimal integer of at most MAX_DIGITS digits, else None."""
    return int(text) if _DIGITS.match(text) and len(text) <= MAX_DIGITS else None


def _shown(text: str) -> str:
    """``text`` for a message: a number of absurd length shortened to its first digits."""
    return repr(text) if len(text) <= 20 else f"'{text[:12]}…' ({len(text):,} characters)"


def _grid_size(control: list[Entry], header: int) -> tuple[int, int, dict[str, str]]:
    """Step 5: ColCount C, RowCount W and the other control values (first occurrence)."""
    found: dict[str, tuple[int, str]] = {}
    info: dict[str, str] = {}
    for number, key, value in control:
        low = key.lower()
        if low in ("colcount", "rowcount"):
            # HAC-HAZ-2: once each, as decimal integers
            if low in found:
                raise HazFormatError(number, f"{key} occurs twice", "HAC-HAZ-2")
            if not _DIGITS.match(value):
                raise HazFormatError(
                    number, f"{key} is not a decimal integer: {_shown(value)}", "HAC-HAZ-2"
                )
            if _number(value) is None:
                raise HazFormatError(
                    number,
                    f"{key} has more than {MAX_DIGITS} digits: {_shown(value)}",
                    "HAC-HAZ-2",
                )
            found[low] = (number, value)
        else:
            info.setdefault(low, value)
    for key in ("ColCount", "RowCount"):
        if key.lower() not in found:
            raise HazFormatError(header, f"[Control] has no {key}", "HAC-HAZ-2")
    (c_line, c_text), (w_line, w_text) = found["colcount"], found["rowcount"]
    cols, width = int(c_text), int(w_text)
    if cols < 1:
        raise HazFormatError(c_line, f"ColCount must be at least 1, found {cols}", "HAC-HAZ-2")
    if not 1 <= width <= MAX_ROWCOUNT:
        raise HazFormatError(
            w_line, f"RowCount must be 1 to {MAX_ROWCOUNT}, found {width}", "HAC-HAZ-2"
        )
    return cols, width, info


def _cells(hexes: list[Entry], cols: int, width: int) -> dict[tuple[int, int], str]:
    """Steps 6-8: the (x, y) grid positions and their space types (code 1 left out)."""
    seen: set[int] = set()
    parity: int | None = None
    cells: dict[tuple[int, int], str] = {}
    for number, key, value in hexes:
        # HAC-HAZ-3: a decimal key, inside the grid, once
        if not _DIGITS.match(key):
            raise HazFormatError(number, f"[Hex] key {key!r} is not a decimal integer", "HAC-HAZ-3")
        code_key = _number(key)
        if code_key is None:
            raise HazFormatError(
                number, f"[Hex] key {_shown(key)} has more than {MAX_DIGITS} digits", "HAC-HAZ-3"
            )
        y, x = divmod(code_key, 100)
        if y >= cols or x >= width:
            raise HazFormatError(
                number,
                f"[Hex] key {key} (row {y}, column {x}) lies outside the grid of {cols} × {width}",
                "HAC-HAZ-3",
            )
        if code_key in seen:
            raise HazFormatError(number, f"[Hex] key {key} occurs twice", "HAC-HAZ-3")
        seen.add(code_key)
        # HAC-HAZ-4: one parity of x + y for the whole file
        if parity is None:
            parity = (x + y) % 2
        elif (x + y) % 2 != parity:
            raise HazFormatError(
                number,
                f"[Hex] key {key}: row {y} + column {x} has the other "
                "parity than the file's first key",
                "HAC-HAZ-4",
            )
        # HAC-HAZ-5: a known code
        code = _number(value)
        if code not in CODES:
            raise HazFormatError(
                number,
                f"[Hex] key {key}: unknown code {_shown(value)} "
                f"(known: {', '.join(map(str, CODES))})",
                "HAC-HAZ-5",
            )
        space = CODES[code]
        if space is not None:
            cells[(x, y)] = space
    return cells


def import_haz(
    text: str,
    file_name: str,
    *,
    map_id: str | None = None,
    name: str | None = None,
    author: str | None = None,
    license: str | None = None,
    seven_is_rocks: bool = False,
) -> dict[str, Any]:
    """The canonical map of a ``.haz`` file (§3.5): ``id`` from ``file_name`` unless
    ``map_id``, ``name`` from ``MapName`` (or the file name) unless ``name``, ``author`` from the
    file unless given, ``license`` only when given; ``seven_is_rocks`` swaps the rocks/mountain
    assignment of codes 6 and 7. Raises HazFormatError (with the line number)."""
    lines = _lines(text)
    control, hexes, header, _ = _sections(lines)
    cols, width, info = _grid_size(control, header)
    cells = _cells(hexes, cols, width)
    swap = {"rocks": "mountain", "mountain": "rocks"} if seven_is_rocks else {}
    spaces: list[dict[str, Any]] = []
    for (x, y), kind in cells.items():
        mirrored = width - 1 - x
        p = (mirrored + y) % 2
        spaces.append({"q": (mirrored - y - p) // 2, "r": y, "t": swap.get(kind, kind)})
    spaces.sort(key=lambda s: (s["r"], s["q"]))
    for number, space in enumerate((s for s in spaces if s["t"] == "market"), 1):
        space["id"] = f"M{number}"
    types = {s["t"] for s in spaces}
    # HAC-MAP-4 (the converted map needs a market and a pampas space)
    if "market" not in types or "pampas" not in types:
        raise HazFormatError(
            len(lines), "the map has no market or no pampas space (HAC-MAP-4)", "HAC-MAP-4"
        )
    result: dict[str, Any] = {"id": map_id or map_id_for(file_name)}
    title = info.get("mapname", "")
    result["name"] = name or (title if title not in ("", "None") else name_for(file_name))
    file_author = info.get("author", "")
    if author is not None:
        result["author"] = author
    elif file_author not in ("", "None"):
        result["author"] = file_author
    if license is not None:
        result["license"] = license
    result["spaces"] = spaces
    return result


def export_haz(board: dict[str, Any], width: int, cols: int, parity: int = 1) -> dict[int, int]:
    """The inverse conversion: ``.haz`` key → code for every space of a canonical map."""
    codes = {v: k for k, v in CODES.items() if v is not None}
    out: dict[int, int] = {}
    for space in board["spaces"]:
        q, r = space["q"], space["r"]
        x = width - 1 - (2 * q + r + parity)
        out[100 * r + x] = codes[space["t"]]
    return out
