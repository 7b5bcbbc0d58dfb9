"""Every fixture listed in fixtures/<game>/cases.json gives its expected result; no orphans."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from scorer.referee.pipeline import verify_file
from tests.conftest import FIXTURES, describe


def _cases() -> list[tuple[str, dict[str, Any]]]:
    cases = []
    for manifest in sorted(FIXTURES.glob("*/cases.json")):
        game = manifest.parent.name
        for case in orjson.loads(manifest.read_bytes()):
            cases.append((f"{game}/{case['file']}", case))
    return cases


CASES = _cases()


@pytest.mark.parametrize(("path", "case"), CASES, ids=[c[0] for c in CASES])
def test_fixture(path: str, case: dict[str, Any]) -> None:
    result = verify_file(str(FIXTURES / path))
    expect = case["expect"]
    assert result.status == expect["status"], f"{path}: {describe(result.findings)}"
    if "rule" in expect:
        errors = [f for f in result.findings if f.is_error]
        assert errors, f"{path}: no error finding"
        assert errors[0].rule == expect["rule"], describe(result.findings)
        if "pointer" in expect:
            assert errors[0].pointer == expect["pointer"], describe(result.findings)
    if "scores" in expect:
        assert result.scores is not None
        got = {p.name: p.total for p in result.scores.players}
        assert got == expect["scores"]


def test_no_orphan_fixture_files() -> None:
    listed = {path for path, _ in CASES}
    on_disk = {
        str(p.relative_to(FIXTURES))
        for p in FIXTURES.glob("*/**/*")
        if p.is_file() and p.suffix == ".json" and p.name != "cases.json" and p.parent != FIXTURES
    }
    orphans = sorted(on_disk - listed - {str(Path(p)) for p in listed})
    assert not orphans, f"fixture files not in any cases.json: {orphans}"


def test_valid_folders_hold_only_verified_documents() -> None:
    """The README's first command verifies fixtures/*/valid/*.json and must exit 0."""
    wrong = [path for path, case in CASES if "/valid/" in path and case["expect"]["status"] != "ok"]
    assert not wrong, f"not verified, yet under valid/: {wrong}"
