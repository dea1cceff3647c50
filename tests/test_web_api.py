"""The JSON API's contract (issue 7), on SQLite and, in CI, PostgreSQL."""

from __future__ import annotations

import pytest

from .test_web_fixtures import ORDER_OF_BATTLE, Player

pytest_plugins = ["tests.test_web_fixtures"]

PHASES = ["support", "reinforcements", "fire", "movement", "assault", "reorganisation"]


def test_create_game_returns_201_with_id_version_and_state(client):
    response = client.post("/api/games", json={"variant": "standard", "strong_points": 2})
    assert response.status_code == 201
    game = response.get_json()
    assert len(game["id"]) >= 20 and game["version"] == 1
    assert (game["turn"], game["phase"], game["vp"], game["victory_level"]) == (1, "support", 0, "minor")
    assert response.headers["Location"] == f"/api/games/{game['id']}"
    assert len(game["zones"]) == 61


def test_game_ids_are_unguessable_and_distinct(client):
    ids = {client.post("/api/games", json={"strong_points": 1}).get_json()["id"] for _ in range(5)}
    assert len(ids) == 5 and all(len(i) >= 20 for i in ids)


def test_get_game_returns_the_state(client):
    player = Player.new(client)
    state = client.get(f"/api/games/{player.id}").get_json()
    for key in ("turn", "phase", "vp", "victory_level", "version"):
        assert key in state
    assert state == player.state


def test_next_phase_walks_the_six_phases_then_the_next_turn(client):
    player = Player.new(client)
    seen = [player.state["phase"]]
    for _ in range(6):
        seen.append(player.act("next_phase")["phase"])
    assert seen == PHASES + ["support"]
    assert player.state["turn"] == 2 and player.state["version"] == 7


def test_vp_action_follows_the_scale(client):
    player = Player.new(client)
    player.act("vp", reason="guerillas_eliminated", count=3)
    assert player.state["vp"] == 3
    player.act("vp", reason="squad_reduced")
    assert player.state["vp"] == 1
    assert player.state["vp_ledger"][-1]["rule"] == "7.2.1"
    assert player.state["effects"] == [{"rule": "7.2.1", "text": "VP -2: squad reduced"}]


def test_manual_vp_needs_a_note(client):
    player = Player.new(client)
    error = player.refused("vp", expect=400, reason="manual", value=3)
    assert "note" in error["error"]
    player.act("vp", reason="manual", value=3, note="forgot a Guerillas unit last turn")
    assert player.state["vp"] == 3 and player.state["vp_ledger"][-1]["note"].startswith("forgot")


def test_stale_version_is_refused_with_409_and_a_clear_message(client):
    player = Player.new(client)
    version = player.state["version"]
    player.act("vp", reason="guerillas_eliminated")
    response = client.post(f"/api/games/{player.id}/actions",
                           json={"type": "vp", "reason": "guerillas_eliminated", "expected_version": version})
    assert response.status_code == 409
    body = response.get_json()
    assert "stale version" in body["error"] and body["version"] == version + 1
    assert client.get(f"/api/games/{player.id}").get_json()["vp"] == 1


def test_undo_and_redo_return_the_new_state_and_delete_nothing(client):
    player = Player.new(client)
    player.act("vp", reason="guerillas_eliminated")
    player.act("next_phase")
    assert player.undo()["phase"] == "support"
    assert player.undo()["vp"] == 0
    assert player.state["can_redo"] and not player.state["can_undo"]
    assert player.redo()["vp"] == 1
    assert player.redo()["phase"] == "reinforcements"
    log = client.get(f"/api/games/{player.id}/log").get_json()
    assert [e["kind"] for e in log["events"]] == ["setup", "action", "action", "undo", "undo", "redo", "redo"]
    assert not any(e["undone"] for e in log["events"])


def test_a_new_action_clears_the_redo_stack(client):
    player = Player.new(client)
    player.act("vp", reason="guerillas_eliminated")
    player.undo()
    player.act("note", text="changed my mind")
    assert not player.state["can_redo"]
    assert player.post("redo", {}).status_code == 422
    log = client.get(f"/api/games/{player.id}/log").get_json()
    assert log["events"][1]["undone"] is True


