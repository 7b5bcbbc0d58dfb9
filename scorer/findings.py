"""Findings: the data every check produces, and the rule-ID grammar."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

RULE_ID = re.compile(r"^(REC|HAC|KUH|CIT|HAR)-[A-Z]+-[0-9]+$")

Severity = Literal["error", "warning"]

#: Envelope-level rules, checked by the loader, the schema layer and the referee.
REC_RULES: Mapping[str, str] = {
    "REC-IO-1": "The file cannot be read (missing, a directory, or not permitted).",
    "REC-JSON-1": "The file is not valid UTF-8 JSON.",
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
    "REC-PROFILE-2": "The component data differs from the event's (the profile's components "
    "file).",
    "REC-PROFILE-3": "A player is not on the event profile's roster.",
    "REC-DUP-1": "Warning: a batch holds the same record content more than once.",
    "REC-INTERNAL-1": "The scorer failed unexpectedly on this document (a bug; please report it).",
}


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


def is_rule_id(text: str) -> bool:
    """True if ``text`` follows the rule-ID grammar ``^(REC|HAC|KUH|CIT|HAR)-[A-Z]+-[0-9]+$``."""
    return RULE_ID.match(text) is not None


def sort_key(finding: Finding) -> tuple[str, str]:
    """Stable order for findings reported together (schema errors, position checks)."""
    return (finding.pointer, finding.rule)
