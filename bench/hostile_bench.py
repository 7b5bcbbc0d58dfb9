"""Hostile records: how long rejecting them takes, against valid records of the same size.

    python bench/hostile_bench.py [--moves 100000] [--valid 200]

Builds (not timed) a Harmonies record with ``--moves`` empty moves (``{"player": "Ann",
"steps": []}``, each missing its action: one schema error per move, about 4 MB pretty-printed),
the same with ``{}`` moves (three errors each), and one with a duplicate key in every move;
then times ``verify_bytes`` on each, and on simulated valid records to give the time a valid
record of that size takes (seconds per MB of valid input times the hostile record's size).
Also prints the cost per record of the duplicate-key check on the valid records.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson

from scorer.core.roles import MOVES
from scorer.referee.pipeline import verify_bytes
from scorer.registry import game_names, get
from scorer.running.runtime import tune_gc


def hostile(moves: int) -> dict[str, bytes]:
    base = get("harmonies", MOVES).simulate(2, 1, {})
    empty = {**base, "moves": [{"player": "Ann", "steps": []} for _ in range(moves)]}
    bare = {**base, "moves": [{} for _ in range(moves)]}
    pretty = orjson.dumps(empty, option=orjson.OPT_INDENT_2)
    dup = pretty.replace(b'"player": "Ann",', b'"player": "Ann", "player": "Ben",')
    return {
        f"{moves:,} empty moves": pretty,
        f"{moves:,} {{}} moves": orjson.dumps(bare, option=orjson.OPT_INDENT_2),
        f"{moves:,} moves with a duplicate key": dup,
    }


def valid_seconds_per_mb(count: int) -> tuple[float, float]:
    """Seconds per MB of valid records (all games), and the duplicate-key check per record."""
    from scorer.reading.loading import parse

    try:
        from scorer.reading.loading import has_duplicate_keys
    except ImportError:  # a scorer from before REC-JSON-2

        def has_duplicate_keys(data: bytes, doc: object) -> bool:
            return False

    data = []
    for k in range(count):
        game = game_names()[k % len(game_names())]
        record = get(game, MOVES).simulate(2 + k % 2, k, {})
        data.append(orjson.dumps(record, option=orjson.OPT_INDENT_2))
    for d in data[:20]:
        verify_bytes(d)
    t0 = time.perf_counter()
    for d in data:
        assert verify_bytes(d).status == "ok"
    seconds = time.perf_counter() - t0
    docs = [parse(d) for d in data]
    check = parsing = float("inf")
    for _ in range(5):  # CPU time, best of 5: the check is short and the machine shared
        t0 = time.process_time()
        for d, doc in zip(data, docs, strict=True):
            assert not has_duplicate_keys(d, doc)
        check = min(check, (time.process_time() - t0) / count)
        t0 = time.process_time()
        for d in data:
            parse(d)
        parsing = min(parsing, (time.process_time() - t0) / count)
    print(f"orjson parse {parsing * 1e6:.0f} µs per record")
    return seconds / (sum(map(len, data)) / 1e6), check


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=100_000)
    parser.add_argument("--valid", type=int, default=200)
    args = parser.parse_args()
    tune_gc()
    per_mb, check = valid_seconds_per_mb(args.valid)
    print(
        f"valid records: {per_mb:.3f} s per MB (pretty-printed); duplicate-key check "
        f"{check * 1e6:.0f} µs per record"
    )
    for name, data in hostile(args.moves).items():
        t0 = time.perf_counter()
        result = verify_bytes(data)
        seconds = time.perf_counter() - t0
        rules = sorted({f.rule for f in result.findings})
        print(
            f"{name}: {len(data) / 1e6:.1f} MB, rejected in {seconds:.2f} s "
            f"(a valid record of that size: {per_mb * len(data) / 1e6:.2f} s); "
            f"{result.status}, {len(result.findings)} findings {rules}"
        )


if __name__ == "__main__":
    main()
