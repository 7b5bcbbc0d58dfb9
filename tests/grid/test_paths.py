"""Paths and cycles over any adjacency (scorer.grid.paths), on a small hex patch and a line."""

from __future__ import annotations

import itertools
import random

from scorer.grid.hexgrid import neighbours
from scorer.grid.paths import blocks, farthest, farthest_path, longest_cycle, shortest_path

Hex = tuple[int, int]
#: A ring of six hexes around (0, 0), and a tail of two hexes hanging off it.
RING: list[Hex] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
TAIL: list[Hex] = [(0, -2), (0, -3)]


def _around(cell: Hex) -> list[Hex]:
    return list(neighbours(cell))


def test_farthest_counts_cells_and_ends_on_the_first_cell_reached_at_that_distance() -> None:
    line = [(0, r) for r in range(5)]
    assert farthest((0, 0), set(line), _around) == (5, (0, 4))
    assert farthest((0, 2), set(line), _around) == (3, (0, 0))  # north is searched first
    assert farthest((0, 0), {(0, 0)}, _around) == (1, (0, 0))


def test_shortest_path_includes_both_ends_and_stays_within_the_cells() -> None:
    cells = set(RING + TAIL)
    path = shortest_path((0, -3), (0, 1), cells, _around)
    assert path[0] == (0, -3) and path[-1] == (0, 1)
    assert len(path) == 6 and set(path) <= cells
    assert all(b in _around(a) for a, b in itertools.pairwise(path))
    assert shortest_path((0, 0), (0, 0), {(0, 0)}, _around) == ((0, 0),)


def test_farthest_path_is_the_shortest_path_to_the_farthest_cell() -> None:
    patch = [(q, r) for q in range(-2, 3) for r in range(-2, 3)]
    rng = random.Random(3)
    for _ in range(300):
        cells = rng.sample(patch, rng.randint(1, len(patch)))
        for start in cells:
            end = farthest(start, set(cells), _around)[1]
            expected = shortest_path(start, end, set(cells), _around)
            assert farthest_path(start, set(cells), _around) == expected


def test_blocks_split_off_bridges_and_keep_the_cycle() -> None:
    cells = sorted(RING + TAIL)
    assert blocks(cells, _around) == [frozenset(RING)]
    every = blocks(cells, _around, smallest=2)
    assert [len(b) for b in every] == [6, 2, 2]  # largest first
    assert set(every) == {frozenset(RING), frozenset(TAIL), frozenset([TAIL[0], RING[0]])}
    assert blocks(sorted(TAIL), _around) == []


def test_longest_cycle_goes_round_the_ring_and_finds_none_in_a_tree() -> None:
    cycle = longest_cycle(sorted(RING + TAIL), _around)
    assert sorted(cycle) == sorted(RING)
    assert all(b in _around(a) for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True))
    assert longest_cycle(sorted([*TAIL, (0, -1)]), _around) == ()
    patch = sorted([(0, 0), *RING])  # seven hexes: a cycle through all of them exists
    assert len(longest_cycle(patch, _around)) == 7
