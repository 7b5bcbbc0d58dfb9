"""Grammar of everything the scorer says: ``scorer.core.words`` itself, then every finding message,
explanation item, terminal board and picture label of the fixtures and of mutated simulated
games, searched for "1 points"-style singulars and "a animal"-style articles.

The wording is the point of these tests (issue 11 §2: "1 tile, an animal card"), so they read
the prose, and only for those two faults.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import orjson
import pytest

from scorer.core.words import an, article, noun, plural, pluralize
from scorer.referee.pipeline import verify_bytes
from scorer.referee.settings import VerifyOptions
from scorer.registry import game_names
from scorer.writing.explain import offending_mark
from tests.conftest import FIXTURES
from tests.roles import replay_game, roles_of

#: Nouns the scorer counts; "1 <plural>" of any of them is a grammar fault.
NOUNS = (
    "points",
    "tiles",
    "moves",
    "steps",
    "cows",
    "cards",
    "tokens",
    "cells",
    "cubes",
    "pesos",
    "players",
    "trees",
    "spaces",
    "fincas",
    "sites",
    "chips",
    "haciendas",
    "contacts",
    "exchanges",
    "entries",
    "wells",
    "islands",
    "suns",
    "colours",
    "regions",
)
ONE_PLURAL = re.compile(r"(?<![\d.,/\-])\b1 (?:[a-z-]+ )?(" + "|".join(NOUNS) + r")\b")
#: Lower-case only: a capital A is a finca or site letter ("finca A at [3,4]").
A_VOWEL = re.compile(r"(?<![\w'])a (?!one\b|uni|use|eu)[aeiouAEIOU]\w*")


def test_plural_and_noun() -> None:
    assert plural(1, "point") == "1 point"
    assert plural(0, "point") == "0 points"
    assert plural(2, "entry") == "2 entries"
    assert plural(-1, "point") == "-1 point"
    assert plural(3, "peso") == "3 pesos"
    assert plural(6, "animal card") == "6 animal cards"
    assert plural(2, "non-blue cell") == "2 non-blue cells"
    assert plural(2, "match") == "2 matches"
    assert plural(2, "day") == "2 days"
    assert noun(1, "is", "are") == "is" and noun(2, "is", "are") == "are"
    assert pluralize("Entry") == "Entries"


def test_article() -> None:
    assert article("animal card") == "an animal card"
    assert article("orange*") == "an orange*"
    assert article("lemon") == "a lemon"
    assert article("unique tile") == "a unique tile"
    assert article("hour") == "an hour"
    assert an("Ice") == "an"


def test_the_patterns_catch_what_they_should() -> None:
    assert ONE_PLURAL.search("found 1 tokens: yellow")
    assert ONE_PLURAL.search("claimed 1 pesos, computed 13")
    assert ONE_PLURAL.search("1 empty cells")
    assert not ONE_PLURAL.search("1 point, 2 tiles, 1/3 cubes, 0.1 points")
    assert A_VOWEL.search("meadow is not a animal card")
    assert not A_VOWEL.search("finca A at [3,4], site A is marked")
    assert not A_VOWEL.search("an animal card, a unique tile, a lemon")


def _mutate(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One step nudged, swapped or dropped (as bench/report_snapshot.py mutates)."""
    rec: dict[str, Any] = orjson.loads(orjson.dumps(record))
    moves = [m for m in rec["moves"] if m.get("steps")]
    if not moves:
        return rec
    steps = rng.choice(moves)["steps"]
    i = rng.randrange(len(steps))
    keys = sorted(k for k in steps[i] if k != "do")
    if not keys or rng.random() < 0.3:
        del steps[i]
        return rec
    key = rng.choice(keys)
    value = steps[i][key]
    if isinstance(value, list) and value and all(type(v) is int for v in value):
        value[rng.randrange(len(value))] += rng.choice((-1, 1))
    elif type(value) is int:
        steps[i][key] = value + rng.choice((-1, 1))
    elif isinstance(value, str):
        pool = sorted({v for s in steps for v in s.values() if isinstance(v, str)} - {value})
        steps[i][key] = rng.choice(pool) if pool else value + "x"
    else:
        del steps[i]
    return rec


@cache
def _documents() -> tuple[bytes, ...]:
    docs = [p.read_bytes() for p in sorted(FIXTURES.glob("*/*/*.json"))]
    rng = random.Random(16)
    for game in game_names():
        rules = roles_of(game)
        low = 1 if game == "harmonies" else 2
        options = {"map": "demo-7x6"} if game == "hacienda" else {}  # the corpus as it was built
        for seed in range(12):
            record = rules.moves.simulate(low + seed % 3, seed, options)
            docs.append(orjson.dumps(record))
            for _ in range(4):
                docs.append(orjson.dumps(_mutate(record, rng)))
    return tuple(docs)


def _texts() -> Iterator[tuple[str, str]]:
    """(where, text) of every message, explanation item, board and picture label."""
    for raw in _documents():
        result = verify_bytes(raw, "<doc>", VerifyOptions(keep_going=True))
        for f in result.findings:
            yield f"{f.rule} {f.pointer}", f.message
        if result.state is None or result.game is None:
            continue
        doc = orjson.loads(raw)
        rules = roles_of(result.game)
        items = rules.pictures.explain(result.state)
        yield from ((f"{i.rule} item", i.text) for i in items)
        yield f"{result.game} board", rules.pictures.render(result.state)
        mark = offending_mark(doc, result) if doc.get("moves") else None
        svg = rules.pictures.draw_svg(result.state, items, mark)
        yield from ((f"{result.game} svg", t) for t in re.findall(r">([^<>]+)<", svg))
        if doc.get("moves"):
            run = replay_game(rules, doc, upto=len(doc["moves"]) // 2)
            if run.state is not None:
                yield f"{result.game} board, half way", rules.pictures.render(run.state)


@pytest.fixture(scope="module")
def texts() -> list[tuple[str, str]]:
    return list(_texts())


def test_no_singular_count_with_a_plural_noun(texts: list[tuple[str, str]]) -> None:
    bad = sorted({(where, m.group(0)) for where, text in texts for m in ONE_PLURAL.finditer(text)})
    assert not bad, bad[:20]


def test_no_a_before_a_vowel(texts: list[tuple[str, str]]) -> None:
    bad = sorted({(where, m.group(0)) for where, text in texts for m in A_VOWEL.finditer(text)})
    assert not bad, bad[:20]


def test_the_corpus_reaches_the_counted_nouns(texts: list[tuple[str, str]]) -> None:
    """The search above is only worth something if singular counts occur at all."""
    singular = {
        m.group(1)
        for _, t in texts
        for m in re.finditer(r"\b1 (point|tile|cow|card|token|cell|peso|move)\b", t)
    }
    assert {"point", "tile", "cow", "token"} <= singular, singular
