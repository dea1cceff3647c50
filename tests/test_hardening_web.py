"""Issue 16, the web companion: each reproduction of the probe first, then the fixed behaviour.

Every test runs on SQLite and, with ``TEST_DATABASE_URL``, on PostgreSQL (the ``client`` fixture).
"""

from __future__ import annotations

import json
import os
import threading

import pytest
from sqlalchemy import func, select, text

from adjudicator.json_bounds import MAX_NODES
from web.app import create_app
from web.db import StorageError, make_engine, snapshots, upgrade
from web.security import MAX_LIST_ITEMS
from web.store import MAX_IMPORT_EVENTS

from .test_web_fixtures import ORDER_OF_BATTLE, PG_URL, empty_postgres, make_app

pytest_plugins = ["tests.test_web_fixtures"]

MAX_ERROR_BYTES = 64 * 1024


def _new_game(client) -> dict:
    response = client.post("/api/games", json=ORDER_OF_BATTLE)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def _act(client, game_id: str, version: int, body: dict) -> dict:
    response = client.post(f"/api/games/{game_id}/actions", json={"expected_version": version, **body})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def _post_raw(client, path: str, raw: str, **headers: str):
    return client.post(path, data=raw.encode("utf-8", "surrogatepass"), content_type="application/json",
                       headers=headers)


def _count(app, table) -> int:
    with app.extensions["fallujah.store"].engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(table)).scalar_one()


# -- 1. imports stream and keep only what snapshots need ---------------------------------------


def _long_export(client, notes: int) -> dict:
    game = _new_game(client)
    exported = client.get(f"/api/games/{game['id']}/export").get_json()
    setup = exported["events"][0]
    events = [setup] + [{"version": n, "kind": "action", "payload": {"type": "note", "text": f"n{n}"}}
                        for n in range(2, notes + 2)]
    # an undo and a redo far back from the head read states the import no longer holds in memory
    top = len(events)
    events += [{"version": top + 1, "kind": "undo", "payload": {"undone": top}},
               {"version": top + 2, "kind": "redo", "payload": {"redone": top}}]
    return {**exported, "events": events}


def test_a_long_import_is_streamed_and_stored_like_the_live_game(app, client):
    exported = _long_export(client, 2500)
    response = client.post("/api/games/import", json=exported)
    assert response.status_code == 201, response.get_json()
    state = response.get_json()
    assert state["version"] == len(exported["events"])
    # the stored log replays to the same state from the database alone
    store = app.extensions["fallujah.store"]
    assert store.load_uncached(state["id"]).version == state["version"]
    again = client.get(f"/api/games/{state['id']}/export").get_json()
    assert [e["payload"] for e in again["events"]] == [e["payload"] for e in exported["events"]]


def test_an_import_over_the_cap_is_refused_whole_and_the_cap_is_in_the_readme(client):
    body = {"format": "fallujah-game", "format_version": 2, "game": "phantom-fury",
            "events": [{"version": 1}] * (MAX_IMPORT_EVENTS + 1)}
    response = client.post("/api/games/import", json=body)
    assert response.status_code == 400
    assert f"at most {MAX_IMPORT_EVENTS}" in response.get_json()["error"]
    with open(os.path.join(os.path.dirname(__file__), "..", "README.md"), encoding="utf-8") as handle:
        readme = handle.read()
    assert f"{MAX_IMPORT_EVENTS:,}" in readme or str(MAX_IMPORT_EVENTS) in readme


def test_a_refused_import_leaves_nothing_stored_even_after_its_first_batches(app, client):
    exported = _long_export(client, 4500)
    exported["events"][4400]["payload"] = {"type": "no-such-action"}
    games_before = client.get("/api/games").get_json()["games"]
    from web.db import events as events_table
    rows_before = _count(app, events_table)
    response = client.post("/api/games/import", json=exported)
    assert response.status_code == 400 and "events.4400" in response.get_json()["error"]
    assert client.get("/api/games").get_json()["games"] == games_before
    assert _count(app, events_table) == rows_before


