"""Harmonies's own single-step mutations of a record or position (``MUTATORS``, read by
``tests/mutants.py`` ``game_mutators`` for bench/rule_coverage.py).

Each mutator edits a document (a deep copy, in place) with **one** change that knows
Harmonies's record and position shapes, and returns True if it applied. Where the change only
makes sense at a certain moment (a card taken while four are held, a token drawn from a pouch
that has none of its colour ...), the mutator replays the record through the rules
(``RULES.initial_state`` / ``RULES.apply``) and reads the state before the edited turn; what to
write is then worked out here from the spec (sections 6, 7 and 12), never by asking the checks.
The places a mutator could edit are collected first and one is picked with the seeded ``rng``,
so a mutator applies to most simulated games, not to one record.

Each mutator's docstring names the rule it aims at; a mutant of a valid document is rejected
by that rule (or warned by it, for the board-level cube list of HAR-SCORE-7).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from scorer.errors import RuleViolation
from scorer.games.harmonies import RULES
from scorer.games.harmonies.board import (
    COLOURS,
    SIDE_CELLS,
    TOKEN_COUNTS,
    TRACKS,
    matching_rotations,
)
from scorer.games.harmonies.cards import SPIRIT_DATA
from scorer.games.harmonies.state import GameState

Record = dict[str, Any]
Move = dict[str, Any]


# ---- reading a document ----------------------------------------------------------------------
def _is_position(doc: Record) -> bool:
    return str(doc.get("format", "")).startswith("scorer-position")


def _moves(doc: Record) -> list[Move]:
    moves = doc.get("moves")
    return moves if isinstance(moves, list) and not _is_position(doc) else []


def _starts(doc: Record) -> Iterator[tuple[int, GameState]]:
    """(i, the state before move i) for the moves of a valid record, in order."""
    if "setup" not in doc or not _moves(doc):
        return
    try:
        state = RULES.initial_state(doc)
    except RuleViolation:
        return
    for i, move in enumerate(_moves(doc)):
        yield i, state
        if state.over:
            return
        try:
            state = RULES.apply(state, move)
        except RuleViolation:
            return


def _pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))] if items else None


def _steps(move: Move) -> list[dict[str, Any]]:
    steps = move.get("steps")
    return steps if isinstance(steps, list) else []


def _has(move: Move, do: str) -> bool:
    return any(s.get("do") == do for s in _steps(move))


def _spirits_on(doc: Record) -> bool:
    return bool((doc.get("variant") or {}).get("nature_spirits", False))


def _solo(doc: Record) -> bool:
    return len(doc.get("players") or []) == 1


def _boards(doc: Record) -> list[tuple[str, dict[str, Any]]]:
    boards = doc.get("boards")
    if not _is_position(doc) or not isinstance(boards, dict):
        return []
    return [(name, b) for name, b in sorted(boards.items()) if isinstance(b, dict)]


def _position_cards(doc: Record) -> set[str]:
    return {e["card"] for _, b in _boards(doc) for e in b.get("cards", [])}


def _incomplete(board: dict[str, Any]) -> int:
    """Incomplete cards of a position board (12.2, HAR-POS-10), cards listing their cubes."""
    n = sum(
        1
        for e in board.get("cards", [])
        if "cubes" in e and len(e["cubes"]) < len(TRACKS.get(e["card"], ()))
    )
    spirit = board.get("spirit")
    if spirit is not None and spirit.get("card") is not None and spirit.get("cube", 0) is None:
        n += 1
    return n


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


def _fifth_player(doc: Record, rng: random.Random) -> bool:
    """HAR-SETUP-5: a record of 4 players given a fifth (or, for fewer, its players list
    emptied): the count of players is a rules check, not a schema one."""
    players = doc.get("players")
    if _is_position(doc) or not isinstance(players, list) or "setup" not in doc:
        return False
    if len(players) == 4:
        players.append({"name": "Eve"})
    else:
        players.clear()
    return True


def _repeat_display_card(doc: Record, rng: random.Random) -> bool:
    """HAR-SETUP-3: a card of the initial display written twice (in place of another)."""
    display = (doc.get("setup") or {}).get("display")
    if not isinstance(display, list) or len(display) < 2:
        return False
    a, b = rng.sample(range(len(display)), 2)
    display[a] = display[b]
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


# ---- the cube reserve (HAR-CARD-4, HAR-POS-12) -------------------------------------------------
def _reserve_too_small(doc: Record, rng: random.Random) -> bool:
    """HAR-CARD-4 (a record) or HAR-POS-12 (a position): ``animal_cube_supply`` set just below
    what the cards need. In a record, the reserve runs short at one ``take_card`` step picked
    with ``rng`` (the reserve holds the cubes of the earlier cards plus one cube less than its
    track); in a position, it is 1 to 3 cubes short of all the cards' tracks."""
    variant = doc.setdefault("variant", {})
    if not isinstance(variant, dict):
        return False
    if _is_position(doc):
        need = sum(len(TRACKS.get(c, ())) for c in _position_cards(doc))
        if need == 0:
            return False
        variant["animal_cube_supply"] = max(0, need - rng.randint(1, 3))
        return True
    taken = [s["card"] for m in _moves(doc) for s in _steps(m) if s.get("do") == "take_card"]
    if not taken:
        return False
    k = rng.randrange(len(taken))
    before = sum(len(TRACKS.get(c, ())) for c in taken[:k])
    variant["animal_cube_supply"] = before + len(TRACKS.get(taken[k], (1,))) - 1
    return True


