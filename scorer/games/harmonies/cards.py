"""The built-in card catalogs: the 32 Animal cards and the 10 Nature's Spirit cards.

Copied verbatim (ids, score tracks, habitat patterns, spirit scoring rules) from
``shared/data/harmonies/animal-cards.json`` and ``spirit-cards.json``. A pattern cell is
``(dq, dr, stack)``: an axial offset from the cube cell ``(0, 0)`` and the exact stack, bottom to
top; a level given as a tuple accepts any one of its colours (the lower token of a Building).
Cells are listed in the printed orientation. Generated once from the shared files; do not edit by
hand.
"""

from __future__ import annotations

Level = str | tuple[str, ...]
PatternCell = tuple[int, int, tuple[Level, ...]]

#: Animal card id → (score track, habitat pattern), in catalog order.
ANIMAL_DATA: dict[str, tuple[tuple[int, ...], tuple[PatternCell, ...]]] = {
    "alligator": (
        (4, 9, 15),
        ((-2, 0, ("brown", "brown", "green")), (-1, 0, ("blue",)), (0, 0, ("blue",))),
    ),
    "ray": ((4, 10, 16), ((-1, 0, ("gray",)), (-1, 1, ("gray",)), (0, 0, ("blue",)))),
    "fish": ((3, 6, 10, 16), ((-1, 0, ("gray", "gray", "gray")), (0, 0, ("blue",)))),
    "otter": ((5, 10, 16), ((-2, 0, ("green",)), (-1, 0, ("green",)), (0, 0, ("blue",)))),
    "frog": ((2, 4, 6, 10, 15), ((-1, 0, ("green",)), (0, 0, ("blue",)))),
    "duck": ((2, 4, 8, 13), ((-1, 0, (("brown", "gray", "red"), "red")), (0, 0, ("blue",)))),
    "flamingo": ((4, 10, 16), ((-1, 0, ("yellow",)), (0, 0, ("blue",)), (-1, 1, ("yellow",)))),
    "lizard": (
        (5, 10, 16),
        ((-2, 0, ("yellow",)), (-1, 0, ("yellow",)), (0, 0, (("brown", "gray", "red"), "red"))),
    ),
    "shrew": (
        (5, 10, 17),
        ((-1, 1, ("yellow",)), (0, 0, (("brown", "gray", "red"), "red")), (1, 0, ("yellow",))),
    ),
    "peacock": (
        (5, 10, 17),
        ((-1, 1, ("blue",)), (0, 0, (("brown", "gray", "red"), "red")), (1, 0, ("blue",))),
    ),
    "squirrel": (
        (4, 9, 15),
        ((-1, 0, ("brown", "brown", "green")), (0, 0, (("brown", "gray", "red"), "red"))),
    ),
    "hedgehog": (
        (5, 12),
        (
            (-1, 0, ("brown", "green")),
            (0, 0, (("brown", "gray", "red"), "red")),
            (-1, 1, ("brown", "green")),
        ),
    ),
    "bee": (
        (8, 18),
        (
            (-1, 1, ("yellow",)),
            (0, 0, ("brown", "green")),
            (0, 1, ("yellow",)),
            (1, 0, ("yellow",)),
        ),
    ),
    "bear": ((5, 11), ((-1, 0, ("gray", "gray")), (0, 0, ("green",)), (-1, 1, ("gray", "gray")))),
    "rabbit": (
        (5, 10, 17),
        ((-2, 0, (("brown", "gray", "red"), "red")), (-1, 0, ("green",)), (0, 0, ("green",))),
    ),
    "macaw": ((4, 9, 14), ((-1, 0, ("blue",)), (0, 0, ("brown", "green")), (-1, 1, ("blue",)))),
    "boar": ((4, 8, 13), ((-1, 0, (("brown", "gray", "red"), "red")), (0, 0, ("brown", "green")))),
    "koala": ((3, 6, 10, 15), ((-1, 0, ("green",)), (0, 0, ("brown", "green")))),
    "wolf": (
        (4, 10, 16),
        ((-1, 0, ("yellow",)), (0, 0, ("brown", "brown", "green")), (-1, 1, ("yellow",))),
    ),
    "kingfisher": (
        (5, 11, 18),
        ((-1, 1, ("blue",)), (0, 0, ("brown", "brown", "green")), (1, 0, ("blue",))),
    ),
    "penguin": ((4, 10, 16), ((-1, 1, ("blue",)), (0, 0, ("gray",)), (1, 0, ("blue",)))),
    "bat": ((3, 6, 10, 15), ((-1, 0, ("brown", "brown", "green")), (0, 0, ("gray",)))),
    "fennec_fox": ((4, 9, 16), ((-2, 0, ("yellow",)), (-1, 0, ("gray",)), (0, 0, ("gray",)))),
    "macaque": ((5, 11), ((-1, 0, ("blue",)), (0, 0, ("gray", "gray")), (-1, 1, ("blue",)))),
    "falcon": ((5, 11), ((-1, 0, ("yellow",)), (0, 0, ("gray", "gray", "gray")))),
    "meerkat": ((2, 5, 9, 14), ((-1, 0, ("yellow",)), (0, 0, ("gray",)))),
    "crow": (
        (4, 9),
        (
            (-1, 1, (("brown", "gray", "red"), "red")),
            (0, 0, ("yellow",)),
            (1, 0, (("brown", "gray", "red"), "red")),
        ),
    ),
    "alpaca": ((5, 12), ((-2, 0, ("gray", "gray")), (-1, 0, ("yellow",)), (0, 0, ("yellow",)))),
    "arctic_fox": (
        (5, 10, 17),
        ((-1, 1, ("brown", "green")), (0, 0, ("yellow",)), (1, 0, ("brown", "green"))),
    ),
    "raccoon": (
        (6, 12),
        ((-1, 1, ("blue",)), (0, 0, ("yellow",)), (0, 1, ("blue",)), (1, 0, ("blue",))),
    ),
    "ladybug": ((2, 5, 8, 12, 17), ((-1, 0, ("green",)), (0, 0, ("yellow",)))),
    "panther": (
        (5, 11),
        ((-2, 0, ("brown", "green")), (-1, 0, ("brown", "green")), (0, 0, ("yellow",))),
    ),
}

