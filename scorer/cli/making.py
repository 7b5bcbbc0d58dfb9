"""Commands that write new documents: simulate (records, or a demo event), import-map (a
Hacienda map from a .haz file), import bga (positions from Board Game Arena captures)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

GameArg = Annotated[str, typer.Argument(metavar="GAME", help="Game name.")]
PlayersOpt = Annotated[
    int,
    typer.Option(
        "--players",
        "-p",
        metavar="N",
        help="Number of players (--event: the largest table).",
    ),
]
SeedOpt = Annotated[int, typer.Option("--seed", "-s", metavar="N", help="Random seed.")]
CountOpt = Annotated[
    int | None,
    typer.Option(
        "--count",
        "-n",
        min=1,
        metavar="N",
        help="Games to write (default 1); more than 1 gives NDJSON.",
    ),
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help="Variant option NAME=JSON-VALUE (repeatable).",
    ),
]
MapOpt = Annotated[
    str | None,
    typer.Option(
        "--map",
        metavar="MAP",
        help="Hacienda: a shipped map id (default: a shipped custom map chosen by the seed).",
    ),
]
BoardOpt = Annotated[
    str | None,
    typer.Option("--board", metavar="BOARD", help="Citrus: a shipped board id or 'generated'."),
]
PolicyOpt = Annotated[
    str,
    typer.Option(
        "--policy",
        metavar="POLICY",
        help="How the simulated players choose: random (the default) or greedy "
        "(immediate score gain and progress toward the normal end, seeded tie-breaks).",
    ),
]
EventOpt = Annotated[
    str | None,
    typer.Option(
        "--event",
        metavar="EVENT",
        help="Write a demo event of this name (NDJSON): the roster seated at "
        "tables of up to --players players, round after round.",
    ),
]
RoundsOpt = Annotated[
    int | None,
    typer.Option("--rounds", min=1, metavar="N", help="Rounds of the --event (default 1)."),
]
RosterOpt = Annotated[
    str | None,
    typer.Option(
        "--roster",
        metavar="ROSTER",
        help="Players of the --event, separated by commas: Ann,Ben,Cid,...",
    ),
]


def simulate(
    game: GameArg,
    players: PlayersOpt = 2,
    seed: SeedOpt = 0,
    count: CountOpt = None,
    option: OptionOpt = None,
    map_id: MapOpt = None,
    board: BoardOpt = None,
    policy: PolicyOpt = "random",
    event: EventOpt = None,
    rounds: RoundsOpt = None,
    roster: RosterOpt = None,
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


def _parse_options(items: list[str]) -> dict[str, Any]:
    """``--option NAME=VALUE``: the value as JSON, else as the string written."""
    from scorer.reading.loading import parse

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


class RocksCode(StrEnum):
    six = "6"
    seven = "7"


MapFileArg = Annotated[
    Path,
    typer.Argument(metavar="FILE", help="A Hacienda .haz map file.", exists=True, dir_okay=False),
]
MapIdOpt = Annotated[
    str | None,
    typer.Option(
        "--id",
        metavar="MAP",
        help="Map id (default: haz- and the file name, as the shipped maps).",
    ),
]
MapNameOpt = Annotated[
    str | None,
    typer.Option(
        "--name",
        metavar="NAME",
        help="Map name (default: the file's MapName, else the file name in words).",
    ),
]
AuthorOpt = Annotated[
    str | None,
    typer.Option("--author", metavar="AUTHOR", help="Author (default: the file's Author)."),
]
LicenceOpt = Annotated[
    str | None,
    typer.Option(
        "--license",
        metavar="LICENCE",
        help="Licence of the map, e.g. 'CC BY 4.0' (not in .haz files; written only when given).",
    ),
]
RocksOpt = Annotated[
    RocksCode,
    typer.Option(
        "--rocks",
        help="The .haz code of rocks spaces; the other of 6 and 7 is mountain "
        "(the shipped maps use 6).",
    ),
]


#: Largest file import-map reads (the shipped .haz maps are 2 to 10 kB).
MAX_MAP_BYTES = 1024 * 1024


def import_map(
    file: MapFileArg,
    map_id: MapIdOpt = None,
    name: MapNameOpt = None,
    author: AuthorOpt = None,
    licence: LicenceOpt = None,
    rocks: RocksOpt = RocksCode.six,
) -> None:
    """Convert a Hacienda .haz map (Yucata / SpielByWeb) into the scorer's map encoding."""
    from scorer.core.roles import CATALOGUE
    from scorer.core.values import ImportFailed, located
    from scorer.registry import get
    from scorer.writing import report

    importer = get("hacienda", CATALOGUE).IMPORTERS["haz"]

    text = _read_map(file)
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
        typer.echo(f"{located(str(file), exc.line)}: {exc.rule} {exc.message}", err=True)
        raise typer.Exit(1) from None
    sys.stdout.buffer.write(report.dumps_document(encoded))


