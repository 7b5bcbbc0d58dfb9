"""What the commands share at run time: colour, output, messages that end a run, exit codes."""

from __future__ import annotations

import os
import signal
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from types import FrameType
from typing import IO, TYPE_CHECKING, Any, TextIO

import typer

from scorer.cli.options import Color, Format
from scorer.core.printable import printable

if TYPE_CHECKING:
    from scorer.core.values import VerifyResult


#: The exit code of a run that itself failed (not a record's result: workers that cannot be
#: started, a lost Dask cluster); 1 is "a record was rejected", 2 usage and I/O errors.
RUN_FAILED = 3


class Interrupted(BaseException):
    """SIGTERM reached the command (:func:`on_sigterm`): stop, exit ``code`` (143)."""

    def __init__(self, code: int) -> None:
        super().__init__(f"stopped by signal {code - 128}")
        self.code = code


def on_sigterm(signum: int, frame: FrameType | None) -> None:
    """A SIGTERM handler that unwinds the command like Ctrl-C does (workers stopped, no
    partial output), to exit 128 + 15.

    A worker forked from the command inherits this handler until its start
    (:func:`scorer.running.workers.start_worker`) puts the default back. A worker stopped in
    that window (a pool replaced after a worker died) must end as the default would, quietly,
    not unwind a command it does not run (which printed its traceback)."""
    if os.getpid() != _command_pid[0]:
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    raise Interrupted(128 + signum)


def unwind_on_sigterm() -> Any:
    """Install :func:`on_sigterm` for this process (the command's); returns the handler it
    replaces."""
    _command_pid[0] = os.getpid()
    return signal.signal(signal.SIGTERM, on_sigterm)


#: The process that installed :func:`on_sigterm` (forked workers are others).
_command_pid = [os.getpid()]


@contextmanager
def output_file(output: Path | None, target: str) -> Iterator[IO[bytes]]:
    """Where a report goes: the standard output, or for ``--output FILE`` a temporary file in
    FILE's folder renamed over FILE once the block ends normally (removed otherwise), so an
    interrupted or failed run never leaves a FILE that looks whole. FILE that exists and is
    not a regular file (``/dev/null``, a FIFO) is written in place."""
    if output is None:
        yield sys.stdout.buffer
        return
    try:
        special = output.exists() and not stat.S_ISREG(output.stat().st_mode)
        if special:
            sink = output.open("wb")
        else:
            part = output.with_name(f".{output.name}.{os.getpid()}.part")
            fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            sink = os.fdopen(fd, "wb")
    except OSError as exc:
        raise output_failed(target, exc) from None
    try:
        with sink:
            yield sink
        if not special:
            os.replace(part, output)
    except OSError as exc:
        _discard(None if special else part)
        raise output_failed(target, exc) from None
    except BaseException:
        _discard(None if special else part)
        raise


def _discard(part: Path | None) -> None:
    if part is not None:
        with suppress(OSError):
            part.unlink()


NO_FILES = "no file is left to verify once the include/exclude patterns are applied"


def use_color(no_color: bool, color: Color = Color.auto, stream: TextIO | None = None) -> bool:
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


def terminal_width(stream: TextIO | None = None) -> int | None:
    """The columns text output may take: ``COLUMNS`` when set, else the terminal's width when
    the output is a terminal, else None (a file or a pipe: no limit, tables as wide as they
    are)."""
    import shutil

    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if (stream or sys.stdout).isatty():
        return shutil.get_terminal_size().columns
    return None


def output_failed(target: str, exc: OSError) -> typer.Exit:
    """Say that the output could not be written; exit 2 (the caller raises the result)."""
    typer.echo(printable(f"cannot write {target}: {exc.strerror or exc}"), err=True)
    if target == "the output" and _has_fileno(sys.stdout):
        devnull = os.open(os.devnull, os.O_WRONLY)  # let nothing try to flush it again
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    return typer.Exit(2)


def _has_fileno(stream: TextIO) -> bool:
    try:
        stream.fileno()
    except (OSError, ValueError, AttributeError):
        return False
    return True


def nothing_matched(reasons: list[str], allow_empty: bool) -> None:
    """Inputs that held no record: a message each, and exit 2 unless --allow-empty."""
    for reason in reasons:
        accepted = " (accepted: --allow-empty)" if allow_empty else ""
        typer.echo(f"{printable(reason)}{accepted}", err=True)
    if reasons and not allow_empty:
        typer.echo(
            "nothing to verify: an input holds no record (--allow-empty accepts this)", err=True
        )
        raise typer.Exit(2)


def require_paths(paths: Iterable[str]) -> None:
    """Every input named as a file or folder exists: else "PATH: no such file or folder" for
    each one that does not, and exit 2 before anything is written (``report`` and
    ``standings``, which build one site or table of all their inputs; ``verify`` and ``batch``
    report a missing file as REC-IO-1, with the same words, and exit 2 after the rest). Standard
    input and glob patterns are not paths (a pattern that matches nothing is said so later)."""
    from scorer.reading.items import GLOB_CHARS

    missing = [
        p
        for p in paths
        if p != "-" and not os.path.lexists(p) and not any(c in p for c in GLOB_CHARS)
    ]
    for path in missing:
        typer.echo(printable(f"{path}: no such file or folder"), err=True)
    if missing:
        raise typer.Exit(2)


