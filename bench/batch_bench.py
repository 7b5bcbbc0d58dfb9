"""Batch throughput: --jobs 2 against --jobs 1, a whole `scorer batch` process against a
python-chess process, the break-even of worker processes, peak memory, Dask.

    python bench/batch_bench.py [--records 4000] [--chess-records 500] [--rounds 3]
                                [--break-even] [--ndjson-records 100000] [--no-dask]

Every run is a real `scorer batch` subprocess writing NDJSON to /dev/null, timed by wall clock
and by CPU time (user + system of the process and its workers, from ru_utime/ru_stime of the
children); runs that are compared are interleaved round by round, and the figure printed is
the median over rounds. The children cache byte code (PYTHONDONTWRITEBYTECODE removed), as an
installed scorer does.

* ``--jobs 2`` / ``--jobs 1`` on ``--records`` records (target >= 1.8 in wall time on 2 cores).
* a whole ``scorer batch --jobs 1`` process on ``--chess-records`` simulated records against a
  python-chess process reading and checking PGN games of about as many moves as the records
  have steps: the ratio of steps per CPU-second (start-up included) to moves per CPU-second
  (target >= 2).
* ``--break-even``: wall time of ``--jobs 1`` and ``--jobs 2`` from 8 to 256 records, the
  figures behind the default of ``--jobs`` (scorer.running.batch.SERIAL_BYTES).
* peak RSS on a large NDJSON file (``--ndjson-records``, 0 to skip).
* ``--dask local`` against ``--jobs 2`` in wall time and CPU (``--no-dask`` to skip).

The corpora repeat simulated games with a distinct ``meta`` each, so no two lines are equal.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorer.core.roles import MOVES
from scorer.registry import game_names, get

#: The repository this file belongs to: its ``scorer`` is the one the children run, from
#: whatever directory the benchmark starts (not an installed copy of another tree).
ROOT = Path(__file__).resolve().parent.parent

#: The children's environment: byte code cached, as in an installation.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), ENV.get("PYTHONPATH")) if p)

CHESS_READER = """
import sys, chess.pgn
moves = 0
with open(sys.argv[1], encoding="utf-8") as handle:
    while (game := chess.pgn.read_game(handle)) is not None:
        assert not game.errors
        moves += sum(1 for _ in game.mainline_moves())
