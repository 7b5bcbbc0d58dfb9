"""The options several commands share, with their placeholders in words (FILE, DIR, N, ...),
and the choices they take. A command's own options stand beside the command."""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from scorer.cli.settings import CONFIG_HELP, command_config


class Format(StrEnum):
    text = "text"
    json = "json"
    ndjson = "ndjson"


class Color(StrEnum):
    auto = "auto"
    always = "always"
    never = "never"


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


#: A record or position file, as ``score``, ``show`` and ``explain`` take it.
DocumentArg = Annotated[
    str, typer.Argument(metavar="FILE", help="A record or position ('-' = stdin).")
]

#: The inputs of ``batch`` and ``standings``.
RecordsArg = Annotated[
    list[str],
    typer.Argument(
        metavar="PATH",
        help="Files, directories (recursive *.json, *.ndjson, *.jsonl), globs, '-' for stdin.",
    ),
]

FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]

QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="Print findings only.")]

NoColorOpt = Annotated[bool, typer.Option("--no-color", help="Same as --color never.")]

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

#: The most worker processes ``--jobs`` (and the configuration's ``jobs``) takes: 4 per CPU
#: this process may use (:func:`scorer.running.batch.max_jobs`, computed here without
#: importing the batch machinery at start-up). More is an error (exit 2) naming the option.
MAX_JOBS = 4 * (
    len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
)

JobsOpt = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        max=MAX_JOBS,
        metavar="N",
        help="Worker processes, at most 4 per CPU and never more than records (default: 1 "
        "when the records hold less than 1.5 MB, about 130 games, where starting workers "
        "costs more than it saves; else all cores).",
    ),
]

SchemaDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--schema-dir",
        metavar="DIR",
        help="Use the schemas in this folder.",
        exists=True,
        file_okay=False,
    ),
]

ConfigOpt = Annotated[
    Path | None,
    typer.Option(
        "--config",
        metavar="FILE",
        dir_okay=False,
        is_eager=True,
        callback=command_config,
        help=CONFIG_HELP,
    ),
]


#: ``--from NAME``: read every document through a position importer (``scorer import NAME``).
FromOpt = Annotated[
    str | None,
    typer.Option(
        "--from",
        metavar="SOURCE",
        help="Read every file as a saved game of another program (bga: a Board Game Arena "
        "Harmonies capture) and check the position it gives. Without it a file with no "
        "'format' that has such a shape is read as one.",
    ),
]


def source_of(value: str | None) -> str | None:
    """``--from`` checked against the importers the games offer (exit 2 for another)."""
    if value is None:
        return None
    from scorer.reading.imports import source_names

    known = source_names()
    if value not in known:
        typer.echo(f"unknown --from {value!r}; known: {', '.join(known)}", err=True)
        raise typer.Exit(2)
    return value
