"""What every command shares: the Typer app, option types and placeholders in words, the
configuration, colours, output and exit codes."""

from __future__ import annotations

import os
import re
import sys
from enum import Enum, StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, get_args, get_origin

import typer

from scorer import __version__

if TYPE_CHECKING:
    from scorer.running.config import Config


CONFIG_KEY = "config"


NOT_SETTINGS = frozenset(
    {
        "help",
        "version",
        "config",
        "output",
        "html",
        "shard",
        "player",
        "category",
        "at",
        "svg",
        "position",
        "seed",
        "count",
        "option",
        "map",
        "board",
        "id",
        "name",
        "author",
        "license",
        "rocks",
        "players",
        "exclude",
    }
)


_RUN: dict[str, Any] = {}


CONFIG_HELP = (
    "Read settings and the event profile from FILE (scorer.toml or pyproject.toml; "
    "default: found upward from the working directory)."
)


_WORDS = {
    "shard_spec": "I/N",
    "dask": "ADDRESS",
    "option": "NAME=VALUE",
    "map_id": "MAP",
    "rule_id": "RULE-ID",
    "title": "TEXT",
}


def _words(params: list[Any]) -> list[Any]:
    """Help placeholders in words (FILE, N, DIR, GAME...), not Python types (<list[str]>)."""
    for param in params:
        if getattr(param, "_runtime_param", False) is None:  # Typer's coercion, not built yet
            param._runtime_param = _Coercion()
        if param.metavar is not None:
            continue
        desc = getattr(param, "type_descriptor", None)
        if param.param_type_name == "argument":
            many = param.nargs != 1
            word = _WORDS.get(param.name, param.name.upper())
            param.metavar = word.removesuffix("S") if many else word
            shown = param.metavar + "..." if many else param.metavar
            param._rich_display_name = lambda shown=shown: shown  # the help's argument list
            param.display_type_rich = lambda ctx: None
        elif param.name in _WORDS:
            param.metavar = _WORDS[param.name]
        elif getattr(param, "is_flag", False):
            param.metavar = ""
        elif desc is None or desc.is_choice:
            continue
        elif desc.is_path:
            param.metavar = "DIR" if desc.path_type == "dir" else "FILE"
        elif desc.annotation in (int, int | None):
            param.metavar = "N"
        elif desc.annotation in (float, float | None):
            param.metavar = "SECONDS"
        else:
            param.metavar = param.name.upper()
    return params


_SLOW = object()
_INT = re.compile(r"0|[1-9][0-9]*")
_FLOAT = re.compile(r"[0-9]+(?:\.[0-9]+)?")


class _Coercion:
    """Typer's coercion of one parameter's value, the common cases without pydantic.

    Typer builds a pydantic TypeAdapter for every parameter of the command that runs, even
    for a default: importing pydantic and building a dozen adapters costs about 0.15 CPU-s,
    most of a short ``scorer verify``. A value this class is sure of (``None``, a default, a
    plain string, a member of a choice, a decimal integer in range, a path) it converts as the
    adapter would; anything else (a bad value, whose message Typer words) goes to Typer's own
    coercion, built on first use. tests/test_cli.py compares both on every parameter.
    """

    __slots__ = ("_full",)

    def __init__(self) -> None:
        self._full: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        multi = param.multiple or param.nargs == -1
        if value is None:
            return () if multi else None
        desc = param.type_descriptor
        info = desc.parameter_info
        done: Any = _SLOW
        if info.parser is None and desc.file_annotation is None and not info.clamp:
            if multi and isinstance(value, (list, tuple)) and get_origin(desc.annotation) is list:
                (item,) = get_args(desc.annotation)
                items = [_plain(item, info, v, param, ctx) for v in value]
                done = _SLOW if any(i is _SLOW for i in items) else items
            elif not multi:
                done = _plain(desc.annotation, info, value, param, ctx)
        if done is _SLOW:
            if self._full is None:
                from typer._coercion import build_runtime_param

                self._full = build_runtime_param(desc)
            return self._full.coerce(value, param=param, ctx=ctx)
        return done


def _plain(kind: Any, info: Any, value: Any, param: Any, ctx: Any) -> Any:
    """``value`` as Typer's adapter for ``kind`` gives it, or _SLOW when not sure."""
    if kind is str:
        return value if type(value) is str else _SLOW
    if isinstance(kind, type) and issubclass(kind, Enum):
        if isinstance(value, kind):
            return value
        if type(value) is str and info.case_sensitive:
            return next((m for m in kind if str(m.value) == value), _SLOW)
        return _SLOW
    if kind is int or kind is float:
        if type(value) is kind:
            number = value
        elif type(value) is str and (_INT if kind is int else _FLOAT).fullmatch(value):
            number = kind(value)
        else:
            return _SLOW
        if (info.min is not None and number < info.min) or (
            info.max is not None and number > info.max
        ):
            return _SLOW  # Typer says what is wrong
        return number
    path = kind is Path and info.path_type is None and not info.resolve_path
    if path and (type(value) is str or isinstance(value, Path)):
        from typer._param_types import coerce_cli_path

        try:
            return coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)
        except Exception:
            return _SLOW  # Typer says what is wrong
    return _SLOW


