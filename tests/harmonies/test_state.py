"""The state record and the typed draft of a turn (``state.TurnDraft``)."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest
from pyrsistent import pvector

from scorer.core.draft import state_fields
from scorer.games.harmonies.actions import begin_turn
from scorer.games.harmonies.state import DEFAULT_OPTIONS, Options, State, TurnDraft
from tests.roles import roles_of

GAME = roles_of("harmonies")


def test_the_draft_repeats_the_state_fields_with_their_types() -> None:
    hints = typing.get_type_hints(TurnDraft)
    fields = typing.get_type_hints(State)
    assert {name: hints[name] for name in state_fields(State)} == fields
    # the notes of a turn have immutable defaults and none is a state field
    notes = [n for n in TurnDraft.__annotations__ if n not in fields]
    assert notes and all(not isinstance(getattr(TurnDraft, n), list | dict | set) for n in notes)


def test_a_draft_changes_nothing_in_its_base() -> None:
    state: State = GAME.referee.initial_state(GAME.moves.simulate(2, 3, {}))
    draft = begin_turn(state)
    draft.seat = 1
    draft.central = draft.central.set(0, ())
    draft.notes = pvector(["a note"])
    new = draft.done()
    assert state.seat == 0 and state.central[0] and not state.notes
    assert (new.seat, new.central[0], list(new.notes)) == (1, (), ["a note"])
    assert new.players is state.players  # untouched fields are shared


def test_options_parse_fills_in_the_defaults() -> None:
    assert Options.parse(None) == Options() == Options.parse({})
    parsed = Options.parse({"board_side": "B", "animal_cube_supply": 30})
    assert (parsed.board_side, parsed.animal_cube_supply) == ("B", 30)
    assert dict(DEFAULT_OPTIONS) == {
        "board_side": "A",
        "nature_spirits": False,
        "river_metric": "shortest_path",
        "tiebreak_counts_spirit_cube": False,
        "animal_cube_supply": None,
        "solo_last_refill": "continue",
    }


SNIPPET = """
from scorer.games.harmonies.state import TurnDraft
from scorer.games.harmonies.steps import TakeCardStep


def step_take_card(draft: TurnDraft, step: TakeCardStep, at: int) -> None:
    draft.saet = 1
    draft.seat = "1"
    draft.took_card = step["crad"]
"""


def test_mypy_rejects_a_misspelt_field_a_wrong_type_and_a_misspelt_step_member(
    tmp_path: Path,
) -> None:
    api = pytest.importorskip("mypy.api")
    snippet = tmp_path / "snippet.py"
    snippet.write_text(SNIPPET)
    out, _, status = api.run(
        [
            "--strict",
            "--follow-imports=silent",
            "--cache-dir",
            str(tmp_path / "cache"),
            str(snippet),
        ]
    )
    assert status == 1
    assert '"TurnDraft" has no attribute "saet"' in out
    assert 'expression has type "str", variable has type "int"' in out
    assert 'TypedDict "TakeCardStep" has no key "crad"' in out
