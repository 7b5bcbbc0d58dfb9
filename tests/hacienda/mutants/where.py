"""What Hacienda's mutators share: where a map is (a record's ``setup.map``, a position's
``map``) and its inline copy, replaying a record (``turns``: each turn with the state before
it; ``slots``: each point inside a turn, with the state there, where a step can be inserted or
replaced), whether a changed turn is still legal up to a step, and the seeded pick among the
places found, plus the record types and the rules they use.

A mutator reads the state the way the spec describes it (the named views of
``State``: pesos, hands, tiles placed, supplies); where a step goes is worked out here
and in the mutators from the spec's rules, never by asking the check that should fire.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

from scorer.core.errors import RuleViolation
from scorer.games.hacienda.board import PAMPAS, Board, parse_map
from scorer.games.hacienda.catalog import shipped_board
from scorer.games.hacienda.generator import after_prefix
from scorer.games.hacienda.state import ANIMAL, LAND, State
from tests.roles import roles_of

GAME = roles_of("hacienda")

Doc = dict[str, Any]
Step = dict[str, Any]
Mutator = Callable[[Doc, random.Random], bool]
#: A point inside a turn: (move, step index, the state before that step, the once-per-turn
#: steps taken before it).
Slot = tuple[int, int, State, frozenset[str]]


def _pick(rng: random.Random, found: list[Any]) -> Any:
    return found[rng.randrange(len(found))] if found else None


def is_record(doc: Doc) -> bool:
    return isinstance(doc.get("moves"), list) and isinstance(doc.get("setup"), dict)


def is_position(doc: Doc) -> bool:
    return str(doc.get("format", "")).startswith("scorer-position") and "land" in doc


# ---- maps ------------------------------------------------------------------------------------
def map_holder(doc: Doc) -> dict[str, Any] | None:
    """The object whose ``map`` member is the map: a record's setup or the position itself."""
    holder = doc.get("setup") if is_record(doc) else doc if is_position(doc) else None
    if isinstance(holder, dict) and isinstance(holder.get("map"), dict):
        return holder
    return None


def inline_copy(doc: Doc) -> dict[str, Any] | None:
    """The document's map as an inline map (§3.3 canonical form, its id kept): the shipped map
    a reference names, or the inline map itself. None if there is none."""
    holder = map_holder(doc)
    if holder is None:
        return None
    obj = holder["map"]
    if "spaces" in obj:
        return copy.deepcopy(obj)
    if "rows" in obj:
        return None
    board = shipped_board(obj.get("id")) if isinstance(obj.get("id"), str) else None
    return None if board is None else board.canonical()


def board_of(doc: Doc) -> Board | None:
    holder = map_holder(doc)
    if holder is None:
        return None
    try:
        return parse_map(holder["map"], ("map",))
    except RuleViolation:
        return None


def cell(board: Board, space: int) -> list[int]:
    q, r = board.coords[space]
    return [q, r]


# ---- replaying a record ----------------------------------------------------------------------
def moves(doc: Doc) -> list[dict[str, Any]]:
    found = doc.get("moves")
    return found if isinstance(found, list) else []


def turns(doc: Doc) -> Iterator[tuple[int, State]]:
    """(i, the state before move i) for the moves of a valid record, in order; stops quietly
    where the record is not legal or the game is over."""
    if not is_record(doc):
        return
    try:
        state = GAME.referee.initial_state(doc)
    except (RuleViolation, KeyError, TypeError, ValueError):
        return
    for i, move in enumerate(moves(doc)):
        if GAME.referee.is_over(state):
            return
        yield i, state
        try:
            state = GAME.referee.apply(state, move)
        except (RuleViolation, KeyError, TypeError, ValueError):
            return


def slots(doc: Doc) -> Iterator[Slot]:
    """Every point j (0 … len(steps)) inside every turn, with the state once steps[:j] are
    taken as recorded."""
    for i, state in turns(doc):
        steps = moves(doc)[i]["steps"]
        for j in range(len(steps) + 1):
            try:
                mid, used, _ = after_prefix(state, steps[:j])
            except (RuleViolation, KeyError, TypeError, ValueError):
                break
            yield i, j, mid, used


def put_picked(doc: Doc, rng: random.Random, options: list[tuple[int, int, Step]]) -> bool:
    """One of ``options`` (move i, step j, the step) picked and put in with :func:`put_step`;
    False if there is none."""
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j, step = choice
    put_step(doc, i, j, step)
    return True


def put_step(doc: Doc, i: int, j: int, step: Step) -> None:
    """The step goes in at j: inserted while the turn has room (fewer than 3 steps), otherwise
    in place of the recorded step j (§5: at most 3 actions, HAC-TURN-2 stays quiet)."""
    steps = moves(doc)[i]["steps"]
    if len(steps) < 3:
        steps.insert(j, step)
    else:
        steps[j] = step


def can_put(doc: Doc, i: int, j: int) -> bool:
    """Whether ``put_step`` has a place at j (a full turn has no step j = 3 to replace)."""
    return len(moves(doc)[i]["steps"]) < 3 or j < 3


def legal_before(state: State, steps: list[Step], k: int) -> bool:
    """Whether steps[:k] of a turn starting in ``state`` are all legal."""
    try:
        after_prefix(state, steps[:k])
    except (RuleViolation, KeyError, TypeError, ValueError):
        return False
    return True


# ---- the board of a state, as the spec describes it ------------------------------------------
def own_tiles(state: State) -> list[int]:
    """The spaces carrying a land or animal tile of the active player."""
    seat = state.seat
    land, low = LAND + seat, ANIMAL + 4 * seat
    return [s for s, c in enumerate(state.cells) if c == land or low <= c < low + 4]


def empty_pampas(state: State) -> list[int]:
    types = state.board.types
    return [s for s, c in enumerate(state.cells) if c == 0 and types[s] == PAMPAS]
