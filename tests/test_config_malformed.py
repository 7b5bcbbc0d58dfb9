"""A malformed configuration (issue 23 §5): encoding, BOM, depth and the wrong TOML type for
every key exit 2 naming the file and the dotted key, never with a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.running import config
from tests.conftest import FIXTURES

runner = CliRunner()
OK = FIXTURES / "harmonies" / "valid" / "2p-side-a.json"

#: Values of another TOML type than an option of each Python type takes.
WRONG: dict[Any, list[str]] = {
    bool: ["1", '"yes"', "[true]"],
    int: ["true", '"10"', "1.5", "[1]", "1979-05-27"],
    float: ["true", '"1.5"', "nan", "inf", "{a = 1}"],
    str: ['["a"]', "1", "true", "{a = 1}"],
}


def _setting_types() -> dict[str, Any]:
    """Every option key of the configuration (a long option of a command that reads it) and
    the Python type of its option."""
    import click
    from typer.main import get_command

    from scorer.cli.app import make_app
    from scorer.cli.settings import NOT_SETTINGS, option_types

    group: Any = get_command(make_app())
    ctx = click.Context(group)
    out: dict[str, Any] = {}
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        params = command.params
        if not any(p.name == "config_file" for p in params):
            continue
        types = option_types(command.callback)
        for param in params:
            if param.callback is not None or not param.name:
                continue
            annotation = types[param.name]
            for opt in getattr(param, "opts", ()):
                if opt.startswith("--") and opt[2:] not in NOT_SETTINGS:
                    kind = next(t for t in (bool, int, float, str) if _is(annotation, t))
                    out[opt[2:]] = kind
    return out


def _is(annotation: Any, kind: type) -> bool:
    if kind is str:
        return isinstance(annotation, type) and issubclass(annotation, (str, Path))
    return annotation is kind


SETTINGS = _setting_types()
OPTION_CASES = [(key, value) for key, kind in sorted(SETTINGS.items()) for value in WRONG[kind]]
FIXED_CASES = [
    ('include = "records"', "include"),
    ("include = [1]", "include"),
    ("exclude = true", "exclude"),
    ("games = 1", "games"),
    ("games = [1]", "games"),
    ("[games]\nharmonies = 1", "games.harmonies"),
    ("[games.harmonies]\nvariant = [1]", "games.harmonies.variant"),
    ("[games.harmonies]\nvariant = {board_side = true}", "games.harmonies.variant"),
    ("[games.kuhfstein]\nplayers = [1]", "games.kuhfstein.players"),
    ('[games.kuhfstein]\nplayers = [["Ann"]]', "games.kuhfstein.players"),
    ("[games.kuhfstein]\ncomponents = 1", "games.kuhfstein.components"),
    ('[games.kuhfstein]\ncomponents = ["a.json"]', "games.kuhfstein.components"),
]


def _verify(tmp_path: Path, name: str, text: bytes) -> Any:
    path = tmp_path / name
    path.write_bytes(text)
    return runner.invoke(app, ["verify", "--config", str(path), str(OK)])


def _fails_naming(result: Any, where: str) -> None:
    assert result.exit_code == 2, result.output
    assert where in result.stderr, result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_every_option_key_has_a_type_the_check_knows() -> None:
    assert {"jobs", "max-findings", "tiebreak", "points", "quiet"} <= set(SETTINGS)
    assert set(SETTINGS.values()) <= set(WRONG)


@pytest.mark.parametrize(("key", "value"), OPTION_CASES)
def test_an_option_key_of_the_wrong_type_exits_2(tmp_path: Path, key: str, value: str) -> None:
    """jobs = true or max-findings = "10" would convert on the command line: not here."""
    result = _verify(tmp_path, "scorer.toml", f"{key} = {value}\n".encode())
    _fails_naming(result, f"scorer.toml: {key}: must be ")


@pytest.mark.parametrize("key", sorted(SETTINGS))
def test_in_pyproject_the_key_is_named_with_its_table(tmp_path: Path, key: str) -> None:
    value = WRONG[SETTINGS[key]][0]
    result = _verify(tmp_path, "pyproject.toml", f"[tool.scorer]\n{key} = {value}\n".encode())
    _fails_naming(result, f"pyproject.toml: tool.scorer.{key}: must be ")


@pytest.mark.parametrize(("text", "key"), FIXED_CASES)
def test_a_fixed_key_of_the_wrong_type_exits_2(tmp_path: Path, text: str, key: str) -> None:
    _fails_naming(_verify(tmp_path, "scorer.toml", f"{text}\n".encode()), f"scorer.toml: {key}: ")


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (b"\xef\xbb\xbfjobs = 1\n", "scorer.toml: starts with a byte order mark"),
        (b"jobs = 1\n# caf\xe9\n", "scorer.toml: not UTF-8: byte 0xe9 at line 2, column 6"),
        (b"title = '\xff'\n", "scorer.toml: not UTF-8"),
        # tomllib may read 2,000 nested arrays or inline tables, or run out of stack, depending
        # on the recursion limit at the call (a library may have raised it): either way the
        # file is named (the depth check names the key too, the reader's refusal cannot)
        (b"a = " + b"[" * 2000 + b"]" * 2000 + b"\n", "scorer.toml: "),
        (b"a = " + b"{b=" * 2000 + b"1" + b"}" * 2000 + b"\n", "scorer.toml: "),
        (b"a = " + b"[" * 17 + b"]" * 17 + b"\n", "scorer.toml: a" + "[0]" * 16),
        (b"[games.harmonies]\nvariant = {x = " + b"[" * 14 + b"]" * 14 + b"}\n", "games."),
        (b"jobs = \n", "scorer.toml: not valid TOML"),
    ],
)
def test_encoding_bom_and_depth_exit_2_naming_the_file(
    tmp_path: Path, text: bytes, where: str
) -> None:
    _fails_naming(_verify(tmp_path, "scorer.toml", text), where)


@pytest.mark.parametrize(
    "text",
    [
        b"\xef\xbb\xbf[tool.scorer]\njobs = 1\n",
        b"[tool]\nscorer = 1\n",
        b"[tool.scorer]\na = \xff\n",
    ],
)
def test_a_pyproject_found_upward_is_checked_too(
    tmp_path: Path, text: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pyproject.toml").write_bytes(text)
    monkeypatch.chdir(tmp_path)
    _fails_naming(runner.invoke(app, ["verify", str(OK)]), "pyproject.toml: ")


def test_a_tool_that_is_no_table(tmp_path: Path) -> None:
    result = _verify(tmp_path, "pyproject.toml", b'tool = "scorer"\n')
    _fails_naming(result, "pyproject.toml: tool.scorer must be a table")


def test_the_depth_limit_leaves_real_configurations_alone(tmp_path: Path) -> None:
    text = b'[games.harmonies]\nvariant = {board_side = "A"}\n[games.kuhfstein]\nplayers = ["A"]\n'
    (tmp_path / "scorer.toml").write_bytes(text)
    assert config.load(tmp_path / "scorer.toml").profile is not None


def test_values_in_messages_are_bounded_and_escaped() -> None:
    from scorer.running.config_values import shown

    assert shown(True) == "true" and shown("a\x1b[31m") == '"a\\x1b[31m"'
    assert len(shown("x" * 10_000)) == 60
    deep: Any = 1
    for _ in range(10_000):
        deep = [deep]
    assert shown(deep) == "[[[[...]]]]"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('tiebreak = "foo"', "tiebreak"),
        ('tiebreak = "wins,wins"', "tiebreak"),
        ('points = "a,b"', "points"),
        ('points = "-1"', "points"),
    ],
)
def test_standings_texts_are_read_when_the_configuration_is(
    tmp_path: Path, text: str, key: str
) -> None:
    """points and tiebreak are strings standings parses: a bad one names the file and key."""
    _fails_naming(_verify(tmp_path, "scorer.toml", f"{text}\n".encode()), f"scorer.toml: {key}: ")


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (b'"\\u001b[31mred" = 1\n', "scorer.toml: \\x1b[31mred: unknown key"),
        (b'[games."\\u001b[2J"]\n', "scorer.toml: games.\\x1b[2J: unknown game"),
        (b"jobs = " + b"9" * 5000 + b"\n", "scorer.toml: an integer too long to read"),
        (b"jobs = " + b"9" * 40 + b"\n", "scorer.toml: jobs: "),
    ],
)
def test_keys_are_escaped_and_numbers_bounded(tmp_path: Path, text: bytes, where: str) -> None:
    result = _verify(tmp_path, "scorer.toml", text)
    _fails_naming(result, where)
    assert "\x1b" not in result.stderr


def test_a_configuration_is_read_up_to_a_bound(tmp_path: Path) -> None:
    big = b"# padding\n" * (config.MAX_BYTES // 10 + 1)
    _fails_naming(_verify(tmp_path, "scorer.toml", big), "scorer.toml: larger than 1024 KiB")
    zero = runner.invoke(app, ["verify", "--config", "/dev/zero", str(OK)])
    _fails_naming(zero, "/dev/zero: larger than")
