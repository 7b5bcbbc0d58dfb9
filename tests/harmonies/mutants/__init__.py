"""Harmonies's own single-step mutations of a record or position (``MUTATORS``, read by
``tests/mutants.py`` ``game_mutators`` for bench/rule_coverage.py).

Each mutator edits a document (a deep copy, in place) with **one** change that knows
Harmonies's record and position shapes, and returns True if it applied. Where the change only
makes sense at a certain moment (a card taken while four are held, a token drawn from a pouch
that has none of its colour ...), the mutator replays the record through the rules
(``referee.initial_state`` / ``referee.apply``) and reads the state before the edited
turn; what to write is then worked out here from the spec (sections 6, 7 and 12), never by
asking the checks.
The places a mutator could edit are collected first and one is picked with the seeded ``rng``,
so a mutator applies to most simulated games, not to one record.

Each mutator's docstring names the rule it aims at; a mutant of a valid document is rejected
by that rule (or warned by it, for the board-level cube list of HAR-SCORE-7).

The mutators live by theme: ``setup`` (the players and the initial display), ``steps`` (the
turns and their steps: spirits, cards, tokens, cubes), ``supplies`` (the cube reserve and the
Central board refill), ``solo`` (the solo discard) and ``positions`` (a position's boards);
``where`` holds what they share (replaying a record, reading a document's moves, steps and
boards).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tests.harmonies.mutants.positions import (
    _board_without_tokens,
    _colour_beyond_pouch,
    _cube_beyond_track,
    _cubes_without_cards,
    _fifth_incomplete_card,
)
from tests.harmonies.mutants.setup import _fifth_player, _repeat_display_card
from tests.harmonies.mutants.solo import (
    _discard_after_take,
    _discard_in_multiplayer,
    _discard_unseen_card,
)
from tests.harmonies.mutants.steps import (
    _card_not_shown,
    _choose_spirit_again,
    _choose_spirit_without_module,
    _cube_from_no_card,
    _cube_on_cube,
    _drop_last_token,
    _drop_spirit_choice,
    _second_card,
    _space_off_board,
    _spirit_not_dealt,
    _take_fifth_card,
)
from tests.harmonies.mutants.supplies import (
    _draw_exhausted_colour,
    _reserve_too_small,
    _reveal_again,
)
from tests.harmonies.mutants.where import Record

MUTATORS: tuple[Callable[[Record, random.Random], bool], ...] = (
    _drop_spirit_choice,
    _choose_spirit_again,
    _choose_spirit_without_module,
    _choose_spirit_without_module,
    _spirit_not_dealt,
    _second_card,
    _repeat_display_card,
    _space_off_board,
    _card_not_shown,
    _fifth_player,
    _drop_last_token,
    _take_fifth_card,
    _cube_from_no_card,
    _cube_on_cube,
    _reserve_too_small,
    _discard_in_multiplayer,
    # weighted thrice (the solo ones) and twice: they apply to a quarter of the games, or
    # only late in a game
    _discard_after_take,
    _discard_after_take,
    _discard_after_take,
    _discard_unseen_card,
    _discard_unseen_card,
    _discard_unseen_card,
    _draw_exhausted_colour,
    _draw_exhausted_colour,
    _reveal_again,
    _colour_beyond_pouch,
    _cube_beyond_track,
    _fifth_incomplete_card,
    _board_without_tokens,
    # weighted four times: a cube that two cards' habitats fit is rare on simulated boards
    _cubes_without_cards,
    _cubes_without_cards,
    _cubes_without_cards,
    _cubes_without_cards,
)
