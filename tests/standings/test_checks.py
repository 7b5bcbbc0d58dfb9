"""Organiser warnings and excluded records (crafted results; the CLI tests use real ones)."""

from __future__ import annotations

from scorer.core.findings import Finding
from scorer.standings import Collector, Document
from tests.standings.helpers import club_night, game, standings, table_of


def kinds(doc: Document) -> list[tuple[str, object, object, tuple[str, ...]]]:
    return [(w.kind, w.round, w.player, w.sources) for w in doc.warnings]


def test_a_clean_event_has_no_warning() -> None:
    assert standings(club_night()).warnings == ()


def test_player_at_two_tables_in_one_round_counts_both_and_warns() -> None:
    extra = game(
        "r2t3.json", "club night", 2, 3, [["Ann"], ["Gus"], ["Hal"]], {"Ann": 9, "Gus": 5, "Hal": 1}
    )
    doc = standings([*club_night(), extra])
    assert ("two-tables", 2, "Ann", ("r2t1.json", "r2t3.json")) in kinds(doc)
    ann = next(s for s in doc.events[0].standings if s.player == "Ann")
    assert ann.games == 3  # both round-2 games count (beaten: 2 + 0 + 2 = 4)
    assert str(ann.points) == "4"
    # Gus and Hal play round 2 only → each misses round 1
    assert ("missing-round", 1, "Gus", ()) in kinds(doc)


def test_table_whose_player_count_differs_from_the_round() -> None:
    results = club_night()
    results[3] = game("r2t2.json", "club night", 2, 2, [["Ben"], ["Fay"]], {"Ben": 7, "Fay": 3})
    doc = standings(results)
    # round 2 has a table of 3 and a table of 2: on a tie of counts the larger one is the norm
    assert ("table-size", 2, None, ("r2t2.json",)) in kinds(doc)
    assert ("missing-round", 2, "Cid", ()) in kinds(doc)


def test_the_most_common_table_size_is_the_norm() -> None:
    e = "cup"
    results = [
        game(
            f"t{i}.json",
            e,
            1,
            i,
            [[f"A{i}"], [f"B{i}"], [f"C{i}"]],
            {f"A{i}": 3, f"B{i}": 2, f"C{i}": 1},
        )
        for i in (1, 2)
    ]
    results.append(
        game(
            "t3.json",
            e,
            1,
            3,
            [["A3"], ["B3"], ["C3"], ["D3"]],
            {"A3": 4, "B3": 3, "C3": 2, "D3": 1},
        )
    )
    assert kinds(standings(results)) == [("table-size", 1, None, ("t3.json",))]


def test_round_missing_for_a_player_names_their_excluded_record() -> None:
    results = club_night()
    results[1] = game(
        "r1t2.json",
        "club night",
        1,
        2,
        [["Dee"], ["Eve"], ["Fay"]],
        {"Dee": 60, "Eve": 30, "Fay": 20},
        status="illegal",
        findings=[Finding("HAR-STACK-5", "/moves/3/steps/1/cell", "no")],
    )
    doc = standings(results)
    assert [k for k in kinds(doc) if k[0] == "missing-round"] == [
        ("missing-round", 1, "Dee", ("r1t2.json",)),
        ("missing-round", 1, "Eve", ("r1t2.json",)),
        ("missing-round", 1, "Fay", ("r1t2.json",)),
    ]
    assert "excluded: r1t2.json" in doc.warnings[0].message


def test_same_table_named_by_two_different_records() -> None:
    results = club_night()
    results.append(
        game(
            "r1t1-ben.json",
            "club night",
            1,
            1,
            [["Ann"], ["Ben", "Cid"]],
            {"Ann": 51, "Ben": 40, "Cid": 40},
        )
    )
    found = kinds(standings(results))
    assert ("table-reused", 1, None, ("r1t1-ben.json", "r1t1.json")) in found
    assert ("two-tables", 1, "Ann", ("r1t1-ben.json", "r1t1.json")) in found


def test_duplicate_counts_once_and_warns() -> None:
    copy = game(
        "copy.json",
        "club night",
        2,
        2,
        [["Ben"], ["Fay"], ["Cid"]],
        {"Ben": 70, "Fay": 35, "Cid": 20},
        findings=[Finding("REC-DUP-1", "", "same", "warning", {"first": "r2t2.json"})],
    )
    doc = standings([*club_night(), copy])
    assert kinds(doc) == [("duplicate", None, None, ("r2t2.json", "copy.json"))]
    assert "counted once" in doc.warnings[0].message
    assert table_of(doc) == table_of(standings(club_night()))
    assert doc.events[0].games == 4


