"""Durability: ``fallujah serve`` killed with SIGKILL in the middle of a stream of actions loses
no acknowledged action; restarted on the same database, it serves the same state."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from .conftest import FALLUJAH


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(db: str, port: int) -> subprocess.Popen:
    """``fallujah serve`` on ``port``; its output goes to a file (a pipe nobody reads would fill)."""
    handle, name = tempfile.mkstemp(prefix="fallujah-serve-", suffix=".log")
    log = Path(name)
    with os.fdopen(handle, "wb") as output:
        process = subprocess.Popen(
            [str(FALLUJAH), "serve", "--port", str(port), "--db", db],
            stdout=output, stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            status, _ = request(port, "GET", "/api/games")
            if status == 200:
                return process
        except OSError:
            time.sleep(0.1)
        if process.poll() is not None:
            raise RuntimeError(f"fallujah serve exited: {log.read_text()[-2000:]}")
    process.kill()
    raise RuntimeError("fallujah serve did not answer within 60 s")


def request(port: int, method: str, path: str, body: dict | None = None,
            conn: http.client.HTTPConnection | None = None, timeout: float = 10) -> tuple[int, dict]:
    own = conn is None
    conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=json.dumps(body) if body is not None else None,
                     headers={"Content-Type": "application/json"} if body is not None else {})
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"{}")
    finally:
        if own:
            conn.close()


def stream(port: int, game: str, version: int, acked: list[tuple[int, dict]], stop: threading.Event) -> None:
    """Post actions one after another, recording each acknowledged one; stops when the server dies."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    n = 0
    while not stop.is_set():
        n += 1
        action = {"type": "vp", "reason": "guerillas_eliminated", "count": 1 + n % 3} if n % 4 else \
                 {"type": "note", "text": f"note {n}"}
        try:
            status, state = request(port, "POST", f"/api/games/{game}/actions",
                                    {**action, "expected_version": version}, conn)
        except (OSError, http.client.HTTPException):
            return
        assert status == 200, state
        version = state["version"]
        acked.append((version, action))


def test_sigkill_mid_stream_loses_no_acknowledged_action(tmp_path: Path):
    db = f"sqlite:///{tmp_path / 'durable.sqlite3'}"
    port = free_port()
    server = start_server(db, port)
    games = []
    try:
        for _ in range(4):
            status, game = request(port, "POST", "/api/games", {"strong_points": 2})
            assert status == 201
            games.append(game)
        acked: dict[str, list[tuple[int, dict]]] = {g["id"]: [] for g in games}
        stop = threading.Event()
        writers = [threading.Thread(target=stream, args=(port, g["id"], g["version"], acked[g["id"]], stop))
                   for g in games]
        for writer in writers:
            writer.start()
        while sum(len(a) for a in acked.values()) < 300:
            time.sleep(0.01)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        stop.set()
        for writer in writers:
            writer.join(timeout=20)
    finally:
        if server.poll() is None:
            server.kill()

    server = start_server(db, port)
    try:
        for game_id, done in acked.items():
            assert done, "every stream had acknowledged actions before the kill"
            status, state = request(port, "GET", f"/api/games/{game_id}")
            assert status == 200
            last = done[-1][0]
            assert state["version"] in (last, last + 1), "an acknowledged action is lost, or more than one in flight"
            status, log = request(port, "GET", f"/api/games/{game_id}/log?limit=1000")
            stored = {e["version"]: e["payload"] for e in log["events"]}
            for version, action in done:
                assert {k: v for k, v in stored[version].items() if k != "rules"} == action
            expected_vp = sum(a.get("count", 0) for v, a in done if a["type"] == "vp")
            if state["version"] == last:
                assert state["vp"] == expected_vp
            status, again = request(port, "POST", f"/api/games/{game_id}/actions",
                                    {"type": "next_phase", "expected_version": state["version"]})
            assert status == 200 and again["version"] == state["version"] + 1
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