class _Group(typer.core.TyperGroup):
    """The command group: shows every command's help with placeholders in words.

    Help is click's plain layout (``rich_markup_mode=None`` below), not Typer's rich panels:
    rendering those imports rich, markdown-it and pygments, about 0.15 CPU-s, more than the
    whole of ``scorer --help`` may take (issue 15). The command list shows each command's
    first sentence whole, wrapped, as the panels did.
    """

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                first = (command.short_help or command.help or "").strip().split("\n\n")[0]
                rows.append((name, " ".join(first.split())))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def get_params(self, ctx: Any) -> list[Any]:
        return _words(super().get_params(ctx))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None and not getattr(command, "_scorer_words", False):
            plain = command.get_params
            command.get_params = lambda ctx: _words(plain(ctx))  # type: ignore[method-assign]
            command._scorer_words = True  # type: ignore[attr-defined]
        return command


app = typer.Typer(
    name="scorer",
    help="Verify recorded games of Hacienda, Kuhfstein, Citrus and Harmonies and settle their "
    "scores.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    add_completion=True,
    rich_markup_mode=None,
    context_settings={"max_content_width": 120},
    cls=_Group,
)


class Format(StrEnum):
    text = "text"
    json = "json"
    ndjson = "ndjson"


FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]


QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="Print findings only.")]


NoColorOpt = Annotated[bool, typer.Option("--no-color", help="Same as --color never.")]


class Color(StrEnum):
    auto = "auto"
    always = "always"
    never = "never"


ColorOpt = Annotated[
    Color,
    typer.Option(
        "--color",
        help="Colour findings and tables: auto (on a terminal; NO_COLOR turns it off, "
        "FORCE_COLOR on), always or never.",
    ),
]


StatisticsOpt = Annotated[
    bool, typer.Option("--statistics", help="Print how many findings each rule ID has.")
]


MaxFindingsOpt = Annotated[
    int,
    typer.Option(
        "--max-findings",
        min=1,
        metavar="N",
        help="Findings shown per record; one more finding (REC-LIMIT-1) counts the rest.",
    ),
]


AllowEmptyOpt = Annotated[
    bool, typer.Option("--allow-empty", help="Accept inputs that hold no record (else: exit 2).")
]


KeepGoingOpt = Annotated[
    bool,
    typer.Option(
        "--keep-going",
        help="Continue after the first illegal move; later findings are "
        "marked as possibly caused by the first.",
    ),
]


ExcludeOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--exclude",
        metavar="PATTERN",
        help="Skip files matching PATTERN (repeatable; adds to the configuration's "
        "exclude patterns).",
    ),
]


JobsOpt = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        help="Worker processes (default: 1 when the records hold less than 1.5 MB, about 130 "
        "games, where starting workers costs more than it saves; else all cores).",
    ),
]
SchemaDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--schema-dir", help="Use the schemas in this folder.", exists=True, file_okay=False
    ),
]


def _did_you_mean(value: str, choices: Any) -> str:
    from scorer.reading.schema_words import did_you_mean

    return did_you_mean(value, choices)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"scorer {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
    config_file: Annotated[
        Path | None, typer.Option("--config", metavar="FILE", dir_okay=False, help=CONFIG_HELP)
    ] = None,
) -> None:
    """Verify recorded board games and settle their scores."""
    _RUN.clear()
    if config_file is not None:
        _use_config(ctx, config_file)


def _command_config(ctx: typer.Context, value: Path | None) -> Path | None:
    """A command's eager ``--config``: FILE, else the root's ``--config``, else the file found
    upward from the working directory."""
    if value is not None or _RUN.get(CONFIG_KEY) is None:
        _use_config(ctx, value)
    return value


def _use_config(ctx: typer.Context, path: Path | None) -> None:
    """Load the configuration (exit 2 on any problem) and make its option keys the defaults
    of the command's options (click's default_map, keyed by the option's long name)."""
    from scorer.running.config import ConfigError, load, option_defaults

    root = ctx.find_root()
    try:
        config = load(path)
        defaults = option_defaults(config, _long_options(ctx)) if config.defaults else {}
    except ConfigError as exc:
        typer.echo(f"scorer: configuration error: {exc}", err=True)
        raise typer.Exit(2) from None
    _RUN[CONFIG_KEY] = config
    root.default_map = defaults
    if ctx is not root:
        ctx.default_map = defaults.get(ctx.info_name or "", {})


