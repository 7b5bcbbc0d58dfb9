"""Single-step mutations of game records and positions, for the tests and bench/rule_coverage.py.

``mutate(record, rng)`` returns a deep copy with one change: one number nudged, one string
swapped for another value the record uses under the same key, one flag flipped, one null
filled in, one member dropped, one list edited (an element dropped, repeated, swapped, or the
list reversed), one cell shifted, one move dropped / given to another player / swapped with the
next, two steps swapped, or a step of another move inserted. Mostly in the moves; sometimes in
the setup, the claims, the players or the variant. A position (no moves) is mutated mostly in
its own members (boards, pieces, supplies).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

Path_ = tuple[str | int, ...]


def _paths(doc: Any, base: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    yield base, doc
    if isinstance(doc, dict):
        for key in sorted(doc):
            yield from _paths(doc[key], (*base, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _paths(value, (*base, i))


def _get(doc: Any, path: Path_) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def _strings_by_key(doc: Any) -> dict[str, list[str]]:
    pool: dict[str, set[str]] = {}
    for path, value in _paths(doc):
        if isinstance(value, str) and path and isinstance(path[-1], str):
            pool.setdefault(path[-1], set()).add(value)
    return {k: sorted(v) for k, v in pool.items()}


def _nudge(doc: Any, rng: random.Random, places: list[tuple[Path_, Any]]) -> bool:
    numbers = [(p, v) for p, v in places if isinstance(v, int) and not isinstance(v, bool) and p]
    if not numbers:
        return False
    path, value = rng.choice(numbers)
    _get(doc, path[:-1])[path[-1]] = value + rng.choice((-2, -1, 1, 2))
    return True


def _swap_string(doc: Any, rng: random.Random, places: list[tuple[Path_, Any]]) -> bool:
    strings = [(p, v) for p, v in places if isinstance(v, str) and p and p[-1] != "game"]
    if not strings:
        return False
    path, value = rng.choice(strings)
    key = path[-1] if isinstance(path[-1], str) else ""
    pool = [s for s in _strings_by_key(doc).get(key, []) if s != value]
    if not pool:
        pool = sorted({v for _, v in strings if v != value}) or [value + "x"]
    _get(doc, path[:-1])[path[-1]] = rng.choice(pool)
    return True


def _flip(doc: Any, rng: random.Random, places: list[tuple[Path_, Any]]) -> bool:
    flags = [(p, v) for p, v in places if isinstance(v, bool) and p]
    if not flags:
        return False
    path, value = rng.choice(flags)
    _get(doc, path[:-1])[path[-1]] = not value
    return True


def _null(doc: Any, rng: random.Random, places: list[tuple[Path_, Any]]) -> bool:
    slots = [(p, v) for p, v in places if p and isinstance(p[-1], str) and v is None]
    if not slots:
        return False
    path, _ = rng.choice(slots)
    siblings = [v for q, v in places if q and q[-1] == path[-1] and v is not None]
    if not siblings:
        return False
    _get(doc, path[:-1])[path[-1]] = copy.deepcopy(rng.choice(siblings))
    return True


def _drop_member(doc: Any, rng: random.Random, places: list[tuple[Path_, Any]]) -> bool:
    members = [p for p, _ in places if p and isinstance(p[-1], str) and p[0] != "format"]
    if not members:
        return False
    path = rng.choice(members)
    del _get(doc, path[:-1])[path[-1]]
    return True


def _list_edit(doc: Any, rng: random.Random, places: list[tuple[Path_, Any]]) -> bool:
    lists = [(p, v) for p, v in places if isinstance(v, list) and v and p]
    if not lists:
        return False
    _, value = rng.choice(lists)
    kind = rng.randrange(4)
    i = rng.randrange(len(value))
    if kind == 0:
        del value[i]
    elif kind == 1:
        value.insert(i, copy.deepcopy(value[i]))
    elif kind == 2 and len(value) > 1:
        j = rng.randrange(len(value))
        value[i], value[j] = value[j], value[i]
    else:
        value.reverse()
    return True


def _shift_cell(doc: Any, rng: random.Random, places: list[tuple[Path_, Any]]) -> bool:
    cells = [
        (p, v)
        for p, v in places
        if isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v)
    ]
    if not cells:
        return False
    _, value = rng.choice(cells)
    value[rng.randrange(2)] += rng.choice((-1, 1))
    return True


def _move_edit(doc: Any, rng: random.Random, places: list[tuple[Path_, Any]]) -> bool:
    moves = doc.get("moves") or []
    if not moves:
        return False
    kind = rng.randrange(5)
    i = rng.randrange(len(moves))
    if kind == 0:
        del moves[i]
    elif kind == 1:
        names = [p["name"] for p in doc["players"]]
        moves[i]["player"] = rng.choice([n for n in names if n != moves[i].get("player")] or names)
    elif kind == 2 and len(moves) > 1:
        j = min(i + 1, len(moves) - 1)
        moves[i], moves[j] = moves[j], moves[i]
    elif kind == 3:
        steps = moves[i].get("steps") or []
        if len(steps) < 2:
            return False
        a, b = rng.sample(range(len(steps)), 2)
        steps[a], steps[b] = steps[b], steps[a]
    else:
        donors = [m for m in moves if m.get("steps")]
        steps = moves[i].get("steps")
        if not donors or steps is None:
            return False
        donor = rng.choice(donors)
        steps.insert(rng.randrange(len(steps) + 1), copy.deepcopy(rng.choice(donor["steps"])))
    return True


MUTATORS: tuple[Callable[[Any, random.Random, list[tuple[Path_, Any]]], bool], ...] = (
    _nudge,
    _nudge,
    _swap_string,
    _swap_string,
    _flip,
    _null,
    _drop_member,
    _list_edit,
    _list_edit,
    _shift_cell,
    _shift_cell,
    _move_edit,
    _move_edit,
)
#: Where a mutation lands: mostly the moves, sometimes the setup, claims or players.
AREAS = ("moves",) * 6 + ("setup", "claimed", "players", "variant")


def states_before_moves(rules: Any, doc: dict[str, Any]) -> Iterator[tuple[int, Any]]:
    """(i, the state before move i) for the moves of a record the rules accept, in order, up
    to the end of the game or the first move they refuse (none for a position)."""
    from scorer.core.errors import RuleViolation

    moves = doc.get("moves")
    if "setup" not in doc or not isinstance(moves, list) or not moves:
        return
    try:
        state = rules.referee.initial_state(doc)
    except RuleViolation:
        return
    for i, move in enumerate(moves):
        yield i, state
        if rules.referee.is_over(state):
            return
        try:
            state = rules.referee.apply(state, move)
        except RuleViolation:
            return


#: A game's own single-step mutation: edits ``doc`` in place, True if it applied.
GameMutator = Callable[[dict[str, Any], random.Random], bool]


def game_mutators(game: str) -> tuple[GameMutator, ...]:
    """The mutations a game adds to the generic ones (``tests/<game>/mutants``,
    ``MUTATORS``): single-step edits that know the game's record (a cart flag set where no
    cart is held, a milestone claimed twice, ...), so rule coverage reaches the rules the
    generic edits rarely hit. Empty for a game without such a module."""
    import importlib

    try:
        module = importlib.import_module(f"tests.{game}.mutants")
    except ModuleNotFoundError:
        return ()
    return tuple(module.MUTATORS)


def mutate(
    record: dict[str, Any], rng: random.Random, own: tuple[GameMutator, ...] = ()
) -> dict[str, Any] | None:
    """One single-step mutation of ``record`` (a deep copy), or None if none applied. With a
    game's ``own`` mutations, one mutant in three is one of them (when it applies)."""
    if own and rng.random() < 1 / 3:
        doc = copy.deepcopy(record)
        if rng.choice(own)(doc, rng):
            return doc
    doc = copy.deepcopy(record)
    areas = AREAS
    if str(doc.get("format", "")).startswith("scorer-position"):
        # a position has no moves: its boards, pieces and supplies are what a mutation edits
        body = tuple(k for k in sorted(doc) if k not in ("format", "game", "meta"))
        areas = body * 3 + ("players", "variant")
    for _ in range(8):
        area = rng.choice(areas)
        if area not in doc:
            continue
        if area == "moves" and doc["moves"]:
            k = rng.randrange(len(doc["moves"]))
            places = [((area, k, *p), v) for p, v in _paths(doc["moves"][k])]
        else:
            places = [((area, *p), v) for p, v in _paths(doc[area])]
        if rng.choice(MUTATORS)(doc, rng, places):
            return doc
    return None
