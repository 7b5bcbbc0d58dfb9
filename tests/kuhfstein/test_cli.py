"""The CLI on Kuhfstein documents: score table, show, position export, simulate."""

from __future__ import annotations

import orjson
from pyrsistent import pvector
from typer.testing import CliRunner

from scorer.cli import app
from tests.conftest import FIXTURES, assert_ok, verify
from tests.kuhfstein.helpers import e19
from tests.roles import replay_game, roles_of

GAME = roles_of("kuhfstein")


RUNNER = CliRunner()
E19 = str(FIXTURES / "kuhfstein/valid/e19-mini-game.json")


def test_score_shows_categories_bonuses_and_scoring_tile() -> None:
    result = RUNNER.invoke(
        app, ["score", str(FIXTURES / "kuhfstein/valid/sim-4p-seed3.json"), "--no-color"]
    )
    assert result.exit_code == 0, result.output
    for word in (
        "cards",
        "trees",
        "scoring_tile",
        "tiles_placed",
        "bonuses",
        "15: +1 cow",
        "record's own component data",
    ):
        assert word in result.output


def test_score_json_has_extras() -> None:
    result = RUNNER.invoke(app, ["score", E19, "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = orjson.loads(result.output)
    bob = doc["records"][0]["scores"]["players"][1]
    assert bob["total"] == 19
    assert bob["extras"]["revealed"] == "W3"
    assert (bob["extras"]["cows_on_landscape"], bob["extras"]["cows_in_supply"]) == (4, 0)


def test_illegal_fixture_exits_1_with_rule_and_pointer() -> None:
    path = str(FIXTURES / "kuhfstein/invalid/tree-incomplete.json")
    result = RUNNER.invoke(app, ["verify", path, "--no-color"])
    assert result.exit_code == 1
    assert "KUH-TREE-3" in result.output and "(at /moves/1/steps/1/tree)" in result.output


def test_show_and_position_export() -> None:
    result = RUNNER.invoke(app, ["show", E19, "--at", "3"])
    assert result.exit_code == 0, result.output
    assert "Ann: track score 3" in result.output
    result = RUNNER.invoke(app, ["show", E19, "--at", "3", "--position"])
    assert result.exit_code == 0, result.output
    doc = orjson.loads(result.output)
    assert doc["table"]["next"] == "Bob"
    assert doc["table"]["phase"] == "play"
    assert_ok(verify(doc))


def test_mid_game_position_round_trip() -> None:
    """An exported position loads back to a state that continues like the record."""
    record = e19()
    state = replay_game(GAME, record, upto=4).state
    doc = GAME.positions.export_position(state, record)
    loaded = GAME.positions.load_position(doc).state
    assert loaded is not None
    assert loaded.boards == tuple(
        b._replace(played_at=pvector(() for _ in b.played)) for b in state.boards
    )
    assert (loaded.tile_display, loaded.card_display) == (state.tile_display, state.card_display)
    assert loaded.deck_left == state.deck_left and loaded.tiles_left == state.tiles_left
    after = GAME.referee.apply(loaded, record["moves"][4])
    assert after.boards[0].score == 5


def test_simulate_command_output_verifies() -> None:
    result = RUNNER.invoke(app, ["simulate", "kuhfstein", "--players", "3", "--seed", "9"])
    assert result.exit_code == 0, result.output
    assert_ok(verify(orjson.loads(result.output)))


def test_keep_going_reports_later_moves() -> None:
    doc = e19()
    doc["moves"][0]["steps"][1]["at"] = [5, 5]
    doc["moves"][2]["steps"][0]["rotation"] = 45
    result = verify(doc, keep_going=True)
    rules = [f.rule for f in result.findings if f.is_error]
    assert rules[0] == "KUH-TILE-6"
    assert "KUH-PLAY-2" in rules


def test_explain_items_and_svg_picture() -> None:
    """explain: E19's items with their points; show --svg marks the offending cell."""
    result = RUNNER.invoke(app, ["explain", E19, "--player", "Bob"])
    assert result.exit_code == 0, result.output
    assert "tree on square [0,0] (4 × lake): 5 points [KUH-TREE-4]" in result.output
    assert (
        "card C5: 4 cows placed on [0,0] lake, [1,0] lake, [0,1] lake, [1,1] lake: 9 points "
        "[KUH-PLAY-4]"
    ) in result.output
    items = GAME.pictures.explain(replay_game(GAME, e19()).state)
    assert sum(i.points for i in items if i.player == "Ann") == 9
    path = str(FIXTURES / "kuhfstein/invalid/tile-diagonal.json")
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "m.svg"
        result = RUNNER.invoke(app, ["show", path, "--svg", str(out)])
        assert result.exit_code == 1
        text = out.read_text()
    assert 'class="mark"' in text and 'data-rule="KUH-TILE-6"' in text


def test_explain_position_without_played_cards() -> None:
    doc = orjson.loads((FIXTURES / "kuhfstein/valid/position-14-4.json").read_bytes())
    del doc["boards"]["Ann"]["played"]
    result = verify(doc)
    assert_ok(result)
    items = GAME.pictures.explain(result.state)
    cards = [i for i in items if i.player == "Ann" and i.category == "cards"]
    assert [(i.points, i.rule) for i in cards] == [(5, "KUH-POS-9")]


def test_keep_going_completes_the_final_round() -> None:
    """A rejected last turn of the final round still ends play: the reveals are checked."""
    doc = e19()
    doc["setup"]["track"]["bonus_spaces"] = [{"space": 15, "bonus": "cow"}]
    doc["variant"]["end_threshold"] = 3
    doc["moves"][3]["steps"][1]["at"] = [7, 7]  # Bob's turn 2 is illegal: skipped
    doc["moves"] = doc["moves"][:4] + doc["moves"][6:]
    del doc["claimed"]
    result = verify(doc, keep_going=True)
    assert [f.rule for f in result.findings if f.is_error] == ["KUH-TILE-6"]
    assert result.status == "illegal"
    assert result.state is not None and GAME.referee.is_over(result.state)
