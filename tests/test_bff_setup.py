"""Battle for Fallujah's set-up in minutes (issue 24, item 6; rules 9.1-9.6): the map and counter
facts the rulebook does not print (the 32 hexes, the counters' dice and Availability) are kept
once as the player's copy (web/copies.py), offered to every new game, exported and imported; the
game then starts from the rulebook's own set-up, its steps shown in its words with the keyed
Coalition units by base (9.1)."""

from __future__ import annotations

from typing import Any

from web.games.battle_for_fallujah import sample

pytest_plugins = ["tests.test_web_fixtures"]

BFF = "battle-for-fallujah"


def save(client: Any, data: Any = None, status: int = 201) -> dict[str, Any]:
    answer = client.post("/api/copies", json={"game": BFF, "name": "my copy", "data": data or sample.MAP})
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def test_every_new_game_takes_my_copy_and_starts_from_the_rulebook_s_set_up(client):
    copy = save(client)
    assert copy["counts"] == {"hexes": len(sample.MAP["hexes"]), "counters": len(sample.MAP["coalition"]),
                              "insurgents": len(sample.MAP["insurgents"])}
    for _ in range(2):  # offered to every later game, not used up
        game = client.post("/api/games", json={"game": BFF, "copy": copy["id"]})
        assert game.status_code == 201, game.get_json()
        state = game.get_json()
        assert [(h["number"], h["terrain"], h["adjacent"]) for h in state["map"]["hexes"]] == [
            (h["number"], h["terrain"], h["adjacent"]) for h in sample.MAP["hexes"]]
        # 9.1, 9.1.1: every keyed Coalition unit at its base, in Good Order
        assert [u["id"] for u in state["units"]] == [c["id"] for c in sample.MAP["coalition"]]
        assert all(u["hex"] is None and u["status"] == "good_order" for u in state["units"]), state["units"]
    page = client.get(f"/games/{state['id']}").get_data(as_text=True)
    assert 'id="setting-up"' in page
    for rule in ("9.1", "9.1.1", "9.1.2", "9.2", "9.3", "9.4", "9.4.1", "9.4.1.1", "9.4.1.2", "9.5", "9.6"):
        assert f'/rule/en/{rule}?' in page, rule
    assert "Place the Turn Marker on Turn One of the Turn Track." in page
    assert "A/1/5" in page  # the units to place at their bases (9.1)
    new = client.get(f"/games/new?game={BFF}").get_data(as_text=True)
    assert f'<option value="{copy["id"]}" selected>my copy (' in new


def test_a_game_keeps_what_was_keyed_as_my_copy_and_it_travels_as_a_file(client):
    game = client.post("/api/games", json={"game": BFF}).get_json()
    answer = client.post(f"/api/games/{game['id']}/actions",
                         json={"type": "key_map", "map": sample.MAP, "expected_version": 1})
    assert answer.status_code == 200, answer.get_json()
    made = client.post("/api/copies", json={"game": BFF, "name": "box", "from_game": game["id"]})
    assert made.status_code == 201, made.get_json()
    exported = client.get(f"/api/copies/{made.get_json()['id']}/export").get_json()
    imported = client.post("/api/copies/import", json=exported)
    assert imported.status_code == 201 and imported.get_json()["data"] == made.get_json()["data"]
    started = client.post("/api/games", json={"game": BFF, "copy": imported.get_json()["id"]}).get_json()
    assert started["map"] == answer.get_json()["map"]


def test_the_set_up_steps_go_once_the_game_has_begun(client):
    copy = save(client)
    game = client.post("/api/games", json={"game": BFF, "copy": copy["id"]}).get_json()
    rolled = client.post(f"/api/games/{game['id']}/actions", json={
        "type": "adjudication", "situation": "intelligence", "input": {"roll": 4}, "rolls_by": "player",
        "expected_version": 1})
    assert rolled.status_code == 200, rolled.get_json()
    assert 'id="setting-up"' not in client.get(f"/games/{game['id']}").get_data(as_text=True)


def test_a_bad_copy_is_refused_naming_the_field(client):
    for data, field in (({"hexes": [{"number": 40}]}, "data.hexes.0.number"),
                        ({"hexes": [{"number": 1}, {"number": 1}]}, "data.hexes"),
                        ({"hexes": [{"number": 1, "mayor": True}, {"number": 2, "mayor": True}]}, "data.hexes.mayor")):
        answer = client.post("/api/copies", json={"game": BFF, "name": "bad", "data": data})
        assert answer.status_code == 400, answer.get_json()
        assert field in {p["field"] for p in answer.get_json()["problems"]}, answer.get_json()
