"""Domain exceptions. Game code raises RuleViolation; the referee turns it into a Finding."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

PathPart = str | int
Severity = Literal["error", "warning"]


class ScorerError(Exception):
    """Base of every exception the scorer raises on purpose."""


class RecordLoadError(ScorerError):
    """A file could not be read as JSON (REC-JSON-1, REC-SIZE-1, REC-IO-1)."""

    def __init__(
        self, rule: str, message: str, line: int | None = None, col: int | None = None
    ) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.line = line
        self.col = col


class RuleViolation(ScorerError):
    """A rule of a game is broken.

    ``path`` is relative to the object being checked: to the move object inside ``/moves/i``
    for moves, to the document root for setup and position checks. ``severity`` is
    ``"warning"`` for a violation that is reported without rejecting the document.
    """

    def __init__(
        self,
        rule: str,
        message: str,
        path: tuple[PathPart, ...] = (),
        details: Mapping[str, object] | None = None,
        severity: Severity = "error",
    ) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.path = path
        self.details: Mapping[str, object] = details or {}
        self.severity: Severity = severity

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


class RuleViolations(ScorerError):
    """Several violations found together (a setup or a position reports them all)."""

    def __init__(self, violations: list[RuleViolation]) -> None:
        super().__init__(f"{len(violations)} rule violations")
        self.violations = violations
