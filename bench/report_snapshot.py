"""Snapshot every finding the scorer gives on a fixed corpus, to prove a change alters none.

    python bench/report_snapshot.py OUT_DIR [--per-game 2000] [--corpus OLD_DIR/corpus]
                                    [--game GAME ...] [--raw]

writes ``OUT_DIR/corpus/<game>.ndjson`` (simulated games of every player count, seeds 0..N-1,
plus one deterministic single-step mutation of each, so rejection paths are covered too) and
``OUT_DIR/report.json``: the ``scorer-report/1`` of the shipped fixtures and of the corpus,
normalised (keys sorted; members added by later issues that carry no verdict, such as
``line``/``col`` of a finding and a record's component fingerprint, are dropped).

Compare two snapshots with ``cmp A/report.json B/report.json``: the corpus is rebuilt from the
same seeds, so any difference is a changed verdict, finding, pointer or score. ``--raw`` keeps
every member (a byte-for-byte comparison of the reports, for changes that must alter nothing at
all); ``--game`` limits the snapshot to some games' fixtures and corpus files. Without
``--corpus`` the corpus is simulated afresh, so ``cmp`` of two corpus folders shows whether
the simulators still play the same games from the same seeds.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = {
    "harmonies": (1, 2, 3, 4),
    "kuhfstein": (2, 3, 4),
    "citrus": (2, 3, 4),
    "hacienda": (2, 3, 4),
}
#: Members of a finding / result that later issues add without changing a verdict.
DROP = {
    "line",
    "col",
    "fingerprint",
    "end_reason",
    "end_text",
    "legal",
    "legal_more",
    "legal_note",
    "legal_text",
    "page",
}


def mutate(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One single-step mutation: nudge a number, swap a string, or drop a step."""
    rec = copy.deepcopy(record)
    moves = [m for m in rec.get("moves", []) if m.get("steps")]
    if not moves:
        return rec
    move = rng.choice(moves)
    steps = move["steps"]
    i = rng.randrange(len(steps))
    kind = rng.randrange(3)
    if kind == 0:
        del steps[i]
        return rec
    step = steps[i]
    keys = sorted(k for k in step if k != "do")
    if not keys:
        del steps[i]
        return rec
    key = rng.choice(keys)
    value = step[key]
    if isinstance(value, list) and value and all(isinstance(v, int) for v in value):
        j = rng.randrange(len(value))
        value[j] += rng.choice((-1, 1))
    elif isinstance(value, int) and not isinstance(value, bool):
        step[key] = value + rng.choice((-1, 1))
    elif isinstance(value, str):
        pool = sorted({v for s in steps for v in s.values() if isinstance(v, str)} - {value})
        step[key] = rng.choice(pool) if pool else value + "x"
    else:
        del steps[i]
    return rec


def build_corpus(out: Path, per_game: int, games: list[str]) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    files = []
    for game, counts in PLAYERS.items():
        if game not in games:
            continue
        path = out / f"{game}.ndjson"
        files.append(path)
        if path.exists():
            continue
        lines: list[str] = []
        per_count = per_game // len(counts)
        for players in counts:
            proc = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "scorer",
                    "simulate",
                    game,
                    "--players",
                    str(players),
                    "--seed",
                    "0",
                    "--count",
                    str(per_count),
                ],
                check=True,
                capture_output=True,
                text=True,
                cwd=ROOT,
            )
            for k, line in enumerate(proc.stdout.splitlines()):
                rec = json.loads(line)
                lines.append(json.dumps(rec, sort_keys=True))
                rng = random.Random(f"{game}-{players}-{k}")
                lines.append(json.dumps(mutate(rec, rng), sort_keys=True))
        path.write_text("\n".join(lines) + "\n")
    return files


def normalise(value: Any, drop: set[str]) -> Any:
    if isinstance(value, dict):
        return {k: normalise(v, drop) for k, v in sorted(value.items()) if k not in drop}
    if isinstance(value, list):
        return [normalise(v, drop) for v in value]
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--per-game", type=int, default=2000)
    parser.add_argument("--corpus", type=Path, help="reuse the corpus folder of a snapshot")
    parser.add_argument("--game", action="append", choices=sorted(PLAYERS), help="only GAME")
    parser.add_argument("--raw", action="store_true", help="keep every member (byte for byte)")
    args = parser.parse_args()
    games = args.game or list(PLAYERS)
    if args.corpus is not None:
        corpus = [args.corpus.resolve() / f"{game}.ndjson" for game in PLAYERS if game in games]
        args.out.mkdir(parents=True, exist_ok=True)
    else:
        corpus = build_corpus(args.out / "corpus", args.per_game, games)
    fixtures = sorted(
        str(p.relative_to(ROOT)) for game in games for p in ROOT.glob(f"fixtures/{game}/*/*.json")
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "scorer",
            "batch",
            "--format",
            "json",
            "--jobs",
            "2",
            "--fail-on",
            "error",
            *fixtures,
            *map(str, corpus),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    if proc.returncode not in (0, 1):
        sys.exit(f"scorer batch failed ({proc.returncode}): {proc.stderr[-2000:]}")
    text = proc.stdout
    for path in corpus:  # the corpus may lie anywhere: name its files alike in every snapshot
        text = text.replace(json.dumps(str(path))[1:-1], f"corpus/{path.name}")
    report = normalise(json.loads(text), set() if args.raw else DROP)
    report.pop("summary", None)
    (args.out / "report.json").write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
    results = report.get("records", [])
    statuses: dict[str, int] = {}
    for r in results:
        statuses[r.get("status", "?")] = statuses.get(r.get("status", "?"), 0) + 1
    print(f"{len(results)} results: {statuses}")


if __name__ == "__main__":
    main()
