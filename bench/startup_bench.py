"""Start-up cost of the command line: CPU-seconds of `scorer --help` and `scorer verify FILE`.

    python bench/startup_bench.py [--runs 9]

Every figure is the CPU time (user + system) of one child process, the median of ``--runs``
runs; the commands are run round-robin (one run of each, then the next round), so a busy
machine slows them all alike. Beside each figure: its target (issue 15). A game's own import
cost (``get(game, REFEREE)`` in a fresh interpreter, less the interpreter and the registry) is
printed per game: it belongs to the game package, the rest to the shared pipeline and CLI.

The children run with byte code caching on (PYTHONDONTWRITEBYTECODE removed from their
environment), as an installed scorer does; a first untimed run of each command writes it.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: One complete record of each game (the README's kind of input).
FIXTURES = {
    "citrus": "fixtures/citrus/valid/sim-2p.json",
    "hacienda": "fixtures/hacienda/valid/2p-demo-standard.json",
    "harmonies": "fixtures/harmonies/valid/2p-side-a.json",
    "kuhfstein": "fixtures/kuhfstein/valid/sim-2p-seed1.json",
}

HELP_TARGET = 0.12
VERIFY_TARGET = 0.2

#: The children's environment: byte code cached, as in an installation.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def scorer_command() -> list[str]:
    """``python -m scorer`` (what the ``scorer`` script runs too: ``scorer.cli:main``), so the
    tree the benchmark is run from is the one measured."""
    return [sys.executable, "-m", "scorer"]


def cpu_seconds(argv: list[str], cwd: Path = ROOT) -> float:
    """User + system CPU time of one run of ``argv`` in ``cwd`` (output discarded)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        argv, cwd=cwd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(
    commands: dict[str, list[str]], runs: int, cwds: dict[str, Path] | None = None
) -> dict[str, float]:
    """Median CPU-seconds per command, the commands interleaved round by round."""
    where = cwds or {}
    for name, argv in commands.items():  # compile the byte code once, outside the figures
        cpu_seconds(argv, where.get(name, ROOT))
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            samples[name].append(cpu_seconds(argv, where.get(name, ROOT)))
    return {name: statistics.median(values) for name, values in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument(
        "--against",
        type=Path,
        help="another source tree of scorer (an earlier commit): its figures, measured in the "
        "same rounds, are printed beside",
    )
    args = parser.parse_args()
    scorer = scorer_command()
    py = [sys.executable, "-c"]
    commands: dict[str, list[str]] = {
        "python": [*py, "pass"],
        "import typer": [*py, "import typer"],
        "registry": [*py, "import scorer.registry"],
        "scorer --help": [*scorer, "--help"],
    }
    for game, fixture in FIXTURES.items():
        commands[f"verify {game}"] = [*scorer, "verify", fixture]
        commands[f"import {game}"] = [
            *py,
            "from scorer.registry import get; from scorer.core.roles import REFEREE; "
            f"get({game!r}, REFEREE)",
        ]
    cwds: dict[str, Path] = {}
    if args.against is not None:
        for name in [n for n in commands if n.startswith("scorer") or n.startswith("verify")]:
            commands["before " + name] = commands[name]
            cwds["before " + name] = args.against.resolve()
    median = measure(commands, args.runs, cwds)

    def before(name: str) -> str:
        was = median.get("before " + name)
        return f"  (before: {was:.3f})" if was is not None else ""

    print(f"CPU-seconds (user+sys), median of {args.runs} interleaved runs; {' '.join(scorer)}")
    print(f"  {'python -c pass':<34} {median['python']:6.3f}   (the interpreter alone)")
    typer_label = 'python -c "import typer"'
    print(f"  {typer_label:<34} {median['import typer']:6.3f}   (Typer alone)")
    print(
        f"  {'scorer --help':<34} {median['scorer --help']:6.3f}   target < {HELP_TARGET}"
        f"  {'ok' if median['scorer --help'] < HELP_TARGET else 'MISSED'}{before('scorer --help')}"
    )
    for game, fixture in FIXTURES.items():
        cpu = median[f"verify {game}"]
        own = max(0.0, median[f"import {game}"] - median["registry"])
        print(
            f"  {'scorer verify ' + Path(fixture).name:<34} {cpu:6.3f}   target < {VERIFY_TARGET}"
            f"  {'ok' if cpu < VERIFY_TARGET else 'MISSED'}   ({game}: its own import "
            f"{own:.3f}, owned by the game){before('verify ' + game)}"
        )


if __name__ == "__main__":
    main()
