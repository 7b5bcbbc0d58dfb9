"""mypy guards the rule code: a step handler that writes a misspelt state field, or a value of
the wrong type, does not type-check (issue 22: typed, immutable state).

The snippet is a game's state and its draft written the way every game writes them
(``scorer.core.draft``); mypy runs on it in strict mode, as ``make check`` runs it on scorer/.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parent.parent

SNIPPET = """
from typing import NamedTuple

from pyrsistent import PVector, pvector

from scorer.core.draft import Draft, StepHandler


class State(NamedTuple):
    seat: int
    players: PVector[str]


class TurnDraft(Draft[State]):
    seat: int
    players: PVector[str]
    took: bool = False


def step_take(draft: TurnDraft, step: dict[str, int], at: int) -> None:
    draft.seat = (draft.seat + 1) % len(draft.players)
    draft.players = draft.players.set(0, "Ann")
    draft.took = True
    BODY


HANDLERS: dict[str, StepHandler[TurnDraft]] = {"take": step_take}
"""


def _mypy(tmp_path: Path, body: str) -> tuple[str, int]:
    source = tmp_path / "snippet.py"
    source.write_text(textwrap.dedent(SNIPPET).replace("BODY", body))
    out, err, status = mypy_api.run(
        ["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(source)]
    )
    return out + err, status


def test_a_handler_written_right_type_checks(tmp_path: Path) -> None:
    out, status = _mypy(tmp_path, "pass")
    assert status == 0, out


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ("draft.saet = 1", '"TurnDraft" has no attribute "saet"'),
        ("draft.seat = 'Ann'", "Incompatible types in assignment"),
        ("print(draft.playres)", '"TurnDraft" has no attribute "playres"'),
        ("draft.players = draft.players.set(0, 3)", "incompatible type"),
    ],
)
def test_mypy_rejects_a_misspelt_or_mistyped_state_field(
    tmp_path: Path, body: str, error: str
) -> None:
    out, status = _mypy(tmp_path, body)
    assert status == 1 and error in out, out
