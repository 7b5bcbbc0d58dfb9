"""How simulated games end, and which rare paths they take, under a simulator policy.

    python bench/policy_outcomes.py [GAME ...] [--games 100] [--policy greedy] [--seed 0]
                                    [--players N ...] [--option NAME=JSON ...]

For each game and player count, ``--games`` games are simulated from seeds ``seed``,
``seed + 1``, ... and verified (every one must verify: a simulator that writes an illegal game
is a bug, and the script stops on it). It prints, per player count, how the games ended (the
score sheet's ``end_reason``, counted) and the rare paths the games took (each game's
``simulate.features(record, state)``: a set of words such as ``merge_own`` or
``land_pile_exhausted``, counted in games), and the CPU seconds a game took to simulate and to
verify. Issue 13's targets read off it: Kuhfstein greedy games ending by ``threshold``, Citrus
greedy games ending other than in ``stalemate`` and merging, Hacienda games exhausting the land
pile and reaching 30 animal tiles.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorer.core.roles import CATALOGUE, MOVES  # noqa: E402
from scorer.referee.pipeline import verify_document  # noqa: E402
from scorer.registry import game_names, get  # noqa: E402


def run(game: str, players: int, games: int, seed: int, options: dict[str, Any]) -> None:
    moves = get(game, MOVES)
    module = importlib.import_module(f"scorer.games.{game}.simulate")
    features = getattr(module, "features", None)
    ends: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    sim_cpu = verify_cpu = 0.0
    for k in range(games):
        t0 = time.process_time()
        record = moves.simulate(players, seed + k, options)
        t1 = time.process_time()
        result = verify_document(record, f"{game}-{players}p-seed{seed + k}")
        verify_cpu += time.process_time() - t1
        sim_cpu += t1 - t0
        if result.status != "ok":
            first = result.findings[0] if result.findings else None
            sys.exit(f"{game} {players}p seed {seed + k}: {result.status} {first}")
        assert result.scores is not None
        ends[str(result.scores.end_reason)] += 1
        if features is not None:
            seen.update(features(record, result.state))
    head = f"{game} {players}p, {games} games:"
    end = ", ".join(f"{word} {n} ({100 * n / games:.0f} %)" for word, n in ends.most_common())
    print(f"{head} ended by {end}")
    if seen:
        print("  paths: " + ", ".join(f"{w} {n}" for w, n in sorted(seen.items())))
    print(f"  CPU per game: simulate {sim_cpu / games:.3f} s, verify {verify_cpu / games:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games_", nargs="*", metavar="GAME", help="games (default: all)")
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--policy", default="greedy", choices=("random", "greedy"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, action="append", help="only these counts")
    parser.add_argument("--option", action="append", default=[], help="NAME=JSON-VALUE")
    args = parser.parse_args()
    options: dict[str, Any] = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = json.loads(value)
    if args.policy != "random":
        options["policy"] = args.policy
    for game in args.games_ or game_names():
        low, high = get(game, CATALOGUE).PLAYER_COUNTS
        for players in args.players or range(low, high + 1):
            if low <= players <= high:
                run(game, players, args.games, args.seed, options)


if __name__ == "__main__":
    main()
