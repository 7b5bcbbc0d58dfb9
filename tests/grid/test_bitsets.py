"""Bit-set flood fills (scorer.grid.bitsets) give the groups of scorer.grid.regions."""

from __future__ import annotations

import random

from scorer.grid.bitsets import bit_eccentricity, bit_groups, bit_numbers, neighbour_masks
from scorer.grid.hexgrid import neighbours
from scorer.grid.paths import farthest
from scorer.grid.regions import connected_groups

CELLS = sorted((q, r) for q in range(5) for r in range(-2, 4))


def _around(cell: tuple[int, int]) -> list[tuple[int, int]]:
    return list(neighbours(cell))


def test_bit_numbers_lists_the_set_bits_lowest_first() -> None:
    assert list(bit_numbers(0)) == []
    assert list(bit_numbers(0b101001)) == [0, 3, 5]


def test_neighbour_masks_keep_only_neighbours_among_the_cells() -> None:
    near = neighbour_masks(CELLS, _around)
    number = {c: i for i, c in enumerate(CELLS)}
    for i, cell in enumerate(CELLS):
        expected = {number[n] for n in _around(cell) if n in number}
        assert set(bit_numbers(near[i])) == expected


def test_bit_groups_are_the_connected_groups_in_order_of_their_lowest_cell() -> None:
    near = neighbour_masks(CELLS, _around)
    rng = random.Random(5)
    for _ in range(200):
        chosen = [c for c in CELLS if rng.random() < 0.45]
        members = sum(1 << CELLS.index(c) for c in chosen)
        got = [frozenset(CELLS[i] for i in bit_numbers(g)) for g in bit_groups(members, near)]
        assert got == connected_groups(chosen, _around)
    assert bit_groups(0, near) == []


def test_bit_eccentricity_is_the_length_farthest_finds() -> None:
    rng = random.Random(7)
    near = neighbour_masks(CELLS, _around)
    for _ in range(200):
        chosen = set(rng.sample(CELLS, rng.randint(1, len(CELLS))))
        members = sum(1 << i for i, c in enumerate(CELLS) if c in chosen)
        for i in bit_numbers(members):
            expected = farthest(CELLS[i], chosen, _around)[0]
            assert bit_eccentricity(i, members, near) == expected
