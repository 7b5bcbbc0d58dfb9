"""Every tie-break step, their order (--tiebreak), shared places, and option validation."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scorer.standings import StandingsError, parse_options
from scorer.standings.options import parse_points, parse_tiebreak
from tests.standings.helpers import game, standings, table_of


def four_way_tie() -> list:
    """Four players, one point each under ``beaten`` (two-player tables):

    r1t1 Ann 10 above Ben 10 (the game's tie-break)   Ann 1, Ben 0
    r1t2 Cid 12 above Dee 8                           Cid 1, Dee 0
    r2t1 Ben 10 above Cid 5                           Ben 1, Cid 0
    r2t2 Dee 12 above Ann 10                          Dee 1, Ann 0
    """
    return [
        game("r1t1.json", "e", 1, 1, [["Ann"], ["Ben"]], {"Ann": 10, "Ben": 10}),
        game("r1t2.json", "e", 1, 2, [["Cid"], ["Dee"]], {"Cid": 12, "Dee": 8}),
        game("r2t1.json", "e", 2, 1, [["Ben"], ["Cid"]], {"Ben": 10, "Cid": 5}),
        game("r2t2.json", "e", 2, 2, [["Dee"], ["Ann"]], {"Dee": 12, "Ann": 10}),
    ]


def test_score_then_wins_then_head_to_head_then_shared_place() -> None:
    # points: all 1.  score: Ann 20, Ben 20, Cid 17, Dee 20 → Cid last (4th).
    # wins: Ann, Ben, Dee 1 each → still tied.
    # head-to-head among {Ann, Ben, Dee} only: Ann beat Ben (r1t1) → Ann 1;
    # Dee beat Ann (r2t2) → Dee 1; Ben beat nobody of them (his win is over Cid) → Ben 0.
    # Ann and Dee still tied → shared 1st place (listed by name); Ben 3rd.
    doc = standings(four_way_tie())
    assert table_of(doc) == [
        ("Ann", 1, True, "1"),
        ("Dee", 1, True, "1"),
        ("Ben", 3, False, "1"),
        ("Cid", 4, False, "1"),
    ]
    values = {s.player: s.tiebreaks for s in doc.events[0].standings}
    assert values == {
        "Ann": {"score": 20, "wins": 1, "h2h": 1},
        "Dee": {"score": 20, "wins": 1, "h2h": 1},
        "Ben": {"score": 20, "wins": 1, "h2h": 0},
        "Cid": {"score": 17, "wins": 1, "h2h": None},
    }


def test_head_to_head_counts_a_tie_at_a_shared_table_as_half() -> None:
    # r1t1 Ann = Ben tied (10, 10); r2t1 Ann above Cid; r2t2 Ben above Dee. beaten:
    # Ann 0.5 + 1 = 1.5, Ben 0.5 + 1 = 1.5; score 20 each; wins: Ann 1 (r2t1), Ben 1 (r2t2).
    # h2h: they met once and tied → 0.5 each → shared 1st.
    tables = [
        game("a.json", "e", 1, 1, [["Ann", "Ben"]], {"Ann": 10, "Ben": 10}),
        game("b.json", "e", 2, 1, [["Ann"], ["Cid"]], {"Ann": 10, "Cid": 3}),
        game("c.json", "e", 2, 2, [["Ben"], ["Dee"]], {"Ben": 10, "Dee": 3}),
    ]
    doc = standings(tables)
    assert table_of(doc)[:2] == [("Ann", 1, True, "3/2"), ("Ben", 1, True, "3/2")]
    assert doc.events[0].standings[0].tiebreaks["h2h"] == Fraction(1, 2)


def wins_against_score() -> list:
    """Under ``beaten`` at tables of three:

    r1t1 Pia 30, Quin 25, Rex 10     Pia 2, Quin 1, Rex 0
    r2t1 Sam 50, Quin 20, Pia 5      Sam 2, Quin 1, Pia 0
    Pia 2 (score 35, 1 win), Quin 2 (score 45, 0 wins), Sam 2 (score 50, 1 win), Rex 0.
    """
    return [
        game("a.json", "e", 1, 1, [["Pia"], ["Quin"], ["Rex"]], {"Pia": 30, "Quin": 25, "Rex": 10}),
        game("b.json", "e", 2, 1, [["Sam"], ["Quin"], ["Pia"]], {"Sam": 50, "Quin": 20, "Pia": 5}),
    ]


def test_the_order_of_tie_breaks_decides() -> None:
    # default score first: Sam 50, Quin 45, Pia 35.
    assert [p for p, *_ in table_of(standings(wins_against_score()))] == [
        "Sam",
        "Quin",
        "Pia",
        "Rex",
    ]
    # wins first: Sam 1, Pia 1, Quin 0; then score Sam 50 > Pia 35.
    doc = standings(wins_against_score(), tiebreak="wins,score")
    assert [p for p, *_ in table_of(doc)] == ["Sam", "Pia", "Quin", "Rex"]
    assert doc.events[0].standings[0].tiebreaks == {"wins": 1, "score": 50}


def test_no_tie_breaks_share_the_place() -> None:
    doc = standings(wins_against_score(), tiebreak="none")
    assert table_of(doc) == [
        ("Pia", 1, True, "2"),
        ("Quin", 1, True, "2"),
        ("Sam", 1, True, "2"),
        ("Rex", 4, False, "0"),
    ]
    assert doc.events[0].standings[0].tiebreaks == {}


def test_head_to_head_first() -> None:
    # h2h among the three tied on 2 points: Pia above Quin (a), Quin above Pia (b) → Pia 1,
    # Quin 1; Sam above Quin and Pia (b) → Sam 2. Then score: Quin 45 > Pia 35.
    doc = standings(wins_against_score(), tiebreak="h2h,score")
    assert [p for p, *_ in table_of(doc)] == ["Sam", "Quin", "Pia", "Rex"]
    assert [s.tiebreaks["h2h"] for s in doc.events[0].standings] == [2, 1, 1, None]


def test_a_table_win_needs_an_opponent() -> None:
    tables = [
        game("solo.json", "e", 1, 1, [["Ann"]], {"Ann": 40}),
        game("duo.json", "e", 1, 2, [["Ben"], ["Cid"]], {"Ben": 9, "Cid": 1}),
    ]
    wins = {s.player: s.tiebreaks["wins"] for s in standings(tables).events[0].standings}
    assert wins == {"Ann": 0, "Ben": 1, "Cid": 0}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5,3,2,1", (5, 3, 2, 1)),
        (" 3, 1 ,1,0 ", (3, 1, 1, 0)),
        ("2.5,1", (Fraction(5, 2), 1)),
        ("7", (7,)),
    ],
)
def test_points_accepted(text: str, expected: tuple[int, ...]) -> None:
    assert parse_points(text) == tuple(Fraction(v) for v in expected)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "numbers separated"),
        ("5,,3", "numbers separated"),
        ("5,x", "not a number"),
        ("5,-1", "negative"),
        ("3,5", "must not rise"),
        ("1e3", "not a number"),
        ("nan", "not a number"),
    ],
)
def test_points_refused(text: str, says: str) -> None:
    with pytest.raises(StandingsError, match=says):
        parse_points(text)


def test_tiebreak_accepted_and_refused() -> None:
    assert parse_tiebreak("h2h, WINS") == ("h2h", "wins")
    assert parse_tiebreak("none") == ()
    with pytest.raises(StandingsError, match="unknown tie-break 'rating'"):
        parse_tiebreak("score,rating")
    with pytest.raises(StandingsError, match="more than once"):
        parse_tiebreak("score,wins,score")
    with pytest.raises(StandingsError, match="unknown tie-break ''"):
        parse_tiebreak("score,")


def test_options_fit_the_system() -> None:
    assert parse_options("beaten").tiebreak == ("score", "wins", "h2h")
    with pytest.raises(StandingsError, match="needs --points"):
        parse_options("rank-points")
    with pytest.raises(StandingsError, match="rank-points only"):
        parse_options("percent", "3,1")
    with pytest.raises(StandingsError, match="must be one of"):
        parse_options("elo")
