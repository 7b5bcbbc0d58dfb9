"""The Host and Origin checks of ``scorer serve`` (DNS rebinding, cross-site requests): a
request naming a host the server does not serve, or sent by another site's page, gets 403
with REC-HOST-1 / REC-HOST-2 at pointer "" (JSON, no traceback); ``--allow-host`` admits a
name; a wildcard bind admits the machine's IP addresses."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient
from typer.testing import CliRunner

from scorer import serve
from scorer.cli import app
from scorer.serve.app import create_app
from scorer.serve.guard import Served, refusal, split_authority

BLANK = b'{"game": "harmonies", "players": ["Ann", "Ben"]}'


def ask(
    served: Served | None, host: str, origin: str | None = None, path: str = "/api/blank"
) -> Any:
    headers = {"host": host}
    if origin is not None:
        headers["origin"] = origin
    with TestClient(create_app(served=served), raise_server_exceptions=False) as client:
        if path == "/api/blank":
            return client.post(path, content=BLANK, headers=headers)
        return client.get(path, headers=headers)


def refused(answer: Any, rule: str) -> None:
    assert answer.status_code == 403
    assert answer.headers["content-type"] == "application/json"
    body = answer.json()
    assert [(f["rule"], f["pointer"]) for f in body["findings"]] == [(rule, "")]
    assert "Traceback" not in answer.text


@pytest.mark.parametrize(
    "host", ["127.0.0.1:8765", "localhost:8765", "[::1]:8765", "LOCALHOST:8765"]
)
def test_the_loopback_names_are_served_by_default(host: str) -> None:
    assert ask(None, host).status_code == 200
    assert ask(None, host, path="/").status_code == 200


@pytest.mark.parametrize(
    "host",
    [
        "evil.example:8765",  # DNS rebinding: an attacker's name resolving to 127.0.0.1
        "evil.example",
        "127.0.0.1:9999",  # another port
        "127.0.0.1",  # port 80
        "192.168.1.20:8765",  # an address not bound
        "localhost.:8765",
        "127.0.0.1:8765@evil.example",
        "[::1",
        "",
    ],
)
def test_a_host_not_served_gets_403(host: str) -> None:
    for path in ("/api/blank", "/", "/api/catalog", "/static/app.js"):
        refused(ask(None, host, path=path), "REC-HOST-1")


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "http://evil.example:8765",
        "https://127.0.0.1:8765",
        "http://localhost:8765",  # another name for the same server is another origin
        "http://127.0.0.1:9999",
        "http://127.0.0.1",
        "null",
        "http://127.0.0.1:8765/",
    ],
)
def test_a_cross_site_origin_gets_403(origin: str) -> None:
    refused(ask(None, "127.0.0.1:8765", origin), "REC-HOST-2")
    refused(ask(None, "127.0.0.1:8765", origin, path="/api/catalog"), "REC-HOST-2")


@pytest.mark.parametrize(
    ("host", "origin"),
    [
        ("127.0.0.1:8765", "http://127.0.0.1:8765"),
        ("localhost:8765", "http://localhost:8765"),
        ("[::1]:8765", "http://[::1]:8765"),
        ("127.0.0.1:8765", None),
    ],
)
def test_the_served_origin_is_answered(host: str, origin: str | None) -> None:
    assert ask(None, host, origin).status_code == 200


def test_allow_host_admits_a_name_for_a_lan_setup() -> None:
    served = Served.of("0.0.0.0", 8765, ["mybox.local", "proxy.example:443"])
    assert ask(served, "mybox.local:8765", "http://mybox.local:8765").status_code == 200
    assert ask(served, "proxy.example:443").status_code == 200
    refused(ask(served, "mybox.local:9000"), "REC-HOST-1")
    refused(ask(served, "other.local:8765"), "REC-HOST-1")
    refused(ask(served, "mybox.local:8765", "http://other.local:8765"), "REC-HOST-2")


def test_a_wildcard_bind_admits_ip_addresses_at_its_port() -> None:
    served = Served.of("0.0.0.0", 8765)
    for host in ("192.168.1.20:8765", "10.0.0.5:8765", "[fe80::1]:8765", "localhost:8765"):
        assert refusal(served, host, None) is None, host
    for host in ("mybox.local:8765", "192.168.1.20:80", "0.0.0.0:8765", "evil.example:8765"):
        finding = refusal(served, host, None)
        assert finding is not None and finding.rule == "REC-HOST-1", host


def test_a_specific_bind_admits_only_its_address() -> None:
    served = Served.of("192.168.1.20", 9000)
    assert refusal(served, "192.168.1.20:9000", "http://192.168.1.20:9000") is None
    for host in ("localhost:9000", "127.0.0.1:9000", "10.0.0.5:9000"):
        finding = refusal(served, host, None)
        assert finding is not None and finding.rule == "REC-HOST-1", host
    assert refusal(Served.of("::1", 80), "localhost", None) is None


def test_a_host_without_header_is_refused() -> None:
    finding = refusal(Served.of("127.0.0.1", 8765), None, None)
    assert finding is not None and (finding.rule, finding.pointer) == ("REC-HOST-1", "")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("LocalHost:80", ("localhost", 80)),
        ("[::1]:8765", ("::1", 8765)),
        ("[::1]", ("::1", 80)),
        ("a.b", ("a.b", 80)),
        ("a.b:", None),
        ("a.b:0", None),
        ("a.b:65536", None),
        ("a.b:８０", None),
        ("::1", None),
        ("[::1]x", None),
        ("a/b:80", None),
    ],
)
def test_authorities_are_parsed_strictly(text: str, expected: tuple[str, int] | None) -> None:
    assert split_authority(text) == expected


runner = CliRunner()


def test_a_malformed_allow_host_exits_2() -> None:
    result = runner.invoke(app, ["serve", "--allow-host", "bad name:x"])
    assert result.exit_code == 2, result.output
    assert "--allow-host" in result.stderr


def test_allow_host_reaches_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []
    monkeypatch.setattr(serve, "run", lambda *a, **k: seen.append((a, k)))
    result = runner.invoke(
        app, ["serve", "--host", "0.0.0.0", "--allow-host", "a.lan", "--allow-host", "b.lan"]
    )
    assert result.exit_code == 0, result.output
    assert seen == [(("0.0.0.0", 8765, False), {"allow": ("a.lan", "b.lan")})]
    assert "--allow-host" in result.stderr


def test_the_real_server_refuses_a_rebound_name() -> None:
    """``scorer serve`` itself (uvicorn): a request naming another host gets 403 JSON."""
    import json
    import urllib.error
    import urllib.request

    from tests.serve.server import running_server

    with running_server() as url:
        request = urllib.request.Request(
            url + "api/catalog", headers={"Host": "rebound.example:" + url.rsplit(":", 1)[1][:-1]}
        )
        with pytest.raises(urllib.error.HTTPError) as error:
            urllib.request.urlopen(request, timeout=10)
        assert error.value.code == 403
        body = json.loads(error.value.read())
        assert [(f["rule"], f["pointer"]) for f in body["findings"]] == [("REC-HOST-1", "")]
        post = urllib.request.Request(
            url + "api/blank", data=BLANK, headers={"Origin": "http://evil.example"}
        )
        with pytest.raises(urllib.error.HTTPError) as error:
            urllib.request.urlopen(post, timeout=10)
        assert error.value.code == 403
        body = json.loads(error.value.read())
        assert [(f["rule"], f["pointer"]) for f in body["findings"]] == [("REC-HOST-2", "")]
        with urllib.request.urlopen(url + "api/catalog", timeout=10) as answer:
            assert answer.status == 200
