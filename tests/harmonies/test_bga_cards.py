"""BGA's card numbers are the built-in catalogue's order: all 42 checked against BGA's data.

``tests/harmonies/data/bga_cards.json`` is BGA's card database (README beside it): ``type_arg``
1-32 are the Animal cards, 33-42 the spirit cards. Each number must name the catalogue card with
the same score track and the same habitat (the stacks of the pattern, the cube cell marked).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import orjson

from scorer.games.harmonies.bga_cards import card_of
from scorer.games.harmonies.cards import ANIMAL_DATA, SPIRIT_DATA, Level, PatternCell

DATA = orjson.loads((Path(__file__).parent / "data" / "bga_cards.json").read_bytes())
BASE = frozenset(("brown", "gray", "red"))
COLOUR = {1: "blue", 2: "gray", 3: "brown", 4: "green", 5: "yellow", 6: "red"}


def _level(level: Level) -> object:
    return frozenset(level) if isinstance(level, tuple) else level


def _ours(pattern: tuple[PatternCell, ...]) -> Counter[object]:
    return Counter(
        (tuple(_level(x) for x in stack), (dq, dr) == (0, 0)) for dq, dr, stack in pattern
    )


def _bga(pattern: list[dict[str, object]]) -> Counter[object]:
    cells = []
    for cell in pattern:
        colours = cell["colors"]
        assert isinstance(colours, list)
        stack = tuple(BASE if c == 7 else COLOUR[c] for c in reversed(colours))
        cells.append((stack, bool(cell["allowCube"])))
    return Counter(cells)


def test_all_42_numbers_name_the_catalogue_card() -> None:
    assert sorted(int(n) for n in DATA) == list(range(1, 43))
    animals, spirits = list(ANIMAL_DATA), list(SPIRIT_DATA)
    for number, card in DATA.items():
        n = int(number)
        assert card["isSpirit"] is (n > 32)
        cid = card_of(n)
        if n <= 32:
            assert cid == animals[n - 1]
            track, pattern = ANIMAL_DATA[cid]
            assert list(track) == card["pointLocations"], cid
        else:
            assert cid == spirits[n - 33]
            pattern = SPIRIT_DATA[cid][2]
        assert _ours(pattern) == _bga(card["pattern"]), cid


def test_numbers_outside_the_catalogue_name_no_card() -> None:
    for n in (0, 43, -1, 100):
        assert card_of(n) is None
