"""The board categories of final scoring (section 8.1-8.6): Trees, Mountains, Fields,
Buildings and the water (the river on side A, islands on side B), as :class:`Unit` lists.

A player's board is read once into a :class:`Layout` (bit sets of cell numbers) and every
category reads that; the functions over a board mapping (``tree_units(board)``...) lay the
mapping out first, for callers that hold a plain board (the greedy policy, tests).

Decision (spec 13 item 1, option ``river_metric = "include_loops"``): the longest simple cycle
of a blue group is found exactly, per biconnected block of the group (every cycle lies inside
one block), by a depth-first search over simple paths pruned by the number of cells still
reachable and stopped once a cycle through the whole block is found."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from operator import attrgetter
from typing import NamedTuple

from scorer.games.harmonies.board import NEIGHBOURS, Cell, Stack
from scorer.games.harmonies.state import Options, PlayerState
from scorer.grid.bitsets import bit_eccentricity, bit_groups, bit_numbers, neighbour_masks
from scorer.grid.paths import blocks as grid_blocks
from scorer.grid.paths import farthest_path, longest_cycle

HEIGHT_POINTS: Mapping[int, int] = {1: 1, 2: 3, 3: 7}
Board = Mapping[Cell, Stack]
Nbrs = Mapping[Cell, tuple[Cell, ...]]


class Unit(NamedTuple):
    """One scoring unit of a category.

    ``cells``: the cells it covers (sorted; the river's in path order; an Animal card's cubes
    in placement order); ``size``: height, group size, river length or cubes placed;
    ``near``: the neighbouring Mountains of a Mountain; ``colours``: the neighbouring top
    colours of a Building; ``card``: the Animal or spirit card id.
    """

    cells: tuple[Cell, ...]
    points: int
    size: int = 0
    near: tuple[Cell, ...] = ()
    colours: tuple[str, ...] = ()
    card: str = ""


POINTS = attrgetter("points")


def is_tree(stack: Stack) -> bool:
    return stack[-1] == "green"


def is_mountain(stack: Stack) -> bool:
    return stack.count("gray") == len(stack)


def is_building(stack: Stack) -> bool:
    return len(stack) == 2 and stack[-1] == "red"


def total(units: list[Unit]) -> int:
    return sum(map(POINTS, units))


class Layout(NamedTuple):
    """One board as the category functions read it, built once per board: ``cells`` the
    side's cells in sorted order (a cell's number is its position, which is also its
    ``CellMap`` index), ``stacks`` the stack on each cell by number (``()`` when empty),
    ``near`` the neighbour bit set of each cell (``scorer.grid.bitsets``) and ``tops`` top
    colour → the bit set of the cells it tops. Categories then read bit sets instead of
    scanning the board and hashing cells once each."""

    cells: tuple[Cell, ...]
    stacks: Sequence[Stack]
    near: tuple[int, ...]
    tops: Mapping[str, int]


def layout(board: Board, nbrs: Nbrs) -> Layout:
    """The :class:`Layout` of a board given as a mapping of its non-empty cells."""
    _, cells, number, near, _ = _geometry(nbrs)
    stacks: list[Stack] = [()] * len(cells)
    for cell, stack in board.items():
        stacks[number[cell]] = stack
    return Layout(cells, stacks, near, _tops(stacks))


def player_layout(player: PlayerState, nbrs: Nbrs) -> Layout:
    """The :class:`Layout` of a player's board, read off its ``CellMap`` vector (same order)."""
    _, cells, _, near, _ = _geometry(nbrs)
    stacks = player.board.vector
    return Layout(cells, stacks, near, _tops(stacks))


def _tops(stacks: Sequence[Stack]) -> dict[str, int]:
    tops: dict[str, int] = {}
    bit = 1
    for stack in stacks:
        if stack:
            top = stack[-1]
            tops[top] = tops.get(top, 0) | bit
        bit <<= 1
    return tops


def _cells(board: Layout, bits: int) -> tuple[Cell, ...]:
    """The cells of the bit set ``bits``, sorted."""
    cells = board.cells
    return tuple([cells[i] for i in bit_numbers(bits)])


def tree_units(board: Board) -> list[Unit]:
    """HAR-SCORE-1: each Tree scores 1, 3, 7 by height."""
    # HAR-SCORE-1: Trees by height
    return [Unit((c,), HEIGHT_POINTS[len(s)], len(s)) for c, s in board.items() if s[-1] == "green"]


