"""Share links (``static/share.js``) run in Node: a position goes into a link and comes back;
a link whose position inflates beyond ``MAX_SHARE_BYTES`` (the server's 16 MiB request limit)
is refused with ShareTooLarge, the inflation stopped there (a deflate bomb of a few KiB)."""

from __future__ import annotations

import base64
import json
import math
import re
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest

from scorer.reading.loading import MAX_BYTES
from scorer.serve.app import STATIC

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs node")
SHARE = STATIC / "share.js"
DRIVER = """
import { decodeFragment, encodeFragment, ShareTooLarge } from "./share.mjs";
import { readFileSync } from "node:fs";
const { doc, fragments } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = { roundtrip: await decodeFragment(await encodeFragment(doc)), decoded: [] };
for (const fragment of fragments) {
  try { out.decoded.push({ doc: await decodeFragment(fragment) }); }
  catch (err) { out.decoded.push({ too_large: err instanceof ShareTooLarge }); }
}
console.log(JSON.stringify(out));
"""


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def decode_all(tmp_path: Path, doc: object, fragments: list[str]) -> dict[str, object]:
    (tmp_path / "share.mjs").write_text(SHARE.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "driver.mjs").write_text(DRIVER, encoding="utf-8")
    (tmp_path / "input.json").write_text(json.dumps({"doc": doc, "fragments": fragments}))
    done = subprocess.run(
        [str(NODE), "driver.mjs", "input.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_limit_is_the_servers_request_limit() -> None:
    found = re.search(r"MAX_SHARE_BYTES = ([0-9 *]+);", SHARE.read_text(encoding="utf-8"))
    assert found is not None
    assert math.prod(int(n) for n in found.group(1).split("*")) == MAX_BYTES


def test_links_over_the_limit_are_refused(tmp_path: Path) -> None:
    doc = {"game": "harmonies", "players": ["Ann", "Ben"], "meta": {"note": "é" * 50}}
    padded = json.dumps(doc).encode()
    at_limit = padded[:-1] + b" " * (MAX_BYTES - len(padded)) + b"}"
    bomb = b'{"a": "' + b"0" * MAX_BYTES + b'"}'
    fragments = [
        "#p=" + b64url(deflate(padded)),
        "#p=" + b64url(deflate(at_limit)),  # exactly the limit: accepted
        "#p=" + b64url(deflate(bomb)),  # ~16 KiB of link, 16 MiB + 9 bytes inflated
        "#j=" + b64url(padded),
        "#j=" + b64url(b" " * MAX_BYTES + b"{}"),
        "#p=AAAA",  # damaged: not the ShareTooLarge message
    ]
    assert len(fragments[2]) < 100_000
    result = decode_all(tmp_path, doc, fragments)
    assert result["roundtrip"] == doc
    assert result["decoded"] == [
        {"doc": doc},
        {"doc": doc},
        {"too_large": True},
        {"doc": doc},
        {"too_large": True},
        {"too_large": False},
    ]
