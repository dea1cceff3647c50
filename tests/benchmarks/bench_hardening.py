"""``make bench``: the hardening figures of issue 16, on a real ``fallujah serve`` (waitress, SQLite).

- an import of 50,000 events: the server's peak memory (target < 500 MB) and the time (< 10 s),
  with another client's writes answered meanwhile (their p99); beside the time, the server's CPU
  time meanwhile and the machine's load average, since a shared machine's load stretches the time;
- the largest error reply produced by the fuzz inputs and the probe's big bodies (< 64 KB);
- the bytes stored by 1,000 undo/redo pairs (< 1 MB);
- whether a real client is still served while 200 idle connections are open.
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from hypothesis import given, settings
from sqlalchemy import func, select

from tests.conftest import FALLUJAH
from tests.test_web_fixtures import ORDER_OF_BATTLE
from tests.test_web_fuzz import FUZZ, bodies, values

EVENTS = 50_000


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _call(url: str, body: object | None = None, method: str = "POST", timeout: float = 60) -> tuple[int, bytes]:
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(url, data=data, method=method if data is not None else "GET",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def _cpu_s(pid: int) -> float:
    """The process's CPU time so far (user + system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Server:
    def __init__(self, tmp: Path):
        self.port = _port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen([str(FALLUJAH), "serve", "--port", str(self.port), "--db",
                                         f"sqlite:///{tmp / 'bench.sqlite3'}"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while True:
            try:
                _call(self.url + "/api/games", method="GET", timeout=2)
                return
            except OSError:
                assert time.monotonic() < deadline and self.process.poll() is None
                time.sleep(0.2)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def _export_of(server: Server, events: int) -> dict:
    status, body = _call(server.url + "/api/games", ORDER_OF_BATTLE)
    assert status == 201
    game = json.loads(body)
    exported = json.loads(_call(server.url + f"/api/games/{game['id']}/export", method="GET")[1])
    log = [exported["events"][0]]
    for version in range(2, events + 1):
        if version % 50 == 0:  # an undo then a redo now and then, reading states far back
            log.append({"version": version, "kind": "undo", "payload": {"undone": version - 1}})
        elif version % 50 == 1 and version > 50:
            log.append({"version": version, "kind": "redo", "payload": {"redone": version - 2}})
        else:
            log.append({"version": version, "kind": "action", "payload": {"type": "note", "text": f"note {version}"}})
    return {**exported, "events": log}


def test_import_of_50000_events(tmp_path):
    server = Server(tmp_path)
    try:
        exported = _export_of(server, EVENTS)
        body = json.dumps(exported).encode()
        status, created = _call(server.url + "/api/games", ORDER_OF_BATTLE)
        other = json.loads(created)
        latencies: list[float] = []
        done = threading.Event()

        def writer() -> None:
            version = other["version"]
            while not done.is_set():
                started = time.perf_counter()
                code, reply = _call(server.url + f"/api/games/{other['id']}/actions",
                                    {"expected_version": version, "type": "note", "text": "meanwhile"})
                latencies.append(time.perf_counter() - started)
                assert code == 200, reply[:300]
                version = json.loads(reply)["version"]
                time.sleep(0.02)

        thread = threading.Thread(target=writer)
        thread.start()
        cpu = _cpu_s(server.process.pid)
        started = time.perf_counter()
        status, reply = _call(server.url + "/api/games/import", body, timeout=300)
        elapsed = time.perf_counter() - started
        cpu = _cpu_s(server.process.pid) - cpu
        done.set()
        thread.join()
        assert status == 201, reply[:500]
        peak = _rss_peak_mb(server.process.pid)
        p99 = statistics.quantiles(latencies, n=100)[98] if len(latencies) >= 2 else latencies[0]
        print(f"\nimport of {EVENTS} events ({len(body) / 1e6:.1f} MB): {elapsed:.1f} s (target < 10 s; "
              f"server CPU meanwhile {cpu:.1f} s, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs); "
              f"server peak RSS {peak:.0f} MB (target < 500 MB); other client's writes meanwhile: "
              f"{len(latencies)} answered, p99 {p99 * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms")
    finally:
        server.stop()


def test_largest_error_reply(tmp_path):
    from tests.test_web_fixtures import make_app

    app = make_app("sqlite", tmp_path)
    client = app.test_client()
    game = client.post("/api/games", json=ORDER_OF_BATTLE).get_json()
    largest = [0, ""]

    def measure(path: str, raw: bytes) -> None:
        response = client.post(path, data=raw, content_type="application/json")
        assert response.status_code < 500, response.data[:300]
        if response.status_code >= 400 and len(response.data) > largest[0]:
            largest[:] = [len(response.data), path]

    @settings(FUZZ, max_examples=600)
    @given(body=bodies, value=values)
    def fuzzed(body, value):
        for path in ("/api/games", "/api/games/import", f"/api/games/{game['id']}/actions",
                     "/api/adjudicate/victory", "/api/adjudicate/assault"):
            measure(path, json.dumps(body).encode())
        measure("/api/adjudicate/fire", json.dumps({"shooter": value, "target": value, "roll": value}).encode())

    fuzzed()
    measure("/api/adjudicate/victory",
            b'{"last_turn_played": 5, "uncontrolled_zones": [' + b",".join([b"99"] * 1_000_000) + b"]}")
    measure("/api/adjudicate/victory", json.dumps({"last_turn_played": "x" * 10_000_000}).encode())
    measure("/api/adjudicate/victory", json.dumps({f"k{n}": n for n in range(100_000)}).encode())
    print(f"\nlargest error reply of the fuzz inputs and the probe's bodies: {largest[0]} bytes ({largest[1]}); "
          "target < 65,536")
    assert largest[0] < 64 * 1024
    app.extensions["fallujah.store"].engine.dispose()


def test_bytes_of_1000_undo_redo_pairs(tmp_path):
    from tests.test_web_fixtures import make_app
    from web.db import events, snapshots

    app = make_app("sqlite", tmp_path)
    client = app.test_client()
    game = client.post("/api/games", json=ORDER_OF_BATTLE).get_json()
    state = client.post(f"/api/games/{game['id']}/actions",
                        json={"expected_version": 1, "type": "note", "text": "x"}).get_json()
    engine = app.extensions["fallujah.store"].engine

    def stored() -> int:
        with engine.connect() as conn:
            shots = conn.execute(select(func.coalesce(func.sum(func.length(snapshots.c.state)), 0))).scalar_one()
            logs = conn.execute(select(func.coalesce(func.sum(func.length(events.c.payload) + func.length(events.c.effects)
                                                              + 60), 0))).scalar_one()
        return int(shots) + int(logs)

    before = stored()
    started = time.perf_counter()
    for _ in range(1000):
        state = client.post(f"/api/games/{game['id']}/undo", json={"expected_version": state["version"]}).get_json()
        state = client.post(f"/api/games/{game['id']}/redo", json={"expected_version": state["version"]}).get_json()
    elapsed = time.perf_counter() - started
    added = stored() - before
    print(f"\n1,000 undo/redo pairs: {added / 1024:.0f} KB stored (target < 1,024 KB), {elapsed:.1f} s")
    assert added < 1024 * 1024
    app.extensions["fallujah.store"].engine.dispose()


def test_served_while_200_idle_connections(tmp_path):
    server = Server(tmp_path)
    idle: list[socket.socket] = []
    try:
        for _ in range(200):
            s = socket.create_connection(("127.0.0.1", server.port))
            s.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{")
            idle.append(s)
        time.sleep(0.5)
        started = time.perf_counter()
        status, _ = _call(server.url + "/api/games", ORDER_OF_BATTLE, timeout=30)
        elapsed = time.perf_counter() - started
        print(f"\nwith 200 idle connections open: a real client's write answered {status} in {elapsed * 1000:.0f} ms")
        assert status == 201
    finally:
        for s in idle:
            s.close()
        server.stop()
