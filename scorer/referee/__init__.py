"""The referee: one document in, one verdict out.

``pipeline`` (bytes → JSON → schema → replay or position → result), ``replay`` (the referee of
records: players, turns, the end, claims), ``profile`` (event profiles and fingerprints),
``timeout`` (REC-TIMEOUT-1) and ``seen`` (REC-DUP-1 digests). Imports the games through the
registry, ``scorer.reading`` and ``scorer.core``.
"""
