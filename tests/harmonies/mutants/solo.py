"""Harmonies's mutators of the solo discard (section 6.7: HAR-SOLO-1/2/4): a discard in a
multiplayer game, after a turn that took a card, or of a card not face up in the display.
"""

from __future__ import annotations

import random

from scorer.games.harmonies.board import TRACKS
from tests.harmonies.mutants.where import Record, _has, _moves, _pick, _solo, _starts, _taken


# ---- the solo discard (section 6.7) ------------------------------------------------------------
def _discard_in_multiplayer(doc: Record, rng: random.Random) -> bool:
    """HAR-SOLO-1: a ``solo_discard`` (of a display card) in a turn of a multiplayer game."""
    if _solo(doc):
        return False
    options = [(i, state) for i, state in _starts(doc) if state.display]
    if not options:
        return False
    i, state = _pick(rng, options)
    _moves(doc)[i]["solo_discard"] = {"card": _pick(rng, sorted(state.display))}
    return True


def _discard_after_take(doc: Record, rng: random.Random) -> bool:
    """HAR-SOLO-2: a solo ``solo_discard`` of a display card in a turn that took an Animal
    card."""
    if not _solo(doc):
        return False
    moves = _moves(doc)
    options = []
    for i, state in _starts(doc):
        if _has(moves[i], "take_card") and "solo_discard" not in moves[i]:
            left = [c for c in state.display if c not in _taken(moves[i])]
            options.append((i, _pick(rng, sorted(left)) if left else _pick(rng, sorted(TRACKS))))
    if not options:
        return False
    i, card = _pick(rng, options)
    moves[i]["solo_discard"] = {"card": card}
    return True


def _discard_unseen_card(doc: Record, rng: random.Random) -> bool:
    """HAR-SOLO-4: a solo discard (a new one, or the card of a recorded one) naming a catalog
    card that is not face up in the display, in a turn that took no card."""
    if not _solo(doc):
        return False
    moves = _moves(doc)
    options = []
    for i, state in _starts(doc):
        if _has(moves[i], "take_card"):
            continue
        unseen = sorted(c for c in TRACKS if c not in state.display)
        options.append((i, _pick(rng, unseen)))
    if not options:
        return False
    i, card = _pick(rng, options)
    discard = moves[i].get("solo_discard")
    if isinstance(discard, dict):
        discard["card"] = card
    else:
        moves[i]["solo_discard"] = {"card": card}
    return True
