"""The command line (Typer): options, the file loop, the renderer and the exit code; no rules."""

from __future__ import annotations

import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorer import __version__

if TYPE_CHECKING:
    from scorer.config import Config

CONFIG_KEY = "config"
#: Long options that name one run's inputs or outputs, not a setting a configuration file
#: may give a default for (every other long option may be a configuration key).
NOT_SETTINGS = frozenset({
    "help", "version", "config", "output", "html", "shard", "player", "category", "at", "svg",
    "position", "seed", "count", "option", "map", "board", "id", "name", "author", "license",
    "rocks", "players", "exclude"})
#: This invocation's configuration (the root callback resets it for every run).
_RUN: dict[str, Any] = {}
CONFIG_HELP = ("Read settings and the event profile from FILE (scorer.toml or pyproject.toml; "
               "default: found upward from the working directory).")
#: Placeholders of parameters whose name does not say it.
_WORDS = {"shard_spec": "I/N", "dask": "ADDRESS", "option": "NAME=VALUE", "map_id": "MAP",
          "rule_id": "RULE-ID", "title": "TEXT"}


def _words(params: list[Any]) -> list[Any]:
    """Help placeholders in words (FILE, N, DIR, GAME...), not Python types (<list[str]>)."""
    for param in params:
        if param.metavar is not None:
            continue
        desc = getattr(param, "type_descriptor", None)
        if param.param_type_name == "argument":
            many = param.nargs != 1
            word = _WORDS.get(param.name, param.name.upper())
            param.metavar = word.removesuffix("S") if many else word
            shown = param.metavar + "..." if many else None
            param.display_type_rich = lambda ctx, shown=shown: shown
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


class _Group(typer.core.TyperGroup):
    """The command group: shows every command's help with placeholders in words."""

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


ColorOpt = Annotated[Color, typer.Option(
    "--color", help="Colour findings and tables: auto (on a terminal; NO_COLOR turns it off, "
    "FORCE_COLOR on), always or never.")]
StatisticsOpt = Annotated[bool, typer.Option(
    "--statistics", help="Print how many findings each rule ID has.")]
MaxFindingsOpt = Annotated[int, typer.Option(
    "--max-findings", min=1, metavar="N",
    help="Findings shown per record; one more finding (REC-LIMIT-1) counts the rest.")]
AllowEmptyOpt = Annotated[bool, typer.Option(
    "--allow-empty", help="Accept inputs that hold no record (else: exit 2).")]
KeepGoingOpt = Annotated[
    bool,
    typer.Option("--keep-going", help="Continue after the first illegal move; later findings are "
                 "marked as possibly caused by the first."),
]
ExcludeOpt = Annotated[
    list[str] | None,
    typer.Option("--exclude", metavar="PATTERN",
                 help="Skip files matching PATTERN (repeatable; adds to the configuration's "
                 "exclude patterns)."),
]
SchemaDirOpt = Annotated[
    Path | None, typer.Option("--schema-dir", help="Use the schemas in this folder.",
                              exists=True, file_okay=False)]


def _did_you_mean(value: str, choices: Any) -> str:
    from scorer.schema_words import did_you_mean

    return did_you_mean(value, choices)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"scorer {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
    config_file: Annotated[Path | None, typer.Option("--config", metavar="FILE", dir_okay=False,
                                                     help=CONFIG_HELP)] = None,
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
    from scorer.config import ConfigError, load, option_defaults

    root = ctx.find_root()
    try:
        config = load(path)
        defaults = option_defaults(config, _long_options(ctx))
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
                        param.name, lambda v, p=param: p.process_value(ctx, v))
    return out


def _config() -> Config:
    """The configuration of this run (an empty one when there is none)."""
    from scorer.config import Config

    config = _RUN.get(CONFIG_KEY)
    return config if config is not None else Config()


