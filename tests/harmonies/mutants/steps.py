"""Harmonies's mutators of the turns and their steps (sections 6.1, 6.4, 6.6: HAR-TURN-*,
HAR-SPIRIT-*, HAR-CARD-1/3, HAR-CUBE-1/2, HAR-TAKE-1): a spirit choice dropped, repeated, made
without the module or of a card not dealt; a fifth card or a second card taken, a card taken
that is not shown; a turn's last token dropped; a cube from a card not held or onto a cube;
and tokens taken from a space the Central board does not have.
"""

from __future__ import annotations

import random
from typing import Any

from scorer.games.harmonies.board import TRACKS
from scorer.games.harmonies.cards import SPIRIT_DATA
from tests.harmonies.mutants.where import (
    Record,
    _has,
    _moves,
    _pick,
    _solo,
    _spirits_on,
    _starts,
    _steps,
    _taken,
)


# ---- turns and steps (sections 6.1, 6.4, 6.6) --------------------------------------------------
def _drop_spirit_choice(doc: Record, rng: random.Random) -> bool:
    """HAR-TURN-6: a player's first turn without its ``choose_spirit`` step."""
    if not _spirits_on(doc):
        return False
    moves = _moves(doc)
    options = [
        (i, j)
        for i, m in enumerate(moves)
        for j, s in enumerate(_steps(m))
        if s.get("do") == "choose_spirit"
    ]
    if not options:
        return False
    i, j = _pick(rng, options)
    del moves[i]["steps"][j]
    return True


def _choose_spirit_again(doc: Record, rng: random.Random) -> bool:
    """HAR-SPIRIT-3: a player's ``choose_spirit`` step repeated, in the same first turn or in a
    later turn of that player."""
    if not _spirits_on(doc):
        return False
    moves = _moves(doc)
    options: list[tuple[int, int, dict[str, Any]]] = []
    for i, m in enumerate(moves):
        for j, s in enumerate(_steps(m)):
            if s.get("do") != "choose_spirit":
                continue
            options.append((i, j + 1 + rng.randrange(len(_steps(m)) - j), s))
            for k in range(i + 1, len(moves)):
                if moves[k].get("player") == m.get("player"):
                    options.append((k, rng.randrange(len(_steps(moves[k])) + 1), s))
    if not options:
        return False
    i, j, step = _pick(rng, options)
    moves[i]["steps"].insert(j, dict(step))
    return True


def _choose_spirit_without_module(doc: Record, rng: random.Random) -> bool:
    """HAR-SPIRIT-1: a ``choose_spirit`` step in a game played without the Nature's Spirit
    module (the card named is a catalog spirit card)."""
    if _spirits_on(doc):
        return False
    moves = [m for m in _moves(doc) if isinstance(m.get("steps"), list)]
    if not moves:
        return False
    move = _pick(rng, moves)
    card = _pick(rng, sorted(SPIRIT_DATA))
    move["steps"].insert(
        rng.randrange(len(move["steps"]) + 1), {"do": "choose_spirit", "card": card}
    )
    return True


def _take_fifth_card(doc: Record, rng: random.Random) -> bool:
    """HAR-CARD-3: a ``take_card`` of a display card, as the turn's first step, by a player
    who starts the turn with 4 incomplete cards (the spirit card counted while its cube is on
    it) and takes no card in that turn."""
    moves = _moves(doc)
    options: list[tuple[int, str]] = []
    for i, state in _starts(doc):
        player = state.players[state.seat]
        if player.incomplete() >= 4 and not _has(moves[i], "take_card") and state.display:
            options.append((i, _pick(rng, sorted(state.display))))
    if not options:
        return False
    i, card = _pick(rng, options)
    moves[i]["steps"].insert(0, {"do": "take_card", "card": card})
    return True


def _spirit_not_dealt(doc: Record, rng: random.Random) -> bool:
    """HAR-SPIRIT-2: a ``choose_spirit`` step naming a catalog spirit card that was not dealt
    to that player."""
    dealt = (doc.get("setup") or {}).get("spirits_dealt") or {}
    options = []
    for m in _moves(doc):
        mine = dealt.get(m.get("player"), [])
        for s in _steps(m):
            if s.get("do") == "choose_spirit":
                others = sorted(c for c in SPIRIT_DATA if c not in mine)
                options.append((s, _pick(rng, others)))
    if not options:
        return False
    step, card = _pick(rng, options)
    step["card"] = card
    return True


