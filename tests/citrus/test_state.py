"""States are immutable at run time: nothing reachable from one is a plain dict, list or set,
every write through a state's containers raises, and replaying a move never changes the
state it started from (the bug of shared plain dicts)."""

from __future__ import annotations

import contextlib
import dataclasses
import typing
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from scorer.core.errors import RuleViolation
from scorer.games.citrus.state import Player, State, TurnDraft, fincas_of
from tests.roles import roles_of

GAME = roles_of("citrus")

_LEAVES = (str, bytes, int, float, bool, type(None))


def _children(obj: Any) -> Iterator[Any]:
    if isinstance(obj, Mapping):
        for key, value in obj.items():
            yield key
            yield value
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield getattr(obj, f.name)
    elif hasattr(obj, "__iter__"):
        yield from obj


def reachable(root: Any) -> Iterator[Any]:
    """Every object reachable from ``root`` through fields, items and keys (once each)."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        obj = todo.pop()
        if isinstance(obj, _LEAVES) or id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        todo.extend(_children(obj))


def states_of(players: int, seed: int, options: dict[str, Any]) -> list[State]:
    record = GAME.moves.simulate(players, seed, options)
    states = [GAME.referee.initial_state(record)]
    for move in record["moves"]:
        states.append(GAME.referee.apply(states[-1], move))
    return states


@pytest.mark.parametrize("options", [{}, {"purchase_mistakes": "penalize"}])
def test_nothing_reachable_from_a_state_is_a_plain_container(options: dict[str, Any]) -> None:
    states = states_of(3, 4, options)
    for state in (states[0], states[len(states) // 2], states[-1]):
        plain = [type(o).__name__ for o in reachable(state) if type(o) in (dict, list, set)]
        assert plain == []


def test_writes_through_a_state_raise() -> None:
    record = GAME.moves.simulate(2, 8, {"purchase_mistakes": "penalize"})
    states = [GAME.referee.initial_state(record)]
    for move in record["moves"]:
        states.append(GAME.referee.apply(states[-1], move))
    state = states[len(states) // 2]
    cell = next(i for i, t in enumerate(state.tiles) if t is not None)  # a cell number
    site = next(iter(state.sites))
    with pytest.raises(AttributeError):  # a NamedTuple
        state.turn = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.static.names = ()  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.static.options.family = True  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.static.board.width = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.players[0].money = 0  # type: ignore[misc]
    writes: list[tuple[Any, Any, Any]] = [
        (state.tiles, cell, "lemon"),
        (state.region_of, cell, 99),
        (state.regions, 0, state.regions[state.region_of[cell]]),
        (state.land, cell, ("bull", 0)),
        (state.sites, site, state.sites[site]),
        (state.players, 0, Player(0, 0, (), ())),
        (state.market, 0, None),
        (state.bag, "lemon", 99),
        (state.returned, 0, 9),
        (state.static.layout, "r1", ()),
        (state.static.supply, "lemon", 0),
        (state.static.board.nbrs, state.static.board.cells[cell], ()),
        (state.static.board.kind, state.static.board.cells[cell], "#"),
        (state.static.board.index, state.static.board.cells[cell], 0),
        (state.static.board.paths_at, "A", ()),
    ]
    for container, key, value in writes:
        with pytest.raises(TypeError):
            container[key] = value
    warned = next(s for s in states if s.warnings)
    with pytest.raises(TypeError):
        warned.warnings[0].details["move"] = 0  # type: ignore[index]


def test_replaying_a_move_never_changes_the_state_it_started_from() -> None:
    record = GAME.moves.simulate(3, 2, {})
    states = [GAME.referee.initial_state(record)]
    shown = [repr(states[0])]
    for index, move in enumerate(record["moves"]):
        states.append(GAME.referee.apply(states[-1], move))
        shown.append(repr(states[-1]))
        again = GAME.referee.apply(states[-2], move)  # the same move on the same state, once more
        assert again == states[-1]
        if index >= 1:  # and on the state two moves back: legal or not
            with contextlib.suppress(RuleViolation):
                GAME.referee.apply(states[-3], move)
            GAME.referee.skip(states[-2], move)
    assert [repr(s) for s in states] == shown


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 4), (4, 7)])
def test_the_derived_fincas_follow_the_sites(players: int, seed: int) -> None:
    """``State.fincas`` is written with ``sites``: every state of a game (and every position
    loaded from one) names exactly the sites holding a finca."""
    record = GAME.moves.simulate(players, seed, {})
    states = [GAME.referee.initial_state(record)]
    for move in record["moves"]:
        states.append(GAME.referee.apply(states[-1], move))
    assert any(len(s.fincas) > len(states[0].fincas) for s in states)  # a new finca was made
    for state in states:
        assert state.fincas == fincas_of(state.sites)
    exported = GAME.positions.export_position(states[len(states) // 2], record)
    loaded = GAME.positions.load_position(exported).state
    assert loaded is not None and loaded.fincas == fincas_of(loaded.sites)


def test_the_turn_draft_repeats_the_state_fields_with_their_types() -> None:
    """``TurnDraft`` declares every field of ``State`` with the same type, and one more
    attribute: the move's notes."""
    state, draft = typing.get_type_hints(State), typing.get_type_hints(TurnDraft)
    assert {name: draft[name] for name in State._fields} == state
    assert set(TurnDraft.__annotations__) - set(State._fields) == {"notes"}


def test_mypy_rejects_a_misspelt_or_mistyped_draft_write(tmp_path: Path) -> None:
    mypy_api = pytest.importorskip("mypy.api")
    snippet = tmp_path / "handler.py"
    snippet.write_text(
        "from scorer.games.citrus.state import TurnDraft\n"
        "from scorer.games.citrus.steps import PassStep\n\n\n"
        "def step_pass(draft: TurnDraft, step: PassStep, at: int) -> None:\n"
        "    draft.saet = 1\n"
        "    draft.passes = 'two'\n"
    )
    out, _, status = mypy_api.run(["--strict", "--no-incremental", str(snippet)])
    assert status == 1
    assert '"TurnDraft" has no attribute "saet"' in out
    assert 'expression has type "str", variable has type "int"' in out