ConfigOpt = Annotated[
    Path | None,
    typer.Option("--config", metavar="FILE", dir_okay=False, is_eager=True,
                 callback=_command_config, help=CONFIG_HELP),
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


#: Why a run had nothing to verify when every input was filtered away by include/exclude.
_NO_FILES = "no file is left to verify once the include/exclude patterns are applied"


def _nothing_matched(reasons: list[str], allow_empty: bool) -> None:
    """Inputs that held no record: a message each, and exit 2 unless --allow-empty."""
    for reason in reasons:
        typer.echo(f"{reason}{' (accepted: --allow-empty)' if allow_empty else ''}", err=True)
    if reasons and not allow_empty:
        typer.echo("nothing to verify: an input holds no record (--allow-empty accepts this)",
                   err=True)
        raise typer.Exit(2)


def _set_schema_dir(path: Path | None) -> None:
    if path is not None:
        from scorer.schemas import check_schema_dir, set_schema_dir

        problems = check_schema_dir(path)
        if problems:
            for problem in problems:
                typer.echo(f"--schema-dir {path}: {problem}", err=True)
            raise typer.Exit(2)
        set_schema_dir(path)


def _emit(results: list[Any], fmt: Format, quiet: bool, no_color: bool, scores: bool = True,
          color: Color = Color.auto, statistics: bool = False) -> None:
    from scorer import report

    try:
        if fmt is Format.json:
            sys.stdout.buffer.write(report.render_json(results))
        elif fmt is Format.ndjson:
            for r in results:
                sys.stdout.buffer.write(report.dumps_line(report.result_to_data(r)))
        else:
            sys.stdout.write(report.render_text(results, _use_color(no_color, color), quiet,
                                                scores))
        sys.stdout.flush()
    except OSError as exc:
        raise _output_failed("the output", exc) from None
    if statistics:
        from scorer.formats import Tally

        tally = Tally()
        for r in results:
            tally.add(r)
        stream_is_report = fmt is not Format.text
        typer.echo("Findings by rule:\n" + tally.statistics(), nl=False, err=stream_is_report)


def _exit_code(results: list[Any]) -> int:
    if any(f.rule == "REC-IO-1" for r in results for f in r.findings):
        return 2
    return 0 if all(r.ok for r in results) else 1


@app.command()
def verify(
    files: Annotated[list[str], typer.Argument(
        help="Record or position files, folders, globs, NDJSON files ('-' = stdin).")],
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
    from scorer.batch import iter_items, verify_item
    from scorer.selection import select

    _set_schema_dir(schema_dir)
    config = _config()
    empty: list[str] = []
    chosen = select(files, config.filters(tuple(exclude or ())))
    results = [verify_item(item, keep_going, max_findings, profile=config.profile)
               for item in iter_items(chosen, empty=empty)]
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
    from scorer.pipeline import verify_file

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
    from scorer.findings import REC_RULES
    from scorer.registry import game_names, get_rules

    if game is not None and game.upper() == game and rule_id is None and "-" in game:
        game, rule_id = None, game  # `scorer rules HAR-STACK-2`
    if game is not None and game not in game_names():
        typer.echo(f"unknown game {game!r}{_did_you_mean(game, game_names())}; known games: "
                   f"{', '.join(game_names())}", err=True)
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
    game: Annotated[str | None, typer.Argument(
        help="Game name, 'record', 'position', 'report' or 'standings' (all names if omitted)."
    )] = None,
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
    file: Annotated[str, typer.Argument(help="A record or position ('-' = stdin).")],
    at: Annotated[int | None, typer.Option("--at", min=0,
                                           help="Show the board after move N (default: all).")
                  ] = None,
    position: Annotated[bool, typer.Option("--position",
                                           help="Print the position document instead.")] = False,
    svg: Annotated[Path | None, typer.Option("--svg", dir_okay=False,
                                             help="Also write the board as an SVG picture.")
                   ] = None,
    no_color: NoColorOpt = False,
) -> None:
    """The board after move N in the terminal (--position: as a position; --svg: a picture)."""
    from scorer import report
    from scorer.registry import get_rules
    from scorer.replay import replay
    from scorer.schemas import validate
    from scorer.words import plural

    data, doc = _load_or_exit(file)
    kind, errors = validate(doc)
    if errors or kind == "unknown":
        _emit([_placed(_malformed(file, kind, errors), data, doc)], Format.text, True, True)
        raise typer.Exit(1)
    rules = get_rules(doc["game"])
    if kind == "position":
        _show_position(file, doc, rules, svg, at is not None or position, _use_color(no_color),
                       data)
    if at is not None and at > len(doc["moves"]):
        moves = len(doc["moves"])
        typer.echo(f"{file}: --at {at} is beyond the record, which has {moves} "
                   f"move{'s' if moves != 1 else ''} (use --at 0 to {moves})", err=True)
        raise typer.Exit(2)
    run = replay(rules, doc, upto=at)
    for f in _placed(run.findings, data, doc):
        typer.echo(report.finding_line(file, f), err=True)
    if run.state is None:
        raise typer.Exit(1)
    if svg is not None:
        _write_svg(rules, doc, run, svg)
    if position:
        sys.stdout.buffer.write(report.dumps_document(rules.export_position(run.state, doc)))
    else:
        n = run.moves_applied
        typer.echo(f"{file}: {rules.title} after {plural(n, 'move')}")
        typer.echo(rules.render(run.state, color=_use_color(no_color)))
    raise typer.Exit(1 if run.stopped else 0)


def _show_position(file: str, doc: Any, rules: Any, svg: Path | None, record_only: bool,
                   color: bool, data: bytes = b"") -> None:
    """`show` for a position document: the board as text and, with --svg, as a picture."""
    from scorer import report
    from scorer.replay import score_position

    if record_only:
        typer.echo("--at and --position need a record; this is a position", err=True)
        raise typer.Exit(2)
    result = score_position(doc, file)
    for f in _placed(result.findings, data, doc):
        typer.echo(report.finding_line(file, f), err=True)
    if result.state is None:
        raise typer.Exit(1)
    if svg is not None:
        _write_text(svg, rules.draw_svg(result.state, rules.explain(result.state), None))
    typer.echo(f"{file}: {rules.title} position")
    typer.echo(rules.render(result.state, color=color))
    raise typer.Exit(0 if result.ok else 1)


def _write_svg(rules: Any, doc: Any, run: Any, out: Path) -> None:
    from scorer.engine import VerifyResult
    from scorer.explain import offending_mark

    result = VerifyResult("", "record", rules.name, "illegal" if run.stopped else "ok",
                          run.findings)
    picture = rules.draw_svg(run.state, rules.explain(run.state), offending_mark(doc, result))
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
    player: Annotated[str | None, typer.Option("--player", "-p", help="Only this player.")
                      ] = None,
    category: Annotated[str | None, typer.Option("--category", "-c",
                                                 help="Only this score category.")] = None,
    fmt: Annotated[ExplainFormat, typer.Option(
        "--format", "-f", help="text, or json (a scorer-explain/1 document).")
    ] = ExplainFormat.text,
    keep_going: KeepGoingOpt = False,
    config_file: ConfigOpt = None,
) -> None:
    """Why each point was scored: the cells of every chain, herd, habitat or finca majority."""
    from scorer import report
    from scorer.explain import explanation_data, filter_problem, render_explanation
    from scorer.pipeline import verify_file
    from scorer.registry import get_rules

    result = verify_file(file, keep_going, profile=_config().profile)
    scored = result.scores is not None and result.state is not None and result.game is not None
    problem = filter_problem(result, player, category) if scored else None
    if problem is not None:
        typer.echo(problem, err=True)
        raise typer.Exit(2)
    items = get_rules(result.game).explain(result.state) if scored and result.game else []
    if fmt is ExplainFormat.json:
        sys.stdout.buffer.write(report.dumps_report(
            explanation_data(result, items, player, category)))
        raise typer.Exit(_exit_code([result]))
    for f in result.findings:
        if f.rule != "REC-CLAIM-1":
            typer.echo(report.finding_line(file, f))
    if result.scores is None or not scored:
        raise typer.Exit(_exit_code([result]))
    typer.echo(report.status_line(result))
    typer.echo(render_explanation(result.scores, items, result.findings, player, category),
               nl=False)
    raise typer.Exit(_exit_code([result]))