# ---- the solo discard (section 6.7) ------------------------------------------------------------
def _discard_in_multiplayer(doc: Record, rng: random.Random) -> bool:
    """HAR-SOLO-1: a ``solo_discard`` (of a display card) in a turn of a multiplayer game."""
    if _solo(doc):
        return False
    options = [(i, state) for i, state in _starts(doc) if state.display]
    if not options:
        return False
    i, state = _pick(rng, options)
    _moves(doc)[i]["solo_discard"] = {"card": _pick(rng, sorted(state.display))}
    return True


def _discard_after_take(doc: Record, rng: random.Random) -> bool:
    """HAR-SOLO-2: a solo ``solo_discard`` of a display card in a turn that took an Animal
    card."""
    if not _solo(doc):
        return False
    moves = _moves(doc)
    options = []
    for i, state in _starts(doc):
        if _has(moves[i], "take_card") and "solo_discard" not in moves[i]:
            left = [c for c in state.display if c not in _taken(moves[i])]
            options.append((i, _pick(rng, sorted(left)) if left else _pick(rng, sorted(TRACKS))))
    if not options:
        return False
    i, card = _pick(rng, options)
    moves[i]["solo_discard"] = {"card": card}
    return True


def _taken(move: Move) -> set[str]:
    return {s["card"] for s in _steps(move) if s.get("do") == "take_card"}


def _discard_unseen_card(doc: Record, rng: random.Random) -> bool:
    """HAR-SOLO-4: a solo discard (a new one, or the card of a recorded one) naming a catalog
    card that is not face up in the display, in a turn that took no card."""
    if not _solo(doc):
        return False
    moves = _moves(doc)
    options = []
    for i, state in _starts(doc):
        if _has(moves[i], "take_card"):
            continue
        unseen = sorted(c for c in TRACKS if c not in state.display)
        options.append((i, _pick(rng, unseen)))
    if not options:
        return False
    i, card = _pick(rng, options)
    discard = moves[i].get("solo_discard")
    if isinstance(discard, dict):
        discard["card"] = card
    else:
        moves[i]["solo_discard"] = {"card": card}
    return True


