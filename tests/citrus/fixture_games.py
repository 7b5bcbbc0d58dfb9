"""The simulated games behind Citrus's option and greedy fixtures (issue 13 §6), and what each
must show: ``python -m tests.citrus.fixture_games`` rewrites the files and their
``cases.json`` entries; ``test_fixture_paths.py`` asserts that each fixture really takes the
path its option is about.

Each entry: file name → (players, seed, simulate options, the ``features`` words the game must
show). Options fixtures not listed here (``sim-family``, ``sim-reject``, ``sim-random-start``,
``sim-short-generated``, ``sim-demo-2``) already exercised their option and are kept as they
were; their paths are asserted by the test all the same.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2] / "fixtures" / "citrus"

GAMES: dict[str, tuple[int, int, dict[str, Any], frozenset[str]]] = {
    "sim-yucata.json": (
        3,
        205,
        {"preset": "yucata", "policy": "greedy", "seek": "landscape", "landscape": "mix"},
        frozenset({"horse_taken", "cart_used"}),
    ),
    "sim-horse-one-cart-cost.json": (
        3,
        206,
        {
            "horse_points": "one",
            "cart_cost": 1,
            "policy": "greedy",
            "seek": "landscape",
            "landscape": "mix",
        },
        frozenset({"horse_taken", "cart_used"}),
    ),
    "sim-fusion-new-tile.json": (
        3,
        210,
        {"fusion_count_new_tile": True, "policy": "greedy", "seek": "merge"},
        frozenset({"fusion_by_new_tile", "merge_neutral"}),
    ),
    **{
        f"sim-greedy-{n}p.json": (n, 300 + n, {"policy": "greedy"}, frozenset({"finca_scored"}))
        for n in (2, 3, 4, 5)
    },
}


def write() -> None:
    from scorer.games.citrus import moves
    from scorer.referee.pipeline import verify_document

    cases = json.loads((ROOT / "cases.json").read_text())
    by_file = {c["file"]: c for c in cases}
    for name, (players, seed, options, _) in GAMES.items():
        record = moves.simulate(players, seed, options)
        (ROOT / "valid" / name).write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")
        result = verify_document(record, name)
        assert result.status == "ok" and result.scores is not None, name
        scores = {p.name: p.total for p in result.scores.players}
        shown = {k: v for k, v in options.items() if k != "policy"}
        entry = {
            "file": f"valid/{name}",
            "description": f"simulated complete {players}-player game, greedy policy"
            + (f", options {shown}" if shown else "")
            + f" (ends by {result.scores.end_reason})",
            "expect": {"status": "ok", "scores": scores},
        }
        if entry["file"] in by_file:
            by_file[entry["file"]].update(entry)
        else:
            cases.append(entry)
    (ROOT / "cases.json").write_text(json.dumps(cases, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    write()