@app.command(name="report")
def report_site(
    paths: Annotated[list[str], typer.Argument(help="Files, directories or globs.")],
    html: Annotated[Path, typer.Option("--html", file_okay=False,
                                       help="Write the static site into this folder.")],
    title: Annotated[str, typer.Option("--title", help="Title of the index page.")
                     ] = "scorer report",
    exclude: ExcludeOpt = None,
    config_file: ConfigOpt = None,
    allow_empty: AllowEmptyOpt = False,
) -> None:
    """A static web page per record (board picture, scores, findings) and an index."""
    from scorer.batch import iter_items
    from scorer.html import build_pages, write_site
    from scorer.selection import select
    from scorer.standings.site import standings_page, track_duplicates
    from scorer.words import plural

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
        return parse_options(str(settings.get("system", "beaten")), settings.get("points"),
                             settings.get("tiebreak"))
    except StandingsError as exc:
        typer.echo(f"{config.name}: standings settings: {exc}", err=True)
        raise typer.Exit(2) from None


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (default: this "
                                      "machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="TCP port.")] = 8765,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the page in a browser.")
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


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="Game name.")],
    players: Annotated[int, typer.Option(
        "--players", "-p", help="Number of players (--event: the largest table).")] = 2,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Random seed.")] = 0,
    count: Annotated[int | None, typer.Option(
        "--count", "-n", min=1, help="Games to write (default 1); more than 1 gives NDJSON.")
    ] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="Variant option NAME=JSON-VALUE (repeatable).")] = None,
    map_id: Annotated[str | None, typer.Option(
        "--map", help="Hacienda: a shipped map id (default: a shipped custom map chosen by the "
        "seed).")] = None,
    board: Annotated[str | None, typer.Option(
        "--board", help="Citrus: a shipped board id or 'generated'.")] = None,
    event: Annotated[str | None, typer.Option(
        "--event", help="Write a demo event of this name (NDJSON): the roster seated at "
        "tables of up to --players players, round after round.")] = None,
    rounds: Annotated[int | None, typer.Option(
        "--rounds", min=1, help="Rounds of the --event (default 1).")] = None,
    roster: Annotated[str | None, typer.Option(
        "--roster", help="Players of the --event, separated by commas: Ann,Ben,Cid,...")] = None,
) -> None:
    """Random complete legal games, reproducible from the seed (seeds S, S+1, ... for --count)."""
    from scorer import report
    from scorer.simulation import SimulateError, records, request

    try:
        options = request(game, players, _parse_options(option or []), map_id, board)
    except SimulateError as exc:
        typer.echo(f"cannot simulate: {exc}", err=True)
        raise typer.Exit(2) from None
    if event is not None or rounds is not None or roster is not None:
        from scorer.registry import get_rules

        _simulate_event(get_rules(game), event, rounds, roster, players, seed, count, options)
        return
    count = count or 1
    try:
        for record in records(game, players, seed, count, options):
            out = report.dumps_line(record) if count > 1 else report.dumps_document(record)
            sys.stdout.buffer.write(out)
    except SimulateError as exc:
        typer.echo(f"cannot simulate: {exc}", err=True)
        raise typer.Exit(2) from None


