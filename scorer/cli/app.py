"""The Typer app: the commands in help order, the root options, help in words, the entry point.

Help is click's plain layout (``rich_markup_mode=None``), not Typer's rich panels: rendering
those imports rich, markdown-it and pygments, about 0.15 CPU-s, more than the whole of
``scorer --help`` may take (issue 15). Only Typer's public API is used: ``typer.Typer``, its
``command`` and ``callback`` decorators, ``cls=`` with subclasses of Typer's documented
``TyperGroup`` / ``TyperCommand`` overriding click's help hooks, ``typer.main.get_command``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from scorer import __version__
from scorer.cli import check, making, runs, show, sites
from scorer.cli.output import output_failed
from scorer.cli.settings import CONFIG_HELP, start_run, use_config

#: A command, or a group of commands (``import``: one command per source).
Command = Callable[..., None] | tuple[tuple[str, Callable[..., None]], ...]

#: Every command, in the order ``scorer --help`` lists them.
COMMANDS: tuple[tuple[str, Command], ...] = (
    ("verify", check.verify),
    ("score", check.score),
    ("rules", check.rules),
    ("schema", check.schema),
    ("show", show.show),
    ("explain", check.explain),
    ("simulate", making.simulate),
    ("batch", runs.batch),
    ("import-map", making.import_map),
    ("import", making.IMPORTS),
    ("report", sites.report_site),
    ("serve", sites.serve),
    ("standings", sites.standings),
)


class _Group(TyperGroup):
    """The command list shows each command's first sentence whole, wrapped (click's plain
    layout would cut it short with '...')."""

    def list_commands(self, ctx: Any) -> list[str]:
        """The commands in the order of ``COMMANDS`` (groups too, which Typer adds last)."""
        names = super().list_commands(ctx)
        order = [n for n, _ in COMMANDS]
        return sorted(names, key=lambda n: order.index(n) if n in order else len(order))

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


class _Command(TyperCommand):
    """A command's help names an argument by its placeholder (``FILE...``, ``GAME``), without
    the Python type Typer appends (``<list[str]>``)."""

    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments, options = [], []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                word = param.metavar or (param.name or "").upper()
                arguments.append((word + ("..." if param.nargs != 1 else ""), record[1]))
            elif param.param_type_name == "option":
                options.append(record)
        if arguments:
            with formatter.section("Arguments"):
                formatter.write_dl(arguments)
        if options:
            with formatter.section("Options"):
                formatter.write_dl(options)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"scorer {__version__}")
        raise typer.Exit(0)


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
    start_run()
    if config_file is not None:
        use_config(ctx, config_file)


def make_app(only: str | None = None) -> typer.Typer:
    """The app with every command, or with the one named ``only``."""
    app = typer.Typer(
        name="scorer",
        help="Verify recorded games of Hacienda, Kuhfstein, Citrus and Harmonies and settle "
        "their scores.",
        no_args_is_help=True,
        pretty_exceptions_show_locals=False,
        add_completion=True,
        rich_markup_mode=None,
        context_settings={"max_content_width": 120},
        cls=_Group,
    )
    app.callback()(_root)
    for name, command in COMMANDS:
        if only is not None and name != only:
            continue
        if isinstance(command, tuple):
            app.add_typer(_group(name, command), name=name)
        else:
            app.command(name, cls=_Command)(command)
    return app


def _group(name: str, commands: tuple[tuple[str, Callable[..., None]], ...]) -> typer.Typer:
    """A group of commands (``scorer import bga``)."""
    group = typer.Typer(
        name=name,
        help="Convert another program's saved games into scorer documents: "
        + ", ".join(n for n, _ in commands)
        + ".",
        no_args_is_help=True,
        rich_markup_mode=None,
        cls=_Group,
    )
    for sub, command in commands:
        group.command(sub, cls=_Command)(command)
    return group


app = make_app()


def main() -> None:
    """Entry point of the ``scorer`` console script. Typer builds the click command of the
    one that runs when the first argument names it (building all twelve costs about 0.025
    CPU-s of every run), else all of them (help, shell completion, an unknown command,
    options before the command)."""
    from scorer.running.runtime import tune_gc

    tune_gc()
    first = sys.argv[1] if len(sys.argv) > 1 else None
    named = first in dict(COMMANDS) and "_SCORER_COMPLETE" not in os.environ
    try:
        make_app(first if named else None)(prog_name="scorer")
    except OSError as exc:  # output that cannot be written (a full disk, a closed pipe)
        raise SystemExit(output_failed("the output", exc).exit_code) from None
