"""Numbers as written: where a schema wants an integer, only an integer as JSON writes one.

JSON Schema counts ``2.0`` as an integer, and orjson reads an integer beyond its 64-bit range
(below -2**63 or above 2**64 - 1) as a float, so ``1180591620717411303424`` reaches the
rules as ``1.1805916207174113e+21``. Neither is a number the rules can mean: the schema check
runs with a strict ``integer`` (a Python ``int``, never a float), and a document holding a float
anywhere is checked in detail, so the float is a REC-SCHEMA-1 at its pointer, named as the file
writes it (:mod:`scorer.reading.positions`). Floats where the schema allows anything (``meta``)
stay as they are. A document read by ``parse_record`` is usually vouched for by two byte
searches (:func:`vouch`); any other pays one walk over its containers.
"""

from __future__ import annotations

#: The integers orjson reads (and writes) exactly; any other integer is read as a float.
INT_MIN = -(2**63)
INT_MAX = 2**64 - 1


#: The last document :func:`vouch` proved free of integral floats (compared by identity).
_float_free: object = None


def vouch(doc: object, compact: bytes) -> None:
    """Remember ``doc`` as free of integral floats if ``compact`` (orjson's compact bytes of
    it) proves so: orjson writes every float with ``.`` or an exponent, and an integral one
    (the only kind the compiled validator takes for an integer) with ``.`` or ``e+``, so bytes
    with neither ``.`` nor ``+`` hold none. Costs two byte searches; a string with a dot only
    means the walk is done after all."""
    global _float_free
    _float_free = doc if b"." not in compact and b"+" not in compact else None


def vouched(doc: object) -> bool:
    """Whether ``doc`` is the document :func:`vouch` last proved free of integral floats
    (asked once: the answer is forgotten, and so is the document)."""
    global _float_free
    found = doc is _float_free
    _float_free = None
    return found


def float_holders(doc: object) -> frozenset[int]:
    """The ``id`` of every list or object of ``doc`` that holds a float at any depth (empty
    when the document has none, the common case: one walk, nothing kept)."""
    stack = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, float):
            return _holders(doc)
    return frozenset()


def _holders(doc: object) -> frozenset[int]:
    found: set[int] = set()
    # (node, its ancestors' ids): iterative, so a deep document costs no recursion
    stack: list[tuple[object, tuple[int, ...]]] = [(doc, ())]
    while stack:
        node, above = stack.pop()
        if isinstance(node, dict):
            stack.extend((value, (*above, id(node))) for value in node.values())
        elif isinstance(node, list):
            stack.extend((value, (*above, id(node))) for value in node)
        elif isinstance(node, float):
            found.update(above)
    return frozenset(found)


def is_strict_integer(_checker: object, value: object) -> bool:
    """The ``integer`` of the detailed validator: an ``int`` (not ``bool``), never a float."""
    return isinstance(value, int) and not isinstance(value, bool)


def not_an_integer(value: object, expected: object) -> str | None:
    """The message of a float where the schema wants an integer (None for any other error).
    The number is named by its ``repr``; the placed finding names it as the file writes it."""
    kinds = list(expected) if isinstance(expected, (list, tuple)) else [expected]
    if not isinstance(value, float) or "integer" not in kinds or "number" in kinds:
        return None
    if value.is_integer() and not INT_MIN <= value <= INT_MAX:
        return f"integer expected, found {value!r}, beyond the 64-bit range this scorer reads"
    return f"integer expected, found {value!r}"
