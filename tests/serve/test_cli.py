"""``scorer serve`` on the command line: the missing extra, the options, a busy port."""

from __future__ import annotations

import socket

import pytest
from typer.testing import CliRunner

from scorer import serve
from scorer.cli import app

runner = CliRunner()


def test_without_the_extra_it_names_the_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "missing", lambda: serve.INSTALL)
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 2, result.output
    assert "pip install 'scorer[serve]'" in result.stderr
    assert "pip install '.[serve]'" in result.stderr


@pytest.mark.parametrize("port", ["0", "65536", "http", "-1"])
def test_the_port_is_validated(port: str) -> None:
    result = runner.invoke(app, ["serve", "--port", port])
    assert result.exit_code == 2, result.output


def test_a_busy_port_exits_2() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port)])
    assert result.exit_code == 2, result.output
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr


def test_an_unknown_host_exits_2() -> None:
    result = runner.invoke(app, ["serve", "--host", "no-such-host.invalid", "--port", "8765"])
    assert result.exit_code == 2, result.output
    assert "cannot listen" in result.stderr


def test_help_shows_the_defaults() -> None:
    result = runner.invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for text in ("--host", "--port", "--open", "8765", "127.0.0.1"):
        assert text in result.output


def test_urls_printed_for_hosts() -> None:
    assert serve.url("127.0.0.1", 8765) == "http://127.0.0.1:8765/"
    assert serve.url("::1", 80) == "http://[::1]:80/"
    assert serve.url("0.0.0.0", 9000) == "http://127.0.0.1:9000/"


def test_open_gives_the_browser_the_address_once_listening() -> None:
    import threading

    from tests.serve.server import free_port

    pytest.importorskip("uvicorn")
    port = free_port()
    opened: list[str] = []
    done = threading.Event()

    def opener(address: str) -> None:
        opened.append(address)
        done.set()

    import uvicorn

    servers: list[uvicorn.Server] = []
    original = uvicorn.Server.run

    def run(self: uvicorn.Server, sockets: object = None) -> None:
        servers.append(self)
        original(self, sockets=sockets)  # type: ignore[arg-type]

    mp = pytest.MonkeyPatch()
    mp.setattr(uvicorn.Server, "run", run)
    thread = threading.Thread(target=serve.run, args=("127.0.0.1", port, True, opener), daemon=True)
    thread.start()
    try:
        assert done.wait(20), "the browser was never opened"
        assert opened == [f"http://127.0.0.1:{port}/"]
    finally:
        for server in servers:
            server.should_exit = True
        thread.join(10)
        mp.undo()
    assert not thread.is_alive()


def test_open_says_when_no_browser_could_be_opened(capsys: pytest.CaptureFixture[str]) -> None:
    class Started:
        started = True
        should_exit = False

    serve._open_when_started(Started(), "http://127.0.0.1:1/", lambda _address: False)
    assert "no web browser could be opened" in capsys.readouterr().err


def test_lan_addresses_are_not_loopback() -> None:
    from scorer.serve.lan import lan_urls, qr_data_uri, qr_terminal

    assert lan_urls("127.0.0.1", 8765) == lan_urls("localhost", 8765) == []
    assert lan_urls("10.1.2.3", 80) == ["http://10.1.2.3:80/"]
    for address in lan_urls("0.0.0.0", 8765):
        assert not address.startswith(("http://127.", "http://0.0.0.0"))
        assert address.endswith(":8765/")
    assert "█" in qr_terminal("http://10.1.2.3:80/")
    assert (qr_data_uri("http://10.1.2.3:80/") or "").startswith("data:image/svg+xml")


def test_a_wildcard_host_prints_a_lan_address_and_its_qr_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from scorer.serve import lan

    monkeypatch.setattr(lan, "_routed", lambda: ["192.168.1.20"])
    monkeypatch.setattr(lan, "_named", lambda: ["127.0.1.1"])
    monkeypatch.setattr(serve, "run", lambda *args, **kwargs: None)
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--port", "8765"])
    assert result.exit_code == 0, result.output
    assert "scorer serve: http://192.168.1.20:8765/" in result.stdout
    assert "127.0.1.1" not in result.stdout
    assert "▄" in result.stdout
