"""Which rule IDs do simulated games reach: on the accept path, and on the reject path.

    python bench/rule_coverage.py [GAME ...] [--games 24] [--mutations 40] [--seed 0]
                                  [--policy random|greedy|mixed] [--json OUT] [--quiet]

For each game of the catalogue (``scorer rules GAME``), simulated games of every player count
are verified while a line tracer records which lines of the game package ran. A rule's check is
the code a ``# RULE-ID`` comment heads (the guard clause below the comment, or the line an
inline comment ends): the **accept** column says whether any check of that rule ran while a
valid simulated game was verified. Then each game is mutated once per mutant (one number
nudged, one string swapped, one step dropped / repeated / moved, one member dropped, one cell
shifted, one move dropped or given to another player, one claim changed) and verified: the
**reject** column says whether a mutant got a finding of that rule. A game may add its own
single-step mutations (``tests/<game>/mutants``, ``MUTATORS``: edits that know its record,
such as a cart used where none is held); one mutant in three is then one of them.

A game whose ``simulate`` module defines ``COVERAGE_RUNS`` (a tuple of ``(players, options)``)
gets one more simulated game per entry, played and mutated the same way: the knobs and
variants that take games onto the rare paths the default games never take (passes, partial
herds, exchange lists, ...). ``--policy greedy`` plays the default games with that policy.

Positions are covered the same way: each simulated game is exported as a position document at
a few points (``export_position``), and the positions are verified and mutated too.

A rule that the game can report (its ID is a string in the game's checking code, not only in
the catalogue or the scoring and drawing modules) is *reached* when a mutant triggers it. A
rule the game never reports — a scoring or end-of-game rule that computes rather than
rejects — is reached when its code ran on the accept path. The rules that cannot be reached
this way — schema-only, retired, or unreachable by construction — are listed with the reason
in one place, ``bench/rule_coverage_exempt.toml``; the last line reads ``N of M rule IDs reached``
and names every reachable rule that was not. ``tests/test_rule_reach.py`` runs a small
version so coverage cannot silently fall.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import io
import json
import random
import re
import sys
import tokenize
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorer.core.roles import CATALOGUE, MOVES, POSITIONS, REFEREE  # noqa: E402
from scorer.referee.pipeline import verify_document  # noqa: E402
from scorer.registry import GAME_MODULES, game_names, get  # noqa: E402
from tests.mutants import game_mutators, mutate  # noqa: E402

EXEMPT_FILE = Path(__file__).resolve().parent / "rule_coverage_exempt.toml"
RULE = re.compile(r"\b(?:HAC|KUH|CIT|HAR|REC|IMP)-[A-Z]+-[0-9]+\b")


@dataclass
class Coverage:
    """What one game's run reached."""

    game: str
    catalogue: dict[str, str]
    #: Rules the game reports as findings (the others compute: scoring, end of game).
    reported: set[str] = field(default_factory=set)
    accept: set[str] = field(default_factory=set)
    reject: dict[str, int] = field(default_factory=dict)
    exempt: dict[str, str] = field(default_factory=dict)
    games: int = 0
    mutants: int = 0
    invalid_games: list[str] = field(default_factory=list)

    def is_reached(self, rule: str) -> bool:
        return rule in self.reject if rule in self.reported else rule in self.accept

    @property
    def reached(self) -> set[str]:
        return {r for r in self.catalogue if self.is_reached(r)}

    @property
    def missing(self) -> list[str]:
        return [r for r in self.catalogue if not self.is_reached(r) and r not in self.exempt]


def exemptions() -> dict[str, dict[str, str]]:
    """Game → rule → why no single-step mutation of a simulated game can trigger it."""
    data = tomllib.loads(EXEMPT_FILE.read_text(encoding="utf-8"))
    return {game: dict(rules) for game, rules in data.items()}


# -- accept path: which checks ran -------------------------------------------------------------


