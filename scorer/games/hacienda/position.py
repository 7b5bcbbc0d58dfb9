"""Positions (rules/hacienda.md §13): the possibility checks of §13.3, a state to score, and
the export of a replayed state as a position (§13.5, ``scorer show --position``).

Every failure is reported (sorted by pointer, through ``scorer.core.findings.Findings``); the map
checks come first and stop the rest. The ``play`` block (its checks, its state, its export)
is in ``playblock``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pyrsistent import pvector

from scorer.core.errors import PathPart, RuleViolation
from scorer.core.findings import Findings
from scorer.core.values import Json, PositionResult
from scorer.core.words import article, plural
from scorer.games.hacienda.blank import blank_position as blank_position
from scorer.games.hacienda.board import ANIMALS, LAND_CARDS, PAMPAS, Board, parse_map
from scorer.games.hacienda.playblock import check_play, play_state
from scorer.games.hacienda.position_export import export_position as export_position
from scorer.games.hacienda.setup import build_state, water_supply
from scorer.games.hacienda.state import (
    ANIMAL,
    ANIMAL_TOTAL,
    LAND,
    LAND_TOTAL,
    MAX_ANIMAL_TILES,
    MAX_LAND_TILES,
    NEUTRAL_HACIENDAS,
    REMOVED,
    WATER,
    Options,
    State,
    with_game,
)
from scorer.games.hacienda.water import canonical_form, is_connected
from scorer.grid.regions import label_group

Path = tuple[PathPart, ...]


class Layout:
    """The board being assembled from a position document (``cells``) and its findings."""

    def __init__(self, doc: Json, board: Board, opts: Options) -> None:
        self.doc = doc
        self.board = board
        self.opts = opts
        self.names = [p["name"] for p in doc["players"]]
        self.seat = {n: k for k, n in enumerate(self.names)}
        self.findings = Findings()
        self.cells = [0] * board.size
        for k, s in enumerate(board.spaces_by_type[7]):
            self.cells[s] = WATER + k
        self.first: dict[int, Path] = {}  # space → path of its piece

    def fail(self, rule: str, path: Path, message: str) -> None:
        self.findings.add(rule, path, message)

    def space(self, cell: Sequence[int], path: Path) -> int | None:
        """HAC-POS-2: the space of a coordinate, or None (reported)."""
        s = self.board.index.get((cell[0], cell[1]))
        if s is None:
            self.fail("HAC-POS-2", path, f"({cell[0]},{cell[1]}) is not a space of the map")
        return s

    def names_ok(self) -> None:
        """HAC-POS-1: player-keyed objects use only (and where needed all) player names."""
        doc = self.doc
        play = doc.get("play", {})
        keyed: list[tuple[Path, Json, bool]] = [
            (("land",), doc["land"], False),
            (("animals",), doc["animals"], False),
            (("haciendas",), doc.get("haciendas", {}), False),
            (("money",), doc["money"], True),
            (("track",), doc.get("track", {}), False),
        ]
        if "hands" in play:
            keyed.append((("play", "hands"), play["hands"], True))
        for path, obj, complete in keyed:
            for name in obj:
                if name not in self.seat:
                    self.fail("HAC-POS-1", (*path, name), f"{name!r} is not a player")
            if complete and any(n not in obj for n in self.names):
                self.fail("HAC-POS-1", path, "every player must be listed")
        to_move = play.get("to_move")
        if to_move is not None and to_move not in self.seat:
            self.fail("HAC-POS-1", ("play", "to_move"), f"{to_move!r} is not a player")

    def place(
        self, cell: Sequence[int], path: Path, code: int, allowed: tuple[int, ...]
    ) -> int | None:
        """HAC-POS-2/3/4 for one piece; puts it on the board."""
        s = self.space(cell, path)
        if s is None:
            return None
        if s in self.first or self.cells[s] != 0:
            self.fail("HAC-POS-3", path, f"({cell[0]},{cell[1]}) already carries a piece")
            return None
        if self.board.types[s] not in allowed:
            self.fail(
                "HAC-POS-4",
                path,
                f"({cell[0]},{cell[1]}) is "
                f"{article(self._type(s))} space; this piece cannot lie there",
            )
        self.first[s] = path
        self.cells[s] = code
        return s

    def _type(self, s: int) -> str:
        return (*LAND_CARDS, "market", "water")[self.board.types[s]]

    def pieces(self) -> None:
        land_ok = (0, 1, 2, 3, 4, PAMPAS)
        for name, cells in self.doc["land"].items():
            if name in self.seat:
                for k, c in enumerate(cells):
                    self.place(c, ("land", name, k), LAND + self.seat[name], land_ok)
        for name, kinds in self.doc["animals"].items():
            if name in self.seat:
                for animal, cells in kinds.items():
                    code = ANIMAL + 4 * self.seat[name] + ANIMALS.index(animal)
                    for k, c in enumerate(cells):
                        self.place(c, ("animals", name, animal, k), code, (PAMPAS,))
        for k, tile in enumerate(self.doc.get("water", [])):
            for i, c in enumerate(tile):
                self.place(
                    c, ("water", k, i), WATER + len(self.board.spaces_by_type[7]) + k, (PAMPAS,)
                )


def _land_counts(ch: Layout) -> None:
    """HAC-POS-5: land tiles per space type within the land cards (without ``play``)."""
    types = ch.board.types
    tiles = [s for s, c in enumerate(ch.cells) if LAND <= c < ANIMAL]
    if ch.opts.land_reshuffle:
        if len(tiles) > MAX_LAND_TILES:
            ch.fail("HAC-POS-5", ("land",), f"{len(tiles)} land tiles, at most 80")
        return
    per = [0] * 6
    for s in tiles:
        if types[s] <= PAMPAS:  # land on a market or water space is HAC-POS-4
            per[types[s]] += 1
    extra = sum(
        LAND_TOTAL[t] - len(ch.board.spaces_by_type[t])
        for t in range(5)
        if all(ch.cells[s] != 0 for s in ch.board.spaces_by_type[t])
    )
    if any(per[t] > LAND_TOTAL[t] for t in range(5)) or per[PAMPAS] > LAND_TOTAL[PAMPAS] + extra:
        ch.fail(
            "HAC-POS-5", ("land",), "more land tiles on some space type than the land cards allow"
        )


def _groups(ch: Layout) -> None:
    """HAC-POS-6 / HAC-POS-7: chains touch a land space; herds touch their owner's land."""
    nbrs, types = ch.board.neighbours, ch.board.types
    done: set[int] = set()
    for s, path in sorted(ch.first.items(), key=lambda item: _order(item[1])):
        code = ch.cells[s]
        if s in done or not LAND <= code < WATER:
            continue
        members = label_group(s, ch.cells, nbrs)
        done.update(members)
        if code < ANIMAL and all(types[m] == PAMPAS for m in members):
            ch.fail("HAC-POS-6", path, "this land chain has no tile on a land space")
        land = LAND + (code - ANIMAL) // 4
        if code >= ANIMAL and not any(ch.cells[n] == land for m in members for n in nbrs[m]):
            ch.fail("HAC-POS-7", path, "this herd has no tile next to its owner's land")


