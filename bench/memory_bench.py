"""Peak memory of a batch of a million NDJSON records (duplicate detection must stay bounded),
and of ``verify`` and ``standings`` on many records (they stream too: flat in the records).

    python bench/memory_bench.py [--records 1000000] [--jobs 2] [--table-only]
    python bench/memory_bench.py --command verify --records 20000 --input games.ndjson
    python bench/memory_bench.py --command standings --records 20000 --input games.ndjson

Simulates a few games (one per game, small ones), or takes the NDJSON lines of ``--input``
(e.g. ``scorer simulate harmonies --count 20000``), then streams ``--records`` NDJSON lines
made from them, each with its own ``meta`` so that no two are equal, through a pipe into
``scorer batch - --jobs N --format ndjson --output /dev/null`` (so the run also shows that
standard input streams), ``scorer verify - --format ndjson`` (output to /dev/null) or
``scorer standings - --jobs N`` (each record a round of event ``bench``, output to /dev/null:
give distinct games with ``--input``, else every copy is one game, counted once). Peak RSS is
the largest resident set of any scorer process (the parent and its workers: ``ru_maxrss`` of
the children of this script). The generator's own memory is not counted.

``--table-only`` measures, in this process, just what duplicate detection keeps for that many
distinct records (tracemalloc), which is what would grow without bound.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson

from scorer.core.roles import MOVES
from scorer.registry import game_names, get


def seeds() -> list[dict[str, object]]:
    """The smallest of a few simulated games per game: quick to verify."""
    out = []
    for game in game_names():
        games = [get(game, MOVES).simulate(2, seed, {}) for seed in range(4)]
        out.append(min(games, key=lambda g: len(orjson.dumps(g))))
    return out


def lines(records: int, source: Path | None = None, event: bool = False) -> Iterator[bytes]:
    """``records`` NDJSON lines, each from a seed game (or a line of ``source``, in turn) with
    its own ``meta``: a copy number, or with ``event`` a round of event ``bench``."""
    if source is None:
        base = seeds()
    else:
        with source.open("rb") as f:
            base = [orjson.loads(line) for line in f if line.strip()]
    for k in range(records):
        doc = dict(base[k % len(base)])
        doc["meta"] = {"event": "bench", "round": k + 1} if event else {"copy": k}
        yield orjson.dumps(doc) + b"\n"


def table_only(records: int) -> None:
    from scorer.reading.items import Item, mark_duplicates

    items = (Item("big.ndjson", k + 1, b'{"meta": {"copy": %d}}' % k) for k in range(records))
    tracemalloc.start()
    t0 = time.perf_counter()
    for _ in mark_duplicates(items):
        pass
    current, peak = tracemalloc.get_traced_memory()
    print(
        f"duplicate detection of {records:,} distinct records: {current / 2**20:.1f} MiB kept, "
        f"peak {peak / 2**20:.1f} MiB ({time.perf_counter() - t0:.1f} s)"
    )


COMMANDS = {
    "batch": [
        "batch",
        "-",
        "--jobs",
        "{jobs}",
        "--quiet",
        "--format",
        "ndjson",
        "--output",
        "/dev/null",
        "--fail-on",
        "error",
    ],
    "verify": ["verify", "-", "--quiet", "--format", "ndjson"],
    "standings": ["standings", "-", "--jobs", "{jobs}", "--output", "/dev/null"],
}


def run(command_name: str, records: int, jobs: int, source: Path | None) -> None:
    """Peak RSS of ``scorer COMMAND -`` fed ``records`` lines on standard input."""
    args = [a.replace("{jobs}", str(jobs)) for a in COMMANDS[command_name]]
    command = [sys.executable, "-m", "scorer", *args]
    t0 = time.perf_counter()
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    assert proc.stdin is not None
    written = 0
    for line in lines(records, source, event=command_name == "standings"):
        proc.stdin.write(line)
        written += len(line)
    proc.stdin.close()
    code = proc.wait()
    seconds = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        f"scorer {' '.join(args)}: {records:,} records, {written / 1e9:.2f} GB on stdin, "
        f"{seconds:.0f} s ({records / seconds:.0f} records/s), exit {code}; peak RSS of any "
        f"scorer process {peak:.0f} MiB (target < 150 MiB)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--table-only", action="store_true")
    parser.add_argument("--command", choices=sorted(COMMANDS), default="batch")
    parser.add_argument("--input", type=Path, help="NDJSON records to copy (default: simulated)")
    args = parser.parse_args()
    if args.table_only:
        table_only(args.records)
    else:
        run(args.command, args.records, args.jobs, args.input)


if __name__ == "__main__":
    main()
