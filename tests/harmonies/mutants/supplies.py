"""Harmonies's mutators of what the game draws from (HAR-CARD-4, HAR-POS-12, HAR-REFILL-2/4):
the animal cube reserve set just below what the cards need, a Central board refill token of
a colour the pouch no longer holds, and a card revealed again by a display refill or a solo
replacement.
"""

from __future__ import annotations

import random
from typing import Any

from scorer.games.harmonies.board import COLOURS, TRACKS
from tests.harmonies.mutants.where import (
    Record,
    _is_position,
    _moves,
    _pick,
    _position_cards,
    _starts,
    _steps,
)


# ---- the cube reserve (HAR-CARD-4, HAR-POS-12) -------------------------------------------------
def _reserve_too_small(doc: Record, rng: random.Random) -> bool:
    """HAR-CARD-4 (a record) or HAR-POS-12 (a position): ``animal_cube_supply`` set just below
    what the cards need. In a record, the reserve runs short at one ``take_card`` step picked
    with ``rng`` (the reserve holds the cubes of the earlier cards plus one cube less than its
    track); in a position, it is 1 to 3 cubes short of all the cards' tracks."""
    variant = doc.setdefault("variant", {})
    if not isinstance(variant, dict):
        return False
    if _is_position(doc):
        need = sum(len(TRACKS.get(c, ())) for c in _position_cards(doc))
        if need == 0:
            return False
        variant["animal_cube_supply"] = max(0, need - rng.randint(1, 3))
        return True
    taken = [s["card"] for m in _moves(doc) for s in _steps(m) if s.get("do") == "take_card"]
    if not taken:
        return False
    k = rng.randrange(len(taken))
    before = sum(len(TRACKS.get(c, ())) for c in taken[:k])
    variant["animal_cube_supply"] = before + len(TRACKS.get(taken[k], (1,))) - 1
    return True


# ---- the Central board refill (section 7.1) ----------------------------------------------------
def _draw_exhausted_colour(doc: Record, rng: random.Random) -> bool:
    """HAR-REFILL-2: a refill token of a colour the pouch no longer holds. A recorded refill
    token is recoloured; on the game's last turn, whose refill may be omitted (7.4), a refill
    of that colour is written into the space the turn took."""
    moves = _moves(doc)
    options: list[tuple[int, str]] = []
    for i, state in _starts(doc):
        gone = [c for c, n in zip(COLOURS, state.pouch, strict=True) if n <= 0]
        if not gone:
            continue
        refill = moves[i].get("refill")
        spaces = refill.get("spaces") if isinstance(refill, dict) else None
        if (spaces and any(spaces.values())) or i == len(moves) - 1:
            options.append((i, _pick(rng, gone)))
    if not options:
        return False
    i, colour = _pick(rng, options)
    move = moves[i]
    refill = move.get("refill")
    spaces = refill.get("spaces") if isinstance(refill, dict) else None
    if spaces and any(spaces.values()):
        filled = [(key, k) for key in sorted(spaces) for k in range(len(spaces[key]))]
        key, k = _pick(rng, filled)
        spaces[key][k] = colour
        return True
    space = next((s.get("space") for s in _steps(move) if s.get("do") == "take_tokens"), 1)
    if not isinstance(refill, dict):
        refill = move["refill"] = {}
    refill["spaces"] = {str(space): [colour] * 3}
    return True


def _reveal_again(doc: Record, rng: random.Random) -> bool:
    """HAR-REFILL-4: a card revealed by a display refill or a solo replacement written as a
    card of the initial display (revealed before), the number of cards unchanged."""
    shown = [c for c in (doc.get("setup") or {}).get("display", []) if c in TRACKS]
    if not shown:
        return False
    options: list[tuple[Any, Any]] = []
    for m in _moves(doc):
        refill = m.get("refill")
        if isinstance(refill, dict) and isinstance(refill.get("display"), list):
            options.extend((refill["display"], k) for k in range(len(refill["display"])))
        discard = m.get("solo_discard")
        if isinstance(discard, dict) and "replacement" in discard:
            options.append((discard, "replacement"))
    if not options:
        return False
    where, key = _pick(rng, options)
    where[key] = _pick(rng, shown)
    return True
