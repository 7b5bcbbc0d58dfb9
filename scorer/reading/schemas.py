"""JSON Schema validation: locate ``schemas/``, compile validators once, report findings.

Valid documents take a compiled fast path (jsonschema-rs). Only when that says "invalid"
does the pure-Python ``jsonschema`` validator run, to report every error with its pointer
(REC-SCHEMA-1), so the detailed messages cost nothing for the records that pass.
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Iterator, Mapping
from functools import cache
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import jsonschema_rs

from scorer.core.findings import Finding, limit_finding, sort_key
from scorer.core.pointer import escape, to_pointer
from scorer.reading.numbers import float_holders, is_strict_integer, not_an_integer, vouched

BASE_URI = "https://scorer.invalid/schemas/"
RECORD_FORMAT = "scorer-record/1"
POSITION_FORMAT = "scorer-position/1"
DocKind = Literal["record", "position", "unknown"]

if TYPE_CHECKING:  # the pure-Python validator is imported only when a document is invalid
    import jsonschema
    from referencing import Registry

_override: Path | None = None


def set_schema_dir(path: Path | None) -> None:
    """Use ``path`` instead of the packaged schemas (``--schema-dir``)."""
    global _override
    _override = path
    load_all.cache_clear()
    _fast_validator.cache_clear()
    _slow_validator.cache_clear()
    _ref_validator.cache_clear()
    _rust_registry.cache_clear()
    _subschema_uris.cache_clear()
    _compiled.clear()


def check_schema_dir(path: Path) -> list[str]:
    """What keeps ``path`` from serving as ``--schema-dir`` (empty if nothing): a missing
    schema file, one that is not JSON, or schemas that do not compile."""
    from scorer.core.errors import RecordLoadError
    from scorer.reading.loading import parse
    from scorer.registry import game_names

    needed = ["record", "position", "common", *game_names()]
    problems = [
        f"no {n}.schema.json in this folder"
        for n in needed
        if not (path / f"{n}.schema.json").is_file()
    ]
    if problems:
        return problems
    for file in sorted(path.glob("*.schema.json")):
        try:
            parse(file.read_bytes())
        except (OSError, RecordLoadError) as exc:
            problems.append(f"{file.name}: {getattr(exc, 'message', exc)}")
    if problems:
        return problems
    previous = _override
    try:
        set_schema_dir(path)
        for name in ("record.schema.json", "position.schema.json"):
            _fast_validator(name)
            _slow_validator(name)
    except Exception as exc:  # a broken schema: say so rather than fail on every record
        problems.append(f"the schemas do not compile: {type(exc).__name__}: {exc}")
    finally:
        set_schema_dir(previous)
    return problems


def schema_dir() -> Path:
    """The folder holding the schemas: override, packaged copy, then the source tree."""
    if _override is not None:
        return _override
    packaged = importlib.resources.files("scorer") / "_schemas"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "schemas"


@cache
def load_all() -> Mapping[str, Any]:
    """Every ``*.schema.json`` file of the schema folder, by file name."""
    from scorer.reading.loading import parse

    folder = schema_dir()
    return {p.name: parse(p.read_bytes()) for p in sorted(folder.glob("*.schema.json"))}


def get_schema(name: str) -> Any:
    """One schema by file name (``record.schema.json``). Raises KeyError if absent."""
    return load_all()[name]


def _registry() -> Registry[Any]:
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    resources = [
        (BASE_URI + name, Resource.from_contents(s, default_specification=DRAFT202012))
        for name, s in load_all().items()
    ]
    return Registry().with_resources(resources)


@cache
def _rust_registry() -> Any:
    return jsonschema_rs.Registry([(BASE_URI + n, s) for n, s in load_all().items()])


@cache
def _fast_validator(name: str) -> Any:
    return jsonschema_rs.validator_for(load_all()[name], registry=_rust_registry())


@cache
def _slow_validator(name: str) -> jsonschema.Draft202012Validator:
    import jsonschema

    cls = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        jsonschema.Draft202012Validator,
        {"items": _items, "additionalProperties": _additional, "patternProperties": _patterns},
        type_checker=_strict_types(),
    )
    return cls(get_schema(name), registry=_registry())  # type: ignore[no-any-return]


def _strict_types() -> Any:
    """Draft 2020-12's types with a strict ``integer`` (scorer.reading.numbers)."""
    import jsonschema

    return jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", is_strict_integer)


