"""Score sheets (rules/hacienda.md §7.5): events, game totals, ranking and the claims beyond
``scores`` / ``breakdown`` (``intermediate``, ``final``, ``money``, step incomes).

For a record the main sheet holds the game totals per category (intermediate + final event),
so ``claimed.scores`` and ``claimed.breakdown`` compare with it; ``stages`` holds the
``intermediate`` and ``final`` events. In variant 2, and for a game whose intermediate scoring
has not happened yet, the main sheet is the one (final or provisional) event.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from operator import add
from typing import Any

from scorer.core.claims import claim_mismatch, not_a_player, scoring_when, unexpected_claim
from scorer.core.findings import Finding
from scorer.core.pointer import to_pointer
from scorer.core.values import Json, PlayerScore, ScoreSheet
from scorer.games.hacienda.scoring import CATEGORIES, evaluate
from scorer.games.hacienda.state import ClaimIssue, State


@dataclass(frozen=True, slots=True)
class HaciendaSheet(ScoreSheet):
    """A ScoreSheet that also carries what ``extra_claims`` compares."""

    issues: tuple[ClaimIssue, ...] = ()
    money: Mapping[str, int] = field(default_factory=dict)
    complete: bool = True
    continuous: bool = False
    inter_after: int = -1  # index of the move after which the intermediate scoring took place


def _ranking(
    lines: Sequence[PlayerScore], money: Mapping[str, int], tiebreak: str
) -> tuple[tuple[str, ...], ...]:
    """Highest total first; ties share the place unless tiebreak money."""

    # HAC-SCORE-7: the game score ranks the players
    def key(line: PlayerScore) -> tuple[int, int]:
        return (line.total, money[line.name] if tiebreak == "money" else 0)

    tiers: list[list[str]] = []
    last: tuple[int, int] | None = None
    for line in sorted(lines, key=key, reverse=True):
        if key(line) != last:
            tiers.append([])
            last = key(line)
        tiers[-1].append(line.name)
    return tuple(tuple(t) for t in tiers)


def _lines(
    names: Sequence[str],
    rows: Sequence[Sequence[int]],
    extras: Sequence[dict[str, object]],
    bonus: Sequence[int] | None = None,
) -> tuple[PlayerScore, ...]:
    out = []
    for k, name in enumerate(names):
        # the six categories (a row of an event has a 7th number: markets connected)
        cats = dict(zip(CATEGORIES, rows[k], strict=False))
        total = sum(cats.values()) + (bonus[k] if bonus else 0)
        out.append(PlayerScore(name, cats, total, extras[k]))
    return tuple(out)


def event_sheet(
    state: State, rows: Sequence[Sequence[int]], money: Mapping[str, int] | None = None
) -> ScoreSheet:
    """One scoring event as a sheet (extra column: markets connected); ``money`` by name, if
    the caller has it already."""
    extras: list[dict[str, object]] = [{"markets connected": r[6]} for r in rows]
    lines = _lines(state.names, rows, extras)
    if money is None:
        money = dict(zip(state.names, state.money, strict=True))
    return ScoreSheet(
        CATEGORIES, lines, _ranking(lines, money, state.opts.tiebreak), ("markets connected",)
    )


def record_sheet(state: State, notes: tuple[str, ...] = ()) -> HaciendaSheet:
    """The score sheet of a replayed record (provisional while the game is not over)."""
    names, pesos = state.names, state.money  # a view of the tally: read once
    money = dict(zip(names, pesos, strict=True))
    final = evaluate(state)
    inter = state.inter_scores
    tiebreak = "pesos left" if state.opts.tiebreak == "money" else ""
    stages: tuple[tuple[str, ScoreSheet], ...] = ()
    rows: Sequence[Sequence[int]] = final
    extras: list[dict[str, object]] = [{"pesos": m} for m in pesos]
    columns: tuple[str, ...] = ("pesos",)
    if inter is not None:
        label = "final" if state.final == 2 else "provisional"
        first, last = event_sheet(state, inter, money), event_sheet(state, final, money)
        stages = (("intermediate", first), (label, last))
        rows = [tuple(map(add, i, f)) for i, f in zip(inter, final, strict=True)]
        columns = ("intermediate", label, "pesos")
        for k, (a, b) in enumerate(zip(first.players, last.players, strict=True)):
            extras[k] = {"intermediate": a.total, label: b.total, "pesos": pesos[k]}
    lines = _lines(names, rows, extras)
    return HaciendaSheet(
        CATEGORIES,
        lines,
        _ranking(lines, money, state.opts.tiebreak),
        columns,
        stages,
        notes,
        tiebreak,
        issues=tuple(state.issues),
        money=money,
        complete=state.final == 2,
        continuous=state.opts.continuous_scoring,
        inter_after=state.inter_after,
    )


def position_sheet(state: State, track: Sequence[int], notes: tuple[str, ...]) -> HaciendaSheet:
    """A position: track + one scoring event (§13.4); categories are the event's."""
    names = state.names
    money = dict(zip(names, state.money, strict=True))
    rows = evaluate(state)
    extras: list[dict[str, object]] = [
        {"track": track[k], "pesos": state.money[k]} for k in range(len(names))
    ]
    lines = _lines(names, rows, extras, track)
    return HaciendaSheet(
        CATEGORIES,
        lines,
        _ranking(lines, money, state.opts.tiebreak),
        ("track", "pesos"),
        (),
        notes,
        "pesos left" if state.opts.tiebreak == "money" else "",
        issues=(),
        money=money,
        complete=True,
        continuous=state.opts.continuous_scoring,
    )