# ---- the Central board refill (section 7.1) ----------------------------------------------------
def _draw_exhausted_colour(doc: Record, rng: random.Random) -> bool:
    """HAR-REFILL-2: a refill token of a colour the pouch no longer holds. A recorded refill
    token is recoloured; on the game's last turn, whose refill may be omitted (7.4), a refill
    of that colour is written into the space the turn took."""
    moves = _moves(doc)
    options: list[tuple[int, str]] = []
    for i, state in _starts(doc):
        gone = [c for c, n in zip(COLOURS, state.pouch, strict=True) if n <= 0]
        if not gone:
            continue
        refill = moves[i].get("refill")
        spaces = refill.get("spaces") if isinstance(refill, dict) else None
        if (spaces and any(spaces.values())) or i == len(moves) - 1:
            options.append((i, _pick(rng, gone)))
    if not options:
        return False
    i, colour = _pick(rng, options)
    move = moves[i]
    refill = move.get("refill")
    spaces = refill.get("spaces") if isinstance(refill, dict) else None
    if spaces and any(spaces.values()):
        filled = [(key, k) for key in sorted(spaces) for k in range(len(spaces[key]))]
        key, k = _pick(rng, filled)
        spaces[key][k] = colour
        return True
    space = next((s.get("space") for s in _steps(move) if s.get("do") == "take_tokens"), 1)
    if not isinstance(refill, dict):
        refill = move["refill"] = {}
    refill["spaces"] = {str(space): [colour] * 3}
    return True


def _reveal_again(doc: Record, rng: random.Random) -> bool:
    """HAR-REFILL-4: a card revealed by a display refill or a solo replacement written as a
    card of the initial display (revealed before), the number of cards unchanged."""
    shown = [c for c in (doc.get("setup") or {}).get("display", []) if c in TRACKS]
    if not shown:
        return False
    options: list[tuple[Any, Any]] = []
    for m in _moves(doc):
        refill = m.get("refill")
        if isinstance(refill, dict) and isinstance(refill.get("display"), list):
            options.extend((refill["display"], k) for k in range(len(refill["display"])))
        discard = m.get("solo_discard")
        if isinstance(discard, dict) and "replacement" in discard:
            options.append((discard, "replacement"))
    if not options:
        return False
    where, key = _pick(rng, options)
    where[key] = _pick(rng, shown)
    return True


# ---- positions (section 12.2) ------------------------------------------------------------------
def _colour_beyond_pouch(doc: Record, rng: random.Random) -> bool:
    """HAR-POS-6: on one board, single-token cells of other colours written as one colour, as
    few as make the boards hold one token more of it than the game has (a colour misread
    throughout one board). Cells carrying a cube are left alone when others will do."""
    boards = _boards(doc)
    if not boards:
        return False
    counts = dict.fromkeys(COLOURS, 0)
    for _, board in boards:
        for entry in board.get("cells", []):
            for colour in entry["tokens"]:
                counts[colour] += 1
    options = []
    for name, board in boards:
        cubed = _cube_cells(board)
        for colour in COLOURS:
            need = TOKEN_COUNTS[colour] - counts[colour] + 1
            singles = [
                e
                for e in board.get("cells", [])
                if len(e["tokens"]) == 1 and e["tokens"][0] != colour
            ]
            singles.sort(key=lambda e: tuple(e["cell"]) in cubed)
            if 0 < need <= len(singles):
                options.append((need, name, colour, singles))
    if not options:
        return False
    fewest = min(o[0] for o in options)
    need, _, colour, singles = _pick(rng, [o for o in options if o[0] == fewest])
    for entry in singles[:need]:
        entry["tokens"] = [colour]
    return True


def _cube_cells(board: dict[str, Any]) -> set[tuple[int, int]]:
    cells = {(c[0], c[1]) for e in board.get("cards", []) for c in e.get("cubes", [])}
    spirit = board.get("spirit") or {}
    if spirit.get("cube") is not None:
        cells.add((spirit["cube"][0], spirit["cube"][1]))
    return cells


def _cube_beyond_track(doc: Record, rng: random.Random) -> bool:
    """HAR-POS-7: a card that lists more cubes than its track has spaces: a completed card
    given one more cube (on a cell of the board that carries none), or a card with three or
    more cubes written as an unused card whose track has two."""
    boards = _boards(doc)
    used = _position_cards(doc)
    short = sorted(c for c, t in TRACKS.items() if len(t) == 2 and c not in used)
    options: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for _, board in boards:
        for entry in board.get("cards", []):
            cubes = entry.get("cubes")
            if cubes is None:
                continue
            if len(cubes) >= len(TRACKS.get(entry["card"], ())) or (len(cubes) > 2 and short):
                options.append((board, entry))
    if not options:
        return False
    board, entry = _pick(rng, options)
    if len(entry["cubes"]) > 2 and short and rng.random() < 0.5:
        entry["card"] = _pick(rng, short)
        return True
    if len(entry["cubes"]) < len(TRACKS.get(entry["card"], ())):
        entry["card"] = _pick(rng, short)
        return True
    side = str((doc.get("variant") or {}).get("board_side", "A"))
    free = [list(c) for c in SIDE_CELLS.get(side, ()) if c not in _cube_cells(board)]
    filled = {tuple(e["cell"]) for e in board.get("cells", [])}
    free.sort(key=lambda c: tuple(c) not in filled)
    if not free:
        return False
    entry["cubes"].append(_pick(rng, free[: max(1, len(filled))]))
    return True


