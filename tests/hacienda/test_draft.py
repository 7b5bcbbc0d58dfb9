"""The typed draft of a Hacienda turn: the fields of ``State`` exactly, checked by mypy."""

from __future__ import annotations

import typing
from pathlib import Path

from mypy import api

from scorer.games.hacienda.state import State, TurnDraft


def test_the_draft_repeats_the_state_fields_with_their_types() -> None:
    draft = typing.get_type_hints(TurnDraft)
    state = typing.get_type_hints(State)
    assert {k: v for k, v in draft.items() if k != "base"} == state
    assert list(draft)[1:] == list(State._fields)


def test_mypy_rejects_a_misspelt_field_write(tmp_path: Path) -> None:
    snippet = tmp_path / "handler.py"
    snippet.write_text(
        "from scorer.games.hacienda.state import TurnDraft\n\n\n"
        "def step(draft: TurnDraft) -> None:\n"
        "    draft.seat = 1\n"
        "    draft.saet = 1\n"
        "    draft.land_tiles = 'many'\n"
    )
    out, _, status = api.run([str(snippet), "--strict"])
    assert status == 1, out
    assert '"TurnDraft" has no attribute "saet"' in out, out
    assert "Incompatible types in assignment" in out, out
    assert out.count("error:") == 2, out