def _read_map(file: Path) -> str:
    """The text of a .haz file: at most MAX_MAP_BYTES are read (``/dev/zero`` too), a larger
    file is REC-SIZE-1 (exit 1); one that cannot be read or decoded exits 2."""
    try:
        with file.open("rb") as handle:
            data = handle.read(MAX_MAP_BYTES + 1)
        if len(data) > MAX_MAP_BYTES:
            typer.echo(f"{file}: REC-SIZE-1 file is larger than {MAX_MAP_BYTES:,} bytes", err=True)
            raise typer.Exit(1)
        return data.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        typer.echo(f"{file}: cannot read: {exc}", err=True)
        raise typer.Exit(2) from None


ImportFilesArg = Annotated[
    list[str],
    typer.Argument(metavar="FILE", help="A saved game of the other program ('-' = stdin)."),
]
ImportOutOpt = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        metavar="OUT",
        dir_okay=False,
        help="Write the position to OUT (several files: NDJSON, one position per line).",
    ),
]


def import_bga(files: ImportFilesArg, output: ImportOutOpt = None) -> None:
    """Convert Board Game Arena Harmonies captures (gamedatas or snapshot v1) into positions.

    Every problem is printed as FILE:LINE:COL: RULE message, pointing into the BGA file; a file
    with an error gives no position (exit 1; a file that cannot be read: exit 2)."""
    _import_positions("bga", files, output)


def _import_positions(source: str, files: list[str], output: Path | None) -> None:
    from scorer.cli.output import write_output
    from scorer.core.errors import RecordLoadError
    from scorer.core.values import VerifyResult
    from scorer.reading.imports import convert
    from scorer.reading.loading import parse_record, read_bytes
    from scorer.reading.positions import place
    from scorer.writing import report

    documents: list[dict[str, Any]] = []
    status = 0
    for file in files:
        try:
            data = read_bytes(file)
            doc = parse_record(data)
        except RecordLoadError as exc:
            typer.echo(f"{file}: {exc.rule} {exc.message}", err=True)
            status = max(status, 2 if exc.rule == "REC-IO-1" else 1)
            continue
        conversion = convert(doc, source)
        assert conversion is not None and conversion.imported is not None  # source is given
        imported = conversion.imported
        shown = VerifyResult(file, "position", conversion.game, "malformed", imported.findings)
        for f in place(shown, data, doc).findings:
            where = f"{file}:{f.line}:{f.col}" if f.line is not None else str(file)
            typer.echo(f"{where}: {f.rule} {f.message}", err=True)
        if imported.document is None:
            status = max(status, 1)
            continue
        imported.document["meta"]["file"] = Path(file).name
        documents.append(imported.document)
    if len(files) == 1 and documents:
        write_output(report.dumps_document(documents[0]), output)
    elif documents:
        write_output(b"".join(report.dumps_line(d) for d in documents), output)
    raise typer.Exit(status)


#: ``scorer import SOURCE``: the commands of the ``import`` group, one per source.
IMPORTS: tuple[tuple[str, Callable[..., None]], ...] = (("bga", import_bga),)
