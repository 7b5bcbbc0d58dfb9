"""Text output: shared places, per-round columns only when they fit, nothing squeezed."""

from __future__ import annotations

from scorer.standings import render
from tests.standings.helpers import game, standings
from tests.standings.test_tiebreaks import four_way_tie


def test_shared_places_and_round_columns() -> None:
    text = render(standings(four_way_tie()), "text").decode()
    rows = [line.split("│")[1:-1] for line in text.splitlines() if line.startswith("│")]
    cells = [[c.strip() for c in row] for row in rows]
    # place, player, points, score, wins, h2h, games, R1, R2
    assert cells == [
        ["1=", "Ann", "1", "20", "1", "1", "2", "1", "0"],
        ["1=", "Dee", "1", "20", "1", "1", "2", "0", "1"],
        ["3", "Ben", "1", "20", "1", "0", "2", "0", "1"],
        ["4", "Cid", "1", "17", "1", "—", "2", "1", "0"],
    ]
    assert "e — 4 games, 2 rounds" in text
    assert text.endswith("1 event, 4 games counted, 0 excluded, 0 warnings\n")


def test_many_rounds_drop_the_round_columns_but_never_squeeze() -> None:
    tables = [
        game(
            f"r{r}.json",
            "long",
            r,
            1,
            [["Annabelle"], ["Bartholomew"]],
            {"Annabelle": 100 + r, "Bartholomew": 99},
        )
        for r in range(1, 41)
    ]
    text = render(standings(tables), "text").decode()
    assert "R1" not in text and "…" not in text
    assert "(points per round: --format html, json)" in text
    assert all(len(line) <= 120 for line in text.splitlines() if line.startswith(("│", "┃")))
    assert "Bartholomew" in text and "4820" in text  # Annabelle: 40 × 100 + (1 + … + 40)