def _simulate_event(rules: Any, event: str | None, rounds: int | None, roster: str | None,
                    players: int, seed: int, count: int | None, options: dict[str, Any]
                    ) -> None:
    """``simulate --event``: the demo event's records as NDJSON (see scorer.standings.demo)."""
    from scorer import report
    from scorer.standings import StandingsError
    from scorer.standings.demo import demo_records

    try:
        records = demo_records(rules, event, rounds, roster, players, seed, count, options)
    except StandingsError as exc:
        typer.echo(exc.message, err=True)
        raise typer.Exit(2) from None
    except ValueError as exc:
        typer.echo(f"cannot simulate: {exc}", err=True)
        raise typer.Exit(2) from None
    for record in records:
        sys.stdout.buffer.write(report.dumps_line(record))


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


@app.command()
def batch(
    paths: Annotated[list[str], typer.Argument(
        help="Files, directories (recursive *.json, *.ndjson, *.jsonl), globs, '-' for stdin.")],
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1,
                                             help="Worker processes (default: all cores).")
                    ] = None,
    fmt: Annotated[BatchFormat, typer.Option("--format", "-f", help="Output format.")
                   ] = BatchFormat.text,
    output: Annotated[Path | None, typer.Option("--output", "-o", dir_okay=False,
                                                help="Write the report to FILE.")] = None,
    fail_on: Annotated[FailOn, typer.Option(
        "--fail-on", help="error: illegal/malformed only; mismatch: also claim mismatches; "
        "incomplete: also incomplete games (default: everything fails).")
    ] = FailOn.incomplete,
    shard_spec: Annotated[str | None, typer.Option(
        "--shard", help="I/N: verify only the I-th of N interleaved shards (CI matrices).")
    ] = None,
    dask: Annotated[str | None, typer.Option(
        "--dask", help="Run on a Dask cluster at ADDRESS ('local' starts one; needs the "
        "scorer[dask] extra).")] = None,
    quiet: QuietOpt = False,
    no_color: NoColorOpt = False,
    keep_going: KeepGoingOpt = False,
    schema_dir: SchemaDirOpt = None,
    exclude: ExcludeOpt = None,
    config_file: ConfigOpt = None,
    color: ColorOpt = Color.auto,
    statistics: StatisticsOpt = False,
    max_findings: MaxFindingsOpt = 100,
    record_timeout: Annotated[float | None, typer.Option(
        "--record-timeout", min=0.001, metavar="SECONDS",
        help="Stop checking a record after this long (REC-TIMEOUT-1).")] = None,
    allow_empty: AllowEmptyOpt = False,
) -> None:
    """Verify many records in parallel: one line per finding, a summary, 'N passed, M failed'."""
    from scorer import batch as b
    from scorer.formats import WRITERS, Tally, fails
    from scorer.selection import select

    _set_schema_dir(schema_dir)
    config = _config()
    empty: list[str] = []
    items = b.mark_duplicates(b.iter_items(select(paths, config.filters(tuple(exclude or ()))),
                                           empty=empty))
    if shard_spec is not None:
        index, count = _parse_shard(shard_spec)
        items = b.shard(items, index, count)
    render = WRITERS[fmt.value].render
    options = {"keep_going": keep_going, "render": render, "max_findings": max_findings,
               "timeout": record_timeout, "profile": config.profile}
    if dask is not None:
        results = b.run_dask(items, dask, **options)  # type: ignore[arg-type]
    else:
        results = b.run_local(items, jobs or b.default_jobs(), **options)  # type: ignore[arg-type]
    target = str(output) if output is not None else "the output"
    try:
        sink = output.open("wb") if output is not None else sys.stdout.buffer
    except OSError as exc:
        raise _output_failed(target, exc) from None
    painted = fmt is BatchFormat.text and output is None and _use_color(no_color, color)
    writer = WRITERS[fmt.value](sink, quiet, painted)
    writer.tally = Tally(fail_on.value)
    writer.statistics = statistics and fmt is BatchFormat.text  # type: ignore[attr-defined]
    failed = io_error = False
    try:
        try:
            for result in _progress(results, quiet):
                writer.add(result)
                failed = failed or fails(result, fail_on.value)
                io_error = io_error or any(f.rule == "REC-IO-1" for f in result.findings)
            writer.finish()
        finally:
            if output is not None:
                sink.close()
            else:
                sink.flush()
    except ImportError as exc:
        typer.echo(f"--dask needs the dask extra (pip install 'scorer[dask]'): {exc}", err=True)
        raise typer.Exit(2) from None
    except OSError as exc:
        raise _output_failed(target, exc) from None
    if statistics and fmt is not BatchFormat.text:
        typer.echo("Findings by rule:\n" + writer.tally.statistics(), nl=False, err=True)
    if output is not None and not quiet:
        typer.echo(writer.tally.closing_text(), err=True, nl=False)
    _nothing_matched(empty if writer.tally.total or empty else [_NO_FILES], allow_empty)
    raise typer.Exit(2 if io_error else 1 if failed else 0)


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
    paths: Annotated[list[str], typer.Argument(
        help="Files, directories (recursive *.json, *.ndjson, *.jsonl), globs, '-' for stdin.")],
    event: Annotated[str | None, typer.Option(
        "--event", help="Only this event (meta.event); default: every event.")] = None,
    system: Annotated[System, typer.Option(
        "--system", help="beaten: 1 point per opponent below, 0.5 per tie; rank-points: "
        "--points by place; percent: score as % of the table winner's.")] = System.beaten,
    points: Annotated[str | None, typer.Option(
        "--points", help="rank-points: points for 1st, 2nd, ... place, e.g. 5,3,2,1.")] = None,
    tiebreak: Annotated[str | None, typer.Option(
        "--tiebreak", help="Tie-breaks in order, from score, wins, h2h (default "
        "score,wins,h2h; 'none': equal points share the place).")] = None,
    fmt: Annotated[StandingsFormat, typer.Option("--format", "-f", help="Output format.")
                   ] = StandingsFormat.text,
    output: Annotated[Path | None, typer.Option("--output", "-o", dir_okay=False,
                                                help="Write the standings to FILE.")] = None,
    fail_on: Annotated[FailOn, typer.Option(
        "--fail-on", help="Which records fail the run, as for batch (error, mismatch, "
        "incomplete).")] = FailOn.incomplete,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1,
                                             help="Worker processes (default: all cores).")
                    ] = None,
    no_color: NoColorOpt = False,
    schema_dir: SchemaDirOpt = None,
    exclude: ExcludeOpt = None,
    config_file: ConfigOpt = None,
) -> None:
    """Tournament standings from the verified records of an event (meta.event/round/table)."""
    from scorer import batch as b
    from scorer.formats import fails
    from scorer.selection import select
    from scorer.standings import Collector, StandingsError, build, parse_options, render

    _set_schema_dir(schema_dir)
    config = _config()
    try:
        options = parse_options(system.value, points, tiebreak)
    except StandingsError as exc:
        typer.echo(exc.message, err=True)
        raise typer.Exit(2) from None
    collector = Collector(event)
    items = b.iter_items(select(paths, config.filters(tuple(exclude or ()))))
    results = b.run_local(b.mark_duplicates(items), jobs or b.default_jobs(),
                          profile=config.profile)
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