def _long_options(ctx: typer.Context) -> dict[str, dict[str, tuple[str, Any]]]:
    """Command name → {long option name: (parameter name, check)} of every command that reads
    the configuration (has ``--config``); a check raises for a value the option does not
    take."""
    root = ctx.find_root()
    group: Any = root.command
    if _EVERY and len(group.commands) < len(_EVERY):  # main() built the running one only
        group = _every_command()
    out: dict[str, dict[str, tuple[str, Any]]] = {}
    for name in group.list_commands(root):
        cmd = group.get_command(root, name)
        params = cmd.params if cmd is not None else []
        if not any(p.name == "config_file" for p in params):
            continue  # a command that reads no configuration
        for param in params:
            if param.callback is not None or not param.name:
                continue  # --version, --config
            for opt in getattr(param, "opts", ()):
                if opt.startswith("--") and opt[2:] not in NOT_SETTINGS:
                    out.setdefault(name, {})[opt[2:]] = (
                        param.name,
                        lambda v, p=param: p.process_value(ctx, v),
                    )
    return out


def _every_command() -> Any:
    """The click group of every registered command (see :func:`_running`)."""
    from typer.main import get_command

    running = app.registered_commands
    app.registered_commands = list(_EVERY)
    try:
        return get_command(app)
    finally:
        app.registered_commands = running


def _config() -> Config:
    """The configuration of this run (an empty one when there is none)."""
    from scorer.running.config import Config

    config = _RUN.get(CONFIG_KEY)
    return config if config is not None else Config()


ConfigOpt = Annotated[
    Path | None,
    typer.Option(
        "--config",
        metavar="FILE",
        dir_okay=False,
        is_eager=True,
        callback=_command_config,
        help=CONFIG_HELP,
    ),
]


def _use_color(no_color: bool, color: Color = Color.auto, stream: Any = None) -> bool:
    """--color always/never, else NO_COLOR (off), FORCE_COLOR (on), else: on a terminal."""
    if no_color or color is Color.never:
        return False
    if color is Color.always:
        return True
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR", "0") not in ("", "0"):
        return True
    return bool((stream or sys.stdout).isatty())


def _output_failed(target: str, exc: OSError) -> typer.Exit:
    """Say that the output could not be written; exit 2 (the caller raises the result)."""
    typer.echo(f"cannot write {target}: {exc.strerror or exc}", err=True)
    if target == "the output" and _has_fileno(sys.stdout):
        devnull = os.open(os.devnull, os.O_WRONLY)  # let nothing try to flush it again
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    return typer.Exit(2)


def _has_fileno(stream: Any) -> bool:
    try:
        stream.fileno()
    except (OSError, ValueError, AttributeError):
        return False
    return True


_NO_FILES = "no file is left to verify once the include/exclude patterns are applied"


def _nothing_matched(reasons: list[str], allow_empty: bool) -> None:
    """Inputs that held no record: a message each, and exit 2 unless --allow-empty."""
    for reason in reasons:
        typer.echo(f"{reason}{' (accepted: --allow-empty)' if allow_empty else ''}", err=True)
    if reasons and not allow_empty:
        typer.echo(
            "nothing to verify: an input holds no record (--allow-empty accepts this)", err=True
        )
        raise typer.Exit(2)


def _set_schema_dir(path: Path | None) -> None:
    if path is not None:
        from scorer.reading.schemas import check_schema_dir, set_schema_dir

        problems = check_schema_dir(path)
        if problems:
            for problem in problems:
                typer.echo(f"--schema-dir {path}: {problem}", err=True)
            raise typer.Exit(2)
        set_schema_dir(path)


def _emit(
    results: list[Any],
    fmt: Format,
    quiet: bool,
    no_color: bool,
    scores: bool = True,
    color: Color = Color.auto,
    statistics: bool = False,
) -> None:
    from scorer.writing import report

    try:
        if fmt is Format.json:
            sys.stdout.buffer.write(report.render_json(results))
        elif fmt is Format.ndjson:
            for r in results:
                sys.stdout.buffer.write(report.dumps_line(report.result_to_data(r)))
        else:
            sys.stdout.write(
                report.render_text(results, _use_color(no_color, color), quiet, scores)
            )
        sys.stdout.flush()
    except OSError as exc:
        raise _output_failed("the output", exc) from None
    if statistics:
        from scorer.writing.formats import Tally

        tally = Tally()
        for r in results:
            tally.add(r)
        stream_is_report = fmt is not Format.text
        typer.echo("Findings by rule:\n" + tally.statistics(), nl=False, err=stream_is_report)


