"""The command line (Typer). Options, the file loop, the renderer and the exit code; nothing else."""

from __future__ import annotations

import os
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer

from scorer import __version__

app = typer.Typer(
    name="scorer",
    help="Verify recorded games of Hacienda, Kuhfstein, Citrus and Harmonies and settle their "
    "scores.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    add_completion=False,
)


class Format(str, Enum):
    text = "text"
    json = "json"
    ndjson = "ndjson"


FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="Print findings only.")]
NoColorOpt = Annotated[bool, typer.Option("--no-color", help="No colours (also NO_COLOR).")]
KeepGoingOpt = Annotated[
    bool,
    typer.Option("--keep-going", help="Continue after the first illegal move; later findings are "
                 "marked as possibly caused by the first."),
]
SchemaDirOpt = Annotated[
    Path | None, typer.Option("--schema-dir", help="Use the schemas in this folder.",
                              exists=True, file_okay=False)]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"scorer {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Verify recorded board games and settle their scores."""


def _use_color(no_color: bool) -> bool:
    return not no_color and "NO_COLOR" not in os.environ and sys.stdout.isatty()


def _set_schema_dir(path: Path | None) -> None:
    if path is not None:
        from scorer.schemas import set_schema_dir

        set_schema_dir(path)


def _emit(results: list[Any], fmt: Format, quiet: bool, no_color: bool, scores: bool = True
          ) -> None:
    from scorer import report

    if fmt is Format.json:
        sys.stdout.buffer.write(report.render_json(results))
    elif fmt is Format.ndjson:
        for r in results:
            sys.stdout.buffer.write(report.dumps_line(report.result_to_data(r)))
    else:
        sys.stdout.write(report.render_text(results, _use_color(no_color), quiet, scores))
    sys.stdout.flush()


def _exit_code(results: list[Any]) -> int:
    if any(f.rule == "REC-IO-1" for r in results for f in r.findings):
        return 2
    return 0 if all(r.ok for r in results) else 1


@app.command()
def verify(
    files: Annotated[list[str], typer.Argument(help="Record or position files ('-' = stdin).")],
    fmt: FormatOpt = Format.text,
    quiet: QuietOpt = False,
    no_color: NoColorOpt = False,
    keep_going: KeepGoingOpt = False,
    schema_dir: SchemaDirOpt = None,
) -> None:
    """Replay and check records; print findings and, for verified games, the score table."""
    from scorer.pipeline import verify_file

    _set_schema_dir(schema_dir)
    results = [verify_file(f, keep_going) for f in files]
    _emit(results, fmt, quiet, no_color)
    raise typer.Exit(_exit_code(results))


@app.command()
def score(
    file: Annotated[str, typer.Argument(help="A record or position ('-' = stdin).")],
    fmt: FormatOpt = Format.text,
    no_color: NoColorOpt = False,
    keep_going: KeepGoingOpt = False,
    schema_dir: SchemaDirOpt = None,
) -> None:
    """The score breakdown of a record or position: per player and category, winner, tie-break."""
    from scorer.pipeline import verify_file

    _set_schema_dir(schema_dir)
    result = verify_file(file, keep_going)
    _emit([result], fmt, False, no_color)
    raise typer.Exit(_exit_code([result]))


@app.command()
def rules(
    game: Annotated[str | None, typer.Argument(help="Game name (all games if omitted).")] = None,
    rule_id: Annotated[str | None, typer.Argument(help="One rule ID.")] = None,
) -> None:
    """The rule catalogue: every rule ID with its one-line statement."""
    from scorer.findings import REC_RULES
    from scorer.registry import game_names, get_rules

    if game is not None and game.upper() == game and rule_id is None and "-" in game:
        game, rule_id = None, game  # `scorer rules HAR-STACK-2`
    if game is not None and game not in game_names():
        typer.echo(f"unknown game {game!r}; known games: {', '.join(game_names())}", err=True)
        raise typer.Exit(2)
    catalogues: list[tuple[str, Any]] = [("record", REC_RULES)] if game is None else []
    names = [game] if game is not None else list(game_names())
    catalogues += [(n, get_rules(n).rule_ids) for n in names]
    rows = [(rid, text) for _, cat in catalogues for rid, text in cat.items()]
    if rule_id is not None:
        rows = [r for r in rows if r[0] == rule_id.upper()]
        if not rows:
            typer.echo(f"unknown rule ID {rule_id!r}", err=True)
            raise typer.Exit(2)
    for rid, text in rows:
        typer.echo(f"{rid:<14} {text}")