def test_undo_with_stale_version_is_409(client):
    player = Player.new(client)
    player.act("vp", reason="guerillas_eliminated")
    response = client.post(f"/api/games/{player.id}/undo", json={"expected_version": 1})
    assert response.status_code == 409


def test_an_app_roll_undone_and_rolled_again_shows_the_same_faces(client):
    """The app's dice are seeded per game (web.randomness): a roll can be undone, rolled again it
    shows the same faces; nothing before it can be undone (it showed the dice that follow)."""
    player = Player.new(client)
    player.act("vp", reason="guerillas_eliminated")
    player.act("roll", dice=1, purpose="fire")
    faces = player.state["app_rolls"][0]["faces"]
    assert len(faces) == 1 and 0 <= faces[0] <= 9
    assert player.state["can_undo"]
    assert player.undo()["app_rolls"] == [] and player.state["vp"] == 1
    error = player.post("undo", {}).get_json()
    assert "roll" in error["error"]
    player.act("note", text="between")
    assert player.act("roll", dice=1, purpose="fire")["app_rolls"][0]["faces"] == faces
    player.act("note", text="after the roll")
    assert player.undo()["app_rolls"][0]["faces"] == faces
    assert player.state["vp"] == 1


def test_roll_faces_sent_by_the_client_are_replaced(client):
    player = Player.new(client)
    rolled = set()
    for _ in range(30):
        rolled.add(player.act("roll", dice=1, faces=[9])["app_rolls"][-1]["faces"][0])
    assert rolled != {9}


def test_adjudication_records_the_adjudicators_answer_with_its_rules(client):
    player = Player.new(client)
    situation = {"shooter": {"cf": 5, "location": "R"},
                 "target": {"unit": "guerillas", "cf": 2, "location": "1", "zone": "normal"}, "roll": 3}
    state = player.act("adjudication", situation="fire", input=situation, rolls_by="player")
    assert state["effects"][0]["text"].startswith("fire: success")
    log = client.get(f"/api/games/{player.id}/log?after=1").get_json()["events"][0]
    assert log["payload"]["result"]["result"]["outcome"] == "success"
    assert "11.2.1" in log["payload"]["rules"]
    assert not state["can_undo"]


def test_adjudication_with_an_app_roll_uses_it_once(client):
    player = Player.new(client)
    player.act("roll", dice=1, purpose="fire")
    face = player.state["app_rolls"][0]["faces"][0]
    version = player.state["version"]
    situation = {"shooter": {"cf": 5, "location": "R"},
                 "target": {"unit": "guerillas", "cf": 2, "location": "1", "zone": "normal"}, "roll": face}
    player.act("adjudication", situation="fire", input=situation, rolls_by="app", app_roll=version)
    assert player.state["app_rolls"] == []
    error = player.refused("adjudication", situation="fire", input=situation, rolls_by="app", app_roll=version)
    assert "app_roll" in error["error"]


def test_adjudication_of_a_bad_situation_names_the_field(client):
    player = Player.new(client)
    error = player.refused("adjudication", expect=400, situation="fire",
                           input={"shooter": {"cf": 5, "location": "X"}}, rolls_by="player")
    assert "shooter.location" in error["error"]


def test_json_api_accepts_only_json_bodies(client):
    player = Player.new(client)
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        response = client.post(f"/api/games/{player.id}/actions", data="type=next_phase", content_type=content_type)
        assert response.status_code == 415
        assert "application/json" in response.get_json()["error"]
    assert client.post("/api/games", data="{}").status_code == 415


