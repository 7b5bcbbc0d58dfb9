"""Event profiles: what a tournament pins per game, and the findings of a record that deviates.

A profile (built by :mod:`scorer.running.config` from ``[tool.scorer.games.<game>]``) may pin the
effective variant options (REC-PROFILE-1 at ``/variant/<option>``), the component data
(REC-PROFILE-2 at the first differing pointer) and the roster (REC-PROFILE-3 at
``/players/<i>/name``). Profile findings are errors: a record played with other options,
components or players is not a verified game of the event (status ``ineligible``, unless the
record is rejected for a graver reason anyway).

Every schema-valid document also gets the fingerprint of its component data, with or without
a profile. Profiles are plain frozen data, so they travel to batch workers and Dask.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scorer.core.components import Components, Difference, fingerprint, first_difference
from scorer.core.findings import Finding
from scorer.core.pointer import escape
from scorer.core.values import Status, VerifyResult

#: Statuses a profile finding overrides (graver ones stay).
OVERRIDDEN: frozenset[str] = frozenset({"ok", "mismatch", "incomplete"})
SHORT = 120  # longest value (as JSON) quoted in a message or kept in details


@dataclass(frozen=True, slots=True)
class GameProfile:
    """What an event pins for one game; ``None`` = not pinned."""

    game: str
    variant: Mapping[str, Any] | None = None  # the effective options of the event
    components: Components | None = None
    components_file: str | None = None  # as written in the configuration
    players: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Profile:
    """The event profile of a configuration file."""

    source: str  # the configuration file, named in every finding
    games: Mapping[str, GameProfile]


def annotate(result: VerifyResult, doc: Any, profile: Profile | None) -> VerifyResult:
    """Add the fingerprint of a schema-valid document's component data and, under a profile,
    the profile findings (first) and the ``ineligible`` status."""
    from scorer.core.roles import CATALOGUE
    from scorer.registry import get

    game = result.game
    if game is None or result.kind == "unknown" or result.status == "malformed":
        return result
    catalogue = get(game, CATALOGUE)
    try:
        components = catalogue.component_data(doc)
        result = replace(result, fingerprint=fingerprint(components))
    except Exception:  # unreadable component data is reported by the game's setup rules
        components = None
    pinned = profile.games.get(game) if profile is not None else None
    if pinned is None or profile is None:
        return result
    findings = check(
        doc,
        catalogue.effective_options(doc.get("variant", {})),
        components,
        pinned,
        profile.source,
    )
    if not findings:
        return result
    status: Status = "ineligible" if result.status in OVERRIDDEN else result.status
    return replace(result, status=status, findings=(*findings, *result.findings))


def check(
    doc: Any,
    options: Mapping[str, Any],
    components: Components | None,
    pinned: GameProfile,
    source: str,
) -> list[Finding]:
    """REC-PROFILE-1/2/3 findings of one document against one game's profile."""
    findings: list[Finding] = []
    if pinned.variant is not None:
        findings.extend(_options(options, pinned.variant, source))
    if pinned.components is not None and components is not None:
        diff = first_difference(doc, components, pinned.components)
        if diff is not None:
            findings.append(_components(diff, pinned.components_file or "", source))
    if pinned.players is not None:
        findings.extend(_roster(doc, pinned.players, source))
    return findings


def _options(options: Mapping[str, Any], event: Mapping[str, Any], source: str) -> list[Finding]:
    out = []
    for name, expected in event.items():
        found = options.get(name)
        if found != expected or type(found) is not type(expected):
            out.append(
                Finding(
                    "REC-PROFILE-1",
                    f"/variant/{escape(name)}",
                    f"option {name} is {_show(found)}, the event plays {_show(expected)} "
                    f"(profile {source})",
                    details={
                        "option": name,
                        "expected": expected,
                        "found": found,
                        "profile": source,
                    },
                )
            )
    return out


def _components(diff: Difference, file: str, source: str) -> Finding:
    part = diff.part.replace("_", " ")
    if diff.found is None:
        what = f"lacks {_show(diff.expected)} of the event's {part}"
    elif diff.expected is None:
        what = f"{_show(diff.found)} is not among the event's {part}"
    else:
        what = (
            f"differs from the event's {part}: {_show(diff.found)} here, "
            f"{_show(diff.expected)} in the event's components"
        )
    more = (
        f" ({diff.count - 1} more difference{'s' if diff.count > 2 else ''})"
        if (diff.count > 1)
        else ""
    )
    details: dict[str, Any] = {
        "component": diff.part,
        "differences": diff.count,
        "components": file,
        "profile": source,
    }
    for key in ("found", "expected"):
        value = getattr(diff, key)
        if len(json.dumps(value, default=list)) <= SHORT:
            details[key] = value
    return Finding(
        "REC-PROFILE-2",
        diff.pointer,
        f"component data {what}{more} ({file}, profile {source})",
        details=details,
    )


def _roster(doc: Any, roster: tuple[str, ...], source: str) -> list[Finding]:
    allowed = set(roster)
    return [
        Finding(
            "REC-PROFILE-3",
            f"/players/{i}/name",
            f"{p['name']!r} is not on the event's roster (profile {source})",
            details={"found": p["name"], "roster": len(roster), "profile": source},
        )
        for i, p in enumerate(doc.get("players", []))
        if p.get("name") not in allowed
    ]


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=list)
    return text if len(text) <= SHORT else text[: SHORT - 1] + "…"
