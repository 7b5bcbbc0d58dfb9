"""The contracts of a game and the toolkit every game uses (the lowest layer).

What a game provides (the role protocols), the values a game returns (score sheets, scoring
items, marks, legal alternatives), findings and rule violations, JSON pointers, words, the
copy-on-write draft of a state, claims, legal-move helpers, component data (and ``cache``:
its parse kept once per content) and SVG helpers.
Nothing here imports another layer of ``scorer``.
"""