class RocksCode(StrEnum):
    six = "6"
    seven = "7"


@app.command(name="import-map")
def import_map(
    file: Annotated[Path, typer.Argument(help="A Hacienda .haz map file.", exists=True,
                                         dir_okay=False)],
    map_id: Annotated[str | None, typer.Option(
        "--id", help="Map id (default: haz- and the file name, as the shipped maps).")] = None,
    name: Annotated[str | None, typer.Option(
        "--name", help="Map name (default: the file's MapName, else the file name in words).")
    ] = None,
    author: Annotated[str | None, typer.Option(
        "--author", help="Author (default: the file's Author).")] = None,
    licence: Annotated[str | None, typer.Option(
        "--license", help="Licence of the map, e.g. 'CC BY 4.0' (not in .haz files; written "
        "only when given).")] = None,
    rocks: Annotated[RocksCode, typer.Option(
        "--rocks", help="The .haz code of rocks spaces; the other of 6 and 7 is mountain "
        "(the shipped maps use 6).")] = RocksCode.six,
) -> None:
    """Convert a Hacienda .haz map (Yucata / SpielByWeb) into the scorer's map encoding."""
    from scorer import report
    from scorer.games.hacienda.haz import HazFormatError, import_haz

    try:
        text = file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        typer.echo(f"{file}: cannot read: {exc}", err=True)
        raise typer.Exit(2) from None
    try:
        encoded = import_haz(text, file.name, map_id=map_id, name=name, author=author,
                             license=licence, seven_is_rocks=rocks is RocksCode.seven)
    except HazFormatError as exc:
        where = f"{file}:{exc.line}" if exc.line is not None else str(file)
        typer.echo(f"{where}: {exc.rule} {exc.message}", err=True)
        raise typer.Exit(1) from None
    sys.stdout.buffer.write(report.dumps_document(encoded))


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


