"""Small English helpers for messages and explanations: counts with the right noun form and
the right indefinite article (``1 tile``, ``2 tiles``, ``an animal card``). A leaf: stdlib only.

Every message, explanation and picture label that puts a number before a noun, or ``a``/``an``
before a word it does not know in advance, goes through these two functions, so no output reads
"1 points" or "a orange tile".
"""

from __future__ import annotations

#: Nouns whose plural is not the regular one (``-s``, ``-es``, consonant + ``y`` → ``-ies``).
IRREGULAR: dict[str, str] = {
    "peso": "pesos",
    "entry": "entries",
    "sheep": "sheep",
    "cattle": "cattle",
    "index": "indexes",
}
#: Words that start with a vowel letter but a consonant sound (``a one``, ``a unique``).
_CONSONANT_SOUND = ("one", "once", "uni", "use", "usu", "uti", "eu", "ewe")
#: Words that start with a consonant letter but a vowel sound (``an hour``).
_VOWEL_SOUND = ("hour", "honest", "honour", "honor", "heir")


def noun(n: int, word: str, many: str | None = None) -> str:
    """``word`` in the form a count of ``n`` takes: singular for 1 and -1, else plural.

    ``many`` names an irregular plural; without it the plural is built by the usual rules.
    """
    if abs(n) == 1:
        return word
    return many if many is not None else pluralize(word)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 tile``, ``0 tiles``, ``2 tiles``, ``1 entry``, ``3 entries``: the count and its noun.

    A compound noun inflects its last word (``plural(6, "animal card")`` → ``6 animal cards``).
    """
    return f"{n} {noun(n, word, many)}"


def pluralize(word: str) -> str:
    """The regular plural of an English noun (``tile`` → ``tiles``, ``entry`` → ``entries``)."""
    head, space, last = word.rpartition(" ")
    if space:
        return f"{head} {pluralize(last)}"
    lower = word.lower()
    if lower in IRREGULAR:
        return IRREGULAR[lower] if word == lower else word[0] + IRREGULAR[lower][1:]
    if lower.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if lower.endswith("y") and len(word) > 1 and lower[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def article(word: str) -> str:
    """``word`` with its indefinite article: ``an animal card``, ``a lemon``, ``a unique``."""
    return f"{an(word)} {word}"


def an(word: str) -> str:
    """The indefinite article ``word`` takes: ``an`` before a vowel sound, else ``a``."""
    lower = word.lower()
    if lower.startswith(_VOWEL_SOUND):
        return "an"
    if lower.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if lower[:1] in ("a", "e", "i", "o", "u") else "a"
