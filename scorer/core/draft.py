"""The move in progress: a typed, copy-on-write draft of one frozen state record.

A game's state is one frozen record (a ``NamedTuple`` or a frozen dataclass) whose fields hold
immutable values: pyrsistent ``PMap``/``PVector``/``PSet``, records of them, or tuples and
frozensets for small fixed fields. A move never changes it. Each game declares its draft once,
next to the state, as a subclass of :class:`Draft` that repeats the state's fields with their
types and adds the notes of a turn in progress (with defaults)::

    class TurnDraft(Draft[State]):
        # the state's fields (tests/test_conformance.py checks they are exactly State's)
        seat: int
        players: PVector[Player]
        # notes of the turn in progress, never part of a state
        took_tokens: bool = False

A step handler reads and writes the fields as attributes; mypy checks every name and type,
so a misspelt field or a value of the wrong type is an error before anything runs::

    draft.seat = (draft.seat + 1) % len(draft.players)
    draft.players = draft.players.set(draft.seat, player._replace(turns=player.turns + 1))
    return draft.done()

:meth:`Draft.done` returns a new state record built from the fields as they are; every field
the move did not write is the old state's own object, and every untouched part of a changed
pyrsistent collection is shared with the old collection (``PVector.set``, ``PMap.set`` copy
one path). The old state is never changed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Generic, TypeVar

S = TypeVar("S")

__all__ = ["Draft", "StepHandler", "state_fields"]

_FIELDS: dict[type, tuple[str, ...]] = {}


def state_fields(cls: type) -> tuple[str, ...]:
    """The field names of a state record class (a NamedTuple or a dataclass), in order."""
    names = _FIELDS.get(cls)
    if names is None:
        if dataclasses.is_dataclass(cls):
            names = tuple(f.name for f in dataclasses.fields(cls))
        else:
            names = tuple(getattr(cls, "_fields", ()))
        if not names:
            raise TypeError(f"{cls.__name__} is neither a dataclass nor a NamedTuple")
        _FIELDS[cls] = names
    return names


class Draft(Generic[S]):
    """The fields of a state as one move has left them so far, and the move's notes.

    Built from a state, it holds every field of it as an instance attribute (a read is a
    plain attribute look-up); a write replaces the attribute. Subclasses declare the fields
    (and notes) so that mypy checks every access; this class declares none.

    A subclass of ``Draft[State]`` gets its ``_load`` and ``_build`` written out for its
    state's fields when the class is made (:func:`_field_code`), the way ``dataclasses`` and
    ``namedtuple`` write their methods: one assignment per field, so that CPython keeps the
    fields in the instance's inline values. A subclass that needs more in ``__init__`` (a
    draft of a nested record) calls ``super().__init__(base)`` first.

    Keep a draft to at most 30 attributes, fields and notes together (``tests/test_layout.py``
    holds it): past that, CPython 3.11 stops sharing the keys of the instances' attribute
    dictionaries and every read and write on a draft costs several times more (Hacienda's
    31-field draft cost about 18,000 instructions a move against 10,500 at 27; it now keeps
    the fields only the end of a round writes in one ``Scorings`` record).
    """

    #: The state the draft started from (never changed).
    base: S

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        state = _state_class(cls)
        if state is not None:
            cls._load, cls._build = _field_code(state)  # type: ignore[method-assign]

    def __init__(self, base: S) -> None:
        self._load(base)

    def done(self) -> S:
        """The new state: the fields as they are now, in a record of the base's class.

        The draft may go on being changed and ``done()`` called again."""
        return self._build()

    def _load(self, base: S) -> None:
        """Every field of ``base`` as an attribute (the generic way; see the class)."""
        values = vars(self)
        values.update((name, getattr(base, name)) for name in state_fields(type(base)))
        self.base = base

    def _build(self) -> S:
        """A record of the base's class from the fields (the generic way; see the class)."""
        values = vars(self)
        cls = type(self.base)
        return cls(**{name: values[name] for name in state_fields(cls)})


def _state_class(cls: type) -> type | None:
    """The state class ``S`` of ``class X(Draft[S])``, or None (a generic subclass)."""
    for base in getattr(cls, "__orig_bases__", ()):
        if getattr(base, "__origin__", None) is Draft:
            (state,) = base.__args__
            return state if isinstance(state, type) else None
    return None


def _field_code(state: type) -> tuple[Callable[..., None], Callable[..., Any]]:
    """``_load`` and ``_build`` of the drafts of ``state``, written out for its fields.

    For a NamedTuple state, ``_load`` unpacks the record in one statement and ``_build``
    makes the new record from the fields in order in one C call (``tuple.__new__``, as the
    NamedTuple's own ``_make`` does, without its length check: the fields are all there by
    construction); for a dataclass state, each field is read and passed by name."""
    fields = state_fields(state)
    if issubclass(state, tuple):
        targets = "".join(f"self.{name}, " for name in fields)
        load = f"    self.base = base\n    ({targets}) = base\n"
        build = f"    return _new(State, ({targets}))\n"
    else:
        load = "    self.base = base\n" + "".join(f"    self.{n} = base.{n}\n" for n in fields)
        build = f"    return State({', '.join(f'{n}=self.{n}' for n in fields)})\n"
    source = f"def _load(self, base):\n{load}def _build(self):\n{build}"
    namespace: dict[str, Any] = {"State": state, "_new": tuple.__new__}
    exec(compile(source, f"<draft of {state.__qualname__}>", "exec"), namespace)
    return namespace["_load"], namespace["_build"]


D = TypeVar("D", bound=Draft[Any])

#: The one signature of a step handler, ``actions.step_<kind>(draft, step, at)``: it reads and
#: changes the game's draft and raises RuleViolation with a path from the move,
#: ``("steps", at, ...)``. ``step`` is the game's TypedDict of that step kind (the dispatch
#: table holds handlers of every kind, hence ``Any`` here); ``HANDLERS:
#: Mapping[str, StepHandler[TurnDraft]]``.
StepHandler = Callable[[D, Any, int], None]
