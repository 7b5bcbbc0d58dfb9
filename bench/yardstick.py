"""The yardstick: what a record costs, against the least any verifier of it must pay.

    python bench/yardstick.py [--game citrus] [--records 300] [--rounds 5]
                              [--callgrind-records N] [--no-callgrind] [--corpus DIR]
                              [--json FILE] [--quick]

Per game, a pinned corpus: ``--records`` simulated 2-player records (seed ``--seed`` + k,
Hacienda on the demo-7x6 map), one NDJSON file written to ``--corpus`` (kept and reused
there) or to a temporary folder. Per game, in paired rounds run one after the other (so a
busy machine slows every side alike), the median over ``--rounds``:

* **whole**: CPU time (user + system) of a ``scorer batch --jobs 1`` process over the corpus,
  per record. Printed twice: start-up included (what a user pays for this file), and once
  started (the same process over one record subtracted, divided by the other records).
* **floor**: ``orjson.loads`` + jsonschema-rs ``is_valid`` against the record schema on the
  same bytes, in this process, per record (nothing is kept between records).
* **whole ÷ floor** in CPU time (once started, paired round by round) and in instructions:
  callgrind counts a ``scorer batch`` process over the first ``--callgrind-records`` records
  and over one record, and a floor process over the same, so start-up cancels out and what
  is left is per record. Skipped, with a note, where valgrind is not installed.
* **python-chess**, the second line: steps per CPU-second of the whole ``scorer batch``
  process (start-up included) over moves per CPU-second of a whole python-chess process
  reading and replaying PGN games of about 100 plies, as many moves as the corpus has
  steps (needs the ``bench`` extra); with callgrind, the same ratio in instructions (steps
  per instruction of the whole process over the whole corpus, both start-ups included).

``--quick`` is a smoke run (10 records, one round, 3 records under callgrind).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: python-chess, the peer: the same PGN games and reader as batch_bench's (this folder).
from batch_bench import CHESS_READER, chess_pgn  # noqa: E402

from scorer.core.roles import MOVES  # noqa: E402
from scorer.registry import game_names, get  # noqa: E402

#: The children's environment: byte code cached, as in an installation; hashes fixed, so
#: callgrind counts the same instructions on every run.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["PYTHONHASHSEED"] = "0"

#: The floor as a process of its own (for callgrind): read NDJSON, parse and validate each line.
FLOOR = """
import sys, orjson
sys.path.insert(0, sys.argv[2])  # the tree measured
from scorer.reading.schemas import _fast_validator
validator = _fast_validator("record.schema.json")
with open(sys.argv[1], "rb") as handle:
    for line in handle:
        assert validator.is_valid(orjson.loads(line))
