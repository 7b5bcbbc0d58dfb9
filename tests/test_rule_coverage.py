"""Every catalogued rule ID is asserted by some test or fixture; every raised ID is catalogued.

The check is textual: an ID counts as tested when a test module (``tests/**/*.py``) or a fixture
manifest (``fixtures/*/cases.json``) names it. Test helpers assert IDs (never messages), so a
name in a test is an assertion about that ID.
"""

from __future__ import annotations

import re

import pytest

from scorer.core.findings import REC_RULES, is_rule_id
from scorer.registry import game_names
from tests.conftest import FIXTURES, ROOT
from tests.roles import roles_of

ID = re.compile(r"\b(?:REC|IMP|HAC|KUH|CIT|HAR)-[A-Z]+-[0-9]+\b")
THIS = "test_rule_coverage.py"


def _ids_in(paths: list[str]) -> set[str]:
    found: set[str] = set()
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            found |= set(ID.findall(handle.read()))
    return found


def _tested_ids() -> set[str]:
    tests = [str(p) for p in (ROOT / "tests").rglob("*.py") if p.name != THIS]
    manifests = [str(p) for p in FIXTURES.glob("*/cases.json")]
    return _ids_in(tests + manifests)


TESTED = _tested_ids()
#: Catalogued IDs that cannot be triggered by any input yet; should stay empty.
NOT_YET_TESTED: frozenset[str] = frozenset()


@pytest.mark.parametrize("game", game_names())
def test_every_catalogued_rule_is_tested(game: str) -> None:
    catalogue = roles_of(game).catalogue.RULE_IDS
    assert all(is_rule_id(r) for r in catalogue)
    missing = sorted(set(catalogue) - TESTED - NOT_YET_TESTED)
    assert not missing, f"{game}: rule IDs no test asserts: {missing}"


def test_every_rec_rule_is_tested() -> None:
    missing = sorted(set(REC_RULES) - TESTED - NOT_YET_TESTED)
    assert not missing, f"REC rule IDs no test asserts: {missing}"


@pytest.mark.parametrize("game", game_names())
def test_every_raised_rule_is_catalogued(game: str) -> None:
    rules = roles_of(game)
    package = ROOT / "scorer" / "games" / game
    used = _ids_in([str(p) for p in package.rglob("*.py")])
    unknown = sorted(used - set(rules.catalogue.RULE_IDS) - set(REC_RULES))
    assert not unknown, f"{game}: IDs used in code but not catalogued: {unknown}"
