"""Issue 23, item 2: the server's memory is bounded by the body size, whatever the bodies hold.

The real server (``fallujah serve``: waitress, 16 threads) runs in a subprocess; sixteen
requests of the maximum body size arrive at once, of the four kinds that cost the most once
parsed; its peak resident memory (``VmHWM``) stays under the cap the README states.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from adjudicator.json_bounds import MAX_NODES, values_at_most
from web.serve import MAX_BODY

from .conftest import FALLUJAH, ROOT

pytestmark = pytest.mark.serial  # peak memory measured against the machine: run alone (Makefile)

#: the cap the README states: peak RSS with 16 concurrent requests of the maximum body size
CAP_MB = 400
#: a body this much under the maximum leaves room for nothing else: the maximum size
BODY = MAX_BODY - 4096


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _padded(head: bytes, tail: bytes, filler: bytes = b" ") -> bytes:
    return head + filler * (BODY - len(head) - len(tail)) + tail


def _bodies() -> list[tuple[str, bytes]]:
    """Four kinds of maximum-size body, four of each."""
    events = b",".join(b'{"version":%d,"kind":"action","payload":{"type":"note","text":"%s"}}' % (n, b"x" * 120)
                       for n in range(1, 100_000))
    row = b"[" + b",".join([b"7"] * 998) + b"]"
    values = b"[" + b",".join([row] * 999) + b"]"
    assert MAX_NODES - 10_000 < values_at_most(values) <= MAX_NODES
    kinds = [
        # an import of 100,000 events cut short: parsed as far as it goes (the most objects built)
        ("/api/games/import", (b'{"format":"fallujah-game","format_version":2,"game":"phantom-fury","events":['
                               + events)[:BODY]),
        # one string of 4,194,000 four-byte characters: 16 MB of UTF-8, 16 MB as a Python string
        ("/api/adjudicate/fire", json.dumps({"x": "\U0001F600" * ((BODY - 16) // 4)}, ensure_ascii=False).encode()),
        # a million keys in one object, refused before it is parsed
        ("/api/games", (b"{" + b",".join(b'"k%d":%d' % (n, n) for n in range(1_000_000)))[:BODY - 1] + b"}"),
        # almost a million values (999 lists of 998 numbers), parsed, padded to the maximum
        ("/api/adjudicate/victory", _padded(b'{"x":' + values, b"}")),
    ]
    return [kind for kind in kinds for _ in range(4)]


def _peak_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmHWM:\s+(\d+) kB", status)
    assert found, status
    return int(found.group(1))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the server's peak memory from /proc")
def test_sixteen_maximum_bodies_at_once_stay_under_the_readme_cap(tmp_path):
    bodies = _bodies()
    assert len(bodies) == 16 and all(MAX_BODY - 8192 <= len(body) <= MAX_BODY for _, body in bodies)
    port = _free_port()
    server = subprocess.Popen([str(FALLUJAH), "serve", "--port", str(port), "--db",
                               f"sqlite:///{tmp_path / 'memory.sqlite3'}"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    statuses: list[int | str] = []

    def post(path: str, body: bytes) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        try:
            connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
            statuses.append(connection.getresponse().status)
        except OSError as exc:
            statuses.append(repr(exc))
        finally:
            connection.close()

    try:
        assert server.stdout is not None and "Serving" in server.stdout.readline()
        before = _peak_kb(server.pid)
        threads = [threading.Thread(target=post, args=body) for body in bodies]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        peak = _peak_kb(server.pid)
        assert sorted(map(str, statuses)) == ["400"] * 16, statuses
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"peak RSS {peak / 1024:.0f} MB (at start {before / 1024:.0f} MB), {time.monotonic() - started:.0f} s")
    assert peak < CAP_MB * 1024, f"peak RSS {peak / 1024:.0f} MB over the README's {CAP_MB} MB"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"under {CAP_MB} MB" in readme and "16 concurrent requests" in readme
