"""Reading records in: bytes → JSON → schema, with positions in the text as written.

``loading`` (REC-IO-1, REC-JSON-1, REC-SIZE-1), ``sourcemap`` (pointers → line:col, duplicate
keys), ``schemas`` (REC-SCHEMA-1), ``schema_words`` (schema errors in words), ``positions``
(findings placed in the text), ``options`` (variant options checked outside a record),
``imports`` (other programs' saved games read as positions: ``--from``, detection by shape).
Imports ``scorer.core`` and the registry only.
"""
