"""Kuhfstein's own single-step mutations, for bench/rule_coverage.py (``tests/mutants.py``:
``game_mutators``; one mutant in three is one of these).

Each ``MUTATORS`` entry edits a record (or a position: a deep copy, in place) with one change
that knows Kuhfstein's record shape, and returns True if it applied. The rule each aims at is
named in its docstring. Where the change only makes sense at a certain point of the game (a
tree on a square whose tile already serves one, a card exchange where none is allowed, a card
laid on a cow), the record is replayed step by step (``_walk``) and the point is picked, with
the seeded rng, among those where the edit triggers the rule; a mutator that finds none
returns False (``mutate`` then makes a generic mutation).

The mutators live by theme: ``setup`` (the setup and component data), ``steps`` (passes,
bonus steps and refills of play turns), ``exchanges`` (tile and card exchanges), ``board``
(trees, cards laid and herds returned on a board, and a position's trees) and ``reveals``
(the scoring tiles revealed after the end of play); ``where`` holds what they share
(``_walk``, finding the play turns and their steps).
"""

from __future__ import annotations

from tests.kuhfstein.mutants.board import (
    card_face_mismatch,
    card_not_in_hand,
    card_on_a_cow,
    herd_not_whole,
    position_trees_overlap,
    rotation_bad,
    tree_on_mixed_square,
    tree_on_used_square,
    tree_when_none_left,
)
from tests.kuhfstein.mutants.exchanges import (
    card_exchange_added,
    card_exchange_short,
    tile_exchange_added,
    tile_exchange_short,
    too_many_card_exchanges,
    too_many_tile_exchanges,
)
from tests.kuhfstein.mutants.reveals import (
    met_flipped,
    play_after_end,
    reveal_in_play,
    reveal_move_bad,
    reveal_not_dealt,
)
from tests.kuhfstein.mutants.setup import (
    bonus_space_bad,
    card_cell_count,
    card_defined_twice,
    card_display_twice,
    card_face_unknown,
    card_points_zero,
    claimed_tiles_off,
    cow_space_added,
    custom_scoring_tile,
    hand_card_taken,
    scoring_tile_bad,
    scoring_tile_dealt_twice,
    tile_display_bad,
    unknown_bonus_kind,
)
from tests.kuhfstein.mutants.steps import (
    bonus_step_unearned,
    bonuses_wrong,
    pass_not_allowed,
    refill_card_seen,
    refill_misplaced,
    refill_short,
)
from tests.kuhfstein.mutants.where import Mutator

#: Each mutation once, and those that apply only at rare points of a few games (card
#: exchanges, trees after the last one, a card laid where cows stand) a second time.
MUTATORS: tuple[Mutator, ...] = (
    # setup and component data
    tile_display_bad,
    card_display_twice,
    hand_card_taken,
    scoring_tile_dealt_twice,
    bonus_space_bad,
    scoring_tile_bad,
    card_face_unknown,
    card_points_zero,
    card_defined_twice,
    card_cell_count,
    unknown_bonus_kind,
    custom_scoring_tile,
    cow_space_added,
    claimed_tiles_off,
    # the steps of play turns
    reveal_in_play,
    pass_not_allowed,
    tile_exchange_added,
    too_many_tile_exchanges,
    tile_exchange_short,
    tree_on_mixed_square,
    tree_on_used_square,
    tree_when_none_left,
    card_exchange_added,
    too_many_card_exchanges,
    card_exchange_short,
    card_not_in_hand,
    rotation_bad,
    card_face_mismatch,
    card_on_a_cow,
    herd_not_whole,
    bonuses_wrong,
    bonus_step_unearned,
    refill_short,
    refill_card_seen,
    refill_misplaced,
    position_trees_overlap,
    # the reveals
    play_after_end,
    reveal_move_bad,
    reveal_not_dealt,
    met_flipped,
    # the rare points, a second time
    tree_on_used_square,
    tree_when_none_left,
    card_exchange_added,
    card_exchange_short,
    card_on_a_cow,
)
