"""Crafted verification results for standings tests: a ScoreSheet per table, built by hand.

``game(source, event, round, table, ranking, totals)`` is one verified table: ``ranking`` is
the game's own order (tiers from first place down; a tier of two is a tie the game's own
tie-break could not break), ``totals`` the players' game scores.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scorer.core.findings import Finding
from scorer.core.values import PlayerScore, ScoreSheet, Status, VerifyResult
from scorer.standings import Collector, Document, build, parse_options


def game(
    source: str,
    event: object,
    round_: object,
    table: object,
    ranking: Sequence[Sequence[str]],
    totals: Mapping[str, int],
    status: Status = "ok",
    findings: Iterable[Finding] = (),
    extra_meta: Mapping[str, Any] | None = None,
) -> VerifyResult:
    players = tuple(name for tier in ranking for name in tier)
    assert set(players) == set(totals)
    sheet = ScoreSheet(
        ("points",),
        tuple(PlayerScore(n, {"points": totals[n]}, totals[n]) for n in players),
        tuple(tuple(t) for t in ranking),
    )
    meta: dict[str, Any] = dict(extra_meta or {})
    if event is not None:
        meta["event"] = event
    if round_ is not None:
        meta["round"] = round_
    if table is not None:
        meta["table"] = table
    return VerifyResult(
        source,
        "record",
        "harmonies",
        status,
        tuple(findings),
        scores=sheet,
        players=players,
        meta=meta,
    )


def standings(
    results: Iterable[VerifyResult],
    system: str = "beaten",
    points: str | None = None,
    tiebreak: str | None = None,
    event: str | None = None,
) -> Document:
    collector = Collector(event)
    for result in results:
        collector.add(result)
    return build(collector, parse_options(system, points, tiebreak))


def table_of(doc: Document, event: int = 0) -> list[tuple[str, int, bool, str]]:
    """(player, place, shared, exact points) of every line of an event's standings."""
    return [(s.player, s.place, s.shared, str(s.points)) for s in doc.events[event].standings]


def club_night() -> list[VerifyResult]:
    """Six players, two rounds, two tables of three per round.

    round 1, table 1: Ann 50, Ben 40, Cid 40 — Ann first, Ben and Cid tied for second
    round 1, table 2: Dee 60, Eve 30, Fay 20
    round 2, table 1: Dee 45, Eve 45, Ann 30 — Dee ahead of Eve by the game's own tie-break
    round 2, table 2: Ben 70, Fay 35, Cid 20
    """
    e = "club night"
    return [
        game("r1t1.json", e, 1, 1, [["Ann"], ["Ben", "Cid"]], {"Ann": 50, "Ben": 40, "Cid": 40}),
        game("r1t2.json", e, 1, 2, [["Dee"], ["Eve"], ["Fay"]], {"Dee": 60, "Eve": 30, "Fay": 20}),
        game("r2t1.json", e, 2, 1, [["Dee"], ["Eve"], ["Ann"]], {"Dee": 45, "Eve": 45, "Ann": 30}),
        game("r2t2.json", e, 2, 2, [["Ben"], ["Fay"], ["Cid"]], {"Ben": 70, "Fay": 35, "Cid": 20}),
    ]