def _fifth_incomplete_card(doc: Record, rng: random.Random) -> bool:
    """HAR-POS-10: a board that holds 4 incomplete cards given one more: an unused Animal card
    with no cube placed, or (its spirit cube placed) the spirit cube taken back onto the card."""
    used = _position_cards(doc)
    unused = sorted(c for c in TRACKS if c not in used)
    options = [b for _, b in _boards(doc) if _incomplete(b) == 4]
    if not options:
        return False
    board = _pick(rng, options)
    spirit = board.get("spirit")
    if spirit is not None and spirit.get("cube") is not None and rng.random() < 0.5:
        spirit["cube"] = None
        return True
    if not unused:
        return False
    board.setdefault("cards", []).append({"card": _pick(rng, unused), "cubes": []})
    return True


def _cubes_without_cards(doc: Record, rng: random.Random) -> bool:
    """HAR-SCORE-7 (a warning): the cubes of two cards of a board written as one board-level
    ``cubes`` list without the card each came from (12.1 allows it). The two are picked where
    a cube of one card lies where the habitat of the other (an Animal card with room on its
    track, or the chosen spirit card whose cube is still on it) can have been present too, so
    the assignments differ in score; without such a pair, all the board's cards."""
    side = str((doc.get("variant") or {}).get("board_side", "A"))
    pairs: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any] | None]] = []
    whole: list[dict[str, Any]] = []
    for _, board in _boards(doc):
        if "cubes" in board:
            continue
        cards = [e for e in board.get("cards", []) if "cubes" in e]
        if len(cards) >= 2 and any(e["cubes"] for e in cards):
            whole.append(board)
        stacks = {(e["cell"][0], e["cell"][1]): tuple(e["tokens"]) for e in board.get("cells", [])}
        spirit = board.get("spirit")
        for a in cards:
            for cube in a["cubes"]:
                cell = (cube[0], cube[1])
                for b in cards:
                    room = len(b["cubes"]) < len(TRACKS.get(b["card"], ()))
                    if b is not a and room and _fits(side, b["card"], cell, stacks):
                        pairs.append((board, a, b))
                if (
                    spirit is not None
                    and spirit.get("card") in SPIRIT_DATA
                    and spirit.get("cube", 0) is None
                    and _fits(side, spirit["card"], cell, stacks)
                ):
                    pairs.append((board, a, None))
    if pairs:
        board, a, b = _pick(rng, pairs)
        listed = [*a.pop("cubes"), *(b.pop("cubes") if b is not None else ())]
        if b is None:
            del board["spirit"]["cube"]
        board["cubes"] = listed
        return True
    if not whole:
        return False
    board = _pick(rng, whole)
    listed = []
    for entry in board["cards"]:
        listed.extend(entry.pop("cubes", []))
    board["cubes"] = listed
    return True


def _fits(side: str, card: str, cell: tuple[int, int], stacks: dict[Any, Any]) -> bool:
    """The habitat of ``card`` can have been present around ``cell`` (12.2, HAR-POS-9)."""
    return bool(matching_rotations(side, card, cell, stacks, prefix=True))


def _board_without_tokens(doc: Record, rng: random.Random) -> bool:
    """HAR-POS-11: the cells of a board that holds Animal cards (or a chosen spirit card) left
    out, as if the player had not played yet."""
    options = [
        b
        for _, b in _boards(doc)
        if b.get("cells") and (b.get("cards") or (b.get("spirit") or {}).get("card"))
    ]
    if not options:
        return False
    del _pick(rng, options)["cells"]
    return True


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