# The detailed validator skips what the compiled one finds valid. Python's jsonschema takes
# tens of microseconds per array element, so a record of a hundred thousand moves took
# seconds to describe even when only its last move was wrong. Where the detailed validator
# would descend into an array element or a member value that is a container, it first asks
# the compiled validator of that very subschema; a valid element can produce no error (no
# annotation-dependent keyword is used), so skipping it changes nothing but the time.


@cache
def _subschema_uris() -> dict[int, str]:
    """URI of every subschema (by object identity) of the loaded schemas."""
    uris: dict[int, str] = {}

    def visit(node: Any, uri: str) -> None:
        if isinstance(node, dict):
            uris[id(node)] = uri
            for key, value in node.items():
                visit(value, f"{uri}/{escape(key)}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                visit(value, f"{uri}/{index}")

    for name, schema in load_all().items():
        visit(schema, f"{BASE_URI}{name}#")
    return uris


_compiled: dict[int, Any] = {}
#: The containers of the document being checked that hold a float: the compiled validator
#: counts ``2.0`` as an integer, so it never vouches for them.
_float_holders: frozenset[int] = frozenset()


def _valid_fast(subschema: Any, instance: Any) -> bool:
    """True if ``instance`` is a container the compiled validator of ``subschema`` accepts."""
    if not isinstance(instance, (dict, list)) or not isinstance(subschema, dict):
        return False
    if id(instance) in _float_holders:
        return False
    key = id(subschema)
    if key not in _compiled:
        uri = _subschema_uris().get(key)
        try:
            _compiled[key] = (
                None
                if uri is None
                else jsonschema_rs.validator_for(
                    {"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": uri},
                    registry=_rust_registry(),
                )
            )
        except Exception:  # a subschema the compiled validator cannot take on its own
            _compiled[key] = None
    validator = _compiled[key]
    return validator is not None and bool(validator.is_valid(instance))


def _keywords() -> Any:
    import importlib

    return importlib.import_module("jsonschema._keywords")  # its own, untyped, implementations


def _items(validator: Any, items: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "array") or items is False:
        yield from _keywords().items(validator, items, instance, schema)
        return
    for index in range(len(schema.get("prefixItems", [])), len(instance)):
        if not _valid_fast(items, instance[index]):
            yield from validator.descend(instance=instance[index], schema=items, path=index)


def _additional(validator: Any, extra: Any, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema._utils import find_additional_properties

    if not validator.is_type(instance, "object") or not validator.is_type(extra, "object"):
        yield from _keywords().additionalProperties(validator, extra, instance, schema)
        return
    for key in set(find_additional_properties(instance, schema)):
        if not _valid_fast(extra, instance[key]):
            yield from validator.descend(instance[key], extra, path=key)


def _patterns(validator: Any, patterns: Any, instance: Any, schema: Any) -> Iterator[Any]:
    import re

    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if re.search(pattern, key) and not _valid_fast(subschema, value):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def document_kind(doc: Any) -> DocKind:
    """``record`` or ``position`` by the ``format`` member, else ``unknown``."""
    if isinstance(doc, dict):
        fmt = doc.get("format")
        if fmt == RECORD_FORMAT:
            return "record"
        if fmt == POSITION_FORMAT:
            return "position"
    return "unknown"


def validate(doc: Any, limit: int | None = None) -> tuple[DocKind, list[Finding]]:
    """Validate a record or position. Returns its kind and every schema error (sorted).

    With ``limit``, the first ``limit`` errors are reported and the detailed validator goes on
    only to count the next ones, up to ten times ``limit`` (a REC-LIMIT-1 says how many, or
    "at least"), so a document of a hundred thousand bad moves is rejected in about the time
    a valid one takes. A document holding a float is checked in detail even when the compiled
    validator accepts it: its integers must be written as integers (scorer.reading.numbers).
    """
    global _float_holders
    kind = document_kind(doc)
    name = "position.schema.json" if kind == "position" else "record.schema.json"
    if (vouched(doc) or not float_holders(doc)) and _fast_validator(name).is_valid(doc):
        return kind, []
    holders = float_holders(doc)
    _float_holders = holders
    try:
        return kind, _findings(name, doc, limit, holders)
    finally:
        _float_holders = frozenset()


def _findings(name: str, doc: Any, limit: int | None, holders: frozenset[int]) -> list[Finding]:
    errors = _errors(name, doc)
    if limit is None:
        findings = sorted(errors, key=sort_key)
    else:
        findings = sorted(islice(errors, limit), key=sort_key)
        bound = 10 * max(limit, 1)
        more = sum(1 for _ in islice(errors, bound + 1))
        if more:
            findings.append(limit_finding(len(findings), min(more, bound), more > bound))
    if not findings and not holders:  # the validators disagree: never let the document through
        findings = [Finding("REC-SCHEMA-1", "", "the document does not match its schema")]
    return findings


def _errors(name: str, doc: Any) -> Iterator[Finding]:
    seen: set[tuple[str, str]] = set()
    for error in _slow_validator(name).iter_errors(doc):
        for leaf in _leaves(error):
            pointer = to_pointer(leaf.absolute_path)
            key = (pointer, leaf.message)
            if key in seen:
                continue
            seen.add(key)
            yield Finding(
                "REC-SCHEMA-1",
                pointer,
                _message(leaf, doc),
                details={
                    "keyword": str(leaf.validator),
                    "schema_path": to_pointer(leaf.absolute_schema_path),
                },
            )


def _leaves(error: jsonschema.ValidationError) -> Iterator[jsonschema.ValidationError]:
    """The most specific errors: descend into anyOf/oneOf contexts when they have any."""
    if error.context:
        from jsonschema.exceptions import best_match

        context = error.context
        if id(error.instance) in _float_holders:  # a float inside: name it, at its pointer,
            deeper = [e for e in context if e.relative_path or e.validator != "type"]
            context = deeper or context  # from the branch of the instance's own type
        yield from _leaves(best_match(context))
    else:
        yield error


def _message(error: jsonschema.ValidationError, doc: Any = None) -> str:
    from scorer.reading.schema_words import in_words

    path = list(error.absolute_path)
    options = _variant_options(doc) if path[:1] == ["variant"] else []
    words = in_words(
        path,
        str(error.validator),
        error.instance,
        error.validator_value,
        doc,
        options,
        str(error.message),
    )
    if words is None and str(error.validator) == "type":
        words = not_an_integer(error.instance, error.validator_value)
    text = words if words is not None else str(error.message)
    if len(text) > 300:
        text = text[:297] + "..."
    return text


@cache
def _ref_validator(ref: str) -> jsonschema.Draft202012Validator:
    import jsonschema

    cls = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        jsonschema.Draft202012Validator, type_checker=_strict_types()
    )
    return cls({"$ref": BASE_URI + ref}, registry=_registry())  # type: ignore[no-any-return]


def value_errors(ref: str, value: Any) -> list[Finding]:
    """Schema errors of ``value`` against the schema at ``ref`` (``<file>#<pointer>``, e.g.
    ``harmonies.schema.json#/$defs/variant``): REC-SCHEMA-1 findings with pointers relative
    to ``value``, sorted. Raises KeyError if the schema file does not exist."""
    get_schema(ref.partition("#")[0])
    found: dict[tuple[str, str], Finding] = {}
    for error in _ref_validator(ref).iter_errors(value):
        for leaf in _leaves(error):
            pointer = to_pointer(leaf.absolute_path)
            found.setdefault(
                (pointer, str(leaf.validator)),
                Finding(
                    "REC-SCHEMA-1",
                    pointer,
                    _message(leaf),
                    details={"keyword": str(leaf.validator)},
                ),
            )
    return sorted(found.values(), key=sort_key)


def _variant_options(doc: Any) -> list[str]:
    """The variant options of the document's game, by its schema (empty if unknown)."""
    game = doc.get("game") if isinstance(doc, dict) else None
    try:
        variant = get_schema(f"{game}.schema.json")["$defs"]["variant"]
    except (KeyError, TypeError):
        return []
    return list(variant.get("properties", {})) if isinstance(variant, dict) else []


def check_schemas() -> list[str]:
    """Check every schema against the 2020-12 meta-schema; returns the names checked."""
    import jsonschema

    names = []
    for name, schema in load_all().items():
        jsonschema.Draft202012Validator.check_schema(schema)
        names.append(name)
    return names