print(moves)
"""


def mixed_corpus(count: int, seed: int) -> list[bytes]:
    games = game_names()
    out = []
    for k in range(count):
        game = games[k % len(games)]
        options = {"map": "demo-7x6"} if game == "hacienda" else {}  # the README figures' map
        out.append(orjson.dumps(get(game, MOVES).simulate(2 + k % 2, seed + k, options)))
    return out


def _copy(record: bytes, k: int) -> bytes:
    """The record with its own ``meta``, so that no two lines are equal."""
    doc = orjson.loads(record)
    doc["meta"] = {"copy": k}
    return orjson.dumps(doc)


def write_ndjson(path: Path, corpus: list[bytes], count: int) -> Path:
    with path.open("wb") as handle:
        for k in range(count):
            handle.write(_copy(corpus[k % len(corpus)], k) + b"\n")
    return path


def in_process(corpus: list[bytes], jobs: int) -> float:
    """Records/s of the batch engine itself (workers already started), NDJSON output."""
    from scorer.reading.items import Item, mark_duplicates
    from scorer.running.batch import run_local, warm_up
    from scorer.running.runtime import tune_gc
    from scorer.writing.formats import WRITERS

    tune_gc()
    warm_up()
    items = [Item("bench.ndjson", k + 1, data) for k, data in enumerate(corpus)]
    writer = WRITERS["ndjson"](io.BytesIO())
    results = run_local(mark_duplicates(items), jobs, render="ndjson")
    first = next(results)  # the pool is up once the first chunk is back
    t0 = time.perf_counter()
    count = 1
    writer.add(first)
    for result in results:
        writer.add(result)
        count += 1
    writer.finish()
    return (count - 1) / (time.perf_counter() - t0)


def timed(argv: list[str]) -> tuple[float, float, int, int]:
    """Wall seconds, CPU seconds (with its children), exit code and peak RSS (KiB) of a run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(argv, env=ENV, stdout=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, proc.returncode, max(after.ru_maxrss, before.ru_maxrss)


def batch(*args: str) -> list[str]:
    return [sys.executable, "-m", "scorer", "batch", "--quiet", "--format", "ndjson", *args]


def run(args: list[str]) -> tuple[float, int, int]:
    """Seconds, exit code and peak RSS (KiB) of one `scorer batch` run."""
    wall, _, code, peak = timed(batch("--output", "/dev/null", *args))
    return wall, code, peak


def interleaved(commands: dict[str, list[str]], rounds: int) -> dict[str, tuple[float, float]]:
    """Median wall and CPU seconds of each command, run round-robin ``rounds`` times (after
    one untimed run each, which also writes the byte code)."""
    for argv in commands.values():
        timed(argv)
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, argv in commands.items():
            wall, cpu, code, _ = timed(argv)
            if code not in (0, 1):
                raise SystemExit(f"{name}: exit code {code}")
            walls[name].append(wall)
            cpus[name].append(cpu)
    return {n: (statistics.median(walls[n]), statistics.median(cpus[n])) for n in commands}


def jobs_ratio(path: Path, count: int, rounds: int) -> None:
    """--jobs 2 against --jobs 1 on the same file, whole processes, interleaved."""
    out = ["--output", "/dev/null", str(path)]
    med = interleaved({"1": batch("--jobs", "1", *out), "2": batch("--jobs", "2", *out)}, rounds)
    (w1, c1), (w2, c2) = med["1"], med["2"]
    print(f"--jobs 2 against --jobs 1, {count} records, median of {rounds} interleaved rounds:")
    print(f"  --jobs 1: {w1:6.2f} s wall {c1:6.2f} CPU-s  ({count / w1:7.1f} records/s)")
    print(f"  --jobs 2: {w2:6.2f} s wall {c2:6.2f} CPU-s  ({count / w2:7.1f} records/s)")
    print(
        f"  speed-up in wall time {w1 / w2:.2f} (target >= 1.8); CPU-s of --jobs 2 over "
        f"--jobs 1: {c2 / c1:.2f} (the cost of the workers' start-up and hand-over)"
    )


def dask_ratio(path: Path, count: int, rounds: int) -> None:
    """--dask local (2 workers) against --jobs 2 on the same file, whole processes (cluster
    start-up included), interleaved (target: within 1.15x in wall time and CPU)."""
    out = ["--output", "/dev/null", str(path)]
    med = interleaved(
        {"2": batch("--jobs", "2", *out), "d": batch("--dask", "local", *out)}, rounds
    )
    (w2, c2), (wd, cd) = med["2"], med["d"]
    print(f"--dask local against --jobs 2, {count} records, median of {rounds} interleaved rounds:")
    print(f"  --jobs 2:     {w2:6.2f} s wall {c2:6.2f} CPU-s")
    print(f"  --dask local: {wd:6.2f} s wall {cd:6.2f} CPU-s")
    print(f"  Dask over --jobs 2: wall {wd / w2:.2f}, CPU {cd / c2:.2f} (target <= 1.15)")


def chess_pgn(path: Path, plies: int, seed: int) -> int:
    """Random legal PGN games of about 100 plies each, ``plies`` in all; the plies written."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    written = 0
    with path.open("w", encoding="utf-8") as handle:
        while written < plies:
            board = chess.Board()
            game = chess.pgn.Game()
            node = game
            while len(board.move_stack) < 100 and not board.is_game_over():
                move = rng.choice(sorted(board.legal_moves, key=lambda m: m.uci()))
                node = node.add_variation(move)
                board.push(move)
            written += len(board.move_stack)
            handle.write(str(game) + "\n\n")
    return written


def against_chess(corpus: list[bytes], tmp: Path, rounds: int, seed: int) -> None:
    """Steps per CPU-second of a whole `scorer batch --jobs 1` process over moves per
    CPU-second of a whole python-chess process (start-up included on both sides)."""
    try:
        import chess  # noqa: F401
    except ImportError:
        print("python-chess not installed (pip install '.[bench]'): no ratio to python-chess")
        return
    from scorer.referee.pipeline import verify_bytes

    steps = sum(verify_bytes(d).steps_verified for d in corpus)
    records = write_ndjson(tmp / "chess-pair.ndjson", corpus, len(corpus))
    pgn = tmp / "games.pgn"
    moves = chess_pgn(pgn, steps, seed)
    reader = tmp / "read_pgn.py"
    reader.write_text(CHESS_READER, encoding="utf-8")
    med = interleaved(
        {
            "scorer": batch("--jobs", "1", "--output", "/dev/null", str(records)),
            "chess": [sys.executable, str(reader), str(pgn)],
        },
        rounds,
    )
    ours, theirs = steps / med["scorer"][1], moves / med["chess"][1]
    print(f"whole processes, median of {rounds} interleaved rounds (CPU time, start-up included):")
    print(
        f"  scorer batch --jobs 1, {len(corpus)} records, {steps} steps: "
        f"{med['scorer'][1]:5.2f} CPU-s, {ours:8.0f} steps/CPU-s"
    )
    print(
        f"  python-chess reading {moves} PGN moves:{'':14}{med['chess'][1]:5.2f} CPU-s, "
        f"{theirs:8.0f} moves/CPU-s"
    )
    print(f"  ratio {ours / theirs:.2f} (target >= 2)")


def break_even(corpus: list[bytes], tmp: Path, rounds: int) -> None:
    """Wall time of --jobs 1 and --jobs 2 by input size, to place the default of --jobs."""
    print(f"break-even of worker processes (wall time, median of {rounds} interleaved rounds):")
    for count in (8, 16, 32, 64, 128, 256):
        path = write_ndjson(tmp / f"size-{count}.ndjson", corpus, count)
        out = ["--output", "/dev/null", str(path)]
        med = interleaved(
            {"1": batch("--jobs", "1", *out), "2": batch("--jobs", "2", *out)}, rounds
        )
        (w1, c1), (w2, c2) = med["1"], med["2"]
        faster = "--jobs 1" if w1 <= w2 else "--jobs 2"
        print(
            f"  {count:4} records {path.stat().st_size / 1e6:5.2f} MB: --jobs 1 {w1:5.2f} s "
            f"({c1:5.2f} CPU-s), --jobs 2 {w2:5.2f} s ({c2:5.2f} CPU-s): {faster} is faster"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=4000, help="records of the jobs ratio")
    parser.add_argument("--simulated", type=int, default=400, help="distinct simulated games")
    parser.add_argument("--chess-records", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--break-even", action="store_true")
    parser.add_argument("--ndjson-records", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    corpus = mixed_corpus(args.simulated, args.seed)
    print(
        f"mixed corpus: {args.simulated} simulated games of {', '.join(game_names())}, "
        "repeated with a distinct meta each"
    )
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        path = write_ndjson(tmp / "mixed.ndjson", corpus, args.records)
        jobs_ratio(path, args.records, args.rounds)
        chess_corpus = mixed_corpus(args.chess_records, args.seed + 100_000)
        against_chess(chess_corpus, tmp, args.rounds, args.seed)
        if args.break_even:
            break_even(corpus, tmp, args.rounds)
        copies = [_copy(corpus[k % len(corpus)], k) for k in range(args.records)]
        steady = {jobs: in_process(copies, jobs) for jobs in (1, 2)}
        print(
            f"steady state (after start-up, in this process): --jobs 1 {steady[1]:8.1f} "
            f"records/s, --jobs 2 {steady[2]:8.1f} records/s, speed-up "
            f"{steady[2] / steady[1]:.2f}"
        )
        if args.ndjson_records:
            _, _, small_peak = run(["--jobs", "2", str(path)])
            big = write_ndjson(tmp / "big.ndjson", corpus, args.ndjson_records)
            size = big.stat().st_size / 1e6
            seconds, code, peak = run(["--jobs", "2", str(big)])
            print(
                f"large NDJSON, --jobs 2: {args.ndjson_records} records, {size:.0f} MB: "
                f"{args.ndjson_records / seconds:8.1f} records/s; peak RSS of any scorer "
                f"process {peak / 1024:.0f} MiB (after the {args.records}-record runs: "
                f"{small_peak / 1024:.0f} MiB) (exit {code})"
            )
        if not args.no_dask:
            dask_ratio(path, args.records, args.rounds)


if __name__ == "__main__":
    main()
