"""The same game under two rounds or tables (only ``meta`` differs) is a duplicate, counted once."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import orjson
from typer.testing import CliRunner

from scorer.cli import app
from scorer.reading.items import Item
from scorer.standings import Collector, track_games
from scorer.standings.games import game_key
from tests.standings.helpers import game
from tests.standings.test_cli import records, write  # noqa: F401  (the fixture)

runner = CliRunner()


def run(*args: str) -> Any:
    return runner.invoke(app, ["standings", *args])


def moved(record: dict[str, Any], round_: int, table: int, **meta: Any) -> dict[str, Any]:
    again = copy.deepcopy(record)
    again["meta"].update(round=round_, table=table, **meta)
    return again


def test_game_key_ignores_meta_key_order_and_spacing() -> None:
    doc = {"game": "harmonies", "moves": [{"a": 1, "b": [2, 3]}], "meta": {"event": "cup"}}
    key = game_key(orjson.dumps(doc))
    assert key is not None
    other = b'{ "moves": [ {"b": [2,3], "a": 1} ],\n "meta": {"event": "x", "round": 9},\n'
    assert game_key(other + b' "game": "harmonies" }') == key
    changed = {**doc, "moves": [{"a": 2, "b": [2, 3]}]}
    assert game_key(orjson.dumps(changed)) != key
    assert game_key(orjson.dumps({**doc, "moves": [{"a": 1.0, "b": [2, 3]}]})) != key


def test_no_key_without_an_event_or_for_what_is_no_object() -> None:
    assert game_key(b'{"moves": [], "meta": {"round": 1}}') is None
    assert game_key(b'{"moves": []}') is None
    assert game_key(b"[1, 2]") is None
    assert game_key(b"{ nope") is None
    assert game_key(b'{"meta": {"event": "e"}, "x": ' + b"[" * 5000 + b"]" * 5000 + b"}") is None


def test_keys_are_noted_by_label() -> None:
    keys: dict[str, bytes] = {}
    data = b'{"moves": [], "meta": {"event": "cup"}}'
    items = [Item("a.ndjson", 1, data), Item("a.ndjson", 2, b"{}"), Item("b.json", None, None)]
    assert list(track_games(items, keys)) == items
    assert keys == {"a.ndjson:1": game_key(data)}


def test_collector_counts_the_first_copy_of_a_game_per_event() -> None:
    # stand-in digests: the same for the copies, another for a new game
    keys = {"r1.json": b"1", "r2.json": b"1", "other.json": b"1", "new.json": b"2"}
    collector = Collector(games=keys)
    ranking, totals = [["Ann"], ["Ben"]], {"Ann": 50, "Ben": 40}
    for result in (
        game("r1.json", "cup", 1, 1, ranking, totals),
        game("r2.json", "cup", 2, 3, ranking, totals),
        game("other.json", "league", 1, 1, ranking, totals),
        game("new.json", "cup", 2, 1, ranking, totals),
    ):
        collector.add(result)
    (warning,) = collector.warnings
    assert (warning.kind, warning.event, warning.sources) == (
        "duplicate",
        "cup",
        ("r1.json", "r2.json"),
    )
    assert [t.source for t in collector.tables["cup"]] == ["r1.json", "new.json"]
    assert [t.source for t in collector.tables["league"]] == ["other.json"]
    assert keys == {}  # popped as the results arrived


def test_a_game_copied_to_another_round_is_counted_once(
    tmp_path: Path,
    records: list[dict[str, Any]],  # noqa: F811
) -> None:
    first = records[0]
    lines = [orjson.dumps(r).decode() for r in records]
    (tmp_path / "a-event.ndjson").write_text("\n".join(lines) + "\n")
    write(tmp_path, "b-copy.json", moved(first, 2, 9, note="typed twice"))
    result = run(str(tmp_path), "--format", "json")
    assert result.exit_code == 0, result.output
    doc = orjson.loads(result.stdout)
    dups = [w for w in doc["warnings"] if w["kind"] == "duplicate"]
    assert [(w["event"], [Path(f).name for f in w["files"]]) for w in dups] == [
        ("cup", ["a-event.ndjson:1", "b-copy.json"])
    ]
    assert doc["events"][0]["games"] == len(records)
    assert doc["summary"]["duplicates"] == 1
    assert doc["summary"]["counted"] == len(records)
    assert run(str(tmp_path), "--fail-on", "duplicate").exit_code == 1
    for level in ("error", "mismatch", "incomplete"):
        assert run(str(tmp_path), "--fail-on", level).exit_code == 0


def test_an_exact_copy_fails_under_fail_on_duplicate(
    tmp_path: Path,
    records: list[dict[str, Any]],  # noqa: F811
) -> None:
    write(tmp_path, "a.json", records[0])
    write(tmp_path, "b.json", records[0])
    assert run(str(tmp_path)).exit_code == 0
    assert run(str(tmp_path), "--fail-on", "duplicate").exit_code == 1


def test_other_events_and_other_games_are_no_duplicates(
    tmp_path: Path,
    records: list[dict[str, Any]],  # noqa: F811
) -> None:
    for index, record in enumerate(records):
        write(tmp_path, f"r{index}.json", record)
    write(tmp_path, "z-league.json", moved(records[0], 1, 1, event="league"))
    result = run(str(tmp_path), "--format", "json", "--fail-on", "duplicate")
    assert result.exit_code == 0, result.output
    doc = orjson.loads(result.stdout)
    assert not [w for w in doc["warnings"] if w["kind"] == "duplicate"]
    assert [e["games"] for e in doc["events"]] == [len(records), 1]
    only = run(str(tmp_path), "--event", "league", "--fail-on", "duplicate")
    assert only.exit_code == 0, only.output


def test_the_site_standings_page_counts_a_copied_game_once(
    tmp_path: Path,
    records: list[dict[str, Any]],  # noqa: F811
) -> None:
    """``scorer report --html`` ranks as ``scorer standings`` does: the copy is named in a
    warning and changes no table."""
    import re

    plain, copied = tmp_path / "plain", tmp_path / "copied"
    for folder in (plain, copied):
        folder.mkdir()
        for k, rec in enumerate(records):
            write(folder, f"g{k}.json", rec)
    write(copied, "z-copy.json", moved(records[0], 2, 9, note="typed twice"))
    pages = {}
    for folder in (plain, copied):
        site = tmp_path / f"site-{folder.name}"
        result = runner.invoke(app, ["report", str(folder), "--html", str(site)])
        assert result.exit_code == 0, result.output
        pages[folder.name] = (site / "standings.html").read_text()
    tables = {name: re.findall(r"<table.*?</table>", page, re.S) for name, page in pages.items()}
    assert tables["plain"] and tables["plain"][0] == tables["copied"][0]
    assert "z-copy.json" in pages["copied"] and "z-copy.json" not in pages["plain"]
