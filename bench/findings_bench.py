"""Cost of many findings in one record: --max-findings must stay linear (issue 23, item 2).

    python bench/findings_bench.py [--sizes 2000,4000,8000,16000] [--game citrus]

Builds (not timed) compact records of ``--game`` whose every move names a player who is not
in ``players`` (one REC-PLAYER-1 each with ``--keep-going``), and records whose ``claimed``
names as many unknown players (one REC-CLAIM-1 each: findings in one object instead of one
array), then times ``verify_bytes`` with the cap above the count. Linear: the time per finding
stays flat as the size doubles (before issue 23 the placing of findings in
``scorer.reading.sourcemap`` was quadratic: 8,000 findings took 7.8 s, 16,000 about 30 s).
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
from scorer.referee.settings import VerifyOptions
from scorer.registry import get


def records(game: str, size: int) -> dict[str, bytes]:
    base = get(game, MOVES).simulate(2, 1, {})
    stranger = [{**base["moves"][0], "player": "Zed"} for _ in range(size)]
    claims = {"scores": {f"P{k}": 1 for k in range(size)}}
    return {
        "moves of a stranger": orjson.dumps({**base, "moves": stranger}),
        "claims of strangers": orjson.dumps({**base, "claimed": claims}),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2000,4000,8000,16000")
    parser.add_argument("--game", default="citrus")
    args = parser.parse_args()
    print(f"{'record':<22} {'findings':>9} {'seconds':>8} {'µs/finding':>11}")
    for size in (int(s) for s in args.sizes.split(",")):
        options = VerifyOptions(keep_going=True, max_findings=10 * size)
        for label, data in records(args.game, size).items():
            start = time.process_time()
            result = verify_bytes(data, "<bench>", options)
            took = time.process_time() - start
            count = len(result.findings)
            print(f"{label:<22} {count:>9,} {took:>8.2f} {1e6 * took / count:>11.1f}")


if __name__ == "__main__":
    main()
