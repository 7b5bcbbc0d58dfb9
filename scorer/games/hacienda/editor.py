"""What the web app's Hacienda editor chooses from (the Pictures role's ``editor_data``): the
shipped maps, the land types and the animals."""

from __future__ import annotations

LAND = ("mountain", "forest", "meadow", "rocks", "swamp", "pampas")
ANIMALS = ("cattle", "horse", "pig", "sheep")


def editor_data() -> dict[str, object]:
    """The editor's maps and palette, as plain data for ``GET /api/catalog``."""
    from scorer.games.hacienda.catalog import shipped_ids, shipped_map

    maps = []
    for map_id in shipped_ids():
        data = shipped_map(map_id) or {}
        maps.append(
            {"id": map_id, "name": data.get("name", map_id), "author": data.get("author", "")}
        )
    return {"maps": maps, "land": list(LAND), "animals": list(ANIMALS)}
