"""Commands that publish: report (the static site), serve (the web app), standings."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorer.cli.common import (
    _NO_FILES,
    AllowEmptyOpt,
    ConfigOpt,
    ExcludeOpt,
    FailOn,
    JobsOpt,
    NoColorOpt,
    SchemaDirOpt,
    _config,
    _exit_code,
    _nothing_matched,
    _output_failed,
    _progress,
    _set_schema_dir,
    _use_color,
    _write_output,
    app,
)

if TYPE_CHECKING:
    from scorer.running.config import Config


@app.command(name="report")
def report_site(
    paths: Annotated[list[str], typer.Argument(help="Files, directories or globs.")],
    html: Annotated[
        Path,
        typer.Option("--html", file_okay=False, help="Write the static site into this folder."),
    ],
    title: Annotated[
        str, typer.Option("--title", help="Title of the index page.")
    ] = "scorer report",
    exclude: ExcludeOpt = None,
    config_file: ConfigOpt = None,
    allow_empty: AllowEmptyOpt = False,
) -> None:
    """A static web page per record (board picture, scores, findings) and an index."""
    from scorer.core.words import plural
    from scorer.reading.items import iter_items
    from scorer.running.selection import select
    from scorer.standings.site import standings_page, track_duplicates
    from scorer.writing.html import build_pages, write_site

    config = _config()
    empty: list[str] = []
    duplicates: dict[str, str] = {}
    items = iter_items(select(paths, config.filters(tuple(exclude or ()))), empty=empty)
    pages = build_pages(track_duplicates(items, duplicates), profile=config.profile)
    _nothing_matched(empty if pages or empty else [_NO_FILES], allow_empty)
    extra = standings_page(pages, duplicates, _site_standings_options(config))
    try:
        write_site(pages, html, title, extra)
    except OSError as exc:
        raise _output_failed(f"the site into {html}", exc) from None
    typer.echo(f"wrote {plural(len(pages), 'record page')} and {html / 'index.html'}")
    if extra:
        typer.echo(f"wrote the standings of records with meta.event: {html / extra[0][0]}")
    raise typer.Exit(_exit_code([p.result for p in pages]))


def _site_standings_options(config: Config) -> Any:
    """The standings system of the report's standings page: the configuration's ``system``,
    ``points`` and ``tiebreak`` (as ``scorer standings`` reads them), else ``beaten``."""
    from scorer.standings.model import StandingsError
    from scorer.standings.options import parse_options

    settings = config.defaults
    try:
        return parse_options(
            str(settings.get("system", "beaten")), settings.get("points"), settings.get("tiebreak")
        )
    except StandingsError as exc:
        typer.echo(f"{config.name}: standings settings: {exc}", err=True)
        raise typer.Exit(2) from None


@app.command()
def serve(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on (default: this machine only).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="TCP port.")] = 8765,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the page in a browser.")
    ] = False,
) -> None:
    """A local web app: enter a board by tapping, live check and score, share link."""
    from scorer import serve as web

    need = web.missing()
    if need is not None:
        typer.echo(f"scorer serve needs the serve extra: {need}", err=True)
        raise typer.Exit(2)
    if host not in web.LOCAL_HOSTS:
        typer.echo(f"warning: listening on {host}: other machines can reach the app", err=True)
    typer.echo(f"scorer serve: {web.url(host, port)} (Ctrl+C stops it)")
    try:
        web.run(host, port, open_browser)
    except OSError as exc:
        typer.echo(f"cannot listen on {host}:{port}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from None


class StandingsFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"
    html = "html"


class System(StrEnum):
    beaten = "beaten"
    rank_points = "rank-points"
    percent = "percent"


@app.command()
def standings(
    paths: Annotated[
        list[str],
        typer.Argument(
            help="Files, directories (recursive *.json, *.ndjson, *.jsonl), globs, '-' for stdin."
        ),
    ],
    event: Annotated[
        str | None,
        typer.Option("--event", help="Only this event (meta.event); default: every event."),
    ] = None,
    system: Annotated[
        System,
        typer.Option(
            "--system",
            help="beaten: 1 point per opponent below, 0.5 per tie; rank-points: "
            "--points by place; percent: score as % of the table winner's.",
        ),
    ] = System.beaten,
    points: Annotated[
        str | None,
        typer.Option("--points", help="rank-points: points for 1st, 2nd, ... place, e.g. 5,3,2,1."),
    ] = None,
    tiebreak: Annotated[
        str | None,
        typer.Option(
            "--tiebreak",
            help="Tie-breaks in order, from score, wins, h2h (default "
            "score,wins,h2h; 'none': equal points share the place).",
        ),
    ] = None,
    fmt: Annotated[
        StandingsFormat, typer.Option("--format", "-f", help="Output format.")
    ] = StandingsFormat.text,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", dir_okay=False, help="Write the standings to FILE."),
    ] = None,
    fail_on: Annotated[
        FailOn,
        typer.Option(
            "--fail-on",
            help="Which records fail the run, as for batch (error, mismatch, incomplete).",
        ),
    ] = FailOn.incomplete,
    jobs: JobsOpt = None,
    no_color: NoColorOpt = False,
    schema_dir: SchemaDirOpt = None,
    exclude: ExcludeOpt = None,
    config_file: ConfigOpt = None,
) -> None:
    """Tournament standings from the verified records of an event (meta.event/round/table)."""
    from scorer.reading import items as inputs
    from scorer.running import batch as b
    from scorer.running.selection import select
    from scorer.standings import Collector, StandingsError, build, parse_options, render
    from scorer.writing.formats import fails

    _set_schema_dir(schema_dir)
    config = _config()
    try:
        options = parse_options(system.value, points, tiebreak)
    except StandingsError as exc:
        typer.echo(exc.message, err=True)
        raise typer.Exit(2) from None
    collector = Collector(event)
    items = inputs.iter_items(select(paths, config.filters(tuple(exclude or ()))))
    results = b.run_local(inputs.mark_duplicates(items), jobs, profile=config.profile)
    failed = io_error = False
    for result in _progress(results, False):
        if collector.add(result):
            failed = failed or fails(result, fail_on.value)
            io_error = io_error or any(f.rule == "REC-IO-1" for f in result.findings)
    problem = collector.nothing_to_rank()
    try:
        doc = build(collector, options)
    except StandingsError as exc:
        typer.echo(exc.message, err=True)
        raise typer.Exit(2) from None
    if collector.records:
        color = fmt is StandingsFormat.text and output is None and _use_color(no_color)
        _write_output(render(doc, fmt.value, color), output)
    if problem is not None:
        typer.echo(problem, err=True)
    raise typer.Exit(2 if io_error or problem else 1 if failed else 0)
