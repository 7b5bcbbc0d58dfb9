"""What Kuhfstein's mutators share: where things are in a record or position (its component
data, its play turns and their steps of a kind, the exchange limit), replaying a record step
by step (``_walk``: each step with the turn's draft just before it) and the seeded pick among
the places found, plus the record types and the rules they use.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from scorer.games.kuhfstein import actions, events
from scorer.games.kuhfstein.state import TurnDraft
from tests.roles import roles_of

GAME = roles_of("kuhfstein")

Doc = dict[str, Any]
Mutator = Callable[[Doc, random.Random], bool]


def _components(doc: Doc) -> dict[str, Any] | None:
    """The component data: a record's ``setup`` or a position's ``components``."""
    comp = doc.get("setup", doc.get("components"))
    return comp if isinstance(comp, dict) else None


def _is_record(doc: Doc) -> bool:
    return isinstance(doc.get("moves"), list) and isinstance(doc.get("setup"), dict)


def _play_moves(doc: Doc) -> list[int]:
    """Indexes of the play turns (not the reveals after the end of play)."""
    return [
        m
        for m, move in enumerate(doc.get("moves") or [])
        if move.get("steps") and all(s.get("do") != "reveal_scoring_tile" for s in move["steps"])
    ]


def _steps(doc: Doc, *kinds: str) -> list[tuple[int, int]]:
    """(move, step) of every step of a play turn whose ``do`` is one of ``kinds``."""
    return [
        (m, j)
        for m in _play_moves(doc)
        for j, step in enumerate(doc["moves"][m]["steps"])
        if step.get("do") in kinds
    ]


def _swap_limit(doc: Doc) -> int:
    limit = (doc.get("variant") or {}).get("max_swaps_per_action", 1)
    return limit if isinstance(limit, int) else 1


def _walk(doc: Doc) -> Iterator[tuple[int, int, TurnDraft]]:
    """Replay a record: (move, step, the turn's draft just before the step), for every step
    of every play turn. Stops quietly where the record is not legal."""
    try:
        state = GAME.referee.initial_state(doc)
        for m, move in enumerate(doc["moves"]):
            if state.phase == "over":
                state = GAME.referee.apply(state, move)
                continue
            draft = events.begin_turn(state, move)
            for j, step in enumerate(move["steps"]):
                yield m, j, draft
                actions.apply_step(draft, step, j)
            state = events.end_turn(draft, move)
    except Exception:  # a record the checker refuses: its earlier points are all we need
        return


def _pick(rng: random.Random, found: list[Any]) -> Any:
    return rng.choice(found) if found else None
