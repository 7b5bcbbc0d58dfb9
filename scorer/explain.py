"""Explaining scores and marking illegal moves: shared by `explain`, `show --svg` and `report`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorer.engine import GameRules, Mark, ScoreItem, ScoreSheet, State, VerifyResult
from scorer.findings import Finding
from scorer.pointer import resolve, split


def select(items: Sequence[ScoreItem], player: str | None = None, category: str | None = None
           ) -> list[ScoreItem]:
    """Items of one player and/or one category (None = all)."""
    return [i for i in items if (player is None or i.player == player)
            and (category is None or i.category == category)]


def _cells(cells: Sequence[tuple[int, int]]) -> str:
    if not cells:
        return ""
    shown = ", ".join(f"[{c[0]},{c[1]}]" for c in cells[:8])
    more = f" and {len(cells) - 8} more" if len(cells) > 8 else ""
    return f" — cells {shown}{more}"


def render_explanation(sheet: ScoreSheet, items: Sequence[ScoreItem], findings: Sequence[Finding],
                       player: str | None = None, category: str | None = None) -> str:
    """Per player and category: every item with its points, cells and rule; then the claims
    that differ from the computed scores."""
    out: list[str] = []
    categories = [c for c in sheet.categories if category is None or c == category]
    for line in sheet.players:
        if player is not None and line.name != player:
            continue
        out.append(f"{line.name}: {line.total} points")
        for cat in categories:
            mine = select(items, line.name, cat)
            out.append(f"  {cat}: {line.categories.get(cat, '—')}")
            for item in mine:
                unit = "point" if abs(item.points) == 1 else "points"
                where = "" if _names_cells(item) else _cells(item.cells)
                out.append(f"    {item.text}: {item.points} {unit} [{item.rule}]{where}")
            if not mine:
                out.append("    (nothing scored)")
    claims = [f for f in findings if f.rule == "REC-CLAIM-1"
              and (player is None or f.details.get("player") == player)
              and (category is None or f.details.get("category") == category)]
    if claims:
        out.append("Claimed vs computed:")
        out.extend(f"  {f.pointer}: claimed {f.details.get('found')}, computed "
                   f"{f.details.get('expected')} (difference "
                   f"{_diff(f.details.get('found'), f.details.get('expected'))})" for f in claims)
    return "\n".join(out) + "\n"


def _names_cells(item: ScoreItem) -> bool:
    """True when the item's text already names every cell (no need to list them again)."""
    return all(f"[{x},{y}]" in item.text or f"({x},{y})" in item.text for x, y in item.cells)


def _diff(found: object, expected: object) -> str:
    if isinstance(found, int) and isinstance(expected, int):
        return f"{found - expected:+d}"
    return "n/a"


def offending_mark(doc: Mapping[str, Any], result: VerifyResult) -> Mark | None:
    """The cell named by the first error of an illegal record (for pictures), if it names one."""
    error = next((f for f in result.findings if f.is_error), None)
    if error is None or not error.pointer.startswith("/moves/"):
        return None
    try:
        value = resolve(doc, error.pointer)
    except (KeyError, IndexError, ValueError):
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        return None
    move = doc["moves"][int(split(error.pointer)[1])]
    return Mark((value[0], value[1]), move.get("player"), error.rule)


def explain_state(rules: GameRules, state: State) -> list[ScoreItem]:
    return list(rules.explain(state))
