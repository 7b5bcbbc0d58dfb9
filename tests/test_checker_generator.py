"""The checker accepts only what the generator can produce (issue 13 §4, DESIGN §4).

Simulated games of every game and player count are mutated once per mutant (tests/mutants.py:
one number nudged, one string swapped, one step dropped, repeated or moved, ...). A mutant the
checker accepts move by move — whatever it then says of the claims or the end — must be a game
the move generator could also have produced: every step of every move is among the steps the
generator offers after the steps before it (``Moves.unoffered_step``). A mutant the
checker rejects says what was legal instead (``details.legal``, from the same generator), and
every alternative it lists is a step the checker accepts in place of the rejected one.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scorer.core.errors import RuleViolation, RuleViolations
from scorer.referee.pipeline import verify_document
from scorer.registry import game_names
from tests.mutants import game_mutators, mutate
from tests.roles import GameRoles, roles_of

#: Games whose generator takes a prefix of a move's steps (issue 13 §4); the others join as
#: their generators do.
READY: frozenset[str] = frozenset({"citrus", "hacienda", "harmonies", "kuhfstein"})
MUTANTS = 12


def _accepted_moves(rules: GameRoles, record: dict[str, Any]) -> list[tuple[Any, Any]]:
    """(state before, move) of every move the checker accepts, up to the first it refuses."""
    if verify_document(record).status == "malformed":
        return []  # the schema refuses it before the rules see it
    try:
        state = rules.referee.initial_state(record)
    except (RuleViolation, RuleViolations):  # a setup may report every problem at once
        return []
    out = []
    for move in record.get("moves", []):
        if not isinstance(move, dict) or rules.referee.is_over(state):
            break
        if move.get("player") not in rules.referee.expected_players(state):
            break
        try:
            after = rules.referee.apply(state, move)
        except RuleViolation:
            break
        out.append((state, move))
        state = after
    return out


@pytest.mark.parametrize("game", game_names())
def test_an_accepted_mutant_is_a_game_the_generator_could_play(game: str) -> None:
    if game not in READY:
        pytest.skip(f"{game}: the generator does not take a prefix yet")
    rules = roles_of(game)
    low, high = rules.catalogue.PLAYER_COUNTS
    for players in range(low, high + 1):
        record = rules.moves.simulate(players, 3, {})
        for k in range(MUTANTS):
            mutant = mutate(record, random.Random(f"{game}-{players}-{k}"))
            if mutant is None:
                continue
            for index, (state, move) in enumerate(_accepted_moves(rules, mutant)):
                assert rules.moves.unoffered_step(state, move) is None, (players, k, index, move)


#: Rules that judge a step by what the rest of its turn does (a bought tile left unplaced, the
#: cart's tile not placed): a move cut short after an alternative breaks them by construction.
TURN_RULES = frozenset({"CIT-BUILD-1", "CIT-CART-1"})


@pytest.mark.parametrize("game", game_names())
def test_every_listed_alternative_is_accepted_in_place_of_the_rejected_step(game: str) -> None:
    """Issue 13 §5: ``details.legal`` lists only steps the checker accepts right there (an
    alternative that leaves out a member chance decides, such as a drawn card, is skipped)."""
    rules = roles_of(game)
    own = game_mutators(game)
    low, high = rules.catalogue.PLAYER_COUNTS
    tried = 0
    for players in range(low, high + 1):
        record = rules.moves.simulate(players, 31, {})
        for k in range(10):
            mutant = mutate(record, random.Random(f"L{game}-{players}-{k}"), own)
            result = verify_document(mutant) if mutant is not None else None
            if result is None or result.status != "illegal":
                continue
            finding = next(f for f in result.findings if f.is_error)
            if not finding.details.get("legal"):
                continue
            index, at = finding.details["move"], int(finding.pointer.split("/")[4])
            state = rules.referee.initial_state(mutant)
            for move in mutant["moves"][:index]:
                state = rules.referee.apply(state, move)
            move = mutant["moves"][index]
            for alternative in finding.details["legal"]:
                trial = {**move, "steps": [*move["steps"][:at], dict(alternative)]}
                try:
                    rules.referee.apply(state, trial)
                except KeyError:
                    continue  # a chance member left out: the record would carry the draw
                except RuleViolation as exc:
                    mine = tuple(exc.path[:2]) == ("steps", at) and exc.rule not in TURN_RULES
                    assert not mine, (players, k, finding.rule, alternative, exc.rule)
                tried += 1
    assert tried > 0
