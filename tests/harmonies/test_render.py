"""The Harmonies terminal board (``scorer show``): a legend always, token letters that cannot be
mixed up (no two colours share a letter, whatever the case), colours on a terminal only, and
every cell drawn with the letters of its stack."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from scorer.cli import app
from scorer.games.harmonies.board import COLOURS
from scorer.games.harmonies.render import LETTER, legend
from tests.conftest import FIXTURES, load_fixture
from tests.roles import replay_game, roles_of

GAME = roles_of("harmonies")


ANSI = re.compile(r"\x1b\[[0-9;]*m")
runner = CliRunner()


def test_letters_are_distinct_ignoring_case() -> None:
    assert set(LETTER) == set(COLOURS)
    assert len({v.lower() for v in LETTER.values()}) == len(COLOURS)
    assert all(len(v) == 1 and v.isupper() for v in LETTER.values())


def test_legend_names_every_letter_with_its_colour() -> None:
    text = "\n".join(legend())
    for colour, letter in LETTER.items():
        assert re.search(rf"\b{letter} {colour}\b", text), (letter, colour)


@pytest.mark.parametrize("name", ["2p-side-a.json", "3p-side-b.json", "solo.json"])
def test_show_prints_the_legend_first(name: str) -> None:
    result = runner.invoke(app, ["show", str(FIXTURES / "harmonies/valid" / name)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1:3] == legend()
    assert not ANSI.search(result.output)  # not a terminal: no colour codes


def test_cells_show_their_stacks_bottom_to_top() -> None:
    record = load_fixture("harmonies/valid/3p-side-b.json")
    state = replay_game(GAME, record).state
    text = GAME.pictures.render(state)
    for player in state.players:
        for cell, stack in player.board.items():
            label = "".join(LETTER[c] for c in stack) + ("*" if cell in player.cubes else "")
            assert label in text, (player.name, cell, label)


def test_colour_only_adds_escape_codes() -> None:
    state = replay_game(GAME, load_fixture("harmonies/valid/2p-side-a.json")).state
    plain, coloured = GAME.pictures.render(state), GAME.pictures.render(state, color=True)
    assert ANSI.search(coloured) and not ANSI.search(plain)
    assert ANSI.sub("", coloured) == plain
    codes = {m.group(0) for m in re.finditer(r"\x1b\[38;5;\d+m", coloured)}
    assert len(codes) == len(COLOURS)  # one colour per token colour, all different
