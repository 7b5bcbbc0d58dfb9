"""The component data of Harmonies, for fingerprints: the built-in card catalogue.

Harmonies records carry no component data (spec §0, 11.2): the 32 Animal cards and the 10
Nature's Spirit cards are built into the program (:mod:`scorer.games.harmonies.cards`). The
component data of every Harmonies record and position is therefore that catalogue, and its
fingerprint changes exactly when the built-in card data does; there is nothing an event
profile could pin.
"""

from __future__ import annotations

from functools import cache

from scorer.core.components import Components, keyed
from scorer.core.values import Json
from scorer.games.harmonies.cards import ANIMAL_DATA, SPIRIT_DATA


@cache
def catalogue() -> Components:
    """The built-in catalogue as component data (the same for every document)."""
    return {
        "animal_cards": keyed("", dict(ANIMAL_DATA)),
        "spirit_cards": keyed("", dict(SPIRIT_DATA)),
    }


def component_data(doc: Json) -> Components:
    """The built-in catalogue: a Harmonies document carries no component data of its own."""
    del doc
    return catalogue()
