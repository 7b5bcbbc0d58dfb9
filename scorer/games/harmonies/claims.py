"""Claims beyond totals and breakdowns: ``claimed.suns`` (section 11.5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.claims import claim_mismatch, claimed_by
from scorer.engine import ScoreSheet
from scorer.findings import Finding


def compare_suns(sheet: ScoreSheet, claimed: Mapping[str, Any]) -> list[Finding]:
    """REC-CLAIM-1 for every claimed sun rating that differs (solo); any in multiplayer."""
    if "suns" not in claimed:
        return []
    claims: Mapping[str, int] = claimed["suns"]
    if len(sheet.players) != 1:
        return [
            Finding(
                "REC-CLAIM-1",
                "/claimed/suns",
                f"suns claimed for {claimed_by(claims)}: suns are the solo rating; a "
                "multiplayer game has none",
                details={"category": "suns", "expected": None, "found": dict(claims)},
            )
        ]
    findings = []
    line = sheet.players[0]
    for name, value in claims.items():
        pointer = "/claimed/suns/" + name.replace("~", "~0").replace("/", "~1")
        if name != line.name:
            findings.append(
                Finding(
                    "REC-CLAIM-1",
                    pointer,
                    f"{name!r} is not a player of this game",
                    details={"found": name},
                )
            )
        elif value != line.extras.get("suns"):
            findings.append(
                claim_mismatch(
                    pointer,
                    name,
                    "suns",
                    value,
                    line.extras.get("suns"),
                    unit="sun",
                    details={"category": "suns"},
                )
            )
    return findings
