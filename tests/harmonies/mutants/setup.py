"""Harmonies's mutators of a record's setup (HAR-SETUP-5, HAR-SETUP-3): a fifth player (or
the players list emptied), and a card of the initial display written twice.
"""

from __future__ import annotations

import random

from tests.harmonies.mutants.where import Record, _is_position


def _fifth_player(doc: Record, rng: random.Random) -> bool:
    """HAR-SETUP-5: a record of 4 players given a fifth (or, for fewer, its players list
    emptied): the count of players is a rules check, not a schema one."""
    players = doc.get("players")
    if _is_position(doc) or not isinstance(players, list) or "setup" not in doc:
        return False
    if len(players) == 4:
        players.append({"name": "Eve"})
    else:
        players.clear()
    return True


def _repeat_display_card(doc: Record, rng: random.Random) -> bool:
    """HAR-SETUP-3: a card of the initial display written twice (in place of another)."""
    display = (doc.get("setup") or {}).get("display")
    if not isinstance(display, list) or len(display) < 2:
        return False
    a, b = rng.sample(range(len(display)), 2)
    display[a] = display[b]
    return True
