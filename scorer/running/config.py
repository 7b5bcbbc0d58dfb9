"""Configuration: ``[tool.scorer]`` in ``pyproject.toml`` or a ``scorer.toml``, found upward
from the working directory (or named by ``--config``), parsed with :mod:`tomllib`.

Like ruff, the search stops in the first folder holding a ``scorer.toml`` or a
``pyproject.toml`` with a ``[tool.scorer]`` table; ``scorer.toml`` wins in the same folder
and holds the same keys at its top level. Keys:

* ``include`` / ``exclude``: file patterns (scorer.running.selection), relative to the file's
  folder;
* ``games.<game>``: the event profile of a game — ``variant``, ``components``, ``players``
  (scorer.referee.profile);
* any other key is the default of the command-line option of that long name (``format``,
  ``jobs``, ``fail-on``, ``max-findings``, ...), for every command that has such an option;
  :func:`option_defaults` checks them against the commands.

Every problem is a :class:`ConfigError` naming the file and the key (exit status 2).
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorer.running.config_values import Convert, WrongType, kind, shown

if TYPE_CHECKING:  # imported when a file has such settings (start-up stays short)
    from scorer.referee.profile import GameProfile, Profile
    from scorer.running.selection import Filters, Pattern

SCORER_TOML = "scorer.toml"
PYPROJECT = "pyproject.toml"
FIXED_KEYS = ("include", "exclude", "games")
#: Option defaults that are paths: relative to the configuration file's folder.
PATH_KEYS = ("schema-dir",)
GAME_KEYS = ("variant", "components", "players")
BOM = b"\xef\xbb\xbf"
#: Arrays and tables nest at most this deep (``games.<game>.variant.<option>`` is 4).
MAX_DEPTH = 16
#: A configuration file holds at most this many bytes (a pyproject.toml is a few KiB).
MAX_BYTES = 1 << 20


class ConfigError(Exception):
    """A configuration problem; ``str(error)`` names the file and the key, with any character
    that is not printable (an escape code in a key or a path) escaped."""

    def __init__(self, message: str) -> None:
        super().__init__("".join(c if c.isprintable() else repr(c)[1:-1] for c in message))


@dataclass(frozen=True, slots=True)
class Config:
    """A parsed, checked configuration (``path`` None: no file was found)."""

    path: Path | None = None
    prefix: str = ""  # "tool.scorer." in pyproject.toml
    defaults: Mapping[str, Any] = field(default_factory=dict)
    include: tuple[Pattern, ...] = ()
    exclude: tuple[Pattern, ...] = ()
    profile: Profile | None = None

    def filters(self, extra_exclude: tuple[str, ...] = (), cwd: Path | None = None) -> Filters:
        """The file filters, with ``--exclude`` patterns relative to the working directory."""
        from scorer.running.selection import Filters, patterns

        return Filters(self.include, self.exclude + patterns(extra_exclude, cwd or Path.cwd()))

    @property
    def name(self) -> str:
        """The file as messages name it (relative to the working directory when inside it)."""
        return display(self.path) if self.path is not None else "(no configuration)"

    def error(self, key: str, text: str) -> ConfigError:
        return ConfigError(f"{self.name}: {self.prefix}{key}: {text}")


def display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def find(start: Path) -> tuple[Path, str] | None:
    """The configuration file governing ``start`` and its key prefix, or None."""
    for folder in (start.resolve(), *start.resolve().parents):
        if (folder / SCORER_TOML).is_file():
            return folder / SCORER_TOML, ""
        pyproject = folder / PYPROJECT
        if pyproject.is_file() and _has_scorer_table(pyproject):
            return pyproject, "tool.scorer."
    return None


def load(path: Path | None = None, start: Path | None = None) -> Config:
    """The configuration in ``path`` (``--config``), or the one found from ``start`` (default:
    the working directory); an empty Config when there is none. Raises ConfigError."""
    if path is None:
        found = find(start or Path.cwd())
        if found is None:
            return Config()
        path, prefix = found
    else:
        prefix = "tool.scorer." if path.name == PYPROJECT else ""
    data = _read(path)
    if prefix:
        tool = data.get("tool", {})
        table = tool.get("scorer", {}) if isinstance(tool, dict) else None
        if not isinstance(table, dict):
            raise ConfigError(f"{display(path)}: tool.scorer must be a table")
        data = table
    config = Config(path, prefix)
    _nesting(config, data)
    return _parse(config, data)


def _has_scorer_table(pyproject: Path) -> bool:
    try:
        if b"scorer" not in _bytes(pyproject):  # most pyproject files: no TOML parse
            return False
    except OSError:
        return False
    tool = _read(pyproject).get("tool", {})
    return isinstance(tool, dict) and "scorer" in tool


def _read(path: Path) -> dict[str, Any]:
    """The TOML document in ``path``: UTF-8 without a byte order mark, arrays and tables nested
    no deeper than the parser can follow. Raises ConfigError naming the file (and the line)."""
    import tomllib

    try:
        raw = _bytes(path)
    except OSError as exc:
        raise ConfigError(f"{display(path)}: cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise ConfigError(f"{display(path)}: larger than {MAX_BYTES // 1024} KiB")
    if raw.startswith(BOM):
        raise ConfigError(
            f"{display(path)}: starts with a byte order mark (BOM); save it as UTF-8 without BOM"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ConfigError(
            f"{display(path)}: not UTF-8: byte 0x{raw[exc.start]:02x} at line {line}, column {col}"
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{display(path)}: not valid TOML: {exc}") from None
    except ValueError:  # an integer of more digits than Python converts
        raise ConfigError(
            f"{display(path)}: an integer too long to read "
            f"(more than {sys.get_int_max_str_digits()} digits)"
        ) from None
    except RecursionError:
        raise ConfigError(
            f"{display(path)}: arrays or tables nested too deeply to read "
            f"(a configuration nests at most {MAX_DEPTH} levels)"
        ) from None


def _bytes(path: Path) -> bytes:
    """At most MAX_BYTES + 1 bytes of ``path`` (``--config /dev/zero`` ends)."""
    with path.open("rb") as handle:
        return handle.read(MAX_BYTES + 1)


def _nesting(config: Config, data: Mapping[str, object]) -> None:
    """Raise ConfigError at the first value nested deeper than MAX_DEPTH (iteratively: the
    check itself never recurses)."""
    stack: list[tuple[str, object, int]] = [(k, v, 1) for k, v in data.items()]
    while stack:
        key, value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise config.error(key, f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            stack.extend((f"{key}.{k}", v, depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((f"{key}[{i}]", v, depth + 1) for i, v in enumerate(value))


def _parse(config: Config, data: dict[str, Any]) -> Config:
    from scorer.referee.profile import Profile
    from scorer.running.selection import patterns

    if config.prefix == "" and "tool" in data:
        raise config.error(
            "tool",
            "scorer.toml holds the settings at its top level, without a [tool.scorer] header",
        )
    assert config.path is not None
    base = config.path.parent
    include = patterns(_strings(config, data, "include"), base)
    exclude = patterns(_strings(config, data, "exclude"), base)
    games = data.get("games", {})
    if not isinstance(games, dict):
        raise config.error("games", "must be a table of games ([games.<game>])")
    profile = None
    if games:
        profile = Profile(
            config.name, {game: _game(config, game, section) for game, section in games.items()}
        )
    defaults = {
        k: str(base / v) if k in PATH_KEYS and isinstance(v, str) else v
        for k, v in data.items()
        if k not in FIXED_KEYS
    }
    return Config(config.path, config.prefix, defaults, include, exclude, profile)


def _strings(config: Config, data: dict[str, Any], key: str) -> list[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise config.error(key, f"must be a list of file patterns, found {shown(value)}")
    return value


def _game(config: Config, game: str, section: Any) -> GameProfile:
    from scorer.core.roles import CATALOGUE
    from scorer.referee.profile import GameProfile
    from scorer.registry import game_names, get

    key = f"games.{game}"
    if game not in game_names():
        raise config.error(
            key,
            f"unknown game{_guess(game, game_names())}; the games are {', '.join(game_names())}",
        )
    if not isinstance(section, dict):
        raise config.error(key, "must be a table (variant, components, players)")
    for name in section:
        if name not in GAME_KEYS:
            raise config.error(
                f"{key}.{name}",
                f"unknown key{_guess(name, GAME_KEYS)}; the keys "
                f"of a game are {', '.join(GAME_KEYS)}",
            )
    variant = None
    if "variant" in section:
        variant = get(game, CATALOGUE).effective_options(_variant(config, game, section["variant"]))
    components, file = None, None
    if "components" in section:
        file = section["components"]
        components = _components(config, game, file)
    players = (
        _players(config, f"{key}.players", section["players"]) if ("players" in section) else None
    )
    return GameProfile(game, variant, components, file, players)


def _variant(config: Config, game: str, variant: Any) -> dict[str, Any]:
    from scorer.reading.options import option_problems

    if not isinstance(variant, dict):
        raise config.error(
            f"games.{game}.variant", "must be a table of options (variant = {option = value, ...})"
        )
    problems = option_problems(game, variant)
    if problems:
        raise config.error(f"games.{game}.variant", "; ".join(problems))
    return variant


def _players(config: Config, key: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise config.error(key, f"must be a list of player names, found {shown(value)}")
    twice = sorted({v for v in value if value.count(v) > 1})
    if twice:
        raise config.error(key, f"lists {', '.join(map(repr, twice))} more than once")
    return tuple(value)


def _components(config: Config, game: str, file: Any) -> Any:
    """The component data of the event: a record or position of ``game``, relative to the
    configuration file, schema-valid and accepted by the game's setup checks."""
    from scorer.core.errors import RecordLoadError
    from scorer.core.roles import CATALOGUE
    from scorer.reading.loading import load as load_document
    from scorer.reading.schemas import validate
    from scorer.registry import get

    key = f"games.{game}.components"
    if game == "harmonies":
        raise config.error(
            key,
            "Harmonies has no component data to pin: its cards are built in "
            "(every report names the fingerprint of the built-in catalogue)",
        )
    if not isinstance(file, str) or not file:
        raise config.error(
            key, f"must be the path of a record or position file, found {shown(file)}"
        )
    assert config.path is not None
    path = config.path.parent / file
    try:
        doc = load_document(str(path))
    except RecordLoadError as exc:
        raise config.error(key, f"{display(path)}: {exc.rule} {exc.message}") from None
    kind, errors = validate(doc)
    if errors or kind == "unknown" or doc.get("game") != game:
        why = (
            f"{errors[0].rule} at {errors[0].pointer or '/'}: {errors[0].message}"
            if errors
            else f"not a {game} record or position"
        )
        raise config.error(key, f"{display(path)}: {why}")
    problem = _setup_problem(game, doc, kind)
    if problem:
        raise config.error(key, f"{display(path)}: its component data is rejected: {problem}")
    return get(game, CATALOGUE).component_data(doc)


