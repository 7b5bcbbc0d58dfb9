"""What Harmonies's mutators share: reading a document (is it a position, its moves and their
steps, the cards a turn takes, the nature spirits and solo flags, a position's boards, their
cards and incomplete ones), replaying a record through the rules (``_starts``: the state
before each move) and the seeded pick among the places found, plus the record types.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from scorer.games.harmonies.board import TRACKS
from scorer.games.harmonies.state import State
from tests.mutants import states_before_moves
from tests.roles import roles_of

GAME = roles_of("harmonies")


Record = dict[str, Any]
Move = dict[str, Any]


# ---- reading a document ----------------------------------------------------------------------
def _is_position(doc: Record) -> bool:
    return str(doc.get("format", "")).startswith("scorer-position")


def _moves(doc: Record) -> list[Move]:
    moves = doc.get("moves")
    return moves if isinstance(moves, list) and not _is_position(doc) else []


def _starts(doc: Record) -> Iterator[tuple[int, State]]:
    """(i, the state before move i) for the moves of a valid record, in order."""
    yield from states_before_moves(GAME, doc)


def _pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))] if items else None


def _steps(move: Move) -> list[dict[str, Any]]:
    steps = move.get("steps")
    return steps if isinstance(steps, list) else []


def _has(move: Move, do: str) -> bool:
    return any(s.get("do") == do for s in _steps(move))


def _spirits_on(doc: Record) -> bool:
    return bool((doc.get("variant") or {}).get("nature_spirits", False))


def _solo(doc: Record) -> bool:
    return len(doc.get("players") or []) == 1


def _boards(doc: Record) -> list[tuple[str, dict[str, Any]]]:
    boards = doc.get("boards")
    if not _is_position(doc) or not isinstance(boards, dict):
        return []
    return [(name, b) for name, b in sorted(boards.items()) if isinstance(b, dict)]


def _position_cards(doc: Record) -> set[str]:
    return {e["card"] for _, b in _boards(doc) for e in b.get("cards", [])}


def _incomplete(board: dict[str, Any]) -> int:
    """Incomplete cards of a position board (12.2, HAR-POS-10), cards listing their cubes."""
    n = sum(
        1
        for e in board.get("cards", [])
        if "cubes" in e and len(e["cubes"]) < len(TRACKS.get(e["card"], ()))
    )
    spirit = board.get("spirit")
    if spirit is not None and spirit.get("card") is not None and spirit.get("cube", 0) is None:
        n += 1
    return n


def _taken(move: Move) -> set[str]:
    return {s["card"] for s in _steps(move) if s.get("do") == "take_card"}
