"""The API test every registered game passes (in the manner of pgx's ``api_test``).

Parametrised over the registry, so a fifth game is held to the same contract the day it is
registered: the protocol is complete; simulated games verify; a replay done twice gives the
same result; no state changes after it is returned and none can be written through; a
position exported from a state loads back to the same scores; the generator offers the steps
the checker accepted; the JSON report is valid against its schema.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

import jsonschema
import pytest
from pyrsistent import pmap, pset, pvector

from scorer.core.errors import RuleViolation
from scorer.core.findings import is_rule_id
from scorer.core.roles import ROLES, Catalogue, Moves, Pictures, Positions, Referee, Role
from scorer.core.values import Importer, ScoreSheet
from scorer.referee.pipeline import verify_document
from scorer.referee.replay import verify_record
from scorer.registry import GAME_MODULES, game_names, get
from scorer.writing import report
from tests.roles import GameRoles, roles_of
from tests.writes import writable

GAMES = game_names()
ROOT = Path(__file__).resolve().parent.parent

#: Step members the generator leaves to chance or to later steps, by game (its docstring says
#: why): a recorded step carrying one of them is not expected among the generator's steps.
UNOFFERED: Mapping[str, frozenset[str]] = {
    "kuhfstein": frozenset({"swap"}),  # an exchange is decided, then drawn (spec 16.3)
}
#: Step members whose value chance decides (a tile drawn, a card revealed), by game: the
#: generator fills in one possible value, so only their presence is compared.
CHANCE: Mapping[str, frozenset[str]] = {
    "citrus": frozenset({"finca", "reveal"}),  # an unblocked site's finca tile and the next one
}


def _protocol_members(protocol: type) -> list[str]:
    """Every member (attribute, property or method) that a role protocol declares."""
    names = [n for n in getattr(protocol, "__annotations__", {}) if not n.startswith("_")]
    names += [n for n in vars(protocol) if not n.startswith("_") and n not in names]
    return names


def test_the_write_probe_finds_every_kind_of_hole() -> None:
    @dataclass(frozen=True, slots=True)
    class Frozen:
        items: Any

    class Loose:
        __slots__ = ("count",)  # a record whose field can be assigned

        def __init__(self) -> None:
            self.count = 1

    assert writable(Frozen(pmap({"a": pvector([1, (2, frozenset({3}))])}))) == []
    assert writable(Frozen(MappingProxyType({"a": 1}))) == []
    holes = writable(Frozen((pmap({"a": [1]}), {"b": 2}, {3}, Loose(), Frozen(pset([4])))))
    assert sorted(h.split(" ")[1] for h in holes) == ["(Loose)", "(dict)", "(list)", "(set)"]


def _players(rules: GameRoles) -> range:
    low, high = rules.catalogue.PLAYER_COUNTS
    return range(low, high + 1)


def _states(rules: GameRoles, record: Mapping[str, Any]) -> list[Any]:
    states = [rules.referee.initial_state(record)]
    for move in record["moves"]:
        states.append(rules.referee.apply(states[-1], move))
    return states


def _sheet(sheet: ScoreSheet | None) -> Any:
    return None if sheet is None else report.sheet_to_data(sheet)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("role", ROLES, ids=lambda r: r.name)
def test_each_role_module_plays_its_whole_protocol(game: str, role: Role[object]) -> None:
    """Each role is one module of the game's package, holding every member of its protocol
    (mypy checks the types: each role module ends by assigning itself to its protocol)."""
    module = get(game, role)
    assert module.__name__ == f"{GAME_MODULES[game]}.{role.module}"  # type: ignore[attr-defined]
    protocol = {
        "Catalogue": Catalogue,
        "Referee": Referee,
        "Positions": Positions,
        "Moves": Moves,
        "Pictures": Pictures,
    }[role.name]
    members = _protocol_members(protocol)
    assert members
    for name in members:
        assert hasattr(module, name), f"{game}.{role.module} lacks {name}"
        if callable(getattr(protocol, name)) and not isinstance(
            inspect.getattr_static(protocol, name), property
        ):
            assert callable(getattr(module, name)), f"{game}.{role.module}.{name} is not callable"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_package_is_its_role_modules(game: str) -> None:
    """No facade: the package's ``__init__`` holds its module map and nothing to call."""
    package = importlib.import_module(GAME_MODULES[game])
    source = Path(package.__file__ or "").read_text()
    assert len(source.splitlines()) <= 60
    assert not [n for n in vars(package) if n.isupper() and not n.startswith("_")]
    assert "class " not in source and "def " not in source


@pytest.mark.parametrize("game", GAMES)
def test_catalogue_values(game: str) -> None:
    rules = roles_of(game)
    assert game == rules.catalogue.NAME and GAME_MODULES[game].endswith(game)
    assert rules.catalogue.TITLE and isinstance(rules.catalogue.TITLE, str)
    assert rules.catalogue.RULE_IDS and all(is_rule_id(r) for r in rules.catalogue.RULE_IDS)
    assert (
        all(isinstance(c, str) for c in rules.catalogue.CATEGORIES) and rules.catalogue.CATEGORIES
    )
    low, high = rules.catalogue.PLAYER_COUNTS
    assert 1 <= low <= high
    assert isinstance(rules.referee.CLAIMS_WHEN_INCOMPLETE, bool)
    assert all(isinstance(i, Importer) for i in rules.catalogue.IMPORTERS.values())
    assert all(
        isinstance(k, str) and isinstance(v, str) for k, v in rules.moves.SIMULATE_OPTIONS.items()
    )