def _tree_units(board: Layout) -> list[Unit]:
    # HAR-SCORE-1: Trees by height
    cells, stacks = board.cells, board.stacks
    units = []
    for i in bit_numbers(board.tops.get("green", 0)):
        height = len(stacks[i])
        units.append(Unit((cells[i],), HEIGHT_POINTS[height], height))
    return units


def score_trees(board: Board) -> int:
    """HAR-SCORE-1: Trees score 1, 3, 7 by height."""
    return total(tree_units(board))


def mountain_units(board: Board, nbrs: Nbrs) -> list[Unit]:
    """HAR-SCORE-2: each Mountain scores 1, 3, 7 by height if next to another Mountain."""
    return _mountain_units(layout(board, nbrs))


def _mountain_units(board: Layout) -> list[Unit]:
    # HAR-SCORE-2: Mountains next to a Mountain
    cells, stacks, near = board.cells, board.stacks, board.near
    tall = []
    mountains = 0
    for i in bit_numbers(board.tops.get("gray", 0)):
        stack = stacks[i]
        if stack.count("gray") == len(stack):
            tall.append((i, len(stack)))
            mountains |= 1 << i
    units = []
    for i, height in tall:
        bits = near[i] & mountains
        around = _cells(board, bits) if bits else ()
        units.append(Unit((cells[i],), HEIGHT_POINTS[height] if around else 0, height, around))
    return units


def score_mountains(board: Board, nbrs: Nbrs) -> int:
    """HAR-SCORE-2: Mountains score 1, 3, 7 by height if next to another Mountain."""
    return total(mountain_units(board, nbrs))


class _Geometry(NamedTuple):
    table: Nbrs
    cells: tuple[Cell, ...]
    number: dict[Cell, int]
    near: tuple[int, ...]
    #: per cell number, the numbers of its neighbours in the table's order
    around: tuple[tuple[int, ...], ...]


#: id(neighbour table) → the table, its cells sorted, cell → number, neighbour bit sets and
#: neighbour numbers.
_GEOMETRY: dict[int, _Geometry] = {}


def _geometry(nbrs: Nbrs) -> _Geometry:
    """The cells of a neighbour table in sorted order (a side's order), their numbers,
    neighbour bit sets and neighbour numbers, computed once per table (the table is kept, so
    its id stays its own)."""
    known = _GEOMETRY.get(id(nbrs))
    if known is None:
        cells = tuple(sorted(nbrs))
        number = {c: i for i, c in enumerate(cells)}
        known = _Geometry(
            nbrs,
            cells,
            number,
            neighbour_masks(cells, nbrs.__getitem__),
            tuple(tuple(number[n] for n in nbrs[c]) for c in cells),
        )
        _GEOMETRY[id(nbrs)] = known
    return known


def _top_groups(board: Layout, top: str, invert: bool = False) -> list[tuple[Cell, ...]]:
    """The connected groups of the cells whose top token is ``top`` (with ``invert``: of all
    the other cells, empty ones included), each as its sorted cells, in the order of their
    first cell (bit-set flood fills: ``scorer.grid.bitsets``)."""
    members = board.tops.get(top, 0)
    if invert:
        members ^= (1 << len(board.cells)) - 1
    return [_cells(board, g) for g in bit_groups(members, board.near)]


def field_units(board: Board, nbrs: Nbrs) -> list[Unit]:
    """HAR-SCORE-3: every group of yellow tokens; those of 2 or more score 5."""
    return _field_units(layout(board, nbrs))


def _field_units(board: Layout) -> list[Unit]:
    # HAR-SCORE-3: Fields of 2 or more
    return [Unit(g, 5 if len(g) >= 2 else 0, len(g)) for g in _top_groups(board, "yellow")]


def score_fields(board: Board, nbrs: Nbrs) -> int:
    """HAR-SCORE-3: each group of 2 or more yellow tokens scores 5."""
    return total(field_units(board, nbrs))


def building_units(board: Board, nbrs: Nbrs) -> list[Unit]:
    """HAR-SCORE-4: each Building scores 5 if its neighbours show at least 3 top colours."""
    return _building_units(layout(board, nbrs))