"""


@dataclass
class Row:
    """The figures of one game (medians over rounds; None where not measured)."""

    game: str
    records: int
    steps: int
    startup_cpu_s: float = 0.0
    whole_us: float = 0.0  # per record, start-up included
    started_us: float = 0.0  # per record, once started
    floor_us: float = 0.0
    ratio_cpu: float = 0.0  # started ÷ floor, paired
    ratio_instructions: float | None = None
    whole_instructions: float | None = None  # per record, once started
    floor_instructions: float | None = None
    chess_ratio: float | None = None
    chess_range: list[float] = field(default_factory=list)
    #: the same ratio in instructions (callgrind, whole processes, start-up included on both
    #: sides): deterministic where the CPU ratio moves with the machine's other load
    chess_ratio_instructions: float | None = None


def corpus(game: str, count: int, seed: int, folder: Path) -> Path:
    """The pinned corpus of ``game`` (written once into ``folder``, then reused)."""
    path = folder / f"{game}-2p-{count}-seed{seed}.ndjson"
    if path.exists():
        return path
    options = {"map": "demo-7x6"} if game == "hacienda" else {}  # the figures' map (README)
    moves = get(game, MOVES)
    lines = [orjson.dumps(moves.simulate(2, seed + k, options)) for k in range(count)]
    partial = path.with_suffix(".part")
    partial.write_bytes(b"\n".join(lines) + b"\n")
    partial.replace(path)
    return path


def head(path: Path, count: int, out: Path) -> Path:
    """The first ``count`` lines of ``path`` in ``out``."""
    with path.open("rb") as handle:
        out.write_bytes(b"".join(line for _, line in zip(range(count), handle, strict=False)))
    return out


def child_cpu(argv: list[str]) -> float:
    """User + system CPU seconds of one run of ``argv`` (its output thrown away)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(argv, cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{argv[:4]}...: exit code {proc.returncode}")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def batch(path: Path) -> list[str]:
    return [sys.executable, "-m", "scorer", "batch", "--jobs", "1", "--quiet", "--format",
            "ndjson", "--output", "/dev/null", str(path)]  # fmt: skip


def floor_cpu(lines: list[bytes]) -> float:
    """CPU seconds of the floor over ``lines`` in this process (each result dropped)."""
    from scorer.reading.schemas import _fast_validator

    validator = _fast_validator("record.schema.json")
    loads, valid = orjson.loads, validator.is_valid
    t0 = time.process_time()
    for line in lines:
        if not valid(loads(line)):
            raise SystemExit("a simulated record is not schema-valid")
    return time.process_time() - t0


def steps_of(lines: list[bytes]) -> int:
    from scorer.referee.pipeline import verify_bytes

    return sum(verify_bytes(line).steps_verified for line in lines)


def has_chess() -> bool:
    try:
        import chess  # noqa: F401
    except ImportError:
        return False
    return True


def paired(row: Row, path: Path, one: Path, rounds: int, chess: tuple[Path, int] | None) -> None:
    """Fill the CPU figures of ``row``: each round runs every side once, back to back."""
    lines = path.read_bytes().splitlines()
    reader = one.parent / "read_pgn.py"
    reader.write_text(CHESS_READER, encoding="utf-8")
    floor_cpu(lines[:5])
    child_cpu(batch(one))  # writes the byte code, warms the file cache
    wholes, starts, floors, ratios, chess_ratios = [], [], [], [], []
    n = row.records
    for _ in range(rounds):
        whole = child_cpu(batch(path))
        start = child_cpu(batch(one))
        floor = floor_cpu(lines) / n
        started = max(0.0, whole - start) / max(1, n - 1)
        wholes.append(whole / n)
        starts.append(start)
        floors.append(floor)
        ratios.append(started / floor)
        if chess is not None:
            theirs = chess[1] / child_cpu([sys.executable, str(reader), str(chess[0])])
            chess_ratios.append(row.steps / whole / theirs)
    row.whole_us = statistics.median(wholes) * 1e6
    row.startup_cpu_s = statistics.median(starts)
    row.floor_us = statistics.median(floors) * 1e6
    row.started_us = max(0.0, row.whole_us * n - row.startup_cpu_s * 1e6) / max(1, n - 1)
    row.ratio_cpu = statistics.median(ratios)
    if chess_ratios:
        row.chess_ratio = statistics.median(chess_ratios)
        row.chess_range = [min(chess_ratios), max(chess_ratios)]


def instructions(argv: list[str], tmp: Path) -> int:
    """Instructions of one process under callgrind (the ``summary:`` of its output file),
    after one run outside it (which writes any byte code missing)."""
    child_cpu(argv)
    out = tmp / "callgrind.out"
    subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv],
        cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
    )  # fmt: skip
    for line in out.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise SystemExit("callgrind wrote no summary")


def floor_argv(script: Path, path: Path) -> list[str]:
    return [sys.executable, str(script), str(path), str(ROOT)]


