"""Shared test helpers: build records, verify them, assert findings by rule ID and pointer."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import orjson

from scorer.core.findings import Finding
from scorer.core.values import VerifyResult
from scorer.referee.pipeline import verify_document
from scorer.referee.settings import VerifyOptions

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def load_fixture(relative: str) -> Any:
    """A fixture document by its path under ``fixtures/`` (e.g. ``harmonies/valid/x.json``)."""
    return orjson.loads((FIXTURES / relative).read_bytes())


def make_record(
    game: str,
    setup: Mapping[str, Any],
    moves: Sequence[Mapping[str, Any]],
    players: Iterable[str] = ("Ann", "Ben"),
    variant: Mapping[str, Any] | None = None,
    claimed: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A record in the common envelope."""
    record: dict[str, Any] = {
        "format": "scorer-record/1",
        "game": game,
        "variant": dict(variant or {}),
        "players": [{"name": n} for n in players],
        "setup": copy.deepcopy(dict(setup)),
        "moves": copy.deepcopy(list(moves)),
    }
    if claimed is not None:
        record["claimed"] = copy.deepcopy(dict(claimed))
    return record


def verify(doc: Any, keep_going: bool = False) -> VerifyResult:
    """Run the whole pipeline (schema, replay or position checks, scoring, claims)."""
    return verify_document(doc, "<test>", VerifyOptions(keep_going))


def describe(findings: Iterable[Finding]) -> str:
    return "\n".join(f"{f.pointer}: {f.rule} {f.message}" for f in findings) or "(no findings)"


def assert_rejects(result: VerifyResult, rule: str, pointer: str | None = None) -> Finding:
    """The first error finding has ``rule`` (and ``pointer`` if given). Returns it."""
    errors = [f for f in result.findings if f.is_error]
    assert errors, f"expected {rule}, got no error; status {result.status}"
    first = errors[0]
    assert first.rule == rule, f"expected {rule}, got:\n{describe(result.findings)}"
    if pointer is not None:
        assert first.pointer == pointer, f"expected {rule} at {pointer}, got:\n{describe(errors)}"
    return first


def assert_finding(result: VerifyResult, rule: str, pointer: str | None = None) -> Finding:
    """Some finding (any position, any severity) has ``rule`` and ``pointer``."""
    for f in result.findings:
        if f.rule == rule and (pointer is None or f.pointer == pointer):
            return f
    raise AssertionError(f"no {rule} at {pointer}; got:\n{describe(result.findings)}")


def assert_ok(result: VerifyResult) -> None:
    """Verified: status ok and no error finding."""
    assert result.status == "ok", f"status {result.status}:\n{describe(result.findings)}"
