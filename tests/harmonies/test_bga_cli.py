"""``scorer import bga`` and ``--from bga`` on verify, score, batch and standings (issue 24)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import orjson
from typer.testing import CliRunner

from scorer.cli import app
from tests.harmonies.test_bga import BGA, FINAL, GAMEDATAS, MIDGAME, load

runner = CliRunner()
FILES = [str(BGA / FINAL), str(BGA / GAMEDATAS), str(BGA / MIDGAME)]


def _bad(tmp_path: Path) -> Path:
    doc = load(GAMEDATAS)
    doc["players"]["player_1"]["tokensOnBoard"]["cell_player_1_0_0"][0]["type_arg"] = "9"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc, indent=1))
    return path


def test_import_bga_writes_a_position_that_verifies(tmp_path: Path) -> None:
    out = tmp_path / "pos.json"
    result = runner.invoke(app, ["import", "bga", FILES[0], "-o", str(out)])
    assert result.exit_code == 0, result.output
    doc = orjson.loads(out.read_bytes())
    assert doc["format"] == "scorer-position/1" and doc["meta"]["file"] == FINAL
    verified = runner.invoke(app, ["verify", "-f", "json", str(out)])
    assert verified.exit_code == 0, verified.output


def test_import_bga_of_several_files_writes_ndjson() -> None:
    result = runner.invoke(app, ["import", "bga", *FILES])
    assert result.exit_code == 0, result.output
    lines = [orjson.loads(line) for line in result.stdout.splitlines()]
    assert [d["meta"]["file"] for d in lines] == [Path(f).name for f in FILES]


def test_import_bga_reports_the_finding_and_exits_1(tmp_path: Path) -> None:
    result = runner.invoke(app, ["import", "bga", str(_bad(tmp_path))])
    assert result.exit_code == 1
    assert "IMP-BGA-3" in result.stderr  # a rule ID, where it is (FILE:LINE:COL)
    assert result.stdout == ""


def test_import_bga_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["import", "bga", str(tmp_path / "none.json")])
    assert result.exit_code == 2 and "REC-IO-1" in result.stderr


def test_verify_from_bga_points_into_the_bga_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["verify", "--from", "bga", "-f", "json", str(_bad(tmp_path))])
    assert result.exit_code == 1
    finding = orjson.loads(result.stdout)["records"][0]["findings"][0]
    assert finding["rule"] == "IMP-BGA-3"
    assert finding["pointer"] == "/players/player_1/tokensOnBoard/cell_player_1_0_0/0/type_arg"
    assert finding["line"] is not None


def test_an_unknown_source_exits_2() -> None:
    result = runner.invoke(app, ["verify", "--from", "yucata", FILES[0]])
    assert result.exit_code == 2


def test_score_from_bga_gives_bgas_totals() -> None:
    result = runner.invoke(app, ["score", "--from", "bga", "-f", "json", str(BGA / GAMEDATAS)])
    assert result.exit_code == 0, result.output
    players = orjson.loads(result.stdout)["records"][0]["scores"]["players"]
    assert {p["name"]: p["total"] for p in players} == {"player_1": 116, "player_2": 113}


def test_batch_checks_a_folder_of_bga_files_like_records(tmp_path: Path) -> None:
    for name in (FINAL, GAMEDATAS, MIDGAME):
        (tmp_path / name).write_bytes((BGA / name).read_bytes())
    result = runner.invoke(app, ["batch", "--from", "bga", "-j", "1", "-f", "json", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert [r["status"] for r in orjson.loads(result.stdout)["records"]] == ["ok"] * 3
    (tmp_path / "bad.json").write_bytes(_bad(tmp_path).read_bytes())
    detected = runner.invoke(app, ["batch", "-j", "1", "-f", "json", str(tmp_path)])  # by shape
    assert detected.exit_code == 1
    rules = [f["rule"] for r in orjson.loads(detected.stdout)["records"] for f in r["findings"]]
    assert rules == ["IMP-BGA-3"]


def test_standings_read_bga_files_and_exclude_them_as_positions() -> None:
    """Read through the importer; standings rank game records only (a BGA capture is a board,
    with no event, round or table), so it is excluded by name, never a traceback."""
    result = runner.invoke(app, ["standings", "--from", "bga", "-j", "1", "-f", "json", FILES[0]])
    assert result.exit_code == 2  # nothing to rank
    excluded = orjson.loads(result.stdout)["excluded"]
    assert [(e["status"], e["players"]) for e in excluded] == [("ok", ["player_1", "player_2"])]


def test_import_map_still_works_beside_the_import_group() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "scorer", "import-map", "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
