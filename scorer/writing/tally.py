"""Counting a batch: records by game and status, findings by rule, the exit code's verdict.

``Tally`` counts what every output format closes with (the summary table, the closing line,
``--statistics``); ``fails`` judges one result under ``--fail-on``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence

from scorer.core.findings import REC_RULES
from scorer.core.values import VerifyResult

FP_KEPT = 1000  # distinct component fingerprints counted per game (memory stays bounded)
STATUSES = (
    "ok",
    "mismatch",
    "illegal",
    "incomplete",
    "malformed",
    "impossible",
    "error",
    "ineligible",
)


class Tally:
    """Counts by game, status and rule ID, for summaries and exit codes.

    ``passed`` and ``failed`` count records as ``--fail-on`` judges them, so the closing line
    always agrees with the exit code; ``tolerated`` counts the records that are not verified
    but do not fail the run (claims differ or the game is unfinished, under a lower
    ``--fail-on``).
    """

    def __init__(self, fail_on: str = "incomplete") -> None:
        self.fail_on = fail_on
        self.by_game: dict[str, Counter[str]] = defaultdict(Counter)
        self.fingerprints: dict[str, Counter[str]] = defaultdict(Counter)  # at most FP_KEPT
        self.rules: Counter[str] = Counter()
        self.tolerated: Counter[str] = Counter()
        self.passed = 0
        self.failed = 0

    def add(self, result: VerifyResult) -> None:
        self.by_game[result.game or "unknown"][result.status] += 1
        if result.game is not None and result.fingerprint is not None:
            seen = self.fingerprints[result.game]
            key = (
                result.fingerprint
                if (result.fingerprint in seen or len(seen) < FP_KEPT)
                else "other"
            )
            seen[key] += 1
        self.rules.update(f.rule for f in result.findings)
        if fails(result, self.fail_on):
            self.failed += 1
        else:
            self.passed += 1
            if not result.ok:
                self.tolerated[result.status] += 1

    def tolerated_line(self) -> str:
        """How many records passed only because of ``--fail-on`` ("" if none)."""
        count = sum(self.tolerated.values())
        if not count:
            return ""
        kinds = ", ".join(
            f"{n} {STATUS_WORDS.get(status, status)}"
            for status, n in sorted(self.tolerated.items())
        )
        record = "record has" if count == 1 else "records have"
        return (
            f"{count} {record} differences that do not fail the run under --fail-on "
            f"{self.fail_on} ({kinds})"
        )

    def statistics(self) -> str:
        """Findings per rule ID, most frequent first (``--statistics``)."""
        if not self.rules:
            return "no findings\n"
        width = max(len(f"{n:,}") for n in self.rules.values())
        return "".join(
            f"{n:>{width},}  {rule:<14} {rule_text(rule)}\n"
            for rule, n in sorted(self.rules.items(), key=lambda kv: (-kv[1], kv[0]))
        )

    @property
    def total(self) -> int:
        return self.passed + self.failed

    def statuses(self) -> Counter[str]:
        total: Counter[str] = Counter()
        for counts in self.by_game.values():
            total.update(counts)
        return total

    def closing_line(self) -> str:
        return f"{self.passed} passed, {self.failed} failed"

    def closing_text(self) -> str:
        """The closing line, after the note on tolerated records if there are any."""
        note = self.tolerated_line()
        return (note + "\n" if note else "") + self.closing_line() + "\n"


STATUS_WORDS = {"mismatch": "with claims that differ", "incomplete": "unfinished"}


def rule_text(rule: str) -> str:
    """The catalogue statement of a rule ID ("" if unknown)."""
    if rule in REC_RULES:
        return REC_RULES[rule]
    from scorer.core.roles import CATALOGUE
    from scorer.registry import game_names, get

    for game in game_names():
        text = get(game, CATALOGUE).RULE_IDS.get(rule)
        if text is not None:
            return text
    return ""


def fails(result: VerifyResult, fail_on: str) -> bool:
    """Whether ``result`` fails the batch under ``--fail-on`` (error < mismatch < incomplete)."""
    levels: dict[str, Sequence[str]] = {
        "error": ("illegal", "malformed", "impossible", "error", "ineligible"),
        "mismatch": ("illegal", "malformed", "impossible", "error", "ineligible", "mismatch"),
        "incomplete": (
            "illegal",
            "malformed",
            "impossible",
            "error",
            "ineligible",
            "mismatch",
            "incomplete",
        ),
    }
    return result.status in levels[fail_on]
