"""Hacienda's own single-step mutations of a record or position (``MUTATORS``, read by
``tests/mutants.py`` ``game_mutators`` for bench/rule_coverage.py; one mutant in three is one
of these).

Each mutator edits a document (a deep copy, in place) with **one** change that knows
Hacienda's record shape, and returns True if it applied. Where the change only makes sense at
a certain moment (a hacienda when none is left, a land tile after the 80th, a 31st animal
tile, a card drawn that the pile cannot hold), the mutator replays the record through the
rules (``GAME.referee.apply`` for whole turns, ``generator.after_prefix`` for the steps of a turn
before the edited one) and reads the state it leads to; the places an edit can go are
collected first and one is picked with the seeded ``rng``, so a mutator applies to most
simulated games of the kind it needs, not to one record. A mutator that finds no place
returns False (``mutate`` then makes a generic mutation).

Each mutator's docstring names the rule it aims at; a mutant of a valid record is rejected by
that rule.

The mutators live by theme: ``maps`` (an inline copy of the map with one thing wrong),
``steps`` (once-per-turn purchases, haciendas and water tiles that cannot be bought),
``limits`` (the 80 land tiles, the 30 animal tiles, a card the pile cannot hold) and
``positions`` (a table position with land beyond the cards); ``where`` holds what they share
(replaying a record, the points inside a turn, the map's inline copy).
"""

from __future__ import annotations

from tests.hacienda.mutants.cards import (
    blind_from_empty_pile,
    card_unpaid,
    deck_order_short,
    display_short,
    land_pile_size_off,
    pampas_card_on_land,
    player_count_off,
)
from tests.hacienda.mutants.harvests import (
    harvest_chipped_chain,
    harvest_short_chain,
    harvest_takes_while_supply,
    second_harvest,
)
from tests.hacienda.mutants.limits import (
    animal_after_the_30th,
    impossible_draw,
    land_after_the_80th,
)
from tests.hacienda.mutants.maps import inline_map_wrong
from tests.hacienda.mutants.positions import (
    animals_beyond_the_cards,
    land_beyond_the_cards,
    track_in_variant_2,
)
from tests.hacienda.mutants.steps import (
    hacienda_not_to_be_had,
    hacienda_on_owned_group,
    hacienda_on_small_group,
    second_hacienda,
    second_water,
    water_unpaid,
)
from tests.hacienda.mutants.water import (
    water_far_from_own,
    water_not_in_supply,
    water_on_taken_space,
)
from tests.hacienda.mutants.where import Mutator

#: Weighted by how rarely a record offers a place: the 30 animal tiles and the 80 land tiles
#: are reached in a few of the coverage games only (``COVERAGE_RUNS``); a mutator that finds no
#: place costs nothing but its turn (``mutate`` makes a generic mutation instead).
MUTATORS: tuple[Mutator, ...] = (
    *(inline_map_wrong,) * 2,
    player_count_off,
    display_short,
    land_pile_size_off,
    deck_order_short,
    blind_from_empty_pile,
    *(card_unpaid,) * 2,
    impossible_draw,
    second_hacienda,
    hacienda_not_to_be_had,
    hacienda_on_owned_group,
    hacienda_on_small_group,
    second_water,
    water_unpaid,
    water_not_in_supply,
    water_on_taken_space,
    *(water_far_from_own,) * 3,
    pampas_card_on_land,
    *(land_after_the_80th,) * 4,
    *(animal_after_the_30th,) * 6,
    second_harvest,
    harvest_chipped_chain,
    harvest_short_chain,
    harvest_takes_while_supply,
    land_beyond_the_cards,
    animals_beyond_the_cards,
    track_in_variant_2,
)
