"""scorer.core.persist: the one copy-on-write idiom (Draft over pyrsistent evolvers)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from typing import NamedTuple

import pytest
from pyrsistent import PMap, PSet, PVector, pmap, pset, pvector

from scorer.core.persist import Draft, replace


class Tup(NamedTuple):
    n: int
    cells: PVector[int]
    owners: PMap[str, int]
    seen: PSet[str]


@dataclass(frozen=True, slots=True)
class Rec:
    n: int
    cells: PVector[int]


def _base() -> Tup:
    return Tup(1, pvector([0, 0, 0]), pmap({"a": 1}), pset(["x"]))


def test_a_draft_changes_nothing_in_its_base_and_shares_what_it_did_not_touch() -> None:
    base = _base()
    draft = Draft(base)
    draft["n"] = draft["n"] + 1
    draft.vector("cells")[1] = 5
    draft.map("owners")["b"] = 2
    draft.set("seen").add("y")
    new = draft.done()
    assert base == _base()
    assert new == Tup(2, pvector([0, 5, 0]), pmap({"a": 1, "b": 2}), pset(["x", "y"]))
    untouched = Draft(base)
    untouched["n"] = 7
    assert untouched.done().cells is base.cells


def test_reads_see_the_writes_so_far_through_fields_and_evolvers() -> None:
    draft = Draft(_base())
    cells = draft.vector("cells")
    cells[0] = 3
    assert draft["cells"][0] == 3
    cells[2] = 4  # a read in between does not detach the evolver
    assert list(draft["cells"]) == [3, 0, 4]
    seen = draft.set("seen")
    seen.add("y")
    assert "y" in draft["seen"]
    assert "y" in draft.done().seen  # pyrsistent's PSet evolver would lose it here
    draft["cells"] = pvector([9])  # an assignment replaces the evolver's edits
    assert draft.done().cells == pvector([9])


def test_done_twice_and_frozen_dataclasses() -> None:
    draft = Draft(Rec(1, pvector([1])))
    draft.vector("cells").append(2)
    first = draft.done()
    draft["n"] = 5
    second = draft.done()
    assert first == Rec(1, pvector([1, 2])) and second == Rec(5, pvector([1, 2]))
    with pytest.raises(FrozenInstanceError):
        second.n = 3  # type: ignore[misc]
    assert replace(second, {}) is second
    assert replace(second, {"n": 2}) == Rec(2, pvector([1, 2]))


def test_the_turn_notes_never_reach_the_state() -> None:
    draft = Draft(_base())
    draft.turn["drawn"] = ["a"]
    assert draft.done() == _base()


class WithProperty(NamedTuple):
    n: int

    @property
    def double(self) -> int:
        return 2 * self.n


def test_a_property_is_read_through_but_a_write_to_it_is_refused() -> None:
    draft = Draft(WithProperty(2))
    assert draft["double"] == 4
    assert draft.done() == WithProperty(2)
    draft["double"] = 9
    with pytest.raises(TypeError):
        draft.done()


def test_a_named_tuple_is_rebuilt_in_field_order_after_an_evolver_moved_a_field() -> None:
    draft = Draft(_base())
    draft.vector("cells")[0] = 7  # the evolver's field leaves the draft's order
    first = draft.done()
    draft["n"] = 3
    assert first == Tup(1, pvector([7, 0, 0]), pmap({"a": 1}), pset(["x"]))
    assert draft.done() == first._replace(n=3)
    plain = Draft(_base())
    plain["seen"] = pset()
    assert plain.done() == _base()._replace(seen=pset())
