"""Shared geometry: axial hexes, square grids and connected regions."""

from __future__ import annotations

from scorer.grid.hexgrid import (
    DIRECTIONS,
    axial_to_offset,
    distance,
    neighbour_table,
    neighbours,
    offset_to_axial,
    rotate_cw,
)
from scorer.grid.regions import (
    connected_groups,
    distances_from,
    group_of,
    iter_adjacent_pairs,
    label_group,
    label_groups,
)
from scorer.grid.squaregrid import orthogonal, ring, rotate


def test_hex_neighbours_are_the_six_directions_at_distance_one() -> None:
    around = list(neighbours((2, -1)))
    assert len(set(around)) == 6
    assert all(distance((2, -1), c) == 1 for c in around)


def test_neighbour_table_lists_the_board_neighbours_in_direction_order() -> None:
    # a hexagon of radius 2 (19 cells) and a ragged strip: inner cells and every kind of edge
    for coords in (
        [(q, r) for r in range(-2, 3) for q in range(-2, 3) if distance((0, 0), (q, r)) <= 2],
        [(0, 0), (1, 0), (2, -1), (2, 0), (0, 1), (5, 5)],
    ):
        index = {c: i for i, c in enumerate(coords)}
        expected = tuple(tuple(index[n] for n in neighbours(c) if n in index) for c in coords)
        assert neighbour_table(coords, index) == expected
    centre = [(q, r) for r in range(-1, 2) for q in range(-1, 2) if distance((0, 0), (q, r)) <= 1]
    table = neighbour_table(centre, {c: i for i, c in enumerate(centre)})
    assert len(table[centre.index((0, 0))]) == 6 and table[centre.index((1, 0))] == (1, 6, 3)


def test_rotation_cycles_through_the_directions() -> None:
    # (dq, dr) → (−dr, dq + dr): N → NE → SE → S → SW → NW → N
    assert [rotate_cw(DIRECTIONS[0], k) for k in range(6)] == list(DIRECTIONS)
    assert rotate_cw((2, -1), 6) == (2, -1)


def test_offset_axial_round_trip_for_both_column_parities() -> None:
    for col in range(7):
        for row in range(5):
            assert axial_to_offset(*offset_to_axial(col, row)) == (col, row)
    assert offset_to_axial(1, 0) == (1, 0) and offset_to_axial(2, 2) == (2, 1)


def test_square_neighbourhoods_and_rotation() -> None:
    assert sorted(orthogonal((0, 0))) == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    assert len(set(ring((3, 3)))) == 8
    assert rotate((1, 0), 90) == (0, 1) and rotate((1, 0), 180) == (-1, 0)
    assert rotate((2, 5), 360) == (2, 5)


def test_connected_groups_in_order_of_first_cell() -> None:
    cells = [(0, 0), (5, 5), (1, 0), (5, 6), (9, 9)]
    groups = connected_groups(cells, orthogonal)
    assert groups == [frozenset({(0, 0), (1, 0)}), frozenset({(5, 5), (5, 6)}), frozenset({(9, 9)})]
    assert group_of((5, 6), cells, orthogonal) == frozenset({(5, 5), (5, 6)})
    assert group_of((7, 7), cells, orthogonal) == frozenset()


def test_distances_and_adjacent_pairs() -> None:
    line = [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert distances_from((0, 0), line, orthogonal) == {c: c[0] for c in line}
    assert list(iter_adjacent_pairs(line, orthogonal)) == [
        ((0, 0), (1, 0)),
        ((1, 0), (2, 0)),
        ((2, 0), (3, 0)),
    ]


def test_label_group_follows_equal_labels_breadth_first() -> None:
    # a path 0-1-2-3-4 with labels a a b a a: the a's split in two groups
    labels = ["a", "a", "b", "a", "a"]
    adjacency = [[1], [0, 2], [1, 3], [2, 4], [3]]
    assert label_group(1, labels, adjacency) == [1, 0]
    assert label_group(3, labels, adjacency) == [3, 4]
    assert label_groups(labels, adjacency, {"a"}) == [[0, 1], [3, 4]]
    assert label_groups(labels, adjacency, {"a", "b"}) == [[0, 1], [2], [3, 4]]
    assert label_groups(labels, adjacency, ()) == []