def _exit_code(results: list[Any]) -> int:
    if any(f.rule == "REC-IO-1" for r in results for f in r.findings):
        return 2
    return 0 if all(r.ok for r in results) else 1


def _write_output(data: bytes, output: Path | None) -> None:
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    try:
        output.write_bytes(data)
    except OSError as exc:
        typer.echo(f"cannot write {output}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from None


def _parse_shard(spec: str) -> tuple[int, int]:
    index, sep, count = spec.partition("/")
    if sep and index.isdigit() and count.isdigit() and 1 <= int(index) <= int(count):
        return int(index), int(count)
    typer.echo(f"--shard needs I/N with 1 <= I <= N, got {spec!r}", err=True)
    raise typer.Exit(2)


def _progress(results: Any, quiet: bool) -> Any:
    """Wrap the result stream in a progress display when stderr is a terminal."""
    if quiet or not sys.stderr.isatty():
        yield from results
        return
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    columns = (SpinnerColumn(), TextColumn("{task.completed} records"), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("verify", total=None)
        for result in results:
            progress.advance(task)
            yield result


def _parse_options(items: list[str]) -> dict[str, Any]:
    from scorer.reading.loading import parse

    options: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            typer.echo(f"--option needs NAME=VALUE, got {item!r}", err=True)
            raise typer.Exit(2)
        try:
            options[name] = parse(value.encode())
        except Exception:
            options[name] = value
    return options


def _load_or_exit(file: str) -> tuple[bytes, Any]:
    """The bytes and the strictly parsed document of ``file``; a finding and exit otherwise."""
    from scorer.core.errors import RecordLoadError
    from scorer.reading.loading import DuplicateKeysError, parse_record, read_bytes
    from scorer.reading.positions import duplicate_findings
    from scorer.writing import report

    try:
        data = read_bytes(file)
        return data, parse_record(data)
    except DuplicateKeysError as exc:
        for f in duplicate_findings(exc.duplicates, exc.text):
            typer.echo(report.finding_line(file, f), err=True)
        raise typer.Exit(1) from None
    except RecordLoadError as exc:
        from scorer.core.findings import Finding

        typer.echo(
            report.finding_line(
                file, Finding(exc.rule, "", exc.message, line=exc.line, col=exc.col)
            ),
            err=True,
        )
        raise typer.Exit(2 if exc.rule == "REC-IO-1" else 1) from None


def _placed(found: Any, data: bytes, doc: Any) -> Any:
    """Findings (or a result) with line and column in ``data``."""
    from scorer.core.values import VerifyResult
    from scorer.reading.positions import place

    if isinstance(found, VerifyResult):
        return place(found, data, doc)
    return place(VerifyResult("", "unknown", None, "error", tuple(found)), data, doc).findings


def _malformed(file: str, kind: str, errors: list[Any]) -> Any:
    from scorer.core.findings import Finding
    from scorer.core.values import VerifyResult

    if not errors:
        errors = [Finding("REC-SCHEMA-1", "/format", "not a game record")]
    return VerifyResult(file, "unknown", None, "malformed", tuple(errors))


def main() -> None:
    """Entry point of the ``scorer`` console script."""
    from scorer.running.runtime import tune_gc

    tune_gc()
    every = app.registered_commands
    app.registered_commands = _running(sys.argv[1:2], every)
    try:
        app(prog_name="scorer")
    except OSError as exc:  # output that cannot be written (a full disk, a closed pipe)
        raise SystemExit(_output_failed("the output", exc).exit_code) from None
    finally:
        app.registered_commands = every


#: Every registered command while main() lets Typer build only the one that runs.
_EVERY: list[Any] = []


def _running(first: list[str], every: list[Any]) -> list[Any]:
    """The commands Typer is to build: only the one that runs when the first argument names
    it (building the click commands of all twelve signatures costs about 0.025 CPU-s of every
    run), else all (help, shell completion, an unknown command, options before the command).
    The configuration's keys are still checked against every command (:func:`_long_options`
    builds them all when the configuration sets any)."""
    from typer.main import get_command_name

    if not first or "_SCORER_COMPLETE" in os.environ:
        return every
    named = [c for c in every if (c.name or get_command_name(c.callback.__name__)) == first[0]]
    if len(named) != 1:
        return every
    _EVERY[:] = every
    return named


class BatchFormat(StrEnum):
    text = "text"
    json = "json"
    ndjson = "ndjson"
    junit = "junit"
    sarif = "sarif"
    github = "github"


class FailOn(StrEnum):
    error = "error"
    mismatch = "mismatch"
    incomplete = "incomplete"
