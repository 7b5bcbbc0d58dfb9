"""Text from a record made safe to print: the one place every writer escapes it.

A player name, a file name or a message quoting record text may hold control characters: a
newline that writes a fake output line, an escape sequence that recolours or clears the
terminal (even with ``--color never``), a character that makes JUnit XML invalid. Every writer
of text, terminal, JUnit, SARIF, GitHub and CSV output passes such strings through
:func:`printable` (JUnit through :func:`xml_printable`); HTML and SVG escape with
``html.escape`` and carry no terminal. JSON and NDJSON need nothing: JSON escapes the C0
characters itself and keeps the record's text as data.

Escaped: the C0 controls U+0000–U+001F (newline and tab included), DEL and the C1 controls
U+007F–U+009F, and lone surrogates (a file name that is not UTF-8). ``\\n``, ``\\r`` and ``\\t``
are written so; the others as ``\\xHH`` or ``\\uHHHH``, as Python writes them. Everything
else, backslashes included, is kept: text without control characters is printed unchanged.
"""

from __future__ import annotations

import re

#: What :func:`printable` escapes.
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
#: What XML 1.0 cannot hold at all, in addition (U+FFFE and U+FFFF are not characters).
XML_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
#: A lone surrogate: what no UTF-8 writer can write (a file name that is not UTF-8).
SURROGATE = re.compile("[\ud800-\udfff]")
#: DEL or a C1 control as UTF-8 bytes (JSON writers leave them raw; a terminal may obey them).
C1_BYTES = re.compile(b"\x7f|\xc2[\x80-\x9f]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with its control characters and lone surrogates escaped (one line, always)."""
    return UNSAFE.sub(_escape, text) if UNSAFE.search(text) else text


def xml_printable(text: str) -> str:
    """:func:`printable`, and U+FFFE/U+FFFF escaped too: any result is valid XML 1.0 text
    once ``&``, ``<`` and ``>`` (and quotes in attributes) are escaped."""
    return XML_UNSAFE.sub(_escape, text) if XML_UNSAFE.search(text) else text


def encodable(text: str) -> str:
    """``text`` with only its lone surrogates escaped: any data string (``file`` of a JSON
    report) can then be written as UTF-8, and one odd file name cannot stop a report."""
    return SURROGATE.sub(_escape, text) if SURROGATE.search(text) else text


def json_controls(data: bytes) -> bytes:
    """JSON text with its raw DEL and C1 controls written as ``\\u007f``–``\\u009f`` (the same
    JSON data; C0 controls are escaped by every JSON writer already). Outside strings JSON
    holds no such byte, so the bytes are replaced without parsing."""
    if b"\xc2" not in data and b"\x7f" not in data:  # two byte scans, far cheaper than
        return data  # the pattern's search over every byte of every output line
    return C1_BYTES.sub(lambda m: b"\\u%04x" % ord(m.group().decode()), data)
