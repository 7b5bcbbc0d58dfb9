"""BGA's Harmonies card numbers (``type_arg``) → the built-in catalogue's card ids.

Board Game Arena numbers the Animal cards 1-32 and the Nature's Spirit cards 33-42 in the order
of the built-in catalogue (``cards``); ``tests/harmonies/test_bga_cards.py`` checks all 42
against BGA's own card data (score tracks and habitats).
"""

from __future__ import annotations

from scorer.games.harmonies.cards import ANIMAL_DATA, SPIRIT_DATA

#: BGA card number → catalogue card id.
BGA_CARDS: dict[int, str] = {
    **dict(enumerate(ANIMAL_DATA, start=1)),
    **dict(enumerate(SPIRIT_DATA, start=33)),
}


def card_of(number: int) -> str | None:
    """The catalogue id of BGA card ``number`` (None outside 1-42)."""
    return BGA_CARDS.get(number)


def is_spirit(number: int) -> bool:
    return 33 <= number <= 42