def counted(
    row: Row, path: Path, one: Path, count: int, tmp: Path, chess: tuple[Path, int] | None
) -> None:
    """Fill the instruction figures of ``row`` (per record, start-up subtracted; against
    python-chess, whole processes over the whole corpus)."""
    part = head(path, count, tmp / "callgrind.ndjson")
    script = tmp / "floor.py"
    script.write_text(FLOOR, encoding="utf-8")
    process = instructions(batch(part), tmp)
    whole = process - instructions(batch(one), tmp)
    if chess is not None and count == row.records:
        theirs = instructions([sys.executable, str(tmp / "read_pgn.py"), str(chess[0])], tmp)
        row.chess_ratio_instructions = (row.steps / process) / (chess[1] / theirs)
    floor = instructions(floor_argv(script, part), tmp) - instructions(floor_argv(script, one), tmp)
    row.whole_instructions = whole / max(1, count - 1)
    row.floor_instructions = floor / max(1, count - 1)
    row.ratio_instructions = whole / floor if floor > 0 else None


def measure(game: str, args: argparse.Namespace, folder: Path, tmp: Path) -> Row:
    path = corpus(game, args.records, args.seed, folder)
    lines = path.read_bytes().splitlines()
    one = head(path, 1, tmp / f"{game}-one.ndjson")
    row = Row(game, len(lines), steps_of(lines))
    chess = None
    if has_chess():
        pgn = tmp / f"{game}.pgn"
        chess = (pgn, chess_pgn(pgn, row.steps, args.seed))
    paired(row, path, one, args.rounds, chess)
    if args.callgrind and shutil.which("valgrind"):
        window = len(lines) if args.callgrind_records is None else args.callgrind_records
        counted(row, path, one, min(window, len(lines)), tmp, chess)
    return row


def table(rows: list[Row], args: argparse.Namespace) -> str:
    """The figures as a Markdown table and the python-chess line of each game."""
    out = [
        f"{rows[0].records if rows else 0} simulated 2-player records per game, median of "
        f"{args.rounds} paired rounds (CPU time); instructions by callgrind on "
        f"{args.callgrind_records or 'the same'} records",
        "",
        "| game | whole µs/record (once started) | start-up CPU-s | floor µs/record "
        "| whole ÷ floor, CPU | whole ÷ floor, instructions |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        count = "—" if r.ratio_instructions is None else f"{r.ratio_instructions:.1f}"
        out.append(
            f"| {r.game} | {r.whole_us:,.0f} ({r.started_us:,.0f}) | {r.startup_cpu_s:.3f} "
            f"| {r.floor_us:,.0f} | {r.ratio_cpu:.1f} | {count} |"
        )
    if any(r.ratio_instructions is None for r in rows):
        why = "valgrind not installed" if not shutil.which("valgrind") else "--no-callgrind"
        out.append(f"(instructions not counted: {why})")
    out.append("")
    for r in rows:
        if r.chess_ratio is None:
            out.append(f"{r.game}: python-chess not installed (pip install '.[bench]')")
            continue
        low, high = r.chess_range
        counts = (
            ""
            if r.chess_ratio_instructions is None
            else f"; {r.chess_ratio_instructions:.2f}× in instructions"
        )
        out.append(
            f"{r.game}: whole scorer batch process {r.chess_ratio:.2f}× python-chess "
            f"(steps/CPU-s over PGN moves/CPU-s, start-up included; rounds {low:.2f}–{high:.2f})"
            f"{counts}"
        )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", choices=game_names())
    parser.add_argument("--records", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--callgrind-records",
        type=int,
        default=None,
        help="records counted under callgrind (default: the whole corpus, the records whose "
        "CPU time is measured: a short window weighs first-use costs such as a new map's tables)",
    )
    parser.add_argument("--no-callgrind", dest="callgrind", action="store_false")
    parser.add_argument("--corpus", type=Path, help="folder of the corpora (kept, reused)")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    args = parser.parse_args()
    if args.quick:
        args.records, args.rounds, args.callgrind_records = 10, 1, 3
    rows = []
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        folder = args.corpus or tmp
        folder.mkdir(parents=True, exist_ok=True)
        for game in args.game or game_names():
            rows.append(measure(game, args, folder, tmp))
            print(f"{game}: measured", file=sys.stderr, flush=True)
    print(table(rows, args))
    if args.json:
        args.json.write_bytes(orjson.dumps([asdict(r) for r in rows], option=orjson.OPT_INDENT_2))


if __name__ == "__main__":
    main()
