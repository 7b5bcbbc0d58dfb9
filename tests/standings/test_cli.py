"""`scorer standings` end to end on real records: formats, schema, excluded records, exit codes."""

from __future__ import annotations

import copy
import csv
import io
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.reading.schemas import get_schema
from scorer.standings.demo import demo_event
from tests.roles import roles_of

runner = CliRunner()
ROSTER = ("Ann", "Ben", "Cid", "Dee")


def write(folder: Path, name: str, doc: Any) -> Path:
    path = folder / name
    path.write_bytes(orjson.dumps(doc))
    return path


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    """A real event: 4 players, 2 rounds, 2 tables of 2 (Harmonies)."""
    return list(demo_event(roles_of("harmonies").moves, "cup", 2, ROSTER, 2, 5, {}))


@pytest.fixture
def event_dir(tmp_path: Path, records: list[dict[str, Any]]) -> Path:
    for rec in records:
        write(tmp_path, f"r{rec['meta']['round']}t{rec['meta']['table']}.json", rec)
    return tmp_path


def run(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, ["standings", *args], input=input)


def as_json(result: Any) -> Any:
    return orjson.loads(result.stdout)


def test_text_standings_of_a_clean_event(event_dir: Path) -> None:
    result = run(str(event_dir))
    assert result.exit_code == 0, result.output
    assert "cup — 4 games, 2 rounds" in result.stdout
    assert all(name in result.stdout for name in ROSTER)
    assert "1 event, 4 games counted, 0 excluded, 0 warnings" in result.stdout


def test_json_is_valid_and_matches_each_games_ranking(
    event_dir: Path, records: list[dict[str, Any]]
) -> None:
    result = run(str(event_dir), "--format", "json")
    assert result.exit_code == 0, result.output
    doc = as_json(result)
    jsonschema.Draft202012Validator(get_schema("standings.schema.json")).validate(doc)
    assert doc["format"] == "scorer-standings/1"
    (event,) = doc["events"]
    assert event["event"] == "cup" and event["games"] == 4 and event["rounds"] == [1, 2]
    # beaten at tables of two: 1 point per table won (claims say who scored more)
    wins = dict.fromkeys(ROSTER, 0.0)
    for rec in records:
        (a, sa), (b, sb) = rec["claimed"]["scores"].items()
        if sa == sb:
            continue  # a tie of totals goes to the game's own tie-break; none in this event
        wins[a if sa > sb else b] += 1
    assert {s["player"]: s["points"] for s in event["standings"]} == wins
    assert [s["games"] for s in event["standings"]] == [2, 2, 2, 2]


def test_schema_is_printable_and_valid() -> None:
    result = runner.invoke(app, ["schema", "standings"])
    assert result.exit_code == 0, result.output
    schema = orjson.loads(result.stdout)
    assert schema["properties"]["format"]["const"] == "scorer-standings/1"
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.fixture
def messy_dir(event_dir: Path, records: list[dict[str, Any]]) -> Path:
    """The event plus one record of each rejected kind, a duplicate and an unreadable file."""
    first = records[0]
    illegal = copy.deepcopy(first)
    illegal["moves"][0]["player"] = illegal["players"][1]["name"]
    incomplete = copy.deepcopy(first)
    del incomplete["moves"][-1]
    mismatch = copy.deepcopy(first)
    name = mismatch["players"][0]["name"]
    mismatch["claimed"]["scores"][name] += 1
    malformed = copy.deepcopy(first)
    del malformed["players"]
    for doc, label in (
        (illegal, "illegal"),
        (incomplete, "incomplete"),
        (mismatch, "mismatch"),
        (malformed, "malformed"),
    ):
        doc["meta"]["round"] = 3
        write(event_dir, f"x-{label}.json", doc)
    (event_dir / "x-not-json.json").write_text("{ nope")
    shutil.copy(event_dir / "r1t1.json", event_dir / "z-copy.json")
    return event_dir


EXPECTED_EXCLUDED = [
    ("x-illegal.json", "illegal", "REC-TURN-1", "/moves/0/player", "cup"),
    ("x-incomplete.json", "incomplete", "REC-END-2", "/moves", "cup"),
    ("x-malformed.json", "malformed", "REC-SCHEMA-1", "", "cup"),
    ("x-mismatch.json", "mismatch", "REC-CLAIM-1", None, "cup"),
    ("x-not-json.json", "malformed", "REC-JSON-1", "", None),
]


def test_excluded_records_listed_with_status_and_first_finding(messy_dir: Path) -> None:
    result = run(str(messy_dir), "--format", "json")
    assert result.exit_code == 1, result.output
    doc = as_json(result)
    jsonschema.Draft202012Validator(get_schema("standings.schema.json")).validate(doc)
    got = [
        (
            Path(x["file"]).name,
            x["status"],
            x["finding"]["rule"],
            x["finding"]["pointer"],
            x["event"],
        )
        for x in doc["excluded"]
    ]
    assert len(got) == len(EXPECTED_EXCLUDED)
    for row, want in zip(got, EXPECTED_EXCLUDED, strict=True):
        assert row[:3] == want[:3] and row[4] == want[4]
        if want[3] is not None:
            assert row[3] == want[3]
    assert got[3][3].startswith("/claimed/scores/")
    # none of them counts; the copy counts once and is named in a warning
    assert doc["events"][0]["games"] == 4
    (dup,) = doc["warnings"]
    assert dup["kind"] == "duplicate" and Path(dup["files"][1]).name == "z-copy.json"
    assert Path(dup["files"][0]).name == "r1t1.json"
    assert doc["summary"] == {
        "records": 10,
        "counted": 4,
        "excluded": 5,
        "duplicates": 1,
        "warnings": 1,
    }


