"""The player's copy of a game (issue 24, item 6; web/copies.py): the map and counter facts the
rulebook does not print, keyed once, kept as a named record in the database, offered to every
later game, exported and imported as JSON; a bad file refused naming field, value and what is
allowed. SQLite, and PostgreSQL when TEST_DATABASE_URL is set."""

from __future__ import annotations

from typing import Any

pytest_plugins = ["tests.test_web_fixtures"]

SF = "second-fallujah"
#: a copy keyed by a player (the rulebook prints no TEM: these are a test's own values)
TEMS = {str(a): {"tem": 1} for a in range(1, 52)} | {"5": {"tem": 4}, "12": {"tem": 2}, "30": {"tem": 3}}
MAP = {"format": "second-fallujah-map", "areas": TEMS, "counters": {"fedayeen": {"cf": 3, "cf_spent": 1}}}


def save(client: Any, name: str = "my copy", data: dict[str, Any] | None = None, status: int = 201) -> dict[str, Any]:
    answer = client.post("/api/copies", json={"game": SF, "name": name, "data": data or MAP})
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def test_a_copy_is_kept_listed_and_every_new_game_takes_it(client):
    copy = save(client)
    assert copy["name"] == "my copy" and copy["game"] == SF
    assert copy["counts"] == {"tem": 51, "adjacent": 0, "counters": 1}
    listed = client.get(f"/api/copies?game={SF}").get_json()
    assert listed["keeps_copy"] is True and [c["id"] for c in listed["copies"]] == [copy["id"]]
    for _ in range(2):  # offered to every later game, not used up
        game = client.post("/api/games", json={"game": SF, "copy": copy["id"]})
        assert game.status_code == 201, game.get_json()
        state = game.get_json()
        # the TEMs came from the record: the bot's set-up (13) asks only for its two dice
        assert [n["field"] for n in state["bot"]["needs"]] == ["dice.rolls.12", "dice.rolls.30"]
        assert state["counters"]["fedayeen"]["cf"] == 3
    page = client.get(f"/games/new?game={SF}").get_data(as_text=True)
    assert 'name="copy"' in page and f'<option value="{copy["id"]}" selected>my copy (51 areas' in page


def test_a_game_keeps_what_was_keyed_in_play_as_my_copy_and_updates_it(client):
    game = client.post("/api/games", json={"game": SF}).get_json()
    store = client.application.extensions["fallujah.store"]
    answer = client.post(f"/api/games/{game['id']}/actions",
                         json={"type": "key_area", "area": 19, "tem": 3, "adjacent": [18, 20], "expected_version": 1})
    assert answer.status_code == 200, answer.get_json()
    made = client.post("/api/copies", json={"game": SF, "name": "box 2", "from_game": game["id"], "expected_version": 2})
    assert made.status_code == 201, made.get_json()
    copy = made.get_json()
    assert copy["data"]["areas"] == {"19": {"tem": 3, "adjacent": [18, 20]}}
    client.post(f"/api/games/{game['id']}/actions", json={"type": "key_area", "area": 5, "tem": 4, "expected_version": 2})
    updated = client.post(f"/api/copies/{copy['id']}", json={"from_game": game["id"]}).get_json()
    assert updated["data"]["areas"]["5"] == {"tem": 4} and updated["counts"]["tem"] == 2
    assert store.state(game["id"]).version == 3  # a record is no game's event
    # a name is one record per game
    again = client.post("/api/copies", json={"game": SF, "name": "box 2", "data": MAP})
    assert again.status_code == 400 and again.get_json()["problems"][0]["field"] == "name"
    renamed = client.put(f"/api/copies/{copy['id']}", json={"name": "box 3"})
    assert renamed.status_code == 200 and renamed.get_json()["name"] == "box 3"


def test_export_then_import_gives_the_same_record(client):
    copy = save(client)
    exported = client.get(f"/api/copies/{copy['id']}/export")
    assert exported.status_code == 200 and "attachment" in exported.headers["Content-Disposition"]
    file = exported.get_json()
    assert file["format"] == "fallujah-copy" and file["game"] == SF and file["data"] == copy["data"]
    imported = client.post("/api/copies/import", json=file)
    assert imported.status_code == 201, imported.get_json()
    twin = imported.get_json()
    assert twin["id"] != copy["id"] and twin["name"] == "my copy (2)" and twin["data"] == copy["data"]
    again = client.get(f"/api/copies/{twin['id']}/export").get_json()
    assert {k: v for k, v in again.items() if k != "name"} == {k: v for k, v in file.items() if k != "name"}


def test_a_bad_file_is_refused_naming_field_value_and_what_is_allowed(client):
    good = {"format": "fallujah-copy", "format_version": 1, "game": SF, "name": "mine", "data": MAP}

    def refused(body: Any, field: str, *words: str) -> None:
        answer = client.post("/api/copies/import", json=body)
        assert answer.status_code == 400, answer.get_json()
        problems = {p["field"]: p for p in answer.get_json()["problems"]}
        assert field in problems, problems
        assert all(w in answer.get_json()["error"] for w in words), answer.get_json()["error"]

    refused(good | {"data": MAP | {"areas": {"7": {"tem": 9}}}}, "data.areas.7.tem", "9", "4")
    refused(good | {"data": MAP | {"areas": {"99": {"tem": 2}}}}, "data.areas.99", "99", "an area id from 1 to 51")
    refused(good | {"data": MAP | {"counters": {"tank": {"cf": 2}}}}, "data.counters.tank", "tank", "Order of Battle")
    refused(good | {"format": "second-fallujah-map"}, "format", "fallujah-copy")
    refused(good | {"game": "fallujah-cards"}, "game", "fallujah-cards", SF)  # a game that keeps no copy
    refused(good | {"name": ""}, "name", "1 to 80")
    refused(good | {"colour": "red"}, "colour", "one of the fields")
    refused([1, 2], "body", "a JSON object")
    assert client.get(f"/api/copies?game={SF}").get_json()["copies"] == []  # nothing kept


def test_a_new_game_naming_a_copy_it_cannot_use_is_refused(client):
    copy = save(client)
    for bad, words in ((999, f"saved copy of {SF}: {copy['id']}"), ("1", "whole number"), (True, "whole number")):
        answer = client.post("/api/games", json={"game": SF, "copy": bad})
        assert answer.status_code == 400, answer.get_json()
        assert answer.get_json()["problems"][0]["field"] == "copy" and words in answer.get_json()["error"]
    other = client.post("/api/games", json={"game": "fallujah-cards", "copy": copy["id"]})
    assert other.status_code == 400 and other.get_json()["problems"][0]["field"] == "game"
    mismatched = client.post("/api/games", json={"game": "phantom-fury", "strong_points": 2, "copy": copy["id"]})
    assert mismatched.status_code == 400 and mismatched.get_json()["problems"][0]["field"] == "copy"
    assert "saved copy of phantom-fury: none" in mismatched.get_json()["error"]
    assert client.get("/api/copies/999").status_code == 404
