"""``scorer simulate`` checks its request (issue 11 §4) and everything it writes verifies."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.games.hacienda.catalog import DEMO_ID, shipped_ids
from scorer.games.hacienda.simulate import map_for_seed
from tests.conftest import assert_ok, verify

runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["hacienda", "--players", "6"], "2 to 5 players"),
        (["citrus", "--players", "1"], "2 to 5 players"),
        (["kuhfstein", "--players", "5"], "2 to 4 players"),
        (["harmonies", "--players", "0"], "1 to 4 players"),
        (["harmonies", "-o", 'bord_side="A"'], "did you mean board_side"),
        (["harmonies", "-o", 'board_side="C"'], 'must be one of "A", "B", not "C"'),
        (["kuhfstein", "-o", "end_threshold=0"], "must be an integer ≥ 1, not 0"),
        (["citrus", "-o", "cart_cost=13"], "an integer from 0 to 12"),
        (["hacienda", "-o", "variant1=3"], "must be true or false"),
        (["hacienda", "--map", "haz-bai"], "did you mean haz-bait"),
        (["citrus", "--board", "demo-9"], "no board 'demo-9'"),
        (["citrus", "--map", "haz-bait"], "--map is for hacienda only"),
        (["kuhfstein", "--board", "demo-1"], "--board is for citrus only"),
        (["hacienda", "-o", "decks=2"], "decks must be true or false"),
        (["hacienda", "-o", "harvest_chips=-1"], "harvest_chips must be an integer ≥ 0"),
        (["chess"], "unknown game 'chess'"),
        (["kuhfstein", "--policy", "smart"], "unknown policy 'smart'"),
        (["kuhfstein", "-o", 'policy="greedy"'], "chosen with --policy"),
        (["harmonies", "-o", "nope=1"], "the simulator's own: cards, discard, end"),
    ],
)
def test_bad_request_is_a_usage_error(args: list[str], says: str) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2, result.output
    assert says in result.stderr and not result.stdout
    assert "Traceback" not in result.output


def test_unknown_option_lists_the_known_ones() -> None:
    result = runner.invoke(app, ["simulate", "kuhfstein", "-o", "speed=1"])
    assert result.exit_code == 2
    assert "refill_timing" in result.stderr and "card_catalog" in result.stderr


def test_hacienda_without_map_plays_a_shipped_custom_map_chosen_by_the_seed() -> None:
    maps = {map_for_seed(seed) for seed in range(12)}
    assert len(maps) > 1 and DEMO_ID not in maps and maps <= set(shipped_ids())
    result = runner.invoke(app, ["simulate", "hacienda", "--seed", "4"])
    doc = orjson.loads(result.stdout)
    assert doc["setup"]["map"] == {"id": map_for_seed(4)}
    assert_ok(verify(doc))


SIMULATIONS = [
    ["hacienda", "--players", "2", "--seed", "1"],
    ["hacienda", "--players", "5", "--seed", "2", "--map", DEMO_ID, "-o", "decks=true"],
    [
        "hacienda",
        "--players",
        "3",
        "--map",
        DEMO_ID,
        "-o",
        "variant1=true",
        "-o",
        "variant2=true",
        "-o",
        "harvest_chips=4",
        "-o",
        "water_supply=10",
    ],
    ["citrus", "--players", "2", "--board", "demo-2"],
    ["citrus", "--players", "3", "--board", "open-9", "-o", 'preset="yucata"'],
    ["citrus", "--players", "5", "--board", "generated", "-o", 'board_side="short"'],
    [
        "citrus",
        "--players",
        "4",
        "-o",
        "random_start_sites=true",
        "-o",
        'purchase_mistakes="reject"',
    ],
    ["kuhfstein", "--players", "2", "-o", 'refill_timing="after_action"'],
    ["kuhfstein", "--players", "4", "-o", 'swap_discard="return"', "-o", "partial_herd=true"],
    ["kuhfstein", "--players", "3", "-o", "extra_final_round=true", "-o", "end_threshold=30"],
    ["harmonies", "--players", "1", "-o", 'board_side="B"'],
    ["harmonies", "--players", "4", "-o", "nature_spirits=true", "-o", "animal_cube_supply=66"],
]


@pytest.mark.parametrize("args", SIMULATIONS, ids=lambda a: " ".join(a))
def test_everything_simulate_writes_verifies(args: list[str], tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 0, result.output
    path = tmp_path / "game.json"
    path.write_bytes(result.stdout_bytes)
    checked = runner.invoke(app, ["verify", str(path)])
    assert checked.exit_code == 0, checked.output


def test_simulated_ndjson_verifies_in_batch(tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", "harmonies", "--players", "2", "--count", "3"])
    path = tmp_path / "games.ndjson"
    path.write_bytes(result.stdout_bytes)
    checked = runner.invoke(app, ["batch", "--jobs", "1", str(path)])
    assert checked.exit_code == 0, checked.output
    assert "3 passed, 0 failed" in checked.output


@pytest.mark.parametrize("game", ["hacienda", "kuhfstein", "citrus", "harmonies"])
def test_greedy_games_verify_say_so_and_repeat(game: str) -> None:
    """Issue 13 §1: --policy greedy plays legal games, marked in meta, the same for one seed."""
    args = ["simulate", game, "--players", "2", "--seed", "5", "--policy", "greedy"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert runner.invoke(app, args).stdout == first.stdout
    record = orjson.loads(first.stdout)
    assert record["meta"]["policy"] == "greedy"
    result = verify(record)
    assert_ok(result)
    assert result.scores is not None and result.scores.end_reason is not None
