"""Web companion benchmark (issue 7): 20 concurrent clients posting actions for 30 s against a
real ``fallujah serve`` (waitress) on 127.0.0.1 with SQLite, and the load time of a game of
5,000 events. Targets: p99 under 50 ms, a 5,000-event game loading in under 100 ms.

Two runs of ``BENCH_WEB_SECONDS`` (default 30) with ``BENCH_WEB_CLIENTS`` (default 20), each
client on its own game: closed loop (each client posts its next action as soon as the previous
one is answered: the server's throughput, every client always waiting), then paced (each client
posts ``BENCH_WEB_RATE`` actions a second, default 5: already far more than a player at a table).

Run with ``make bench``; it prints figures and asserts nothing about speed.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import statistics
import threading
import time
from pathlib import Path

from tests.test_web_durability import free_port, request, start_server
from web.app import create_app
from web.eventlog import Event
from web.games.phantom_fury.apply import KERNEL

SECONDS = float(os.environ.get("BENCH_WEB_SECONDS", "30"))
CLIENTS = int(os.environ.get("BENCH_WEB_CLIENTS", "20"))
RATE = float(os.environ.get("BENCH_WEB_RATE", "5"))
BIG = 5000
SETUP = {"strong_points": 2, "start_zones": [2, 3, 4, 6, 8, 10, 12, 17, 19],
         "squads": [{"counter": n, "cf": 5, "zone": z, "caat": n <= 4}
                    for n, z in enumerate([2, 3, 4, 6, 8, 10, 12, 17, 19], start=1)]}

#: What a player does most: VP lines, notes, Zone counts, unit status, the next Phase, an undo.
MIX = [
    {"type": "vp", "reason": "guerillas_eliminated"},
    {"type": "zone_counts", "zone": 14, "suspects": 2, "insurgents": 1},
    {"type": "note", "text": "Squad 8 fires at Zone 14 Location R"},
    {"type": "unit_status", "unit": "squad-1", "status": "pinned"},
    {"type": "unit_status", "unit": "squad-1", "status": "ready"},
    {"type": "zone_marker", "zone": 15, "marker": "phantom_fury", "present": True},
    {"type": "vp", "reason": "squad_reduced"},
    "undo",
    "redo",
    {"type": "next_phase"},
]

#: Actions valid in any order, for the 5,000-event log (its undos and redos reorder them).
BIG_MIX = [step for step in MIX if isinstance(step, dict) and step["type"] in ("vp", "zone_counts", "note", "zone_marker")]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def client_loop(port: int, game: dict, deadline: float, latencies: list[float], statuses: dict[int, int],
                interval: float = 0.0) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    version, i = game["version"], 0
    next_send = time.perf_counter() + random.uniform(0, interval)  # players do not act in step
    while time.perf_counter() < deadline:
        if interval:
            next_send += interval
            pause = next_send - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
        step = MIX[i % len(MIX)]
        i += 1
        path, body = (f"/api/games/{game['id']}/{step}", {}) if isinstance(step, str) else \
            (f"/api/games/{game['id']}/actions", dict(step))
        body["expected_version"] = version
        start = time.perf_counter()
        conn.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        data = json.loads(response.read())
        latencies.append((time.perf_counter() - start) * 1000)
        statuses[response.status] = statuses.get(response.status, 0) + 1
        if response.status in (200, 409):  # a 409 names the current version
            version = data["version"]
    conn.close()


def big_log() -> dict:
    """An exported game of 5,000 events: 16 turns of VP lines, Zone changes, notes, undos and redos."""
    events = [{"version": 1, "kind": "setup", "payload": {**SETUP, "name": "5,000 events"}}]
    phases, i, pending_redo, undoable = 0, 0, None, []
    while len(events) < BIG:
        version = len(events) + 1
        if pending_redo is not None:
            events.append({"version": version, "kind": "redo", "payload": {"redone": pending_redo}})
            undoable.append(pending_redo)
            pending_redo = None
            continue
        if i % 25 == 24 and undoable:
            target = undoable.pop()
            events.append({"version": version, "kind": "undo", "payload": {"undone": target}})
            pending_redo = target
            i += 1
            continue
        step = BIG_MIX[i % len(BIG_MIX)] if i % 52 != 51 or phases >= 95 else {"type": "next_phase"}
        if step.get("type") == "next_phase":
            phases += 1
        events.append({"version": version, "kind": "action", "payload": {**step, "rules": []}})
        undoable.append(version)
        i += 1
    return {"format": "fallujah-game", "format_version": 1, "game": "phantom-fury", "events": events}


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) of a process so far, from /proc (None elsewhere than Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_clients(port: int, interval: float) -> dict:
    """``CLIENTS`` clients, each on a new game, posting for ``SECONDS``; the figures of the run."""
    games = [request(port, "POST", "/api/games", {**SETUP, "name": f"client {n}"})[1] for n in range(CLIENTS)]
    latencies: list[list[float]] = [[] for _ in range(CLIENTS)]
    statuses: list[dict[int, int]] = [{} for _ in range(CLIENTS)]
    deadline = time.perf_counter() + SECONDS
    threads = [threading.Thread(target=client_loop, args=(port, g, deadline, lat, st, interval))
               for g, lat, st in zip(games, latencies, statuses)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    flat = [x for lat in latencies for x in lat]
    codes: dict[int, int] = {}
    for st in statuses:
        for code, n in st.items():
            codes[code] = codes.get(code, 0) + n
    return {"elapsed": elapsed, "latencies": flat, "codes": dict(sorted(codes.items()))}


def report(title: str, run: dict) -> None:
    flat = run["latencies"]
    print(f"  {title}: {len(flat)} requests in {run['elapsed']:.1f} s, {len(flat) / run['elapsed']:.0f} req/s, "
          f"statuses {run['codes']}")
    print(f"    latency ms: p50 {statistics.median(flat):.1f}  p90 {percentile(flat, 0.90):.1f}  "
          f"p99 {percentile(flat, 0.99):.1f}  max {max(flat):.1f}   (target p99 < 50 ms)")
    if run.get("server_cpu") is not None:
        print(f"    server process CPU: {run['server_cpu'] / len(flat) * 1000:.2f} ms per request, "
              f"{run['server_cpu'] / run['elapsed'] * 100:.0f}% of one core")


def test_bench_web(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    port = free_port()
    server = start_server(db, port)
    try:
        before = cpu_seconds(server.pid)
        closed = run_clients(port, 0.0)
        middle = cpu_seconds(server.pid)
        paced = run_clients(port, 1 / RATE)
        after = cpu_seconds(server.pid)
        if before is not None and middle is not None and after is not None:
            closed["server_cpu"], paced["server_cpu"] = middle - before, after - middle
        start = time.perf_counter()
        status, imported = request(port, "POST", "/api/games/import", big_log(), timeout=300)
        import_ms = (time.perf_counter() - start) * 1000
        assert status == 201, imported
        big_id = imported["id"]
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)

    server = start_server(db, port)  # a fresh process: nothing of the big game in memory
    try:
        start = time.perf_counter()
        status, _ = request(port, "GET", f"/api/games/{big_id}")
        cold_http = (time.perf_counter() - start) * 1000
        warm = []
        for _ in range(20):
            start = time.perf_counter()
            request(port, "GET", f"/api/games/{big_id}")
            warm.append((time.perf_counter() - start) * 1000)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)

    app = create_app({"DATABASE_URL": db})
    store = app.extensions["fallujah.store"]
    loads = []
    for _ in range(20):
        start = time.perf_counter()
        state = store.load_uncached(big_id)
        loads.append((time.perf_counter() - start) * 1000)
    export = store.export(big_id)
    start = time.perf_counter()
    KERNEL.fold([Event(e["version"], e["kind"], e["payload"]) for e in export["events"]])
    full_fold = (time.perf_counter() - start) * 1000
    store.engine.dispose()

    print()
    print(f"web companion: {CLIENTS} clients posting actions on 127.0.0.1 (fallujah serve: waitress, "
          f"SQLite WAL synchronous=FULL, group commit; {os.cpu_count()} cores shared with the clients)")
    report("closed loop (no pause between actions)", closed)
    report(f"paced ({RATE:g} actions/s per client)", paced)
    print(f"game of {state.version} events ({len(state.vp_ledger)} VP lines), loaded from its newest snapshot:")
    print(f"  load_uncached ms: median {statistics.median(loads):.1f}  max {max(loads):.1f}   (target < 100 ms)")
    print(f"  GET over HTTP, fresh server process: first {cold_http:.1f} ms, then median {statistics.median(warm):.1f} ms")
    print(f"  importing it (replaying and checking every event): {import_ms:.0f} ms")
    print(f"  for comparison, a fold of all {state.version} events without snapshots: {full_fold:.0f} ms")
