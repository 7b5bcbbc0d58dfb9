"""Simulator policies (issue 13 §1): random games stay the games they were, greedy games are
reproducible and marked, the knobs steer only the greedy policy."""

from __future__ import annotations

import pytest

from tests.conftest import assert_ok, assert_rejects, load_fixture, verify
from tests.hacienda.helpers import ANN_CHAIN, BOB_CHAIN, harvest, run, turn
from tests.roles import roles_of

GAME = roles_of("hacienda")


def test_the_random_policy_still_plays_the_fixture_games() -> None:
    # the standard fixtures were written by the random policy before policies existed
    doc = load_fixture("hacienda/valid/2p-demo-standard.json")
    assert GAME.moves.simulate(2, 1, {"map": "demo-7x6"}) == doc
    assert "policy" not in doc["meta"]


def test_a_greedy_game_is_marked_reproducible_and_verifies() -> None:
    first = GAME.moves.simulate(3, 7, {"policy": "greedy"})
    assert first == GAME.moves.simulate(3, 7, {"policy": "greedy"})
    assert first["meta"]["policy"] == "greedy"
    assert "policy" not in first["variant"]
    assert first != GAME.moves.simulate(3, 7, {})
    assert_ok(verify(first))


def test_knobs_are_written_to_meta_and_not_to_the_variant() -> None:
    doc = GAME.moves.simulate(2, 1, {"policy": "greedy", "animal_hoarder": True})
    assert doc["meta"]["animal_hoarder"] is True and doc["variant"] == {}


@pytest.mark.parametrize(
    "options",
    [
        {"land_rush": True},
        {"policy": "greedy", "animal_hoarder": "yes"},
        {"policy": "clever"},
    ],
)
def test_a_knob_without_the_greedy_policy_or_a_bad_value_is_refused(
    options: dict[str, object],
) -> None:
    with pytest.raises(ValueError):
        GAME.moves.simulate(2, 1, options)


def test_a_rejected_harvest_shows_the_chains_that_could_be_harvested() -> None:
    result = run([ANN_CHAIN, BOB_CHAIN, turn("Ann", harvest(6, 1))])
    finding = assert_rejects(result, "HAC-HARV-1", "/moves/2/steps/0/at")
    legal = dict(finding.details)["legal"]
    assert [s["at"] for s in legal] == [[0, 0], [1, 0], [2, 0]]  # Ann's chain, tile by tile
