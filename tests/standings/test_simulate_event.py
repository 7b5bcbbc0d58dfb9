"""`scorer simulate --event NAME --rounds R --roster A,B,...`: a demo event that verifies."""

from __future__ import annotations

from collections import Counter
from typing import Any

import orjson
import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.referee.pipeline import verify_document
from scorer.standings.demo import rename, seatings

runner = CliRunner()


def simulate(*args: str) -> Any:
    return runner.invoke(app, ["simulate", *args])


def lines(result: Any) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in result.stdout.splitlines()]


def test_every_player_plays_every_round_and_every_record_verifies() -> None:
    roster = "Ann,Ben,Cid,Dee,Eve,Fay,Gus"
    result = simulate(
        "harmonies",
        "--event",
        "demo cup",
        "--rounds",
        "3",
        "--roster",
        roster,
        "--players",
        "4",
        "--seed",
        "2",
    )
    assert result.exit_code == 0, result.output
    records = lines(result)
    assert len(records) == 6  # 7 players at tables of up to 4 → 4 + 3, three rounds
    for record in records:
        assert verify_document(record).status == "ok"
        assert record["meta"]["event"] == "demo cup"
    for round_ in (1, 2, 3):
        seated = [p["name"] for r in records if r["meta"]["round"] == round_ for p in r["players"]]
        assert sorted(seated) == sorted(roster.split(","))
        sizes = sorted(len(r["players"]) for r in records if r["meta"]["round"] == round_)
        assert sizes == [3, 4]
        assert sorted(r["meta"]["table"] for r in records if r["meta"]["round"] == round_) == [1, 2]


def test_the_same_seed_writes_the_same_event() -> None:
    args = (
        "kuhfstein",
        "--event",
        "e",
        "--rounds",
        "2",
        "--roster",
        "Ann,Ben,Cid,Dee",
        "--seed",
        "4",
    )
    first, again = simulate(*args), simulate(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == again.stdout
    assert simulate(*args[:-1], "5").stdout != first.stdout


@pytest.mark.parametrize("game", ["hacienda", "kuhfstein", "citrus", "harmonies"])
def test_every_game_can_seat_an_event(game: str) -> None:
    # a roster reusing the simulators' own names in another order (Ann, Ben, Bob, P1, P2 …)
    result = simulate(
        game,
        "--event",
        "e",
        "--rounds",
        "2",
        "--roster",
        "Ben,Ann,P2,P1,Bob,Zoe",
        "--players",
        "3",
        "--seed",
        "1",
    )
    assert result.exit_code == 0, result.output
    records = lines(result)
    assert len(records) == 4
    assert all(verify_document(r).status == "ok" for r in records)


def test_tables_of_two_and_an_odd_roster_give_one_bye_per_round_in_turn() -> None:
    tables = seatings(("Ann", "Ben", "Cid"), 3, 2, 0)
    out = [sorted({"Ann", "Ben", "Cid"} - {p for t in r for p in t}) for r in tables]
    assert out == [["Ann"], ["Ben"], ["Cid"]]
    assert all(len(r) == 1 and len(r[0]) == 2 for r in tables)


def test_standings_of_a_simulated_event() -> None:
    made = simulate(
        "harmonies",
        "--event",
        "demo cup",
        "--rounds",
        "2",
        "--roster",
        "Ann,Ben,Cid,Dee",
        "--seed",
        "1",
    )
    result = runner.invoke(app, ["standings", "-", "--format", "json"], input=made.stdout)
    assert result.exit_code == 0, result.output
    doc = orjson.loads(result.stdout)
    assert doc["warnings"] == [] and doc["excluded"] == []
    assert sorted(s["player"] for s in doc["events"][0]["standings"]) == [
        "Ann",
        "Ben",
        "Cid",
        "Dee",
    ]


def test_count_must_agree_with_the_event() -> None:
    ok = simulate("harmonies", "--event", "e", "--roster", "Ann,Ben,Cid,Dee", "--count", "2")
    assert ok.exit_code == 0, ok.output
    assert len(lines(ok)) == 2  # one round (the default), two tables of two
    bad = simulate("harmonies", "--event", "e", "--roster", "Ann,Ben,Cid,Dee", "--count", "5")
    assert bad.exit_code == 2
    assert "has 2 games" in bad.stderr


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--roster", "Ann,Ben"], "need --event"),
        (["--rounds", "2"], "need --event"),
        (["--event", "e"], "needs --roster"),
        (["--event", "e", "--roster", "Ann,Ben,Ann"], "must be unique: Ann"),
        (["--event", "e", "--roster", "Ann"], "at least 2 players"),
        (["--event", "e", "--roster", "Ann,,Ben"], "names separated by commas"),
        (["--event", " ", "--roster", "Ann,Ben"], "non-empty name"),
        (["--event", "e", "--roster", "Ann,Ben", "--players", "1"], "at least 2 players"),
        (["--event", "e", "--roster", "A,B,C,D,E", "--players", "5"], "cannot simulate: Harmonies"),
        (["--event", "e", "--roster", "Ann,Ben", "--rounds", "0"], "--rounds"),
    ],
)
def test_event_options_are_checked(args: list[str], says: str) -> None:
    result = simulate("harmonies", *args)
    assert result.exit_code == 2, result.output
    assert says in result.stderr


def test_rename_is_simultaneous() -> None:
    doc = {
        "players": [{"name": "Ann"}, {"name": "Ben"}],
        "claimed": {"scores": {"Ann": 1}},
        "moves": [{"player": "Ben"}],
        "note": "Annie",
    }
    assert rename(doc, {"Ann": "Ben", "Ben": "Ann"}) == {
        "players": [{"name": "Ben"}, {"name": "Ann"}],
        "claimed": {"scores": {"Ben": 1}},
        "moves": [{"player": "Ann"}],
        "note": "Annie",
    }


def test_plain_simulate_is_unchanged() -> None:
    one = simulate("harmonies", "--seed", "3")
    many = simulate("harmonies", "--seed", "3", "--count", "2")
    assert one.exit_code == many.exit_code == 0
    assert one.stdout.startswith("{\n")  # a single pretty document
    assert Counter(line[:1] for line in many.stdout.splitlines()) == {"{": 2}
