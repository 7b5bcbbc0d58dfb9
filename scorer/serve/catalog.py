"""``GET /api/catalog``: what the page offers in its menus, from the scorer's own data.

Per game: title, player counts, score categories, the variant options (from the game schema's
``$defs/variant``), and what the game's editor chooses from (its Pictures role's
``editor_data``: cards, maps, boards, the pieces of each board).
"""

from __future__ import annotations

from functools import cache
from typing import Any


def _options(game: str) -> list[dict[str, Any]]:
    """The variant options of a game as form fields: name, type, choices."""
    from scorer.reading.schemas import load_all

    variant = load_all()[f"{game}.schema.json"]["$defs"]["variant"]
    out = []
    for name, spec in variant.get("properties", {}).items():
        field: dict[str, Any] = {"name": name}
        kinds = spec.get("type")
        if "enum" in spec:
            field.update(type="enum", choices=list(spec["enum"]))
        elif kinds == "boolean":
            field["type"] = "boolean"
        elif (
            kinds == "integer"
            or (isinstance(kinds, list) and "integer" in kinds)
            or (spec.get("$ref", "").endswith("nonNegativeInt"))
        ):
            field.update(
                type="integer",
                minimum=spec.get("minimum", 0),
                nullable=isinstance(kinds, list) and "null" in kinds,
            )
        else:
            continue
        if "description" in spec:
            field["description"] = spec["description"]
        out.append(field)
    return out


@cache
def catalog() -> dict[str, Any]:
    from scorer.core.roles import CATALOGUE, PICTURES
    from scorer.registry import game_names, get

    games = {}
    for name in game_names():
        catalogue = get(name, CATALOGUE)
        low, high = catalogue.PLAYER_COUNTS
        games[name] = {
            "title": catalogue.TITLE,
            "categories": list(catalogue.CATEGORIES),
            "players": {"min": low, "max": high},
            "variant": _options(name),
            **get(name, PICTURES).editor_data(),
        }
    return {"games": games}
