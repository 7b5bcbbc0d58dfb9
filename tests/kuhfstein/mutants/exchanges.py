"""Kuhfstein's mutators of the tile and card exchanges of a play turn (KUH-TILE-1 … 3,
KUH-TAKE-1 … 2, KUH-TAKE-4): one exchange more than ``max_swaps_per_action``, an exchange
that draws one fewer, and an exchange added where it is refused or where it must draw; each
tile and card pair shares one helper that takes the step's ``do``.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from tests.kuhfstein.mutants.where import Doc, _is_record, _pick, _steps, _swap_limit, _walk


def too_many_tile_exchanges(doc: Doc, rng: random.Random) -> bool:
    """KUH-TILE-2: a place_tile step given one exchange more than max_swaps_per_action (its
    own exchange repeated, or exchanges that draw nothing)."""
    return _too_many_exchanges(doc, rng, "place_tile")


def too_many_card_exchanges(doc: Doc, rng: random.Random) -> bool:
    """KUH-TAKE-4: a take_card step given one exchange more than max_swaps_per_action."""
    return _too_many_exchanges(doc, rng, "take_card")


def _too_many_exchanges(doc: Doc, rng: random.Random, do: str) -> bool:
    found = _steps(doc, do)
    if not found:
        return False
    m, j = rng.choice(found)
    step = doc["moves"][m]["steps"][j]
    swap = step.get("swap")
    given = swap if isinstance(swap, list) else [swap] if swap else []
    limit = _swap_limit(doc)
    step["swap"] = [
        copy.deepcopy(given[k % len(given)]) if given else {"drawn": []} for k in range(limit + 1)
    ]
    return True


def tile_exchange_short(doc: Doc, rng: random.Random) -> bool:
    """KUH-TILE-3: a tile exchange that draws one tile fewer (its last)."""
    return _exchange_short(doc, rng, "place_tile")


def card_exchange_short(doc: Doc, rng: random.Random) -> bool:
    """KUH-TAKE-2: a card exchange that draws one card fewer (its last)."""
    return _exchange_short(doc, rng, "take_card")


def _exchange_short(doc: Doc, rng: random.Random, do: str) -> bool:
    found = []
    for m, j in _steps(doc, do):
        swap = doc["moves"][m]["steps"][j].get("swap")
        for ex in swap if isinstance(swap, list) else [swap] if swap else []:
            if ex.get("drawn"):
                found.append(ex)
    ex = _pick(rng, found)
    if ex is None:
        return False
    ex["drawn"].pop()
    return True


def tile_exchange_added(doc: Doc, rng: random.Random) -> bool:
    """KUH-TILE-1 / KUH-TILE-3: a tile exchange that draws nothing added to a place_tile step:
    refused where the display has no 4 tiles of one kind (TILE-1), short where it has (TILE-3:
    the display goes, and the same number of tiles must be drawn)."""
    return _exchange_added(doc, rng, "place_tile")


def card_exchange_added(doc: Doc, rng: random.Random) -> bool:
    """KUH-TAKE-1 / KUH-TAKE-2: a card exchange that draws nothing added to a take_card step:
    refused where no face kind is on every displayed card or the display is not full as the
    variant wants (TAKE-1), short where the exchange is allowed (TAKE-2)."""
    return _exchange_added(doc, rng, "take_card")


def _exchange_added(doc: Doc, rng: random.Random, do: str) -> bool:
    if not _is_record(doc):
        return False
    full = (doc.get("variant") or {}).get("card_swap_needs_full_display", True)
    allowed: list[dict[str, Any]] = []
    refused: list[dict[str, Any]] = []
    for m, j, draft in _walk(doc):
        step = doc["moves"][m]["steps"][j]
        if step["do"] != do or "swap" in step:
            continue
        if do == "place_tile":
            display = draft.tile_display
            ok = any(display.count(k) >= 4 for k in set(display))
        else:
            cards = draft.card_display
            book = draft.comp.cards
            kinds = [set(book[c].face_kinds) for c in cards]
            ok = bool(cards) and not (full and len(cards) < 4) and bool(set.intersection(*kinds))
        (allowed if ok else refused).append(step)
    step = _pick(rng, allowed if allowed and (rng.random() < 0.5 or not refused) else refused)
    if step is None:
        return False
    step["swap"] = {"drawn": []}
    return True