def _load_or_exit(file: str) -> tuple[bytes, Any]:
    """The bytes and the strictly parsed document of ``file``; a finding and exit otherwise."""
    from scorer import report
    from scorer.errors import RecordLoadError
    from scorer.loading import DuplicateKeysError, parse_record, read_bytes
    from scorer.positions import duplicate_findings

    try:
        data = read_bytes(file)
        return data, parse_record(data)
    except DuplicateKeysError as exc:
        for f in duplicate_findings(exc.duplicates, exc.text):
            typer.echo(report.finding_line(file, f), err=True)
        raise typer.Exit(1) from None
    except RecordLoadError as exc:
        from scorer.findings import Finding

        typer.echo(report.finding_line(file, Finding(exc.rule, "", exc.message, line=exc.line,
                                                      col=exc.col)), err=True)
        raise typer.Exit(2 if exc.rule == "REC-IO-1" else 1) from None


def _placed(found: Any, data: bytes, doc: Any) -> Any:
    """Findings (or a result) with line and column in ``data``."""
    from scorer.engine import VerifyResult
    from scorer.positions import place

    if isinstance(found, VerifyResult):
        return place(found, data, doc)
    return place(VerifyResult("", "unknown", None, "error", tuple(found)), data, doc).findings


def _malformed(file: str, kind: str, errors: list[Any]) -> Any:
    from scorer.engine import VerifyResult
    from scorer.findings import Finding

    if not errors:
        errors = [Finding("REC-SCHEMA-1", "/format", "not a game record")]
    return VerifyResult(file, "unknown", None, "malformed", tuple(errors))


def main() -> None:
    """Entry point of the ``scorer`` console script."""
    from scorer.pipeline import tune_gc

    tune_gc()
    try:
        app(prog_name="scorer")
    except OSError as exc:  # output that cannot be written (a full disk, a closed pipe)
        raise SystemExit(_output_failed("the output", exc).exit_code) from None
