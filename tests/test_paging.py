"""Pages and JSON bounded whatever the game's length (issue 23, item 4; web/paging.py): a game of
25,000 VP lines, built through the store's import (one call, not 25,000 requests). Their timing is
in ``make bench`` (tests/benchmarks/bench_paging.py)."""

from __future__ import annotations

import pytest

from web import games as registry
from web.pages.chart import MAX_TICKS, axis_step
from web.paging import MAX_PAGE, PAGE

from .test_web_fixtures import Player, make_app

pytest_plugins = ["tests.test_web_fixtures"]

LINES = 25_000
LIMIT = 512 * 1024


def long_game_events(lines: int = LINES) -> list[dict]:
    """Phantom Fury's sample setup, then ``lines`` VP lines (7.2.1), as an export holds them."""
    setup = registry.companion("phantom-fury").sample()[0]
    return [setup, *({"version": n + 2, "kind": "action",
                      "payload": {"type": "vp", "reason": "guerillas_eliminated", "count": 1}} for n in range(lines))]


@pytest.fixture(scope="module")
def long_game(tmp_path_factory):
    app = make_app("sqlite", tmp_path_factory.mktemp("long"), BACKUPS=False)
    store = app.extensions["fallujah.store"]
    state, game_id = store.import_game({"format": "fallujah-game", "format_version": 2, "game": "phantom-fury",
                                        "events": long_game_events()})
    assert len(state.vp_ledger) == LINES
    yield app.test_client(), game_id
    store.engine.dispose()


def test_a_game_of_25000_vp_lines_has_its_json_under_512_kb(long_game):
    client, game_id = long_game
    answer = client.get(f"/api/games/{game_id}")
    assert answer.status_code == 200 and len(answer.data) < LIMIT, len(answer.data)
    state = answer.get_json()
    assert state["vp_ledger_count"] == LINES and len(state["vp_ledger"]) == PAGE
    assert state["vp_ledger"][-1]["version"] == state["version"] == LINES + 1  # the newest lines
    assert state["vp"] == LINES  # the total is of every line, not the page's


def test_a_game_of_25000_vp_lines_has_its_page_under_512_kb(long_game):
    client, game_id = long_game
    answer = client.get(f"/games/{game_id}")
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and len(answer.data) < LIMIT, len(answer.data)
    assert f"VP ledger ({LINES})" in html
    assert f"The newest {PAGE} lines of {LINES}; every line is in the log." in html
    assert html.count('<line class="grid') <= MAX_TICKS
    log = client.get(f"/games/{game_id}/log")
    assert log.status_code == 200 and len(log.data) < LIMIT, len(log.data)


def test_the_older_vp_lines_are_read_a_page_at_a_time(long_game):
    client, game_id = long_game
    newest = client.get(f"/api/games/{game_id}/lists/vp_ledger").get_json()
    assert (newest["total"], newest["from"], newest["older"]) == (LINES, LINES - PAGE, LINES - PAGE)
    assert newest["items"] == client.get(f"/api/games/{game_id}").get_json()["vp_ledger"]
    first = client.get(f"/api/games/{game_id}/lists/vp_ledger?before=3&limit=1000").get_json()
    assert [line["version"] for line in first["items"]] == [2, 3, 4] and first["older"] is None
    middle = client.get(f"/api/games/{game_id}/lists/vp_ledger?before={newest['older']}&limit={MAX_PAGE}")
    assert len(middle.data) < LIMIT and middle.get_json()["items"][-1]["version"] == LINES - PAGE + 1
    for query, field in ((f"before={LINES + 1}", "before"), ("limit=0", "limit"), (f"limit={MAX_PAGE + 1}", "limit"),
                         ("before=-1", "before"), ("before=x", "before")):
        refused = client.get(f"/api/games/{game_id}/lists/vp_ledger?{query}")
        assert refused.status_code == 400 and refused.get_json()["error"].startswith(f"{field}:"), query


def test_a_list_that_is_not_paged_or_a_game_that_is_not_there_is_a_404(sqlite_app):
    client = sqlite_app.test_client()
    player = Player.new(client)
    player.act("vp", reason="guerillas_eliminated")
    assert client.get(f"/api/games/{player.id}").get_json()["vp_ledger_count"] == 1
    units = client.get(f"/api/games/{player.id}/lists/units")
    assert units.status_code == 404 and "vp_ledger" in units.get_json()["error"]
    assert client.get("/api/games/nope/lists/vp_ledger").status_code == 404


def test_the_vp_axis_draws_at_most_ten_grid_lines_however_far_the_vp_go():
    assert axis_step(20) == 5 and axis_step(60) == 10  # as a game's VP usually span
    for span in (5, 40, 41, 99, 101, 1_000, 25_004, 10**9):
        assert span / axis_step(span) <= MAX_TICKS, span
