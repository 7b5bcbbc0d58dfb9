"""Commands on one document and the rule book: verify, score, rules, schema, explain."""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import Annotated, Any

import typer

from scorer.cli.options import (
    AllowEmptyOpt,
    Color,
    ColorOpt,
    ConfigOpt,
    DocumentArg,
    ExcludeOpt,
    Format,
    FormatOpt,
    FromOpt,
    KeepGoingOpt,
    MaxFindingsOpt,
    NoColorOpt,
    QuietOpt,
    SchemaDirOpt,
    StatisticsOpt,
    source_of,
)
from scorer.cli.output import (
    NO_FILES,
    ResultWriter,
    did_you_mean,
    emit,
    exit_code,
    nothing_matched,
    set_schema_dir,
)
from scorer.cli.settings import run_config

FilesArg = Annotated[
    list[str],
    typer.Argument(
        metavar="FILE",
        help="Record or position files, folders, globs, NDJSON files ('-' = stdin).",
    ),
]


def verify(
    files: FilesArg,
    fmt: FormatOpt = Format.text,
    quiet: QuietOpt = False,
    no_color: NoColorOpt = False,
    keep_going: KeepGoingOpt = False,
    schema_dir: SchemaDirOpt = None,
    exclude: ExcludeOpt = None,
    config_file: ConfigOpt = None,
    color: ColorOpt = Color.auto,
    statistics: StatisticsOpt = False,
    max_findings: MaxFindingsOpt = 100,
    allow_empty: AllowEmptyOpt = False,
    source: FromOpt = None,
) -> None:
    """Replay and check records; print findings and, for verified games, the score table."""
    from scorer.reading.items import iter_items
    from scorer.referee.settings import VerifyOptions
    from scorer.running.batch import verify_item
    from scorer.running.selection import select

    set_schema_dir(schema_dir)
    config = run_config()
    options = VerifyOptions(
        keep_going, max_findings, config.profile, schema_dir=schema_dir, source=source_of(source)
    )
    empty: list[str] = []
    chosen = select(files, config.filters(tuple(exclude or ())))
    out = ResultWriter(fmt, quiet, no_color, color=color, statistics=statistics, count_line=True)
    for item in iter_items(chosen, empty=empty):
        out.add(verify_item(item, options))  # printed as it comes: memory flat in the records
    if not out.total:  # nothing printed yet: say so before the (empty) report, as ever
        nothing_matched(empty or [NO_FILES], allow_empty)
    out.close()
    nothing_matched(empty if out.total else [], allow_empty)
    raise typer.Exit(out.exit_code())


def score(
    file: DocumentArg,
    fmt: FormatOpt = Format.text,
    no_color: NoColorOpt = False,
    keep_going: KeepGoingOpt = False,
    schema_dir: SchemaDirOpt = None,
    config_file: ConfigOpt = None,
    color: ColorOpt = Color.auto,
    max_findings: MaxFindingsOpt = 100,
    source: FromOpt = None,
) -> None:
    """The score breakdown of a record or position: per player and category, winner, tie-break."""
    from scorer.referee.pipeline import verify_file
    from scorer.referee.settings import VerifyOptions

    set_schema_dir(schema_dir)
    profile = run_config().profile
    result = verify_file(
        file, VerifyOptions(keep_going, max_findings, profile, source=source_of(source))
    )
    emit([result], fmt, False, no_color, color=color)
    raise typer.Exit(exit_code([result]))


