"""Commands that publish: report (the static site), serve (the web app), standings."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorer.cli.options import (
    AllowEmptyOpt,
    ConfigOpt,
    ExcludeOpt,
    FromOpt,
    JobsOpt,
    NoColorOpt,
    RecordsArg,
    SchemaDirOpt,
    source_of,
)
from scorer.cli.output import (
    NO_FILES,
    exit_code,
    nothing_matched,
    output_failed,
    progress,
    require_paths,
    set_schema_dir,
    use_color,
    write_output,
)
from scorer.cli.settings import run_config

if TYPE_CHECKING:
    from scorer.running.config import Config
    from scorer.standings import Collector
    from scorer.standings.model import Options

PathsArg = Annotated[list[str], typer.Argument(metavar="PATH", help="Files, directories or globs.")]
HtmlOpt = Annotated[
    Path,
    typer.Option(
        "--html",
        metavar="DIR",
        file_okay=False,
        help="Write the static site into this folder.",
    ),
]
TitleOpt = Annotated[str, typer.Option("--title", metavar="TEXT", help="Title of the index page.")]


def report_site(
    paths: PathsArg,
    html: HtmlOpt,
    title: TitleOpt = "scorer report",
    exclude: ExcludeOpt = None,
    config_file: ConfigOpt = None,
    allow_empty: AllowEmptyOpt = False,
) -> None:
    """A static web page per record (board picture, scores, findings) and an index."""
    from scorer.core.words import plural
    from scorer.reading.items import iter_items
    from scorer.running.selection import select
    from scorer.standings.games import track_games
    from scorer.standings.site import standings_page, track_duplicates
    from scorer.writing.html import build_pages, write_site

    require_paths(paths)
    settings = run_config()
    empty: list[str] = []
    duplicates: dict[str, str] = {}
    games: dict[str, bytes] = {}
    items = iter_items(select(paths, settings.filters(tuple(exclude or ()))), empty=empty)
    tracked = track_games(track_duplicates(items, duplicates), games)
    pages = build_pages(tracked, profile=settings.profile)
    nothing_matched(empty if pages or empty else [NO_FILES], allow_empty)
    extra = standings_page(pages, duplicates, _site_standings_options(settings), games)
    try:
        write_site(pages, html, title, extra)
    except OSError as exc:
        raise output_failed(f"the site into {html}", exc) from None
    typer.echo(f"wrote {plural(len(pages), 'record page')} and {html / 'index.html'}")
    if extra:
        typer.echo(f"wrote the standings of records with meta.event: {html / extra[0][0]}")
    raise typer.Exit(exit_code([p.result for p in pages]))


def _site_standings_options(settings: Config) -> Options:
    """The standings system of the report's standings page: the configuration's ``system``,
    ``points`` and ``tiebreak`` (as ``scorer standings`` reads them), else ``beaten``."""
    from scorer.standings.model import StandingsError
    from scorer.standings.options import parse_options

    defaults = settings.defaults
    try:
        return parse_options(
            str(defaults.get("system", "beaten")), defaults.get("points"), defaults.get("tiebreak")
        )
    except StandingsError as exc:
        typer.echo(f"{settings.name}: standings settings: {exc}", err=True)
        raise typer.Exit(2) from None


HostOpt = Annotated[
    str,
    typer.Option(
        "--host", metavar="HOST", help="Address to listen on (default: this machine only)."
    ),
]
PortOpt = Annotated[int, typer.Option("--port", min=1, max=65535, metavar="N", help="TCP port.")]
OpenOpt = Annotated[bool, typer.Option("--open", help="Open the page in a browser.")]
AllowHostOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--allow-host",
        metavar="NAME[:PORT]",
        help="Also answer requests addressed to this host name (repeatable), e.g. the "
        "machine's name on the LAN; other names get 403.",
    ),
]


def serve(
    host: HostOpt = "127.0.0.1",
    port: PortOpt = 8765,
    open_browser: OpenOpt = False,
    allow_host: AllowHostOpt = None,
) -> None:
    """A local web app: enter a board by tapping, live check and score, share link."""
    from scorer import serve as web
    from scorer.serve.guard import Served

    need = web.missing()
    if need is not None:
        typer.echo(f"scorer serve needs the serve extra: {need}", err=True)
        raise typer.Exit(2)
    allow = tuple(allow_host or ())
    try:
        Served.of(host, port, allow)
    except ValueError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from None
    if host not in web.LOCAL_HOSTS:
        typer.echo(f"warning: listening on {host}: other machines can reach the app", err=True)
        if host in ("0.0.0.0", "::"):
            typer.echo(
                "it answers requests to this machine's IP addresses; a host name needs "
                "--allow-host NAME",
                err=True,
            )
    _addresses(web.url(host, port), host, port)
    try:
        web.run(host, port, open_browser, allow=allow)
    except OSError as exc:
        typer.echo(f"cannot listen on {host}:{port}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from None


def _addresses(local: str, host: str, port: int) -> None:
    """Where to open the app: the addresses a phone on the same network opens (a QR code of
    the first) or, served on loopback only, this machine's address."""
    from scorer.serve.lan import lan_urls, qr_terminal

    urls = [u for u in lan_urls(host, port) if u != local]
    if not urls:
        typer.echo(f"scorer serve: {local} (Ctrl+C stops it)")
        return
    typer.echo(f"scorer serve: {urls[0]} (Ctrl+C stops it)")
    for address in urls[1:]:
        typer.echo(f"           also {address}")
    if host in ("0.0.0.0", "::"):
        typer.echo(f"on this machine: {local}")
    code = qr_terminal(urls[0])
    if code:
        typer.echo(f"scan to open {urls[0]}:")
        try:
            typer.echo(code, nl=False)
        except UnicodeEncodeError:  # a terminal that cannot show the blocks
            typer.echo("(the QR code needs a UTF-8 terminal)")


class StandingsFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"
    html = "html"


class StandingsFailOn(StrEnum):
    """batch's ``--fail-on`` levels, and ``duplicate``: ``incomplete`` plus any game counted
    once because the inputs hold it twice (same content, or the same game apart from meta)."""

    error = "error"
    mismatch = "mismatch"
    incomplete = "incomplete"
    duplicate = "duplicate"


class System(StrEnum):
    beaten = "beaten"
    rank_points = "rank-points"
    percent = "percent"


EventOpt = Annotated[
    str | None,
    typer.Option(
        "--event",
        metavar="EVENT",
        help="Only this event (meta.event); default: every event.",
    ),
]
SystemOpt = Annotated[
    System,
    typer.Option(
        "--system",
        help="beaten: 1 point per opponent below, 0.5 per tie; rank-points: "
        "--points by place; percent: score as % of the table winner's.",
    ),
]
PointsOpt = Annotated[
    str | None,
    typer.Option(
        "--points",
        metavar="POINTS",
        help="rank-points: points for 1st, 2nd, ... place, e.g. 5,3,2,1.",
    ),
]
TiebreakOpt = Annotated[
    str | None,
    typer.Option(
        "--tiebreak",
        metavar="TIEBREAK",
        help="Tie-breaks in order, from score, wins, h2h (default "
        "score,wins,h2h; 'none': equal points share the place).",
    ),
]
StandingsFormatOpt = Annotated[
    StandingsFormat, typer.Option("--format", "-f", help="Output format.")
]
StandingsOutputOpt = Annotated[
    Path | None,
    typer.Option(
        "--output", "-o", metavar="FILE", dir_okay=False, help="Write the standings to FILE."
    ),
]
StandingsFailOnOpt = Annotated[
    StandingsFailOn,
    typer.Option(
        "--fail-on",
        help="Which records fail the run, as for batch (error, mismatch, incomplete); "
        "duplicate: incomplete, and also a game given twice (the same record apart from "
        "meta, e.g. under two rounds or tables), which is counted once.",
    ),
]


def standings(
    paths: RecordsArg,
    event: EventOpt = None,
    system: SystemOpt = System.beaten,
    points: PointsOpt = None,
    tiebreak: TiebreakOpt = None,
    fmt: StandingsFormatOpt = StandingsFormat.text,
    output: StandingsOutputOpt = None,
    fail_on: StandingsFailOnOpt = StandingsFailOn.incomplete,
    jobs: JobsOpt = None,
    no_color: NoColorOpt = False,
    schema_dir: SchemaDirOpt = None,
    exclude: ExcludeOpt = None,
    config_file: ConfigOpt = None,
    source: FromOpt = None,
) -> None:
    """Tournament standings from the verified records of an event (meta.event/round/table)."""
    from scorer.standings import Collector, StandingsError, build, parse_options, render

    set_schema_dir(schema_dir)
    require_paths(paths)
    settings = run_config()
    try:
        options = parse_options(system.value, points, tiebreak)
    except StandingsError as exc:
        typer.echo(exc.message, err=True)
        raise typer.Exit(2) from None
    games: dict[str, bytes] = {}
    collector = Collector(event, games=games)
    failed, io_error = _collect(
        collector, games, paths, exclude, jobs, fail_on, settings, source_of(source)
    )
    problem = collector.nothing_to_rank()
    try:
        doc = build(collector, options)
    except StandingsError as exc:
        typer.echo(exc.message, err=True)
        raise typer.Exit(2) from None
    if collector.records:
        color = fmt is StandingsFormat.text and output is None and use_color(no_color)
        write_output(render(doc, fmt.value, color), output)
    if problem is not None:
        typer.echo(problem, err=True)
    raise typer.Exit(2 if io_error or problem else 1 if failed else 0)


def _collect(
    collector: Collector,
    games: dict[str, bytes],
    paths: list[str],
    exclude: list[str] | None,
    jobs: int | None,
    fail_on: StandingsFailOn,
    settings: Config,
    source: str | None = None,
) -> tuple[bool, bool]:
    """Verify the records (noting each one's game key in ``games`` as it is read) and hand
    each to ``collector``; whether a record of the event fails the run (``--fail-on``; a
    duplicate under ``duplicate``) and whether a file could not be read (REC-IO-1)."""
    from scorer.reading.items import iter_items, mark_duplicates
    from scorer.referee.settings import VerifyOptions
    from scorer.running import batch as b
    from scorer.running.selection import select
    from scorer.standings.games import track_games
    from scorer.writing.formats import fails

    items = iter_items(select(paths, settings.filters(tuple(exclude or ()))))
    options = VerifyOptions(profile=settings.profile, source=source)
    results = b.run_local(track_games(mark_duplicates(items), games), jobs, options)
    level = "incomplete" if fail_on is StandingsFailOn.duplicate else fail_on.value
    failed = io_error = False
    for result in progress(results, False):
        if collector.add(result):
            failed = failed or fails(result, level)
            io_error = io_error or any(f.rule == "REC-IO-1" for f in result.findings)
    if fail_on is StandingsFailOn.duplicate:
        failed = failed or any(w.kind == "duplicate" for w in collector.warnings)
    return failed, io_error
