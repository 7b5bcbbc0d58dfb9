"""bench/yardstick.py runs: its smoke run on a tiny corpus prints the table and writes every
figure (the shape of the output only, never a timing)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

FIGURES = {
    "game",
    "records",
    "steps",
    "startup_cpu_s",
    "whole_us",
    "started_us",
    "floor_us",
    "ratio_cpu",
    "ratio_instructions",
    "whole_instructions",
    "floor_instructions",
    "chess_ratio",
    "chess_range",
    "chess_ratio_instructions",
}


def test_quick_run_prints_the_table_and_writes_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    argv = [sys.executable, "bench/yardstick.py", "--quick", "--game", "harmonies"]
    argv += ["--no-callgrind", "--corpus", str(tmp_path / "corpus"), "--json", str(out)]
    proc = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=True)
    lines = proc.stdout.splitlines()
    assert any(line.startswith("| game | whole µs/record") for line in lines)
    assert any(line.startswith("| harmonies |") for line in lines)
    assert any(line.startswith("(instructions not counted") for line in lines)
    (row,) = json.loads(out.read_text(encoding="utf-8"))
    assert set(row) == FIGURES
    assert row["game"] == "harmonies" and row["records"] == 10 and row["steps"] > 0
    assert row["ratio_instructions"] is None
    assert len(list((tmp_path / "corpus").glob("harmonies-*.ndjson"))) == 1