@app.command()
def schema(
    game: Annotated[str | None, typer.Argument(help="Game name, 'record', 'position' or "
                                               "'report' (all names if omitted).")] = None,
    schema_dir: SchemaDirOpt = None,
) -> None:
    """Print a JSON Schema (the contract of the documents the scorer reads and writes)."""
    from scorer import report
    from scorer.schemas import load_all

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
    file: Annotated[str, typer.Argument(help="A record ('-' = stdin).")],
    at: Annotated[int | None, typer.Option("--at", min=0,
                                           help="Show the board after move N (default: all).")
                  ] = None,
    position: Annotated[bool, typer.Option("--position",
                                           help="Print the position document instead.")] = False,
) -> None:
    """The board after move N drawn in the terminal (or, with --position, as a position)."""
    from scorer import report
    from scorer.loading import load
    from scorer.registry import get_rules
    from scorer.replay import replay
    from scorer.schemas import validate

    doc = _load_or_exit(file, load)
    kind, errors = validate(doc)
    if errors or kind != "record":
        _emit([_malformed(file, kind, errors)], Format.text, True, True)
        raise typer.Exit(1)
    rules = get_rules(doc["game"])
    run = replay(rules, doc, upto=at)
    for f in run.findings:
        typer.echo(report.finding_line(file, f), err=True)
    if run.state is None:
        raise typer.Exit(1)
    if position:
        sys.stdout.buffer.write(report.dumps_document(rules.export_position(run.state, doc)))
    else:
        n = run.moves_applied
        typer.echo(f"{file}: {rules.title} after {n} move{'s' if n != 1 else ''}")
        typer.echo(rules.render(run.state))
    raise typer.Exit(1 if run.stopped else 0)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="Game name.")],
    players: Annotated[int, typer.Option("--players", "-p", min=1, help="Number of players.")] = 2,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Random seed.")] = 0,
    count: Annotated[int, typer.Option("--count", "-n", min=1,
                                       help="Games to write; more than 1 gives NDJSON.")] = 1,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="Variant option NAME=JSON-VALUE (repeatable).")] = None,
    map_id: Annotated[str | None, typer.Option("--map", help="Hacienda map id.")] = None,
    board: Annotated[str | None, typer.Option("--board", help="Citrus board id.")] = None,
) -> None:
    """Random complete legal games, reproducible from the seed (seeds S, S+1, ... for --count)."""
    from scorer import report
    from scorer.registry import game_names, get_rules

    if game not in game_names():
        typer.echo(f"unknown game {game!r}; known games: {', '.join(game_names())}", err=True)
        raise typer.Exit(2)
    options = _parse_options(option or [])
    if map_id is not None:
        options["map"] = map_id
    if board is not None:
        options["board"] = board
    rules = get_rules(game)
    try:
        for k in range(count):
            record = rules.simulate(players, seed + k, options)
            out = report.dumps_line(record) if count > 1 else report.dumps_document(record)
            sys.stdout.buffer.write(out)
    except ValueError as exc:
        typer.echo(f"cannot simulate: {exc}", err=True)
        raise typer.Exit(2) from None


def _parse_options(items: list[str]) -> dict[str, Any]:
    from scorer.loading import parse

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


def _load_or_exit(file: str, load: Any) -> Any:
    from scorer import report
    from scorer.errors import RecordLoadError

    try:
        return load(file)
    except RecordLoadError as exc:
        from scorer.findings import Finding

        typer.echo(report.finding_line(file, Finding(exc.rule, "", exc.message, line=exc.line,
                                                      col=exc.col)), err=True)
        raise typer.Exit(2 if exc.rule == "REC-IO-1" else 1) from None


def _malformed(file: str, kind: str, errors: list[Any]) -> Any:
    from scorer.engine import VerifyResult
    from scorer.findings import Finding

    if not errors:
        errors = [Finding("REC-SCHEMA-1", "/format", "not a game record")]
    return VerifyResult(file, "unknown", None, "malformed", tuple(errors))


def main() -> None:
    """Entry point of the ``scorer`` console script."""
    app(prog_name="scorer")
