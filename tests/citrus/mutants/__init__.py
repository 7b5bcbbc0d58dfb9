"""Citrus's own single-step mutations of a record (``MUTATORS``, read by ``tests/mutants.py``
``game_mutators`` for bench/rule_coverage.py).

Each mutator edits a record (a deep copy, in place) with **one** change that knows Citrus's
record shape and returns True if it applied. Where the change only makes sense at a certain
moment (a placement next to another player's region, a pass while a region is owned, a
milestone when no finca is left ...), the mutator replays the record through the rules
(``GAME.referee.apply`` for whole turns, ``generator.after_prefix`` for the steps of a turn before
the edited one) and reads the position it leads to; which cell or line to write is then worked
out here from the spec's rules (section 8 for placements), never by asking the checks. The
places a mutator could edit are collected first and one is picked with the seeded ``rng``, so
a mutator applies to most simulated games, not to one record.

Each mutator's docstring names the rule it aims at; a mutant of a valid record is rejected by
that rule (or by an earlier check of the same step, when the spec orders them so).

The mutators live by theme: ``builds`` (buying a line and placing or returning its tiles),
``carts`` (the cart), ``actions`` (the milestone and the bull, and action tiles used while
none is held), ``turns`` (passes and unblocks) and ``setup`` (the setup's start money and
landscape data); ``where`` holds what they share (replaying a record, the section 8
placement rule, finding the places an edit can go).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tests.citrus.mutants.actions import bull_on_taken_cell, milestone_without_finca, use_unheld
from tests.citrus.mutants.builds import (
    empty_line,
    finca_step_misplaced,
    next_to_neutral,
    next_to_rival,
    path_kinds_repeat,
    return_placeable,
    second_buy,
    tile_left_waiting,
    unbuildable_buy,
    unknown_line,
    unpaid_place,
)
from tests.citrus.mutants.carts import (
    cart_drains_money,
    cart_misused,
    cart_too_dear,
    cart_while_waiting,
)
from tests.citrus.mutants.setup import start_money, unsupported_landscape
from tests.citrus.mutants.turns import misplaced_unblock, pass_instead, use_in_pass_turn
from tests.citrus.mutants.where import Record

MUTATORS: tuple[Callable[[Record, random.Random], bool], ...] = (
    unknown_line,
    empty_line,
    second_buy,
    finca_step_misplaced,
    next_to_rival,
    next_to_neutral,
    path_kinds_repeat,
    unpaid_place,
    cart_drains_money,
    cart_misused,
    cart_while_waiting,
    cart_while_waiting,  # thrice: it applies only to games with cart_after_build_only
    cart_while_waiting,
    milestone_without_finca,
    bull_on_taken_cell,
    pass_instead,
    unsupported_landscape,
    use_in_pass_turn,
    use_unheld,
    return_placeable,
    misplaced_unblock,
    cart_too_dear,
    unbuildable_buy,
    tile_left_waiting,
    start_money,
)
