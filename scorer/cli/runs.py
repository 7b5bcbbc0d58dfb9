"""Commands that make or run many games: simulate, batch, import-map."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from scorer.cli.common import (
    _NO_FILES,
    AllowEmptyOpt,
    BatchFormat,
    Color,
    ColorOpt,
    ConfigOpt,
    ExcludeOpt,
    FailOn,
    JobsOpt,
    KeepGoingOpt,
    MaxFindingsOpt,
    NoColorOpt,
    QuietOpt,
    SchemaDirOpt,
    StatisticsOpt,
    _config,
    _nothing_matched,
    _output_failed,
    _parse_options,
    _parse_shard,
    _progress,
    _set_schema_dir,
    _use_color,
    app,
)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="Game name.")],
    players: Annotated[
        int, typer.Option("--players", "-p", help="Number of players (--event: the largest table).")
    ] = 2,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Random seed.")] = 0,
    count: Annotated[
        int | None,
        typer.Option(
            "--count", "-n", min=1, help="Games to write (default 1); more than 1 gives NDJSON."
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="Variant option NAME=JSON-VALUE (repeatable)."),
    ] = None,
    map_id: Annotated[
        str | None,
        typer.Option(
            "--map",
            help="Hacienda: a shipped map id (default: a shipped custom map chosen by the seed).",
        ),
    ] = None,
    board: Annotated[
        str | None, typer.Option("--board", help="Citrus: a shipped board id or 'generated'.")
    ] = None,
    policy: Annotated[
        str,
        typer.Option(
            "--policy",
            help="How the simulated players choose: random (the default) or greedy "
            "(immediate score gain and progress toward the normal end, seeded tie-breaks).",
        ),
    ] = "random",
    event: Annotated[
        str | None,
        typer.Option(
            "--event",
            help="Write a demo event of this name (NDJSON): the roster seated at "
            "tables of up to --players players, round after round.",
        ),
    ] = None,
    rounds: Annotated[
        int | None, typer.Option("--rounds", min=1, help="Rounds of the --event (default 1).")
    ] = None,
    roster: Annotated[
        str | None,
        typer.Option(
            "--roster", help="Players of the --event, separated by commas: Ann,Ben,Cid,..."
        ),
    ] = None,
) -> None:
    """Random complete legal games, reproducible from the seed (seeds S, S+1, ... for --count)."""
    from scorer.running.simulation import SimulateError, records, request
    from scorer.writing import report

    try:
        options = request(game, players, _parse_options(option or []), map_id, board, policy)
    except SimulateError as exc:
        typer.echo(f"cannot simulate: {exc}", err=True)
        raise typer.Exit(2) from None
    if event is not None or rounds is not None or roster is not None:
        from scorer.core.roles import MOVES
        from scorer.registry import get

        _simulate_event(get(game, MOVES), event, rounds, roster, players, seed, count, options)
        return
    count = count or 1
    try:
        for record in records(game, players, seed, count, options):
            out = report.dumps_line(record) if count > 1 else report.dumps_document(record)
            sys.stdout.buffer.write(out)
    except SimulateError as exc:
        typer.echo(f"cannot simulate: {exc}", err=True)
        raise typer.Exit(2) from None


def _simulate_event(
    rules: Any,
    event: str | None,
    rounds: int | None,
    roster: str | None,
    players: int,
    seed: int,
    count: int | None,
    options: dict[str, Any],
) -> None:
    """``simulate --event``: the demo event's records as NDJSON (see scorer.standings.demo)."""
    from scorer.standings import StandingsError
    from scorer.standings.demo import demo_records
    from scorer.writing import report

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


