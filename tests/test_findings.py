from __future__ import annotations

import pytest

from scorer.findings import REC_RULES, Finding, is_rule_id, sort_key


@pytest.mark.parametrize(
    "rid", ["HAR-STACK-5", "REC-JSON-1", "HAC-LAND-3", "CIT-BUILD-12", "KUH-CARDDEF-1"]
)
def test_valid_rule_ids(rid: str) -> None:
    assert is_rule_id(rid)


@pytest.mark.parametrize("rid", ["HAR-STACK", "har-stack-5", "XYZ-A-1", "HAR-Stack-1", ""])
def test_invalid_rule_ids(rid: str) -> None:
    assert not is_rule_id(rid)


def test_rec_catalogue_follows_grammar() -> None:
    assert all(is_rule_id(r) and r.startswith("REC-") for r in REC_RULES)


def test_finding_order_and_severity() -> None:
    a = Finding("REC-SCHEMA-1", "/b", "x")
    b = Finding("REC-SCHEMA-1", "/a", "y", severity="warning")
    assert sorted([a, b], key=sort_key) == [b, a]
    assert a.is_error and not b.is_error
