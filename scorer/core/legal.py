"""What would have been legal: alternatives to a rejected step, and the generator's promise.

Two uses of a game's move generator (``Moves.legal_steps(state, prefix)``), written once
for every game:

- :func:`same_kind` lists the legal steps of the rejected step's kind (its ``do``) at the point
  where it was rejected — the ``details.legal`` of a finding (``legal here: …`` in text);
- :func:`first_unoffered` finds the first step of an accepted move that the generator would
  not have offered (a property test holds the checker to accepting only what the generator
  can produce).

A game with a better answer (Kuhfstein's card that fits nowhere, Citrus's buy plan behind a
refused pass) overrides ``legal_alternatives`` and may still build on these. Everything here
is a leaf over the protocol: no game is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import islice

from scorer.core.values import Legal, Move, steps_of

#: How many alternatives a finding lists (``details.legal``); ``legal_more`` counts the rest.
SHOWN = 5
#: How many legal steps are looked at, at most, to count them (a bound on the work a rejected
#: step costs; past it the count reads "at least").
LOOKED_AT = 2000

Step = Mapping[str, object]
Describe = Callable[[Step], str]


def plain(step: Step, chance: frozenset[str] = frozenset()) -> dict[str, object]:
    """``step`` without the members chance decides and without members that are null (a
    record may write ``"tree": null`` or leave it out: both say the same)."""
    return {k: v for k, v in step.items() if v is not None and k not in chance}


def describe_step(step: Step) -> str:
    """A step in a few words when a game has none better: ``place_tile take=grass at=[1, 2]``."""
    rest = " ".join(f"{k}={_word(v)}" for k, v in step.items() if k != "do" and v is not None)
    return f"{step.get('do', '?')} {rest}".strip()


def _word(value: object) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_word(v) for v in value) + "]"
    return str(value)


def build(
    offered: Iterable[Step], describe: Describe = describe_step, note: str = "", none: str = ""
) -> Legal:
    """A Legal of the first SHOWN of ``offered`` (counted up to LOOKED_AT); ``none`` is the
    note when there is nothing to offer."""
    steps: list[Step] = []
    total = 0
    for step in islice(offered, LOOKED_AT):
        if len(steps) < SHOWN:
            steps.append(step)
        total += 1
    if not steps:
        return Legal((), (), 0, none or "the move generator finds no legal step of this kind here")
    return Legal(tuple(steps), tuple(describe(s) for s in steps), total, note)


def same_kind(
    offered: Iterable[Step],
    kind: str | None,
    chance: frozenset[str] = frozenset(),
    describe: Describe = describe_step,
    note: str = "",
    none: str = "",
) -> Legal:
    """The legal steps whose ``do`` is ``kind`` (any kind if None), chance members left out."""
    picked = (plain(s, chance) for s in offered if kind is None or s.get("do") == kind)
    return build(picked, describe, note, none)


def alternatives_of_kind(
    legal_steps: Callable[[Sequence[Step]], Iterable[Step]],
    move: Move,
    at: int,
    chance: frozenset[str] = frozenset(),
    describe: Describe = describe_step,
) -> Legal | None:
    """The legal steps of the kind of step ``at`` of ``move`` after the steps before it
    (``legal_steps(prefix)``), or None when there is no such step: what a game without a
    better answer gives as ``legal_alternatives``."""
    steps = steps_of(move)
    if not 0 <= at < len(steps) or not isinstance(steps[at], Mapping):
        return None
    return same_kind(legal_steps(steps[:at]), steps[at].get("do"), chance, describe)


def _same_value(a: object, b: object) -> bool:
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_same_value(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def offers(generated: Step, step: Step, chance: frozenset[str] = frozenset()) -> bool:
    """Whether the generator's step ``generated`` is the recorded ``step``: every member the
    same (tuples and lists alike; a null member the same as none), except that a member
    chance decides need only be present in the record, and the record may add chance members
    the generator leaves out."""
    mine = plain(step)
    for key, value in plain(generated).items():
        if key not in mine:
            return False
        if key not in chance and not _same_value(value, mine[key]):
            return False
    return all(key in chance or key in generated for key in mine)


def first_unoffered(
    legal_steps: Callable[[Sequence[Step]], Iterable[Step]],
    move: Move,
    chance: frozenset[str] = frozenset(),
    same: Callable[[Step, Step], bool] | None = None,
) -> int | None:
    """The index of the first step of ``move`` that ``legal_steps(prefix)`` does not offer
    (compared by :func:`offers`, or by ``same(recorded, generated)``), or None."""
    steps = steps_of(move)
    for i, step in enumerate(steps):
        if not isinstance(step, Mapping):
            return i
        if same is not None:
            hit = any(same(step, o) for o in legal_steps(steps[:i]))
        else:
            hit = any(offers(o, step, chance) for o in legal_steps(steps[:i]))
        if not hit:
            return i
    return None


def details_of(legal: Legal) -> dict[str, object]:
    """The members a finding's ``details`` gains: ``legal`` (up to SHOWN step objects),
    ``legal_more`` (how many more the generator found), ``legal_text`` (the same in words,
    what text output prints after ``legal here:``) and ``legal_note``."""
    steps = [dict(s) for s in legal.steps[:SHOWN]]
    more = max(0, legal.total - len(steps))
    out: dict[str, object] = {"legal": steps, "legal_more": more}
    if steps:
        text = "; ".join(legal.texts[:SHOWN])
        if more:
            text += f"; and {more}{'+' if legal.total >= LOOKED_AT else ''} more"
    else:
        text = "none"
    if legal.note:
        text += f" ({legal.note})"
    out["legal_text"] = text
    if legal.note:
        out["legal_note"] = legal.note
    return out


def legal_line(details: Mapping[str, object]) -> str | None:
    """``legal here: …`` for a finding whose details carry alternatives, else None."""
    text = details.get("legal_text")
    return f"legal here: {text}" if isinstance(text, str) else None
