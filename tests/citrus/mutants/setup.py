"""Citrus's mutators of the setup and component data (CIT-SETUP-8, CIT-LAND-2): start money
other than 6, and a landscape tile of a type the spec does not support (in the setup's
landscape data, or in a position's landscape or held action tiles).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from scorer.games.citrus.data import LANDSCAPES
from tests.citrus.mutants.where import Record, _pick

#: Landscape types the spec does not support (CIT-LAND-2): anything else than the four.
UNSUPPORTED = ("windmill", "well", "donkey")


def start_money(doc: Record, rng: random.Random) -> bool:
    """CIT-SETUP-8: the setup's start money is not 6."""
    setup = doc.get("setup")
    if not isinstance(setup, dict):
        return False
    setup["money"] = rng.choice((0, 5, 7, 12))
    return True


def unsupported_landscape(doc: Record, rng: random.Random) -> bool:
    """CIT-LAND-2: a landscape tile of a type the spec does not support (in the setup's
    landscape data, or in a position's landscape or held action tiles)."""
    body = doc.get("setup", doc)
    land = body.get("landscape")
    if isinstance(land, str) and land in LANDSCAPES:
        land = body["landscape"] = copy.deepcopy(LANDSCAPES[land])
    places: list[tuple[Any, Any]] = []
    if isinstance(land, list):
        places += [(e, "type") for e in land if isinstance(e, dict)]
    for ps in (doc.get("player_state") or {}).values():
        acts = ps.get("actions") if isinstance(ps, Mapping) else None
        if isinstance(acts, list):
            places += [(acts, k) for k in range(len(acts))]
    choice = _pick(rng, places)
    if choice is None:
        return False
    where, key = choice
    if isinstance(where, dict):
        where.pop("points", None)
    where[key] = rng.choice(UNSUPPORTED)
    return True
