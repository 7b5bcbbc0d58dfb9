"""The command line, in-process with CliRunner, plus one real subprocess run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from scorer.cli import app
from scorer.reading.schemas import get_schema
from scorer.referee import pipeline

runner = CliRunner()


def test_help_lists_the_commands() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0, result.output
    for command in ("verify", "score", "rules", "schema", "show", "simulate"):
        assert command in result.output


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("scorer ")


def test_bad_json_exits_1_with_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"format": \n  oops}')
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:2:3: REC-JSON-1" in result.output


def test_missing_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["verify", str(tmp_path / "none.json")])
    assert result.exit_code == 2, result.output
    assert "REC-IO-1" in result.output


def test_unknown_option_exits_2() -> None:
    assert runner.invoke(app, ["verify", "--frobnicate", "x"]).exit_code == 2


def test_schema_error_json_report_validates(tmp_path: Path) -> None:
    path = tmp_path / "schema.json"
    path.write_bytes(b'{"format": "scorer-record/1", "game": "harmonies", "players": 3}')
    result = runner.invoke(app, ["verify", "--format", "json", str(path)])
    assert result.exit_code == 1, result.output
    report = orjson.loads(result.stdout)
    Draft202012Validator(get_schema("report.schema.json")).validate(report)
    record = report["records"][0]
    assert record["status"] == "malformed"
    assert ("REC-SCHEMA-1", "/players") in [(f["rule"], f["pointer"]) for f in record["findings"]]


def test_internal_error_is_REC_INTERNAL_1_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(pipeline, "validate", boom)
    path = tmp_path / "x.json"
    path.write_bytes(b"{}")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    assert "REC-INTERNAL-1" in result.output and "Traceback" not in result.output


def test_rules_lists_rec_catalogue() -> None:
    result = runner.invoke(app, ["rules"])
    assert result.exit_code == 0
    assert "REC-TURN-1" in result.output


def test_rules_single_id_and_unknown() -> None:
    assert "REC-END-2" in runner.invoke(app, ["rules", "REC-END-2"]).output
    assert runner.invoke(app, ["rules", "REC-NOPE-9"]).exit_code == 2
    assert runner.invoke(app, ["rules", "chess"]).exit_code == 2


def test_schema_prints_json() -> None:
    result = runner.invoke(app, ["schema", "record"])
    assert result.exit_code == 0
    assert orjson.loads(result.stdout)["title"].startswith("scorer game record")
    assert runner.invoke(app, ["schema", "nope"]).exit_code == 2
    assert "report.schema.json" in runner.invoke(app, ["schema"]).output


def test_simulate_unknown_game_exits_2() -> None:
    assert runner.invoke(app, ["simulate", "chess"]).exit_code == 2


def test_python_dash_m_scorer_runs() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "scorer", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "verify" in proc.stdout


SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
HAZ_DIR = SHARED / "data" / "hacienda" / "haz-maps"


@pytest.mark.skipif(not HAZ_DIR.is_dir(), reason="the shared .haz maps are not beside the repo")
def test_import_map_prints_the_map_encoding() -> None:
    result = runner.invoke(app, ["import-map", str(HAZ_DIR / "Duel.haz")])
    assert result.exit_code == 0, result.output
    encoded = orjson.loads(result.stdout)
    assert (encoded["id"], encoded["name"], encoded["author"]) == ("haz-duel", "Duel", "M. Lanza")


def test_import_map_rejects_a_malformed_file_with_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "Bad.haz"
    bad.write_text("[Control]\nVersion=GRHIG0101\nColCount=x\n", encoding="utf-8")
    result = runner.invoke(app, ["import-map", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:3: HAC-HAZ-" in result.output


@pytest.mark.parametrize("game", ["harmonies", "hacienda", "citrus", "kuhfstein"])
def test_simulate_is_reproducible_and_verifies(game: str, tmp_path: Path) -> None:
    args = ["simulate", game, "--players", "3", "--seed", "7"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    path = tmp_path / "game.json"
    path.write_text(first.stdout, encoding="utf-8")
    result = runner.invoke(app, ["verify", "--quiet", str(path)])
    assert result.exit_code == 0, result.output


def test_simulate_count_writes_ndjson(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "harmonies",
            "--players",
            "2",
            "--seed",
            "1",
            "--count",
            "3",
            "--option",
            'board_side="B"',
        ],
    )
    lines = result.stdout.splitlines()
    assert result.exit_code == 0 and len(lines) == 3
    docs = [orjson.loads(line) for line in lines]
    assert all(d["variant"]["board_side"] == "B" for d in docs)
    assert len(set(lines)) == 3  # seeds 1, 2, 3
    path = tmp_path / "games.ndjson"
    path.write_text(result.stdout, encoding="utf-8")
    assert runner.invoke(app, ["batch", "--jobs", "1", str(path)]).exit_code == 0


def test_simulate_bad_option_exits_2() -> None:
    assert runner.invoke(app, ["simulate", "harmonies", "--option", "oops"]).exit_code == 2


def test_the_cli_uses_only_typers_public_api() -> None:
    """No module of scorer.cli imports a private module or name of Typer or click, nor reaches
    for a private attribute of theirs (issue 22: Typer's private modules and monkeypatches
    broke with its releases)."""
    import ast

    cli = Path(__file__).resolve().parent.parent / "scorer" / "cli"
    private: list[str] = []
    for path in sorted(cli.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Attribute):
                chain = [node.attr]
                base: ast.expr = node.value
                while isinstance(base, ast.Attribute):
                    chain.append(base.attr)
                    base = base.value
                if isinstance(base, ast.Name):
                    names = [".".join([base.id, *reversed(chain)])]
            for name in names:
                parts = name.split(".")
                if parts[0] in ("typer", "click") and any(p.startswith("_") for p in parts):
                    private.append(f"{path.name}:{node.lineno}: {name}")
    assert not private, private


def test_every_parameter_has_a_placeholder_in_words() -> None:
    """Placeholders are explicit (metavar=): an argument or a valued option without one would
    show Typer's Python type in the help (<str>, <list[str]>); choices and flags need none."""
    import typer.main

    group = typer.main.get_command(app)
    missing = []
    for name in group.list_commands(typer.Context(group)):
        command = group.get_command(typer.Context(group), name)
        assert command is not None
        ctx = typer.Context(command, info_name=name)
        for param in command.get_params(ctx):
            record = param.get_help_record(ctx)
            flag = getattr(param, "is_flag", False)
            if record is None or flag or param.metavar is not None or "<" not in record[0]:
                continue
            if "|" not in record[0]:  # <text|json|ndjson>: the choices, as wanted
                missing.append(f"{name} {param.name}: {record[0]}")
    assert not missing, missing