def test_an_import_killed_mid_way_leaves_a_hidden_game_swept_at_a_later_start(sqlite_app, tmp_path):
    """SIGKILL during an import leaves its hidden game (version 0) and the batches written: no
    list shows it, and a start an hour later deletes it with its rows (an import takes seconds)."""
    import signal
    import subprocess
    import sys
    import time

    from web.db import events as events_table
    from web.db import games as games_table

    export = tmp_path / "long.json"
    export.write_text(json.dumps(_long_export(sqlite_app.test_client(), 60_000)))
    url = f"sqlite:///{tmp_path / 'killed.sqlite3'}"
    config = {"TESTING": True, "DATABASE_URL": url, "SITE_DIR": str(tmp_path / "site")}
    create_app(config).extensions["fallujah.store"].engine.dispose()  # migrated before the import starts
    script = ("import json, sys; from web.app import create_app; "
              "app = create_app(json.loads(sys.argv[1])); "
              "app.extensions['fallujah.store'].import_game(json.load(open(sys.argv[2])))")
    process = subprocess.Popen([sys.executable, "-c", script, json.dumps(config), str(export)])
    engine = make_engine(url)

    def hidden() -> list[str]:
        with engine.connect() as conn:
            return [r.id for r in conn.execute(select(games_table.c.id).where(games_table.c.version == 0))]

    try:
        deadline = time.monotonic() + 60
        while not hidden() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        process.send_signal(signal.SIGKILL)
        process.wait()
        orphans = hidden()
        assert len(orphans) == 1, "the import was not caught mid-way"
        app = create_app(config)  # a start at once: the import might be another process's, kept
        assert app.test_client().get("/api/games").get_json()["games"] == []
        assert hidden() == orphans
        app.extensions["fallujah.store"].engine.dispose()
        with engine.begin() as conn:  # an hour on
            conn.execute(games_table.update().values(created_at=func.datetime("now", "-2 hours"),
                                                     updated_at=func.datetime("now", "-2 hours")))
        app = create_app(config)
        assert hidden() == []
        with engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(events_table)).scalar_one() == 0
        app.extensions["fallujah.store"].engine.dispose()
    finally:
        if process.poll() is None:
            process.kill()
        engine.dispose()


# -- 2. errors are bounded -------------------------------------------------------------------------


def test_a_million_bad_zones_get_a_short_error(client):
    raw = '{"last_turn_played": 5, "uncontrolled_zones": [' + ",".join(["99"] * 1_000_000) + "]}"
    response = _post_raw(client, "/api/adjudicate/victory", raw)
    assert response.status_code == 400
    assert len(response.data) < MAX_ERROR_BYTES
    assert f"at most {MAX_NODES:,} values" in response.get_json()["error"]  # measured before it is parsed
    raw = '{"last_turn_played": 5, "uncontrolled_zones": [' + ",".join(["99"] * 5000) + "]}"
    response = _post_raw(client, "/api/adjudicate/victory", raw)
    assert response.status_code == 400 and f"at most {MAX_LIST_ITEMS} items" in response.get_json()["error"]


def test_a_ten_megabyte_value_is_not_echoed_whole(client):
    response = client.post("/api/adjudicate/victory", json={"last_turn_played": "x" * 10_000_000})
    assert response.status_code == 400
    assert len(response.data) < MAX_ERROR_BYTES


def test_hundreds_of_problems_are_counted_not_listed(client):
    body = {f"unknown_{n}": n for n in range(500)} | {"last_turn_played": 5}
    response = client.post("/api/adjudicate/victory", json=body)
    assert response.status_code == 400
    problems = response.get_json()["problems"]
    assert len(problems) <= 20 and "more problems" in problems[-1]["allowed"]


# -- 3. trusted hosts ------------------------------------------------------------------------------


