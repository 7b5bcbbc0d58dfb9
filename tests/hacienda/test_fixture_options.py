"""The option fixtures test what they claim (issue 13 §6), and the greedy and knob fixtures
take the paths they are named after."""

from __future__ import annotations

import pytest

from scorer.games.hacienda.simulate import features
from tests.conftest import assert_ok, load_fixture, verify
from tests.hacienda.exercise import missing

OPTION_FIXTURES = [
    ("3p-bait-variant1", "variant1"),
    ("4p-planetary-variant2", "variant2"),
    ("5p-seed-both-variants", "variant1"),
    ("5p-seed-both-variants", "variant2"),
    ("2p-ginger-chew-decks", "decks"),
    ("3p-demo-all-options", "all-options"),
]


@pytest.mark.parametrize(("name", "kind"), OPTION_FIXTURES)
def test_an_option_fixture_exercises_its_option(name: str, kind: str) -> None:
    doc = load_fixture(f"hacienda/valid/{name}.json")
    result = verify(doc)
    assert_ok(result)
    assert result.scores is not None
    assert missing(kind, doc, result.scores, result.state) == []


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_greedy_game_for_every_player_count(players: int) -> None:
    doc = load_fixture(f"hacienda/valid/{players}p-greedy.json")
    assert doc["meta"]["policy"] == "greedy" and len(doc["players"]) == players
    assert_ok(verify(doc))


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("4p-greedy-land-rush", {"land_pile_exhausted", "land_reshuffled"}),
        ("2p-greedy-animal-hoarder", {"animal_tiles_30"}),
    ],
)
def test_a_knob_fixture_takes_its_rare_path(name: str, words: set[str]) -> None:
    doc = load_fixture(f"hacienda/valid/{name}.json")
    result = verify(doc)
    assert_ok(result)
    assert words <= features(doc, result.state)
