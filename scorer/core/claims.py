"""Claim findings: the one way the referee and every game word a claim that differs.

The referee (``scorer.referee.replay``) compares ``claimed.scores`` and
``claimed.breakdown``; a game's
``extra_claims`` compares the rest (Hacienda's intermediate and final scorings, pesos and step
incomes, Harmonies suns, Kuhfstein tiles placed). All of them build their findings here, so each
names the player it is about and, for a claim about an intermediate scoring or a step, the
scoring and the move: ``Bob, intermediate scoring after move 27: claimed total 23, computed 21``.
The same facts are in ``details`` (``player``; ``move`` as a 0-based index, like every other
finding), so no consumer has to read the message. A leaf: findings and words only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scorer.core.findings import Finding
from scorer.core.words import plural


def claim_label(player: str, when: str = "") -> str:
    """``Ann`` or ``Ann, intermediate scoring after move 27``: who (and when) a claim is about."""
    return f"{player}, {when}" if when else player


def scoring_when(stage: str, move: int | None = None) -> str:
    """``intermediate scoring after move 27`` (``move`` is the 0-based index of the move after
    which the scoring took place) or ``final scoring``."""
    return f"{stage} scoring" + (f" after move {move + 1}" if move is not None else "")


def claim_mismatch(
    pointer: str,
    player: str,
    what: str,
    claimed: object,
    computed: object,
    *,
    rule: str = "REC-CLAIM-1",
    when: str = "",
    unit: str = "",
    details: Mapping[str, object] | None = None,
) -> Finding:
    """A claim that differs from the computed value.

    The message is ``<player>[, <when>]: claimed <what> <claimed>, computed <computed>``, or with
    ``unit`` ``...: claimed 1 peso, computed 0`` (the count and its noun). ``details`` holds
    ``player``, ``expected`` (computed) and ``found`` (claimed), then the ``details`` given.
    """
    if unit and isinstance(claimed, int) and not isinstance(claimed, bool):
        said = plural(claimed, unit)
    else:
        said = f"{what} {claimed}".strip()
    return Finding(
        rule,
        pointer,
        f"{claim_label(player, when)}: claimed {said}, computed {computed}",
        details={"player": player, **(details or {}), "expected": computed, "found": claimed},
    )


def not_a_player(pointer: str, name: str, *, with_found: bool = True) -> Finding:
    """REC-CLAIM-1: a claim names someone who is not a player of the game. ``details.found``
    holds the name (Kuhfstein's ``tiles_placed`` claims have never carried it:
    ``with_found=False`` keeps their findings as they were)."""
    return Finding(
        "REC-CLAIM-1",
        pointer,
        f"{name!r} is not a player of this game",
        details={"found": name} if with_found else {},
    )


def unexpected_claim(
    pointer: str, what: str, block: object, why: str, details: Mapping[str, object]
) -> Finding:
    """REC-CLAIM-1: a claim of something the game does not have, e.g. ``suns claimed for Ann:
    suns are the solo rating; a multiplayer game has none``."""
    return Finding(
        "REC-CLAIM-1", pointer, f"{what} claimed for {claimed_by(block)}: {why}", details=details
    )


def claimants(block: object) -> list[str]:
    """The player names a claim block (``{"scores": {...}, "breakdown": {...}}`` or a plain
    name → value mapping) speaks for, in first-mention order."""
    names: list[str] = []
    if not isinstance(block, Mapping):
        return names
    parts: Iterable[object] = [block[k] for k in ("scores", "breakdown") if k in block]
    if not any(k in block for k in ("scores", "breakdown")):
        parts = [block]
    for part in parts:
        if isinstance(part, Mapping):
            names.extend(str(n) for n in part if str(n) not in names)
    return names


def claimed_by(block: object) -> str:
    """``Ann, Bob`` (the claimants of ``block``) or ``nobody`` for an empty block."""
    return ", ".join(claimants(block)) or "nobody"
