"""Configuration (issue 11 §1): discovery, checked keys, option defaults, include/exclude."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.running import config
from scorer.running.selection import Filters, Pattern
from tests.conftest import FIXTURES

runner = CliRunner()
OK = FIXTURES / "harmonies" / "valid" / "2p-side-a.json"
MISMATCH = FIXTURES / "harmonies" / "invalid" / "claim-mismatch.json"


def toml(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# --- discovery -----------------------------------------------------------------------------


def test_found_upward_from_the_working_directory(tmp_path: Path) -> None:
    toml(tmp_path / "scorer.toml", "jobs = 1\n")
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    found = config.find(deep)
    assert found == ((tmp_path / "scorer.toml").resolve(), "")


def test_pyproject_without_a_scorer_table_is_passed_over(tmp_path: Path) -> None:
    toml(tmp_path / "scorer.toml", "jobs = 1\n")
    toml(tmp_path / "sub" / "pyproject.toml", "[tool.ruff]\nline-length = 90\n")
    assert config.find(tmp_path / "sub") == ((tmp_path / "scorer.toml").resolve(), "")


def test_the_first_folder_with_a_scorer_section_wins(tmp_path: Path) -> None:
    toml(tmp_path / "scorer.toml", "jobs = 1\n")
    toml(tmp_path / "sub" / "pyproject.toml", "[tool.scorer]\njobs = 2\n")
    found = config.find(tmp_path / "sub")
    assert found == ((tmp_path / "sub" / "pyproject.toml").resolve(), "tool.scorer.")
    assert config.load(start=tmp_path / "sub").defaults == {"jobs": 2}


def test_scorer_toml_wins_over_pyproject_in_the_same_folder(tmp_path: Path) -> None:
    toml(tmp_path / "pyproject.toml", "[tool.scorer]\njobs = 2\n")
    toml(tmp_path / "scorer.toml", "jobs = 3\n")
    assert config.load(start=tmp_path).defaults == {"jobs": 3}


def test_no_configuration_anywhere(tmp_path: Path) -> None:
    loaded = config.load(start=tmp_path)
    assert loaded.path is None and loaded.profile is None


# --- every problem names the file and the key, exit 2 ---------------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("jobz = 2\n", "jobz"),
        ("jobs = 0\n", "jobs"),
        ('jobs = "two"\n', "jobs"),
        ('fail-on = "never"\n', "fail-on"),
        ('format = "pdf"\n', "format"),
        ('exclude = "drafts"\n', "exclude"),
        ("[games.chess]\n", "games.chess"),
        ("[games.harmonies]\nvarient = {}\n", "games.harmonies.varient"),
        ('[games.harmonies]\nvariant = {board_side = "C"}\n', "games.harmonies.variant"),
        ("[games.harmonies]\nvariant = {bord_side = 1}\n", "games.harmonies.variant"),
        ('[games.harmonies]\nvariant = "A"\n', "games.harmonies.variant"),
        ('[games.kuhfstein]\nplayers = "Ann"\n', "games.kuhfstein.players"),
        ('[games.kuhfstein]\nplayers = ["Ann", "Ann"]\n', "games.kuhfstein.players"),
        ('[games.kuhfstein]\ncomponents = "missing.json"\n', "games.kuhfstein.components"),
        ('[games.kuhfstein]\ncomponents = "other-game.json"\n', "games.kuhfstein.components"),
        ('[games.kuhfstein]\ncomponents = "broken-setup.json"\n', "games.kuhfstein.components"),
        ("[tool.scorer]\njobs = 1\n", "tool"),
    ],
)
def test_bad_configuration_exits_2_naming_file_and_key(
    tmp_path: Path, text: str, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(OK, tmp_path / "other-game.json")
    broken = orjson.loads((FIXTURES / "kuhfstein" / "valid" / "sim-2p-seed1.json").read_bytes())
    broken["setup"]["track"]["bonus_spaces"].append({"space": 99, "bonus": "cow"})
    (tmp_path / "broken-setup.json").write_bytes(orjson.dumps(broken))
    toml(tmp_path / "scorer.toml", text)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["verify", str(OK)])
    assert result.exit_code == 2, result.output
    assert f"scorer.toml: {key}" in result.stderr, result.stderr
    assert "Traceback" not in result.output


def test_pyproject_keys_are_named_with_their_table(tmp_path: Path) -> None:
    toml(tmp_path / "pyproject.toml", "[tool.scorer]\njobz = 1\n")
    result = runner.invoke(app, ["--config", str(tmp_path / "pyproject.toml"), "rules"])
    assert result.exit_code == 2
    assert "pyproject.toml: tool.scorer.jobz: unknown key (did you mean 'jobs'?)" in result.stderr


def test_invalid_toml_exits_2(tmp_path: Path) -> None:
    path = toml(tmp_path / "scorer.toml", "jobs = \n")
    result = runner.invoke(app, ["verify", "--config", str(path), str(OK)])
    assert result.exit_code == 2 and "not valid TOML" in result.stderr


# --- option defaults (click's default_map, by long option name) ------------------------------


def test_format_default_applies_where_the_command_has_it(tmp_path: Path) -> None:
    path = toml(tmp_path / "scorer.toml", 'format = "json"\n')
    verify = runner.invoke(app, ["verify", "--config", str(path), str(OK)])
    assert orjson.loads(verify.stdout)["format"] == "scorer-report/1"
    sarif = toml(tmp_path / "sarif.toml", 'format = "sarif"\n')
    batch = runner.invoke(app, ["batch", "--jobs", "1", "--config", str(sarif), str(OK)])
    assert orjson.loads(batch.stdout)["version"] == "2.1.0"
    text = runner.invoke(app, ["verify", "--config", str(sarif), str(OK)])  # verify has no sarif
    assert text.exit_code == 0 and text.stdout.startswith(f"{OK}: verified")


def test_command_line_wins_over_the_configuration(tmp_path: Path) -> None:
    path = toml(tmp_path / "scorer.toml", 'format = "json"\n')
    result = runner.invoke(app, ["verify", "--config", str(path), "--format", "text", str(OK)])
    assert result.stdout.startswith(f"{OK}: verified")


def test_fail_on_and_jobs_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    toml(tmp_path / "scorer.toml", 'fail-on = "error"\njobs = 1\n')
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["batch", str(MISMATCH)])
    assert result.exit_code == 0, result.output  # a claim mismatch does not fail under error
    assert runner.invoke(app, ["batch", str(MISMATCH), "--fail-on", "mismatch"]).exit_code == 1


def test_root_config_option_and_flag_defaults(tmp_path: Path) -> None:
    path = toml(tmp_path / "scorer.toml", "quiet = true\n")
    result = runner.invoke(app, ["--config", str(path), "verify", str(OK)])
    assert result.exit_code == 0 and result.stdout == ""  # --quiet: findings only


def test_path_settings_are_relative_to_the_configuration(tmp_path: Path) -> None:
    from scorer.reading.schemas import set_schema_dir

    shutil.copytree(FIXTURES.parent / "schemas", tmp_path / "event" / "my-schemas")
    path = toml(tmp_path / "event" / "scorer.toml", 'schema-dir = "my-schemas"\n')
    try:
        result = runner.invoke(app, ["verify", "--config", str(path), str(OK)])
    finally:
        set_schema_dir(None)
    assert result.exit_code == 0, result.output
    missing = toml(tmp_path / "other" / "scorer.toml", 'schema-dir = "my-schemas"\n')
    assert runner.invoke(app, ["verify", "--config", str(missing), str(OK)]).exit_code == 2


def test_option_defaults_reach_options_added_later() -> None:
    """Keys map to long option names generically: a converter per command is all it takes."""
    cfg = config.Config(Path("scorer.toml"), "", {"max-findings": 5})
    commands = {"batch": {"max-findings": ("max_findings", int)}, "verify": {}}
    assert config.option_defaults(cfg, commands) == {"batch": {"max_findings": 5}}


# --- include / exclude ---------------------------------------------------------------------


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A tournament repository with records and files that are not game records."""
    (tmp_path / "records" / "drafts").mkdir(parents=True)
    (tmp_path / ".vscode").mkdir()
    shutil.copy(OK, tmp_path / "records" / "r1.json")
    shutil.copy(OK, tmp_path / "records" / "drafts" / "d1.json")
    (tmp_path / "package.json").write_text('{"name": "site"}')
    (tmp_path / ".vscode" / "settings.json").write_text("{}")
    return tmp_path