def _order(path: Path) -> tuple[int, ...]:
    sections = {"land": 0, "animals": 1, "water": 2}
    return (sections[str(path[0])], *(p if isinstance(p, int) else 0 for p in path[1:]))


def _animals(ch: Layout) -> None:
    """HAC-POS-8: animal tiles within the components."""
    per_animal = [0] * 4
    total = 0
    for name, kinds in ch.doc["animals"].items():
        count = sum(len(v) for v in kinds.values())
        total += count
        for animal, cells in kinds.items():
            per_animal[ANIMALS.index(animal)] += len(cells)
        if count > MAX_ANIMAL_TILES:
            ch.fail("HAC-POS-8", ("animals", name), f"{count} animal tiles, at most 30")
    n = len(ch.names)
    if any(v > ANIMAL_TOTAL for v in per_animal) or total > 72 - REMOVED.get(n, 0):
        ch.fail("HAC-POS-8", ("animals",), "more animal tiles than the animal cards allow")


def _water(ch: Layout) -> None:
    """HAC-POS-9: water tiles."""
    tiles = ch.doc.get("water", [])
    supply, shapes = water_supply(ch.doc.get("components", {}).get("water_supply"))
    forms = []
    for k, tile in enumerate(tiles):
        cells = [tuple(c) for c in tile]
        if not 1 <= len(cells) <= 4 or len(set(cells)) != len(cells) or not is_connected(cells):
            ch.fail("HAC-POS-9", ("water", k), "a water tile has 1 to 4 connected cells")
        elif ch.opts.water_needs_own_neighbor and not _touches_tile(ch, cells):
            ch.fail("HAC-POS-9", ("water", k), "this water tile touches no land or animal tile")
        forms.append(canonical_form(cells))
    if len(tiles) > supply:
        ch.fail(
            "HAC-POS-9", ("water",), f"{plural(len(tiles), 'water tile')}, the supply has {supply}"
        )
    elif shapes is not None:
        left = {s.shape: s.count for s in shapes}
        for form in forms:
            pick = next((s.shape for s in shapes if s.form == form and left[s.shape] > 0), None)
            if pick is None:
                ch.fail("HAC-POS-9", ("water",), "the water tiles do not fit the listed shapes")
                break
            left[pick] -= 1


def _touches_tile(ch: Layout, cells: Sequence[tuple[int, ...]]) -> bool:
    idx, nbrs = ch.board.index, ch.board.neighbours
    return any(
        LAND <= ch.cells[n] < WATER
        for c in cells
        if (c[0], c[1]) in idx
        for n in nbrs[idx[(c[0], c[1])]]
    )