def set_schema_dir(path: Path | None) -> None:
    """``--schema-dir``: use the schemas of that folder (each problem said, exit 2)."""
    if path is not None:
        from scorer.reading.schemas import check_schema_dir
        from scorer.reading.schemas import set_schema_dir as use_schemas

        problems = check_schema_dir(path)
        if problems:
            for problem in problems:
                typer.echo(printable(f"--schema-dir {path}: {problem}"), err=True)
            raise typer.Exit(2)
        use_schemas(path)


class ResultWriter:
    """Prints results as they come, as text, JSON or NDJSON, keeping running counts (for the
    JSON summary, ``--statistics`` and the exit code), never the results: memory stays flat
    in the number of records. Each result is flushed once written, so a reader of the output
    sees it before the next record is read. ``close`` ends the output (the JSON document's
    summary, the statistics); the bytes are those of printing the whole list at once."""

    def __init__(
        self,
        fmt: Format,
        quiet: bool,
        no_color: bool,
        scores: bool = True,
        color: Color = Color.auto,
        statistics: bool = False,
        count_line: bool = False,
    ) -> None:
        from scorer.writing.report import JsonReport
        from scorer.writing.tally import Tally

        self.fmt, self.quiet, self.scores = fmt, quiet, scores
        self.color = use_color(no_color, color) if fmt is Format.text else False
        self.width = terminal_width() if fmt is Format.text else None
        #: batch's closing "N passed, M failed" after text output (``verify``; not --quiet:
        #: findings only)
        self.count_line = count_line and fmt is Format.text and not quiet
        self.tally = Tally() if statistics or self.count_line else None
        self.statistics = statistics
        self.json = JsonReport() if fmt is Format.json else None
        self.total = 0
        self.failed = 0
        self.io_error = False

    def add(self, result: VerifyResult) -> None:
        """Print ``result`` and count it."""
        from scorer.writing import report

        self.total += 1
        self.failed += not result.ok
        self.io_error = self.io_error or any(f.rule == "REC-IO-1" for f in result.findings)
        if self.tally is not None:
            self.tally.add(result)
        if self.json is not None:
            _write_bytes(self.json.record(result))
        elif self.fmt is Format.ndjson:
            _write_bytes(report.dumps_line(report.result_to_data(result)))
        else:
            text = report.render_text([result], self.color, self.quiet, self.scores, self.width)
            _write_text(text)

    def close(self) -> None:
        """The end of the output: the JSON summary, then (``--statistics``) the tally."""
        if self.json is not None:
            _write_bytes(self.json.end())
        if self.tally is not None and self.statistics:
            stream_is_report = self.fmt is not Format.text
            text = "Findings by rule:\n" + self.tally.statistics()
            typer.echo(text, nl=False, err=stream_is_report)
        if self.tally is not None and self.count_line and self.total:
            _write_text(self.tally.closing_text())

    def exit_code(self) -> int:
        """2 when a file could not be read, else 1 when a result is not ok, else 0 (as
        :func:`exit_code` of every result printed)."""
        return 2 if self.io_error else 1 if self.failed else 0


def _write_bytes(data: bytes) -> None:
    try:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    except OSError as exc:
        raise output_failed("the output", exc) from None


def _write_text(text: str) -> None:
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError as exc:
        raise output_failed("the output", exc) from None


def emit(
    results: Iterable[VerifyResult],
    fmt: Format,
    quiet: bool,
    no_color: bool,
    scores: bool = True,
    color: Color = Color.auto,
    statistics: bool = False,
) -> ResultWriter:
    """Print the results as text, JSON or NDJSON (and, with --statistics, the tally), each as
    it comes (:class:`ResultWriter`); the writer, for its counts and exit code."""
    out = ResultWriter(fmt, quiet, no_color, scores, color, statistics)
    for result in results:
        out.add(result)
    out.close()
    return out


def exit_code(results: Sequence[VerifyResult]) -> int:
    """2 when a file could not be read, else 1 when a result is not ok, else 0."""
    if any(f.rule == "REC-IO-1" for r in results for f in r.findings):
        return 2
    return 0 if all(r.ok for r in results) else 1


def write_output(data: bytes, output: Path | None) -> None:
    """``data`` to FILE (``--output``, written whole or not at all: :func:`output_file`) or
    to the standard output."""
    with output_file(output, str(output) if output is not None else "the output") as sink:
        sink.write(data)
        sink.flush()


def progress(results: Iterable[VerifyResult], quiet: bool) -> Iterator[VerifyResult]:
    """Wrap the result stream in a progress display when stderr is a terminal."""
    if quiet or not sys.stderr.isatty():
        yield from results
        return
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    columns = (SpinnerColumn(), TextColumn("{task.completed} records"), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as shown:
        task = shown.add_task("verify", total=None)
        for result in results:
            shown.advance(task)
            yield result


def did_you_mean(value: str, choices: Iterable[str]) -> str:
    from scorer.reading.schema_words import did_you_mean as guess

    return guess(value, choices)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Say ``message`` on stderr (control characters escaped); exit ``code`` (the caller
    raises the result)."""
    typer.echo(printable(message), err=True)
    return typer.Exit(code)