def check_lines(package: Path) -> dict[str, set[tuple[str, int]]]:
    """Rule → the (file, line) of each check a ``# RULE`` comment heads in ``package``."""
    found: dict[str, set[tuple[str, int]]] = {}
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        code_lines: set[int] = set()
        comments: list[tuple[int, str, bool]] = []
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                inline = tok.line[: tok.start[1]].strip() != ""
                comments.append((tok.start[0], tok.string, inline))
            elif tok.type not in (
                tokenize.NL,
                tokenize.NEWLINE,
                tokenize.INDENT,
                tokenize.DEDENT,
                tokenize.ENDMARKER,
            ):
                code_lines.add(tok.start[0])
        ordered = sorted(code_lines)
        for line, comment, inline in comments:
            ids = RULE.findall(comment)
            if not ids:
                continue
            target = line if inline else next((n for n in ordered if n > line), None)
            if target is None:
                continue
            for rule in ids:
                found.setdefault(rule, set()).add((str(path), target))
    return found


#: Modules that name rules without reporting them: the catalogue, and the scoring items that
#: say which rule scored them.
NOT_REPORTING = ("rules.py", "scoring.py", "explain.py", "picture.py", "render.py")


def reported_rules(package: Path) -> set[str]:
    """Rule IDs written as strings in the game's checking code (not the catalogue, scoring or
    drawing modules, which only name the rule an item scores by; not docstrings)."""
    found: set[str] = set()
    for path in sorted(package.rglob("*.py")):
        if path.name in NOT_REPORTING:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        prose = {  # docstrings and other bare strings: words about a rule, never a finding
            id(node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in prose
            ):
                found.update(RULE.findall(node.value))
    return found


class LineTracer:
    """Records the lines that run in files under one folder (sys.settrace)."""

    def __init__(self, folder: Path) -> None:
        self.prefix = str(folder)
        self.lines: set[tuple[str, int]] = set()

    def _global(self, frame: FrameType, event: str, arg: object) -> Any:
        if frame.f_code.co_filename.startswith(self.prefix):
            return self._local
        return None

    def _local(self, frame: FrameType, event: str, arg: object) -> Any:
        if event == "line":
            self.lines.add((frame.f_code.co_filename, frame.f_lineno))
        return self._local

    def __enter__(self) -> LineTracer:
        sys.settrace(self._global)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.settrace(None)


def positions(game: str, record: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """The record's game exported as a position at two points (one in play, one at the end)."""
    referee, exported = get(game, REFEREE), get(game, POSITIONS).export_position
    state = referee.initial_state(record)
    moves = record["moves"]
    stop = rng.randrange(1, max(2, len(moves)))
    out = []
    for k, move in enumerate(moves, 1):
        state = referee.apply(state, move)
        if k in (stop, len(moves)):
            out.append(json.loads(json.dumps(exported(state, record))))
    return out


# -- the run ---------------------------------------------------------------------------------


def run_game(
    game: str,
    games: int,
    mutations: int,
    seed: int,
    options: dict[str, Any] | None = None,
    policy: str = "random",
) -> Coverage:
    catalogue, moves = get(game, CATALOGUE), get(game, MOVES)
    package = ROOT.joinpath(*GAME_MODULES[game].split("."))
    cov = Coverage(
        game,
        dict(catalogue.RULE_IDS),
        reported=reported_rules(package),
        exempt=exemptions().get(game, {}),
    )
    checks = check_lines(package)
    low, high = catalogue.PLAYER_COUNTS
    counts = list(range(low, high + 1))
    rng = random.Random(f"{game}-{seed}")
    tracer = LineTracer(package)
    records = []
    plan = [(counts[k % len(counts)], _options(options, policy, k)) for k in range(games)]
    if not options:  # a game's own runs: the knobs and variants its rare paths need
        plan += extra_runs(game)
    for k, (players, opts) in enumerate(plan):
        record = moves.simulate(players, seed + k, opts)
        with tracer:
            result = verify_document(record, f"<{game} {players}p seed {seed + k}>")
        if result.status != "ok":
            cov.invalid_games.append(f"{players}p seed {seed + k}: {result.status}")
        records.append(record)
        records.extend(positions(game, record, rng))
        cov.games += 1
    with tracer:
        for doc in records[:]:
            if doc.get("format", "").startswith("scorer-position"):
                verify_document(doc, "<position>")
    ran = tracer.lines
    cov.accept = {rule for rule, lines in checks.items() if lines & ran}
    own = game_mutators(game)
    for record in records:
        for _ in range(mutations):
            mutant = mutate(record, rng, own)
            if mutant is None:
                continue
            cov.mutants += 1
            for finding in verify_document(mutant, "<mutant>").findings:
                cov.reject[finding.rule] = cov.reject.get(finding.rule, 0) + 1
    return cov


def _options(options: dict[str, Any] | None, policy: str, k: int) -> dict[str, Any]:
    """The simulator options of game ``k``: ``mixed`` alternates random and greedy players."""
    chosen = ("random", "greedy")[k % 2] if policy == "mixed" else policy
    return {**(options or {}), **({"policy": chosen} if chosen != "random" else {})}


def extra_runs(game: str) -> list[tuple[int, dict[str, Any]]]:
    """The games a game's ``simulate`` module adds in ``COVERAGE_RUNS``: ``(players,
    options)`` pairs (simulator knobs, policy, variant) for the rules that only those reach."""
    module = importlib.import_module(f"{GAME_MODULES[game]}.simulate")
    return [(players, dict(opts)) for players, opts in getattr(module, "COVERAGE_RUNS", ())]


def table(cov: Coverage) -> str:
    lines = [f"{cov.game}: {cov.games} simulated games, {cov.mutants} mutants"]
    lines.append(f"  {'rule':<14} accept  reject  note")
    for rule in cov.catalogue:
        accept = "yes" if rule in cov.accept else "-"
        hits = cov.reject.get(rule, 0) if rule in cov.reported else "n/a"
        note = cov.exempt.get(rule, "")
        if not note and not cov.is_reached(rule):
            note = "NOT REACHED"
        lines.append(f"  {rule:<14} {accept:<7} {hits or '-':<7} {note}")
    for bad in cov.invalid_games:
        lines.append(f"  simulated game did not verify: {bad}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="*", choices=[[], *game_names()], default=[])
    parser.add_argument("--games", type=int, default=24, help="simulated games per game")
    parser.add_argument("--mutations", type=int, default=40, help="mutants per simulated game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--policy",
        default="random",
        choices=("random", "greedy", "mixed"),
        help="how the simulated players play (mixed: every other game greedy)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    parser.add_argument("--quiet", action="store_true", help="only the summary lines")
    args = parser.parse_args()
    results = [
        run_game(game, args.games, args.mutations, args.seed, policy=args.policy)
        for game in args.game or game_names()
    ]
    total = reached = exempt = 0
    missing: list[str] = []
    for cov in results:
        if not args.quiet:
            print(table(cov))
        total += len(cov.catalogue)
        reached += len(cov.reached)
        exempt += sum(1 for r in cov.catalogue if r in cov.exempt and not cov.is_reached(r))
        missing += cov.missing
        print(
            f"{cov.game}: {len(cov.reached)} of {len(cov.catalogue)} reached "
            f"({len(cov.reported & set(cov.catalogue))} reported as findings), "
            f"{len(cov.accept & set(cov.catalogue))} checked on the accept path, "
            f"{len(cov.missing)} reachable not reached"
        )
    if args.json is not None:
        data = {
            c.game: {
                "games": c.games,
                "mutants": c.mutants,
                "accept": sorted(c.accept & set(c.catalogue)),
                "reject": dict(sorted(c.reject.items())),
                "missing": c.missing,
            }
            for c in results
        }
        args.json.write_text(json.dumps(data, indent=1) + "\n")
    if missing:
        print("not reached: " + ", ".join(missing))
    print(f"{reached} of {total} rule IDs reached ({exempt} listed as unreachable, with reasons)")


if __name__ == "__main__":
    main()
