"""Verify throughput: records/s and steps/s over a simulated corpus, against python-chess.

    python bench/verify_bench.py [--game harmonies] [--records 500] [--chess-games 200]

For each game: simulate a corpus (not timed), serialise it to JSON bytes, then time the whole
pipeline per record (parse + schema + replay + scoring + claims) and each phase alone. Then
python-chess reads and replays random PGN games of about 100 plies; the ratio compares our
atomic steps/s with its moves/s (target ≥ 1). Also printed: python-chess's push_san alone,
without PGN reading, a stricter comparison. Needs the `bench` extra for python-chess.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson

from scorer.loading import parse
from scorer.pipeline import tune_gc, verify_bytes
from scorer.registry import game_names, get_rules
from scorer.replay import verify_record
from scorer.schemas import validate


def corpus(game: str, count: int, seed: int) -> list[bytes]:
    rules = get_rules(game)
    players = [1, 2, 3, 4] if game == "harmonies" else [2, 3, 4] if game != "hacienda" else [
        2, 3, 4, 5]
    options = {"map": "demo-7x6"} if game == "hacienda" else {}  # the figures' map (README)
    out = []
    for k in range(count):
        record = rules.simulate(players[k % len(players)], seed + k, options)
        out.append(orjson.dumps(record))
    return out


def bench_game(game: str, count: int, seed: int, profile: bool) -> float:
    data = corpus(game, count, seed)
    for d in data[:20]:  # warm-up (imports, caches), as for python-chess below
        verify_bytes(d)
    steps = 0
    t0 = time.perf_counter()
    for d in data:
        result = verify_bytes(d)
        if result.status != "ok":
            raise SystemExit(f"{game}: a simulated record did not verify: {result.findings[:3]}")
        steps += result.steps_verified
    total = time.perf_counter() - t0
    docs = [parse(d) for d in data]  # only now: live documents would slow the collector above
    t_parse = _time(lambda: [parse(d) for d in data])
    t_schema = _time(lambda: [validate(d) for d in docs])
    t_replay = _time(lambda: [verify_record(d) for d in docs])
    print(f"{game}: {count} records, {steps} steps, {len(b''.join(data)) / 1e6:.1f} MB")
    print(f"  whole pipeline: {count / total:9.1f} records/s  {steps / total:10.0f} steps/s")
    parts = {"parse": t_parse, "schema": t_schema, "replay+score+claims": t_replay}
    split = "  ".join(f"{k} {v / count * 1e6:7.0f} µs ({v / sum(parts.values()):4.0%})"
                      for k, v in parts.items())
    print(f"  per record, phases timed alone: {split}")
    if profile:
        prof = cProfile.Profile()
        prof.enable()
        for d in docs:
            verify_record(d)
        prof.disable()
        stream = io.StringIO()
        pstats.Stats(prof, stream=stream).sort_stats("tottime").print_stats(15)
        print(stream.getvalue())
    return steps / total


def _time(fn: object) -> float:
    t0 = time.perf_counter()
    fn()  # type: ignore[operator]
    return time.perf_counter() - t0


def bench_chess(games: int, seed: int) -> tuple[float, float]:
    try:
        import chess
        import chess.pgn
    except ImportError:
        print("python-chess not installed (pip install '.[bench]'): no ratio")
        return 0.0, 0.0
    rng = random.Random(seed)
    pgns = []
    for _ in range(games):
        board = chess.Board()
        game = chess.pgn.Game()
        node = game
        while len(board.move_stack) < 100 and not board.is_game_over():
            move = rng.choice(sorted(board.legal_moves, key=lambda m: m.uci()))
            node = node.add_variation(move)
            board.push(move)
        pgns.append(str(game))
    for text in pgns[:20]:  # warm-up
        chess.pgn.read_game(io.StringIO(text))
    moves = 0
    t0 = time.perf_counter()
    for text in pgns:
        game = chess.pgn.read_game(io.StringIO(text))  # parses and checks every SAN move
        assert game is not None and not game.errors
        moves += sum(1 for _ in game.mainline_moves())
    read = moves / (time.perf_counter() - t0)
    sans = [[n.san() for n in chess.pgn.read_game(io.StringIO(t)).mainline()]  # type: ignore
            for t in pgns]
    t0 = time.perf_counter()
    for line in sans:
        board = chess.Board()
        for san in line:
            board.push_san(san)
    push = moves / (time.perf_counter() - t0)
    print(f"python-chess: {games} games, {moves} moves: reading + replaying PGN {read:9.0f} "
          f"moves/s (push_san alone, no PGN: {push:.0f} moves/s)")
    return read, push


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", choices=game_names())
    parser.add_argument("--records", type=int, default=500)
    parser.add_argument("--chess-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--default-gc", action="store_true",
                        help="keep Python's default collector settings (the CLI tunes them)")
    args = parser.parse_args()
    if not args.default_gc:
        tune_gc()  # as `scorer` does at start-up; python-chess runs under the same settings
    read, push = bench_chess(args.chess_games, args.seed)
    for game in args.game or game_names():
        rate = bench_game(game, args.records, args.seed, args.profile)
        if read:
            print(f"  ratio to python-chess reading + replaying PGN: {rate / read:.2f} "
                  f"(target >= 1); to push_san alone: {rate / push:.2f}")


if __name__ == "__main__":
    main()