def test_exclude_patterns_of_the_configuration(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    toml(repo / "scorer.toml", 'exclude = ["records/drafts", "package.json", ".vscode"]\n')
    monkeypatch.chdir(repo)
    result = runner.invoke(app, ["batch", "--jobs", "1", "--format", "json", "."])
    files = [r["file"] for r in orjson.loads(result.stdout)["records"]]
    assert files == ["records/r1.json"], files
    explicit = runner.invoke(
        app,
        [
            "batch",
            "--jobs",
            "1",
            "--format",
            "json",
            "package.json",
            "records/r1.json",
            ".vscode/settings.json",
        ],
    )
    assert [r["file"] for r in orjson.loads(explicit.stdout)["records"]] == ["records/r1.json"]


def test_include_patterns_narrow_what_counts(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    toml(repo / "scorer.toml", 'include = ["records/**"]\n')
    monkeypatch.chdir(repo)
    result = runner.invoke(app, ["verify", "--format", "json", "package.json", "records/r1.json"])
    assert [r["file"] for r in orjson.loads(result.stdout)["records"]] == ["records/r1.json"]


@pytest.mark.parametrize("command", ["batch", "verify", "report"])
def test_exclude_on_the_command_line(
    repo: Path, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(repo)
    args = {
        "batch": ["--jobs", "1", "--format", "json", "records"],
        "verify": ["--format", "json", "records/r1.json", "records/drafts/d1.json"],
        "report": ["records", "--html", "site"],
    }[command]
    result = runner.invoke(app, [command, *args, "--exclude", "drafts"])
    assert result.exit_code == 0, result.output
    if command == "report":
        assert len(list((repo / "site" / "records").glob("*.html"))) == 1
    else:
        assert [r["file"] for r in orjson.loads(result.stdout)["records"]] == ["records/r1.json"]


def test_a_missing_file_is_never_filtered_away(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    toml(repo / "scorer.toml", 'include = ["records/**"]\n')
    monkeypatch.chdir(repo)
    result = runner.invoke(app, ["batch", "--jobs", "1", "record/r1.json", "records/*.jsn"])
    assert result.exit_code == 2, result.output  # not a silent empty run
    assert result.output.count("REC-IO-1") == 1  # the missing file
    assert "records/*.jsn: no file matches this pattern" in result.output  # the empty glob


def test_patterns() -> None:
    base = Path.cwd()
    assert Pattern("records/**/*.json", base).matches("records/2025/r.json")
    assert Pattern("records/*.json", base).matches("records/r.json")
    assert not Pattern("records/*.json", base).matches("records/2025/r.json")
    assert Pattern("*.tmp.json", base).matches("a/b/x.tmp.json")
    assert not Pattern("records", base).matches("other/r.json")
    assert Filters((Pattern("*.json", base),), ()).keeps("-")


def _scorer(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The real entry point (scorer.cli.main), which builds the running command only."""
    return subprocess.run(
        [sys.executable, "-m", "scorer", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)},
    )


def test_the_entry_point_checks_keys_against_every_command(tmp_path: Path) -> None:
    """main() lets Typer build the running command only; the configuration still sets its
    options, accepts another command's key (jobs: batch) and rejects an unknown one."""
    toml(tmp_path / "scorer.toml", 'format = "json"\njobs = 2\n')
    result = _scorer(tmp_path, "verify", str(OK))
    assert result.returncode == 0, result.stderr
    assert orjson.loads(result.stdout)["records"][0]["status"] == "ok"
    toml(tmp_path / "scorer.toml", "jobz = 2\n")
    result = _scorer(tmp_path, "verify", str(OK))
    assert result.returncode == 2
    assert "scorer.toml: jobz" in result.stderr and "'jobs'" in result.stderr, result.stderr
    (tmp_path / "scorer.toml").unlink()
    assert _scorer(tmp_path, "verify", str(OK)).returncode == 0
    assert "verify" in _scorer(tmp_path, "--help").stdout
    assert _scorer(tmp_path, "verfy", str(OK)).returncode == 2
