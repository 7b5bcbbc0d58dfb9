"""``GET /api/catalog``: what the page offers in its menus, from the scorer's own data.

Per game: title, player counts, score categories, the variant options (from the game schema's
``$defs/variant``), and the component catalogues the editors choose from: Harmonies Animal and
spirit cards, Hacienda maps, Citrus boards, the pieces of each board.
"""

from __future__ import annotations

from functools import cache
from typing import Any

PLAYERS: dict[str, tuple[int, int]] = {
    "harmonies": (1, 4),
    "hacienda": (2, 5),
    "citrus": (2, 5),
    "kuhfstein": (2, 4),
}


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


def _harmonies() -> dict[str, Any]:
    from scorer.games.harmonies.board import COLOURS, LEGAL_STACKS, TRACKS
    from scorer.games.harmonies.cards import SPIRIT_DATA
    from scorer.games.harmonies.explain import card_name
    from scorer.reading.schemas import load_all

    board = load_all()["harmonies.schema.json"]["$defs"]["board"]
    return {
        # cubes as seen on the table: a board-level list, matched to the cards by the scorer
        "board_cubes": "cubes" in board.get("properties", {}),
        "colours": list(COLOURS),
        "stacks": sorted(("-".join(s) for s in LEGAL_STACKS), key=lambda s: (s.count("-"), s)),
        "animal_cards": [
            {"id": c, "name": card_name(c), "track": list(t)} for c, t in TRACKS.items()
        ],
        "spirit_cards": [{"id": c, "name": card_name(c)} for c in SPIRIT_DATA],
    }


def _hacienda() -> dict[str, Any]:
    from scorer.games.hacienda.catalog import shipped_ids, shipped_map

    maps = []
    for map_id in shipped_ids():
        data = shipped_map(map_id) or {}
        maps.append(
            {"id": map_id, "name": data.get("name", map_id), "author": data.get("author", "")}
        )
    return {
        "maps": maps,
        "land": ["mountain", "forest", "meadow", "rocks", "swamp", "pampas"],
        "animals": ["cattle", "horse", "pig", "sheep"],
    }


def _citrus() -> dict[str, Any]:
    from scorer.games.citrus.data import ACTION_TYPES, BOARDS, KINDS, PRINTED_IDS

    return {"boards": [*BOARDS, *PRINTED_IDS], "kinds": list(KINDS), "actions": list(ACTION_TYPES)}


def _kuhfstein() -> dict[str, Any]:
    from scorer.games.kuhfstein.state import KINDS

    return {"kinds": list(KINDS)}


@cache
def catalog() -> dict[str, Any]:
    from scorer.core.roles import CATALOGUE
    from scorer.registry import game_names, get

    extra = {
        "harmonies": _harmonies,
        "hacienda": _hacienda,
        "citrus": _citrus,
        "kuhfstein": _kuhfstein,
    }
    games = {}
    for name in game_names():
        catalogue = get(name, CATALOGUE)
        low, high = PLAYERS.get(name, (1, 6))
        games[name] = {
            "title": catalogue.TITLE,
            "categories": list(catalogue.CATEGORIES),
            "players": {"min": low, "max": high},
            "variant": _options(name),
            **(extra[name]() if name in extra else {}),
        }
    return {"games": games}
