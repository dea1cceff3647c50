"""``fallujah serve`` as a user runs it, in a process of its own, for the tests and benchmarks that
need a real server (waitress with its guards) rather than the Flask test client."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

from tests.conftest import FALLUJAH


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(database_url: str, port: int | None = None, start_within: float = 90) -> Iterator[int]:
    """``fallujah serve --db URL`` on a free port of 127.0.0.1 (or ``port``), once it answers;
    yields its port and stops it on the way out."""
    port = port or free_port()
    server = subprocess.Popen([str(FALLUJAH), "serve", "--port", str(port), "--db", database_url],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + start_within
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    server.kill()
                    raise AssertionError(f"fallujah serve did not start: {server.communicate()[1]}") from None
                time.sleep(0.3)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=30)