def _haciendas(ch: Layout) -> set[int]:
    """HAC-POS-10: haciendas on own tiles, within the supply, never two per group side by side."""
    placed: set[int] = set()
    nbrs = ch.board.neighbours
    count = 0
    for name, cells in ch.doc.get("haciendas", {}).items():
        if name not in ch.seat:
            continue
        p = ch.seat[name]
        for k, c in enumerate(cells):
            count += 1
            path = ("haciendas", name, k)
            s = ch.space(c, path)
            if s is None:
                continue
            code = ch.cells[s]
            if s in placed:
                ch.fail("HAC-POS-3", path, "two haciendas on one space")
            elif code != LAND + p and not ANIMAL + 4 * p <= code < ANIMAL + 4 * p + 4:
                ch.fail("HAC-POS-10", path, "a hacienda stands on a tile of its owner")
            elif any(n in placed and ch.cells[n] == code for n in nbrs[s]):
                ch.fail("HAC-POS-10", path, "two haciendas on adjacent tiles of one group")
            elif len(label_group(s, ch.cells, nbrs)) < ch.opts.hacienda_min_group:
                ch.fail("HAC-POS-10", path, "the group is smaller than hacienda_min_group")
            placed.add(s)
    supply = ch.doc.get("components", {}).get(
        "neutral_haciendas", NEUTRAL_HACIENDAS.get(len(ch.names), 9)
    )
    if count > supply:
        ch.fail(
            "HAC-POS-10", ("haciendas",), f"{plural(count, 'hacienda')}, the supply has {supply}"
        )
    return placed


def _chips(ch: Layout) -> set[int]:
    """HAC-POS-11: chips on land tiles, within the supply, on chains long enough."""
    placed: set[int] = set()
    chips = ch.doc.get("chips", [])
    for k, c in enumerate(chips):
        s = ch.space(c, ("chips", k))
        if s is None:
            continue
        if s in placed:
            ch.fail("HAC-POS-3", ("chips", k), "two chips on one space")
        elif not LAND <= ch.cells[s] < ANIMAL:
            ch.fail("HAC-POS-11", ("chips", k), "a harvest chip lies on a land tile")
        elif len(label_group(s, ch.cells, ch.board.neighbours)) < ch.opts.harvest_min_chain:
            ch.fail("HAC-POS-11", ("chips", k), "the chain is shorter than harvest_min_chain")
        placed.add(s)
    supply = ch.doc.get("components", {}).get("harvest_chips", 8)
    if len(chips) > supply:
        ch.fail("HAC-POS-11", ("chips",), f"{plural(len(chips), 'chip')}, the supply has {supply}")
    return placed


def load_position(doc: Json) -> PositionResult[State]:
    """Check a schema-valid position; the state to score (None when the map is bad)."""
    try:
        board = parse_map(doc["map"], ("map",))
    except RuleViolation as exc:
        failed = Findings()
        failed.violation(exc)
        return PositionResult(None, failed.sorted())
    opts = Options.parse(doc.get("variant", {}))
    ch = Layout(doc, board, opts)
    ch.names_ok()
    ch.pieces()
    if "play" not in doc:
        _land_counts(ch)
    _groups(ch)
    _animals(ch)
    _water(ch)
    haciendas = _haciendas(ch)
    chips = _chips(ch)
    track = doc.get("track", {})
    for name in ch.names:
        # HAC-POS-12: no track points in variant 2
        if opts.continuous_scoring and track.get(name, 0) != 0:
            ch.fail("HAC-POS-12", ("track", name), "variant 2 has no intermediate scoring")
    if "play" in doc:
        check_play(doc, board, opts, ch.cells, ch.findings)
    state = _state(doc, board, opts, ch.cells, haciendas, chips)
    return PositionResult(state, ch.findings.sorted())


def _state(
    doc: Json,
    board: Board,
    opts: Options,
    cells: list[int],
    haciendas: set[int],
    chips: set[int],
) -> State:
    names = tuple(p["name"] for p in doc["players"])
    n = len(names)
    comp = doc.get("components", {})
    setup: dict[str, Any] = {
        "hands": {p: {"land": [], "animal": []} for p in names},
        "land_display": [],
        "animal_display": [],
        "neutral_haciendas": comp.get("neutral_haciendas", NEUTRAL_HACIENDAS.get(n, 9)),
        "harvest_chips": comp.get("harvest_chips", 8),
    }
    if "water_supply" in comp:
        setup["water_supply"] = comp["water_supply"]
    base = build_state(board, opts, names, setup)
    state = play_state(doc, board, opts, names, base, cells, haciendas, chips, setup)
    return with_game(state, colours=pvector(p.get("color") for p in doc["players"]))


def draft_state(doc: Json) -> State | None:
    """Hacienda draws no impossible position (its checks build no state for one)."""
    return None


if TYPE_CHECKING:
    from scorer.core.roles import Positions
    from scorer.games.hacienda import position as _module

    _check: Positions[State] = _module
