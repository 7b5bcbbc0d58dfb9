"""The position findings collector every game uses, and the old step-handler signature.

``Findings`` collects every problem of a position (checks report them all, not the first).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from scorer.core.errors import PathPart, RuleViolation, RuleViolations, Severity
from scorer.core.findings import Finding
from scorer.core.persist import Draft
from scorer.core.pointer import to_pointer

S = TypeVar("S")
T = TypeVar("T")

#: The one signature of a step handler (``actions.step_<kind>(draft, step, at)``): it reads and
#: changes the move's Draft and raises RuleViolation with a path from the move,
#: ``("steps", at, …)``.
StepHandler = Callable[[Draft[Any], Mapping[str, Any], int], None]


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
