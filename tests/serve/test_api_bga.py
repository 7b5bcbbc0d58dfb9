"""``POST /api/import``: another program's saved game → a position (issue 24), through the
games' importers (the server names no game)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from scorer.serve.app import create_app
from tests.serve.test_api import LOCAL

BGA = Path(__file__).parents[2] / "fixtures" / "harmonies" / "bga"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False, base_url=LOCAL) as c:
        yield c


def test_a_capture_comes_back_as_a_position(client: TestClient) -> None:
    body = (BGA / "gamedatas_match08.json").read_bytes()
    answer = client.post("/api/import", content=body)
    assert answer.status_code == 200
    data = answer.json()
    assert data["source"] == "bga" and data["findings"] == []
    assert data["position"]["claimed"] == {"scores": {"player_1": 116, "player_2": 113}}
    verdict = client.post("/api/verdict", content=json.dumps(data["position"]))
    assert verdict.status_code == 200 and verdict.json()["status"] == "ok"


def test_a_bad_capture_gives_its_finding_placed_in_the_file(client: TestClient) -> None:
    doc = json.loads((BGA / "sidea_2p_nature_match09_dom_final.json").read_text())
    doc["players"][1]["activeCards"][0]["typeArg"] = 0
    answer = client.post("/api/import", content=json.dumps(doc, indent=1))
    assert answer.status_code == 422
    first = answer.json()["findings"][0]
    assert (first["rule"], first["pointer"]) == ("IMP-BGA-6", "/players/1/activeCards/0/typeArg")
    assert first["line"] is not None


def test_a_document_that_is_no_capture_is_refused(client: TestClient) -> None:
    answer = client.post("/api/import", content=b'{"format": "scorer-position/1"}')
    assert answer.status_code == 422
    assert answer.json()["findings"][0]["rule"] == "REC-SCHEMA-1"
    unsure = client.post("/api/import", content=b'{"boardSide": "sideA"}')
    assert unsure.json()["findings"][0]["rule"] == "IMP-BGA-1"


def test_the_page_shows_a_capture_opened_as_a_file(client: TestClient) -> None:
    body = (BGA / "sidea_2p_nature_match08_dom_final.json").read_bytes()
    data = client.post("/api/verdict", content=body).json()
    assert data["status"] == "ok" and data["picture"]
    totals = {p["name"]: p["total"] for p in data["scores"]["players"]}
    assert totals == {"player_1": 116, "player_2": 113}
