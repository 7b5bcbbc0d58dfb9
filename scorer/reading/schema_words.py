"""Schema errors in words where jsonschema's own text is obscure or unhelpful.

jsonschema says ``'harmonie' is not one of ['hacienda', ...]`` or ``True should not be valid
under {'description': ...}``; a person wants "unknown game 'harmonie' (did you mean
'harmonies'?)". This module rewords the errors of the envelope a person most often gets wrong:
the format version, the game, a step's ``do`` and the ``variant`` options (with difflib's
did-you-mean). Every other error keeps jsonschema's message. Pointers never change.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from typing import Any

FORMATS = ("scorer-record/1", "scorer-position/1")
TYPE_WORDS = {
    "boolean": "true or false",
    "integer": "a whole number",
    "number": "a number",
    "string": "a text",
    "object": "an object",
    "array": "a list",
    "null": "null",
}


def did_you_mean(value: object, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices``, or ""."""
    if not isinstance(value, str):
        return ""
    close = difflib.get_close_matches(value, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def in_words(
    path: Sequence[Any],
    keyword: str,
    instance: Any,
    expected: Any,
    doc: Any,
    options: Sequence[str],
    default: str = "",
) -> str | None:
    """The reworded message of one schema error, or None to keep jsonschema's.

    ``expected`` is the keyword's value in the schema (the enum, the const, the type);
    ``options`` the variant options of the document's game (empty if unknown).
    """
    if list(path) == ["format"] and keyword == "const":
        return (
            f"unknown format {instance!r}: this scorer reads {FORMATS[0]!r} (records) and "
            f"{FORMATS[1]!r} (positions)"
        )
    if list(path) == ["game"] and keyword == "enum":
        return (
            f"unknown game {instance!r}{did_you_mean(instance, expected)}; the games are "
            f"{', '.join(expected)}"
        )
    if path and path[-1] == "do" and keyword == "enum":
        return (
            f"unknown step {instance!r}{did_you_mean(instance, expected)}; the steps are "
            f"{', '.join(expected)}"
        )
    if path[:1] == ["variant"]:
        words = _variant(path, keyword, instance, expected, options)
        if words is None and len(path) == 2 and default:
            words = f"option {path[1]}: {default}"  # e.g. a number below its minimum
        return words
    return None


def _variant(
    path: Sequence[Any], keyword: str, instance: Any, expected: Any, options: Sequence[str]
) -> str | None:
    known = f"; the options are {', '.join(options)}" if options else ""
    if len(path) == 1 and keyword == "additionalProperties" and isinstance(instance, dict):
        unknown = [k for k in instance if k not in options] if options else list(instance)
        names = ", ".join(f"{k!r}{did_you_mean(k, options)}" for k in unknown)
        return f"unknown option{'s' if len(unknown) != 1 else ''} {names}{known}"
    if len(path) != 2:
        return None
    name = str(path[1])
    if keyword == "not":  # additionalProperties: {"not": {...}}: an unknown option
        return f"unknown option {name!r}{did_you_mean(name, options)}{known}"
    if keyword == "enum":
        values = ", ".join(repr(v) for v in expected)
        return f"option {name} is one of {values}, not {instance!r}"
    if keyword == "type":
        kinds = [expected] if isinstance(expected, str) else list(expected)
        words = " or ".join(TYPE_WORDS.get(k, k) for k in kinds)
        return f"option {name} is {words}, not {_json(instance)}"
    return None


def _json(value: Any) -> str:
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "null"
    return repr(value)
