"""RFC 6901 JSON pointers: build them from path parts and resolve them in documents."""

from __future__ import annotations

from collections.abc import Iterable


def escape(part: str | int) -> str:
    """Escape one reference token (``~`` → ``~0``, ``/`` → ``~1``)."""
    return str(part).replace("~", "~0").replace("/", "~1")


def unescape(token: str) -> str:
    """Undo :func:`escape`."""
    return token.replace("~1", "/").replace("~0", "~")


def to_pointer(parts: Iterable[str | int]) -> str:
    """Join path parts into a pointer; no parts gives ``""`` (the whole document)."""
    return "".join("/" + escape(p) for p in parts)


def split(pointer: str) -> list[str]:
    """Split a pointer into unescaped tokens. Raises ValueError if it does not start with /."""
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise ValueError(f"not a JSON pointer: {pointer!r}")
    return [unescape(t) for t in pointer[1:].split("/")]


def resolve(doc: object, pointer: str) -> object:
    """Return the value the pointer names. Raises KeyError/IndexError if it names nothing."""
    node = doc
    for token in split(pointer):
        if isinstance(node, list):
            if not token.isdigit() or (len(token) > 1 and token[0] == "0"):
                raise KeyError(token)
            node = node[int(token)]
        elif isinstance(node, dict):
            node = node[token]
        else:
            raise KeyError(token)
    return node