def test_dns_rebinding_host_and_origin_are_refused(client):
    game = _new_game(client)
    evil = {"Host": "evil.example", "Origin": "http://evil.example"}
    assert client.get("/api/games", headers=evil).status_code == 400
    write = client.post(f"/api/games/{game['id']}/actions", headers=evil,
                        json={"expected_version": 1, "type": "note", "text": "pwned"})
    assert write.status_code == 400
    assert client.get(f"/api/games/{game['id']}").get_json()["version"] == 1
    # a trusted Host with a foreign Origin is refused too; the page never echoes a foreign Host
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
    assert client.post("/api/games", json=ORDER_OF_BATTLE, headers={"Origin": "http://evil.example"}).status_code == 403


def test_a_hosted_server_names_its_hosts(tmp_path):
    app = make_app("sqlite", tmp_path, TRUSTED_HOSTS=["companion.example.org", "localhost"])
    client = app.test_client()
    assert client.get("/api/games", headers={"Host": "companion.example.org"}).status_code == 200
    assert client.get("/api/games", headers={"Host": "evil.example"}).status_code == 400
    app.extensions["fallujah.store"].engine.dispose()


# -- 5. undo and redo store no snapshot ------------------------------------------------------------


def test_undo_redo_pairs_store_no_snapshot(app, client):
    game = _new_game(client)
    state = _act(client, game["id"], 1, {"type": "note", "text": "a"})
    before = _count(app, snapshots)
    for _ in range(50):
        state = client.post(f"/api/games/{game['id']}/undo", json={"expected_version": state["version"]}).get_json()
        state = client.post(f"/api/games/{game['id']}/redo", json={"expected_version": state["version"]}).get_json()
    # snapshots only every SNAPSHOT_EVERY (5 in this fixture) events, not one per undo or redo
    assert _count(app, snapshots) - before <= 100 // 5 + 1
    store = app.extensions["fallujah.store"]
    assert store.load_uncached(game["id"]).version == state["version"] == 102


# -- 6. an import is checked like a live game ------------------------------------------------------


def _exported_with_roll(client) -> dict:
    game = _new_game(client)
    _act(client, game["id"], 1, {"type": "roll", "dice": 2, "purpose": "test"})
    return client.get(f"/api/games/{game['id']}/export").get_json()


def test_an_imported_roll_must_show_faces_of_the_die(client):
    exported = _exported_with_roll(client)
    assert client.post("/api/games/import", json=exported).status_code == 201
    exported["events"][1]["payload"]["faces"] = [3]  # one face for two dice
    response = client.post("/api/games/import", json=exported)
    assert response.status_code == 400 and "events.1.payload.faces" in response.get_json()["error"]


def test_an_edited_adjudication_result_is_refused(client):
    game = _new_game(client)
    situation = {"shooter": {"cf": 5, "location": "C"},
                 "target": {"unit": "guerillas", "cf": 2, "location": "C", "zone": "normal"}, "roll": 1}
    _act(client, game["id"], 1, {"type": "adjudication", "situation": "fire", "rolls_by": "player", "input": situation})
    exported = client.get(f"/api/games/{game['id']}/export").get_json()
    assert client.post("/api/games/import", json=exported).status_code == 201
    exported["events"][1]["payload"]["result"]["result"]["outcome"] = "no_effect"
    response = client.post("/api/games/import", json=exported)
    assert response.status_code == 400 and "events.1.payload.result" in response.get_json()["error"]


def test_a_number_json_cannot_hold_is_refused_not_stored_as_infinity(client):
    game = _new_game(client)
    response = _post_raw(client, f"/api/games/{game['id']}/actions",
                         '{"expected_version": 1, "type": "note", "text": "x", "count": 1e999}')
    assert response.status_code == 400 and "1e999" in response.get_json()["error"]


# -- 7. no 500 on what the error handler reports ---------------------------------------------------


