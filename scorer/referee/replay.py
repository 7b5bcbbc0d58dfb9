"""The referee: setup → moves → end → scoring → claims, with pointers into the record.

Game modules state only their own rules (they raise RuleViolation with a path relative to the
move). The referee alone checks that the player exists, whose turn it is and whether the game
is over, builds absolute pointers and decides when to stop.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from scorer.core.claims import claim_mismatch, not_a_player
from scorer.core.errors import PathPart, RuleViolation, RuleViolations
from scorer.core.findings import Finding, plain
from scorer.core.legal import details_of
from scorer.core.pointer import to_pointer
from scorer.core.roles import CATALOGUE, MOVES, POSITIONS, REFEREE, Moves, Referee
from scorer.core.values import Record, ScoreSheet, Status, VerifyResult
from scorer.core.words import plural
from scorer.registry import get


@dataclass(frozen=True, slots=True)
class Replay:
    """The state reached after replaying (part of) a record."""

    state: object | None
    findings: tuple[Finding, ...]
    moves_applied: int
    steps_applied: int
    stopped: bool  # True if an illegal move stopped the replay


def move_label(move: Mapping[str, Any], index: int, path: Sequence[PathPart] = ()) -> str:
    """``Ann, move 18, step 3`` (1-based), the prefix of every move finding."""
    label = f"{move.get('player', '?')}, move {index + 1}"
    if len(path) >= 2 and path[0] == "steps" and isinstance(path[1], int):
        label += f", step {path[1] + 1}"
    return label


def violation_finding(
    exc: RuleViolation, prefix: tuple[PathPart, ...] = (), label: str = "", **extra: object
) -> Finding:
    """Turn a RuleViolation into a Finding with an absolute pointer."""
    message = f"{label}: {exc.message}" if label else exc.message
    details = {**exc.details, **extra}
    return Finding(exc.rule, to_pointer((*prefix, *exc.path)), message, exc.severity, details)


def _check_players(record: Record) -> list[Finding]:
    seen: set[str] = set()
    findings = []
    for i, player in enumerate(record["players"]):
        name = player["name"]
        if name in seen:
            findings.append(
                Finding("REC-PLAYER-2", f"/players/{i}/name", f"player name {name!r} is used twice")
            )
        seen.add(name)
    return findings


def _referee_check(
    rules: Referee[object], state: object, move: Mapping[str, Any], index: int, names: set[str]
) -> Finding | None:
    player = move["player"]
    if player in names and not rules.is_over(state) and player in rules.expected_players(state):
        return None  # the common case, checked without building any message
    label = move_label(move, index)
    if player not in names:
        return Finding(
            "REC-PLAYER-1",
            f"/moves/{index}/player",
            f"{label}: {player!r} is not a player of this game "
            f"(players: {', '.join(sorted(names))})",
            details={"move": index, "found": player, "expected": sorted(names)},
        )
    if rules.is_over(state):
        return Finding(
            "REC-END-1",
            f"/moves/{index}",
            f"{label}: the game is already over",
            details={"move": index, "player": player},
        )
    expected = rules.expected_players(state)
    if player not in expected:
        want = " or ".join(sorted(expected))
        return Finding(
            "REC-TURN-1",
            f"/moves/{index}/player",
            f"{label}: it is {want}'s turn, not {player}'s",
            details={"move": index, "expected": sorted(expected), "found": player},
        )
    return None


def legal_details(
    moves: Moves[object], state: object, move: Mapping[str, Any], exc: RuleViolation
) -> dict[str, Any]:
    """``details.legal`` and its companions for a rejected step (scorer.core.legal), or nothing
    when the violation is not a step's or the game says the question does not apply.

    The generator runs on a state the checks have not finished with, so a failure of it must
    not cost the finding: it becomes a note instead.
    """
    if len(exc.path) < 2 or exc.path[0] != "steps" or not isinstance(exc.path[1], int):
        return {}
    try:
        found = moves.legal_alternatives(state, move, exc.path[1], exc.rule)
    except Exception as err:  # a generator failure never hides the finding
        return {"legal_note": f"the move generator could not say ({type(err).__name__})"}
    return details_of(found) if found is not None else {}


def replay(
    rules: Referee[object],
    record: Record,
    upto: int | None = None,
    keep_going: bool = False,
    moves: Callable[[], Moves[object]] | None = None,
) -> Replay:
    """Replay the first ``upto`` moves (all by default). Stops at the first illegal move
    unless ``keep_going``; later findings are then marked ``after_first_error``. A rejected
    step's finding carries what was legal instead, from the game's generator that ``moves``
    gives (asked only when a step is rejected; None: not computed)."""
    findings: list[Finding] = list(_check_players(record))
    if findings:
        return Replay(None, tuple(findings), 0, 0, True)
    try:
        state = rules.initial_state(record)
    except RuleViolation as exc:
        return Replay(None, (violation_finding(exc),), 0, 0, True)
    except RuleViolations as group:  # a setup may report every problem at once
        return Replay(None, tuple(violation_finding(v) for v in group.violations), 0, 0, True)
    names = {p["name"] for p in record["players"]}
    recorded = record["moves"]
    applied = steps = 0
    for index, move in enumerate(recorded[:upto] if upto is not None else recorded):
        referee = _referee_check(rules, state, move, index, names)
        if referee is not None:
            marks = _marks(findings)
            findings.append(replace(referee, details={**referee.details, **marks}))
            if not keep_going or referee.rule == "REC-END-1":
                return Replay(state, tuple(findings), applied, steps, True)
            state = rules.skip(state, move)  # REC-TURN-1 / REC-PLAYER-1: the seat still passes
            continue
        try:
            state = rules.apply(state, move)
        except RuleViolation as exc:
            label = move_label(move, index, exc.path)
            marks = _marks(findings)
            extra = {**marks, **legal_details(moves(), state, move, exc)} if moves else marks
            findings.append(violation_finding(exc, ("moves", index), label, move=index, **extra))
            if not keep_going:
                return Replay(state, tuple(findings), applied, steps, True)
            state = rules.skip(state, move)
            continue
        applied += 1
        steps += rules.count_steps(move)
    return Replay(state, tuple(findings), applied, steps, bool(findings))


def _marks(findings: Sequence[Finding]) -> dict[str, Any]:
    """The details that mark a finding after the first error of a replay (``keep_going``)."""
    return {"after_first_error": True} if findings else {}


def _warnings(rules: Referee[object], state: object | None) -> tuple[Finding, ...]:
    """Warnings a game collected while replaying, with plain details (see ``plain``)."""
    if state is None:
        return ()
    return tuple(
        w if type(w.details) is dict else replace(w, details=plain(w.details))  # type: ignore[arg-type]
        for w in rules.warnings(state)
    )


def compare_claims(
    rules: Referee[object],
    sheet: ScoreSheet,
    claimed: Mapping[str, Any],
    players: Sequence[str],
    totals: bool = True,
) -> list[Finding]:
    """Every claimed total and breakdown entry that differs from the sheet (REC-CLAIM-1), then
    the game's own claims. ``totals=False`` skips totals and breakdowns (incomplete games of a
    game whose claims describe the end of the game only)."""
    findings: list[Finding] = []
    if not totals:
        return rules.extra_claims(sheet, claimed)
    for name, value in claimed.get("scores", {}).items():
        findings.extend(_claim(sheet, ("claimed", "scores", name), name, "total", value))
    for name, cats in claimed.get("breakdown", {}).items():
        for key, value in cats.items():
            findings.extend(_claim(sheet, ("claimed", "breakdown", name, key), name, key, value))
    findings.extend(rules.extra_claims(sheet, claimed))
    return findings


def _claim(
    sheet: ScoreSheet, path: tuple[str, ...], name: str, key: str, claimed: Any
) -> list[Finding]:
    try:
        line = sheet.player(name)
    except KeyError:
        return [not_a_player(to_pointer(path), name)]
    if key != "total" and key not in line.categories:
        return []  # a category the sheet cannot compute (e.g. a position without history)
    actual = line.total if key == "total" else line.categories[key]
    if actual == claimed:
        return []  # the common case: no pointer is written
    return [claim_mismatch(to_pointer(path), name, key, claimed, actual, details={"category": key})]


def scored(rules: Referee[object], state: object, game: str) -> ScoreSheet:
    """The score sheet of ``state`` with why the game ended (None while it is not over)."""
    sheet = rules.score(state)
    reason = rules.end_reason(state) if rules.is_over(state) else None
    if reason is None:
        return sheet
    words = get(game, CATALOGUE).END_REASONS.get(reason, "")
    return replace(sheet, end_reason=reason, end_text=words)


def verify_record(
    record: Record, source: str = "<record>", keep_going: bool = False
) -> VerifyResult:
    """Verify a schema-valid record: replay, end of game, scoring, claims."""
    game: str = record["game"]
    rules = get(game, REFEREE)
    players = tuple(p["name"] for p in record["players"])
    run = replay(rules, record, keep_going=keep_going, moves=partial(get, game, MOVES))
    warnings = _warnings(rules, run.state)
    if run.state is None or (run.stopped and not keep_going):
        stopped = (*run.findings, *warnings)
        return _record_result(record, source, run, players, "illegal", stopped, None)
    findings = list(run.findings)
    status: Status = "illegal" if findings else "ok"
    if not rules.is_over(run.state) and status == "ok":
        findings.append(
            Finding(
                "REC-END-2",
                "/moves",
                f"the record stops after {plural(len(record['moves']), 'move')}, before the "
                "game has ended; the scores shown are provisional",
                details={"moves": len(record["moves"])},
            )
        )
        status = "incomplete"
    findings.extend(warnings)
    sheet = scored(rules, run.state, game)
    totals = status != "incomplete" or rules.CLAIMS_WHEN_INCOMPLETE
    claims = compare_claims(rules, sheet, record.get("claimed", {}), players, totals)
    if claims and status == "ok":
        status = "mismatch"
    return _record_result(record, source, run, players, status, (*findings, *claims), sheet)


def _record_result(
    record: Record,
    source: str,
    run: Replay,
    players: tuple[str, ...],
    status: Status,
    findings: tuple[Finding, ...],
    sheet: ScoreSheet | None,
) -> VerifyResult:
    """The one VerifyResult of a replayed record (made once: no copy per stage)."""
    return VerifyResult(
        source,
        "record",
        record["game"],
        status,
        findings,
        run.moves_applied,
        len(record["moves"]),
        run.steps_applied,
        sheet,
        players,
        run.state,
        meta=record.get("meta"),
    )


def score_position(
    doc: Record, source: str = "<position>", keep_going: bool = False
) -> VerifyResult:
    """Check a schema-valid position and score it (impossible positions are not scored
    unless ``keep_going``)."""
    game: str = doc["game"]
    players = tuple(p["name"] for p in doc["players"])
    dupes = _check_players(doc)
    if dupes:
        return VerifyResult(source, "position", game, "impossible", tuple(dupes), players=players)
    result = get(game, POSITIONS).load_position(doc)
    findings = list(result.findings)
    errors = any(f.is_error for f in findings)
    base = VerifyResult(
        source,
        "position",
        game,
        "impossible" if errors else "ok",
        tuple(findings),
        players=players,
        state=result.state,
    )
    if result.state is None or (errors and not keep_going):
        return base
    rules = get(game, REFEREE)
    sheet = scored(rules, result.state, game)
    claims = compare_claims(rules, sheet, doc.get("claimed", {}), players)
    status: Status = base.status
    if claims and status == "ok":
        status = "mismatch"
    return replace(base, status=status, findings=(*findings, *claims), scores=sheet)
