"""The API never answers 500, whatever it is sent: the hostile inputs of the CLI's fuzz tests
(random bytes, random JSON, random values put into valid records and positions) on every
endpoint, and the invalid fixtures of every game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from scorer.serve.app import create_app
from tests.conftest import FIXTURES
from tests.harmonies.test_properties import (
    BASE_POSITION,
    BASE_RECORD,
    JSON,
    _paths,
    _replace,
)

ENDPOINTS = (
    "/api/check",
    "/api/score?keep_going=1",
    "/api/verdict",
    "/api/svg?editor=1",
    "/api/svg",
    "/api/position",
    "/api/blank",
)
SLOW = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
LOCAL = "http://127.0.0.1:8765"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False, base_url=LOCAL) as c:
        yield c


def answered(client: TestClient, endpoint: str, body: bytes) -> None:
    answer = client.post(endpoint, content=body)
    assert answer.status_code in (200, 422), (endpoint, body[:200], answer.text[:500])
    assert "Traceback" not in answer.text


@SLOW
@given(data=st.binary(max_size=300), endpoint=st.sampled_from(ENDPOINTS))
def test_random_bytes(client: TestClient, data: bytes, endpoint: str) -> None:
    answered(client, endpoint, data)


@SLOW
@given(doc=JSON, endpoint=st.sampled_from(ENDPOINTS))
def test_random_json(client: TestClient, doc: Any, endpoint: str) -> None:
    answered(client, endpoint, json.dumps(doc).encode())


@SLOW
@given(which=st.booleans(), data=st.data(), value=JSON, endpoint=st.sampled_from(ENDPOINTS))
def test_random_values_in_valid_documents(
    client: TestClient, which: bool, data: st.DataObject, value: Any, endpoint: str
) -> None:
    base = BASE_RECORD if which else BASE_POSITION
    path = data.draw(st.sampled_from(_paths(base)[1:]))
    doc = _replace(base, path, value)
    body = (
        {"record": doc, "at": data.draw(st.none() | st.integers(-2, 40))}
        if (endpoint == "/api/position")
        else doc
    )
    answered(client, endpoint, json.dumps(body).encode())


@SLOW
@given(game=JSON, players=JSON, variant=JSON, extra=JSON)
def test_random_blank_requests(
    client: TestClient, game: Any, players: Any, variant: Any, extra: Any
) -> None:
    body = {"game": game, "players": players, "variant": variant, "map": extra, "board": extra}
    answered(client, "/api/blank", json.dumps(body).encode())


INVALID = sorted(p for p in FIXTURES.glob("*/invalid/*.json"))


@pytest.mark.parametrize("path", INVALID, ids=[f"{p.parent.parent.name}/{p.name}" for p in INVALID])
def test_invalid_fixtures_on_every_endpoint(client: TestClient, path: Any) -> None:
    data = path.read_bytes()
    for endpoint in ENDPOINTS[:-1]:
        body = (
            data
            if endpoint != "/api/position"
            else (b'{"record": ' + data + b', "at": 3}' if data.strip().startswith(b"{") else data)
        )
        answered(client, endpoint, body)