@app.command()
def batch(
    paths: Annotated[
        list[str],
        typer.Argument(
            help="Files, directories (recursive *.json, *.ndjson, *.jsonl), globs, '-' for stdin."
        ),
    ],
    jobs: JobsOpt = None,
    fmt: Annotated[
        BatchFormat, typer.Option("--format", "-f", help="Output format.")
    ] = BatchFormat.text,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", dir_okay=False, help="Write the report to FILE."),
    ] = None,
    fail_on: Annotated[
        FailOn,
        typer.Option(
            "--fail-on",
            help="error: illegal/malformed only; mismatch: also claim mismatches; "
            "incomplete: also incomplete games (default: everything fails).",
        ),
    ] = FailOn.incomplete,
    shard_spec: Annotated[
        str | None,
        typer.Option(
            "--shard", help="I/N: verify only the I-th of N interleaved shards (CI matrices)."
        ),
    ] = None,
    dask: Annotated[
        str | None,
        typer.Option(
            "--dask",
            help="Run on a Dask cluster at ADDRESS ('local' starts one; needs the "
            "scorer[dask] extra).",
        ),
    ] = None,
    quiet: QuietOpt = False,
    no_color: NoColorOpt = False,
    keep_going: KeepGoingOpt = False,
    schema_dir: SchemaDirOpt = None,
    exclude: ExcludeOpt = None,
    config_file: ConfigOpt = None,
    color: ColorOpt = Color.auto,
    statistics: StatisticsOpt = False,
    max_findings: MaxFindingsOpt = 100,
    record_timeout: Annotated[
        float | None,
        typer.Option(
            "--record-timeout",
            min=0.001,
            metavar="SECONDS",
            help="Stop checking a record after this long (REC-TIMEOUT-1).",
        ),
    ] = None,
    allow_empty: AllowEmptyOpt = False,
) -> None:
    """Verify many records in parallel: one line per finding, a summary, 'N passed, M failed'."""
    from scorer.reading import items as inputs
    from scorer.running import batch as b
    from scorer.running.selection import select
    from scorer.writing.formats import WRITERS, Tally, fails

    _set_schema_dir(schema_dir)
    config = _config()
    empty: list[str] = []
    items = inputs.mark_duplicates(
        inputs.iter_items(select(paths, config.filters(tuple(exclude or ()))), empty=empty)
    )
    if shard_spec is not None:
        index, count = _parse_shard(shard_spec)
        items = b.shard(items, index, count)
    render = WRITERS[fmt.value].render
    options = {
        "keep_going": keep_going,
        "render": render,
        "max_findings": max_findings,
        "timeout": record_timeout,
        "profile": config.profile,
    }
    if dask is not None:
        results = b.run_dask(items, dask, **options)  # type: ignore[arg-type]
    else:
        results = b.run_local(items, jobs, **options)  # type: ignore[arg-type]
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


class RocksCode(StrEnum):
    six = "6"
    seven = "7"


@app.command(name="import-map")
def import_map(
    file: Annotated[
        Path, typer.Argument(help="A Hacienda .haz map file.", exists=True, dir_okay=False)
    ],
    map_id: Annotated[
        str | None,
        typer.Option("--id", help="Map id (default: haz- and the file name, as the shipped maps)."),
    ] = None,
    name: Annotated[
        str | None,
        typer.Option(
            "--name", help="Map name (default: the file's MapName, else the file name in words)."
        ),
    ] = None,
    author: Annotated[
        str | None, typer.Option("--author", help="Author (default: the file's Author).")
    ] = None,
    licence: Annotated[
        str | None,
        typer.Option(
            "--license",
            help="Licence of the map, e.g. 'CC BY 4.0' (not in .haz files; written "
            "only when given).",
        ),
    ] = None,
    rocks: Annotated[
        RocksCode,
        typer.Option(
            "--rocks",
            help="The .haz code of rocks spaces; the other of 6 and 7 is mountain "
            "(the shipped maps use 6).",
        ),
    ] = RocksCode.six,
) -> None:
    """Convert a Hacienda .haz map (Yucata / SpielByWeb) into the scorer's map encoding."""
    from scorer.core.roles import CATALOGUE
    from scorer.core.values import ImportFailed
    from scorer.registry import get
    from scorer.writing import report

    importer = get("hacienda", CATALOGUE).IMPORTERS["haz"]

    try:
        text = file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        typer.echo(f"{file}: cannot read: {exc}", err=True)
        raise typer.Exit(2) from None
    try:
        encoded = importer.convert(
            text,
            file.name,
            map_id=map_id,
            name=name,
            author=author,
            license=licence,
            seven_is_rocks=rocks is RocksCode.seven,
        )
    except ImportFailed as exc:
        where = f"{file}:{exc.line}" if exc.line is not None else str(file)
        typer.echo(f"{where}: {exc.rule} {exc.message}", err=True)
        raise typer.Exit(1) from None
    sys.stdout.buffer.write(report.dumps_document(encoded))
