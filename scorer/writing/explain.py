"""Explaining scores: ``scorer explain`` as text and as ``scorer-explain/1`` JSON.

The plain data (findings, scoring items, claims, the cell an illegal move names) comes from
:mod:`scorer.writing.verdict`; ``offending_mark`` is re-exported from there.

``scorer explain`` prints the explanation as text (``render_explanation``) or, with
``--format json``, as a ``scorer-explain/1`` document (``explanation_data``, validated by
``schemas/explain.schema.json``):

    {"format": "scorer-explain/1", "file", "kind", "game", "status",
     "filter": {"player", "category"}, "categories": [...],
     "players": [{"name", "total", "categories": {category: points}}],
     "items": [{"player", "category", "points", "rule", "text", "cells": [[x, y], ...],
                "board"}],
     "claims": [finding, ...], "findings": [finding, ...]}

``items`` are the scoring items of the selected players and categories (their points add up
to each category); ``cells`` are in the game's own coordinates, as records write them, and
``board`` names the player whose board they lie on (``null`` for a shared board). ``claims``
are the REC-CLAIM-1 findings of the selection, ``findings`` every other finding of the
document, both as in ``scorer-report/1``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer.core.findings import Finding
from scorer.core.printable import printable
from scorer.core.values import ScoreItem, ScoreSheet, VerifyResult
from scorer.core.words import plural
from scorer.writing.verdict import CLAIM, claim_findings, finding_to_data, item_data
from scorer.writing.verdict import offending_mark as offending_mark

EXPLAIN_FORMAT = "scorer-explain/1"


def select(
    items: Sequence[ScoreItem], player: str | None = None, category: str | None = None
) -> list[ScoreItem]:
    """Items of one player and/or one category (None = all)."""
    return [
        i
        for i in items
        if (player is None or i.player == player) and (category is None or i.category == category)
    ]


def _cells(cells: Sequence[tuple[int, int]]) -> str:
    if not cells:
        return ""
    return " — cells " + ", ".join(f"[{c[0]},{c[1]}]" for c in cells)


def filter_problem(result: VerifyResult, player: str | None, category: str | None) -> str | None:
    """Why ``--player`` / ``--category`` cannot be used on ``result`` (None when they can)."""
    if player is not None and player not in result.players:
        return f"no player {player!r}; players: {', '.join(result.players)}"
    sheet = result.scores
    if category is not None and sheet is not None and category not in sheet.categories:
        return f"no category {category!r}; categories: {', '.join(sheet.categories)}"
    return None


def render_explanation(
    sheet: ScoreSheet,
    items: Sequence[ScoreItem],
    findings: Sequence[Finding],
    player: str | None = None,
    category: str | None = None,
) -> str:
    """Per player and category: every item with its points, cells and rule; then the claims
    that differ from the computed scores."""
    out: list[str] = []
    categories = [c for c in sheet.categories if category is None or c == category]
    for line in sheet.players:
        if player is not None and line.name != player:
            continue
        out.append(f"{line.name}: {plural(line.total, 'point')}")
        for cat in categories:
            mine = select(items, line.name, cat)
            out.append(f"  {cat}: {line.categories.get(cat, '—')}")
            for item in mine:
                where = "" if _names_cells(item) else _cells(item.cells)
                out.append(f"    {item.text}: {plural(item.points, 'point')} [{item.rule}]{where}")
            if not mine:
                out.append("    (nothing scored)")
    claims = claim_findings(findings, player, category)
    if claims:
        out.append("Claimed vs computed:")
        out.extend(
            f"  {f.pointer}: claimed {f.details.get('found')}, computed "
            f"{f.details.get('expected')} (difference "
            f"{_diff(f.details.get('found'), f.details.get('expected'))})"
            for f in claims
        )
    return "\n".join(printable(line) for line in out) + "\n"


def explanation_data(
    result: VerifyResult,
    items: Sequence[ScoreItem],
    player: str | None = None,
    category: str | None = None,
) -> dict[str, Any]:
    """The ``scorer-explain/1`` document of ``result`` (plain data, ready for JSON)."""
    sheet = result.scores
    categories = (
        [c for c in sheet.categories if category is None or c == category]
        if sheet is not None
        else []
    )
    lines = (
        [line for line in sheet.players if player is None or line.name == player]
        if sheet is not None
        else []
    )
    return {
        "format": EXPLAIN_FORMAT,
        "file": result.source,
        "kind": result.kind,
        "game": result.game,
        "status": result.status,
        "filter": {"player": player, "category": category},
        "categories": categories,
        "players": [
            {
                "name": line.name,
                "total": line.total,
                "categories": {c: line.categories.get(c) for c in categories},
            }
            for line in lines
        ],
        "items": [
            item_data(i) for i in select(items, player, category) if i.category in categories
        ],
        "claims": [finding_to_data(f) for f in claim_findings(result.findings, player, category)],
        "findings": [finding_to_data(f) for f in result.findings if f.rule != CLAIM],
    }


def _names_cells(item: ScoreItem) -> bool:
    """True when the item's text already names every cell (no need to list them again)."""
    return all(f"[{x},{y}]" in item.text or f"({x},{y})" in item.text for x, y in item.cells)


def _diff(found: object, expected: object) -> str:
    if isinstance(found, int) and isinstance(expected, int):
        return f"{found - expected:+d}"
    return "n/a"