def _drop_last_token(doc: Record, rng: random.Random) -> bool:
    """HAR-TURN-3: a turn's last ``place_token`` step dropped (one taken token left in hand),
    where no ``place_cube`` follows it (so no later step needs that token)."""
    moves = _moves(doc)
    options = []
    for i, m in enumerate(moves):
        steps = _steps(m)
        last = max((j for j, s in enumerate(steps) if s.get("do") == "place_token"), default=-1)
        if last >= 0 and not any(s.get("do") == "place_cube" for s in steps[last:]):
            options.append((i, last))
    if not options:
        return False
    i, j = _pick(rng, options)
    del moves[i]["steps"][j]
    return True


def _cube_from_no_card(doc: Record, rng: random.Random) -> bool:
    """HAR-CUBE-1: a ``place_cube`` step naming an Animal card the player does not hold with a
    cube on it (a catalog card the player never took, or one they completed earlier)."""
    moves = _moves(doc)
    options: list[tuple[dict[str, Any], str]] = []
    for i, state in _starts(doc):
        player = state.players[state.seat]
        held = {h.card for h in player.cards if not h.complete} | _taken(moves[i])
        unheld = sorted(c for c in TRACKS if c not in held)
        for s in _steps(moves[i]):
            if s.get("do") == "place_cube" and unheld:
                options.append((s, _pick(rng, unheld)))
    if not options:
        return False
    step, card = _pick(rng, options)
    step["card"] = card
    return True


def _cube_on_cube(doc: Record, rng: random.Random) -> bool:
    """HAR-CUBE-2: a ``place_cube`` step moved onto a cell that already carries one of the
    player's cubes (placed in an earlier turn, or earlier in the same turn)."""
    moves = _moves(doc)
    options: list[tuple[dict[str, Any], tuple[int, int]]] = []
    for i, state in _starts(doc):
        player = state.players[state.seat]
        taken = [tuple(c) for c, card in player.cubes.items() if card]
        for s in _steps(moves[i]):
            if s.get("do") != "place_cube":
                continue
            if taken:
                options.append((s, _pick(rng, sorted(taken))))
            taken.append((s["cell"][0], s["cell"][1]))
    if not options:
        return False
    step, cell = _pick(rng, options)
    step["cell"] = list(cell)
    step.pop("rotation", None)
    return True


def _second_card(doc: Record, rng: random.Random) -> bool:
    """HAR-TURN-4: a turn's ``take_card`` step repeated right after itself (a second card
    taken in one turn)."""
    moves = _moves(doc)
    options = [
        (i, j)
        for i, m in enumerate(moves)
        for j, s in enumerate(_steps(m))
        if s.get("do") == "take_card"
    ]
    if not options:
        return False
    i, j = _pick(rng, options)
    moves[i]["steps"].insert(j + 1, dict(moves[i]["steps"][j]))
    return True


def _space_off_board(doc: Record, rng: random.Random) -> bool:
    """HAR-TAKE-1: a ``take_tokens`` step naming a space the Central board does not have
    (0, or one past the last: 4 in solo, 6 otherwise)."""
    steps = [s for m in _moves(doc) for s in _steps(m) if s.get("do") == "take_tokens"]
    if not steps:
        return False
    step = _pick(rng, steps)
    step["space"] = _pick(rng, [0, 4 if _solo(doc) else 6])
    return True


def _card_not_shown(doc: Record, rng: random.Random) -> bool:
    """HAR-CARD-1: a ``take_card`` step naming a catalog card that is not face up in the
    display at the start of the turn."""
    moves = _moves(doc)
    options = []
    for i, state in _starts(doc):
        for s in _steps(moves[i]):
            if s.get("do") == "take_card":
                options.append((s, _pick(rng, sorted(c for c in TRACKS if c not in state.display))))
    if not options:
        return False
    step, card = _pick(rng, options)
    step["card"] = card
    return True
