"""The JSON API of ``scorer serve`` with Starlette's test client: every endpoint, the same
findings as the CLI for every fixture, bad requests, the body limit, the catch-all."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from scorer.referee.pipeline import verify_bytes, verify_document
from scorer.serve.app import create_app
from tests.conftest import FIXTURES, load_fixture
from tests.roles import replay_game, roles_of
from tests.test_fixtures import CASES

GAMES = ("harmonies", "hacienda", "citrus", "kuhfstein")
LOCAL = "http://127.0.0.1:8765"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False, base_url=LOCAL) as c:
        yield c


def post(client: TestClient, path: str, doc: Any) -> Any:
    return client.post(path, content=json.dumps(doc).encode())


def pairs(findings: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(f["rule"], f["pointer"]) for f in findings]


#: Every fixture a person could open in the page.
OPENED = sorted(
    str(p.relative_to(FIXTURES))
    for p in FIXTURES.glob("*/*/*.json")
    if p.parent.name in ("valid", "invalid")
)


@pytest.mark.parametrize("path", OPENED)
def test_the_page_shows_the_cli_verdict_of_every_fixture(client: TestClient, path: str) -> None:
    """What the page asks when a file is opened (``/api/verdict`` with the file's bytes) is
    ``scorer verify``'s verdict: status, every finding with its line, the scores."""
    data = (FIXTURES / path).read_bytes()
    cli = verify_bytes(data, path)
    answer = client.post("/api/verdict", content=data)
    assert answer.status_code == (422 if cli.status in ("malformed", "error") else 200)
    body = answer.json()
    assert body["status"] == cli.status
    assert [(f["rule"], f["pointer"], f.get("line")) for f in body["findings"]] == [
        (f.rule, f.pointer, f.line) for f in cli.findings
    ]
    if cli.scores is not None and body["status"] != "impossible":
        assert {p["name"]: p["total"] for p in body["scores"]["players"]} == {
            p.name: p.total for p in cli.scores.players
        }


def test_a_claim_mismatch_opens_with_its_claims_and_their_difference(client: TestClient) -> None:
    body = client.post(
        "/api/verdict", content=(FIXTURES / "harmonies/invalid/claim-mismatch.json").read_bytes()
    ).json()
    assert (body["status"], body["status_text"]) == ("mismatch", "claims differ")
    assert body["claims"] == [
        {"finding": 0, "player": "Ben", "category": "total", "claimed": 27, "computed": 26},
        {"finding": 1, "player": "Ben", "category": "trees", "claimed": 8, "computed": 7},
    ]
    assert body["picture"].startswith("<")


def test_an_illegal_record_opens_with_its_cell_marked_on_the_movers_board(
    client: TestClient,
) -> None:
    body = client.post(
        "/api/verdict", content=(FIXTURES / "harmonies/invalid/stack-red-on-two.json").read_bytes()
    ).json()
    assert (body["status"], body["status_text"]) == ("illegal", "rejected: illegal move")
    assert [(f["rule"], f["pointer"]) for f in body["findings"]] == [
        ("HAR-STACK-5", "/moves/1/steps/4/cell")
    ]
    assert body["marks"] == [{"finding": 0, "board": "Ben", "cells": [[0, 0]]}]
    assert 'class="mark"' in body["picture"]


def test_a_truncated_record_opens_incomplete(client: TestClient) -> None:
    body = client.post(
        "/api/verdict", content=(FIXTURES / "harmonies/invalid/truncated-game.json").read_bytes()
    ).json()
    assert (body["status"], body["status_text"]) == ("incomplete", "rejected: incomplete game")
    assert body["findings"][0]["rule"] == "REC-END-2"


def test_a_citrus_blank_scores_its_score_track(client: TestClient) -> None:
    """The blank Citrus board carries no breakdown: any score track is the score."""
    blank = post(client, "/api/blank", {"game": "citrus", "players": ["Zoe", "Yan"]}).json()
    position = blank["position"]
    assert all("breakdown" not in s for s in position["player_state"].values())
    position["player_state"]["Zoe"]["score"] = 7
    body = post(client, "/api/verdict", position).json()
    assert body["status"] == "ok", body["findings"]
    assert verify_document(position).scores.player("Zoe").total == next(
        p["total"] for p in body["scores"]["players"] if p["name"] == "Zoe"
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_blank_board_renames_nothing_that_equals_a_player_name(
    client: TestClient, game: str
) -> None:
    """Players named like strings of the set-up (a tile, a card, a colour) leave them as
    they are: the blank is the one of other names, names aside."""
    plain = post(client, "/api/blank", {"game": game, "players": ["Zoe", "Yan"]}).json()
    strings: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str) and value not in ("Zoe", "Yan") and value not in strings:
            strings.append(value)

    position = plain["position"]
    walk({k: v for k, v in position.items() if k not in ("format", "game", "players")})
    if len(strings) < 2:
        pytest.skip("no strings in the set-up")
    first, second = strings[-2:]
    named = post(client, "/api/blank", {"game": game, "players": [first, second]}).json()
    swapped = json.loads(
        json.dumps(position)
        .replace('"Zoe"', json.dumps(first))
        .replace('"Yan"', json.dumps(second))
    )
    assert named["position"] == swapped


def test_page_and_assets_are_served_with_a_strict_policy(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert '<script type="module" src="/static/app.js">' in page.text
    for asset in ("app.js", "editors.js", "board.js", "form.js", "view.js", "share.js", "app.css"):
        answer = client.get(f"/static/{asset}")
        assert answer.status_code == 200, asset
        assert "http://" not in answer.text and "https://" not in answer.text, asset


def test_catalog_lists_the_games_and_their_components(client: TestClient) -> None:
    games = client.get("/api/catalog").json()["games"]
    assert sorted(games) == sorted(GAMES)
    assert len(games["harmonies"]["animal_cards"]) == 32
    assert games["harmonies"]["board_cubes"] is True
    assert games["hacienda"]["maps"][0]["id"] == "demo-7x6"
    assert "demo-1" in games["citrus"]["boards"]
    side = next(o for o in games["harmonies"]["variant"] if o["name"] == "board_side")
    assert side == {"name": "board_side", "type": "enum", "choices": ["A", "B"]}


@pytest.mark.parametrize("game", GAMES)
def test_blank_board_is_a_possible_position(client: TestClient, game: str) -> None:
    answer = post(client, "/api/blank", {"game": game, "players": ["Zoe", "Yan"]})
    assert answer.status_code == 200, answer.text
    position = answer.json()["position"]
    assert [p["name"] for p in position["players"]] == ["Zoe", "Yan"]
    result = verify_document(position)
    assert result.status == "ok", result.findings
    assert all(p.total >= 0 for p in result.scores.players) if result.scores else False


def test_blank_takes_map_board_and_variant(client: TestClient) -> None:
    hacienda = post(
        client, "/api/blank", {"game": "hacienda", "players": ["A", "B"], "map": "haz-bridge"}
    ).json()["position"]
    assert hacienda["map"] == {"id": "haz-bridge"}
    citrus = post(
        client, "/api/blank", {"game": "citrus", "players": ["A", "B"], "board": "demo-2"}
    ).json()["position"]
    assert citrus["board"] == "demo-2"
    harmonies = post(
        client,
        "/api/blank",
        {"game": "harmonies", "players": ["A"], "variant": {"nature_spirits": True}},
    ).json()["position"]
    assert harmonies["variant"] == {"nature_spirits": True}
    assert harmonies["boards"]["A"]["spirit"] == {"card": None, "cube": None}


@pytest.mark.parametrize(
    "body, pointer",
    [
        ({"game": "chess", "players": ["A", "B"]}, "/game"),
        ({"game": "harmonies", "players": []}, "/players"),
        ({"game": "harmonies", "players": ["A", "A"]}, "/players"),
        ({"game": "harmonies", "players": ["A", 3]}, "/players"),
        ({"game": "harmonies", "players": "Ann"}, "/players"),
        ({"game": "hacienda", "players": ["Solo"]}, "/variant"),
        ({"game": "harmonies", "players": ["A"], "variant": {"board_side": "C"}}, "/variant"),
        ({"game": "harmonies", "players": ["A"], "variant": []}, "/variant"),
        ([], ""),
    ],
)
def test_blank_refuses_bad_requests(client: TestClient, body: Any, pointer: str) -> None:
    answer = post(client, "/api/blank", body)
    assert answer.status_code == 422
    assert pairs(answer.json()["findings"]) == [("REC-SCHEMA-1", pointer)]


@pytest.mark.parametrize("path, case", CASES, ids=[p for p, _ in CASES])
def test_check_and_score_give_the_cli_findings_for_every_fixture(
    client: TestClient, path: str, case: dict[str, Any]
) -> None:
    data = (FIXTURES / path).read_bytes()
    cli = verify_bytes(data, path)
    expected = [(f.rule, f.pointer) for f in cli.findings]
    unchecked = cli.status in ("malformed", "error")
    for endpoint in ("/api/check", "/api/score"):
        answer = client.post(endpoint, content=data)
        assert answer.status_code == (422 if unchecked else 200), answer.text
        body = answer.json()
        assert body["status"] == cli.status == case["expect"]["status"]
        assert pairs(body["findings"]) == expected
    scores = client.post("/api/score", content=data).json()["scores"]
    if cli.scores is None:
        assert scores is None
    else:
        assert {p["name"]: p["total"] for p in scores["players"]} == {
            p.name: p.total for p in cli.scores.players
        }


def test_score_explains_every_point(client: TestClient) -> None:
    body = client.post(
        "/api/score", content=(FIXTURES / "harmonies/valid/position-12-5.json").read_bytes()
    ).json()
    for line in body["scores"]["players"]:
        for category, points in line["categories"].items():
            items = [
                i
                for i in body["explanation"]
                if i["player"] == line["name"] and i["category"] == category
            ]
            assert sum(i["points"] for i in items) == points, (line["name"], category)
    assert all(
        set(i) == {"player", "category", "points", "rule", "text", "cells", "board"}
        for i in body["explanation"]
    )


def test_findings_are_mapped_to_their_cells(client: TestClient) -> None:
    doc = load_fixture("harmonies/valid/position-12-5.json")
    doc["boards"]["Ann"]["cells"][1]["tokens"] = ["red", "gray"]
    body = post(client, "/api/score", doc).json()
    assert body["status"] == "impossible"
    index = next(k for k, f in enumerate(body["findings"]) if f["rule"] == "HAR-POS-3")
    assert body["findings"][index]["pointer"] == "/boards/Ann/cells/1/tokens"
    assert {"finding": index, "board": "Ann", "cells": [[0, 1]]} in body["marks"]


def test_keep_going_scores_an_impossible_position(client: TestClient) -> None:
    doc = load_fixture("harmonies/valid/position-12-5.json")
    card = next(c for c in doc["boards"]["Ann"]["cards"] if c["cubes"])
    card["cubes"][0] = [4, 4]  # no habitat there
    plain = post(client, "/api/score", doc).json()
    assert plain["status"] == "impossible" and plain["scores"] is None  # as `scorer score`
    kept = post(client, "/api/score?keep_going=1", doc).json()
    assert kept["status"] == "impossible" and kept["scores"] is not None
    assert [m["cells"] for m in kept["marks"]] == [[[4, 4]]]


def test_claims_that_differ_are_findings_at_their_pointers(client: TestClient) -> None:
    doc = load_fixture("hacienda/valid/position-e14.json")
    doc["claimed"] = {"scores": {"Ann": 44, "Bob": 33}}
    body = post(client, "/api/check", doc).json()
    assert body["status"] == "mismatch"
    assert pairs(body["findings"]) == [("REC-CLAIM-1", "/claimed/scores/Ann")]
    assert "scores" not in body


def test_svg_is_the_show_svg_picture(client: TestClient) -> None:
    for path in (
        "harmonies/valid/position-12-5.json",
        "kuhfstein/valid/position-14-4.json",
        "citrus/valid/position-17-1.json",
        "hacienda/valid/position-e14.json",
    ):
        doc = load_fixture(path)
        answer = post(client, "/api/svg", doc)
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("image/svg+xml")
        result = verify_document(doc)
        rules = roles_of(doc["game"])
        assert answer.text == rules.pictures.draw_svg(
            result.state, rules.pictures.explain(result.state), None
        )
        assert 'data-cell="' in answer.text


def test_editor_svg_adds_empty_cells_around_a_kuhfstein_landscape(client: TestClient) -> None:
    doc = load_fixture("kuhfstein/valid/position-14-4.json")
    plain = post(client, "/api/svg", doc).text
    editor = post(client, "/api/svg?editor=1", doc).text
    assert 'class="frontier"' in editor and 'class="frontier"' not in plain
    assert 'data-cell="-1,-1"' in editor


def test_editor_svg_draws_an_impossible_citrus_position(client: TestClient) -> None:
    doc = load_fixture("citrus/valid/position-17-1.json")
    doc["regions"].append({"owner": "Bob", "kind": "lemon", "cells": [[0, 0]]})
    assert verify_document(doc).state is None
    answer = post(client, "/api/svg?editor=1", doc)
    assert answer.status_code == 200
    assert int(answer.headers["x-scorer-left-out"]) >= 1
    assert post(client, "/api/svg", doc).status_code == 422  # show --svg draws nothing


def test_record_svg_marks_the_offending_cell(client: TestClient) -> None:
    for case in json.loads((FIXTURES / "harmonies/cases.json").read_text()):
        if case["expect"]["status"] == "illegal" and case["expect"].get("pointer", "").endswith(
            "/cell"
        ):
            answer = client.post(
                "/api/svg", content=(FIXTURES / "harmonies" / case["file"]).read_bytes()
            )
            assert answer.status_code == 200
            assert 'class="mark"' in answer.text
            return
    pytest.fail("no illegal Harmonies fixture naming a cell")


def test_position_after_move_n_is_what_show_exports(client: TestClient) -> None:
    record = load_fixture("harmonies/valid/2p-side-a.json")
    rules = roles_of("harmonies")
    for at in (0, 5, None):
        body = post(client, "/api/position", {"record": record, "at": at}).json()
        run = replay_game(rules, record, upto=at)
        assert body["position"] == json.loads(
            json.dumps(rules.positions.export_position(run.state, record))
        )
        assert body["moves_applied"] == run.moves_applied
        assert body["moves_total"] == len(record["moves"])


def test_position_of_a_position_is_itself(client: TestClient) -> None:
    doc = load_fixture("citrus/valid/position-17-1.json")
    assert post(client, "/api/position", {"record": doc}).json()["position"] == doc


def test_position_stops_at_an_illegal_move(client: TestClient) -> None:
    case = next(
        c
        for c in json.loads((FIXTURES / "hacienda/cases.json").read_text())
        if c["expect"]["status"] == "illegal"
    )
    record = load_fixture(f"hacienda/{case['file']}")
    body = post(client, "/api/position", {"record": record, "at": None}).json()
    assert case["expect"]["rule"] in [f["rule"] for f in body["findings"]]


@pytest.mark.parametrize(
    "body, pointer",
    [
        ({"at": 3}, ""),
        ([], ""),
        ({"record": {}, "at": -1}, "/at"),
        ({"record": {}, "at": "3"}, "/at"),
        ({"record": {}, "at": True}, "/at"),
    ],
)
def test_position_refuses_bad_requests(client: TestClient, body: Any, pointer: str) -> None:
    answer = post(client, "/api/position", body)
    assert answer.status_code == 422
    assert pairs(answer.json()["findings"]) == [("REC-SCHEMA-1", pointer)]


def test_position_of_a_malformed_record_gives_its_schema_findings(client: TestClient) -> None:
    answer = post(client, "/api/position", {"record": {"format": "scorer-record/1"}})
    assert answer.status_code == 422
    assert {f["rule"] for f in answer.json()["findings"]} == {"REC-SCHEMA-1"}


@pytest.mark.parametrize(
    "endpoint", ["/api/check", "/api/score", "/api/svg", "/api/position", "/api/blank"]
)
@pytest.mark.parametrize(
    "data, rule",
    [
        (b"{", "REC-JSON-1"),
        (b"\xff\xfe", "REC-JSON-1"),
        (b"", "REC-JSON-1"),
        (b"[" * 5000, "REC-JSON-1"),
    ],
)
def test_unreadable_bodies_are_rec_json_1(
    client: TestClient, endpoint: str, data: bytes, rule: str
) -> None:
    answer = client.post(endpoint, content=data)
    assert answer.status_code == 422
    assert answer.json()["findings"][0]["rule"] == rule


def test_bodies_over_the_limit_are_refused_with_413() -> None:
    with TestClient(create_app(limit=1000), raise_server_exceptions=False, base_url=LOCAL) as small:
        answer = small.post("/api/score", content=b" " * 1001)
        assert answer.status_code == 413
        assert pairs(answer.json()["findings"]) == [("REC-SIZE-1", "")]
        chunks = (b" " * 400 for _ in range(5))  # no Content-Length: counted while streaming
        answer = small.post("/api/check", content=chunks)
        assert answer.status_code == 413
        ok = small.post("/api/check", content=b" " * 990 + b"[]")
        assert ok.status_code == 422  # within the limit: read, and found not to be a document


def test_the_limit_is_16_mib(client: TestClient) -> None:
    answer = client.post("/api/check", content=b" " * (16 * 1024 * 1024 + 1))
    assert answer.status_code == 413


def test_unexpected_failures_are_rec_internal_1(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr("scorer.serve.api._verify", broken)
    answer = client.post("/api/score", content=b"{}")
    assert answer.status_code == 422
    assert pairs(answer.json()["findings"]) == [("REC-INTERNAL-1", "")]
    assert "Traceback" not in answer.text


def test_unknown_routes_and_methods_answer_json(client: TestClient) -> None:
    assert client.get("/api/nothing").status_code == 404
    wrong = client.get("/api/score")
    assert wrong.status_code == 405
    assert wrong.json() == {"error": "Method Not Allowed"}


def test_editor_svg_draws_a_kuhfstein_landscape_in_two_parts(client: TestClient) -> None:
    doc = load_fixture("kuhfstein/valid/position-14-4.json")
    doc["boards"]["Ann"]["tiles"].append({"at": [5, 5], "kind": "lake"})
    result = verify_document(doc)
    assert result.status == "impossible" and result.state is None
    answer = post(client, "/api/svg?editor=1", doc)
    assert answer.status_code == 200
    assert answer.headers["x-scorer-left-out"] == "0"  # the game's own draft state
    assert 'data-cell="5,5"' in answer.text


def test_the_lan_addresses_and_their_qr_code(client: TestClient) -> None:
    assert client.get("/api/lan").json() == {"urls": [], "qr": None}  # served on loopback
    url = "http://192.168.1.20:8765/"
    with TestClient(create_app(lan=[url]), base_url=LOCAL) as lan:
        answer = lan.get("/api/lan").json()
    assert answer["urls"] == [url]
    assert answer["qr"].startswith("data:image/svg+xml")


def test_an_unconnected_citrus_plantation_is_drawn(client: TestClient) -> None:
    """Issue 25: a plantation on the cart's landscape space (the editor took the tile off),
    away from every finca: impossible (CIT-POS-3), and still drawn."""
    from scorer.games.citrus.blank import blank_position

    doc = blank_position(["Ann", "Ben"], {"board": "demo-1"})
    doc["regions"] = [{"owner": "Ann", "kind": "lemon", "cells": [[3, 1]], "wells": []}]
    doc["landscape"] = [t for t in doc["landscape"] if t["at"] != [3, 1]]
    answer = client.post("/api/svg?editor=1", content=json.dumps(doc).encode())
    assert answer.status_code == 200
    assert answer.headers["X-Scorer-Left-Out"] == "1"
    assert post(client, "/api/check", doc).json()["status"] == "impossible"
