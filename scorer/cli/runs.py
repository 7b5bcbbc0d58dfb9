"""``batch``: many records verified in parallel (local workers or a Dask cluster), reported
in one of the batch formats, with the exit code a CI job reads."""

from __future__ import annotations

import signal
import sys
from collections.abc import Generator, Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, NoReturn

import typer

from scorer.cli.options import (
    AllowEmptyOpt,
    BatchFormat,
    Color,
    ColorOpt,
    ConfigOpt,
    ExcludeOpt,
    FailOn,
    FromOpt,
    JobsOpt,
    KeepGoingOpt,
    MaxFindingsOpt,
    NoColorOpt,
    QuietOpt,
    RecordsArg,
    SchemaDirOpt,
    StatisticsOpt,
    source_of,
)
from scorer.cli.output import (
    NO_FILES,
    RUN_FAILED,
    Interrupted,
    nothing_matched,
    output_failed,
    output_file,
    progress,
    set_schema_dir,
    terminal_width,
    unwind_on_sigterm,
    use_color,
)
from scorer.cli.settings import run_config
from scorer.core.printable import printable

if TYPE_CHECKING:
    from scorer.core.values import VerifyResult
    from scorer.reading.items import Item
    from scorer.referee.settings import VerifyOptions
    from scorer.running.config import Config
    from scorer.writing.formats import Writer

BatchFormatOpt = Annotated[BatchFormat, typer.Option("--format", "-f", help="Output format.")]
OutputOpt = Annotated[
    Path | None,
    typer.Option(
        "--output", "-o", metavar="FILE", dir_okay=False, help="Write the report to FILE."
    ),
]
FailOnOpt = Annotated[
    FailOn,
    typer.Option(
        "--fail-on",
        help="error: illegal/malformed only; mismatch: also claim mismatches; "
        "incomplete: also incomplete games (default: everything fails).",
    ),
]
ShardOpt = Annotated[
    str | None,
    typer.Option(
        "--shard",
        metavar="I/N",
        help="I/N: verify only the I-th of N interleaved shards (CI matrices).",
    ),
]
DaskOpt = Annotated[
    str | None,
    typer.Option(
        "--dask",
        metavar="ADDRESS",
        help="Run on a Dask cluster at ADDRESS ('local' starts one; needs the scorer[dask] extra).",
    ),
]
RecordTimeoutOpt = Annotated[
    float | None,
    typer.Option(
        "--record-timeout",
        min=0.001,
        metavar="SECONDS",
        help="Stop checking a record after this long (REC-TIMEOUT-1).",
    ),
]


def _options(
    keep_going: bool,
    max_findings: int,
    settings: Config,
    record_timeout: float | None,
    schema_dir: Path | None,
    source: str | None,
) -> VerifyOptions:
    """The run's settings (``--from`` checked against the importers the games offer)."""
    from scorer.referee.settings import VerifyOptions

    return VerifyOptions(
        keep_going,
        max_findings,
        settings.profile,
        record_timeout,
        schema_dir=schema_dir,
        source=source_of(source),
    )


def batch(
    paths: RecordsArg,
    jobs: JobsOpt = None,
    fmt: BatchFormatOpt = BatchFormat.text,
    output: OutputOpt = None,
    fail_on: FailOnOpt = FailOn.incomplete,
    shard_spec: ShardOpt = None,
    dask: DaskOpt = None,
    quiet: QuietOpt = False,
    no_color: NoColorOpt = False,
    keep_going: KeepGoingOpt = False,
    schema_dir: SchemaDirOpt = None,
    exclude: ExcludeOpt = None,
    config_file: ConfigOpt = None,
    color: ColorOpt = Color.auto,
    statistics: StatisticsOpt = False,
    max_findings: MaxFindingsOpt = 100,
    record_timeout: RecordTimeoutOpt = None,
    allow_empty: AllowEmptyOpt = False,
    source: FromOpt = None,
) -> None:
    """Verify many records in parallel: one line per finding, a summary, 'N passed, M failed'."""
    from scorer.running import batch as b
    from scorer.writing.formats import WRITERS

    set_schema_dir(schema_dir)
    settings = run_config()
    empty: list[str] = []
    items = _items(paths, exclude, shard_spec, settings, empty)
    options = _options(keep_going, max_findings, settings, record_timeout, schema_dir, source)
    render = WRITERS[fmt.value].render
    if dask is not None:
        results = b.run_dask(items, dask, options, render)
    else:
        results = b.run_local(items, jobs, options, render)
    target = str(output) if output is not None else "the output"
    previous = unwind_on_sigterm()
    try:
        with output_file(output, target) as sink:
            painted = fmt is BatchFormat.text and output is None and use_color(no_color, color)
            writer = _writer(fmt, sink, quiet, painted, output, fail_on, statistics)
            failed, io_error = _write(
                progress(results, quiet), writer, sink, output, fail_on, target
            )
    except (KeyboardInterrupt, Interrupted) as exc:
        _interrupted(exc, results, output)
    finally:
        signal.signal(signal.SIGTERM, previous)
    if statistics and fmt is not BatchFormat.text:
        typer.echo("Findings by rule:\n" + writer.tally.statistics(), nl=False, err=True)
    if output is not None and not quiet:
        typer.echo(writer.tally.closing_text(), err=True, nl=False)
    nothing_matched(empty if writer.tally.total or empty else [NO_FILES], allow_empty)
    raise typer.Exit(2 if io_error else 1 if failed else 0)


