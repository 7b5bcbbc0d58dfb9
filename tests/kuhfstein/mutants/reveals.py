"""Kuhfstein's mutators of the scoring tile reveals (KUH-TURN-3, KUH-END-3, KUH-FINAL-1/2/4):
a reveal in a play turn, a play step after the end of play, a reveal move with its step twice
or a refill, a tile revealed that was dealt to another player, and a met claim flipped.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from tests.kuhfstein.mutants.where import Doc, _play_moves


def _reveals(doc: Doc) -> list[dict[str, Any]]:
    return [
        move
        for move in doc.get("moves") or []
        if len(move.get("steps") or []) == 1 and move["steps"][0].get("do") == "reveal_scoring_tile"
    ]


def reveal_in_play(doc: Doc, rng: random.Random) -> bool:
    """KUH-TURN-3: a scoring tile revealed by a step of a play turn."""
    moves = _play_moves(doc)
    if not moves:
        return False
    move = doc["moves"][rng.choice(moves)]
    dealt = ((doc.get("setup") or {}).get("scoring_dealt") or {}).get(move.get("player"), [])
    if not dealt:
        return False
    step = {"do": "reveal_scoring_tile", "tile": rng.choice(dealt), "met": False}
    move["steps"].insert(rng.randrange(len(move["steps"]) + 1), step)
    return True


def play_after_end(doc: Doc, rng: random.Random) -> bool:
    """KUH-END-3: a reveal after the end of play replaced by a play step of the player's."""
    reveals = _reveals(doc)
    if not reveals:
        return False
    move = rng.choice(reveals)
    own = [
        step
        for m in _play_moves(doc)
        if doc["moves"][m]["player"] == move["player"]
        for step in doc["moves"][m]["steps"]
    ]
    if not own:
        return False
    move["steps"] = [copy.deepcopy(rng.choice(own))]
    return True


def reveal_move_bad(doc: Doc, rng: random.Random) -> bool:
    """KUH-FINAL-1: a reveal move with its step twice, or with a refill."""
    reveals = _reveals(doc)
    if not reveals:
        return False
    move = rng.choice(reveals)
    if rng.random() < 0.5:
        move["steps"].append(copy.deepcopy(move["steps"][0]))
    else:
        move["refill"] = {"tiles": [], "cards": []}
    return True


def reveal_not_dealt(doc: Doc, rng: random.Random) -> bool:
    """KUH-FINAL-2: a scoring tile revealed that was dealt to another player."""
    reveals = _reveals(doc)
    dealt = (doc.get("setup") or {}).get("scoring_dealt") or {}
    if not reveals:
        return False
    move = rng.choice(reveals)
    pool = [t for n, ts in dealt.items() if n != move["player"] for t in ts]
    if not pool:
        return False
    move["steps"][0]["tile"] = rng.choice(pool)
    return True


def met_flipped(doc: Doc, rng: random.Random) -> bool:
    """KUH-FINAL-4: a reveal's met claim the opposite of what its condition evaluates to."""
    reveals = [m for m in _reveals(doc) if isinstance(m["steps"][0].get("met"), bool)]
    if not reveals:
        return False
    step = rng.choice(reveals)["steps"][0]
    step["met"] = not step["met"]
    return True
