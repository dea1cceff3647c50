"""The companion serves any declared game: the game each stored game plays, the migration that
added it, the export format naming it, and the game named at every entry point (issue 11)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from html import unescape

import pytest
from sqlalchemy import inspect, text

from rules_text.loading import DEFAULT_GAME, available_games
from web import games as registry
from web.app import create_app
from web.db import make_engine, upgrade
from web.eventlog import Event

from .conftest import ROOT, run_cli
from .test_web_fixtures import BACKENDS, ORDER_OF_BATTLE, Player, database_url

pytest_plugins = ["tests.test_web_fixtures"]

KNOWN = ", ".join(available_games())


def _old_database(url: str) -> tuple[str, dict]:
    """A database at revision 0001 (before games were named) holding one game of the default game,
    written as the companion wrote it then: the setup event and its snapshot, then two actions."""
    engine = make_engine(url)
    upgrade(engine, "0001")
    companion = registry.companion(DEFAULT_GAME)
    setup = companion.parse_setup({key: value for key, value in ORDER_OF_BATTLE.items()}).model_dump(mode="json")
    state, _ = companion.apply(None, Event(1, "setup", setup), lambda v: None)
    now = datetime.now(UTC)
    actions = [{"type": "vp", "reason": "guerillas_eliminated", "count": 2, "rules": []},
               {"type": "next_phase", "rules": []}]
    with engine.begin() as conn:
        assert "game" not in {c["name"] for c in inspect(conn).get_columns("games")}
        conn.execute(text("INSERT INTO games (id, name, variant, version, created_at, updated_at) "
                          "VALUES ('old-game', 'Jolan', 'standard', 3, :now, :now)"), {"now": now})
        conn.execute(text("INSERT INTO events (game_id, version, kind, type, payload, effects, created_at) "
                          "VALUES ('old-game', 1, 'setup', 'setup', :payload, '[]', :now)"),
                     {"payload": json.dumps(setup), "now": now})
        for version, action in enumerate(actions, start=2):
            conn.execute(text("INSERT INTO events (game_id, version, kind, type, payload, effects, created_at) "
                              "VALUES ('old-game', :v, 'action', :type, :payload, '[]', :now)"),
                         {"v": version, "type": action["type"], "payload": json.dumps(action), "now": now})
        conn.execute(text("INSERT INTO snapshots (game_id, version, state) VALUES ('old-game', 1, :state)"),
                     {"state": state.model_dump_json()})
    engine.dispose()
    return url, setup


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_existing_database_upgrades_in_place_its_games_playing_the_default_game(backend, tmp_path):
    url, _ = _old_database(database_url(backend, tmp_path))
    # the app upgrades to head at start (make_app would empty a PostgreSQL database first)
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SITE_DIR": str(tmp_path / "site")})
    try:
        client = app.test_client()
        listed = client.get("/api/games").get_json()["games"]
        assert [(g["id"], g["game"], g["version"]) for g in listed] == [("old-game", DEFAULT_GAME, 3)]
        state = client.get("/api/games/old-game").get_json()
        assert state["version"] == 3 and state["vp"] == 2 and state["phase"] == "reinforcements"
        assert state["game"] == DEFAULT_GAME
        player = Player(client, state)
        player.act("vp", reason="guerillas_eliminated")  # the old game goes on
        assert player.state["vp"] == 3 and player.state["version"] == 4
        with app.extensions["fallujah.store"].engine.connect() as conn:
            assert conn.execute(text("SELECT game FROM games")).scalar_one() == DEFAULT_GAME
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == "0004_game_copies"  # the newest revision (web/migrations/versions)
    finally:
        app.extensions["fallujah.store"].engine.dispose()


def test_new_games_name_their_game_and_the_list_shows_its_title(client):
    player = Player.new(client, game=DEFAULT_GAME, name="Jolan")
    assert player.state["game"] == DEFAULT_GAME
    listed = client.get("/api/games").get_json()["games"]
    assert listed[0]["game"] == DEFAULT_GAME
    page = unescape(client.get("/").get_data(as_text=True))
    assert registry.declaration(DEFAULT_GAME).title in page


def test_export_v2_names_its_game_and_a_v1_file_imports_as_the_default_game(client):
    player = Player.new(client, **ORDER_OF_BATTLE)
    player.act("vp", reason="guerillas_eliminated", count=2)
    exported = client.get(f"/api/games/{player.id}/export").get_json()
    assert exported["format_version"] == 2 and exported["game"] == DEFAULT_GAME
    old = {key: value for key, value in exported.items() if key != "game"} | {"format_version": 1}
    response = client.post("/api/games/import", json=old)
    assert response.status_code == 201, response.get_json()
    imported = response.get_json()
    assert imported["game"] == DEFAULT_GAME and imported["vp"] == 2
    missing = {key: value for key, value in exported.items() if key != "game"}
    response = client.post("/api/games/import", json=missing)
    assert response.status_code == 400 and "game" in response.get_json()["error"]


def test_an_unknown_game_is_one_line_naming_it_and_the_known_games(client):
    expected = f"unknown game 'chess' (known games: {KNOWN})"
    for method, path, body in (
        ("post", "/api/games", {"game": "chess", "strong_points": 2}),
        ("get", "/api/adjudicate?game=chess", None),
        ("post", "/api/adjudicate/fire?game=chess", {}),
        ("get", "/api/search?q=sniper&game=chess", None),
        ("get", "/api/rules/en/11.4.1?game=chess", None),
        ("get", "/api/actions?game=chess", None),
    ):
        response = getattr(client, method)(path, json=body) if body is not None else getattr(client, method)(path)
        assert response.status_code == 404, (path, response.get_json())
        assert response.get_json()["error"] == expected, path
    player = Player.new(client)
    exported = client.get(f"/api/games/{player.id}/export").get_json() | {"game": "chess"}
    response = client.post("/api/games/import", json=exported)
    assert response.status_code == 404 and response.get_json()["error"] == expected
    for path in ("/search?q=sniper&game=chess", "/rule/en/11.4.1?game=chess", "/calculator/?game=chess",
                 "/games/new?game=chess"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert expected in unescape(response.get_data(as_text=True)), path


def test_the_routes_take_the_game_and_default_to_it(client):
    for path in ("/api/adjudicate", "/api/search?q=sniper", "/api/rules/en/11.4.1", "/api/actions"):
        named = client.get(path + ("&" if "?" in path else "?") + f"game={DEFAULT_GAME}")
        assert named.status_code == 200, path
        assert named.get_json() == client.get(path).get_json(), path
    answer = client.post(f"/api/adjudicate/ied?game={DEFAULT_GAME}", json={"cf": 5})
    assert answer.status_code == 200 and answer.get_json()["situation"] == "ied"


def test_new_game_offers_the_games_that_have_a_companion(client):
    page = unescape(client.get("/games/new").get_data(as_text=True))
    playable = [g for g in available_games() if registry.has_companion(g)]
    assert playable and DEFAULT_GAME in playable
    for game in playable:
        assert registry.declaration(game).title in page
    assert f'name="game" value="{DEFAULT_GAME}"' in page


SECOND_GAME = '''
import json, sys
from web.app import create_app
app = create_app({"TESTING": True, "DATABASE_URL": "sqlite:///" + sys.argv[1], "SITE_DIR": sys.argv[1] + ".site"})
client = app.test_client()
out = {}
r = client.post("/api/adjudicate/fire?game=test-game", json={})
out["adjudicate"] = [r.status_code, r.get_json()["error"]]
r = client.get("/api/adjudicate?game=test-game")
out["situations"] = [r.status_code, r.get_json()]
r = client.post("/api/games", json={"game": "test-game"})
out["setup"] = [r.status_code, r.get_json()["error"]]
r = client.get("/calculator/fire?game=test-game")
out["calculator"] = [r.status_code, r.get_data(as_text=True)]
r = client.get("/games/new")
out["new"] = [r.status_code, r.get_data(as_text=True)]
print(json.dumps(out))
'''


def test_a_game_without_situations_or_companion_is_still_a_game(tmp_path):
    """A declared game with neither an adjudicator package nor a companion: a situation of another
    game names the game that has it, a setup says it has no companion, New game does not offer it."""
    games = tmp_path / "games"
    shutil.copytree(ROOT / "rules_text" / "games", games)
    (games / "test-game").mkdir()
    (games / "test-game" / "game.yaml").write_text(
        "id: test-game\ntitle: Test Game\nlanguages: [en]\ndice: [d6]\npackage: test_game\n", encoding="utf-8")
    env = {"FALLUJAH_GAMES_DIR": str(games)}
    result = subprocess.run([sys.executable, "-c", SECOND_GAME, str(tmp_path / "db.sqlite3")], capture_output=True,
                            text=True, timeout=120, check=False, env={**os.environ, **env})
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["adjudicate"] == [404, f"situation 'fire' is a situation of {DEFAULT_GAME}, not of test-game"]
    assert out["situations"] == [200, {"situations": []}]
    assert out["setup"][0] == 404 and out["setup"][1].startswith("game 'test-game' has no companion yet")
    assert out["calculator"][0] == 404 and f"situation &#39;fire&#39; is a situation of {DEFAULT_GAME}" in out["calculator"][1]
    assert out["new"][0] == 200 and "Test Game" not in out["new"][1]
    listed = {g["id"]: g for g in json.loads(run_cli("games", "--json", env=env).stdout)["games"]}
    assert listed["test-game"] == {"id": "test-game", "title": "Test Game", "languages": ["en"], "dice": ["d6"],
                                   "situations": False, "companion": False}
    adjudicate = run_cli("adjudicate", "fire", "--game", "test-game", env=env, stdin="{}")
    assert adjudicate.returncode == 2
    assert f"situation 'fire' is a situation of {DEFAULT_GAME}, not of test-game" in adjudicate.stderr