def _writer(
    fmt: BatchFormat,
    sink: IO[bytes],
    quiet: bool,
    painted: bool,
    output: Path | None,
    fail_on: FailOn,
    statistics: bool,
) -> Writer:
    """The writer of ``fmt`` into ``sink``, counting under ``--fail-on``."""
    from scorer.writing.formats import WRITERS, GithubWriter, Tally, TextWriter

    writer = WRITERS[fmt.value](sink, quiet, painted)
    if isinstance(writer, GithubWriter) and output is not None:
        # GitHub reads the annotations on the standard output; FILE has every finding line
        writer.annotations, writer.full_report = sys.stdout.buffer, str(output)
    writer.tally = Tally(fail_on.value)
    if isinstance(writer, TextWriter):
        writer.statistics = statistics
        writer.width = terminal_width() if output is None else None
    return writer


def _items(
    paths: list[str],
    exclude: list[str] | None,
    shard_spec: str | None,
    settings: Config,
    empty: list[str],
) -> Iterator[Item]:
    """The records to verify (duplicates marked), only those of the shard with ``--shard``;
    ``empty`` collects the inputs that hold no record."""
    from scorer.reading.items import iter_items, mark_duplicates
    from scorer.running import batch as b
    from scorer.running.selection import select

    items = mark_duplicates(
        iter_items(select(paths, settings.filters(tuple(exclude or ()))), empty=empty)
    )
    if shard_spec is not None:
        index, count = _parse_shard(shard_spec)
        items = b.shard(items, index, count)
    return items


def _interrupted(
    exc: KeyboardInterrupt | Interrupted, results: Iterator[VerifyResult], output: Path | None
) -> NoReturn:
    """A run stopped by Ctrl-C (130) or SIGTERM (143). The signal may have landed outside the
    results generator (while a result was written): close it, so its workers stop now and not
    at exit, where the process pool's exit hook would wait for every chunk still queued."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # stopping: a second signal waits
    _close(results)
    if isinstance(exc, Interrupted):
        _leave(_stopped("stopped by SIGTERM", exc.code, output))
    _leave(_stopped("interrupted", 130, output))


def _close(results: Iterator[VerifyResult]) -> None:
    """Close a results generator that has not finished (it stops its workers), then end any
    worker left, had the signal landed while its pool was being made."""
    from scorer.running.workers import stop_children

    if isinstance(results, Generator):
        results.close()
    stop_children()


def _leave(stop: typer.Exit) -> NoReturn:
    """Exit a stopped run. Its workers are gone, but a process pool's threads may still wait
    on a pipe a killed worker was writing, and Python's exit would join them forever: when
    such threads are left, the process ends here (the output already written whole or
    removed, both streams flushed), without waiting for them."""
    import os
    import sys
    import threading

    if threading.active_count() > 1:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(stop.exit_code)
    raise stop


def _stopped(why: str, code: int, output: Path | None) -> typer.Exit:
    """Say that the run was stopped (and that ``--output`` was not written); exit ``code``."""
    written = f"; {output} was not written" if output is not None else ""
    typer.echo(f"{why}: the run is incomplete{written}", err=True)
    return typer.Exit(code)


def _parse_shard(spec: str) -> tuple[int, int]:
    index, sep, count = spec.partition("/")
    if sep and index.isdigit() and count.isdigit() and 1 <= int(index) <= int(count):
        return int(index), int(count)
    typer.echo(f"--shard needs I/N with 1 <= I <= N, got {spec!r}", err=True)
    raise typer.Exit(2)


def _write(
    results: Iterable[VerifyResult],
    writer: Writer,
    sink: IO[bytes],
    output: Path | None,
    fail_on: FailOn,
    target: str,
) -> tuple[bool, bool]:
    """Every result through ``writer``, then its closing lines; whether a result fails the
    run (``--fail-on``) and whether a file could not be read (REC-IO-1)."""
    from scorer.writing.formats import fails

    failed = io_error = False
    try:
        try:
            for result in _guarded(results):
                writer.add(result)
                failed = failed or fails(result, fail_on.value)
                io_error = io_error or any(f.rule == "REC-IO-1" for f in result.findings)
            writer.finish()
        finally:
            if output is None:
                sink.flush()
    except ImportError as exc:
        typer.echo(f"--dask needs the dask extra (pip install 'scorer[dask]'): {exc}", err=True)
        raise typer.Exit(2) from None
    except RunFailed as exc:
        written = f"; {output} was not written" if output is not None else ""
        typer.echo(printable(f"the run failed: {exc}{written}"), err=True)
        raise typer.Exit(RUN_FAILED) from None
    except OSError as exc:
        raise output_failed(target, exc) from None
    return failed, io_error


class RunFailed(Exception):
    """The run itself failed (not one record's result): exit RUN_FAILED."""


def _guarded(results: Iterable[VerifyResult]) -> Iterator[VerifyResult]:
    """``results``, with an error of the run itself (workers that cannot start, a lost Dask
    cluster) as RunFailed, told apart from errors writing the output."""
    stream = iter(results)
    while True:
        try:
            result = next(stream)
        except StopIteration:
            return
        except ImportError:
            raise
        except Exception as exc:  # every error of the run: exit RUN_FAILED
            raise RunFailed(f"{type(exc).__name__}: {exc}") from exc
        yield result