@pytest.mark.parametrize("body, field", [
    ('{"type": "next_phase"}', "expected_version"),
    ('{"type": "next_phase", "expected_version": "1"}', "expected_version"),
    ('{"type": "next_phase", "expected_version": true}', "expected_version"),
    ('{"type": "warp", "expected_version": 1}', "type"),
    ('{"type": "vp", "reason": "bribe", "expected_version": 1}', "reason"),
    ('{"type": "vp", "reason": "squad_reduced", "count": 0, "expected_version": 1}', "count"),
    ('{"type": "zone_activate", "zone": 62, "nature": "normal", "expected_version": 1}', "zone"),
    ('{"type": "next_phase", "expected_version": 1, "extra": 1}', "extra"),
    ('[1, 2]', "body"),
    ('{"type": "next_phase", "expected_version": NaN}', "JSON"),
    ('{"type": ', "JSON"),
    ('[' * 100000 + ']' * 100000, "JSON"),
])
def test_bad_actions_are_400_naming_the_field(client, body, field):
    player = Player.new(client)
    response = client.post(f"/api/games/{player.id}/actions", data=body, content_type="application/json")
    assert response.status_code == 400, response.get_json()
    assert field in response.get_json()["error"]


def test_refusals_name_value_allowed_and_rule(client):
    player = Player.new(client)
    body = player.refused("unit_status", unit="squad-99", status="pinned")
    assert body["problems"][0]["field"] == "unit" and body["problems"][0]["value"] == "squad-99"
    body = player.refused("zone_activate", zone=26, nature="normal")
    assert body["problems"][0] == {"field": "nature", "value": "normal",
                                   "allowed": "'fortified': Zone 26 is Fortified by default", "rule": "4.1.5"}


def test_unknown_game_is_404_json(client):
    for path in ("/api/games/nope", "/api/games/<script>", "/api/games/x/log", "/api/games/x/export"):
        response = client.get(path)
        assert response.status_code == 404 and "error" in response.get_json()
    response = client.post("/api/games/nope/actions", json={"type": "next_phase", "expected_version": 1})
    assert response.status_code == 404


def test_unknown_route_and_method_are_json(client):
    assert client.get("/api/nothing").get_json()["error"]
    response = client.delete("/api/games")
    assert response.status_code == 405 and "error" in response.get_json()


def test_security_headers_on_every_response(client):
    for response in (client.get("/"), client.get("/api/games"), client.get("/api/nothing")):
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["X-Frame-Options"] == "DENY"
        assert "Access-Control-Allow-Origin" not in response.headers