def _building_units(board: Layout) -> list[Unit]:
    # HAR-SCORE-4: Buildings seeing 3 colours
    cells, stacks, near = board.cells, board.stacks, board.near
    filled = sum(board.tops.values())
    units = []
    for i in bit_numbers(board.tops.get("red", 0)):
        if len(stacks[i]) == 2:
            tops = tuple(sorted({stacks[n][-1] for n in bit_numbers(near[i] & filled)}))
            units.append(Unit((cells[i],), 5 if len(tops) >= 3 else 0, 2, colours=tops))
    return units


def score_buildings(board: Board, nbrs: Nbrs) -> int:
    """HAR-SCORE-4: a Building scores 5 if its neighbours show at least 3 top colours."""
    return total(building_units(board, nbrs))


def river(board: Board, nbrs: Nbrs, include_loops: bool = False) -> tuple[Cell, ...]:
    """The scoring river of section 8.5: the cells of a shortest path between the farthest
    pair of blue cells (or, with ``include_loops``, of a longer simple cycle); its length is
    the river length L. Empty without blue tokens."""
    return _river(layout(board, nbrs), nbrs, include_loops)


def _river(board: Layout, nbrs: Nbrs, include_loops: bool) -> tuple[Cell, ...]:
    best: tuple[Cell, ...] = ()
    step = nbrs.__getitem__
    near = board.near
    for bits in bit_groups(board.tops.get("blue", 0), near):
        # neither a path nor a cycle of a group is longer than the group: a group no longer
        # than the best so far cannot replace it, nor can the rest of one once it is reached
        size = bits.bit_count()
        if size <= len(best):
            continue
        # the path from the group's first cell (in order) of the greatest eccentricity: its
        # length from bit-set layers, its cells by a breadth-first search once per group
        far, first = 0, 0
        for i in bit_numbers(bits):
            length = bit_eccentricity(i, bits, near)
            if length > far:
                far, first = length, i
                if far == size:
                    break
        if far > len(best):
            # over cell numbers, their neighbours in the neighbour table's order: the path a
            # search over the cells themselves finds, without hashing a cell
            around = _geometry(nbrs).around.__getitem__
            path = farthest_path(first, frozenset(bit_numbers(bits)), around)
            best = tuple([board.cells[i] for i in path])
        if include_loops and size >= 3:
            group = frozenset(_cells(board, bits))
            for block in blocks(group, nbrs):
                if len(block) > len(best):
                    cycle = longest_cycle(sorted(block), step)
                    if len(cycle) > len(best):
                        best = cycle
    return best


def blocks(group: Collection[Cell], nbrs: Nbrs) -> list[frozenset[Cell]]:
    """The biconnected components of ``group`` with 3 or more cells (every cycle lies inside
    one of them), largest first (``scorer.grid.paths.blocks`` over the sorted cells)."""
    return grid_blocks(sorted(group), nbrs.__getitem__)


RIVER_POINTS: tuple[int, ...] = (0, 0, 2, 5, 8, 11, 15)


def river_points(length: int) -> int:
    """HAR-SCORE-5: 0, 2, 5, 8, 11, 15, then +4 per token."""
    # HAR-SCORE-5: the river by its length
    return RIVER_POINTS[length] if length <= 6 else 15 + 4 * (length - 6)


def island_units(board: Board, side: str) -> list[Unit]:
    """HAR-SCORE-6: each group of non-blue cells (empty ones included) scores 5."""
    return _island_units(layout(board, NEIGHBOURS[side]))


def _island_units(board: Layout) -> list[Unit]:
    # HAR-SCORE-6: islands of non-blue cells
    return [Unit(g, 5, len(g)) for g in _top_groups(board, "blue", invert=True)]


def water_units(board: Board, options: Options) -> list[Unit]:
    """HAR-SCORE-5 (side A: the river, if there is a blue token) or HAR-SCORE-6 (side B)."""
    return _water_units(layout(board, NEIGHBOURS[options.board_side]), options)


def _water_units(board: Layout, options: Options) -> list[Unit]:
    if options.board_side != "A":
        return _island_units(board)
    path = _river(board, NEIGHBOURS["A"], options.river_metric == "include_loops")
    return [Unit(path, river_points(len(path)), len(path))] if path else []


def board_units(player: PlayerState, options: Options) -> dict[str, list[Unit]]:
    """The units of the five board categories of one player, from one layout of the board."""
    board = player_layout(player, NEIGHBOURS[options.board_side])
    return {
        "trees": _tree_units(board),
        "mountains": _mountain_units(board),
        "fields": _field_units(board),
        "buildings": _building_units(board),
        "water": _water_units(board, options),
    }
