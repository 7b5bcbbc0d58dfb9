"""Commands on one document: verify, score, rules, schema, show, explain."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from scorer.core.roles import Pictures

from scorer.cli.common import (
    _NO_FILES,
    AllowEmptyOpt,
    Color,
    ColorOpt,
    ConfigOpt,
    ExcludeOpt,
    Format,
    FormatOpt,
    KeepGoingOpt,
    MaxFindingsOpt,
    NoColorOpt,
    QuietOpt,
    SchemaDirOpt,
    StatisticsOpt,
    _config,
    _did_you_mean,
    _emit,
    _exit_code,
    _load_or_exit,
    _malformed,
    _nothing_matched,
    _output_failed,
    _placed,
    _set_schema_dir,
    _use_color,
    app,
)


@app.command()
def verify(
    files: Annotated[
        list[str],
        typer.Argument(
            help="Record or position files, folders, globs, NDJSON files ('-' = stdin)."
        ),
    ],
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
) -> None:
    """Replay and check records; print findings and, for verified games, the score table."""
    from scorer.reading.items import iter_items
    from scorer.running.batch import verify_item
    from scorer.running.selection import select

    _set_schema_dir(schema_dir)
    config = _config()
    empty: list[str] = []
    chosen = select(files, config.filters(tuple(exclude or ())))
    results = [
        verify_item(item, keep_going, max_findings, profile=config.profile)
        for item in iter_items(chosen, empty=empty)
    ]
    _nothing_matched(empty if results or empty else [_NO_FILES], allow_empty)
    _emit(results, fmt, quiet, no_color, color=color, statistics=statistics)
    raise typer.Exit(_exit_code(results))


@app.command()
def score(
    file: Annotated[str, typer.Argument(help="A record or position ('-' = stdin).")],
    fmt: FormatOpt = Format.text,
    no_color: NoColorOpt = False,
    keep_going: KeepGoingOpt = False,
    schema_dir: SchemaDirOpt = None,
    config_file: ConfigOpt = None,
    color: ColorOpt = Color.auto,
    max_findings: MaxFindingsOpt = 100,
) -> None:
    """The score breakdown of a record or position: per player and category, winner, tie-break."""
    from scorer.referee.pipeline import verify_file

    _set_schema_dir(schema_dir)
    result = verify_file(file, keep_going, profile=_config().profile, max_findings=max_findings)
    _emit([result], fmt, False, no_color, color=color)
    raise typer.Exit(_exit_code([result]))


@app.command()
def rules(
    game: Annotated[str | None, typer.Argument(help="Game name (all games if omitted).")] = None,
    rule_id: Annotated[str | None, typer.Argument(help="One rule ID.")] = None,
) -> None:
    """The rule catalogue: every rule ID with its one-line statement."""
    from scorer.core.findings import REC_RULES
    from scorer.core.roles import CATALOGUE
    from scorer.registry import game_names, get

    if game is not None and game.upper() == game and rule_id is None and "-" in game:
        game, rule_id = None, game  # `scorer rules HAR-STACK-2`
    if game is not None and game not in game_names():
        typer.echo(
            f"unknown game {game!r}{_did_you_mean(game, game_names())}; known games: "
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


@app.command()
def schema(
    game: Annotated[
        str | None,
        typer.Argument(
            help="Game name, 'record', 'position', 'report' or 'standings' (all names if omitted)."
        ),
    ] = None,
    schema_dir: SchemaDirOpt = None,
) -> None:
    """Print a JSON Schema (the contract of the documents the scorer reads and writes)."""
    from scorer.reading.schemas import load_all
    from scorer.writing import report

    _set_schema_dir(schema_dir)
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


@app.command()
def show(
    file: Annotated[str, typer.Argument(help="A record or position ('-' = stdin).")],
    at: Annotated[
        int | None, typer.Option("--at", min=0, help="Show the board after move N (default: all).")
    ] = None,
    position: Annotated[
        bool, typer.Option("--position", help="Print the position document instead.")
    ] = False,
    svg: Annotated[
        Path | None,
        typer.Option("--svg", dir_okay=False, help="Also write the board as an SVG picture."),
    ] = None,
    no_color: NoColorOpt = False,
) -> None:
    """The board after move N in the terminal (--position: as a position; --svg: a picture)."""
    from functools import partial

    from scorer.core.roles import CATALOGUE, MOVES, PICTURES, POSITIONS, REFEREE
    from scorer.core.words import plural
    from scorer.reading.schemas import validate
    from scorer.referee.replay import replay
    from scorer.registry import get
    from scorer.writing import report

    data, doc = _load_or_exit(file)
    kind, errors = validate(doc)
    if errors or kind == "unknown":
        _emit([_placed(_malformed(file, kind, errors), data, doc)], Format.text, True, True)
        raise typer.Exit(1)
    game = doc["game"]
    title, pictures = get(game, CATALOGUE).TITLE, get(game, PICTURES)
    if kind == "position":
        _show_position(
            file, doc, pictures, title, svg, at is not None or position, _use_color(no_color), data
        )
    if at is not None and at > len(doc["moves"]):
        moves = len(doc["moves"])
        typer.echo(
            f"{file}: --at {at} is beyond the record, which has {moves} "
            f"move{'s' if moves != 1 else ''} (use --at 0 to {moves})",
            err=True,
        )
        raise typer.Exit(2)
    run = replay(get(game, REFEREE), doc, upto=at, moves=partial(get, game, MOVES))
    for f in _placed(run.findings, data, doc):
        typer.echo(report.finding_line(file, f), err=True)
    if run.state is None:
        raise typer.Exit(1)
    if svg is not None:
        _write_svg(pictures, game, doc, run, svg)
    if position:
        exported = get(game, POSITIONS).export_position(run.state, doc)
        sys.stdout.buffer.write(report.dumps_document(exported))
    else:
        n = run.moves_applied
        typer.echo(f"{file}: {title} after {plural(n, 'move')}")
        typer.echo(pictures.render(run.state, color=_use_color(no_color)))
    raise typer.Exit(1 if run.stopped else 0)


def _show_position(
    file: str,
    doc: Any,
    pictures: Pictures[object],
    title: str,
    svg: Path | None,
    record_only: bool,
    color: bool,
    data: bytes = b"",
) -> None:
    """`show` for a position document: the board as text and, with --svg, as a picture."""
    from scorer.referee.replay import score_position
    from scorer.writing import report

    if record_only:
        typer.echo("--at and --position need a record; this is a position", err=True)
        raise typer.Exit(2)
    result = score_position(doc, file)
    for f in _placed(result.findings, data, doc):
        typer.echo(report.finding_line(file, f), err=True)
    if result.state is None:
        raise typer.Exit(1)
    if svg is not None:
        _write_text(svg, pictures.draw_svg(result.state, pictures.explain(result.state), None))
    typer.echo(f"{file}: {title} position")
    typer.echo(pictures.render(result.state, color=color))
    raise typer.Exit(0 if result.ok else 1)


def _write_svg(pictures: Pictures[object], game: str, doc: Any, run: Any, out: Path) -> None:
    from scorer.core.values import VerifyResult
    from scorer.writing.explain import offending_mark

    result = VerifyResult("", "record", game, "illegal" if run.stopped else "ok", run.findings)
    mark = offending_mark(doc, result)
    picture = pictures.draw_svg(run.state, pictures.explain(run.state), mark)
    _write_text(out, picture)


def _write_text(out: Path, text: str) -> None:
    """Write a file the user named; if that fails, a message and exit 2."""
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise _output_failed(str(out), exc) from None


class ExplainFormat(StrEnum):
    text = "text"
    json = "json"


@app.command()
def explain(
    file: Annotated[str, typer.Argument(help="A record or position ('-' = stdin).")],
    player: Annotated[str | None, typer.Option("--player", "-p", help="Only this player.")] = None,
    category: Annotated[
        str | None, typer.Option("--category", "-c", help="Only this score category.")
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
    from scorer.registry import get
    from scorer.writing import report
    from scorer.writing.explain import explanation_data, filter_problem, render_explanation

    result = verify_file(file, keep_going, profile=_config().profile)
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
        raise typer.Exit(_exit_code([result]))
    for f in result.findings:
        if f.rule != "REC-CLAIM-1":
            typer.echo(report.finding_line(file, f))
    if result.scores is None or not scored:
        raise typer.Exit(_exit_code([result]))
    typer.echo(report.status_line(result))
    typer.echo(
        render_explanation(result.scores, items, result.findings, player, category), nl=False
    )
    raise typer.Exit(_exit_code([result]))
