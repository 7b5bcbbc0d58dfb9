"""The configuration of one run: ``--config`` (of the root or of a command) or the file found
upward from the working directory; its option keys become the defaults of the options."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from scorer.running.config import Config
    from scorer.running.config_values import Convert


CONFIG_HELP = (
    "Read settings and the event profile from FILE (scorer.toml or pyproject.toml; "
    "default: found upward from the working directory)."
)

#: Long option names that are no setting of the configuration file.
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

_CONFIG_KEY = "config"

#: This run's configuration, once loaded (the root callback empties it at every run).
_RUN: dict[str, Config | None] = {}


def start_run() -> None:
    """Forget the configuration of an earlier run in this process."""
    _RUN.clear()


def command_config(ctx: typer.Context, value: Path | None) -> Path | None:
    """A command's eager ``--config``: FILE, else the root's ``--config``, else the file found
    upward from the working directory."""
    if value is not None or _RUN.get(_CONFIG_KEY) is None:
        use_config(ctx, value)
    return value


def use_config(ctx: typer.Context, path: Path | None) -> None:
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
    _RUN[_CONFIG_KEY] = config
    root.default_map = defaults
    if ctx is not root:
        ctx.default_map = defaults.get(ctx.info_name or "", {})


def run_config() -> Config:
    """The configuration of this run (an empty one when there is none)."""
    from scorer.running.config import Config

    loaded = _RUN.get(_CONFIG_KEY)
    return loaded if loaded is not None else Config()


def _long_options(
    ctx: typer.Context,
) -> dict[str, dict[str, tuple[str, Convert]]]:
    """Command name → {long option name: (parameter name, check)} of every command that reads
    the configuration (has ``--config``); a check raises for a value the option does not
    take. :func:`scorer.cli.app.main` builds the running command only: the keys are still
    checked against every command."""
    from typer.main import get_command

    from scorer.cli.app import COMMANDS, make_app

    root = ctx.find_root()
    group: Any = root.command
    if len(group.list_commands(root)) < len(COMMANDS):
        group = get_command(make_app())
    out: dict[str, dict[str, tuple[str, Convert]]] = {}
    for name in group.list_commands(root):
        cmd = group.get_command(root, name)
        params = cmd.params if cmd is not None else []
        if not any(p.name == "config_file" for p in params):
            continue  # a command that reads no configuration
        hints = option_types(cmd.callback) if cmd is not None and cmd.callback else {}
        for param in params:
            if param.callback is not None or not param.name:
                continue  # --version, --config
            for opt in getattr(param, "opts", ()):
                if opt.startswith("--") and opt[2:] not in NOT_SETTINGS:
                    check = _checker(ctx, param, hints.get(param.name), opt[2:])
                    out.setdefault(name, {})[opt[2:]] = (param.name, check)
    return out


def option_types(function: Any) -> dict[str, object]:
    """The Python type of each parameter of a command's function, as its annotation says
    (``Annotated`` and ``| None`` taken off): read from the function's signature, so it does
    not depend on how a Typer version stores the type on its parameters."""
    import inspect
    import types
    import typing

    out: dict[str, object] = {}
    for name, parameter in inspect.signature(function, eval_str=True).parameters.items():
        annotation = parameter.annotation
        if typing.get_origin(annotation) is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        if typing.get_origin(annotation) in (typing.Union, types.UnionType):
            kinds = [a for a in typing.get_args(annotation) if a is not type(None)]
            annotation = kinds[0] if len(kinds) == 1 else annotation
        out[name] = annotation
    return out


def _checker(ctx: typer.Context, param: Any, annotation: object, key: str) -> Convert:
    """A configuration value as ``param`` takes it; raises for a value it does not take,
    :class:`~scorer.running.config_values.WrongType` for one of another TOML type (``jobs =
    true``, ``tiebreak = ["score"]``: the command line would have converted them). The text
    of ``points`` and ``tiebreak`` is read as ``standings`` reads it, so a bad one is named
    with the file and the key."""
    from scorer.running.config_values import typed

    def convert(value: object) -> object:
        converted = param.process_value(ctx, value)
        if key in _PARSED_TEXT:
            from scorer.standings import options

            getattr(options, _PARSED_TEXT[key])(value)
        return converted

    return typed(annotation, convert)


#: Settings whose text a parser reads after the option: key → function of
#: :mod:`scorer.standings.options` (raises StandingsError).
_PARSED_TEXT = {"points": "parse_points", "tiebreak": "parse_tiebreak"}
