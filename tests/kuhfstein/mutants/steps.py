"""Kuhfstein's mutators of the steps of play turns that are not about the board or an
exchange (KUH-TURN-4, KUH-BONUS-3/4, KUH-REFILL-*): a pass the variant does not allow, a bonus
step on a space not triggered, a bonuses cross-check emptied or given a space, and refills
drawn short, drawing a card already seen, or recorded on the step instead of the turn (or
the other way round).
"""

from __future__ import annotations

import copy
import random

from tests.kuhfstein.mutants.where import Doc, _pick, _play_moves, _steps


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
