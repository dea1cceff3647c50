"""``make bench``: a game of 25,000 VP lines on a real ``fallujah serve`` (issue 23, item 4): the
time of its JSON and of its page (target: each under 1 s), the first GET of a fresh server process
and the median of the next ones, with their sizes (the test asserts < 512 KB: tests/test_paging.py)."""

from __future__ import annotations

import os
import statistics
import time
import urllib.request
from pathlib import Path

from tests.serve_process import serving
from tests.test_paging import LINES, long_game_events
from web.app import create_app


def _get(url: str) -> tuple[float, int]:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as response:
        size = len(response.read())
    return time.perf_counter() - started, size


def test_bench_paging(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'long.sqlite3'}"
    app = create_app({"DATABASE_URL": db, "BACKUPS": False})
    store = app.extensions["fallujah.store"]
    started = time.perf_counter()
    _, game_id = store.import_game({"format": "fallujah-game", "format_version": 2, "game": "phantom-fury",
                                    "events": long_game_events()})
    built = time.perf_counter() - started
    store.engine.dispose()

    with serving(db) as port:
        figures = {}
        for name, path in (("JSON", f"/api/games/{game_id}"), ("page", f"/games/{game_id}"),
                           ("log page", f"/games/{game_id}/log")):
            first = _get(f"http://127.0.0.1:{port}{path}")
            then = [_get(f"http://127.0.0.1:{port}{path}") for _ in range(5)]
            figures[name] = (first, statistics.median(t for t, _ in then), then[-1][1])

    print()
    print(f"a game of {LINES} VP lines (built by one import in {built:.1f} s; "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}), on fallujah serve:")
    for name, ((first, _), median, size) in figures.items():
        print(f"  {name:<9} {size / 1024:7.0f} KB  first GET of the process {first * 1000:6.0f} ms, "
              f"then median {median * 1000:6.0f} ms   (target < 1000 ms, < 512 KB)")
