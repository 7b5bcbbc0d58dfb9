"""Kuhfstein's own single-step mutations, for bench/rule_coverage.py (``tests/mutants.py``:
``game_mutators``; one mutant in three is one of these).

Each ``MUTATORS`` entry edits a record (or a position: a deep copy, in place) with one change
that knows Kuhfstein's record shape, and returns True if it applied. The rule each aims at is
named in its docstring. Where the change only makes sense at a certain point of the game (a
tree on a square whose tile already serves one, a card exchange where none is allowed, a card
laid on a cow), the record is replayed step by step (``_walk``) and the point is picked, with
the seeded rng, among those where the edit triggers the rule; a mutator that finds none
returns False (``mutate`` then makes a generic mutation).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

from scorer.games.kuhfstein import actions, events
from scorer.games.kuhfstein.state import ROTATIONS, KState
from scorer.grid.regions import group_of
from scorer.grid.squaregrid import orthogonal
from scorer.persist import Draft
from scorer.registry import get_rules

Doc = dict[str, Any]
Notes = dict[str, Any]
Mutator = Callable[[Doc, random.Random], bool]

RULES = get_rules("kuhfstein")
#: Bonus kinds no rule knows (the schema takes any string).
UNKNOWN_BONUS = ("double_points", "free_swap", "wild_tile")


# -- where things are ------------------------------------------------------------------------


def _components(doc: Doc) -> dict[str, Any] | None:
    """The component data: a record's ``setup`` or a position's ``components``."""
    comp = doc.get("setup", doc.get("components"))
    return comp if isinstance(comp, dict) else None


def _is_record(doc: Doc) -> bool:
    return isinstance(doc.get("moves"), list) and isinstance(doc.get("setup"), dict)


def _play_moves(doc: Doc) -> list[int]:
    """Indexes of the play turns (not the reveals after the end of play)."""
    return [
        m
        for m, move in enumerate(doc.get("moves") or [])
        if move.get("steps") and all(s.get("do") != "reveal_scoring_tile" for s in move["steps"])
    ]


def _steps(doc: Doc, *kinds: str) -> list[tuple[int, int]]:
    """(move, step) of every step of a play turn whose ``do`` is one of ``kinds``."""
    return [
        (m, j)
        for m in _play_moves(doc)
        for j, step in enumerate(doc["moves"][m]["steps"])
        if step.get("do") in kinds
    ]


def _swap_limit(doc: Doc) -> int:
    limit = (doc.get("variant") or {}).get("max_swaps_per_action", 1)
    return limit if isinstance(limit, int) else 1


def _walk(doc: Doc) -> Iterator[tuple[int, int, Draft[KState]]]:
    """Replay a record: (move, step, the turn's draft just before the step), for every step
    of every play turn. Stops quietly where the record is not legal."""
    try:
        state = RULES.initial_state(doc)
        for m, move in enumerate(doc["moves"]):
            if state.phase == "over":
                state = RULES.apply(state, move)
                continue
            draft = events.begin_turn(state, move)
            for j, step in enumerate(move["steps"]):
                yield m, j, draft
                actions.apply_step(draft, step, j)
            state = events.end_turn(draft, move)
    except Exception:  # a record the checker refuses: its earlier points are all we need
        return


def _pick(rng: random.Random, found: list[Any]) -> Any:
    return rng.choice(found) if found else None


# -- setup and component data ----------------------------------------------------------------


def tile_display_bad(doc: Doc, rng: random.Random) -> bool:
    """KUH-SETUP-2: a setup display tile of a kind the game does not have, or one tile fewer
    or more in the display."""
    setup = doc.get("setup")
    if not isinstance(setup, dict) or not setup.get("tile_display"):
        return False
    display = setup["tile_display"]
    i = rng.randrange(len(display))
    edit = rng.randrange(3)
    if edit == 0:
        display[i] = rng.choice(("mountain", "desert", "Hay"))
    elif edit == 1:
        del display[i]
    else:
        display.insert(i, display[i])
    return True


def card_display_twice(doc: Doc, rng: random.Random) -> bool:
    """KUH-SETUP-3: a setup display card replaced by another displayed one, or by an id no
    card definition has."""
    setup = doc.get("setup")
    if not isinstance(setup, dict) or len(setup.get("card_display") or []) < 2:
        return False
    display = setup["card_display"]
    i = rng.randrange(len(display))
    if rng.random() < 0.5:
        display[i] = rng.choice([c for k, c in enumerate(display) if k != i])
    else:
        display[i] = _new_card_id(setup.get("cards") or {})
    return True


def bonus_space_bad(doc: Doc, rng: random.Random) -> bool:
    """KUH-SETUP-7: a bonus space moved onto another one or off the track (0, 66), or the
    bonus layout left out."""
    comp = _components(doc)
    if comp is None:
        return False
    spaces = (comp.get("track") or {}).get("bonus_spaces") or []
    if not spaces or rng.random() < 0.15:
        if "track" not in comp:
            return False
        del comp["track"]
        return True
    entry = rng.choice(spaces)
    others = [e["space"] for e in spaces if e is not entry]
    entry["space"] = rng.choice([*others, 0, 66] if others else [0, 66])
    return True


def card_points_zero(doc: Doc, rng: random.Random) -> bool:
    """KUH-CARDDEF-4: a card definition worth 0 or fewer points."""
    cards = (_components(doc) or {}).get("cards")
    if not cards:
        return False
    cards[rng.choice(sorted(cards))]["points"] = rng.choice((0, -1))
    return True


def card_defined_twice(doc: Doc, rng: random.Random) -> bool:
    """KUH-CARDDEF-5: a card defined a second time, under a new id (the game has 55 cards;
    a simulated record defines all 55)."""
    cards = (_components(doc) or {}).get("cards")
    if not cards:
        return False
    cards[_new_card_id(cards)] = copy.deepcopy(cards[rng.choice(sorted(cards))])
    return True


def card_cell_count(doc: Doc, rng: random.Random) -> bool:
    """KUH-CARDDEF-7 (warning): a card of 2 cells loses its back (or one face) cell, or a
    card of 5 cells gains a sixth back cell next to it; the cells stay a valid pattern."""
    cards = (_components(doc) or {}).get("cards")
    if not cards:
        return False
    played = {s.get("card") for m in doc.get("moves") or [] for s in m.get("steps") or []}
    fit = [c for c in sorted(cards) if len(cards[c]["cells"]) in (2, 5)]
    quiet = [c for c in fit if c not in played]  # a card never played keeps the game legal
    cid = _pick(rng, quiet or fit)
    if cid is None:
        return False
    cells = cards[cid]["cells"]
    if len(cells) == 2:
        keep = max(cells, key=lambda c: c["face"] != "back")
        cards[cid]["cells"] = [{"x": 0, "y": 0, "face": keep["face"]}]
        return True
    taken = {(c["x"], c["y"]) for c in cells}
    free = sorted(
        {(c["x"] + dx, c["y"] + dy) for c in cells for dx, dy in ((1, 0), (0, 1))} - taken
    )
    x, y = rng.choice(free)
    cells.append({"x": x, "y": y, "face": "back"})
    return True


def unknown_bonus_kind(doc: Doc, rng: random.Random) -> bool:
    """KUH-BONUS-5 (warning): a bonus space some player's track score reaches given a kind
    no rule knows."""
    if not _is_record(doc):
        return False
    spaces = (doc["setup"].get("track") or {}).get("bonus_spaces") or []
    scores = (doc.get("claimed") or {}).get("scores") or {}
    top = max(scores.values(), default=65)
    reached = [e for e in spaces if e["space"] <= top]
    entry = _pick(rng, reached or spaces)
    if entry is None:
        return False
    entry["bonus"] = rng.choice(UNKNOWN_BONUS)
    return True


def custom_scoring_tile(doc: Doc, rng: random.Random) -> bool:
    """KUH-FINAL-6 (warning) and KUH-FINAL-5: a revealed scoring tile's condition made a
    custom one (which the checker cannot evaluate); half the time its reveal makes no met
    claim, as a player who cannot tell would not (KUH-FINAL-5)."""
    comp = _components(doc)
    if comp is None or not comp.get("scoring_tiles"):
        return False
    claims: list[dict[str, Any]] = []  # the objects holding a reveal's tile and met
    if _is_record(doc):
        claims = [
            s
            for m in doc["moves"]
            for s in m.get("steps") or []
            if s.get("do") == "reveal_scoring_tile"
        ]
    elif isinstance(doc.get("boards"), dict):
        claims = [b for b in doc["boards"].values() if "revealed" in b]
    claims = [c for c in claims if c.get("tile", c.get("revealed")) in comp["scoring_tiles"]]
    claim = _pick(rng, claims)
    if claim is None:
        return False
    tile = comp["scoring_tiles"][claim.get("tile", claim.get("revealed"))]
    tile["condition"] = {"type": "custom", "text": "the prettiest landscape"}
    if rng.random() < 0.5:
        claim.pop("met", None)
    return True


def cow_space_added(doc: Doc, rng: random.Random) -> bool:
    """KUH-PLAY-6: a cow space added to the bonus layout above every score reached, so each
    player starts with a cow fewer and a card that took the last cows lacks one."""
    if not _is_record(doc):
        return False
    spaces = (doc["setup"].get("track") or {}).get("bonus_spaces")
    if spaces is None or sum(e["bonus"] == "cow" for e in spaces) >= 6:
        return False
    scores = (doc.get("claimed") or {}).get("scores") or {}
    top = max(scores.values(), default=0)
    used = {e["space"] for e in spaces}
    free = [s for s in range(top + 1, 66) if s not in used] or [
        s for s in range(1, 66) if s not in used
    ]
    if not free:
        return False
    spaces.append({"space": rng.choice(free), "bonus": "cow"})
    spaces.sort(key=lambda e: e["space"])
    return True


def hand_card_taken(doc: Doc, rng: random.Random) -> bool:
    """KUH-SETUP-4: a player's start card replaced by a displayed card or another's start
    card."""
    setup = doc.get("setup")
    if not isinstance(setup, dict) or not setup.get("hands"):
        return False
    hands = setup["hands"]
    name = rng.choice(sorted(hands))
    pool = [*setup.get("card_display", []), *(c for n, h in hands.items() if n != name for c in h)]
    if not hands[name] or not pool:
        return False
    hands[name][0] = rng.choice(pool)
    return True


def scoring_tile_dealt_twice(doc: Doc, rng: random.Random) -> bool:
    """KUH-SETUP-5: a dealt scoring tile replaced by one dealt to another player (or by the
    player's other tile)."""
    setup = doc.get("setup")
    if not isinstance(setup, dict) or not setup.get("scoring_dealt"):
        return False
    dealt = setup["scoring_dealt"]
    name = rng.choice(sorted(dealt))
    pool = [t for n, ts in dealt.items() for t in ts]
    tiles = dealt[name]
    if not tiles:
        return False
    k = rng.randrange(len(tiles))
    tiles[k] = rng.choice([t for t in pool if t != tiles[k]] or pool)
    return True


def scoring_tile_bad(doc: Doc, rng: random.Random) -> bool:
    """KUH-SETUP-8: a scoring tile worth 0, or with an unknown condition type, an unknown
    landscape kind or a count below 1."""
    tiles = (_components(doc) or {}).get("scoring_tiles")
    if not tiles:
        return False
    tile = tiles[rng.choice(sorted(tiles))]
    cond = tile["condition"]
    edit = rng.randrange(4)
    if edit == 0:
        tile["points"] = 0
    elif edit == 1:
        cond["type"] = "most_cows"
    elif edit == 2 and "kind" in cond:
        cond["kind"] = "mountain"
    elif "n" in cond:
        cond["n"] = 0
    else:
        tile["points"] = -1
    return True


def card_face_unknown(doc: Doc, rng: random.Random) -> bool:
    """KUH-CARDDEF-3: a card cell showing a face that is neither a landscape kind nor back."""
    cards = (_components(doc) or {}).get("cards")
    if not cards:
        return False
    cells = cards[rng.choice(sorted(cards))]["cells"]
    rng.choice(cells)["face"] = rng.choice(("mountain", "cow", "Forest"))
    return True


def claimed_tiles_off(doc: Doc, rng: random.Random) -> bool:
    """KUH-CLAIM-1: a player's claimed tiles_placed one off."""
    placed = (doc.get("claimed") or {}).get("tiles_placed")
    if not placed:
        return False
    name = rng.choice(sorted(placed))
    placed[name] += rng.choice((-1, 1))
    return True


# -- the steps of play turns -----------------------------------------------------------------


def pass_not_allowed(doc: Doc, rng: random.Random) -> bool:
    """KUH-TURN-4: one of the first two steps of a play turn replaced by a pass where the
    variant's allow_pass does not permit it (never, or if_stuck in a turn that was not stuck),
    or a pass added as a third step."""
    mode = (doc.get("variant") or {}).get("allow_pass", "if_stuck")
    moves = _play_moves(doc)
    if not moves:
        return False
    steps = doc["moves"][rng.choice(moves)]["steps"]
    if mode == "always" or rng.random() < 0.3:
        steps.insert(2, {"do": "pass"})
    else:
        steps[rng.randrange(min(2, len(steps)))] = {"do": "pass"}
    return True


def too_many_tile_exchanges(doc: Doc, rng: random.Random) -> bool:
    """KUH-TILE-2: a place_tile step given one exchange more than max_swaps_per_action (its
    own exchange repeated, or exchanges that draw nothing)."""
    return _too_many_exchanges(doc, rng, "place_tile")


def too_many_card_exchanges(doc: Doc, rng: random.Random) -> bool:
    """KUH-TAKE-4: a take_card step given one exchange more than max_swaps_per_action."""
    return _too_many_exchanges(doc, rng, "take_card")


def _too_many_exchanges(doc: Doc, rng: random.Random, do: str) -> bool:
    found = _steps(doc, do)
    if not found:
        return False
    m, j = rng.choice(found)
    step = doc["moves"][m]["steps"][j]
    swap = step.get("swap")
    given = swap if isinstance(swap, list) else [swap] if swap else []
    limit = _swap_limit(doc)
    step["swap"] = [
        copy.deepcopy(given[k % len(given)]) if given else {"drawn": []} for k in range(limit + 1)
    ]
    return True


def tile_exchange_short(doc: Doc, rng: random.Random) -> bool:
    """KUH-TILE-3: a tile exchange that draws one tile fewer (its last)."""
    return _exchange_short(doc, rng, "place_tile")


def card_exchange_short(doc: Doc, rng: random.Random) -> bool:
    """KUH-TAKE-2: a card exchange that draws one card fewer (its last)."""
    return _exchange_short(doc, rng, "take_card")


def _exchange_short(doc: Doc, rng: random.Random, do: str) -> bool:
    found = []
    for m, j in _steps(doc, do):
        swap = doc["moves"][m]["steps"][j].get("swap")
        for ex in swap if isinstance(swap, list) else [swap] if swap else []:
            if ex.get("drawn"):
                found.append(ex)
    ex = _pick(rng, found)
    if ex is None:
        return False
    ex["drawn"].pop()
    return True


def tile_exchange_added(doc: Doc, rng: random.Random) -> bool:
    """KUH-TILE-1 / KUH-TILE-3: a tile exchange that draws nothing added to a place_tile step:
    refused where the display has no 4 tiles of one kind (TILE-1), short where it has (TILE-3:
    the display goes, and the same number of tiles must be drawn)."""
    return _exchange_added(doc, rng, "place_tile")


def card_exchange_added(doc: Doc, rng: random.Random) -> bool:
    """KUH-TAKE-1 / KUH-TAKE-2: a card exchange that draws nothing added to a take_card step:
    refused where no face kind is on every displayed card or the display is not full as the
    variant wants (TAKE-1), short where the exchange is allowed (TAKE-2)."""
    return _exchange_added(doc, rng, "take_card")


def _exchange_added(doc: Doc, rng: random.Random, do: str) -> bool:
    if not _is_record(doc):
        return False
    full = (doc.get("variant") or {}).get("card_swap_needs_full_display", True)
    allowed: list[dict[str, Any]] = []
    refused: list[dict[str, Any]] = []
    for m, j, draft in _walk(doc):
        step = doc["moves"][m]["steps"][j]
        if step["do"] != do or "swap" in step:
            continue
        if do == "place_tile":
            display = draft.turn["display"]
            ok = any(display.count(k) >= 4 for k in set(display))
        else:
            cards = draft.turn["cards"]
            book = draft.base.comp.cards
            kinds = [set(book[c].face_kinds) for c in cards]
            ok = bool(cards) and not (full and len(cards) < 4) and bool(set.intersection(*kinds))
        (allowed if ok else refused).append(step)
    step = _pick(rng, allowed if allowed and (rng.random() < 0.5 or not refused) else refused)
    if step is None:
        return False
    step["swap"] = {"drawn": []}
    return True


def bonus_step_unearned(doc: Doc, rng: random.Random) -> bool:
    """KUH-BONUS-4: a place_tile or take_card step made a bonus step (``bonus_space``) on a
    space the turn did not trigger, or on one its own bonus step already used."""
    found = _steps(doc, "place_tile", "take_card")
    spaces = [
        e["space"] for e in ((doc.get("setup") or {}).get("track") or {}).get("bonus_spaces", [])
    ]
    if not found or not spaces:
        return False
    m, j = rng.choice(found)
    steps = doc["moves"][m]["steps"]
    used = [s["bonus_space"] for s in steps if "bonus_space" in s]
    if used and rng.random() < 0.5:  # a bonus step repeated: the space was used
        steps.insert(j + 1, copy.deepcopy(next(s for s in steps if "bonus_space" in s)))
        return True
    if "bonus_space" in steps[j]:
        return False
    steps[j]["bonus_space"] = rng.choice(spaces)
    return True


def refill_misplaced(doc: Doc, rng: random.Random) -> bool:
    """KUH-REFILL-5: a turn's refill recorded on one of its steps (under refill_timing
    end_of_turn), or a step's refill recorded on the turn (under after_action)."""
    moves = _play_moves(doc)
    if not moves:
        return False
    move = doc["moves"][rng.choice(moves)]
    steps = [s for s in move["steps"] if s.get("do") != "reveal_scoring_tile"]
    timing = (doc.get("variant") or {}).get("refill_timing", "end_of_turn")
    if timing == "after_action":
        with_refill = [s for s in steps if "refill" in s]
        src = rng.choice(with_refill) if with_refill else None
        move["refill"] = src.pop("refill") if src else {"tiles": [], "cards": []}
    else:
        rng.choice(steps)["refill"] = move.pop("refill", {"tiles": [], "cards": []})
    return True


def tree_on_mixed_square(doc: Doc, rng: random.Random) -> bool:
    """KUH-TREE-4: a tree claimed on a complete square holding the tile just placed, of 2 or 3
    different kinds."""
    return _tree(doc, rng, "mixed")


def tree_on_used_square(doc: Doc, rng: random.Random) -> bool:
    """KUH-TREE-5: a tree claimed on a complete square of 4 equal or 4 different kinds that
    holds the tile just placed and a tile already serving a tree."""
    return _tree(doc, rng, "used")


def tree_when_none_left(doc: Doc, rng: random.Random) -> bool:
    """KUH-TREE-6: a tree claimed on a fresh valid square after every tree has been taken."""
    return _tree(doc, rng, "none_left")


def _tree(doc: Doc, rng: random.Random, aim: str) -> bool:
    """A tree added to a place_tile step, on a square that contains the tile placed, is
    complete and fails just the check ``aim`` names (mixed kinds, a used tile, no tree left)."""
    if not _is_record(doc):
        return False
    found = []
    for m, j, draft in _walk(doc):
        step = doc["moves"][m]["steps"][j]
        if step["do"] != "place_tile" or step.get("tree") is not None:
            continue
        if aim == "none_left" and draft["trees_left"] > 0:
            continue
        board = draft.turn["board"]
        cell = (step["at"][0], step["at"][1])
        tiles = dict(board["tiles"].items())
        if cell in tiles:
            continue
        tiles[cell] = step["take"]
        for sx, sy in ((cell[0] - dx, cell[1] - dy) for dx in (0, 1) for dy in (0, 1)):
            square = ((sx, sy), (sx + 1, sy), (sx, sy + 1), (sx + 1, sy + 1))
            if any(c not in tiles for c in square):
                continue
            valid = len({tiles[c] for c in square}) in (1, 4)
            used = any(c in board["used"] for c in square)
            if (not valid) if aim == "mixed" else (valid and used == (aim == "used")):
                found.append((step, [sx, sy]))
    hit = _pick(rng, found)
    if hit is None:
        return False
    hit[0]["tree"] = hit[1]
    return True


def card_on_a_cow(doc: Doc, rng: random.Random) -> bool:
    """KUH-PLAY-5: a card played at a rotation and offset where every covered cell holds a
    tile and every face matches, but a face cell lies on a cow."""
    if not _is_record(doc):
        return False
    found = []
    for m, j, draft in _walk(doc):
        step = doc["moves"][m]["steps"][j]
        if step["do"] != "play_card":
            continue
        board = draft.turn["board"]
        cows = board["cows"]
        if not cows:
            continue
        tiles = board["tiles"]
        book = draft.base.comp.cards
        if step["card"] not in book:
            continue
        for rotation in ROTATIONS:
            _, pattern = book.pattern(step["card"], rotation)
            for cx, cy in sorted(cows):
                for px, py, face in pattern:
                    if face != tiles.get((cx, cy)):
                        continue
                    ox, oy = cx - px, cy - py
                    cells = [((ox + x, oy + y), f) for x, y, f in pattern]
                    if all(
                        tiles.get(c) is not None and f in (tiles.get(c), "back") for c, f in cells
                    ):
                        found.append((step, rotation, [ox, oy], cells))
    hit = _pick(rng, found)
    if hit is None:
        return False
    step, rotation, offset, cells = hit
    step["rotation"], step["offset"] = rotation, offset
    if "cows" in step:
        step["cows"] = [list(c) for c, f in cells if f != "back"]
    return True


def herd_not_whole(doc: Doc, rng: random.Random) -> bool:
    """KUH-HERD-2: a returned herd's cells missing one of its cows (without partial_herd), or
    listing a cow of another herd."""
    if not _is_record(doc):
        return False
    partial = (doc.get("variant") or {}).get("partial_herd", False)
    found = []
    for m, j, draft in _walk(doc):
        step = doc["moves"][m]["steps"][j]
        if step["do"] != "return_herd":
            continue
        cows = draft.turn["board"]["cows"]
        first = step["at"] if "at" in step else (step.get("cells") or [None])[0]
        if first is None or (first[0], first[1]) not in cows:
            continue
        herd = sorted(group_of((first[0], first[1]), cows, orthogonal))
        others = sorted(set(cows) - set(herd))
        if len(herd) >= 2 and not partial:
            keep = [c for c in herd if c != (first[0], first[1])]
            drop = rng.choice(keep)
            found.append((step, [list(c) for c in herd if c != drop]))
        if others:
            found.append((step, [list(c) for c in herd] + [list(rng.choice(others))]))
    hit = _pick(rng, found)
    if hit is None:
        return False
    hit[0]["cells"] = hit[1]
    return True


def rotation_bad(doc: Doc, rng: random.Random) -> bool:
    """KUH-PLAY-2: a card played at a rotation other than 0, 90, 180 or 270."""
    found = _steps(doc, "play_card")
    if not found:
        return False
    m, j = rng.choice(found)
    doc["moves"][m]["steps"][j]["rotation"] = rng.choice((45, 360, -90, 1))
    return True


def card_not_in_hand(doc: Doc, rng: random.Random) -> bool:
    """KUH-PLAY-1: a card played that the player does not hold (another defined card)."""
    found = _steps(doc, "play_card")
    cards = sorted((doc.get("setup") or {}).get("cards") or {})
    if not found or len(cards) < 2:
        return False
    m, j = rng.choice(found)
    step = doc["moves"][m]["steps"][j]
    step["card"] = rng.choice([c for c in cards if c != step["card"]])
    return True


def card_face_mismatch(doc: Doc, rng: random.Random) -> bool:
    """KUH-PLAY-4: a card played where every covered cell holds a tile but a face cell lies on
    a tile of another kind."""
    if not _is_record(doc):
        return False
    found = []
    for m, j, draft in _walk(doc):
        step = doc["moves"][m]["steps"][j]
        book = draft.base.comp.cards
        if step["do"] != "play_card" or step["card"] not in book:
            continue
        tiles = draft.turn["board"]["tiles"]
        cells = sorted(tiles)
        for rotation in ROTATIONS:
            _, pattern = book.pattern(step["card"], rotation)
            for tx, ty in rng.sample(cells, min(4, len(cells))):
                ox, oy = tx - pattern[0][0], ty - pattern[0][1]
                kinds = [(tiles.get((ox + x, oy + y)), f) for x, y, f in pattern]
                if all(k is not None for k, _ in kinds) and any(
                    f not in (k, "back") for k, f in kinds
                ):
                    found.append((step, rotation, [ox, oy]))
    hit = _pick(rng, found)
    if hit is None:
        return False
    hit[0]["rotation"], hit[0]["offset"] = hit[1], hit[2]
    return True


def bonuses_wrong(doc: Doc, rng: random.Random) -> bool:
    """KUH-BONUS-3: a step's bonuses cross-check emptied, or given a space it did not reach."""
    found = [
        step
        for m in _play_moves(doc)
        for step in doc["moves"][m]["steps"]
        if isinstance(step.get("bonuses"), list)
    ]
    spaces = [
        e["space"] for e in ((doc.get("setup") or {}).get("track") or {}).get("bonus_spaces", [])
    ]
    hit = [s for s in found if s["bonuses"]]
    if hit and rng.random() < 0.5:
        rng.choice(hit)["bonuses"] = []
        return True
    if not found or not spaces:
        return False
    step = rng.choice(found)
    step["bonuses"] = sorted({*step["bonuses"], rng.choice(spaces)})
    return True


def refill_short(doc: Doc, rng: random.Random) -> bool:
    """KUH-REFILL-1 / KUH-REFILL-2: a refill that draws one tile or card fewer (its last)."""
    found = [
        (holder["refill"], key)
        for m in _play_moves(doc)
        for holder in (doc["moves"][m], *doc["moves"][m]["steps"])
        if isinstance(holder.get("refill"), dict)
        for key in ("tiles", "cards")
        if holder["refill"].get(key)
    ]
    hit = _pick(rng, found)
    if hit is None:
        return False
    hit[0][hit[1]].pop()
    return True


def refill_card_seen(doc: Doc, rng: random.Random) -> bool:
    """KUH-REFILL-3: a card drawn in a refill replaced by one dealt or displayed at setup."""
    setup = doc.get("setup") or {}
    dealt = [*setup.get("card_display", [])]
    dealt += [c for h in setup.get("hands", {}).values() for c in h]
    found = [
        holder["refill"]["cards"]
        for m in _play_moves(doc)
        for holder in (doc["moves"][m], *doc["moves"][m]["steps"])
        if isinstance(holder.get("refill"), dict) and holder["refill"].get("cards")
    ]
    cards = _pick(rng, found)
    if cards is None or not dealt:
        return False
    cards[rng.randrange(len(cards))] = rng.choice(dealt)
    return True


def position_trees_overlap(doc: Doc, rng: random.Random) -> bool:
    """KUH-POS-6: a position's board given a tree on a complete square of 4 equal or 4
    different kinds that shares a tile with one of its trees."""
    boards = doc.get("boards") if "moves" not in doc else None
    if not isinstance(boards, dict):
        return False
    found = []
    for board in boards.values():
        tiles = {(t["at"][0], t["at"][1]): t["kind"] for t in board.get("tiles", [])}
        for x, y in board.get("trees") or []:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    sx, sy = x + dx, y + dy
                    kinds = [
                        tiles.get(c)
                        for c in ((sx, sy), (sx + 1, sy), (sx, sy + 1), (sx + 1, sy + 1))
                    ]
                    if (dx, dy) != (0, 0) and None not in kinds and len(set(kinds)) in (1, 4):
                        found.append((board, [sx, sy]))
    hit = _pick(rng, found)
    if hit is None:
        return False
    hit[0]["trees"].append(hit[1])
    return True


# -- the reveals after the end of play -------------------------------------------------------


def _reveals(doc: Doc) -> list[dict[str, Any]]:
    return [
        move
        for move in doc.get("moves") or []
        if len(move.get("steps") or []) == 1 and move["steps"][0].get("do") == "reveal_scoring_tile"
    ]


def reveal_in_play(doc: Doc, rng: random.Random) -> bool:
    """KUH-TURN-3: a scoring tile revealed by a step of a play turn."""
    moves = _play_moves(doc)
    if not moves:
        return False
    move = doc["moves"][rng.choice(moves)]
    dealt = ((doc.get("setup") or {}).get("scoring_dealt") or {}).get(move.get("player"), [])
    if not dealt:
        return False
    step = {"do": "reveal_scoring_tile", "tile": rng.choice(dealt), "met": False}
    move["steps"].insert(rng.randrange(len(move["steps"]) + 1), step)
    return True


def play_after_end(doc: Doc, rng: random.Random) -> bool:
    """KUH-END-3: a reveal after the end of play replaced by a play step of the player's."""
    reveals = _reveals(doc)
    if not reveals:
        return False
    move = rng.choice(reveals)
    own = [
        step
        for m in _play_moves(doc)
        if doc["moves"][m]["player"] == move["player"]
        for step in doc["moves"][m]["steps"]
    ]
    if not own:
        return False
    move["steps"] = [copy.deepcopy(rng.choice(own))]
    return True


def reveal_move_bad(doc: Doc, rng: random.Random) -> bool:
    """KUH-FINAL-1: a reveal move with its step twice, or with a refill."""
    reveals = _reveals(doc)
    if not reveals:
        return False
    move = rng.choice(reveals)
    if rng.random() < 0.5:
        move["steps"].append(copy.deepcopy(move["steps"][0]))
    else:
        move["refill"] = {"tiles": [], "cards": []}
    return True


def reveal_not_dealt(doc: Doc, rng: random.Random) -> bool:
    """KUH-FINAL-2: a scoring tile revealed that was dealt to another player."""
    reveals = _reveals(doc)
    dealt = (doc.get("setup") or {}).get("scoring_dealt") or {}
    if not reveals:
        return False
    move = rng.choice(reveals)
    pool = [t for n, ts in dealt.items() if n != move["player"] for t in ts]
    if not pool:
        return False
    move["steps"][0]["tile"] = rng.choice(pool)
    return True


def met_flipped(doc: Doc, rng: random.Random) -> bool:
    """KUH-FINAL-4: a reveal's met claim the opposite of what its condition evaluates to."""
    reveals = [m for m in _reveals(doc) if isinstance(m["steps"][0].get("met"), bool)]
    if not reveals:
        return False
    step = rng.choice(reveals)["steps"][0]
    step["met"] = not step["met"]
    return True


def _new_card_id(cards: dict[str, Any]) -> str:
    n = len(cards) + 1
    while f"C{n}" in cards:
        n += 1
    return f"C{n}"


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
