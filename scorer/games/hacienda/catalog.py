"""The maps shipped with the program (rules/hacienda.md §3.6): the demo map and 63 custom maps.

Each map is a JSON file ``maps/<id>.json`` in the canonical form of §3.3. The custom maps are
by M. Lanza (https://github.com/mlanza/hacienda-maps), CC BY 4.0; ``maps/LICENSE.md`` holds the
licence and ``maps/CREDITS.md`` the credit.
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from scorer.reading.loading import parse

if TYPE_CHECKING:
    from scorer.games.hacienda.board import Board

DEMO_ID = "demo-7x6"
LANZA_AUTHOR = "M. Lanza"
LANZA_LICENSE = "CC BY 4.0"


def _folder() -> Any:
    return importlib.resources.files("scorer.games.hacienda") / "maps"


@cache
def shipped_ids() -> tuple[str, ...]:
    """Every shipped map id, sorted (the demo map first)."""
    names = sorted(p.name[:-5] for p in _folder().iterdir() if p.name.endswith(".json"))
    return (DEMO_ID, *(n for n in names if n != DEMO_ID))


def shipped_map(map_id: str) -> dict[str, Any] | None:
    """The canonical map dict of a shipped id (a fresh copy), or None."""
    if map_id not in shipped_ids():
        return None
    data: dict[str, Any] = parse((_folder() / f"{map_id}.json").read_bytes())
    return data


#: The members of a map that name it (§3.3), not its spaces.
LABELS = ("id", "name", "author", "license")

#: One space of a shipped map as its file lists it: (q, r), type, market id or None.
Space = tuple[tuple[int, int], str, str | None]


class ShippedMap(NamedTuple):
    """A shipped map file read once: the board and the component data are both made from it."""

    labels: Mapping[str, Any]  # id, name, author, license (read-only)
    spaces: tuple[Space, ...]  # in file order


@cache
def shipped_parts(map_id: str) -> ShippedMap | None:
    """The labels and spaces of a shipped id, or None."""
    data = shipped_map(map_id)
    if data is None:
        return None
    labels: dict[str, Any] = {key: data[key] for key in LABELS if key in data}
    spaces = tuple([((s["q"], s["r"]), s["t"], s.get("id")) for s in data["spaces"]])
    return ShippedMap(MappingProxyType(labels), spaces)


@cache
def shipped_board(map_id: str) -> Board | None:
    """The Board of a shipped id, or None."""
    from scorer.games.hacienda.board import build_board

    parts = shipped_parts(map_id)
    if parts is None:
        return None
    return build_board(parts.spaces, parts.labels, shipped=True)