#: Spirit card id → (category, scoring rule, habitat pattern), in catalog order. The rule is
#: (landscape, unit, table): unit "each" maps a height to points, unit "group" lists
#: (min size, max size or None, points) ranges.
SPIRIT_DATA: dict[
    str,
    tuple[str, tuple[str, str, tuple[tuple[int, int | None, int], ...]], tuple[PatternCell, ...]],
] = {
    "lion_spirit": (
        "group",
        ("field", "group", ((1, 2, 2), (3, None, 10))),
        ((-1, 0, ("brown", "green")), (0, 0, ("yellow",)), (1, 0, ("yellow",))),
    ),
    "butterfly_spirit": (
        "group",
        ("field", "group", ((1, None, 5),)),
        ((-2, 1, ("yellow",)), (-1, 0, ("blue",)), (-1, 1, ("blue",)), (0, 0, ("yellow",))),
    ),
    "deer_spirit": (
        "count",
        ("tree", "each", ((1, 1, 0), (2, 2, 4), (3, 3, 4))),
        ((-1, 0, ("brown", "brown", "green")), (0, 0, ("brown", "green")), (1, 0, ("green",))),
    ),
    "owl_spirit": (
        "count",
        ("tree", "each", ((1, 1, 3), (2, 2, 3), (3, 3, 1))),
        ((-1, 0, ("green",)), (0, 0, ("brown", "brown", "green")), (-1, 1, ("green",))),
    ),
    "cat_spirit": (
        "group",
        ("building", "group", ((1, None, 4),)),
        (
            (-2, 0, (("brown", "gray", "red"), "red")),
            (-1, 0, ("green",)),
            (0, 0, (("brown", "gray", "red"), "red")),
        ),
    ),
    "crane_spirit": (
        "group",
        ("building", "group", ((1, 1, 0), (2, None, 6))),
        (
            (-2, 0, ("yellow",)),
            (-1, 0, (("brown", "gray", "red"), "red")),
            (0, 0, (("brown", "gray", "red"), "red")),
        ),
    ),
    "ram_spirit": (
        "count",
        ("mountain", "each", ((1, 1, 0), (2, 2, 4), (3, 3, 4))),
        ((-1, 0, ("gray", "gray")), (0, 0, ("gray", "gray", "gray"))),
    ),
    "marmot_spirit": (
        "count",
        ("mountain", "each", ((1, 1, 3), (2, 2, 3), (3, 3, 1))),
        ((-1, 1, ("gray",)), (0, 0, ("gray", "gray")), (1, 0, ("gray",))),
    ),
    "dragonfly_spirit": (
        "group",
        ("water", "group", ((1, 1, 0), (2, None, 7))),
        ((-1, 0, ("brown", "green")), (0, 0, ("blue",)), (1, 0, ("brown", "green"))),
    ),
    "tortoise_spirit": (
        "count",
        ("water", "each", ((1, 1, 2),)),
        ((-1, 0, ("gray", "gray")), (0, 0, ("blue",)), (1, 0, ("blue",))),
    ),
}