def _setup_problem(game: str, doc: Any, kind: str) -> str | None:
    from scorer.core.errors import RuleViolation, RuleViolations
    from scorer.core.pointer import to_pointer
    from scorer.core.roles import POSITIONS, REFEREE
    from scorer.registry import get

    if kind == "position":
        bad = [f for f in get(game, POSITIONS).load_position(doc).findings if f.is_error]
        return f"{bad[0].rule} at {bad[0].pointer}: {bad[0].message}" if bad else None
    try:
        get(game, REFEREE).initial_state(doc)
    except RuleViolation as exc:
        return f"{exc.rule} at {to_pointer(exc.path)}: {exc.message}"
    except RuleViolations as group:
        first = group.violations[0]
        return f"{first.rule} at {to_pointer(first.path)}: {first.message}"
    return None


def option_defaults(
    config: Config, commands: Mapping[str, Mapping[str, tuple[str, Convert]]]
) -> dict[str, dict[str, Any]]:
    """The CLI's default map from the option keys of ``config``: ``commands`` maps a command
    name to {long option name: (parameter name, converter)}; a converter raises for a value
    the option does not take (:class:`WrongType` for a value of another TOML type). A key
    applies to every command whose option takes its value (``format = "sarif"`` sets
    ``batch --format`` only). Raises ConfigError for a key no command has, or a value no
    command's option takes."""
    out: dict[str, dict[str, Any]] = {}
    names = sorted({n for opts in commands.values() for n in opts} | set(FIXED_KEYS))
    for key, value in config.defaults.items():
        takers = [(cmd, opts[key]) for cmd, opts in commands.items() if key in opts]
        if not takers:
            raise config.error(
                key, f"unknown key{_guess(key, names)}; the keys are {', '.join(names)}"
            )
        reasons = []
        for cmd, (param, convert) in takers:
            try:
                convert(value)
            except WrongType as exc:
                reasons.append(f"{exc}, found {shown(value)} ({kind(value)})")
            except Exception as exc:
                reasons.append(f"{shown(value)} is not a value of --{key} ({cmd}: {_reason(exc)})")
            else:
                out.setdefault(cmd, {})[param] = value
        if len(reasons) == len(takers):
            raise config.error(key, reasons[0])
    return out


def _reason(exc: Exception) -> str:
    return getattr(exc, "message", None) or str(exc) or type(exc).__name__


def _guess(word: str, choices: Any) -> str:
    guess = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {guess[0]!r}?)" if guess else ""