@pytest.mark.parametrize("path", ["/api/games", "/api/games/import", "/api/adjudicate/fire"])
def test_a_lone_surrogate_anywhere_is_a_400(client, path):
    for raw in ('{"name": "\\ud800"}', '{"\\udfff": 1}', '{"a": ["\\ud800x"]}'):
        response = _post_raw(client, path, raw)
        assert response.status_code == 400, response.data[:300]
        assert "surrogate" in response.get_json()["error"]


def test_a_nul_in_a_game_name_is_a_400(client):
    response = client.post("/api/games", json={**ORDER_OF_BATTLE, "name": "a\x00b"})
    assert response.status_code == 400 and "NUL" in response.get_json()["error"]


# -- 8. storage faults -----------------------------------------------------------------------------


def test_a_read_only_database_is_refused_at_start(tmp_path):
    """Reproduction: the server started, said "Serving", then answered every write with a bare 500."""
    path = tmp_path / "ro.sqlite3"
    create_app({"DATABASE_URL": f"sqlite:///{path}", "SITE_DIR": str(tmp_path)}).extensions["fallujah.store"].engine.dispose()
    with pytest.raises(StorageError, match="cannot be written.*readonly"):
        create_app({"DATABASE_URL": f"sqlite:///file:{path}?mode=ro&uri=true", "SITE_DIR": str(tmp_path)})


def test_a_read_only_database_answers_503_not_500(tmp_path):
    """The same fault met after the start (a file made read-only, a full disk): 503 and one line."""
    import sqlite3

    app = make_app("sqlite", tmp_path)
    client = app.test_client()
    game = _new_game(client)
    engine = app.extensions["fallujah.store"].engine
    engine.dispose()

    @__import__("sqlalchemy").event.listens_for(engine, "connect")
    def _read_only(dbapi_connection, _record):
        dbapi_connection.execute("PRAGMA query_only = ON")

    response = client.post(f"/api/games/{game['id']}/actions",
                           json={"expected_version": 1, "type": "note", "text": "x"})
    assert response.status_code == 503 and "storage unavailable" in response.get_json()["error"]
    assert isinstance(sqlite3.OperationalError("x"), Exception)
    engine.dispose()


def test_a_missing_database_folder_is_not_created(tmp_path):
    with pytest.raises(StorageError, match="does not exist"):
        make_engine(f"sqlite:///{tmp_path / 'nope' / 'db.sqlite3'}")
    assert not (tmp_path / "nope").exists()


@pytest.mark.skipif(not PG_URL, reason="TEST_DATABASE_URL not set")
def test_servers_started_together_migrate_one_after_the_other():
    for _ in range(3):
        assert PG_URL
        empty_postgres(PG_URL)
        errors: list[BaseException] = []

        def start(errors: list[BaseException] = errors) -> None:
            engine = make_engine(PG_URL)
            try:
                upgrade(engine)
            except BaseException as exc:  # noqa: BLE001
                errors.append(exc)
            finally:
                engine.dispose()

        threads = [threading.Thread(target=start) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors


def test_the_site_is_served_without_its_build_internals(tmp_path):
    site = tmp_path / "site"
    (site / ".doctrees").mkdir(parents=True)
    (site / ".doctrees" / "environment.pickle").write_bytes(b"pickle")
    (site / ".buildinfo").write_text("config: x")
    (site / "index.html").write_text("<html></html>")
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "SITE_DIR": str(site)})
    client = app.test_client()
    assert client.get("/rules/").status_code == 200
    assert client.get("/rules/.doctrees/environment.pickle").status_code == 404
    assert client.get("/rules/.buildinfo").status_code == 404
    app.extensions["fallujah.store"].engine.dispose()


def test_errors_stay_json_and_short_whatever_they_quote(client):
    response = client.get("/api/rules/en/" + "9" * 5000)
    assert response.status_code == 404 and len(response.data) < MAX_ERROR_BYTES
    json.loads(response.data)
    assert text  # sqlalchemy's text is imported for the PostgreSQL helpers
