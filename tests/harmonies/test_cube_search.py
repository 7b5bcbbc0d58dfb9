"""The cube-to-card search itself (``assign.py``), its limits, the choice of the sheet's outcome
(``cubelist.choose``) and ``scorer score`` on a board-level list."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorer.cli import app
from scorer.games.harmonies.assign import Search, Slot, realise, search
from scorer.games.harmonies.board import HABITATS, LEGAL_STACKS, TRACKS
from scorer.games.harmonies.cards import SPIRIT_DATA
from scorer.games.harmonies.cubelist import Resolution, choose, winner_note
from tests.conftest import assert_finding, assert_ok, verify
from tests.harmonies.test_cube_list import ann

CARDS = ("frog", "otter", "alligator", "duck")
SLOTS = [Slot(c, (0, *TRACKS[c])) for c in CARDS]


def _run(masks: list[int], limit: int = 4) -> Search:
    cubes = [(i, 0) for i in range(len(masks))]
    return search(
        cubes, SLOTS, lambda s, c: bool(masks[c[0]] >> CARDS.index(s.card) & 1), limit=limit
    )


def _brute(masks: list[int], limit: int) -> dict[tuple[int, int], int]:
    """Every assignment, tried one by one: outcome → fewest incomplete cards."""
    out: dict[tuple[int, int], int] = {}
    choices = [[j for j in range(len(SLOTS)) if m >> j & 1] for m in masks]
    for pick in itertools.product(*choices):
        counts = [pick.count(j) for j in range(len(SLOTS))]
        if any(k > s.capacity for k, s in zip(counts, SLOTS, strict=True)):
            continue
        inc = sum(k < s.capacity for k, s in zip(counts, SLOTS, strict=True))
        key = (sum(s.points[k] for k, s in zip(counts, SLOTS, strict=True)), 0)
        out[key] = min(inc, out.get(key, inc))
    return {k: v for k, v in out.items() if v <= limit}


@settings(max_examples=60, deadline=None)
@given(masks=st.lists(st.integers(1, 15), min_size=0, max_size=7), limit=st.integers(0, 4))
def test_search_finds_exactly_the_outcomes_of_brute_force(masks: list[int], limit: int) -> None:
    found = _run(masks, limit)
    expected = _brute(masks, limit)
    assert {k: inc for k, (inc, _) in found.outcomes.items()} == expected
    for (pts, _), (inc, counts) in found.outcomes.items():  # every witness is real
        per_slot = realise([(i, 0) for i in range(len(masks))], found.candidates, counts)
        assert sum(s.points[len(c)] for s, c in zip(SLOTS, per_slot, strict=True)) == pts
        for j, cells in enumerate(per_slot):
            assert all(masks[i] >> j & 1 for i, _ in cells)
        assert inc == sum(len(c) < s.capacity for s, c in zip(SLOTS, per_slot, strict=True))
    assert _run(masks, limit) == found  # deterministic


def test_shortage_names_the_cubes_and_the_cards() -> None:
    found = _run([0b0010] * 4)  # four cubes only the Otter (3 spaces) accepts
    assert found.shortage == ((0, 1, 2, 3), (1,))
    assert found.outcomes == {}


def test_unmatched_cubes_are_listed() -> None:
    assert _run([0b0001, 0, 0b0100, 0]).unmatched == (1, 3)


def test_no_group_of_cards_sharing_cubes_exceeds_eight() -> None:
    # a cube's cell holds exactly its card's cube-cell stack, so cards that can share a cube
    # accept a common stack there; with one spirit card per player the largest group is 8
    for stack in LEGAL_STACKS:
        animals = [c for c in TRACKS if stack in HABITATS[c].rotations[0][0][2]]
        spirits = [c for c in SPIRIT_DATA if stack in HABITATS[c].rotations[0][0][2]]
        assert len(animals) + min(1, len(spirits)) <= 8


def test_spirit_only_doubt_is_HAR_SCORE_8() -> None:
    slots = (Slot("falcon", (0, 5, 11)), Slot("ram_spirit", (0, 0), spirit=True))
    outcomes = {(5, 0): (1, (1, 0)), (5, 1): (0, (1, 1))}  # animal points equal either way
    res = Resolution(
        "Ann", ((2, 0), (2, 1)), slots, (0, None), Search(((0, 1), (0, 1)), (), None, outcomes, 0)
    )
    choice = choose(res, lambda counts: (20 + 4 * counts[1], 2), 4, False)
    assert choice.warning is not None and choice.warning.rule == "HAR-SCORE-8"
    assert (choice.warning.details["min"], choice.warning.details["max"]) == (20, 24)
    assert choice.counts == (1, 0)


def test_spirit_or_animal_is_a_HAR_SCORE_7_warning() -> None:
    # Ben of 12.5 with a yellow at [1,0] and the Falcon: the cube on the 3-gray [2,0]
    # is the Falcon's or the Ram's Spirit's
    doc = ann([], [])
    ben = doc["boards"]["Ben"]
    ben["cells"][2] = {"cell": [1, 0], "tokens": ["yellow"]}
    ben["cards"] = [{"card": "falcon"}]
    ben["spirit"] = {"card": "ram_spirit"}
    ben["cubes"] = [[2, 0]]
    result = verify(doc)
    assert_ok(result)
    warning = assert_finding(result, "HAR-SCORE-7", "/boards/Ben/cubes")
    outcomes = warning.details["outcomes"]
    assert isinstance(outcomes, list)
    assert sorted((o["animals"], o["spirit_cube"]) for o in outcomes) == [(0, True), (5, False)]


def test_scorer_score_shows_the_range(tmp_path: Path) -> None:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(ann([{"card": "frog"}, {"card": "otter"}], [[2, 1]])))
    result = CliRunner().invoke(app, ["score", str(path)])
    assert result.exit_code == 0, result.output
    assert "HAR-SCORE-7 (warning)" in result.output
    assert "Note: Ann: the board-level cubes allow 2 scoring outcomes, from 8 to 11" in (
        " ".join(result.output.split())
    )


def test_winner_note() -> None:
    fixed = ((30, 2), (30, 2))
    assert winner_note({"Ann": ((20, 1), (29, 3)), "Ben": fixed}) == (
        True,
        "whichever card each cube came from, the winner is Ben",
    )
    certain, note = winner_note({"Ann": ((20, 1), (31, 1)), "Ben": fixed})
    assert not certain and "Ben on this sheet, but Ann can reach 31" in note
    assert not winner_note({"Ann": ((20, 1), (30, 2)), "Ben": fixed})[0]  # a tie is possible
    assert winner_note({"Ann": fixed, "Ben": fixed, "Cid": ((1, 0), (9, 0))})[0]
    assert not winner_note({"Ann": ((30, 2), (35, 2)), "Ben": fixed})[0]  # shared, or Ann
