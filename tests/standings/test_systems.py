"""Hand-computed standings of a small event under each scoring system (tests.standings.helpers
builds the tables; every sum below is worked out by hand from club_night's docstring)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scorer.standings import StandingsError
from scorer.standings.data import number, number_text
from tests.standings.helpers import club_night, game, standings, table_of


def test_beaten_counts_opponents_below_and_half_for_ties() -> None:
    # r1t1 Ann | Ben = Cid : Ann 2, Ben 0 + 0.5 = 0.5, Cid 0.5
    # r1t2 Dee | Eve | Fay : Dee 2, Eve 1, Fay 0
    # r2t1 Dee | Eve | Ann : Dee 2, Eve 1, Ann 0   (Dee above Eve by the game's own tie-break)
    # r2t2 Ben | Fay | Cid : Ben 2, Fay 1, Cid 0
    # Dee 4; Ben 2.5; Ann 2, Eve 2; Fay 1; Cid 0.5.
    # Ann and Eve: total game score Ann 50 + 30 = 80 > Eve 30 + 45 = 75 → Ann 3rd, Eve 4th.
    doc = standings(club_night())
    assert table_of(doc) == [
        ("Dee", 1, False, "4"),
        ("Ben", 2, False, "5/2"),
        ("Ann", 3, False, "2"),
        ("Eve", 4, False, "2"),
        ("Fay", 5, False, "1"),
        ("Cid", 6, False, "1/2"),
    ]
    lines = {s.player: s for s in doc.events[0].standings}
    assert lines["Ann"].tiebreaks == {"score": 80, "wins": 1, "h2h": None}
    assert lines["Eve"].tiebreaks == {"score": 75, "wins": 0, "h2h": None}
    assert lines["Dee"].tiebreaks["wins"] == 2
    assert all(s.games == 2 for s in lines.values())
    assert doc.events[0].rounds == (1, 2)
    assert doc.events[0].games == 4


def test_beaten_results_per_round() -> None:
    doc = standings(club_night())
    ben = next(s for s in doc.events[0].standings if s.player == "Ben")
    assert [(r.round, r.table, r.place, r.shared, r.points, r.score) for r in ben.results] == [
        (1, 1, 2, True, Fraction(1, 2), 40),
        (2, 2, 1, False, Fraction(2), 70),
    ]


def test_rank_points_tied_players_share_the_mean_of_their_places() -> None:
    # --points 5,3,1
    # r1t1 Ann 5; Ben and Cid share places 2 and 3: (3 + 1) / 2 = 2 each
    # r1t2 Dee 5, Eve 3, Fay 1;  r2t1 Dee 5, Eve 3, Ann 1;  r2t2 Ben 5, Fay 3, Cid 1
    # Dee 10; Ben 2 + 5 = 7; Ann 5 + 1 = 6; Eve 3 + 3 = 6; Fay 1 + 3 = 4; Cid 2 + 1 = 3
    # Ann and Eve tied on 6: score 80 > 75.
    doc = standings(club_night(), "rank-points", "5,3,1")
    assert table_of(doc) == [
        ("Dee", 1, False, "10"),
        ("Ben", 2, False, "7"),
        ("Ann", 3, False, "6"),
        ("Eve", 4, False, "6"),
        ("Fay", 5, False, "4"),
        ("Cid", 6, False, "3"),
    ]


def test_rank_points_mean_of_places_may_be_a_fraction() -> None:
    # --points 5,3,2,1 at a table of four with three tied behind the winner:
    # places 2, 3, 4 → (3 + 2 + 1) / 3 = 2 each; with 5,3,2,0 → 5/3 each (shown 1.67)
    table = game(
        "t.json",
        "e",
        1,
        1,
        [["Ann"], ["Ben", "Cid", "Dee"]],
        {"Ann": 9, "Ben": 5, "Cid": 5, "Dee": 5},
    )
    doc = standings([table], "rank-points", "5,3,2,1")
    assert table_of(doc) == [
        ("Ann", 1, False, "5"),
        ("Ben", 2, True, "2"),
        ("Cid", 2, True, "2"),
        ("Dee", 2, True, "2"),
    ]
    doc = standings([table], "rank-points", "5,3,2,0")
    assert [str(s.points) for s in doc.events[0].standings] == ["5", "5/3", "5/3", "5/3"]
    assert number_text(doc.events[0].standings[1].points) == "1.67"


def test_rank_points_with_too_few_places_is_a_usage_error() -> None:
    with pytest.raises(StandingsError, match="3 players"):
        standings(club_night(), "rank-points", "5,3")


def test_percent_of_the_table_winner_summed_exactly() -> None:
    # r1t1 winner Ann 50: Ann 100, Ben 40/50 = 80, Cid 80
    # r1t2 winner Dee 60: Dee 100, Eve 30/60 = 50, Fay 20/60 = 100/3
    # r2t1 winner Dee 45: Dee 100, Eve 45/45 = 100, Ann 30/45 = 200/3
    # r2t2 winner Ben 70: Ben 100, Fay 35/70 = 50, Cid 20/70 = 200/7
    # Dee 200; Ben 180; Ann 100 + 200/3 = 500/3 (166.67); Eve 150;
    # Cid 80 + 200/7 = 760/7 (108.57); Fay 100/3 + 50 = 250/3 (83.33)
    doc = standings(club_night(), "percent")
    assert table_of(doc) == [
        ("Dee", 1, False, "200"),
        ("Ben", 2, False, "180"),
        ("Ann", 3, False, "500/3"),
        ("Eve", 4, False, "150"),
        ("Cid", 5, False, "760/7"),
        ("Fay", 6, False, "250/3"),
    ]
    assert [number(s.points) for s in doc.events[0].standings] == [
        200,
        180,
        166.67,
        150,
        108.57,
        83.33,
    ]


def test_percent_compares_exactly_not_by_rounded_floats() -> None:
    # Ann: 1/3 of the winner, then 2/3 of the winner: 100/3 + 200/3 = 100 exactly
    # Ben: wins one table (100) and scores 0 at the other (0): 100 → tied with Ann on points;
    # score Ann 1 + 2 = 3, Ben 3 + 0 = 3; wins Ann 0, Ben 1 → Ben first.
    tables = [
        game("a.json", "e", 1, 1, [["Ben"], ["Ann"]], {"Ben": 3, "Ann": 1}),
        game("b.json", "e", 2, 1, [["Cid"], ["Ann"], ["Ben"]], {"Cid": 3, "Ann": 2, "Ben": 0}),
    ]
    doc = standings(tables, "percent")
    assert table_of(doc) == [
        ("Cid", 1, False, "100"),
        ("Ben", 2, False, "100"),
        ("Ann", 3, False, "100"),
    ]
    # Cid: 100 with score 3 and 1 win, Ben: 100, score 3, 1 win → head-to-head at b.json:
    # Cid above Ben → Cid 1, Ben 0. Ann (score 3, 0 wins) is behind both on wins.
    lines = {s.player: s.tiebreaks for s in doc.events[0].standings}
    assert lines["Cid"] == {"score": 3, "wins": 1, "h2h": 1}
    assert lines["Ben"] == {"score": 3, "wins": 1, "h2h": 0}
    assert lines["Ann"] == {"score": 3, "wins": 0, "h2h": None}


def test_percent_when_the_winner_scored_nothing() -> None:
    # No percentage of 0 exists: the (tied) winners get 100, the others 0.
    tables = [
        game("z.json", "e", 1, 1, [["Ann", "Ben"]], {"Ann": 0, "Ben": 0}),
        game("y.json", "e", 2, 1, [["Ann"], ["Ben"]], {"Ann": 0, "Ben": -2}),
    ]
    doc = standings(tables, "percent")
    assert table_of(doc) == [("Ann", 1, False, "200"), ("Ben", 2, False, "100")]
