"""The companion's CPU per request, route by route (issue 23: the suite's time is mostly Flask
requests; a player's phone waits on the same): through the Flask test client on SQLite, each
game's sample game replayed action by action, then ``BENCH_REQUESTS_EXTRA`` (default 60) more
actions (notes, and VP lines in Phantom Fury) with an undo every ten and the game page every five,
then in English and in French the state, the game page (twice), the log page, the calculator's
index and up to six of its situations, and the JSON log.

Prints the mean CPU time (``time.process_time``) of each route and the total; asserts nothing
about speed. Run with ``make bench``.
"""

from __future__ import annotations

import os
import re
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from tests.test_web_fixtures import make_app
from web import games as registry

EXTRA = int(os.environ.get("BENCH_REQUESTS_EXTRA", "60"))
GAMES = ("phantom-fury", "battle-for-fallujah", "second-fallujah", "fallujah-cards")


def _play(game: str, call: Callable[..., Any]) -> None:
    """One game of ``game`` through every route the module docstring names."""
    events = registry.companion(game).sample()
    state = call("POST /api/games", "POST", "/api/games", {"game": game, **events[0]["payload"]}).get_json()
    game_id, version = state["id"], state["version"]

    def post(route: str, path: str, body: dict[str, Any]) -> None:
        nonlocal version
        answer = call(route, "POST", f"/api/games/{game_id}/{path}", {**body, "expected_version": version})
        if answer.status_code == 200:
            version = answer.get_json()["version"]

    for event in events[1:]:
        if event["kind"] == "action":
            post("POST /api/games/<id>/actions", "actions", event["payload"])
        else:
            post(f"POST /api/games/<id>/{event['kind']}", event["kind"], {})
    for i in range(EXTRA):
        vp = game == "phantom-fury" and i % 2
        post("POST /api/games/<id>/actions", "actions",
             {"type": "vp", "reason": "guerillas_eliminated"} if vp else {"type": "note", "text": f"note {i}"})
        if i % 10 == 9:
            post("POST /api/games/<id>/undo", "undo", {})
        if i % 5 == 0:
            call("GET /games/<id>", "GET", f"/games/{game_id}")
    for lang in ("en", "fr"):
        q = f"?lang={lang}"
        call("GET /api/games/<id>", "GET", f"/api/games/{game_id}{q}")
        call("GET /games/<id>", "GET", f"/games/{game_id}{q}")
        call("GET /games/<id>", "GET", f"/games/{game_id}{q}")
        call("GET /games/<id>/log", "GET", f"/games/{game_id}/log{q}")
        index = call("GET /games/<id>/calculator/", "GET", f"/games/{game_id}/calculator/{q}")
        found = re.findall(rf"/games/{game_id}/calculator/([a-z0-9_-]+)", index.get_data(as_text=True))
        for situation in sorted(set(found))[:6]:
            call("GET /games/<id>/calculator/<situation>", "GET", f"/games/{game_id}/calculator/{situation}{q}")
        call("GET /api/games/<id>/log", "GET", f"/api/games/{game_id}/log{q}")


def test_cpu_per_request_of_each_route(tmp_path):
    app = make_app("sqlite", tmp_path)
    client = app.test_client()
    cpu: dict[str, list[float]] = defaultdict(list)

    def call(route: str, method: str, url: str, body: dict[str, Any] | None = None) -> Any:
        start = time.process_time()
        response = client.open(url, method=method, json=body) if body is not None else client.open(url, method=method)
        cpu[route].append(time.process_time() - start)
        assert response.status_code < 500, (url, response.status_code)
        return response

    try:
        for game in GAMES:
            _play(game, call)
    finally:
        app.extensions["fallujah.store"].engine.dispose()
    total = sum(sum(times) for times in cpu.values())
    print(f"\nCompanion requests: CPU per request by route ({sum(map(len, cpu.values()))} requests, "
          f"{total:.2f} CPU-s in all)")
    print("| route | requests | mean ms | total s |")
    print("| --- | --- | --- | --- |")
    for route, times in sorted(cpu.items()):
        print(f"| {route} | {len(times)} | {1000 * sum(times) / len(times):.1f} | {sum(times):.2f} |")
