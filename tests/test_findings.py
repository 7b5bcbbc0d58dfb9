from __future__ import annotations

import pytest

from scorer.core.findings import REC_RULES, Finding, is_rule_id, sort_key


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


def test_plain_orders_persistent_details_and_keeps_written_order() -> None:
    from pyrsistent import freeze, pmap, pset

    from scorer.core.findings import plain

    frozen = freeze({"tile": "lime", "move": 3, "found": {"b": [1, 2], "a": (3,)}})
    assert list(plain(frozen)) == ["found", "move", "tile"]  # type: ignore[arg-type]
    assert plain(frozen) == {"found": {"a": [3], "b": [1, 2]}, "move": 3, "tile": "lime"}
    assert list(plain({"z": 1, "a": pmap({"y": 1, "x": 2})})) == ["z", "a"]  # as written
    assert plain(pset(["b", "a"])) == ["a", "b"]


def test_json_report_does_not_depend_on_the_hash_seed() -> None:
    """A Citrus game keeps its warnings (CIT-RET-2) in the state with pmap details; their keys
    once came out in the order of their hashes, different in every process."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    fixture = Path(__file__).parent.parent / "fixtures" / "citrus" / "valid" / "sim-2p.json"
    outputs = set()
    for seed in ("1", "2", "3", "4", "5"):
        run = subprocess.run(
            [sys.executable, "-m", "scorer", "batch", str(fixture), "--format", "ndjson"],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            check=False,
        )
        assert b'"CIT-RET-2"' in run.stdout
        outputs.add(run.stdout)
    assert len(outputs) == 1