@pytest.mark.parametrize("game", GAMES)
def test_simulated_games_verify_for_every_player_count(game: str) -> None:
    rules = roles_of(game)
    for players in _players(rules):
        record = rules.moves.simulate(players, 7, {})
        result = verify_document(record, f"<{game}-{players}>")
        assert result.status == "ok", (players, result.findings[:3])
        assert result.moves_verified == len(record["moves"])
        assert rules.referee.is_over(result.state)


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_says_why_it_ended_and_a_running_one_does_not(game: str) -> None:
    """Issue 13 §2: the end reason is one of the game's words once over, None before."""
    rules = roles_of(game)
    assert rules.catalogue.END_REASONS and all(
        w.isidentifier() and w.islower() for w in rules.catalogue.END_REASONS
    )
    for players in _players(rules):
        for options in ({}, {"policy": "greedy"}):
            record = rules.moves.simulate(players, 8, options)
            result = verify_document(record, f"<{game}-{players}>")
            assert result.scores is not None
            assert result.scores.end_reason in rules.catalogue.END_REASONS, (players, options)
            states = _states(rules, record)
            assert all(
                rules.referee.end_reason(s) is None for s in states if not rules.referee.is_over(s)
            )


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game_and_replay_twice_same_result(game: str) -> None:
    rules = roles_of(game)
    players = _players(rules)[-1]
    record = rules.moves.simulate(players, 5, {})
    assert rules.moves.simulate(players, 5, {}) == record
    first, second = verify_record(record, "<a>"), verify_record(record, "<a>")
    assert report.result_to_data(first) == report.result_to_data(second)
    assert rules.positions.export_position(first.state, record) == rules.positions.export_position(
        second.state, record
    )


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [2, 9])
def test_no_state_changes_or_can_be_written_after_it_is_returned(game: str, seed: int) -> None:
    rules = roles_of(game)
    record = rules.moves.simulate(_players(rules)[0] + 1, seed, {})
    states = [rules.referee.initial_state(record)]
    shown = [repr(states[0])]
    for index, move in enumerate(record["moves"]):
        states.append(rules.referee.apply(states[-1], move))
        shown.append(repr(states[-1]))
        if index >= 1:  # the same move again on an older state: legal or not, it changes nothing
            with contextlib.suppress(RuleViolation):
                rules.referee.apply(states[-3], move)
            with contextlib.suppress(RuleViolation):
                rules.referee.skip(states[-2], move)
        rules.referee.score(states[-1])
    assert [repr(s) for s in states] == shown
    for k in sorted({0, 1, len(states) // 2, len(states) - 1}):
        assert writable(states[k]) == [], f"state after move {k - 1}"


@pytest.mark.parametrize("game", GAMES)
def test_exported_positions_load_back_to_the_same_scores(game: str) -> None:
    rules = roles_of(game)
    record = rules.moves.simulate(_players(rules)[-1], 3, {})
    states = _states(rules, record)
    for k in sorted({len(states) // 3, len(states) // 2, len(states) - 1}):
        doc = rules.positions.export_position(states[k], record)
        result = verify_document(doc, f"<{game} position after move {k}>")
        assert result.kind == "position"
        assert result.status in ("ok", "incomplete"), result.findings[:3]
        assert result.scores is not None
        assert _sheet(result.scores) == _sheet(rules.referee.score(result.state))
        expected = rules.referee.score(states[k])
        assert result.scores.ranking == expected.ranking, k
        for line in expected.players:
            got = result.scores.player(line.name)
            assert got.total == line.total, (k, line.name)
            if not expected.stages:  # earlier scorings are one total on a position's track
                computable = {c: v for c, v in got.categories.items() if c in line.categories}
                assert computable == {c: line.categories[c] for c in computable}, (k, line.name)


def _offered(
    generated: Mapping[str, Any], step: Mapping[str, Any], player: str, chance: frozenset[str]
) -> bool:
    """Whether ``generated`` is ``step`` (the generator may name the move's player and may
    leave out members the record adds, such as tiles drawn at random)."""
    for key, value in generated.items():
        if key == "player" and key not in step:
            if value != player:
                return False
            continue
        if key not in step:
            return False
        if key in chance:
            continue
        mine = step[key]
        if isinstance(value, (list, tuple)) and isinstance(mine, (list, tuple)):
            if [list(v) if isinstance(v, tuple) else v for v in value] != [
                list(v) if isinstance(v, tuple) else v for v in mine
            ]:
                return False
        elif value != mine:
            return False
    return True


@pytest.mark.parametrize("game", GAMES)
def test_the_generator_offers_every_first_step_the_checker_accepted(game: str) -> None:
    rules = roles_of(game)
    skip = UNOFFERED.get(game, frozenset())
    chance = CHANCE.get(game, frozenset())
    for players in _players(rules):
        record = rules.moves.simulate(players, 11, {})
        state = rules.referee.initial_state(record)
        for index, move in enumerate(record["moves"]):
            steps = move.get("steps") or []
            if steps and not skip & set(steps[0]):
                offered = list(rules.moves.legal_steps(state))
                assert any(_offered(g, steps[0], move["player"], chance) for g in offered), (
                    players,
                    index,
                    steps[0],
                )
            state = rules.referee.apply(state, move)
        assert list(rules.moves.legal_steps(state)) == []


@pytest.mark.parametrize("game", GAMES)
def test_json_report_is_valid_against_its_schema(game: str) -> None:
    schema = json.loads((ROOT / "schemas" / "report.schema.json").read_text())
    rules = roles_of(game)
    record = rules.moves.simulate(_players(rules)[0], 4, {})
    broken = json.loads(json.dumps(record))
    broken["moves"] = broken["moves"][: len(broken["moves"]) // 2]
    results = [verify_document(record, "<full>"), verify_document(broken, "<half>")]
    doc = json.loads(report.render_json(results))
    jsonschema.validate(doc, schema)
    assert [r["status"] for r in doc["records"]] == ["ok", "incomplete"]
