"""Fixtures that test what they claim (issue 13 §6): each option fixture exercises its option,
and the greedy fixtures are greedy games. ``make_fixtures`` picks, from each fixture's seed on,
the first simulated game that passes the same test (``EXERCISES``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from scorer.core.values import VerifyResult
from scorer.games.harmonies.simulate import features
from tests.conftest import load_fixture, verify

Check = Callable[[VerifyResult], bool]


def islands(result: VerifyResult) -> bool:
    """Side B scored: some player has 2 or more islands."""
    assert result.scores is not None
    return any(int(str(p.extras["islands"])) >= 2 for p in result.scores.players)


def river(result: VerifyResult) -> bool:
    """Side A scored: some player has a river of 2 or more."""
    assert result.scores is not None
    return any(p.categories["water"] > 0 for p in result.scores.players)


def ended(reason: str) -> Check:
    def check(result: VerifyResult) -> bool:
        return result.scores is not None and result.scores.end_reason == reason

    return check


#: Fixture → (the rare paths its game must take, a check of its verified result).
EXERCISES: dict[str, tuple[frozenset[str], Check | None]] = {
    "valid/2p-side-a.json": (frozenset(), river),
    "valid/3p-side-b.json": (frozenset(), islands),
    "valid/4p-spirits.json": (frozenset({"spirit_cube"}), None),
    "valid/4p-side-b-spirits-limited-cubes.json": (
        frozenset({"spirit_cube", "reserve_short"}),
        islands,
    ),
    "valid/solo.json": (frozenset({"spirit_cube", "solo_discard"}), None),
    "valid/solo-side-b.json": (frozenset(), islands),
    "valid/greedy-4p-pouch-empty.json": (frozenset(), ended("pouch_empty")),
    "valid/greedy-solo-pouch-end-rule.json": (frozenset(), ended("pouch_empty")),
}
#: Fixture → variant options it is named after.
VARIANTS: dict[str, dict[str, Any]] = {
    "valid/2p-side-a.json": {"board_side": "A", "nature_spirits": False},
    "valid/3p-side-b.json": {"board_side": "B"},
    "valid/4p-spirits.json": {"nature_spirits": True},
    "valid/4p-side-b-spirits-limited-cubes.json": {
        "board_side": "B",
        "nature_spirits": True,
        "animal_cube_supply": 30,
        "tiebreak_counts_spirit_cube": True,
    },
    "valid/solo.json": {"nature_spirits": True},
    "valid/solo-side-b.json": {"board_side": "B", "nature_spirits": False},
    "valid/greedy-solo-pouch-end-rule.json": {"solo_last_refill": "end"},
}
GREEDY = [f"valid/greedy-{n}p.json" for n in (1, 2, 3, 4)] + [
    "valid/greedy-4p-pouch-empty.json",
    "valid/greedy-solo-pouch-end-rule.json",
]


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_an_option_fixture_exercises_its_option(name: str) -> None:
    record = load_fixture(f"harmonies/{name}")
    result = verify(record)
    assert result.status == "ok"
    for option, value in VARIANTS.get(name, {}).items():
        assert record["variant"][option] == value, option
    wanted, check = EXERCISES[name]
    assert wanted <= features(record, result.state)
    assert check is None or check(result)


def test_the_limited_reserve_fixture_counts_the_spirit_cube_in_the_tie_break() -> None:
    result = verify(load_fixture("harmonies/valid/4p-side-b-spirits-limited-cubes.json"))
    assert result.scores is not None and result.state is not None
    for line, player in zip(result.scores.players, result.state.players, strict=True):
        spirit = 1 if player.spirit_cube is not None else 0
        assert line.extras["cubes"] == player.animal_cubes() + spirit


@pytest.mark.parametrize("name", GREEDY)
def test_greedy_fixtures_are_greedy_games_of_every_player_count(name: str) -> None:
    record = load_fixture(f"harmonies/{name}")
    assert record["meta"]["policy"] == "greedy"
    assert verify(record).status == "ok"


def test_the_greedy_fixtures_cover_every_player_count_and_both_end_reasons() -> None:
    counts = set()
    reasons = set()
    for name in GREEDY:
        record = load_fixture(f"harmonies/{name}")
        counts.add(len(record["players"]))
        result = verify(record)
        assert result.scores is not None
        reasons.add(result.scores.end_reason)
    assert counts == {1, 2, 3, 4} and reasons == {"board_full", "pouch_empty"}
