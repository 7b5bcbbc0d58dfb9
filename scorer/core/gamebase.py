"""What every game shares: the base of its ``RULES`` object and the position findings collector.

A game's ``RULES`` is an instance of a subclass of :class:`BaseRules` that fills in the
game-specific members of :class:`scorer.core.values.GameRules`. The base gives the members most
games answer the same way (step counting, no warnings, no extra claims, the editor picture is
the picture, no draft state, no importers), so a game overrides only what it does differently.
Claims themselves are compared by the referee
(:func:`scorer.referee.replay.compare_claims`) and built
by :mod:`scorer.core.claims`; a game only adds its own claim kinds in ``extra_claims``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar

from scorer.core import legal
from scorer.core.errors import PathPart, RuleViolation, RuleViolations, Severity
from scorer.core.findings import Finding
from scorer.core.persist import Draft
from scorer.core.pointer import to_pointer
from scorer.core.values import (
    Importer,
    Legal,
    Mark,
    Move,
    Record,
    RuleId,
    ScoreItem,
    ScoreSheet,
    steps_of,
)

S = TypeVar("S")
T = TypeVar("T")

#: The one signature of a step handler (``actions.step_<kind>(draft, step, at)``): it reads and
#: changes the move's Draft and raises RuleViolation with a path from the move,
#: ``("steps", at, …)``.
StepHandler = Callable[[Draft[Any], Mapping[str, Any], int], None]


class BaseRules(ABC, Generic[S]):
    """Defaults for the members of ``GameRules[S]`` that most games share."""

    claims_when_incomplete: bool = True
    simulate_options: Mapping[str, str] = {}
    importers: Mapping[str, Importer] = {}
    #: Why a game can end (stable word → words): every game names its own.
    end_reasons: Mapping[str, str]
    #: Members of a step that chance decides (what an exchange or refill drew): the generator
    #: does not choose them, so they are left out when its steps are compared with a record's.
    chance_members: frozenset[str] = frozenset()

    @abstractmethod
    def end_reason(self, state: S) -> str | None:
        """Why the game of ``state`` ended, a key of ``end_reasons`` (None while not over):
        every game says it from its own end conditions."""

    @abstractmethod
    def legal_steps(self, state: S, prefix: Sequence[Mapping[str, Any]] = ()) -> Iterator[Any]:
        """Legal next steps after ``prefix`` (GameRules.legal_steps): every game's generator."""

    def describe_step(self, step: Mapping[str, Any]) -> str:
        """A legal step in a few words for ``legal here:`` (games say it better)."""
        return legal.describe_step(step)

    def unoffered_step(self, state: S, move: Move) -> int | None:
        """The first step of ``move`` the generator would not offer after the ones before it
        (compared without ``chance_members``), or None."""
        return legal.first_unoffered(
            lambda prefix: self.legal_steps(state, prefix), move, self.chance_members
        )

    def legal_alternatives(self, state: S, move: Move, at: int, rule: RuleId) -> Legal | None:
        """The legal steps of the rejected step's kind after the steps before it."""
        steps = steps_of(move)
        if not 0 <= at < len(steps) or not isinstance(steps[at], Mapping):
            return None
        kind = steps[at].get("do")
        offered = self.legal_steps(state, steps[:at])
        return legal.same_kind(offered, kind, self.chance_members, self.describe_step)

    def count_steps(self, move: Move) -> int:
        """The number of steps in the move's ``steps`` list."""
        return len(steps_of(move))

    def warnings(self, state: S) -> tuple[Finding, ...]:
        """No warnings unless the game collects some while replaying."""
        return ()

    def extra_claims(self, sheet: ScoreSheet, claimed: Mapping[str, Any]) -> list[Finding]:
        """No claim kinds beyond the referee's ``scores`` and ``breakdown``."""
        return []

    def draft_state(self, doc: Record) -> S | None:
        """No state for an impossible position unless the game can build one."""
        return None

    @abstractmethod
    def draw_svg(self, state: S, items: Sequence[ScoreItem], mark: Mark | None) -> str:
        """The boards of ``state`` as an SVG document: every game draws its own."""

    def draw_editor_svg(self, state: S, items: Sequence[ScoreItem], mark: Mark | None) -> str:
        """The editor's picture is the picture unless the game marks cells to tap."""
        return self.draw_svg(state, items, mark)


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
