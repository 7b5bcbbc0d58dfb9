"""Findings: the data every check produces, the rule-ID grammar, the --max-findings cap and
``Findings``, the collector of every problem of a position."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any, TypeVar

from scorer.core.errors import PathPart, RuleViolation, RuleViolations
from scorer.core.errors import Severity as Severity
from scorer.core.pointer import to_pointer

RULE_ID = re.compile(r"^(REC|IMP|HAC|KUH|CIT|HAR)-[A-Z]+-[0-9]+$")

#: Envelope-level rules, checked by the loader, the schema layer and the referee.
REC_RULES: Mapping[str, str] = {
    "REC-IO-1": "The file cannot be read (missing, a directory, or not permitted).",
    "REC-JSON-1": "The file is not valid UTF-8 JSON.",
    "REC-JSON-2": "An object has the same key twice (JSON readers disagree which one counts).",
    "REC-SIZE-1": "The file is larger than the size limit.",
    "REC-SCHEMA-1": "The document violates the JSON Schema (every violation is reported).",
    "REC-PLAYER-1": "A move names a player who is not in `players`.",
    "REC-PLAYER-2": "Two players share a name.",
    "REC-TURN-1": "A move belongs to a player whose turn it is not.",
    "REC-END-1": "A move follows the end of the game.",
    "REC-END-2": "The moves stop before the game has ended (provisional scores are printed).",
    "REC-CLAIM-1": "A claimed total, breakdown category or rating differs from the computed one, "
    "or a claim names a player who is not in `players`.",
    "REC-PROFILE-1": "An effective variant option differs from the one the event profile pins.",
    "REC-PROFILE-2": "The component data differs from the event's (the profile's components file).",
    "REC-PROFILE-3": "A player is not on the event profile's roster.",
    "REC-DUP-1": "Warning: a batch holds the same record content more than once.",
    "REC-INTERNAL-1": "The scorer failed unexpectedly on this document (a bug; please report it).",
    "REC-HOST-1": "A web request names a Host that scorer serve does not serve (a guard "
    "against DNS rebinding; --allow-host admits a name).",
    "REC-HOST-2": "A web request comes from another site's page: its Origin is not the "
    "served origin (a guard against cross-site requests).",
    "REC-LIMIT-1": "Warning: a document has more findings than --max-findings; the rest are "
    "counted, not shown.",
    "REC-TIMEOUT-1": "The document took longer to check than --record-timeout allows.",
}

#: Findings reported per document before REC-LIMIT-1 says how many more there are.
MAX_FINDINGS: int = 100


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found in a document.

    ``pointer`` is an RFC 6901 pointer into the document as written ("" = whole document).
    ``details`` carries the machine-readable arguments (expected, found, move, step...).
    """

    rule: str
    pointer: str
    message: str
    severity: Severity = "error"
    details: Mapping[str, object] = field(default_factory=dict)
    line: int | None = None
    col: int | None = None

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


def plain(value: object) -> object:
    """``value`` as plain data in an order that does not depend on the process: a finding kept
    in a game state has immutable (pyrsistent) details, and a ``PMap`` lists its keys in the
    order of their hashes, which change from one run to the next; they come out as a ``dict``
    with sorted keys (vectors and tuples as lists, sets sorted). Plain data is given back as it
    is, so the details a check wrote keep the order it wrote them in."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, Mapping):
        return {k: plain(value[k]) for k in sorted(value, key=str)}
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
        return [plain(v) for v in value]
    if isinstance(value, AbstractSet):
        return sorted((plain(v) for v in value), key=str)
    return value


def is_rule_id(text: str) -> bool:
    """True if ``text`` follows the rule-ID grammar ``^(REC|IMP|HAC|KUH|CIT|HAR)-[A-Z]+-[0-9]+$``
    (IMP: an importer of another program's files)."""
    return RULE_ID.match(text) is not None


def sort_key(finding: Finding) -> tuple[str, str]:
    """Stable order for findings reported together (schema errors, position checks)."""
    return (finding.pointer, finding.rule)


def limit_finding(shown: int, more: int, at_least: bool = False) -> Finding:
    """REC-LIMIT-1: ``shown`` findings were reported and ``more`` (or at least ``more``) not."""
    count = f"at least {more:,}" if at_least else f"{more:,}"
    return Finding(
        "REC-LIMIT-1",
        "",
        f"{count} more finding{'s' if more != 1 or at_least else ''} not shown (the first "
        f"{shown:,} are; --max-findings raises the limit)",
        "warning",
        {"shown": shown, "more": more, "at_least": at_least},
    )


def cap(findings: tuple[Finding, ...], limit: int) -> tuple[Finding, ...]:
    """At most ``limit`` findings, then one REC-LIMIT-1 counting the rest (an existing
    REC-LIMIT-1, from a check that stopped early, is kept and its count raised)."""
    earlier = [f for f in findings if f.rule == "REC-LIMIT-1"]
    rest = [f for f in findings if f.rule != "REC-LIMIT-1"]
    if len(rest) <= limit and not earlier:
        return findings
    more = len(rest) - min(len(rest), limit)
    at_least = False
    for f in earlier:
        more += int(f.details.get("more", 0))  # type: ignore[call-overload]
        at_least = at_least or bool(f.details.get("at_least"))
    if more == 0:
        return tuple(rest)
    return (*rest[:limit], limit_finding(min(len(rest), limit), more, at_least))


T = TypeVar("T")


class Findings:
    """The findings of one position (or any check that reports every problem it finds).

    Checks add findings with a path from the document root; :meth:`run` calls a check that
    raises :class:`RuleViolation` / :class:`RuleViolations` and keeps what it raised.
    """

    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: list[Finding] = []

    def add(
        self,
        rule: str,
        path: Sequence[PathPart],
        message: str,
        severity: Severity = "error",
        **details: object,
    ) -> None:
        """Add a finding of ``rule`` at ``path``."""
        self.items.append(Finding(rule, to_pointer(path), message, severity, details))

    def violation(self, exc: RuleViolation) -> None:
        """Add the finding of a raised violation (its path is from the document root)."""
        self.items.append(
            Finding(exc.rule, to_pointer(exc.path), exc.message, exc.severity, dict(exc.details))
        )

    def run(self, check: Callable[..., T], *args: Any) -> T | None:
        """``check(*args)``, or None with its violations added if it raised any."""
        try:
            return check(*args)
        except RuleViolation as exc:
            self.violation(exc)
        except RuleViolations as group:
            for one in group.violations:
                self.violation(one)
        return None

    @property
    def errors(self) -> bool:
        """True if any finding is an error (not only warnings)."""
        return any(f.is_error for f in self.items)

    def sorted(self) -> tuple[Finding, ...]:
        """The findings in the stable order of reports (pointer, then rule)."""
        return tuple(sorted(self.items, key=lambda f: (f.pointer, f.rule)))