def rules(
    game: Annotated[
        str | None, typer.Argument(metavar="GAME", help="Game name (all games if omitted).")
    ] = None,
    rule_id: Annotated[str | None, typer.Argument(metavar="RULE-ID", help="One rule ID.")] = None,
) -> None:
    """The rule catalogue: every rule ID with its one-line statement."""
    from scorer.core.findings import REC_RULES
    from scorer.core.roles import CATALOGUE
    from scorer.registry import game_names, get

    if game is not None and game.upper() == game and rule_id is None and "-" in game:
        game, rule_id = None, game  # `scorer rules HAR-STACK-2`
    if game is not None and game not in game_names():
        typer.echo(
            f"unknown game {game!r}{did_you_mean(game, game_names())}; known games: "
            f"{', '.join(game_names())}",
            err=True,
        )
        raise typer.Exit(2)
    catalogues: list[tuple[str, Any]] = [("record", REC_RULES)] if game is None else []
    names = [game] if game is not None else list(game_names())
    catalogues += [(n, get(n, CATALOGUE).RULE_IDS) for n in names]
    rows = [(rid, text) for _, cat in catalogues for rid, text in cat.items()]
    if rule_id is not None:
        rows = [r for r in rows if r[0] == rule_id.upper()]
        if not rows:
            typer.echo(f"unknown rule ID {rule_id!r}", err=True)
            raise typer.Exit(2)
    for rid, text in rows:
        typer.echo(f"{rid:<14} {text}")
    if game is not None and rule_id is None:
        typer.echo("\nWhy a game ends (end_reason of a score sheet):")
        for word, text in get(game, CATALOGUE).END_REASONS.items():
            typer.echo(f"  {word:<16} {text}")


def schema(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="Game name, 'record', 'position', 'report' or 'standings' (all names if omitted).",
        ),
    ] = None,
    schema_dir: SchemaDirOpt = None,
) -> None:
    """Print a JSON Schema (the contract of the documents the scorer reads and writes)."""
    from scorer.reading.schemas import load_all
    from scorer.writing import report

    set_schema_dir(schema_dir)
    schemas = load_all()
    if game is None:
        for name in schemas:
            typer.echo(name)
        return
    name = f"{game}.schema.json"
    if name not in schemas:
        known = ", ".join(n.removesuffix(".schema.json") for n in schemas)
        typer.echo(f"no schema {game!r}; known: {known}", err=True)
        raise typer.Exit(2)
    sys.stdout.buffer.write(report.dumps_document(schemas[name]))


class ExplainFormat(StrEnum):
    text = "text"
    json = "json"


def explain(
    file: DocumentArg,
    player: Annotated[
        str | None, typer.Option("--player", "-p", metavar="PLAYER", help="Only this player.")
    ] = None,
    category: Annotated[
        str | None,
        typer.Option("--category", "-c", metavar="CATEGORY", help="Only this score category."),
    ] = None,
    fmt: Annotated[
        ExplainFormat,
        typer.Option("--format", "-f", help="text, or json (a scorer-explain/1 document)."),
    ] = ExplainFormat.text,
    keep_going: KeepGoingOpt = False,
    config_file: ConfigOpt = None,
) -> None:
    """Why each point was scored: the cells of every chain, herd, habitat or finca majority."""
    from scorer.core.roles import PICTURES
    from scorer.referee.pipeline import verify_file
    from scorer.referee.settings import VerifyOptions
    from scorer.registry import get
    from scorer.writing import report
    from scorer.writing.explain import explanation_data, filter_problem, render_explanation

    result = verify_file(file, VerifyOptions(keep_going, profile=run_config().profile))
    scored = result.scores is not None and result.state is not None and result.game is not None
    problem = filter_problem(result, player, category) if scored else None
    if problem is not None:
        typer.echo(problem, err=True)
        raise typer.Exit(2)
    items = get(result.game, PICTURES).explain(result.state) if scored and result.game else []
    if fmt is ExplainFormat.json:
        sys.stdout.buffer.write(
            report.dumps_report(explanation_data(result, items, player, category))
        )
        raise typer.Exit(exit_code([result]))
    for f in result.findings:
        if f.rule != "REC-CLAIM-1":
            typer.echo(report.finding_line(file, f))
    if result.scores is None or not scored:
        raise typer.Exit(exit_code([result]))
    typer.echo(report.status_line(result))
    typer.echo(
        render_explanation(result.scores, items, result.findings, player, category), nl=False
    )
    raise typer.Exit(exit_code([result]))
