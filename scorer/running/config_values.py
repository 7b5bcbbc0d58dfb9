"""The values of a configuration file as TOML parsed them: checked against the type of the
command-line option they set (``jobs = true`` is no integer, though ``--jobs`` would convert
it) and shown in messages as TOML writes them, bounded in length and depth."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

Convert = Callable[[Any], Any]


class WrongType(TypeError):
    """A configuration value of another TOML type than its option takes."""

    def __init__(self, expected: str) -> None:
        super().__init__(f"must be {expected}")
        self.expected = expected


def typed(annotation: object, convert: Convert) -> Convert:
    """``convert`` behind a check of the TOML type: an option of Python type ``annotation``
    takes a boolean (bool), an integer and never a boolean (int), a finite number (float) or
    a string (str, a path, a choice); ``jobs = true`` or ``max-findings = "10"`` raise
    :class:`WrongType` where the command line would have converted them."""
    if annotation is bool:
        kinds: tuple[type, ...] = (bool,)
        words = "true or false"
    elif annotation is int:
        kinds, words = (int,), "an integer"
    elif annotation is float:
        kinds, words = (int, float), "a finite number"
    elif isinstance(annotation, type) and issubclass(annotation, (str, Path)):
        kinds, words = (str,), "a string"
    else:
        return convert

    def check(value: object) -> object:
        wrong = isinstance(value, bool) and bool not in kinds
        if wrong or not isinstance(value, kinds) or value != value or value in (_INF, -_INF):
            raise WrongType(words)
        return convert(value)

    return check


_INF = float("inf")


def kind(value: object) -> str:
    """The TOML type of a parsed value, in words."""
    if isinstance(value, bool):
        return "a boolean"
    for types, words in (
        (int, "an integer"),
        (float, "a float"),
        (str, "a string"),
        (list, "an array"),
        (dict, "a table"),
    ):
        if isinstance(value, types):
            return words
    return "a date or time"


def shown(value: object, width: int = 60) -> str:
    """A parsed value as TOML writes it, about ``width`` characters at most (strings with
    their control characters escaped, nesting elided past three levels)."""
    text = _toml(value, 3)
    return text if len(text) <= width else text[: width - 1] + "…"


def _toml(value: object, depth: int) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + repr(value)[1:-1].replace('"', '\\"') + '"'
    if isinstance(value, list | dict) and depth <= 0:
        return "[...]" if isinstance(value, list) else "{...}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v, depth - 1) for v in value[:8]) + "]"
    if isinstance(value, dict):
        items = list(value.items())[:8]
        return "{" + ", ".join(f"{k} = {_toml(v, depth - 1)}" for k, v in items) + "}"
    return str(value)
