"""The card game's companion, timed (run with ``make bench``; it prints and asserts nothing
about speed): a whole seeded game played through the JSON API (each action one transaction on
SQLite), the game page with the advisor at the first decision (Monte Carlo, 1,000 rollouts per
choice), and the statistics page."""

from __future__ import annotations

import statistics
import time

from tests.test_web_fixtures import make_app

GAME = "fallujah-cards"


def test_a_whole_game_through_the_api_and_the_pages(tmp_path):
    app = make_app("sqlite", tmp_path)
    try:
        client = app.test_client()
        start = time.perf_counter()
        state = client.post("/api/games", json={"game": GAME, "mode": "app", "seed": 3}).get_json()
        times = []
        while not state["over"]:
            body = {"expected_version": state["version"], **state["options"][0]["action"]}
            before = time.perf_counter()
            state = client.post(f"/api/games/{state['id']}/actions", json=body).get_json()
            times.append(time.perf_counter() - before)
        whole = time.perf_counter() - start
        fresh = client.post("/api/games", json={"game": GAME, "mode": "app", "seed": 4}).get_json()
        before = time.perf_counter()
        assert client.get(f"/games/{fresh['id']}").status_code == 200
        page = time.perf_counter() - before
        before = time.perf_counter()
        assert client.get(f"/games/{fresh['id']}").status_code == 200
        again = time.perf_counter() - before
        before = time.perf_counter()
        assert client.get("/games/fallujah-cards/statistics").status_code == 200
        stats_page = time.perf_counter() - before
        print(f"\nfallujah-cards web: a whole game of {len(times)} actions through the API in {whole:.2f} s "
              f"(median action {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms); "
              f"game page with the advisor {page * 1000:.0f} ms (cached {again * 1000:.0f} ms); "
              f"statistics page {stats_page * 1000:.0f} ms")
        assert state["over"]
    finally:
        app.extensions["fallujah.store"].engine.dispose()
