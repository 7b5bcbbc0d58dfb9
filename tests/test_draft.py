"""scorer.core.draft: the typed draft of a move over one frozen state record."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from typing import NamedTuple

import pytest
from pyrsistent import PMap, PSet, PVector, pmap, pset, pvector

from scorer.core.draft import Draft, state_fields


class Tup(NamedTuple):
    n: int
    cells: PVector[int]
    owners: PMap[str, int]
    seen: PSet[str]


class TupDraft(Draft[Tup]):
    n: int
    cells: PVector[int]
    owners: PMap[str, int]
    seen: PSet[str]
    drawn: tuple[str, ...] = ()  # a note of the move, never part of a state


@dataclass(frozen=True, slots=True)
class Rec:
    n: int
    cells: PVector[int]


class RecDraft(Draft[Rec]):
    n: int
    cells: PVector[int]


class Nested(Draft[Tup]):
    """A draft that makes more in its own ``__init__`` (as a draft of a nested record does)."""

    n: int
    cells: PVector[int]
    owners: PMap[str, int]
    seen: PSet[str]

    def __init__(self, base: Tup) -> None:
        super().__init__(base)
        self.first = base.cells[0]


def _base() -> Tup:
    return Tup(1, pvector([0, 0, 0]), pmap({"a": 1}), pset(["x"]))


def test_a_draft_changes_nothing_in_its_base_and_shares_what_it_did_not_touch() -> None:
    base = _base()
    draft = TupDraft(base)
    draft.n += 1
    draft.cells = draft.cells.set(1, 5)
    draft.owners = draft.owners.set("b", 2)
    draft.seen = draft.seen.add("y")
    new = draft.done()
    assert base == _base()
    assert new == Tup(2, pvector([0, 5, 0]), pmap({"a": 1, "b": 2}), pset(["x", "y"]))
    untouched = TupDraft(base)
    untouched.n = 7
    assert untouched.done().cells is base.cells


def test_done_twice_and_frozen_dataclasses() -> None:
    draft = RecDraft(Rec(1, pvector([1])))
    draft.cells = draft.cells.append(2)
    first = draft.done()
    draft.n = 5
    second = draft.done()
    assert first == Rec(1, pvector([1, 2])) and second == Rec(5, pvector([1, 2]))
    with pytest.raises(FrozenInstanceError):
        second.n = 3  # type: ignore[misc]


def test_the_notes_never_reach_the_state() -> None:
    draft = TupDraft(_base())
    draft.drawn = ("a",)
    assert draft.done() == _base()
    assert TupDraft(_base()).drawn == ()  # the default, not the other draft's note


def test_every_field_is_an_attribute_from_the_start() -> None:
    draft = TupDraft(_base())
    assert {name: getattr(draft, name) for name in state_fields(Tup)} == _base()._asdict()
    assert draft.base == _base()


def test_a_draft_with_its_own_init_still_loads_every_field() -> None:
    draft = Nested(_base()._replace(cells=pvector([4, 0, 0])))
    assert draft.first == 4 and draft.n == 1
    draft.n = 2
    assert draft.done().n == 2


def test_the_generic_draft_serves_a_record_without_a_declared_subclass() -> None:
    draft: Draft[Rec] = Draft(Rec(1, pvector([1])))
    assert draft.done() == Rec(1, pvector([1]))