def test_an_illegal_record_fails_under_every_fail_on_level(messy_dir: Path) -> None:
    for level in ("error", "mismatch", "incomplete"):
        assert run(str(messy_dir), "--fail-on", level).exit_code == 1


def test_fail_on_levels(event_dir: Path, records: list[dict[str, Any]]) -> None:
    incomplete = copy.deepcopy(records[1])
    del incomplete["moves"][-1]
    write(event_dir, "r1t2.json", incomplete)
    assert run(str(event_dir), "--fail-on", "error").exit_code == 0
    assert run(str(event_dir), "--fail-on", "mismatch").exit_code == 0
    assert run(str(event_dir)).exit_code == 1
    mismatch = copy.deepcopy(records[1])
    mismatch["claimed"]["scores"][mismatch["players"][0]["name"]] -= 1
    write(event_dir, "r1t2.json", mismatch)
    assert run(str(event_dir), "--fail-on", "error").exit_code == 0
    assert run(str(event_dir), "--fail-on", "mismatch").exit_code == 1


def test_warnings_and_exclusions_in_every_format(messy_dir: Path) -> None:
    text = run(str(messy_dir)).stdout
    assert "warning: " in text and "counted once" in text
    assert "excluded: " in text and "REC-TURN-1" in text
    rows = list(csv.DictReader(io.StringIO(run(str(messy_dir), "--format", "csv").stdout)))
    assert {r["row"] for r in rows} == {"standing", "warning", "excluded"}
    assert [r["rule"] for r in rows if r["row"] == "warning"] == ["duplicate"]
    assert sorted(r["status"] for r in rows if r["row"] == "excluded") == [
        "illegal",
        "incomplete",
        "malformed",
        "malformed",
        "mismatch",
    ]
    assert len([r for r in rows if r["row"] == "standing"]) == 4
    html = run(str(messy_dir), "--format", "html").stdout
    assert "<h2>Warnings</h2>" in html and "counted once" in html
    assert "<h2>Not counted</h2>" in html and "REC-TURN-1" in html


def test_other_events_are_out_of_scope(event_dir: Path, records: list[dict[str, Any]]) -> None:
    other = copy.deepcopy(records[0])
    other["meta"]["event"] = "other"
    other["moves"][0]["player"] = other["players"][1]["name"]  # illegal, but not our event
    write(event_dir, "other.json", other)
    assert run(str(event_dir), "--event", "cup").exit_code == 0
    result = run(str(event_dir), "--format", "json")
    assert result.exit_code == 1
    assert [e["event"] for e in as_json(result)["events"]] == ["cup", "other"]


def test_stdin_ndjson(records: list[dict[str, Any]]) -> None:
    lines = "".join(orjson.dumps(r).decode() + "\n" for r in records)
    result = run("-", "--format", "json", input=lines)
    assert result.exit_code == 0, result.output
    assert as_json(result)["events"][0]["standings"][0]["results"][0]["file"].startswith("-:")


def test_output_file(event_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    out = tmp_path_factory.mktemp("out") / "standings.csv"
    result = run(str(event_dir), "--format", "csv", "--output", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith("row,event,place,shared,player,points,")
    assert result.stdout == ""
    unwritable = run(str(event_dir), "--output", str(out.parent / "missing" / "x.csv"))
    assert unwritable.exit_code == 2
    assert "cannot write" in unwritable.stderr


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--system", "rank-points"], "needs --points"),
        (["--system", "rank-points", "--points", "3,5"], "must not rise"),
        (["--system", "rank-points", "--points", "3,x"], "not a number"),
        (["--system", "rank-points", "--points", ""], "numbers separated"),
        (["--system", "rank-points", "--points", "5"], "gives 1 place"),
        (["--points", "3,1"], "rank-points only"),
        (["--tiebreak", "score,elo"], "unknown tie-break"),
        (["--tiebreak", "wins,wins"], "more than once"),
        (["--event", "nope"], "no record names the event 'nope'"),
    ],
)
def test_usage_errors_exit_2(event_dir: Path, args: list[str], says: str) -> None:
    result = run(str(event_dir), *args)
    assert result.exit_code == 2, result.output
    assert says in result.stderr


def test_system_choice_is_checked(event_dir: Path) -> None:
    assert run(str(event_dir), "--system", "elo").exit_code == 2


def test_nothing_to_rank_exits_2(tmp_path: Path, records: list[dict[str, Any]]) -> None:
    plain = copy.deepcopy(records[0])
    del plain["meta"]
    write(tmp_path, "plain.json", plain)
    result = run(str(tmp_path))
    assert result.exit_code == 2
    assert "no record names an event" in result.stderr
    assert "no meta.event" in result.stdout  # the record is still listed, with the reason
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run(str(empty))
    assert result.exit_code == 2 and "no records found" in result.stderr
    missing = run(str(tmp_path / "missing.json"))
    assert missing.exit_code == 2