def test_no_cors_preflight_is_answered(client):
    response = client.options("/api/games", headers={
        "Origin": "https://evil.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})
    assert "Access-Control-Allow-Origin" not in response.headers


def test_a_foreign_origin_cannot_write(client):
    response = client.post("/api/games", json={"strong_points": 1}, headers={"Origin": "https://evil.example"})
    assert response.status_code == 403
    response = client.post("/api/games", json={"strong_points": 1}, headers={"Origin": "http://localhost"})
    assert response.status_code == 201


def test_no_html_route_takes_a_write_so_no_form_needs_a_token(app):
    """Every write is a JSON API call (no CSRF without a preflight); the pages only read. The
    calculator's live answer is a POST of the situation as JSON that writes nothing (the answer
    rendered as the recorded one is, web/calculator.py): it is the one exception."""
    writing = sorted(
        (rule.rule, sorted(rule.methods - {"GET", "HEAD", "OPTIONS"}))
        for rule in app.url_map.iter_rules()
        if rule.methods - {"GET", "HEAD", "OPTIONS"} and not rule.rule.startswith("/api/")
    )
    assert writing == [("/calculator/<situation>/answer", ["POST"])]
    games_before = app.test_client().get("/api/games").get_json()
    response = app.test_client().post("/calculator/fire/answer", data={"x": "1"})
    assert response.status_code == 415  # a form's body is not the JSON it reads
    assert app.test_client().get("/api/games").get_json() == games_before
    response = app.test_client().post("/games/new", data={"x": "1"})
    assert response.status_code == 405


def test_notes_and_names_are_escaped_in_html(client):
    Player.new(client, name="<script>alert(1)</script>")
    page = client.get("/").data
    assert b"<script>alert" not in page and b"&lt;script&gt;" in page


def test_export_then_import_gives_the_same_state_under_a_new_id(client):
    player = Player.new(client, **ORDER_OF_BATTLE)
    player.act("vp", reason="guerillas_eliminated", count=2)
    player.act("next_phase")
    player.undo()
    player.act("roll", dice=2)
    exported = client.get(f"/api/games/{player.id}/export").get_json()
    assert exported["format"] == "fallujah-game" and len(exported["events"]) == player.state["version"]
    response = client.post("/api/games/import", json=exported)
    assert response.status_code == 201
    imported = response.get_json()
    assert imported["id"] != player.id
    def strip(state: dict) -> dict:
        return {k: v for k, v in state.items() if k not in ("id", "effects", "table")}

    assert strip(imported) == strip(player.state)


def test_import_refuses_a_tampered_log_naming_the_event(client):
    player = Player.new(client)
    player.act("vp", reason="guerillas_eliminated")
    exported = client.get(f"/api/games/{player.id}/export").get_json()
    exported["events"][1]["payload"]["reason"] = "bribe"
    response = client.post("/api/games/import", json=exported)
    assert response.status_code == 400 and "events.1" in response.get_json()["error"]
    exported["events"].append({"version": 3, "kind": "redo", "payload": {"redone": 2}})
    exported["events"][1]["payload"]["reason"] = "guerillas_eliminated"
    response = client.post("/api/games/import", json=exported)
    assert response.status_code == 400 and "events.2" in response.get_json()["error"]


def test_log_pages_with_after_and_limit(client):
    player = Player.new(client)
    for _ in range(5):
        player.act("vp", reason="guerillas_eliminated")
    log = client.get(f"/api/games/{player.id}/log?after=2&limit=2").get_json()
    assert [e["version"] for e in log["events"]] == [3, 4]
    assert client.get(f"/api/games/{player.id}/log?limit=0").status_code == 400
    assert client.get(f"/api/games/{player.id}/log?after=x").status_code == 400


def test_games_are_listed(client):
    player = Player.new(client, name="first")
    games = client.get("/api/games").get_json()["games"]
    assert [g["id"] for g in games] == [player.id] and games[0]["name"] == "first"
    assert player.id in client.get("/").get_data(as_text=True)


def test_search_calls_the_search_api(client):
    hits = client.get("/api/search?q=pinned&lang=en&limit=3").get_json()["hits"]
    assert hits and len(hits) <= 3
    assert client.get("/api/search?q=").status_code == 400
    assert client.get("/api/search?q=x&lang=de").status_code == 400
    assert client.get("/api/search?q=x&limit=1000").status_code == 400


def test_rules_route_returns_a_section_or_404_with_suggestions(client):
    section = client.get("/api/rules/en/14.3.4").get_json()
    assert section["id"] == "14.3.4" and "Pinned" in section["text"]
    assert client.get("/api/rules/fr/14.3.4").get_json()["lang"] == "fr"
    missing = client.get("/api/rules/en/14.3.9")
    assert missing.status_code == 404 and "14.3" in missing.get_json()["suggestions"]
    assert client.get("/api/rules/de/14.3.4").status_code == 404


def test_adjudicate_route(client):
    situations = client.get("/api/adjudicate").get_json()["situations"]
    assert "fire" in [s["situation"] for s in situations]
    answer = client.post("/api/adjudicate/ied", json={"cf": 5}).get_json()
    assert answer["probabilities"]
    assert client.post("/api/adjudicate/nothing", json={}).status_code == 404
    assert client.post("/api/adjudicate/ied", json={"cf": "five"}).status_code == 400
    assert client.post("/api/adjudicate/ied", data="cf=5").status_code == 415


def test_action_schema_lists_the_types(client):
    schema = client.get("/api/actions").get_json()
    assert "next_phase" in schema["types"] and "manual" in schema["vp_reasons"]


def test_rules_site_is_404_until_built(app, tmp_path):
    client = app.test_client()
    assert client.get("/rules/").status_code == 404
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>rules</p>")
    assert client.get("/rules/").data == b"<p>rules</p>"
    assert client.get("/rules/../../etc/passwd").status_code == 404
