"""Batch throughput (--jobs 1 vs 2, Dask local cluster) and peak memory on a large NDJSON file.

    python bench/batch_bench.py [--records 400] [--ndjson-records 100000] [--no-dask]

Every run is a real `scorer batch` subprocess writing NDJSON to /dev/null; peak RSS is the
largest resident set of the run's processes (ru_maxrss of the children). The large NDJSON file
repeats simulated games with a distinct `meta` each, so no two lines are equal.
"""

from __future__ import annotations

import argparse
import io
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorer.registry import game_names, get_rules


def mixed_corpus(count: int, seed: int) -> list[bytes]:
    games = game_names()
    out = []
    for k in range(count):
        game = games[k % len(games)]
        options = {"map": "demo-7x6"} if game == "hacienda" else {}  # the README figures' map
        out.append(orjson.dumps(get_rules(game).simulate(2 + k % 2, seed + k, options)))
    return out


def _copy(record: bytes, k: int) -> bytes:
    """The record with its own ``meta``, so that no two lines are equal."""
    doc = orjson.loads(record)
    doc["meta"] = {"copy": k}
    return orjson.dumps(doc)


def in_process(corpus: list[bytes], jobs: int) -> float:
    """Records/s of the batch engine itself (workers already started), NDJSON output."""
    from scorer.batch import Item, mark_duplicates, run_local, warm_up
    from scorer.formats import WRITERS
    from scorer.runtime import tune_gc

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


def run(args: list[str]) -> tuple[float, int, int]:
    """Seconds, exit code and peak RSS (KiB) of one `scorer batch` run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "scorer",
            "batch",
            "--quiet",
            "--format",
            "ndjson",
            "--output",
            "/dev/null",
            *args,
        ],
        check=False,
    )
    seconds = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, proc.returncode, max(peak, before)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=600)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--ndjson-records", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    corpus = mixed_corpus(args.records, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mixed.ndjson"
        copies = [_copy(corpus[k % len(corpus)], k) for k in range(args.records * args.repeat)]
        path.write_bytes(b"\n".join(copies) + b"\n")
        corpus = copies
        print(
            f"mixed corpus: {len(corpus)} records of {', '.join(game_names())} "
            f"({args.records} simulated games, each {args.repeat} times with its own meta)"
        )
        rates = {}
        for jobs in (1, 2):
            seconds, code, small_peak = run(["--jobs", str(jobs), str(path)])
            rates[jobs] = len(corpus) / seconds
            print(
                f"  scorer batch --jobs {jobs}: {rates[jobs]:8.1f} records/s (exit {code}; "
                "process start-up included)"
            )
        print(f"  end-to-end speed-up 2 jobs / 1 job: {rates[2] / rates[1]:.2f}")
        # before any worker of this process exists: peak RSS counts scorer's processes only
        big = Path(tmp) / "big.ndjson"
        with big.open("wb") as handle:
            for k in range(args.ndjson_records):
                handle.write(_copy(corpus[k % len(corpus)], k) + b"\n")
        size = big.stat().st_size / 1e6
        seconds, code, peak = run(["--jobs", "2", str(big)])
        print(
            f"  large NDJSON, --jobs 2: {args.ndjson_records} records, {size:.0f} MB: "
            f"{args.ndjson_records / seconds:8.1f} records/s; peak RSS of any scorer process "
            f"{peak / 1024:.0f} MiB (after the {len(corpus)}-record runs: "
            f"{small_peak / 1024:.0f} MiB) (exit {code})"
        )

        steady = {jobs: in_process(corpus, jobs) for jobs in (1, 2)}
        print(
            f"  steady state (after start-up): --jobs 1 {steady[1]:8.1f} records/s, --jobs 2 "
            f"{steady[2]:8.1f} records/s, speed-up {steady[2] / steady[1]:.2f} "
            "(target >= 1.8)"
        )
        if not args.no_dask:
            seconds, code, _ = run(["--dask", "local", str(path)])
            print(
                f"  --dask local (2 workers): {len(corpus) / seconds:8.1f} records/s "
                f"(exit {code}, cluster start-up included)"
            )


if __name__ == "__main__":
    main()
