"""``TileMap`` behaves as an immutable dict of cell → kind, inside and outside its window."""

from __future__ import annotations

from scorer.games.kuhfstein.tilemap import NO_TILES, WINDOW, TileMap
from tests.writes import writable


def test_a_tile_map_is_a_mapping_in_placement_order() -> None:
    far = (WINDOW + 5, -WINDOW - 7)
    edge = (WINDOW - 1, 0)
    land = NO_TILES.set((0, 0), "hay").set(far, "lake").set(edge, "forest")
    assert dict(land) == {(0, 0): "hay", far: "lake", edge: "forest"}
    assert list(land.items()) == [((0, 0), "hay"), (far, "lake"), (edge, "forest")]
    assert list(land.values()) == ["hay", "lake", "forest"]
    assert len(land) == 3 and land[far] == "lake" and land.get((1, 1)) is None
    assert far in land and (1, 1) not in land and not NO_TILES and len(NO_TILES) == 0
    assert land == TileMap({(0, 0): "hay", far: "lake", edge: "forest"}.items())
    again = land.set(far, "meadow")
    assert again[far] == "meadow" and land[far] == "lake" and len(again) == 3


def test_touches_sees_orthogonal_neighbours_everywhere() -> None:
    for cell in [(0, 0), (WINDOW - 1, WINDOW - 1), (-WINDOW, 3), (WINDOW + 9, 2)]:
        x, y = cell
        land = NO_TILES.set(cell, "hay")
        for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]:
            assert land.touches(n)
        for n in [(x + 1, y + 1), (x + 2, y), cell]:
            assert not land.touches(n)


def test_a_tile_map_refuses_writes() -> None:
    land = NO_TILES.set((0, 0), "hay").set((100, 100), "lake")
    assert writable(land) == []