def test_duplicates_given_by_label_count_once() -> None:
    # scorer report passes the duplicates it saw while reading instead of REC-DUP-1 findings
    collector = Collector(duplicates={"again.json": "r1t1.json"})
    again = game(
        "again.json",
        "club night",
        1,
        1,
        [["Ann"], ["Ben", "Cid"]],
        {"Ann": 50, "Ben": 40, "Cid": 40},
    )
    for result in [*club_night(), again]:
        collector.add(result)
    assert [w.kind for w in collector.warnings] == ["duplicate"]
    assert len(collector.tables["club night"]) == 4


def test_excluded_records_with_status_and_first_finding() -> None:
    bad = [
        game(
            "mismatch.json",
            "club night",
            3,
            1,
            [["Ann"], ["Ben"]],
            {"Ann": 5, "Ben": 4},
            status="mismatch",
            findings=[
                Finding("HAR-CARD-1", "/moves/0", "a warning", "warning"),
                Finding("REC-CLAIM-1", "/claimed/scores/Ann", "claimed 6"),
            ],
        ),
        game("no-event.json", None, 1, 1, [["Ann"], ["Ben"]], {"Ann": 5, "Ben": 4}),
        game("bad-round.json", "club night", 0, 1, [["Ann"], ["Ben"]], {"Ann": 5, "Ben": 4}),
        game("no-round.json", "club night", None, 1, [["Ann"], ["Ben"]], {"Ann": 5, "Ben": 4}),
        game("bad-table.json", "club night", 1, [1], [["Ann"], ["Ben"]], {"Ann": 5, "Ben": 4}),
        game("bad-event.json", 7, 1, 1, [["Ann"], ["Ben"]], {"Ann": 5, "Ben": 4}),
    ]
    doc = standings([*club_night(), *bad])
    got = [
        (x.source, x.status, x.event, x.finding.rule if x.finding else None) for x in doc.excluded
    ]
    assert got == [
        ("mismatch.json", "mismatch", "club night", "REC-CLAIM-1"),
        ("no-event.json", "ok", None, None),
        ("bad-round.json", "ok", "club night", None),
        ("no-round.json", "ok", "club night", None),
        ("bad-table.json", "ok", "club night", None),
        ("bad-event.json", "ok", None, None),
    ]
    assert doc.excluded[0].finding is not None
    assert doc.excluded[0].finding.pointer == "/claimed/scores/Ann"
    assert doc.excluded[1].reason.startswith("no meta.event")
    assert doc.excluded[2].reason.startswith("meta.round")
    assert table_of(doc) == table_of(standings(club_night()))
    assert doc.records == 10


def test_rounds_and_tables_by_name_and_digits() -> None:
    results = [
        game("a.json", "e", "2", "A", [["Ann"], ["Ben"]], {"Ann": 2, "Ben": 1}),
        game("b.json", "e", "final", "B", [["Ben"], ["Ann"]], {"Ben": 2, "Ann": 1}),
        game("c.json", "e", 1, None, [["Ann"], ["Ben"]], {"Ann": 2, "Ben": 1}),
    ]
    doc = standings(results)
    assert doc.events[0].rounds == (1, 2, "final")
    ann = doc.events[0].standings[0]
    assert [(r.round, r.table) for r in ann.results] == [(1, None), (2, "A"), ("final", "B")]


def test_event_selection_leaves_other_events_out() -> None:
    other = game("x.json", "other cup", 1, 1, [["Zed"], ["Yan"]], {"Zed": 2, "Yan": 1})
    nameless = game("y.json", None, 1, 1, [["Ann"], ["Ben"]], {"Ann": 2, "Ben": 1})
    doc = standings([*club_night(), other, nameless], event="club night")
    assert [e.name for e in doc.events] == ["club night"]
    assert [x.source for x in doc.excluded] == ["y.json"]  # its event cannot be told
    both = standings([*club_night(), other])
    assert [e.name for e in both.events] == ["club night", "other cup"]


def test_a_position_is_not_a_game_record() -> None:
    from dataclasses import replace

    position = replace(
        game("pos.json", "club night", 1, 3, [["Ann"], ["Ben"]], {"Ann": 5, "Ben": 4}),
        kind="position",
    )
    doc = standings([*club_night(), position])
    assert [(x.source, x.status, x.reason) for x in doc.excluded] == [
        ("pos.json", "ok", "a position, not a game record")
    ]
    assert doc.events[0].games == 4


def test_nothing_to_rank() -> None:
    collector = Collector("cup")
    assert collector.nothing_to_rank() is not None
    collector.add(game("a.json", "other", 1, 1, [["Ann"], ["Ben"]], {"Ann": 2, "Ben": 1}))
    assert "events found: other" in (collector.nothing_to_rank() or "")
    plain = Collector()
    plain.add(game("b.json", None, 1, 1, [["Ann"], ["Ben"]], {"Ann": 2, "Ben": 1}))
    assert "no record names an event" in (plain.nothing_to_rank() or "")
