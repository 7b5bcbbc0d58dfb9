"""The component data of a Hacienda record or position, for fingerprints and event profiles.

Component data is the board and the water tiles in the box: ``map`` (§3.3; every space with
its type and, for markets, its id, shipped references resolved from the catalogue; ``id``,
``name``, ``author`` and ``license`` are labels) and ``water_supply`` (§11 A6; 14 when
omitted; listed shapes compared in canonical form with their counts). Cards are dealt and
drawn; ``neutral_haciendas`` and ``harvest_chips`` follow the player count (§2, §11 A7, A8),
so a 2- and a 3-player game of one event differ there by the rules, not by their components.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from scorer.core.cache import by_content
from scorer.core.components import Components, Part, child, keyed
from scorer.core.errors import RuleViolation
from scorer.games.hacienda import catalog
from scorer.games.hacienda.board import _assign_ids, _inline_spaces
from scorer.games.hacienda.state import WATER_SUPPLY
from scorer.games.hacienda.water import canonical_form


def component_data(doc: Any) -> Components:
    """The parts of a schema-valid record (``setup``) or position (``map``, ``components``)."""
    if "setup" in doc:
        data, map_at, water_at = doc["setup"], "/setup/map", "/setup"
    else:
        comp = doc.get("components", {})
        water_at = "/components" if "components" in doc else ""
        data, map_at = {**comp, "map": doc["map"]}, "/map"
    return _parts(map_at, water_at, data["map"], data.get("water_supply"))


@by_content
def _parts(map_at: str, water_at: str, form: Any, water: Any) -> Components:
    """Built once per content (:func:`~scorer.core.cache.by_content`): the records of a batch
    with the same map and water tiles share these parts (read-only) and their fingerprint."""
    return {"map": _map(form, map_at), "water_supply": _water(water, water_at)}


def _map(form: Any, at: str) -> Part:
    if "spaces" not in form and "rows" not in form:
        ref = form.get("id")
        spaces = _shipped(ref) if isinstance(ref, str) else None
        return keyed(child(at, "id"), spaces if spaces is not None else {"id": ref})
    try:
        raw = _inline_spaces(form, ("map",))
        assigned = {cell: mid for cell, _kind, mid in _assign_ids(raw, ("map",))}
    except RuleViolation:  # duplicate spaces or market ids: reported by HAC-MAP-1 / -3
        raw, assigned = [], {}
    values: dict[str, Any] = {}
    pointers: dict[str, str] = {}
    r0 = int(form.get("origin", (0, 0))[1])
    for cell, kind, _given, k in raw:
        key = f"{cell[0]},{cell[1]}"
        values[key] = _space(kind, assigned.get(cell))
        pointers[key] = child(at, "spaces", k) if k >= 0 else child(at, "rows", cell[1] - r0)
    return keyed(at, values, pointers)


def _space(kind: str, market_id: str | None) -> dict[str, Any]:
    return {"t": kind, "id": market_id} if kind == "market" else {"t": kind}


@cache
def _shipped(map_id: str) -> dict[str, Any] | None:
    parts = catalog.shipped_parts(map_id)
    if parts is None:
        return None
    return {f"{q},{r}": _space(kind, market_id) for (q, r), kind, market_id in parts.spaces}


def _water(spec: Any, at: str) -> Part:
    if spec is None:
        return keyed(at, {"water_supply": WATER_SUPPLY})
    pointer = child(at, "water_supply")
    if isinstance(spec, int):
        return keyed(at, {"water_supply": spec}, {"water_supply": pointer})
    shapes = sorted(
        [[list(c) for c in canonical_form([tuple(c) for c in s["cells"]])], s["count"]]
        for s in spec
    )
    return keyed(at, {"water_supply": shapes}, {"water_supply": pointer})
