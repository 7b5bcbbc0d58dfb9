"""What would have been legal (issue 13 §5) and why a game ended (§2), with the fake game.

The referee asks the game's generator for alternatives to a rejected step; text output prints
them under the finding as ``legal here: …``; JSON carries them in ``details``. A score sheet of
a finished game names its end reason, in JSON and in text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorer.core import legal
from scorer.core.values import Legal
from scorer.referee.replay import verify_record
from scorer.writing import report
from tests.conftest import assert_rejects
from tests.fakegame import moves, referee
from tests.test_replay import _countdown, record  # noqa: F401 - _countdown: the fake game, autouse

ROOT = Path(__file__).resolve().parent.parent


def _schema_errors(doc: Any) -> list[str]:
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "schemas" / "report.schema.json").read_text())
    return [e.message for e in Draft202012Validator(schema).iter_errors(doc)]


def test_a_rejected_step_says_what_was_legal_there() -> None:
    # Ann took 2 already this move: 1 more is all that is legal (3 per turn)
    result = verify_record(record([("Ann", [2, 2])]))
    finding = assert_rejects(result, "HAR-FAKE-1", "/moves/0/steps/1/n")
    assert finding.details["legal"] == [{"do": "take", "n": 1}]
    assert finding.details["legal_more"] == 0
    assert finding.details["legal_text"] == "take n=1"
    line = report.finding_line("g.json", finding)
    assert line.splitlines()[1] == "    legal here: take n=1"


def test_nothing_legal_is_said_so() -> None:
    # the pile of 2 is emptied by the first step; a second step has no legal value
    result = verify_record(record([("Ann", [2, 1])], pile=2))
    finding = assert_rejects(result, "HAR-FAKE-1", "/moves/0/steps/1/n")
    assert finding.details["legal"] == []
    assert finding.details["legal_text"].startswith("none")
    assert "legal_note" in finding.details


def test_legal_details_list_five_and_count_the_rest() -> None:
    steps = [{"do": "take", "n": n} for n in range(12)]
    got = legal.details_of(legal.build(iter(steps)))
    assert got["legal"] == steps[:5]
    assert got["legal_more"] == 7
    assert got["legal_text"].endswith("; and 7 more")


def test_a_generator_failure_becomes_a_note_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: Any) -> Legal:
        raise IndexError("generator bug")

    monkeypatch.setattr(moves, "legal_alternatives", broken)
    result = verify_record(record([("Ann", [2, 2])]))
    finding = assert_rejects(result, "HAR-FAKE-1", "/moves/0/steps/1/n")
    assert "legal" not in finding.details
    assert "IndexError" in finding.details["legal_note"]


def test_json_report_with_legal_and_end_reason_is_schema_valid() -> None:
    results = [
        verify_record(record([("Ann", [2, 2])])),
        verify_record(record([("Ann", [2]), ("Ben", [1, 1]), ("Ann", [1])])),
    ]
    doc = json.loads(report.render_json(results))
    assert _schema_errors(doc) == []
    assert doc["records"][1]["scores"]["end_reason"] == "pile_empty"


def test_end_reason_is_null_while_the_game_is_not_over() -> None:
    done = verify_record(record([("Ann", [2]), ("Ben", [1, 1]), ("Ann", [1])]))
    assert done.scores is not None and done.scores.end_reason == "pile_empty"
    assert "Game ended: pile_empty (the last item was taken)" in report.render_text([done])
    half = verify_record(record([("Ann", [2])]))
    assert half.status == "incomplete"
    assert half.scores is not None and half.scores.end_reason is None
    assert "Game ended" not in report.render_text([half])


def test_offers_compares_without_chance_and_null_members() -> None:
    chance = frozenset({"drawn"})
    assert legal.offers({"do": "a", "at": (1, 2)}, {"do": "a", "at": [1, 2], "tree": None})
    assert legal.offers({"do": "a"}, {"do": "a", "drawn": ["x"]}, chance)
    assert not legal.offers({"do": "a"}, {"do": "a", "extra": 1})
    assert not legal.offers({"do": "a", "at": [1, 2]}, {"do": "a", "at": [2, 1]})


def test_the_generator_after_a_prefix_offers_what_the_checker_accepts() -> None:
    state = referee.initial_state(record([]))
    move = {"player": "Ann", "steps": [{"do": "take", "n": 1}, {"do": "take", "n": 2}]}
    assert moves.unoffered_step(state, move) is None
    move["steps"].append({"do": "take", "n": 1})
    assert moves.unoffered_step(state, move) == 2


def test_ci_formats_and_the_html_page_show_what_was_legal() -> None:
    import io

    from scorer.writing.formats import GithubWriter, _sarif_result
    from scorer.writing.html import Page, record_page

    result = verify_record(record([("Ann", [2, 2])]), "g.json")
    finding = assert_rejects(result, "HAR-FAKE-1", "/moves/0/steps/1/n")
    sarif = _sarif_result("g.json", None, finding, 0)
    assert sarif["message"]["text"].endswith("\nlegal here: take n=1")
    out = io.BytesIO()
    github = GithubWriter(out)
    github.add(result)
    github.finish()
    assert "%0Alegal here: take n=1" in out.getvalue().decode()
    page = record_page(Page(result, "", "g"))
    assert '<br><span class="legal">legal here: take n=1</span>' in page


def test_the_html_page_says_why_the_game_ended() -> None:
    from scorer.writing.html import Page, record_page

    result = verify_record(record([("Ann", [2]), ("Ben", [1, 1]), ("Ann", [1])]), "g.json")
    page = record_page(Page(result, "", "g"))
    assert "Game ended: <code>pile_empty</code> (the last item was taken)" in page
