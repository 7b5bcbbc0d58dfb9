"""``show``: the board of a record or position, in the terminal, as a position document or
as an SVG picture."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorer.cli.options import DocumentArg, Format, NoColorOpt
from scorer.cli.output import emit, output_failed, terminal_width, use_color

if TYPE_CHECKING:
    from scorer.core.findings import Finding
    from scorer.core.roles import Pictures
    from scorer.core.values import VerifyResult
    from scorer.referee.replay import Replay

AtOpt = Annotated[
    int | None,
    typer.Option("--at", min=0, metavar="N", help="Show the board after move N (default: all)."),
]
PositionOpt = Annotated[
    bool, typer.Option("--position", help="Print the position document instead.")
]
SvgOpt = Annotated[
    Path | None,
    typer.Option(
        "--svg", metavar="FILE", dir_okay=False, help="Also write the board as an SVG picture."
    ),
]


def show(
    file: DocumentArg,
    at: AtOpt = None,
    position: PositionOpt = False,
    svg: SvgOpt = None,
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
        emit([_placed(_malformed(file, kind, errors), data, doc)], Format.text, True, True)
        raise typer.Exit(1)
    game = doc["game"]
    title, pictures = get(game, CATALOGUE).TITLE, get(game, PICTURES)
    if kind == "position":
        record_only, color = at is not None or position, use_color(no_color)
        _show_position(file, doc, pictures, title, svg, record_only, color, data)
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
        _print_position(file, get(game, POSITIONS).export_position(run.state, doc))
    else:
        n = run.moves_applied
        head = f"{file}: {title} after {plural(n, 'move')}"
        typer.echo(_fitted(head + "\n" + pictures.render(run.state, color=use_color(no_color))))
    raise typer.Exit(1 if run.stopped else 0)


def _print_position(file: str, exported: object) -> None:
    """The position ``show --position`` exports, or REC-JSON-1 (exit 1) when it nests deeper
    than a document can be written back."""
    from scorer.core.findings import Finding
    from scorer.reading.loading import NESTED_TOO_DEEPLY, too_deep
    from scorer.writing import report

    if too_deep(exported):
        finding = Finding("REC-JSON-1", "", NESTED_TOO_DEEPLY)
        typer.echo(report.finding_line(file, finding), err=True)
        raise typer.Exit(1)
    sys.stdout.buffer.write(report.dumps_document(exported))


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
    typer.echo(_fitted(f"{file}: {title} position\n" + pictures.render(result.state, color=color)))
    raise typer.Exit(0 if result.ok else 1)


def _write_svg(pictures: Pictures[object], game: str, doc: Any, run: Replay, out: Path) -> None:
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
        raise output_failed(str(out), exc) from None


def _load_or_exit(file: str) -> tuple[bytes, Any]:
    """The bytes and the strictly parsed document of ``file``; a finding and exit otherwise."""
    from scorer.core.errors import RecordLoadError
    from scorer.reading.loading import DuplicateKeysError, parse_record, read_bytes
    from scorer.reading.positions import duplicate_findings
    from scorer.writing import report

    try:
        data = read_bytes(file)
        return data, parse_record(data)
    except DuplicateKeysError as exc:
        for f in duplicate_findings(exc.duplicates, exc.text):
            typer.echo(report.finding_line(file, f), err=True)
        raise typer.Exit(1) from None
    except RecordLoadError as exc:
        from scorer.core.findings import Finding

        typer.echo(
            report.finding_line(
                file, Finding(exc.rule, "", exc.message, line=exc.line, col=exc.col)
            ),
            err=True,
        )
        raise typer.Exit(2 if exc.rule == "REC-IO-1" else 1) from None


def _placed(found: Any, data: bytes, doc: Any) -> Any:
    """Findings (or a result) with line and column in ``data``."""
    from scorer.core.values import VerifyResult
    from scorer.reading.positions import place

    if isinstance(found, VerifyResult):
        return place(found, data, doc)
    return place(VerifyResult("", "unknown", None, "error", tuple(found)), data, doc).findings


def _malformed(file: str, kind: str, errors: list[Finding]) -> VerifyResult:
    from scorer.core.findings import Finding
    from scorer.core.values import VerifyResult

    if not errors:
        errors = [Finding("REC-SCHEMA-1", "/format", "not a game record")]
    return VerifyResult(file, "unknown", None, "malformed", tuple(errors))


def _fitted(board: str) -> str:
    """A terminal board fitted to the terminal's width (:mod:`scorer.writing.boardtext`:
    legends wrapped, colour codes not counted; a board wider than the terminal in parts)."""
    from scorer.writing.boardtext import fit_board

    return fit_board(board, terminal_width())