def _compare(
    sheet: ScoreSheet, claims: Json, base: tuple[str, ...], when: Mapping[str, object]
) -> list[Finding]:
    """The claimed totals and breakdown entries of one scoring event that differ from it."""
    lines = {line.name: line for line in sheet.players}
    out: list[Finding] = []
    for name, value in claims.get("scores", {}).items():
        line = lines.get(name)
        if line is None or line.total != value:
            out.append(_differs(line, (*base, "scores", name), name, "total", value, when))
    for name, cats in claims.get("breakdown", {}).items():
        line = lines.get(name)
        for key, value in cats.items():
            if line is None or _actual(line, key) != value:
                path = (*base, "breakdown", name, key)
                out.append(_differs(line, path, name, key, value, when))
    return out


def _actual(line: PlayerScore, key: str) -> int | None:
    return line.total if key == "total" else line.categories.get(key)


def _differs(
    line: PlayerScore | None,
    path: tuple[str, ...],
    name: str,
    key: str,
    claimed: Any,
    when: Mapping[str, object],
) -> Finding:
    """REC-CLAIM-1 for a claim about no player, else the claim mismatch of ``key``."""
    if line is None:
        return not_a_player(to_pointer(path), name)
    actual = _actual(line, key)
    stage = str(when["scoring"])
    move = when.get("move")
    label = scoring_when(stage, move if isinstance(move, int) else None)
    return claim_mismatch(
        to_pointer(path),
        name,
        key,
        claimed,
        actual,
        when=label,
        details={"category": key, **when},
    )


def extra_claims(sheet: ScoreSheet, claimed: Json) -> list[Finding]:
    """``claimed.intermediate``, ``final``, ``money`` and the step incomes (§7.5)."""
    if not isinstance(sheet, HaciendaSheet):
        return []
    out = [
        claim_mismatch(
            to_pointer(i.path),
            i.player,
            "income",
            i.found,
            i.expected,
            rule=i.rule,
            when=i.when,
            details={"move": i.move},
        )
        for i in sheet.issues
    ]
    stages = dict(sheet.stages)
    if "intermediate" in claimed:
        if sheet.continuous:
            out.append(
                unexpected_claim(
                    "/claimed/intermediate",
                    "intermediate scoring",
                    claimed["intermediate"],
                    "variant 2 has no intermediate scoring",
                    {"expected": None, "found": "intermediate"},
                )
            )
        elif "intermediate" in stages:
            after = {"move": sheet.inter_after} if sheet.inter_after >= 0 else {}
            out.extend(
                _compare(
                    stages["intermediate"],
                    claimed["intermediate"],
                    ("claimed", "intermediate"),
                    {"scoring": "intermediate", **after},
                )
            )
    if "final" in claimed and sheet.complete:
        final = stages.get("final", sheet)
        out.extend(_compare(final, claimed["final"], ("claimed", "final"), {"scoring": "final"}))
    for name, value in claimed.get("money", {}).items():
        if name in sheet.money and sheet.money[name] == value:
            continue
        pointer = to_pointer(("claimed", "money", name))
        if name not in sheet.money:
            out.append(not_a_player(pointer, name))
        else:
            out.append(
                claim_mismatch(pointer, name, "pesos", value, sheet.money[name], unit="peso")
            )
    return out
