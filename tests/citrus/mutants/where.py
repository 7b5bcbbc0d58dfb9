"""What Citrus's mutators share: replaying a record through the rules (``_starts``, ``_here``),
the first rule of section 8 a placement breaks (``placement_rule``, worked out from the spec,
never by asking the checks), and finding the places an edit can go (the placements of a
record, a placement moved to a cell where one rule refuses it, the build and harvest turns
whose player holds an action tile or not), plus the record types they all use.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from scorer.games.citrus.generator import after_prefix
from scorer.games.citrus.state import Notes, State
from tests.mutants import states_before_moves
from tests.roles import roles_of

GAME = roles_of("citrus")


Record = dict[str, Any]
Cell = tuple[int, int]
#: A position within a move: the state so far, the move's notes, "may still pass".
Here = tuple[State, Notes, bool]

USES = ("use_cart", "use_milestone", "use_bull")


# ---- replaying a record ----------------------------------------------------------------------
def _moves(doc: Record) -> list[dict[str, Any]]:
    moves = doc.get("moves")
    return moves if isinstance(moves, list) else []


def _starts(doc: Record) -> Iterator[tuple[int, State]]:
    """(i, the state before move i) for the moves of a valid record, in order (none for a
    position, which has no moves)."""
    yield from states_before_moves(GAME, doc)


def _here(state: State, steps: list[dict[str, Any]], j: int) -> Here | None:
    """The position before step ``j`` of a move (harvesting finished, when it may be)."""
    found = after_prefix(state, steps[:j])
    return found[-1] if found else None


def _main(steps: list[dict[str, Any]]) -> str:
    for s in steps:
        if s["do"] in ("buy", "harvest", "pass"):
            return str(s["do"])
    return ""


def _kind(token: str) -> str:
    return token.rstrip("*")


def _pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))] if items else None


def _first_after_unblock(steps: list[dict[str, Any]]) -> int:
    return 1 if steps and steps[0]["do"] == "unblock" else 0


# ---- section 8, from the spec: which rule a placement breaks first -----------------------------
def placement_rule(w: State, seat: int, token: str, c: Cell) -> str | None:
    """The first rule of section 8 (CIT-BUILD-2 … CIT-FUSE-1) that building ``token`` on
    ``c`` breaks for ``seat`` in ``w``, or None if it is legal."""
    board = w.static.board
    i = board.index.get(c)
    if i is None:
        return "CIT-BUILD-2"
    if board.kind_at[i] not in ".*":
        return "CIT-BUILD-3"
    if w.tiles[i] is not None:
        return "CIT-BUILD-4"
    k = _kind(token)
    touching = {
        rid: r
        for n in board.nbrs[c]
        if (rid := w.region_of[board.index[n]]) >= 0
        and (r := w.regions[rid]) is not None
        and r.kind == k
    }
    own = [r for r in touching.values() if r.owner == seat]
    if not own:
        on_finca_path = any(w.sites[s].status == "finca" for s in board.path_sites.get(c, ()))
        if not on_finca_path or w.players[seat].mat == 0:
            return "CIT-BUILD-5"
    if any(r.owner not in (-1, seat) for r in touching.values()):
        return "CIT-BUILD-6"
    if not w.static.options.family:
        for s in board.path_sites.get(c, ()):
            for q in board.paths[s]:
                t = w.tiles[board.index[q]]
                if q != c and t is not None and _kind(t) == k:
                    return "CIT-PATH-1"
    neutral = sum(len(r.cells) for r in touching.values() if r.owner == -1)
    mine = sum(len(r.cells) for r in own) + int(w.static.options.fusion_count_new_tile)
    if neutral > mine:
        return "CIT-FUSE-1"
    return None


def _cells(w: State) -> list[Cell]:
    return sorted(w.static.board.buildable)


def _steps_doing(doc: Record, do: str) -> Iterator[tuple[int, int, Here]]:
    """(i, j, position before it) for every step ``do`` of the record."""
    moves = _moves(doc)
    for i, state in _starts(doc):
        steps = moves[i]["steps"]
        for j, step in enumerate(steps):
            if step["do"] == do:
                here = _here(state, steps, j)
                if here is not None:
                    yield i, j, here


def _places(doc: Record) -> Iterator[tuple[int, int, Here]]:
    """(i, j, position before it) for every ``place`` step of the record."""
    return _steps_doing(doc, "place")


def _move_place_to(doc: Record, rng: random.Random, rule: str) -> bool:
    """Move one placement to a cell where section 8 refuses it by ``rule`` only there."""
    moves = _moves(doc)
    options: list[tuple[int, int, Cell]] = []
    for i, j, (w, t, _) in _places(doc):
        token = moves[i]["steps"][j]["tile"]
        options += [(i, j, c) for c in _cells(w) if placement_rule(w, t.seat, token, c) == rule]
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j, c = choice
    step = moves[i]["steps"][j]
    step["at"] = list(c)
    step.pop("new_region", None)  # a cross-check of the old cell would be checked after it
    step.pop("took", None)
    return True


def _held(doc: Record, tile: str, want: bool) -> list[tuple[int, int, Here]]:
    """(i, j, position) at the first step of each build or harvest turn (after an unblock)
    whose player holds (``want``) or does not hold an unused ``tile``."""
    moves = _moves(doc)
    out = []
    for i, state in _starts(doc):
        steps = moves[i]["steps"]
        if _main(steps) not in ("buy", "harvest"):
            continue
        j = _first_after_unblock(steps)
        here = _here(state, steps, j)
        if here is not None and (tile in here[0].players[here[1].seat].actions) == want:
            out.append((i, j, here))
    return out


def _finca_fields(w: State, rng: random.Random) -> dict[str, Any]:
    sites = sorted(w.sites) or ["A"]
    return {"site": rng.choice(sites), "finca": {"first": 4, "second": 2}, "reveal": None}
