"""The Referee role of Kuhfstein (scorer.core.roles.Referee): set-up, turns, the end, the score.

Each member is the function that does the work, imported from its room; only what is a line
of the state itself is written here, and the ``tiles_placed`` claim (KUH-CLAIM-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorer.core.claims import claim_label, not_a_player
from scorer.core.findings import Finding
from scorer.core.pointer import to_pointer
from scorer.core.values import Json, Move, ScoreSheet, steps_of
from scorer.core.words import plural
from scorer.games.kuhfstein.actions import apply_move as apply
from scorer.games.kuhfstein.actions import skip_move as skip
from scorer.games.kuhfstein.scoring import score_state as score
from scorer.games.kuhfstein.setup import initial_state
from scorer.games.kuhfstein.state import State

__all__ = [
    "CLAIMS_WHEN_INCOMPLETE",
    "apply",
    "count_steps",
    "end_reason",
    "expected_players",
    "extra_claims",
    "initial_state",
    "is_over",
    "score",
    "skip",
    "warnings",
]

#: Claimed totals are compared with the provisional scores of an incomplete record too.
CLAIMS_WHEN_INCOMPLETE = True


def expected_players(state: State) -> frozenset[str]:
    """Who may move: the seat to move during play, then anybody who has not revealed."""
    # KUH-TURN-1: seat order during play; after it, anybody who has not revealed
    if state.phase != "over":
        return frozenset((state.names[state.seat],))
    return frozenset(
        n for n, b in zip(state.names, state.boards, strict=True) if b.revealed is None
    )


def is_over(state: State) -> bool:
    return state.phase == "over" and all(b.revealed is not None for b in state.boards)


def count_steps(move: Move) -> int:
    return len(steps_of(move))


def end_reason(state: State) -> str | None:
    """``threshold`` or ``tiles_exhausted`` once the game is over (None before, and for a
    position, whose past is unknown)."""
    return state.end if is_over(state) else None


def warnings(state: State) -> tuple[Finding, ...]:
    """Warnings found during the replay (absolute pointers)."""
    return state.warnings


def extra_claims(sheet: ScoreSheet, claimed: Json) -> list[Finding]:
    """``claimed.tiles_placed`` per player against the tiles in the landscape."""
    findings: list[Finding] = []
    for name, value in claimed.get("tiles_placed", {}).items():
        pointer = to_pointer(("claimed", "tiles_placed", name))
        try:
            actual = sheet.player(name).extras["tiles_placed"]
        except KeyError:
            findings.append(not_a_player(pointer, name, with_found=False))
            continue
        # KUH-CLAIM-1: claimed tiles_placed equals the tiles in the landscape
        if actual != value:
            findings.append(
                Finding(
                    "KUH-CLAIM-1",
                    pointer,
                    f"{claim_label(name)}: claimed "
                    f"{plural(value, 'tile')} placed, the landscape holds {actual}",
                    details={"player": name, "expected": actual, "found": value},
                )
            )
    return findings


if TYPE_CHECKING:
    from scorer.core.roles import Referee
    from scorer.games.kuhfstein import referee as _module

    _check: Referee[State] = _module
