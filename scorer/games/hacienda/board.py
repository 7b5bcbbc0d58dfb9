"""Map geometry (rules/hacienda.md §3): spaces, types, neighbour tables, markets, map checks.

A :class:`Board` is built once per map and never changes. Spaces are numbered 0..N-1 in the
canonical order (r, then q); every table is indexed by that number, so the replay works on
plain ints. The tables are tuples: fixed-size static geometry, read in every flood fill; the
maps by coordinate and by market are read-only views of dicts (``MappingProxyType``: built in
one C call, where a PMap of a map's 300 spaces cost a tenth of the board). ``parse_map`` turns
a record's ``setup.map`` (or a position's ``map``) into a Board, raising the HAC-MAP checks with
absolute paths; ``step_space`` is the HAC-REC-2 check of a step's coordinate.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scorer.core.cache import by_content
from scorer.core.errors import PathPart, RuleViolation
from scorer.core.values import Json
from scorer.games.hacienda import catalog
from scorer.grid import hexgrid

Hex = tuple[int, int]

LAND_CARDS: tuple[str, ...] = ("mountain", "forest", "meadow", "rocks", "swamp", "pampas")
ANIMALS: tuple[str, ...] = ("cattle", "horse", "pig", "sheep")
SPACE_TYPES: tuple[str, ...] = (*LAND_CARDS, "market", "water")
PAMPAS, MARKET, WATER = 5, 6, 7
TYPE_CODE: Mapping[str, int] = {t: i for i, t in enumerate(SPACE_TYPES)}
LETTERS: Mapping[str, str] = {
    "P": "pampas",
    "M": "mountain",
    "F": "forest",
    "E": "meadow",
    "R": "rocks",
    "S": "swamp",
    "K": "market",
    "W": "water",
}
OFFICIAL_MARKETS: Mapping[str, int] = {"hacienda-symmetric": 10, "hacienda-asymmetric": 11}


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """One map: ``coords[i]`` and ``types[i]`` of space i, neighbours and markets."""

    id: str | None
    name: str | None
    author: str | None
    license: str | None
    coords: tuple[Hex, ...]
    types: tuple[int, ...]
    index: Mapping[Hex, int]
    neighbours: tuple[tuple[int, ...], ...]
    markets_next: tuple[tuple[int, ...], ...]
    market_ids: Mapping[int, str]
    markets: tuple[int, ...]  # the market spaces in map order
    spaces_by_type: tuple[tuple[int, ...], ...]
    shipped: bool
    #: ``index`` as a dense table over the bounding box (q0, r0, width, spaces or -1), built
    #: once per map: a step's coordinate is found by arithmetic, without a map lookup.
    dense: tuple[int, int, int, tuple[int, ...]]

    @property
    def size(self) -> int:
        return len(self.coords)

    def space_at(self, q: int, r: int) -> int | None:
        """The space index of axial (q, r), or None off the map."""
        q0, r0, width, table = self.dense
        col, row = q - q0, r - r0
        if 0 <= col < width and row >= 0:
            k = row * width + col
            if k < len(table):
                space = table[k]
                if space >= 0:
                    return space
        return None

    def canonical(self) -> dict[str, Any]:
        """The map in the canonical form of §3.3."""
        out: dict[str, Any] = {}
        for key in ("id", "name", "author", "license"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        spaces = []
        for i, (q, r) in enumerate(self.coords):
            space: dict[str, Any] = {"q": q, "r": r, "t": SPACE_TYPES[self.types[i]]}
            if i in self.market_ids:
                space["id"] = self.market_ids[i]
            spaces.append(space)
        out["spaces"] = spaces
        return out

    def describe(self) -> str:
        """The report line naming the map and crediting its author."""
        label = self.name or self.id or "inline map"
        if self.shipped:
            credit = f" by {self.author}" if self.author else ""
            lic = f" ({self.license})" if self.license else ""
            return f"map {self.id}: {label}{credit}{lic}, shipped with the program"
        return f"map {self.id or '(no id)'}: {label}, verified against the record's own map"


def build_board(
    spaces: Sequence[tuple[Hex, str, str | None]], meta: Json, shipped: bool = False
) -> Board:
    """A Board from (coordinate, type, market id) triples whose market ids are all assigned."""
    ordered = sorted(spaces, key=_row_major)
    coords = tuple([s[0] for s in ordered])
    index = {c: i for i, c in enumerate(coords)}
    types = tuple([TYPE_CODE[s[1]] for s in ordered])
    neighbours = hexgrid.neighbour_table(coords, index)
    market_ids = {i: str(s[2]) for i, s in enumerate(ordered) if s[1] == "market"}
    near = {n for m in market_ids for n in neighbours[m]}  # the spaces next to a market
    markets_next = tuple(
        [
            tuple([n for n in nb if n in market_ids]) if i in near else ()
            for i, nb in enumerate(neighbours)
        ]
    )
    by_type: list[list[int]] = [[] for _ in SPACE_TYPES]
    for i, code in enumerate(types):
        by_type[code].append(i)
    return Board(
        meta.get("id"),
        meta.get("name"),
        meta.get("author"),
        meta.get("license"),
        coords,
        types,
        MappingProxyType(index),
        neighbours,
        markets_next,
        MappingProxyType(market_ids),
        tuple(market_ids),
        tuple([tuple(members) for members in by_type]),
        shipped,
        _dense(coords),
    )


def _row_major(space: tuple[Hex, str, str | None]) -> tuple[int, int]:
    """The canonical order of spaces (§3.3): by r, then q."""
    (q, r) = space[0]
    return (r, q)


def _dense(coords: Sequence[Hex]) -> tuple[int, int, int, tuple[int, ...]]:
    if not coords:
        return (0, 0, 0, ())
    qs, rs = [q for q, _ in coords], [r for _, r in coords]
    q0, r0 = min(qs), min(rs)
    width, height = max(qs) - q0 + 1, max(rs) - r0 + 1
    table = [-1] * (width * height)
    for i, (q, r) in enumerate(coords):
        table[(r - r0) * width + (q - q0)] = i
    return (q0, r0, width, tuple(table))


def _inline_spaces(obj: Json, base: tuple[PathPart, ...]) -> list[tuple[Hex, str, str | None, int]]:
    """(coordinate, type, given id, index in ``spaces``) of an inline map; HAC-MAP-1."""
    out: list[tuple[Hex, str, str | None, int]] = []
    seen: set[Hex] = set()
    if "rows" in obj:
        q0, r0 = obj.get("origin", (0, 0))
        for i, row in enumerate(obj["rows"]):
            for j, letter in enumerate(row):
                if letter != ".":
                    out.append(((q0 + j, r0 + i), LETTERS[letter], None, -1))
        return out
    for k, space in enumerate(obj["spaces"]):
        cell = (space["q"], space["r"])
        # HAC-MAP-1: no coordinate pair twice
        if cell in seen:
            raise RuleViolation(
                "HAC-MAP-1",
                f"space ({cell[0]},{cell[1]}) occurs twice",
                (*base, "spaces", k),
                {"found": list(cell)},
            )
        seen.add(cell)
        given = space.get("id") if space["t"] == "market" else None
        out.append((cell, space["t"], given, k))
    return out


def _assign_ids(
    raw: list[tuple[Hex, str, str | None, int]], base: tuple[PathPart, ...]
) -> list[tuple[Hex, str, str | None]]:
    """Market ids: given ones must be unique (HAC-MAP-3); the others get M1, M2, ..."""
    used: set[str] = set()
    for _cell, kind, given, k in raw:
        if kind == "market" and given is not None:
            # HAC-MAP-3: market ids are unique
            if given in used:
                raise RuleViolation(
                    "HAC-MAP-3",
                    f"market id {given!r} is used twice",
                    (*base, "spaces", k, "id"),
                    {"found": given},
                )
            used.add(given)
    counter = 0
    out: list[tuple[Hex, str, str | None]] = []
    for cell, kind, given, _ in sorted(raw, key=lambda s: (s[0][1], s[0][0])):
        if kind == "market" and given is None:
            counter += 1
            while f"M{counter}" in used:
                counter += 1
            given = f"M{counter}"
            used.add(given)
        out.append((cell, kind, given))
    return out


@by_content
def parse_map(obj: Json, base: tuple[PathPart, ...]) -> Board:
    """The Board of a map object (reference or inline). Raises the HAC-MAP checks.

    Built once per map as written (:func:`~scorer.core.cache.by_content`): the records of a
    batch carrying the same map share one Board."""
    map_id = obj.get("id")
    if "spaces" not in obj and "rows" not in obj:
        # HAC-MAP-6: a reference names a shipped map
        board = catalog.shipped_board(map_id) if isinstance(map_id, str) else None
        if board is None:
            raise RuleViolation(
                "HAC-MAP-6",
                f"no map {map_id!r} is shipped with the program "
                f"(shipped: {', '.join(catalog.shipped_ids())})",
                (*base, "id"),
                {"found": map_id},
            )
        return board
    spaces = _assign_ids(_inline_spaces(obj, base), base)
    kinds = [s[1] for s in spaces]
    # HAC-MAP-4: at least one market and one pampas space
    if "market" not in kinds or "pampas" not in kinds:
        raise RuleViolation(
            "HAC-MAP-4",
            "the map needs at least one market and one pampas "
            f"space (markets {kinds.count('market')}, pampas "
            f"{kinds.count('pampas')})",
            base,
        )
    official = OFFICIAL_MARKETS.get(map_id) if isinstance(map_id, str) else None
    # HAC-MAP-5: the printed boards have 4 water spaces and 10 / 11 markets
    if official is not None and (kinds.count("water") != 4 or kinds.count("market") != official):
        raise RuleViolation(
            "HAC-MAP-5",
            f"{map_id} has 4 water spaces and {official} markets, "
            f"this map has {kinds.count('water')} and {kinds.count('market')}",
            base,
            {"expected": [4, official], "found": [kinds.count("water"), kinds.count("market")]},
        )
    board = build_board(spaces, obj)
    shipped = catalog.shipped_board(map_id) if isinstance(map_id, str) else None
    # HAC-MAP-7: an inline copy of a shipped map is identical to it
    if shipped is not None and (
        shipped.coords != board.coords
        or shipped.types != board.types
        or shipped.market_ids != board.market_ids
    ):
        raise RuleViolation(
            "HAC-MAP-7",
            f"the inline map {map_id!r} differs from the shipped map of that id",
            base,
            {"found": map_id},
        )
    return board


def bad(
    rule: str,
    message: str,
    path: tuple[PathPart, ...],
    expected: object = None,
    found: object = None,
) -> RuleViolation:
    """A RuleViolation with ``expected`` / ``found`` details when either is given."""
    details = {} if expected is None and found is None else {"expected": expected, "found": found}
    return RuleViolation(rule, message, path, details)


def step_space(board: Board, cell: Sequence[int], path: tuple[PathPart, ...]) -> int:
    """HAC-REC-2: the space index of a coordinate of the step (``space_at``, inlined: one call
    per step instead of two)."""
    q0, r0, width, table = board.dense
    col, row = cell[0] - q0, cell[1] - r0
    k = row * width + col
    if 0 <= col < width and row >= 0 and k < len(table) and table[k] >= 0:
        space: int = table[k]
        return space
    raise bad(
        "HAC-REC-2",
        f"({cell[0]},{cell[1]}) is not a space of the map",
        path,
        "a space of the map",
        list(cell),
    )


def where(board: Board, space: int) -> str:
    """``(q,r)`` of a space, for messages."""
    q, r = board.coords[space]
    return f"({q},{r})"
