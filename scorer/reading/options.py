"""Variant options checked outside a record (``simulate --option``, event profiles), in words.

The game's schema (``$defs/variant``) is the contract; this module runs it on a bare variant
object and turns each error into a sentence: an unknown option names the known ones (with a
guess when one is close), a bad value says which values the option takes.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from typing import Any


def known_options(game: str) -> dict[str, Any]:
    """Option name → its schema (``$ref`` resolved), in the schema's order."""
    from scorer.reading.schemas import get_schema

    variant = get_schema(f"{game}.schema.json")["$defs"]["variant"]
    return {name: _resolve(game, prop) for name, prop in variant.get("properties", {}).items()}


def option_problems(game: str, variant: Mapping[str, Any]) -> list[str]:
    """Every problem of a variant object, one sentence each (empty if it is valid)."""
    from scorer.reading.schemas import value_errors

    if not isinstance(variant, Mapping):
        return [f"the variant must be a table of options, not {_show(variant)}"]
    known = known_options(game)
    problems = []
    for name in variant:
        if name not in known:
            problems.append(unknown_option(game, name, known))
    bad = {
        f.pointer.split("/")[1]
        for f in value_errors(f"{game}.schema.json#/$defs/variant", dict(variant))
        if f.pointer
    }
    for name in sorted(bad & set(known)):
        problems.append(
            f"option {name} must be {describe(known[name])}, not {_show(variant[name])}"
        )
    return problems


def unknown_option(game: str, name: str, known: Mapping[str, Any]) -> str:
    guess = difflib.get_close_matches(name, list(known), n=1)
    hint = f" (did you mean {guess[0]}?)" if guess else ""
    return f"unknown option {name!r}{hint}; the options of {game} are {', '.join(known)}"


def describe(schema: Mapping[str, Any]) -> str:
    """The values a property schema accepts, in words: ``one of "A", "B"``, ``true or
    false``, ``an integer from 0 to 12``, ``an integer ≥ 1 or null``."""
    if "enum" in schema:
        values = [_show(v) for v in schema["enum"]]
        return values[0] if len(values) == 1 else "one of " + ", ".join(values)
    kinds = schema.get("type", [])
    kinds = [kinds] if isinstance(kinds, str) else list(kinds)
    words = []
    for kind in kinds:
        if kind == "boolean":
            words.append("true or false")
        elif kind == "integer":
            words.append("an integer" + _range(schema))
        elif kind == "null":
            words.append("null")
        else:
            words.append(f"a{'n' if kind[:1] in 'aeiou' else ''} {kind}")
    return " or ".join(words) or "a valid value"


def _range(schema: Mapping[str, Any]) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" ≥ {low}"
    if high is not None:
        return f" ≤ {high}"
    return ""


def _resolve(game: str, prop: Mapping[str, Any]) -> Mapping[str, Any]:
    from scorer.reading.schemas import get_schema

    ref = prop.get("$ref")
    if not isinstance(ref, str):
        return prop
    file, _, pointer = ref.partition("#")
    node: Any = get_schema(file or f"{game}.schema.json")
    for token in pointer.strip("/").split("/"):
        node = node[token]
    return {**node, **{k: v for k, v in prop.items() if k != "$ref"}}


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
