"""The web app under load: latency of the live score for 1 and 4 concurrent clients.

    python bench/serve_bench.py [--requests 200] [--clients 1 --clients 4]
                                [--endpoint /api/verdict] [--tree PATH]

Starts ``python -m scorer serve`` from ``--tree`` (default: this checkout) on a free port of
127.0.0.1, then each client (a thread of this process with one keep-alive connection) posts
the documents of :data:`DOCUMENTS` in turn, ``--requests`` in all per client, after a warm-up
of one round. Printed per endpoint and number of clients: p50 and p99 of the request's
round trip in milliseconds and the requests answered per second. ``/api/verdict`` is what the
page asks on every edit (the live check and score with its picture); ``/api/score`` the
verdict alone. ``--tree`` runs another checkout (the same figures before a change).
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: A position of each game: what the page sends while a board is being edited.
DOCUMENTS = (
    "fixtures/citrus/valid/position-17-1.json",
    "fixtures/hacienda/valid/position-e14.json",
    "fixtures/harmonies/valid/position-12-5.json",
    "fixtures/kuhfstein/valid/position-14-4.json",
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start(tree: Path, port: int) -> subprocess.Popen[bytes]:
    """``scorer serve`` from ``tree``, once it answers."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    argv = [sys.executable, "-m", "scorer", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        argv, cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/api/catalog")
            if conn.getresponse().status == 200:
                conn.close()
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("scorer serve did not answer within 30 s")


def client(port: int, path: str, bodies: list[bytes], count: int, out: list[float]) -> None:
    """Post ``count`` requests (the bodies in turn) on one connection; their seconds."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json", "Host": f"127.0.0.1:{port}"}
    for k in range(count):
        t0 = time.perf_counter()
        conn.request("POST", path, body=bodies[k % len(bodies)], headers=headers)
        response = conn.getresponse()
        response.read()
        out.append(time.perf_counter() - t0)
        if response.status != 200:
            raise SystemExit(f"{path}: status {response.status}")
    conn.close()


def load(port: int, path: str, bodies: list[bytes], clients: int, count: int) -> list[float]:
    """Every request's seconds with ``clients`` clients posting ``count`` requests each."""
    times: list[list[float]] = [[] for _ in range(clients)]
    threads = [
        threading.Thread(target=client, args=(port, path, bodies, count, times[k]))
        for k in range(clients)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [t for each in times for t in each]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=200, help="per client")
    parser.add_argument("--clients", type=int, action="append")
    parser.add_argument("--endpoint", action="append")
    parser.add_argument("--tree", type=Path, default=ROOT)
    args = parser.parse_args()
    bodies = [(ROOT / name).read_bytes() for name in DOCUMENTS]
    port = free_port()
    server = start(args.tree, port)
    try:
        for path in args.endpoint or ["/api/verdict", "/api/score"]:
            load(port, path, bodies, 1, len(bodies))  # warm-up: every game imported
            for clients in args.clients or [1, 4]:
                t0 = time.perf_counter()
                times = load(port, path, bodies, clients, args.requests)
                wall = time.perf_counter() - t0
                print(
                    f"{path:13} {clients} client{'s' if clients > 1 else ' '}: "
                    f"p50 {percentile(times, 0.5) * 1e3:6.1f} ms  "
                    f"p99 {percentile(times, 0.99) * 1e3:6.1f} ms  "
                    f"mean {statistics.mean(times) * 1e3:6.1f} ms  "
                    f"{len(times) / wall:6.1f} requests/s"
                )
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
